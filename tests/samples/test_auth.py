"""The template's mock auth: sign-in, token check, registration, user update.

Covers the spec's messages and statuses (sections 5, 7 and 8), the 2-day mock token and that the
product API refuses it, the shared sign-in lockout, registration being off unless switched on, and
(issue 15) that mock registrations live in a pool of their own that never reaches the portal, that
the answers never tell portal names apart from unknown ones, and that mock tokens end with the
user's portal sessions and never renew themselves past their two days.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time
from typing import Any

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey
from sqlmodel import func, select
from starlette.applications import Starlette

from app.auth.throttle import LOCKED_MESSAGE
from app.samples.auth import user_uuid
from app.services import users
from schemas.base import utcnow
from schemas.options import Role
from schemas.users import SampleUser, User
from tests.support import PASSWORD, Account, create_account, stored_user, unique
from tests.support import sign_in as portal_sign_in

pytestmark = pytest.mark.db

SIGN_IN = "/api/auth"
CHECK = "/api/auth/access-token"
REGISTER = "/api/auth/register"
UPDATE = "/api/auth/user/update"
TWO_DAYS = 2 * 24 * 3600


def claims_of(token: str) -> dict[str, Any]:
    payload = token.split(".")[1]
    decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return decoded


def email_of(account: Account) -> str:
    return f"{account.username}@example.test"


async def sign_in(client: httpx.AsyncClient, email: str, password: str = PASSWORD) -> dict[str, Any]:
    response = await client.get(SIGN_IN, params={"email": email, "password": password})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def user_row(app: Starlette, user_id: int) -> User:
    async with app.state.portal.db.session() as session:
        user = await session.get(User, user_id)
        assert user is not None
        return user


async def user_count(app: Starlette) -> int:
    async with app.state.portal.db.session() as session:
        return int((await session.exec(select(func.count()).select_from(User))).one())


async def sample_count(app: Starlette) -> int:
    async with app.state.portal.db.session() as session:
        return int((await session.exec(select(func.count()).select_from(SampleUser))).one())


@pytest.fixture
def registration_on(app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """Registration is off by default: the tests that register switch it on."""
    monkeypatch.setattr(app.state.portal.settings, "registration_enabled", True)


def forge(app: Starlette, claims: dict[str, Any], key: RSAKey | None = None) -> str:
    signing: RSAKey = key or app.state.portal.tokens._key
    return jwt.encode({"alg": "RS256", "kid": str(signing.kid)}, claims, signing, algorithms=["RS256"])


# --- sign-in ---------------------------------------------------------------------------------------


async def test_sign_in_answers_the_mock_user_and_a_two_day_token(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    answer = await sign_in(client, email_of(staff["admin"]))
    assert set(answer) == {"user", "access_token"}
    user = answer["user"]
    assert set(user) == {"uuid", "from", "role", "data"}  # the password is never answered
    assert user["from"] == "custom-db" and user["role"] == "admin"
    assert set(user["data"]) == {"displayName", "photoURL", "email", "settings", "shortcuts"}
    assert user["data"]["email"] == email_of(staff["admin"])
    assert user["data"]["displayName"] == staff["admin"].username.title()
    claims = claims_of(answer["access_token"])
    settings = app.state.portal.settings
    assert claims["token_use"] == "mock"
    assert claims["exp"] - claims["iat"] == TWO_DAYS
    assert (claims["iss"], claims["aud"], claims["sub"]) == (
        settings.jwt_issuer,
        settings.jwt_audience,
        str(staff["admin"].user_id),
    )
    assert "password" not in json.dumps(answer).lower()


@pytest.mark.parametrize(("role", "mock_role"), [("admin", "admin"), ("manager", "staff"), ("contractor", "staff")])
async def test_portal_admins_are_admin_everyone_else_staff(
    role: str, mock_role: str, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    assert (await sign_in(client, email_of(staff[role])))["user"]["role"] == mock_role


async def test_values_from_the_body_the_query_or_a_post(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    body = {"email": email_of(staff["manager"]), "password": PASSWORD}
    for response in [
        await client.request("GET", SIGN_IN, json=body),  # the spec's GET with a body
        await client.get(SIGN_IN, params=body),
        await client.post(SIGN_IN, json=body),
        await client.get(SIGN_IN, params={"email": staff["manager"].username, "password": PASSWORD}),  # username
    ]:
        assert response.status_code == 200 and "access_token" in response.json(), response.text


async def test_unknown_email_and_wrong_password_messages(
    client: httpx.AsyncClient, staff: dict[str, Account], registration_on: None
) -> None:
    unknown = await sign_in(client, "nobody-here@example.test", "whatever-password")
    assert unknown == {"error": {"email": "Check your username/email", "password": "Check your password"}}
    # The spec's "Check your password" with no email message, for the sample pool's own users.
    body = registration()
    assert (await client.post(REGISTER, json=body)).status_code == 200
    wrong = await sign_in(client, body["email"], "wrong-password")
    assert wrong == {"error": {"email": None, "password": "Check your password"}}


async def test_a_portal_name_is_answered_like_an_unknown_one(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    """Issue 15: ``"email": null`` told a real portal username from an unknown one."""
    unknown = await sign_in(client, unique("nobody-"), "wrong-password")
    for login in [staff["technician"].username, email_of(staff["technician"])]:
        assert await sign_in(client, login, "wrong-password") == unknown


async def test_malformed_sign_in_is_422(client: httpx.AsyncClient) -> None:
    assert (await client.get(SIGN_IN)).status_code == 422
    assert (await client.get(SIGN_IN, params={"email": "someone@example.test"})).status_code == 422
    assert (await client.post(SIGN_IN, json={"email": 5, "password": "x"})).status_code == 422
    assert (await client.post(SIGN_IN, json=["not", "an", "object"])).status_code == 422
    response = await client.post(SIGN_IN, content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 422 and response.json()["message"]


async def test_failures_lock_like_the_portal_sign_in(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    for _ in range(5):
        assert "error" in await sign_in(client, email_of(account), "wrong-password")
    locked = await client.get(SIGN_IN, params={"email": email_of(account), "password": PASSWORD})
    assert locked.status_code == 429 and locked.json()["message"] == LOCKED_MESSAGE
    # The count is shared with the portal's own sign-in (same key: the name as typed).
    portal = await client.post("/auth/sign-in", json={"username": email_of(account), "password": PASSWORD})
    assert portal.status_code == 429


async def test_portal_failures_count_for_the_mock_too(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    for _ in range(5):
        failed = await client.post("/auth/sign-in", json={"username": account.username, "password": "wrong-pass"})
        assert failed.status_code == 401
    locked = await client.get(SIGN_IN, params={"email": account.username, "password": PASSWORD})
    assert locked.status_code == 429


async def test_accounts_with_more_to_prove_go_to_the_portal(app: Starlette, client: httpx.AsyncClient) -> None:
    temporary = await create_account(app, Role.TECHNICIAN, confirmed=False)
    response = await client.get(SIGN_IN, params={"email": email_of(temporary), "password": temporary.password})
    assert response.status_code == 403 and "new password" in response.json()["message"]

    with_code = await create_account(app, Role.TECHNICIAN)
    disabled = await create_account(app, Role.TECHNICIAN)
    async with app.state.portal.db.session() as session:
        user = await session.get(User, with_code.user_id)
        assert user is not None
        user.totp_enabled, user.totp_secret = True, "JBSWY3DPEHPK3PXP"
        session.add(user)
        await session.commit()
        gone = await session.get(User, disabled.user_id)
        assert gone is not None
        await users.set_disabled(session=session, user=gone, disabled=True)
    response = await client.get(SIGN_IN, params={"email": email_of(with_code), "password": PASSWORD})
    assert response.status_code == 403 and "two-step" in response.json()["message"]
    response = await client.get(SIGN_IN, params={"email": email_of(disabled), "password": PASSWORD})
    assert response.status_code == 403 and "disabled" in response.json()["message"]


# --- the mock token ----------------------------------------------------------------------------------


async def test_access_token_answers_the_user_and_a_new_token(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    first = await sign_in(client, email_of(staff["manager"]))
    token = first["access_token"]
    for response in [
        await client.request("GET", CHECK, json={"access_token": token}),
        await client.get(CHECK, params={"access_token": token}),
        await client.post(CHECK, json={"access_token": token}),
    ]:
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["user"] == first["user"]
        assert answer["access_token"] != token
        assert claims_of(answer["access_token"])["token_use"] == "mock"


async def test_invalid_tokens_are_401(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    settings = app.state.portal.settings
    now = int(time.time())
    base = {
        "iss": settings.jwt_issuer,
        "aud": settings.jwt_audience,
        "sub": str(staff["manager"].user_id),
        "iat": now,
        "nbf": now,
        "token_use": "mock",
    }
    bad = [
        forge(app, {**base, "exp": now + 60}),  # a mock token of no mock session (the old, unbound kind)
        forge(app, {**base, "exp": now + 60, "pool": "portal", "sid": "no-such-session"}),
        forge(app, {**base, "exp": now + 60, "pool": "sample", "sub": "no-such-uuid"}),
        None,
        "",
        "garbage",
        forge(app, {**base, "iat": now - TWO_DAYS - 60, "nbf": now - TWO_DAYS - 60, "exp": now - 60}),  # expired
        forge(app, {**base, "exp": now + 60, "token_use": "access"}),
        forge(app, {**base, "exp": now + 60, "aud": "someone-else"}),
        forge(app, {**base, "exp": now + 60}, key=RSAKey.generate_key(2048, private=True)),  # another key
        forge(app, {**base, "exp": now + 60, "sub": "999999"}),  # no such user
        staff["manager"].tokens["accessToken"],  # a product access token is not a mock token
    ]
    for token in bad:
        response = await client.get(CHECK, params={} if token is None else {"access_token": token})
        assert response.status_code == 401, token
        assert response.json()["error"] == "Invalid access token detected"


@pytest.mark.parametrize("change", ["disable", "reset password"])
async def test_tokens_stop_working_when_the_user_is_disabled_or_reset(
    change: str, app: Starlette, client: httpx.AsyncClient
) -> None:
    account = await create_account(app, Role.MANAGER)
    token = (await sign_in(client, email_of(account)))["access_token"]
    async with stored_user(app, account.user_id) as (session, user):
        if change == "disable":
            await users.set_disabled(session=session, user=user, disabled=True)
        else:
            await users.reset_password(session=session, user=user)
    assert (await client.get(CHECK, params={"access_token": token})).status_code == 401
    update = await client.post(UPDATE, json={"user": {}}, headers={"Authorization": f"Bearer {token}"})
    assert update.status_code == 401


async def test_the_product_api_refuses_a_mock_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    token = (await sign_in(client, email_of(staff["admin"])))["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    for path in ["/me", "/assets", "/dashboard/summary", "/api/search", "/api/project-dashboard-app/widgets"]:
        assert (await client.get(path, headers=headers)).status_code == 401, path


# --- registration -------------------------------------------------------------------------------------


def registration(**overrides: Any) -> dict[str, Any]:
    body = {"displayName": "New Person", "password": "river-Lantern-83", "email": f"{unique('new-')}@example.test"}
    body.update(overrides)
    return body


async def test_register_creates_a_sample_admin_that_the_portal_does_not_know(
    app: Starlette, client: httpx.AsyncClient, registration_on: None
) -> None:
    """Issue 15: registration made real portal admins; now it fills the sample area's own pool."""
    portal_users = await user_count(app)
    body = registration()
    response = await client.post(REGISTER, json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["user"]["role"] == "admin" and answer["user"]["data"]["displayName"] == "New Person"
    assert answer["user"]["data"]["email"] == body["email"]
    assert claims_of(answer["access_token"])["token_use"] == "mock"
    # The mock sign-in accepts the chosen password; the portal has never heard of this account.
    assert (await sign_in(client, body["email"], body["password"]))["user"]["uuid"] == answer["user"]["uuid"]
    assert await user_count(app) == portal_users
    portal = await client.post("/auth/sign-in", json={"username": body["email"], "password": body["password"]})
    assert portal.status_code == 401
    headers = {"Authorization": f"Bearer {answer['access_token']}"}
    for path in ["/me", "/assets", "/users"]:
        assert (await client.get(path, headers=headers)).status_code == 401
    assert (await client.post("/assets", headers=headers, json={"tag": "X-1", "name": "x"})).status_code == 401
    async with app.state.portal.db.session() as session:
        stored = (await session.exec(select(SampleUser).where(SampleUser.email == body["email"]))).one()
    assert stored.role == "admin" and stored.password_hash.startswith("$argon2")


async def test_register_errors(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account], registration_on: None
) -> None:
    first = registration()
    assert (await client.post(REGISTER, json=first)).status_code == 200
    before = await sample_count(app)
    taken = await client.post(REGISTER, json=registration(email=first["email"]))
    assert taken.status_code == 200
    assert taken.json() == {"error": {"email": "The email is already in use", "displayName": None, "password": None}}
    unnamed = await client.post(REGISTER, json=registration(displayName="  "))
    assert unnamed.json() == {"error": {"email": None, "displayName": "Enter display name", "password": None}}
    both = await client.post(REGISTER, json=registration(email=first["email"].upper(), displayName=""))
    assert both.json()["error"]["email"] == "The email is already in use"
    assert both.json()["error"]["displayName"] == "Enter display name"
    weak = await client.post(REGISTER, json=registration(password="short"))
    assert weak.json()["error"]["password"] == "Password must be at least 8 characters."
    assert await sample_count(app) == before


