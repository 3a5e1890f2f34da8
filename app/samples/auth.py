"""The template's mock auth (spec sections 5, 7 "Auth" and 8), answered from the portal's real user pool.

These calls are the sign-in of the sample areas, so unlike every other sample call they do not
need a staff access token. They keep the mock's answers and messages (``{user, access_token}`` or
``{error: {...}}`` with status 200, 401 ``{error: 'Invalid access token detected'}``) and add
what a real pool needs:

- users are the ``User`` rows; passwords are checked with argon2 and the sign-in lockout applies,
  counted together with the portal's own sign-in;
- accounts that must first choose a new password, use two-step sign-in or are disabled are sent
  to the portal sign-in (403): a password alone must not get around those steps;
- the mock access token is a JWT signed with the portal's key, ``token_use: "mock"``, valid for two
  days. The product API only accepts ``token_use: "access"``, so a mock token opens nothing else;
- registration creates a real user with the admin role (spec section 6), only where
  ``settings.registration_allowed`` (never in production), and applies the portal's password rules.

Where the spec's mock read a body on a GET, the values may also come from the query string; those
two calls also answer POST so a client can keep the password out of URLs.
"""

from __future__ import annotations

import re
import secrets
import uuid
from datetime import datetime
from typing import Any, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.passwords import check_new_password
from app.auth.service import Principal, UnknownLogin, WrongPassword, roles_of
from app.auth.tokens import InvalidToken
from app.errors import ApiError, forbidden, invalid
from app.http import json_response, parse, read_body
from app.portal import Portal, bearer_token, portal_of
from app.services import users
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.users import MeUpdate, ShortcutId, User

AREA = "auth"
TOKEN_USE = "mock"
TOKEN_TTL_SECONDS = 2 * 24 * 3600  # spec section 9: the mock access token expires after 2 days
USER_SOURCE = "custom-db"
# Mock users are addressed by a uuid; derived from the user id so nothing extra is stored.
UUID_NAMESPACE = uuid.UUID("6f1d7c52-3b7e-4d55-9a0e-2f5b8d0c4a11")

UNKNOWN_USER = "Check your username/email"
WRONG_PASSWORD = "Check your password"
EMAIL_IN_USE = "The email is already in use"
DISPLAY_NAME_REQUIRED = "Enter display name"
INVALID_TOKEN = "Invalid access token detected"
EMAIL = re.compile(r"[^@\s]+@[^@\s]+")
REGISTRATION_OFF = "Registration is switched off on this server. Ask an administrator for an account."


class Credentials(BaseModel):
    model_config = ConfigDict(extra="ignore")

    email: str = Field(min_length=1, max_length=254)  # an email or a username, as the message says
    password: str = Field(min_length=1, max_length=1024)


