"""The template's mock auth (spec sections 5, 7 "Auth" and 8): a pool of sample users of its own.

These calls are the sign-in of the sample areas, so unlike every other sample call they do not
need a staff access token. They keep the mock's answers and messages (``{user, access_token}`` or
``{error: {...}}`` with status 200, 401 ``{error: 'Invalid access token detected'}``) and add
what a real pool needs:

- registrations go to ``sample_users`` (``SampleUser``), never to the portal's ``users``: the
  spec's "registered mock users receive the admin role" is the mock's role only. The portal's
  sign-in, refresh and every portal call know nothing of these accounts. Registration is off
  unless ``REGISTRATION_ENABLED`` is set (never in production), and rate limited per address;
- a portal user may sign in here with their portal password (the shared lockout and rate limits
  apply). That opens a sign-in session of kind "mock" that only the mock token names, and that
  ends with the user's portal sessions: signing out (here or everywhere), being disabled, a role
  change or a password reset ends it. Accounts that must first choose a new password, use two-step
  sign-in or are disabled are sent to the portal sign-in (403);
- the answers never tell whether a name belongs to the portal: a portal name with a wrong password
  answers like an unknown name (the spec's "Check your password" with an empty email message is
  kept for the sample pool's own users), after the same password work;
- the mock access token is a JWT signed with the portal's key, ``token_use: "mock"``, valid for two
  days. The product API only accepts ``token_use: "access"``, so a mock token opens nothing else.
  ``/api/auth/access-token`` answers a new token with the same expiry: a token never renews itself
  past the two days from its sign-in.

Where the spec's mock read a body on a GET, the values may also come from the query string; those
two calls also answer POST so a client can keep the password out of URLs.
"""

from __future__ import annotations

import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select, update
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.identity import Principal, normalize_username, roles_of
from app.auth.passwords import check_new_password, hash_password
from app.auth.tokens import InvalidToken
from app.errors import ApiError, forbidden
from app.http import json_response
from app.portal import Portal, bearer_token
from app.routes.endpoint import CREDENTIALS, OWN_TOKEN, PUBLIC, Call, Rule, route
from app.services import users
from app.stored_json import check_stored
from app.validation import parse
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.sample_areas.auth import (
    MockCredentialsBody,
    MockCredentialsQuery,
    MockRegistration,
    MockSignIn,
    MockUserAnswer,
    SignedIn,
)
from schemas.users import AuthSession, MeUpdate, SampleUser, ShortcutId, User

AREA = "auth"
TOKEN_USE = "mock"
TOKEN_TTL_SECONDS = 2 * 24 * 3600  # spec section 9: the mock access token expires after 2 days
USER_SOURCE = "custom-db"
MOCK_SESSION = "mock"  # AuthSession.kind of a portal user's mock sign-in
PORTAL_POOL = "portal"
SAMPLE_POOL = "sample"
# Portal users are addressed by a uuid derived from their id, so nothing extra is stored for them.
UUID_NAMESPACE = uuid.UUID("6f1d7c52-3b7e-4d55-9a0e-2f5b8d0c4a11")

UNKNOWN_USER = "Check your username/email"
WRONG_PASSWORD = "Check your password"
EMAIL_IN_USE = "The email is already in use"
DISPLAY_NAME_REQUIRED = "Enter display name"
INVALID_TOKEN = "Invalid access token detected"
EMAIL = re.compile(r"[^@\s]+@[^@\s]+")
REGISTRATION_OFF = "Registration is switched off on this server. Ask an administrator for an account."
MAX_SETTINGS_BYTES = users.MAX_SETTINGS_BYTES


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


def mock_user(user: User | SampleUser, portal: Portal) -> dict[str, Any]:
    """The mock's user shape; the password never leaves the server."""
    if isinstance(user, SampleUser):
        uid, role = user.uuid, user.role
    else:
        roles = roles_of(user, portal.settings)
        uid, role = user_uuid(user), "admin" if roles and roles[0] == Role.ADMIN else "staff"
    return {
        "uuid": uid,
        "from": USER_SOURCE,
        "role": role,
        "data": {
            "displayName": user.display_name,
            "photoURL": user.photo_url,
            "email": user.email,
            "settings": dict(user.settings),
            "shortcuts": list(user.shortcuts),
        },
    }


