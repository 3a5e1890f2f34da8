"""The template's mock auth on the real user pool: sign-in, token check, registration, user update.

Covers the spec's messages and statuses (sections 5, 7 and 8), the 2-day mock token and that the
product API refuses it, the shared sign-in lockout, and registration being switchable.
"""

from __future__ import annotations

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
from schemas.options import Role
from schemas.users import User
from tests.support import PASSWORD, Account, create_account, unique

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


async def test_unknown_email_and_wrong_password_messages(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    unknown = await sign_in(client, "nobody-here@example.test", "whatever-password")
    assert unknown == {"error": {"email": "Check your username/email", "password": "Check your password"}}
    wrong = await sign_in(client, email_of(staff["technician"]), "wrong-password")
    assert wrong == {"error": {"email": None, "password": "Check your password"}}


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
    assert (await client.get(CHECK, params={"access_token": forge(app, {**base, "exp": now + 60})})).status_code == 200
    bad = [
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
    async with app.state.portal.db.session() as session:
        user = await session.get(User, account.user_id)
        assert user is not None
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


async def test_register_creates_a_real_admin_user(app: Starlette, client: httpx.AsyncClient) -> None:
    body = registration()
    response = await client.post(REGISTER, json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["user"]["role"] == "admin" and answer["user"]["data"]["displayName"] == "New Person"
    assert answer["user"]["data"]["email"] == body["email"]
    assert claims_of(answer["access_token"])["token_use"] == "mock"
    # A real user: the mock sign-in and the portal sign-in both accept the chosen password.
    assert (await sign_in(client, body["email"], body["password"]))["user"]["uuid"] == answer["user"]["uuid"]
    portal = await client.post("/auth/sign-in", json={"username": body["email"], "password": body["password"]})
    assert portal.status_code == 200
    me = await client.get("/me", headers={"Authorization": f"Bearer {portal.json()['accessToken']}"})
    assert me.json()["role"] == "admin"


async def test_register_errors(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    before = await user_count(app)
    taken = await client.post(REGISTER, json=registration(email=email_of(staff["contractor"])))
    assert taken.status_code == 200
    assert taken.json() == {"error": {"email": "The email is already in use", "displayName": None, "password": None}}
    unnamed = await client.post(REGISTER, json=registration(displayName="  "))
    assert unnamed.json() == {"error": {"email": None, "displayName": "Enter display name", "password": None}}
    both = await client.post(REGISTER, json=registration(email=email_of(staff["contractor"]).upper(), displayName=""))
    assert both.json()["error"]["email"] == "The email is already in use"
    assert both.json()["error"]["displayName"] == "Enter display name"
    weak = await client.post(REGISTER, json=registration(password="short"))
    assert weak.json()["error"]["password"] == "Password must be at least 8 characters."
    assert await user_count(app) == before


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
    body: dict[str, Any], app: Starlette, client: httpx.AsyncClient
) -> None:
    before = await user_count(app)
    response = await client.post(REGISTER, json=body)
    assert response.status_code == 422 and response.json()["message"]
    if body.get("email") == "not-an-email":
        assert response.json()["errors"]["email"] == "Enter a valid email address."
    assert await user_count(app) == before


async def test_registration_can_be_switched_off(
    app: Starlette, client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app.state.portal.settings, "registration_enabled", False)
    before = await user_count(app)
    response = await client.post(REGISTER, json=registration())
    assert response.status_code == 403
    assert response.json()["message"].startswith("Registration is switched off")
    assert await user_count(app) == before
    monkeypatch.setattr(app.state.portal.settings, "portal_env", "production")
    monkeypatch.setattr(app.state.portal.settings, "registration_enabled", True)
    assert (await client.post(REGISTER, json=registration())).status_code == 403  # never in production


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