class Registration(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    display_name: str = Field(alias="displayName", max_length=120)  # empty is answered 'Enter display name'
    password: str = Field(max_length=1024)
    email: str = Field(max_length=254)

    @field_validator("email")
    @classmethod
    def _an_address(cls, value: str) -> str:
        # The pool's own rule (one @, no spaces): a stricter check would refuse addresses the pool holds.
        if not EMAIL.fullmatch(value.strip()):
            raise ValueError("Enter a valid email address.")
        return value.strip().lower()


class MockUserData(BaseModel):
    model_config = ConfigDict(extra="ignore")

    settings: dict[str, Any] | None = None
    shortcuts: list[ShortcutId] | None = Field(default=None, max_length=100)


class MockUser(BaseModel):
    model_config = ConfigDict(extra="ignore")

    uuid: str | None = Field(default=None, max_length=64)
    data: MockUserData = Field(default_factory=MockUserData)


class UserUpdate(BaseModel):
    model_config = ConfigDict(extra="ignore")

    user: MockUser


# --- the mock user and its token ------------------------------------------------------------------


def user_uuid(user: User) -> str:
    return str(uuid.uuid5(UUID_NAMESPACE, f"portal-user:{user.id}"))


def mock_user(user: User, portal: Portal) -> dict[str, Any]:
    """The mock's user shape; the password never leaves the server."""
    roles = roles_of(user, portal.settings)
    return {
        "uuid": user_uuid(user),
        "from": USER_SOURCE,
        "role": "admin" if roles and roles[0] == Role.ADMIN else "staff",
        "data": {
            "displayName": user.display_name,
            "photoURL": user.photo_url,
            "email": user.email,
            "settings": dict(user.settings),
            "shortcuts": list(user.shortcuts),
        },
    }


def issue_mock_token(portal: Portal, user: User, now: datetime) -> str:
    issued = int(now.timestamp())
    return portal.tokens.sign(
        {
            "iss": portal.settings.jwt_issuer,
            "aud": portal.settings.jwt_audience,
            "sub": str(user.id),
            "iat": issued,
            "nbf": issued,
            "exp": issued + TOKEN_TTL_SECONDS,
            "token_use": TOKEN_USE,
            "jti": secrets.token_hex(8),
        }
    )


def mock_token_subject(portal: Portal, token: str) -> int | None:
    """The user id of a valid mock token (right key, issuer, audience, unexpired, token use), else None."""
    try:
        return int(portal.tokens.decode(token, use=TOKEN_USE)["sub"])
    except (InvalidToken, KeyError, ValueError, TypeError):
        return None


def _signed_in(portal: Portal, user: User) -> Response:
    return json_response({"user": mock_user(user, portal), "access_token": issue_mock_token(portal, user, utcnow())})


def _invalid_token() -> Response:
    response = json_response({"error": INVALID_TOKEN, "message": INVALID_TOKEN}, 401)
    response.headers["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return response


# --- helpers --------------------------------------------------------------------------------------


async def _values(request: Request) -> dict[str, Any]:
    """The call's values: the query string, overridden by a JSON object body when there is one."""
    values: dict[str, Any] = dict(request.query_params)
    if (await request.body()).strip():
        body = await read_body(request)
        if not isinstance(body, dict):
            raise invalid("The body must be a JSON object.")
        values.update(body)
    return values


async def _find(session: AsyncSession, key: str) -> User | None:
    user: User | None = (await session.exec(select(User).where(or_(User.username == key, User.email == key)))).first()
    return user


def _refuse_unfinished(user: User) -> None:
    """A password alone signs in only accounts with nothing more to prove."""
    if user.state == UserState.DISABLED:
        raise forbidden("This account is disabled. Ask an administrator to enable it.")
    if user.state == UserState.FORCE_CHANGE_PASSWORD:
        raise forbidden("Choose a new password at the portal sign-in first.")
    if user.totp_enabled:
        raise forbidden("This account uses two-step sign-in: sign in at the portal sign-in.")


def _still_valid(user: User | None) -> TypeGuard[User]:
    """A mock token ends with its user: deleted, disabled, or sent back to choose a new password (reset)."""
    return user is not None and user.state == UserState.CONFIRMED


async def _free_username(session: AsyncSession, email: str) -> str:
    """A username for a registered user, from the email's local part, numbered when taken."""
    local = email.split("@", 1)[0].lower()
    base = "".join(c if c.isalnum() or c in "._-" else "-" for c in local).strip("._-")[:56] or "user"
    taken = set(
        (await session.exec(select(User.username).where(col(User.username).startswith(base, autoescape=True)))).all()
    )
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    return name


# --- endpoints ------------------------------------------------------------------------------------


async def sign_in(request: Request) -> Response:
    """Mock sign-in: email (or username) and password, in the JSON body or the query string.

    Answers {user, access_token}, or {error: {email, password}} with 'Check your username/email' and
    'Check your password'. Failures count towards the portal's sign-in lockout (429 when locked).
    """
    portal = portal_of(request)
    credentials = parse(Credentials, await _values(request))
    async with portal.db.session() as session:
        try:
            user = await portal.auth.verify_credentials(
                session, login=credentials.email, password=credentials.password, now=utcnow()
            )
        except UnknownLogin:
            return json_response({"error": {"email": UNKNOWN_USER, "password": WRONG_PASSWORD}})
        except WrongPassword:
            return json_response({"error": {"email": None, "password": WRONG_PASSWORD}})
    _refuse_unfinished(user)
    return _signed_in(portal, user)


async def access_token(request: Request) -> Response:
    """Mock session check: access_token (body or query) → {user, access_token: a new token}.

    401 {error: 'Invalid access token detected'} when the token is missing, forged, expired, not a
    mock token, or its user is gone, disabled or has had the password reset.
    """
    portal = portal_of(request)
    token = (await _values(request)).get("access_token")
    user_id = mock_token_subject(portal, token) if isinstance(token, str) and token else None
    if user_id is None:
        return _invalid_token()
    async with portal.db.session() as session:
        user = await session.get(User, user_id)
    if not _still_valid(user):
        return _invalid_token()
    return _signed_in(portal, user)


async def register(request: Request) -> Response:
    """Mock registration: displayName, password, email → {user, access_token} for a new admin user.

    Or {error: {email, displayName, password}} with 'The email is already in use', 'Enter display
    name' or the password rule not met. 403 where registration is switched off (always in production).
    """
    portal = portal_of(request)
    if not portal.settings.registration_allowed:
        raise forbidden(REGISTRATION_OFF)
    body = parse(Registration, await read_body(request))
    email = body.email
    async with portal.db.session() as session:
        username = await _free_username(session, email)
        errors: dict[str, str | None] = {
            "email": EMAIL_IN_USE if await _find(session, email) else None,
            "displayName": None if body.display_name.strip() else DISPLAY_NAME_REQUIRED,
            "password": None,
        }
        try:
            check_new_password(
                body.password,
                min_length=portal.settings.password_min_length,
                max_length=portal.settings.password_max_length,
                username=username,
            )
        except ApiError as exc:
            errors["password"] = exc.message
        if any(errors.values()):
            return json_response({"error": errors})
        try:
            user, _ = await users.create_user(
                session=session,
                settings=portal.settings,
                username=username,
                email=email,
                display_name=body.display_name,
                role=Role.ADMIN,  # spec section 6: registered mock users receive the admin role
                password=body.password,
                must_change_password=False,
            )
        except IntegrityError:  # the same email registered at the same moment
            return json_response({"error": {"email": EMAIL_IN_USE, "displayName": None, "password": None}})
    return _signed_in(portal, user)


async def _caller(request: Request, portal: Portal) -> int:
    """Who is updating: a mock token, or a portal access token, as a Bearer header."""
    token = bearer_token(request)
    user_id = mock_token_subject(portal, token)
    if user_id is not None:
        return user_id
    principal = await portal.auth.authenticate(token)
    return principal.user_id


async def update_user(request: Request) -> Response:
    """Mock user update: {user} → the user. Saves the signed-in user's settings and shortcuts.

    Needs the mock token (or a portal access token) as a Bearer header; user.uuid, when sent, must
    be the caller's own.
    """
    portal = portal_of(request)
    user_id = await _caller(request, portal)
    body = parse(UserUpdate, await read_body(request))
    async with portal.db.session() as session:
        user = await session.get(User, user_id)
        if not _still_valid(user):
            return _invalid_token()
        if body.user.uuid is not None and body.user.uuid != user_uuid(user):
            raise forbidden("You can only update your own user.")
        principal = Principal(user_id=user_id, session_id="", username=user.username, roles=())
        changes = MeUpdate(settings=body.user.data.settings, shortcuts=body.user.data.shortcuts)
        await users.update_me(session=session, settings=portal.settings, principal=principal, data=changes)
        response = json_response(mock_user(user, portal))  # built before the commit, as PATCH /me
        await session.commit()
        return response


routes = [
    Route("/api/auth", sign_in, methods=["GET", "POST"]),
    Route("/api/auth/access-token", access_token, methods=["GET", "POST"]),
    Route("/api/auth/register", register, methods=["POST"]),
    Route("/api/auth/user/update", update_user, methods=["POST"]),
]
