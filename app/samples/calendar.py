"""Calendar sample area (``/api/calendar-app``): events with a title, start, end and all-day flag.

Rules from the spec: ``add-event``, ``update-event`` and ``remove-event`` each answer the full event
list. (This module is ``app.samples.calendar``; it never needs the standard library's ``calendar``.)
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, Field, model_validator
from starlette.requests import Request
from starlette.routing import Route

from app.errors import not_found
from app.samples.common import SampleModel, endpoint, read
from app.samples.store import SampleStore

AREA = "calendar"
PREFIX = "/api/calendar-app"


def _moment(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _iso(value: str) -> str:
    try:
        _moment(value)
    except ValueError as exc:
        raise ValueError("Use an ISO 8601 date, like 2026-11-22T09:00:00Z.") from exc
    return value


Id = Annotated[str, Field(min_length=1)]
IsoDate = Annotated[str, AfterValidator(_iso)]


class NewEvent(SampleModel):
    title: str = Field(min_length=1)
    allDay: bool = False
    start: IsoDate
    end: IsoDate
    desc: str | None = None

    @model_validator(mode="after")
    def _ends_after_start(self) -> NewEvent:
        if _moment(self.end) < _moment(self.start):
            raise ValueError("The end must not be before the start.")
        return self


class Event(NewEvent):
    id: Id


class NewEventBody(SampleModel):
    newEvent: NewEvent


class EventBody(SampleModel):
    event: Event


class EventRef(SampleModel):
    eventId: Id


def _dump(event: NewEvent) -> dict[str, Any]:
    data = event.model_dump(mode="json")
    if data.get("desc") is None:
        data.pop("desc", None)  # desc is optional: absent rather than null
    return data


async def list_events(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("events")


async def add_event(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    event = (await read(request, NewEventBody)).newEvent
    event_id = uuid.uuid4().hex[:24]
    await store.put("events", event_id, {**_dump(event), "id": event_id})
    return await store.all("events")


async def update_event(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    event = (await read(request, EventBody)).event
    if await store.get("events", event.id) is None:
        raise not_found("Event not found.")
    await store.put("events", event.id, _dump(event))
    return await store.all("events")


async def remove_event(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    event_id = (await read(request, EventRef)).eventId
    if not await store.remove("events", [event_id]):
        raise not_found("Event not found.")
    return await store.all("events")


routes = [
    Route(f"{PREFIX}/events", endpoint(AREA, list_events), methods=["GET"]),
    Route(f"{PREFIX}/add-event", endpoint(AREA, add_event), methods=["POST"]),
    Route(f"{PREFIX}/update-event", endpoint(AREA, update_event), methods=["POST"]),
    Route(f"{PREFIX}/remove-event", endpoint(AREA, remove_event), methods=["POST"]),
]
