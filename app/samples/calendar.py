"""Calendar sample area (``/api/calendar-app``): events with a title, start, end and all-day flag.

Rules from the spec: ``add-event``, ``update-event`` and ``remove-event`` each answer the full event
list. (This module is ``app.samples.calendar``; it never needs the standard library's ``calendar``.)
"""

from __future__ import annotations

import uuid
from typing import Any

from starlette.requests import Request

from app.errors import not_found
from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.calendar import EventBody, EventRef, Events, NewEvent, NewEventBody

AREA = "calendar"
PREFIX = "/api/calendar-app"


def _dump(event: NewEvent) -> dict[str, Any]:
    data = event.model_dump(mode="json")
    if data.get("desc") is None:
        data.pop("desc", None)  # desc is optional: absent rather than null
    return data


async def list_events(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("events")


async def add_event(request: Request, store: SampleStore, body: NewEventBody) -> list[dict[str, Any]]:
    event = body.newEvent
    event_id = uuid.uuid4().hex[:24]
    await store.put("events", event_id, {**_dump(event), "id": event_id})
    return await store.all("events")


async def update_event(request: Request, store: SampleStore, body: EventBody) -> list[dict[str, Any]]:
    event = body.event
    if await store.get("events", event.id) is None:
        raise not_found("Event not found.")
    await store.put("events", event.id, _dump(event))
    return await store.all("events")


async def remove_event(request: Request, store: SampleStore, body: EventRef) -> list[dict[str, Any]]:
    event_id = body.eventId
    if not await store.remove("events", [event_id]):
        raise not_found("Event not found.")
    return await store.all("events")


area = Area(AREA, PREFIX)
routes = [
    area.get("/events", list_events, Events),
    area.post("/add-event", add_event, Events, body=NewEventBody),
    area.post("/update-event", update_event, Events, body=EventBody),
    area.post("/remove-event", remove_event, Events, body=EventRef),
]
