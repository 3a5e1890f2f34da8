"""The portal's own user pool: users, sign-in sessions, refresh tokens, challenges, throttling."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, RootModel, StringConstraints
from pydantic import Field as PydanticField
from sqlalchemy import JSON, Column, ForeignKey, Integer, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from schemas.base import ApiInput, ApiModel, UtcDateTime, utcnow
from schemas.options import Department, Role, UserState
from schemas.query import QueryModel


class User(SQLModel, table=True):
    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(sa_column=Column(String(64), unique=True, nullable=False))  # stored lowercase
    email: str = Field(sa_column=Column(String(254), unique=True, nullable=False))  # stored lowercase
    display_name: str = Field(max_length=120)
    photo_url: str | None = Field(default=None, max_length=500)
    groups: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    state: UserState = Field(default=UserState.FORCE_CHANGE_PASSWORD, sa_column=Column(String(32), nullable=False))
    password_hash: str = Field(max_length=255)
    totp_secret: str | None = Field(default=None, max_length=64)
    totp_enabled: bool = False
    totp_last_step: int | None = None  # the last time step accepted: a code works once
    shortcuts: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    # A manager's department: their daily summary of overdue inspections covers it (None: every department).
    department: Department | None = Field(default=None, sa_column=Column(String(40), nullable=True))


class PortalSetting(SQLModel, table=True):
    """One app-wide setting an administrator chose (``key`` -> JSON value); a missing row is the default."""

    __tablename__ = "portal_settings"

    key: str = Field(sa_column=Column(String(64), primary_key=True))
    value: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_by_id: int | None = Field(
        default=None, sa_column=Column(Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    )


class AuthSession(SQLModel, table=True):
    """One signed-in session: the family of every token issued since its sign-in."""

    __tablename__ = "auth_sessions"

    id: str = Field(primary_key=True, max_length=32)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    expires_at: datetime = Field(sa_type=UtcDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    revoked_reason: str | None = Field(default=None, max_length=64)
    # "portal": opened by the portal's sign-in; "mock": by the sample area's mock sign-in of a portal
    # user (app/samples/auth.py), which only its mock tokens name and the portal never accepts.
    kind: str = Field(default="portal", sa_column=Column(String(16), nullable=False, server_default="portal"))
    # Where it was opened from and when it was last refreshed: what the sessions lists show.
    ip: str | None = Field(default=None, sa_column=Column(String(64), nullable=True))
    user_agent: str | None = Field(default=None, sa_column=Column(String(300), nullable=True))
    last_used_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class RefreshToken(SQLModel, table=True):
    __tablename__ = "refresh_tokens"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(
        sa_column=Column(String(32), ForeignKey("auth_sessions.id", ondelete="CASCADE"), index=True)
    )
    token_hash: str = Field(sa_column=Column(String(64), unique=True, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    expires_at: datetime = Field(sa_type=UtcDateTime)
    rotated_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class AuthChallenge(SQLModel, table=True):
    """A pending sign-in step (new password or TOTP code); works once, expires after minutes."""

    __tablename__ = "auth_challenges"

    id: str = Field(primary_key=True, max_length=64)  # sha256 of the opaque session value
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    kind: str = Field(max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    expires_at: datetime = Field(sa_type=UtcDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    attempts: int = 0


class ExternalIdentity(SQLModel, table=True):
    """A user of the company's identity provider (OpenID Connect): matched by (issuer, subject) alone,
    never by e-mail or name, so an account elsewhere cannot take over a local one (app/auth/oidc.py)."""

    __tablename__ = "external_identities"
    __table_args__ = (UniqueConstraint("issuer", "subject", name="uq_external_identities_issuer_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    issuer: str = Field(max_length=255)
    subject: str = Field(max_length=255)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    last_sign_in_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class SignInThrottle(SQLModel, table=True):
    """Consecutive sign-in failures per username, known or not, for the lockout schedule."""

    __tablename__ = "sign_in_throttle"

    username: str = Field(primary_key=True, max_length=254)
    failures: int = 0
    last_failure_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    locked_until: datetime | None = Field(default=None, sa_type=UtcDateTime)


class SampleUser(SQLModel, table=True):
    """A user of the template's mock auth (spec section 3, "Sample user"), in a pool of its own.

    Mock registrations land here, never in ``users``: the portal's sign-in, refresh and every
    portal call know nothing of these accounts, and their "admin" role is the mock's only.
    """

    __tablename__ = "sample_users"

    id: int | None = Field(default=None, primary_key=True)
    uuid: str = Field(sa_column=Column(String(36), unique=True, nullable=False))
    email: str = Field(sa_column=Column(String(254), unique=True, nullable=False))  # stored lowercase
    display_name: str = Field(max_length=120)
    photo_url: str | None = Field(default=None, max_length=500)
    role: str = Field(default="admin", max_length=16)  # the mock's role: admin or staff
    password_hash: str = Field(max_length=255)
    shortcuts: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


# --- API models -----------------------------------------------------------------------------------


class SignInRequest(ApiInput):
    username: str = PydanticField(min_length=1, max_length=254)
    password: str = PydanticField(min_length=1, max_length=1024)


class ChallengeRequest(ApiInput):
    session: str = PydanticField(min_length=1, max_length=200)
    new_password: str | None = PydanticField(default=None, max_length=1024)
    code: str | None = PydanticField(default=None, max_length=16)


class PasswordCheckRequest(ApiInput):
    password: str = PydanticField(max_length=1024)
    username: str = PydanticField(default="", max_length=254)  # a password must not contain it


class PasswordCheck(ApiModel):
    """The password policy's verdict on a candidate new password (the strength meter)."""

    ok: bool
    score: int  # the strength estimator's 0 (too guessable) .. 4 (very unguessable)
    reason: str  # why it would be refused, or "" when it would be accepted