@dataclass(frozen=True)
class MockClaims:
    pool: str  # "portal" or "sample"
    subject: str  # the portal user's id, or the sample user's uuid
    session_id: str | None  # the mock session of a portal user
    expires: int  # epoch seconds: kept by every renewal


def issue_mock_token(portal: Portal, claims: MockClaims, now: datetime) -> str:
    issued = int(now.timestamp())
    payload: dict[str, Any] = {
        "iss": portal.settings.jwt_issuer,
        "aud": portal.settings.jwt_audience,
        "sub": claims.subject,
        "pool": claims.pool,
        "iat": issued,
        "nbf": issued,
        "exp": claims.expires,
        "token_use": TOKEN_USE,
        "jti": secrets.token_hex(8),
    }
    if claims.session_id is not None:
        payload["sid"] = claims.session_id
    return portal.tokens.sign(payload)


def mock_claims(portal: Portal, token: str) -> MockClaims | None:
    """The claims of a valid mock token (right key, issuer, audience, unexpired, token use), else None."""
    try:
        decoded = portal.tokens.decode(token, use=TOKEN_USE)
        pool, subject, expires = decoded["pool"], str(decoded["sub"]), int(decoded["exp"])
    except (InvalidToken, KeyError, ValueError, TypeError):
        return None
    session_id = decoded.get("sid")
    if pool == PORTAL_POOL and isinstance(session_id, str) and subject.isdigit():
        return MockClaims(pool, subject, session_id, expires)
    if pool == SAMPLE_POOL and session_id is None:
        return MockClaims(pool, subject, None, expires)
    return None


async def holder_of(portal: Portal, claims: MockClaims) -> User | SampleUser | None:
    """Who a mock token belongs to while it is still good: a sample user, or a portal user whose mock
    session is live (not signed out, revoked or expired) and who has nothing more to prove."""
    now = utcnow()
    async with portal.db.reader() as session:
        if claims.pool == SAMPLE_POOL:
            sample: SampleUser | None = (
                await session.exec(select(SampleUser).where(SampleUser.uuid == claims.subject))
            ).first()
            return sample
        row = (
            await session.exec(
                select(User, AuthSession.revoked_at, AuthSession.expires_at)
                .join(User, col(User.id) == AuthSession.user_id)
                .where(
                    AuthSession.id == claims.session_id,
                    AuthSession.kind == MOCK_SESSION,
                    col(AuthSession.user_id) == int(claims.subject),
                )
            )
        ).first()
    if row is None:
        return None
    user, revoked_at, expires_at = row
    if revoked_at is not None or expires_at <= now or user.state != UserState.CONFIRMED or user.totp_enabled:
        return None
    found: User = user
    return found


def _signed_in(portal: Portal, user: User | SampleUser, claims: MockClaims, now: datetime | None = None) -> Response:
    token = issue_mock_token(portal, claims, now or utcnow())
    return json_response({"user": mock_user(user, portal), "access_token": token})


