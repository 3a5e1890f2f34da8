"""Realtime event payloads pushed over Socket.IO: strict models, one ``channel`` each.

Every payload is typed down to its leaves with the same shape models the API answers with (a
pushed record is the ``<Entity>Public`` a GET answers). ``/openapi.json`` describes them under
``x-events`` (app/routes/openapi.py) and tests/test_event_contracts.py checks each channel is
emitted where it should be, valid against its schema.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic.alias_generators import to_camel

from schemas.audit import AuditEntry
from schemas.chat import ChatMessagePublic, NotificationPublic, PresenceStatus, QuickPanelItemPublic, UserChatData
from schemas.records import AssetPublic, DocumentPublic, LeadPublic
from schemas.users import PortalSettings


class Event(BaseModel):
    # Defaults are always sent, so the schema lists every field as required.
    model_config = ConfigDict(
        extra="forbid",
        alias_generator=to_camel,
        populate_by_name=True,
        frozen=True,
        json_schema_serialization_defaults_required=True,
    )

    #: the Socket.IO event name the payload travels under (not part of the payload)
    channel: ClassVar[str] = ""

    def payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


class RecordChanged(Event):
    """A committed create, update or delete of an asset, document or opportunity."""

    channel: ClassVar[str] = "record"
    type: Literal["record.created", "record.updated", "record.deleted"]
    resource: Literal["assets", "documents", "leads"]
    id: int
    version: int
    record: AssetPublic | DocumentPublic | LeadPublic | None  # the public record (None when deleted)
    actor_id: int | None
    changed: list[str]

    @model_validator(mode="before")
    @classmethod
    def _record_of_resource(cls, data: Any) -> Any:
        """Read ``record`` with the public model of ``resource`` (their fields overlap, so a union
        alone could pick the wrong one)."""
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            model = PUBLIC_MODELS.get(data.get("resource", ""))
            if model is not None:
                return {**data, "record": model.model_validate(data["record"])}
        return data


class RecordsChanged(Event):
    """Many records created or updated at once (an import batch): one push per batch, never one per
    record. Clients refetch what they show of ``resource``."""

    channel: ClassVar[str] = "records"
    type: Literal["records.changed"] = "records.changed"
    resource: Literal["assets", "documents", "leads"]
    created: list[int]
    updated: list[int]
    actor_id: int | None


class SessionEnded(Event):
    """Tells a client its session was signed out or expired; the server then drops the socket."""

    channel: ClassVar[str] = "session"
    type: Literal["session.ended"] = "session.ended"
    reason: Literal["signed-out", "expired", "revoked"]


class ChatMessagePushed(Event):
    """A stored chat message, pushed to both members on every device."""

    channel: ClassVar[str] = "chat:message"
    chat_id: str
    message: ChatMessagePublic
    user_chat_data: UserChatData  # as the receiver sees it


class ChatTyping(Event):
    """The other member of a chat is typing (relayed, never stored)."""

    channel: ClassVar[str] = "chat:typing"
    chat_id: str
    user_id: int


class ChatRead(Event):
    """The user read a chat on one device: their other devices clear the unread count too."""

    channel: ClassVar[str] = "chat:read"
    chat_id: str
    contact_id: int


class Presence(BaseModel):
    """One user's presence: the ``presence`` payload, and each change of a ``presence:batch``."""

    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True)

    user_id: int
    status: PresenceStatus
    mood: str


class PresenceChanged(Event):
    """A user's presence changed (online, away, do-not-disturb, offline) or their mood."""

    channel: ClassVar[str] = "presence"
    user_id: int
    status: PresenceStatus
    mood: str


class PresenceBatch(Event):
    """Several users' presence changes at once (each as a ``presence`` payload), in the order they happened."""

    channel: ClassVar[str] = "presence:batch"
    changes: list[Presence]


class QuickPanelChanged(Event):
    """The user's quick-panel event or note was saved or removed (on another device too)."""

    channel: ClassVar[str] = "quick-panel"
    action: Literal["saved", "removed"]
    kind: Literal["events", "notes"]
    id: int
    item: QuickPanelItemPublic | None  # None when removed


class NotificationPushed(Event):
    """A new notification for the user, with their unread count."""

    channel: ClassVar[str] = "notification"
    notification: NotificationPublic
    unread: int
    silent: bool  # the user is in do-not-disturb: store and list it, but no snackbar


class DocumentProgress(Event):
    """A step of an uploaded document's processing in the worker (no version change: progress only)."""

    channel: ClassVar[str] = "document-progress"
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

    channel: ClassVar[str] = "audit"
    type: Literal["audit.appended"] = "audit.appended"
    entry: AuditEntry


class PortalSettingsChanged(Event):
    """An administrator changed the app-wide settings: every open portal applies them at once."""

    channel: ClassVar[str] = "portal-settings"
    settings: PortalSettings


PUBLIC_MODELS: dict[str, type[BaseModel]] = {"assets": AssetPublic, "documents": DocumentPublic, "leads": LeadPublic}

#: every event the server pushes, by channel (the Socket.IO event name)
EVENTS: dict[str, type[Event]] = {
    model.channel: model
    for model in (
        RecordChanged,
        RecordsChanged,
        SessionEnded,
        ChatMessagePushed,
        ChatTyping,
        ChatRead,
        PresenceChanged,
        PresenceBatch,
        QuickPanelChanged,
        NotificationPushed,
        DocumentProgress,
        AuditAppended,
        PortalSettingsChanged,
    )
}
