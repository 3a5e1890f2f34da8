"""Calendar sample area: every call of /api/calendar-app; each write answers the full event list."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from tests.samples.calls import AreaCalls

pytestmark = pytest.mark.db

calls = AreaCalls("calendar", "/api/calendar-app", who="technician", kind="events")
AREA, API = calls.area, calls.api
post = calls.ok
stored = calls.stored


def event(**overrides: Any) -> dict[str, Any]:
    body = {"title": "Commissioning", "allDay": False, "start": "2026-11-24T09:00:00Z", "end": "2026-11-24T11:00:00Z"}
    body.update(overrides)
    return body


async def test_sample_data_is_alive() -> None:
    events = read_area(AREA)["events"]
    assert len(events) >= 40
    assert all({"id", "title", "allDay", "start", "end"} <= set(e) for e in events)
    assert any(e["allDay"] for e in events) and any("desc" in e for e in events)
    assert all(e["end"] >= e["start"] for e in events)
    months = {e["start"][:7] for e in events}
    assert "2026-11" in months and len(months) >= 12


async def test_events(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    response = await client.get(f"{API}/events", headers=who)
    assert response.status_code == 200 and response.json() == await stored(app)


async def test_add_event_answers_the_full_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    body = event(id=before[0]["id"], desc="Bring the loop tester.")
    listed = await post(client, who, "add-event", {"newEvent": {**body, "color": "teal"}})  # unknown: dropped
    assert listed[:-1] == before
    added = listed[-1]
    assert added["id"] not in {e["id"] for e in before}
    assert added == {**body, "id": added["id"]}
    assert await stored(app) == listed
    # All-day flag defaults to false and desc stays absent when not given.
    bare = (await post(client, who, "add-event", {"newEvent": {k: v for k, v in event().items() if k != "allDay"}}))[-1]
    assert bare["allDay"] is False and "desc" not in bare


async def test_update_event_answers_the_full_list(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    changed = {**before[5], "title": "Moved meeting", "allDay": True, "end": "2030-01-01T00:00:00Z"}
    listed = await post(client, who, "update-event", {"event": changed})
    assert listed == [*before[:5], changed, *before[6:]] == await stored(app)
    missing = await client.post(f"{API}/update-event", headers=who, json={"event": {**changed, "id": "nope"}})
    assert missing.status_code == 404 and missing.json()["message"] == "Event not found."


async def test_remove_event_answers_the_full_list(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    listed = await post(client, who, "remove-event", {"eventId": before[0]["id"]})
    assert listed == before[1:] == await stored(app)
    missing = await client.post(f"{API}/remove-event", headers=who, json={"eventId": before[0]["id"]})
    assert missing.status_code == 404 and missing.json()["message"] == "Event not found."


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("add-event", event()),  # not wrapped in newEvent
        ("add-event", {"newEvent": event(title="")}),
        ("add-event", {"newEvent": event(allDay="true")}),
        ("add-event", {"newEvent": event(start="tomorrow")}),
        ("add-event", {"newEvent": event(start=1790000000)}),
        ("add-event", {"newEvent": {"title": "No dates"}}),
        ("add-event", {"newEvent": event(end="2026-11-24T08:00:00Z")}),
        ("add-event", {"newEvent": event(desc=5)}),
        ("update-event", {"event": event()}),  # no id
        ("update-event", {"event": event(id="FIRST", end="2020-01-01T00:00:00Z")}),
        ("update-event", {"event": {"id": "FIRST", "title": "partial"}}),
        ("update-event", {"newEvent": event(id="FIRST")}),
        ("remove-event", {"eventId": 0}),
        ("remove-event", {"id": "FIRST"}),
        ("remove-event", ["FIRST"]),
    ],
)
async def test_writes_refuse_malformed_bodies(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any
) -> None:
    before = await stored(app)
    first = before[0]["id"]

    def fill(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v) for v in value]
        return first if value == "FIRST" else value

    response = await client.post(f"{API}/{path}", headers=who, json=fill(body))
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == before


async def test_the_end_before_the_start_is_explained(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    body = {"newEvent": event(end="2026-11-24T08:00:00Z")}
    response = await client.post(f"{API}/add-event", headers=who, json=body)
    assert "The end must not be before the start." in response.json()["message"]


test_every_call_needs_a_staff_token = calls.staff_only()
