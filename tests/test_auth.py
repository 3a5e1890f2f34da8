"""Sign-in flows of the own user pool: passwords, challenges, TOTP, refresh rotation, sign-out, /me."""

from __future__ import annotations

import time
from datetime import timedelta

import httpx
import pyotp
import pytest
from sqlalchemy import update
from starlette.applications import Starlette

from app.auth.identity import digest
from schemas.base import utcnow
from schemas.options import Role
from schemas.users import AuthChallenge
from tests.support import PASSWORD, Account, create_account, sign_in

pytestmark = pytest.mark.db


async def test_sign_in_answers_tokens_with_lifetimes(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.MANAGER)
    response = await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "accessToken", "idToken", "refreshToken", "tokenType", "issuedAt", "expiresIn", "refreshExpiresIn"
    }  # fmt: skip
    assert body["expiresIn"] == 3600
    assert body["refreshExpiresIn"] == 30 * 24 * 3600
    me = await client.get("/me", headers={"Authorization": f"Bearer {body['accessToken']}"})
    assert me.status_code == 200
    assert me.json()["role"] == "manager" and me.json()["roles"] == ["manager"]


async def test_sign_in_with_email_and_any_case(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    response = await client.post(
        "/auth/sign-in", json={"username": f"{account.username.upper()}@EXAMPLE.TEST", "password": PASSWORD}
    )
    assert response.status_code == 200


async def test_wrong_password_and_unknown_user_get_the_same_answer(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    wrong = await client.post("/auth/sign-in", json={"username": account.username, "password": "not-it-at-all"})
    unknown = await client.post("/auth/sign-in", json={"username": "nobody-here-xyz", "password": "not-it-at-all"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"message": "Incorrect username or password."}


@pytest.mark.usefixtures("production_password_hashing")
async def test_unknown_user_takes_about_as_long_as_a_wrong_password(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)

    async def timed(username: str) -> float:
        start = time.perf_counter()
        await client.post("/auth/sign-in", json={"username": username, "password": "wrong-password-1"})
        return time.perf_counter() - start

    known = min([await timed(account.username) for _ in range(3)])
    unknown = min([await timed(f"ghost-{n}-{account.username}") for n in range(3)])
    # Both pay for one argon2 verification; without the dummy hash the unknown user would be ~100x faster.
    assert unknown > known * 0.5


async def test_sign_in_validation_errors(client: httpx.AsyncClient) -> None:
    empty = await client.post("/auth/sign-in", json={"username": "", "password": ""})
    assert empty.status_code == 422
    assert set(empty.json()["errors"]) == {"username", "password"}
    not_json = await client.post("/auth/sign-in", content=b"{nope", headers={"content-type": "application/json"})
    assert not_json.status_code == 422
    assert not_json.json()["message"] == "The body is not valid JSON."


async def test_disabled_user_is_refused(app: Starlette, client: httpx.AsyncClient) -> None:
    from app.services import users

    account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    async with app.state.portal.db.session() as session:
        user = await users.find_user(session, account.username)
        await users.set_disabled(session=session, user=user, disabled=True)
    refused = await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    assert refused.status_code == 403
    assert "disabled" in refused.json()["message"]
    # Sessions that were open end at once.
    assert (await client.get("/me", headers=account.headers)).status_code == 401


async def _challenge(client: httpx.AsyncClient, account: Account) -> dict[str, str]:
    response = await client.post("/auth/sign-in", json={"username": account.username, "password": account.password})
    assert response.status_code == 200
    body: dict[str, str] = response.json()
    return body


async def test_new_password_challenge(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.TECHNICIAN, confirmed=False)
    challenge = await _challenge(client, account)
    assert challenge["challenge"] == "NEW_PASSWORD_REQUIRED"
    assert "accessToken" not in challenge
    session = challenge["session"]

    short = await client.post("/auth/challenge", json={"session": session, "newPassword": "abc1234"})
    assert short.status_code == 422
    assert short.json()["message"] == "Password must be at least 8 characters."
    common = await client.post("/auth/challenge", json={"session": session, "newPassword": "password123"})
    assert common.status_code == 422
    assert "too common" in common.json()["message"]
    same = await client.post("/auth/challenge", json={"session": session, "newPassword": account.password})
    assert same.status_code == 422
    # Long enough and not on the common list, but the strength estimator scores it weak: refused, with why.
    weak = await client.post("/auth/challenge", json={"session": session, "newPassword": "abcdefgh"})
    assert weak.status_code == 422
    assert weak.json()["message"].startswith("This password is too weak")
    assert "Sequences" in weak.json()["errors"]["newPassword"]

    long_password = "a-very-long-passphrase " * 3  # 69 characters: long passwords are welcome
    done = await client.post("/auth/challenge", json={"session": session, "newPassword": long_password})
    assert done.status_code == 200, done.text
    assert "accessToken" in done.json()

    # The challenge session works once.
    replay = await client.post("/auth/challenge", json={"session": session, "newPassword": "another-fine-pass-9"})
    assert replay.status_code == 401
    # The new password is the one that signs in now.
    again = await client.post("/auth/sign-in", json={"username": account.username, "password": long_password})
    assert "accessToken" in again.json()


async def test_challenge_session_expires(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.TECHNICIAN, confirmed=False)
    challenge = await _challenge(client, account)
    async with app.state.portal.db.session() as session:
        await session.exec(
            update(AuthChallenge)
            .where(AuthChallenge.id == digest(challenge["session"]))  # type: ignore[arg-type]
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
        await session.commit()
    late = await client.post(
        "/auth/challenge", json={"session": challenge["session"], "newPassword": "late-but-long-9"}
    )
    assert late.status_code == 401
    assert late.json()["message"] == "Your sign-in session has expired. Sign in again."


async def test_challenge_ttl_is_three_minutes(settings: object) -> None:
    assert settings.challenge_ttl == 180


async def test_totp_enrolment_and_sign_in(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.MANAGER))
    setup = await client.post("/auth/totp/setup", headers=account.headers, json={"password": PASSWORD})
    assert setup.status_code == 200
    secret = setup.json()["secret"]
    assert setup.json()["uri"].startswith("otpauth://totp/")
    totp = pyotp.TOTP(secret)

    wrong = await client.post(
        "/auth/totp/verify", headers=account.headers, json={"code": "000000", "password": PASSWORD}
    )
    assert wrong.status_code == 422
    step = int(time.time()) // 30
    enabled = await client.post(
        "/auth/totp/verify", headers=account.headers, json={"code": totp.at(step * 30), "password": PASSWORD}
    )
    assert enabled.status_code == 200
    assert (await client.get("/me", headers=account.headers)).json()["mfaEnabled"] is True

    challenge = await _challenge(client, account)
    assert challenge["challenge"] == "SOFTWARE_TOKEN_MFA"
    bad = await client.post("/auth/challenge", json={"session": challenge["session"], "code": "123456"})
    assert bad.status_code == 401
    # The code used to enable TOTP was spent; the next step's code (one step of drift) works.
    spent = await client.post("/auth/challenge", json={"session": challenge["session"], "code": totp.at(step * 30)})
    assert spent.status_code == 401
    fresh = await client.post(
        "/auth/challenge", json={"session": challenge["session"], "code": totp.at((step + 1) * 30)}
    )
    assert fresh.status_code == 200, fresh.text
    assert "accessToken" in fresh.json()

    # A code works once: the same code cannot open a second sign-in.
    second = await _challenge(client, account)
    reused = await client.post("/auth/challenge", json={"session": second["session"], "code": totp.at((step + 1) * 30)})
    assert reused.status_code == 401


async def test_totp_code_outside_one_step_of_drift_is_refused(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.MANAGER))
    setup = await client.post("/auth/totp/setup", headers=account.headers, json={"password": PASSWORD})
    secret = setup.json()["secret"]
    step = int(time.time()) // 30
    far = pyotp.TOTP(secret).at((step + 3) * 30)
    body = {"code": far, "password": PASSWORD}
    assert (await client.post("/auth/totp/verify", headers=account.headers, json=body)).status_code == 422


async def test_refresh_rotates_and_reuse_revokes_the_family(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.CONTRACTOR))
    first = account.tokens["refreshToken"]
    rotated = await client.post("/auth/refresh", json={"refreshToken": first})
    assert rotated.status_code == 200
    second = rotated.json()["refreshToken"]
    assert second != first
    new_access = {"Authorization": f"Bearer {rotated.json()['accessToken']}"}
    assert (await client.get("/me", headers=new_access)).status_code == 200

    reuse = await client.post("/auth/refresh", json={"refreshToken": first})
    assert reuse.status_code == 401
    # The whole family is gone: the newest refresh token and its access token stop working.
    assert (await client.post("/auth/refresh", json={"refreshToken": second})).status_code == 401
    assert (await client.get("/me", headers=new_access)).status_code == 401


async def test_sign_out_revokes_access_at_once(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    assert (await client.get("/me", headers=account.headers)).status_code == 200
    out = await client.post("/auth/sign-out", headers=account.headers)
    assert out.status_code == 200
    assert (await client.get("/me", headers=account.headers)).status_code == 401
    assert (
        await client.post("/auth/refresh", json={"refreshToken": account.tokens["refreshToken"]})
    ).status_code == 401


async def test_me_requires_a_token(client: httpx.AsyncClient) -> None:
    response = await client.get("/me")
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert (await client.get("/me", headers={"Authorization": "Basic abc"})).status_code == 401


async def test_patch_me_saves_shortcuts_and_settings(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    account = staff["contractor"]
    body = {"shortcuts": ["assets", "leads", "assets"], "settings": {"layout": {"style": "layout2"}, "theme": "dark"}}
    saved = await client.patch("/me", headers=account.headers, json=body)
    assert saved.status_code == 200
    assert saved.json()["shortcuts"] == ["assets", "leads"]
    me = (await client.get("/me", headers=account.headers)).json()
    assert me["settings"]["layout"]["style"] == "layout2"
    assert set(me) >= {"displayName", "email", "photoURL", "role", "roles", "shortcuts", "settings"}

    bad = await client.patch("/me", headers=account.headers, json={"shortcuts": "assets"})
    assert bad.status_code == 422
    unknown = await client.patch("/me", headers=account.headers, json={"role": "admin"})
    assert unknown.status_code == 422
    assert unknown.json()["errors"] == {"role": "Unknown field."}
    assert (await client.get("/me", headers=account.headers)).json()["role"] == "contractor"


async def test_roles_come_from_groups_with_the_prefix_removed(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    for key, role in [("admin", "admin"), ("manager", "manager"), ("technician", "technician")]:
        me = (await client.get("/me", headers=staff[key].headers)).json()
        assert me["role"] == role
    norole = (await client.get("/me", headers=staff["norole"].headers)).json()
    assert norole["role"] is None and norole["roles"] == []


async def test_jwks_publishes_the_public_key_only(client: httpx.AsyncClient) -> None:
    keys = (await client.get("/.well-known/jwks.json")).json()["keys"]
    assert len(keys) == 1
    assert keys[0]["kty"] == "RSA" and keys[0]["alg"] == "RS256" and keys[0]["kid"]
    assert "d" not in keys[0] and "p" not in keys[0]


async def test_password_check_gives_the_policys_verdict_and_reason(client: httpx.AsyncClient) -> None:
    """The strength meter's call: the same policy as every place a password is chosen, no account needed."""
    weak = await client.post("/auth/password-check", json={"password": "abcdefgh"})
    assert weak.status_code == 200, weak.text
    assert weak.json()["ok"] is False and weak.json()["score"] <= 1
    assert "Sequences" in weak.json()["reason"]
    short = (await client.post("/auth/password-check", json={"password": "abc"})).json()
    assert short == {"ok": False, "score": 0, "reason": "Use at least 8 characters."}
    named = (
        await client.post("/auth/password-check", json={"password": "jdoe-harbour-lantern", "username": "jdoe"})
    ).json()
    assert named["ok"] is False and "username" in named["reason"]
    common = (await client.post("/auth/password-check", json={"password": "iloveyou1"})).json()
    assert common["ok"] is False
    strong = (await client.post("/auth/password-check", json={"password": "harbour lantern 42 quietly"})).json()
    assert strong == {"ok": True, "score": strong["score"], "reason": ""} and strong["score"] >= 3
    # 64+ characters are welcome (ASVS 5.0); past the setting's maximum is refused with the limit.
    assert (await client.post("/auth/password-check", json={"password": "a long passphrase x9 " * 4})).json()["ok"]
    too_long = (await client.post("/auth/password-check", json={"password": "x9#kLm2!qz" * 30})).json()
    assert too_long["ok"] is False and "at most" in too_long["reason"]