class RefreshRequest(ApiInput):
    refresh_token: str = PydanticField(min_length=1, max_length=200)


class OidcExchangeRequest(ApiInput):
    code: str = PydanticField(min_length=1, max_length=200)  # the one-time code of /login?oidc=...
    binding: str = PydanticField(min_length=16, max_length=200)  # the browser's value given to /auth/oidc/start


class TotpSetupRequest(ApiInput):
    password: str = PydanticField(min_length=1, max_length=1024)  # the current password: a token alone is not enough


class TotpVerifyRequest(ApiInput):
    code: str = PydanticField(min_length=6, max_length=8)
    password: str = PydanticField(min_length=1, max_length=1024)


class Tokens(ApiModel):
    access_token: str
    id_token: str
    refresh_token: str
    token_type: str = "Bearer"
    issued_at: datetime
    expires_in: int
    refresh_expires_in: int


class Challenge(ApiModel):
    challenge: str
    session: str


class SignInStep(RootModel[Tokens | Challenge]):
    """Tokens, or the next challenge (a new password, or the authenticator code)."""


class Message(ApiModel):
    """An answer that only tells the person what happened."""

    message: str


class PasswordResetDone(Message):
    sessions_ended: int


class PasswordChanged(Message):
    other_sessions_ended: int


class MfaState(Message):
    mfa_enabled: bool


class LiveSession(ApiModel):
    """One of a user's signed-in sessions (a device)."""

    id: str
    device: str
    user_agent: str | None
    ip: str | None
    created_at: str  # ISO 8601
    last_used_at: str
    expires_at: str
    current: bool


class SessionsEnded(ApiModel):
    ended: int


class AdminUser(ApiModel):
    """A user as the admin console lists them."""

    id: int
    username: str
    display_name: str
    email: str | None
    photo_url: str | None = PydanticField(serialization_alias="photoURL")
    role: Role | None
    status: Literal["active", "disabled", "must-change-password"]
    locked_until: str | None  # ISO 8601, while sign-in is locked
    mfa_enabled: bool
    last_sign_in_at: str | None
    push_devices: int
    department: str | None
    created_at: str


class AdminUserPage(ApiModel):
    items: list[AdminUser]
    total: int
    page: int
    per_page: int


class AdminUserCreated(ApiModel):
    user: AdminUser
    temporary_password: str  # shown this once


class TemporaryPassword(ApiModel):
    temporary_password: str


class Unlocked(Message):
    cleared: int  # sign-in lockout counters removed


class PhotoStored(ApiModel):
    photo_url: str = PydanticField(serialization_alias="photoURL")


class LiveSessions(ApiModel):
    items: list[LiveSession]


class StaffMember(ApiModel):
    """A staff directory entry: an active user with a portal role."""

    id: int
    display_name: str
    photo_url: str | None = PydanticField(serialization_alias="photoURL")
    role: Role


class StaffDirectory(ApiModel):
    items: list[StaffMember]


class StaffQuery(QueryModel):
    role: Role | None = PydanticField(None, description="Only staff with this role.")


class TotpSetup(ApiModel):
    secret: str
    uri: str


# A user's photo: ``photoURL`` on the wire, and read back under its own name too (a pushed record is
# validated from its public JSON).
PhotoUrl = Annotated[
    str | None,
    PydanticField(validation_alias=AliasChoices("photo_url", "photoUrl", "photoURL"), serialization_alias="photoURL"),
]


class Me(ApiModel):
    id: int
    username: str
    display_name: str
    email: str
    photo_url: PhotoUrl = None
    role: Role | None
    roles: list[Role]
    shortcuts: list[str]
    settings: dict[str, Any]
    mfa_enabled: bool


ShortcutId = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class MeUpdate(ApiInput):
    shortcuts: list[ShortcutId] | None = PydanticField(default=None, max_length=100)
    settings: dict[str, Any] | None = None


class UserRef(ApiModel):
    id: int
    display_name: str
    photo_url: PhotoUrl = None


# --- the admin console and the account page (issue 19) --------------------------------------------


class AdminUserCreate(ApiInput):
    username: str = PydanticField(min_length=1, max_length=64)
    email: str = PydanticField(min_length=3, max_length=254)
    display_name: str = PydanticField(default="", max_length=120)
    role: Role
    department: Department | None = None


class AdminUserUpdate(ApiInput):
    """Any of: role, disabled, displayName, email, department (null: every department)."""

    role: Role | None = None
    disabled: bool | None = None
    display_name: str | None = PydanticField(default=None, min_length=1, max_length=120)
    email: str | None = PydanticField(default=None, min_length=3, max_length=254)
    department: Department | None = None


class ForgotPasswordRequest(ApiInput):
    email: str = PydanticField(min_length=1, max_length=254)  # the account's e-mail address or username


class ResetPasswordRequest(ApiInput):
    token: str = PydanticField(min_length=1, max_length=200)
    new_password: str = PydanticField(min_length=1, max_length=1024)


class UnlockRequest(ApiInput):
    password: str = PydanticField(min_length=1, max_length=1024)


class PasswordChange(ApiInput):
    current_password: str = PydanticField(min_length=1, max_length=1024)
    new_password: str = PydanticField(min_length=1, max_length=1024)


class PortalSettings(ApiModel):
    """The app-wide settings every signed-in user's portal follows (``GET /portal-settings``)."""

    #: the template's sample areas are left out of everyone's navigation (their pages stay reachable by address)
    template_hidden: bool = False


class PortalSettingsUpdate(ApiInput):
    template_hidden: bool | None = None