async def test_register_never_tells_that_an_email_belongs_to_the_portal(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account], registration_on: None
) -> None:
    """Issue 15: "The email is already in use" told which emails the portal's users have."""
    portal_email = email_of(staff["contractor"])
    response = await client.post(REGISTER, json=registration(email=portal_email))
    assert response.status_code == 200 and "access_token" in response.json(), response.text
    # The portal account is untouched: its own password still signs in, there and at the mock.
    portal = await client.post("/auth/sign-in", json={"username": staff["contractor"].username, "password": PASSWORD})
    assert portal.status_code == 200
    assert (await sign_in(client, staff["contractor"].username))["user"]["role"] == "staff"


@pytest.mark.parametrize(
    "body",
    [
        {"displayName": "No email", "password": "river-Lantern-83"},
        {"displayName": "Bad email", "password": "river-Lantern-83", "email": "not-an-email"},
        {"displayName": 42, "password": "river-Lantern-83", "email": "typed@example.test"},
        {"displayName": "No password", "email": "nopass@example.test"},
    ],
)
async def test_malformed_registration_is_422_and_creates_nobody(
    body: dict[str, Any], app: Starlette, client: httpx.AsyncClient, registration_on: None
) -> None:
    before = await sample_count(app)
    response = await client.post(REGISTER, json=body)
    assert response.status_code == 422 and response.json()["message"]
    if body.get("email") == "not-an-email":
        assert response.json()["errors"]["email"] == "Enter a valid email address."
    assert await sample_count(app) == before


