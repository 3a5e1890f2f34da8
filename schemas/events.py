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


class SessionEnded(Event):
    """Tells a client its session was signed out or expired; the server then drops the socket."""

    channel: Literal["session"] = "session"
    type: Literal["session.ended"] = "session.ended"
    reason: Literal["signed-out", "expired", "revoked"]
