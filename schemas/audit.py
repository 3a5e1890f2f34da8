"""The audit log: one append-only row per authentication or administration event (issue 19).

Rows are written by ``app/services/audit.record`` only, in the same transaction as the change they
record (failed sign-ins in their own, since the sign-in itself fails). No API changes or deletes
them; the retention job (``AUDIT_RETENTION_DAYS``) prunes the oldest.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import JsonValue
from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, String
from sqlmodel import Field, SQLModel

from schemas.base import ApiModel, UtcDateTime, utcnow

#: every kind the log knows, with the words the console shows
AUDIT_KINDS: dict[str, str] = {
    "auth.signed_in": "Signed in",
    "auth.sign_in_failed": "Failed sign-in",
    "auth.locked_out": "Locked out",
    "auth.password_chosen": "New password chosen",
    "auth.password_changed": "Password changed",
    "auth.password_reset_requested": "Password reset link requested",
    "auth.password_reset": "Password reset with an e-mail link",
    "auth.mfa_enabled": "Two-step sign-in turned on",
    "auth.mfa_disabled": "Two-step sign-in turned off",
    "auth.signed_out": "Signed out",
    "auth.refresh_reuse": "Refresh token reuse detected",
    "auth.sessions_ended": "Sessions ended",
    "user.created": "User created",
    "user.role_changed": "Role changed",
    "user.disabled": "User disabled",
    "user.enabled": "User enabled",
    "user.password_reset": "Password reset",
    "user.unlocked": "User unlocked",
    "user.mfa_disabled": "Two-step sign-in turned off by an admin",
    "user.profile_edited": "Profile edited",
    "user.department_changed": "Department changed",
}


def _user_fk() -> Any:
    return Field(default=None, sa_column=Column(Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True))


class AuditEvent(SQLModel, table=True):
    __tablename__ = "audit_events"
    __table_args__ = (
        Index("ix_audit_events_at_id", "at", "id"),
        Index("ix_audit_events_actor", "actor_id", "at"),
        Index("ix_audit_events_target", "target_user_id", "at"),
        Index("ix_audit_events_kind", "kind", "at"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    kind: str = Field(sa_column=Column(String(40), nullable=False))
    actor_id: int | None = _user_fk()
    # Who acted, as shown: a username at the time, "cli" for ./ops/portal, "system" for the seed.
    actor_label: str | None = Field(default=None, sa_column=Column(String(64), nullable=True))
    target_user_id: int | None = _user_fk()
    # The name typed at a failed sign-in for no account, or the target's username at the time.
    target_label: str | None = Field(default=None, sa_column=Column(String(64), nullable=True))
    ip: str | None = Field(default=None, sa_column=Column(String(64), nullable=True))
    user_agent: str | None = Field(default=None, sa_column=Column(String(300), nullable=True))
    detail: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


# --- public shapes (the console's log and the ``audit`` push) -------------------------------------


class AuditWho(ApiModel):
    """A user named by an entry (their current names, or the label stored with the row)."""

    id: int | None
    username: str | None
    display_name: str | None


class AuditEntry(ApiModel):
    """One line of the console's log: an audit row or a record change."""

    id: str  # "audit-<id>" or "record-<id>"
    source: Literal["audit", "record"]
    at: str  # ISO 8601
    kind: str
    label: str
    actor: AuditWho | None
    target: AuditWho | None
    ip: str | None
    user_agent: str | None
    device: str | None
    detail: dict[str, JsonValue] | None  # what the event stored, free-form by kind
    resource: str | None
    record_id: int | None


class AuditLog(ApiModel):
    """A page of the console's log, newest first (``GET /admin/audit``)."""

    items: list[AuditEntry]
    next_cursor: str | None
    kinds: dict[str, str]  # every kind with the words the console shows


class AuditKinds(ApiModel):
    kinds: dict[str, str]
