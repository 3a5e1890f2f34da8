"""Web Push devices, each user's delivery choices, and the API models of both."""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from enum import StrEnum

from cryptography.hazmat.primitives.asymmetric import ec
from pydantic import Field as PydanticField
from pydantic import field_validator
from sqlalchemy import Column, ForeignKey, Integer, String
from sqlmodel import Field, SQLModel

from schemas.base import ApiInput, ApiModel, UtcDateTime, utcnow
from schemas.records import NEVER_REUSE_IDS
from schemas.users import LiveSession

MAX_ENDPOINT_LENGTH = 1024  # FCM's are about 200 characters, WNS's about 400
MAX_DEVICE_NAME = 80


class PushSubscription(SQLModel, table=True):
    """One browser's Web Push subscription (RFC 8030): where to post and the keys to encrypt for (RFC 8291)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = NEVER_REUSE_IDS

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    # One browser profile has one endpoint: subscribing again (or as another user) moves the row.
    endpoint: str = Field(sa_column=Column(String(MAX_ENDPOINT_LENGTH), unique=True, nullable=False))
    p256dh: str = Field(max_length=100)  # the browser's P-256 public key, base64url (87 characters)
    auth: str = Field(max_length=40)  # the shared authentication secret, base64url (22 characters)
    name: str = Field(max_length=MAX_DEVICE_NAME)
    user_agent: str | None = Field(default=None, max_length=400)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    last_push_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    last_error: str | None = Field(default=None, max_length=300)
    last_error_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class PushMode(StrEnum):
    ALWAYS = "always"
    AWAY = "away"  # when the user has no portal open, or every open portal is idle, or they chose away
    NEVER = "never"


class NotificationPreference(SQLModel, table=True):
    """How a user wants to hear of notifications outside an open portal (no row: the defaults)."""

    __tablename__ = "notification_preferences"

    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True))
    push: PushMode = Field(default=PushMode.AWAY, sa_column=Column(String(8), nullable=False))
    email: bool = True  # e-mail when no device has push (assignments, the daily inspection mail, summaries)


# --- API models -----------------------------------------------------------------------------------


def _b64url(value: str, size: int, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"{what} is not base64url.") from exc
    if len(raw) != size:
        raise ValueError(f"{what} must be {size} bytes, not {len(raw)}.")
    return raw


class SubscriptionKeys(ApiInput):
    p256dh: str = PydanticField(min_length=80, max_length=100)
    auth: str = PydanticField(min_length=16, max_length=40)

    @field_validator("p256dh")
    @classmethod
    def _point(cls, value: str) -> str:
        raw = _b64url(value, 65, "p256dh")
        try:  # a key that is no point of the curve could never be encrypted for: refuse it now
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError as exc:
            raise ValueError("p256dh is not a P-256 public key.") from exc
        return value.rstrip("=")

    @field_validator("auth")
    @classmethod
    def _secret(cls, value: str) -> str:
        _b64url(value, 16, "auth")
        return value.rstrip("=")


class SubscriptionCreate(ApiInput):
    """What ``PushSubscription.toJSON()`` gives, plus an optional device name."""

    endpoint: str = PydanticField(min_length=8, max_length=MAX_ENDPOINT_LENGTH)
    keys: SubscriptionKeys
    expiration_time: int | None = None  # the browser's own; push services answer 404/410 when it passes
    name: str | None = PydanticField(default=None, min_length=1, max_length=MAX_DEVICE_NAME)


class SubscriptionRename(ApiInput):
    name: str = PydanticField(min_length=1, max_length=MAX_DEVICE_NAME)


class SubscriptionPublic(ApiModel):
    id: int
    name: str
    service: str  # the push service's host, e.g. fcm.googleapis.com
    created_at: datetime
    last_push_at: datetime | None
    last_error: str | None
    last_error_at: datetime | None


class SubscriptionList(ApiModel):
    items: list[SubscriptionPublic]


class SubscriptionRemoved(ApiModel):
    id: int
    removed: bool


class MySessions(ApiModel):
    """The account page's devices: signed-in sessions and devices with push (``GET /me/sessions``)."""

    items: list[LiveSession]
    push_devices: list[SubscriptionPublic]


class PushConfig(ApiModel):
    public_key: str  # the VAPID applicationServerKey
    max_devices: int


class PushTest(ApiModel):
    devices: int  # how many devices a test push was queued for


class PreferencesPublic(ApiModel):
    push: PushMode
    email: bool


class PreferencesUpdate(ApiInput):
    push: PushMode | None = None
    email: bool | None = None