def _invalid_token() -> Response:
    response = json_response({"error": INVALID_TOKEN, "message": INVALID_TOKEN}, 401)
    response.headers["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return response


# --- helpers --------------------------------------------------------------------------------------


async def _values(call: Call) -> dict[str, Any]:
    """The call's values: the query string, overridden by a JSON object body when there is one."""
    values: dict[str, Any] = call.query(MockCredentialsQuery).model_dump(exclude_none=True)
    if (await call.request.body()).strip():  # a GET may carry one too (the spec's mock does)
        values.update((await call.body(MockCredentialsBody)).model_dump(exclude_unset=True))
    return values


async def _sample_user(portal: Portal, email: str) -> SampleUser | None:
    async with portal.db.reader() as session:
        found: SampleUser | None = (await session.exec(select(SampleUser).where(SampleUser.email == email))).first()
        return found


def _refuse_unfinished(user: User) -> None:
    """A password alone signs in only accounts with nothing more to prove."""
    if user.state == UserState.DISABLED:
        raise forbidden("This account is disabled. Ask an administrator to enable it.")
    if user.state == UserState.FORCE_CHANGE_PASSWORD:
        raise forbidden("Choose a new password at the portal sign-in first.")
    if user.totp_enabled:
        raise forbidden("This account uses two-step sign-in: sign in at the portal sign-in.")


async def _open_mock_session(portal: Portal, user: User, now: datetime) -> MockClaims:
    """A session of its own for a portal user's mock token: ended with the user's portal sessions."""
    expires = now + timedelta(seconds=TOKEN_TTL_SECONDS)
    async with portal.db.session() as session:
        record = AuthSession(
            id=secrets.token_hex(16), user_id=user.id or 0, created_at=now, expires_at=expires, kind=MOCK_SESSION
        )
        session.add(record)
        await session.commit()
    return MockClaims(PORTAL_POOL, str(user.id), record.id, int(expires.timestamp()))


def _sample_claims(user: SampleUser, now: datetime) -> MockClaims:
    return MockClaims(SAMPLE_POOL, user.uuid, None, int(now.timestamp()) + TOKEN_TTL_SECONDS)


def _settings_size_ok(data: dict[str, Any] | None) -> None:
    """The check of every stored JSON document (depth and size), before anything is written."""
    if data is not None:
        check_stored(data, what="your settings", max_bytes=MAX_SETTINGS_BYTES)


# --- endpoints ------------------------------------------------------------------------------------


async def sign_in(call: Call) -> Response:
    """Mock sign-in: email (or username) and password, in the JSON body or the query string.

    Answers {user, access_token}, or {error: {email, password}} with 'Check your username/email' and
    'Check your password'. Failures count towards the portal's sign-in lockout (429 when locked).
    """
    request = call.request
    portal = call.portal
    await portal.limits.hit("sign-in", request)
    credentials = parse(Credentials, await _values(call))
    address = portal.limits.client_address(request)
    now = utcnow()
    typed = normalize_username(credentials.email)
    # Both pools are always looked up, and one password check follows either way.
    sample, user = await _sample_user(portal, typed), await portal.auth.find_user(typed)
    if sample is not None:
        correct = await portal.auth.check_password(
            name=sample.email,
            password_hash=sample.password_hash,
            password=credentials.password,
            address=address,
            two_step=False,
            now=now,
        )
        if not correct:
            return json_response({"error": {"email": None, "password": WRONG_PASSWORD}})
        return _signed_in(portal, sample, _sample_claims(sample, now), now)
    correct = await portal.auth.check_password(
        name=user.username if user is not None else typed,
        password_hash=user.password_hash if user is not None else None,
        password=credentials.password,
        address=address,
        two_step=bool(user is not None and user.totp_enabled and user.totp_secret),
        now=now,
    )
    if user is None or not correct:  # a portal name is never told apart from an unknown one
        return json_response({"error": {"email": UNKNOWN_USER, "password": WRONG_PASSWORD}})
    _refuse_unfinished(user)
    return _signed_in(portal, user, await _open_mock_session(portal, user, now), now)


async def access_token(call: Call) -> Response:
    """Mock session check: access_token (body or query) → {user, access_token: a new token, same expiry}.

    401 {error: 'Invalid access token detected'} when the token is missing, forged, expired, not a
    mock token, or its user is gone or its session ended (signed out, disabled, role changed, reset).
    """
    portal = call.portal
    token = (await _values(call)).get("access_token")
    claims = mock_claims(portal, token) if isinstance(token, str) and token else None
    holder = await holder_of(portal, claims) if claims is not None else None
    if claims is None or holder is None:
        return _invalid_token()
    return _signed_in(portal, holder, claims)


async def register(call: Call) -> Response:
    """Mock registration: displayName, password, email → {user, access_token} for a new sample user.

    The user joins the sample area's own pool with the mock's admin role (spec section 6), never the
    portal's users. Or {error: {email, displayName, password}} with 'The email is already in use'
    (a sample user has it), 'Enter display name' or the password rule not met. 403 where
    registration is switched off (the default; always in production).
    """
    request = call.request
    portal = call.portal
    if not portal.settings.registration_allowed:
        raise forbidden(REGISTRATION_OFF)
    await portal.limits.hit("register", request)
    body = await call.body(Registration)
    email = body.email
    errors: dict[str, str | None] = {
        "email": EMAIL_IN_USE if await _sample_user(portal, email) else None,
        "displayName": None if body.display_name.strip() else DISPLAY_NAME_REQUIRED,
        "password": None,
    }
    try:
        check_new_password(
            body.password,
            min_length=portal.settings.password_min_length,
            max_length=portal.settings.password_max_length,
            username=email.split("@", 1)[0],
        )
    except ApiError as exc:
        errors["password"] = exc.message
    if any(errors.values()):
        return json_response({"error": errors})
    now = utcnow()
    user = SampleUser(
        uuid=str(uuid.uuid4()),
        email=email,
        display_name=body.display_name.strip(),
        role="admin",  # spec section 6: registered mock users receive the (mock's) admin role
        password_hash=await portal.auth.hashing.run(hash_password, body.password),
        created_at=now,
        updated_at=now,
    )
    async with portal.db.session() as session:
        session.add(user)
        try:
            await session.commit()
        except IntegrityError:  # the same email registered at the same moment
            return json_response({"error": {"email": EMAIL_IN_USE, "displayName": None, "password": None}})
    return _signed_in(portal, user, _sample_claims(user, now), now)


async def _portal_caller(request: Request, portal: Portal) -> User | SampleUser:
    """Who is updating: a mock token, or a portal access token, as a Bearer header."""
    token = bearer_token(request)
    claims = mock_claims(portal, token)
    if claims is not None:
        holder = await holder_of(portal, claims)
        if holder is None:
            raise ApiError(401, INVALID_TOKEN, extra={"error": INVALID_TOKEN})
        return holder
    principal = await portal.auth.authenticate(token)
    async with portal.db.reader() as session:
        user = await session.get(User, principal.user_id)
    if user is None:
        raise ApiError(401, INVALID_TOKEN, extra={"error": INVALID_TOKEN})
    return user


async def update_user(call: Call) -> Response:
    """Mock user update: {user} → the user. Saves the signed-in user's settings and shortcuts.

    Needs the mock token (or a portal access token) as a Bearer header; user.uuid, when sent, must
    be the caller's own.
    """
    request = call.request
    portal = call.portal
    holder = await _portal_caller(request, portal)
    body = await call.body(UserUpdate)
    if body.user.uuid is not None and body.user.uuid != mock_user(holder, portal)["uuid"]:
        raise forbidden("You can only update your own user.")
    data = body.user.data
    _settings_size_ok(data.settings)
    async with portal.db.session() as session:
        if isinstance(holder, SampleUser):
            changes: dict[str, Any] = {"updated_at": utcnow()}
            if data.shortcuts is not None:
                changes["shortcuts"] = list(dict.fromkeys(data.shortcuts))
            if data.settings is not None:
                changes["settings"] = data.settings
            await session.exec(update(SampleUser).where(col(SampleUser.id) == holder.id).values(**changes))
            saved: User | SampleUser | None = await session.get(SampleUser, holder.id, populate_existing=True)
        else:
            principal = Principal(user_id=holder.id or 0, session_id="", username=holder.username, roles=())
            changes_me = MeUpdate(settings=data.settings, shortcuts=data.shortcuts)
            await users.update_me(session=session, settings=portal.settings, principal=principal, data=changes_me)
            saved = await session.get(User, holder.id, populate_existing=True)
        assert saved is not None
        response = json_response(mock_user(saved, portal))  # built before the commit, as PATCH /me
        await session.commit()
        return response


def _credentials_route(path: str, handler: Any, rule: Rule, answer: type[BaseModel]) -> Route:
    """A call that takes the mock's credentials from the query string, a JSON body overriding them."""
    body, query = MockCredentialsBody, MockCredentialsQuery
    return route(path, handler, ["GET", "POST"], rule=rule, query=query, body=body, answer=answer)


routes = [
    _credentials_route("/api/auth", sign_in, PUBLIC, MockSignIn),
    _credentials_route("/api/auth/access-token", access_token, CREDENTIALS, SignedIn),
    route("/api/auth/register", register, ["POST"], rule=PUBLIC, body=Registration, answer=MockRegistration),
    # The template's mock token or a portal access token, judged by the handler (_portal_caller).
    route("/api/auth/user/update", update_user, ["POST"], rule=OWN_TOKEN, body=UserUpdate, answer=MockUserAnswer),
]