async def test_registration_is_off_unless_switched_on(
    app: Starlette, client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: registration was on in every environment but production."""
    assert app.state.portal.settings.registration_enabled is False  # the default, in development too
    before = await sample_count(app)
    response = await client.post(REGISTER, json=registration())
    assert response.status_code == 403
    assert response.json()["message"].startswith("Registration is switched off")
    assert await sample_count(app) == before
    monkeypatch.setattr(app.state.portal.settings, "portal_env", "production")
    monkeypatch.setattr(app.state.portal.settings, "registration_enabled", True)
    assert (await client.post(REGISTER, json=registration())).status_code == 403  # never in production


# --- mock tokens end with the user's sessions --------------------------------------------------------


async def _mock_token(client: httpx.AsyncClient, account: Account) -> str:
    return str((await sign_in(client, email_of(account)))["access_token"])


async def _still_good(client: httpx.AsyncClient, token: str) -> bool:
    response = await client.get(CHECK, params={"access_token": token})
    assert response.status_code in (200, 401), response.text
    return response.status_code == 200


@pytest.mark.parametrize("end", ["sign-out", "sign-out-everywhere", "role change", "disable"])
async def test_a_mock_token_ends_with_the_users_sessions(end: str, app: Starlette, client: httpx.AsyncClient) -> None:
    """Issue 15: a mock token survived "sign out everywhere" and renewed itself for ever."""
    account = await portal_sign_in(client, await create_account(app, Role.MANAGER))
    token = await _mock_token(client, account)
    renewed = (await client.get(CHECK, params={"access_token": token})).json()["access_token"]
    assert await _still_good(client, token) and await _still_good(client, renewed)
    if end in ("sign-out", "sign-out-everywhere"):
        assert (await client.post(f"/auth/{end}", headers=account.headers)).status_code == 200
    else:
        async with stored_user(app, account.user_id) as (session, user):
            if end == "disable":
                await users.set_disabled(session=session, user=user, disabled=True)
            else:
                await users.set_role(session=session, settings=app.state.portal.settings, user=user, role=Role.ADMIN)
    assert not await _still_good(client, token)
    assert not await _still_good(client, renewed)
    update = await client.post(UPDATE, json={"user": {}}, headers={"Authorization": f"Bearer {renewed}"})
    assert update.status_code == 401


async def test_a_renewal_keeps_the_first_expiry(app: Starlette, client: httpx.AsyncClient) -> None:
    first = await _mock_token(client, await create_account(app, Role.CONTRACTOR))
    expiry = claims_of(first)["exp"]
    token = first
    for _ in range(3):
        await asyncio.sleep(1.01)  # a new token each time (iat moves on), never a later expiry
        token = (await client.get(CHECK, params={"access_token": token})).json()["access_token"]
        assert claims_of(token)["exp"] == expiry and claims_of(token)["iat"] > claims_of(first)["iat"]


async def test_a_mock_session_opens_nothing_in_the_portal(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    """The session behind a portal user's mock token cannot stand in for a portal session."""
    token = await _mock_token(client, staff["manager"])
    user = await user_row(app, staff["manager"].user_id)
    forged, _ = app.state.portal.tokens.issue(user=user, session_id=claims_of(token)["sid"], now=utcnow())
    assert (await client.get("/me", headers={"Authorization": f"Bearer {forged}"})).status_code == 401


async def test_sample_users_update_their_own_settings(client: httpx.AsyncClient, registration_on: None) -> None:
    answer = (await client.post(REGISTER, json=registration())).json()
    headers = {"Authorization": f"Bearer {answer['access_token']}"}
    body = {"user": {"uuid": answer["user"]["uuid"], "data": {"shortcuts": ["mail", "mail", "notes"]}}}
    response = await client.post(UPDATE, json=body, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["data"]["shortcuts"] == ["mail", "notes"]
    again = await client.get(CHECK, params={"access_token": answer["access_token"]})
    assert again.json()["user"]["data"]["shortcuts"] == ["mail", "notes"]


# --- user update --------------------------------------------------------------------------------------


async def test_update_saves_settings_and_shortcuts(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    signed = await sign_in(client, email_of(account))
    user = signed["user"]
    user["data"]["settings"] = {"layout": {"style": "layout2"}, "theme": {"main": "dark"}}
    user["data"]["shortcuts"] = ["calendar", "mail", "calendar"]
    headers = {"Authorization": f"Bearer {signed['access_token']}"}
    response = await client.post(UPDATE, json={"user": user}, headers=headers)
    assert response.status_code == 200, response.text
    saved = response.json()
    assert saved["data"]["settings"] == {"layout": {"style": "layout2"}, "theme": {"main": "dark"}}
    assert saved["data"]["shortcuts"] == ["calendar", "mail"]
    # Stored on the real user: the next session check and the portal's /me see it.
    again = await client.get(CHECK, params={"access_token": signed["access_token"]})
    assert again.json()["user"] == saved
    row = await user_row(app, account.user_id)
    assert row.shortcuts == ["calendar", "mail"] and row.settings["layout"] == {"style": "layout2"}


async def test_update_with_a_portal_access_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.post(
        UPDATE, json={"user": {"data": {"shortcuts": ["notes"]}}}, headers=staff["contractor"].headers
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["shortcuts"] == ["notes"]
    me = await client.get("/me", headers=staff["contractor"].headers)
    assert me.json()["shortcuts"] == ["notes"]


async def test_update_needs_a_token_of_the_same_user(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    body = {"user": {"data": {"shortcuts": ["mail"]}}}
    assert (await client.post(UPDATE, json=body)).status_code == 401
    assert (await client.post(UPDATE, json=body, headers={"Authorization": "Bearer garbage"})).status_code == 401
    signed = await sign_in(client, email_of(staff["manager"]))
    other = await user_row(app, staff["admin"].user_id)
    response = await client.post(
        UPDATE,
        json={"user": {"uuid": user_uuid(other), "data": {"shortcuts": ["mail"]}}},
        headers={"Authorization": f"Bearer {signed['access_token']}"},
    )
    assert response.status_code == 403
    assert (await user_row(app, staff["admin"].user_id)).shortcuts == other.shortcuts


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"user": "not an object"},
        {"user": {"data": {"shortcuts": "mail"}}},
        {"user": {"data": {"shortcuts": [1, 2]}}},
        {"user": {"data": {"settings": ["not", "an", "object"]}}},
        {"user": {"data": {"settings": {"blob": "x" * 40_000}}}},
    ],
)
async def test_malformed_update_is_422_and_changes_nothing(
    body: dict[str, Any], app: Starlette, client: httpx.AsyncClient
) -> None:
    account = await create_account(app, Role.MANAGER)
    signed = await sign_in(client, email_of(account))
    headers = {"Authorization": f"Bearer {signed['access_token']}"}
    before = await user_row(app, account.user_id)
    response = await client.post(UPDATE, json=body, headers=headers)
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    after = await user_row(app, account.user_id)
    assert (after.settings, after.shortcuts) == (before.settings, before.shortcuts)
