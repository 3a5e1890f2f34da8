"""Realtime event payloads pushed over Socket.IO: strict models, one ``type`` each."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True)

    #: the Socket.IO event name the payload travels under
    channel: str = ""

    def payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude={"channel"})


class RecordChanged(Event):
    """A committed create, update or delete of an asset, document or opportunity."""

    channel: Literal["record"] = "record"
    type: Literal["record.created", "record.updated", "record.deleted"]
    resource: Literal["assets", "documents", "leads"]
    id: int
    version: int
    record: dict[str, Any] | None  # the public record (None when deleted)
    actor_id: int | None
    changed: list[str]


class RecordsChanged(Event):
    """Many records created or updated at once (an import batch): one push per batch, never one per
    record. Clients refetch what they show of ``resource``."""

    channel: Literal["records"] = "records"
    type: Literal["records.changed"] = "records.changed"
    resource: Literal["assets", "documents", "leads"]
    created: list[int]
    updated: list[int]
    actor_id: int | None


class SessionEnded(Event):
    """Tells a client its session was signed out or expired; the server then drops the socket."""

    channel: Literal["session"] = "session"
    type: Literal["session.ended"] = "session.ended"
    reason: Literal["signed-out", "expired", "revoked"]


class ChatMessagePushed(Event):
    """A stored chat message, pushed to both members on every device."""

    channel: Literal["chat:message"] = "chat:message"
    chat_id: str
    message: dict[str, Any]  # {id, who, message, time}
    user_chat_data: dict[str, Any]  # {chatId, contactId, lastMessageTime} as the receiver sees it


class ChatTyping(Event):
    channel: Literal["chat:typing"] = "chat:typing"
    chat_id: str
    user_id: int


class ChatRead(Event):
    """The user read a chat on one device: their other devices clear the unread count too."""

    channel: Literal["chat:read"] = "chat:read"
    chat_id: str
    contact_id: int


class PresenceChanged(Event):
    channel: Literal["presence"] = "presence"
    user_id: int
    status: Literal["online", "away", "do-not-disturb", "offline"]
    mood: str


class PresenceBatch(Event):
    """Several users' presence changes at once (each as a ``presence`` payload), in the order they happened."""

    channel: Literal["presence:batch"] = "presence:batch"
    changes: list[dict[str, Any]]


class QuickPanelChanged(Event):
    channel: Literal["quick-panel"] = "quick-panel"
    action: Literal["saved", "removed"]
    kind: Literal["events", "notes"]
    id: int
    item: dict[str, Any] | None


class NotificationPushed(Event):
    channel: Literal["notification"] = "notification"
    notification: dict[str, Any]
    unread: int
    silent: bool  # the user is in do-not-disturb: store and list it, but no snackbar


class DocumentProgress(Event):
    """A step of an uploaded document's processing in the worker (no version change: progress only)."""

    channel: Literal["document-progress"] = "document-progress"
    type: Literal["document.progress"] = "document.progress"
    id: int
    state: Literal["queued", "processing", "ready", "failed"]
    stage: Literal["queued", "received", "type-check", "text", "thumbnail", "done", "failed", "retrying"]
    percent: int
    message: str
    attempt: int
    uploaded_by_id: int | None


class AuditAppended(Event):
    """A new audit log entry (app/services/audit.py), pushed to the admins only (room ``admins``)."""

    channel: Literal["audit"] = "audit"
    type: Literal["audit.appended"] = "audit.appended"
    entry: dict[str, Any]


class PortalSettingsChanged(Event):
    """An administrator changed the app-wide settings: every open portal applies them at once."""

    channel: Literal["portal-settings"] = "portal-settings"
    settings: dict[str, Any]
