"""Notes sample area: every call of /api/notes-app and the spec's rules (top insert, whole replacements)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from tests.samples.calls import AreaCalls

pytestmark = pytest.mark.db

calls = AreaCalls("notes", "/api/notes-app", who="manager", kind="notes")
AREA, API = calls.area, calls.api
get, stored = calls.get, calls.stored


def new_note(**overrides: Any) -> dict[str, Any]:
    note = {
        "title": "Pick up the test rig",
        "description": "From the north depot, before noon.",
        "archive": False,
        "image": "",
        "time": "2026-11-22T10:00:00Z",
        "reminder": None,
        "checklist": [{"id": "a1", "checked": False, "text": "Book the van"}],
        "labels": [2, 4],
    }
    note.update(overrides)
    return note


async def test_lists_and_labels(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    assert await get(client, who, "notes") == await stored(app)
    labels = await get(client, who, "labels")
    assert [label["handle"] for label in labels] == ["family", "work", "todos", "prior", "personal", "friends"]
    assert all(label["name"] and isinstance(label["id"], int) for label in labels)


async def test_sample_data_is_alive() -> None:
    notes = read_area(AREA)["notes"]
    assert len(notes) >= 20
    fields = {"id", "title", "description", "archive", "image", "time", "reminder", "checklist", "labels"}
    assert all(fields <= set(n) for n in notes)
    assert any(n["checklist"] for n in notes) and any(n["archive"] for n in notes)
    assert any(n["reminder"] for n in notes) and any(n["image"] for n in notes)
    assert {label for n in notes for label in n["labels"]} == {1, 2, 3, 4, 5, 6}


async def test_create_note_goes_to_the_top_with_a_new_id(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    body = new_note(id=before[0]["id"])
    response = await client.post(f"{API}/create-note", headers=who, json={"note": body})
    assert response.status_code == 200
    created = response.json()
    assert created["id"] and created["id"] not in {n["id"] for n in before}
    assert created == {**body, "id": created["id"]}
    assert await get(client, who, "notes") == [created, *before]
    # A bare note gets the template's empty values and the current time.
    bare = (await client.post(f"{API}/create-note", headers=who, json={"note": {"title": "Just a title"}})).json()
    assert bare["description"] == "" and bare["checklist"] == [] and bare["labels"] == [] and bare["time"]
    assert (await get(client, who, "notes"))[0] == bare


async def test_update_note_replaces_the_whole_note(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    note = before[2]
    replacement = {**new_note(title="Renamed", archive=True, reminder="2026-12-01T08:00:00Z"), "id": note["id"]}
    response = await client.post(f"{API}/update-note", headers=who, json={"note": replacement})
    assert response.status_code == 200 and response.json() == replacement
    assert await stored(app) == [*before[:2], replacement, *before[3:]]


async def test_update_labels_replaces_the_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    notes = await stored(app)
    labels = await get(client, who, "labels")
    kept = [label for label in labels if label["handle"] != "work"]
    new_list = [*kept, {"id": "9f3c", "name": "Site", "handle": "site"}]
    response = await client.post(f"{API}/update-labels", headers=who, json={"labels": new_list})
    assert response.status_code == 200 and response.json() == new_list
    assert await get(client, who, "labels") == new_list
    # Notes drop the removed label (id 2) and keep the others; the new label can be used at once.
    after = await stored(app)
    assert [[x for x in n["labels"] if x != 2] for n in notes] == [n["labels"] for n in after]
    created = await client.post(f"{API}/create-note", headers=who, json={"note": new_note(labels=["9f3c", 1])})
    assert created.status_code == 200
    refused = await client.post(f"{API}/create-note", headers=who, json={"note": new_note(labels=[2])})
    assert refused.status_code == 422


async def test_remove_note_answers_the_remaining_notes(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    response = await client.post(f"{API}/remove-note", headers=who, json={"noteId": before[1]["id"]})
    assert response.status_code == 200 and response.json() == [before[0], *before[2:]]
    assert await stored(app) == [before[0], *before[2:]]
    missing = await client.post(f"{API}/remove-note", headers=who, json={"noteId": before[1]["id"]})
    assert missing.status_code == 404 and missing.json()["message"] == "Note not found."


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("create-note", {"title": "not wrapped"}),
        ("create-note", {"note": "text"}),
        ("create-note", {"note": new_note(archive="no")}),
        ("create-note", {"note": new_note(time="yesterday")}),
        ("create-note", {"note": new_note(reminder="soon")}),
        ("create-note", {"note": new_note(labels=[99])}),
        ("create-note", {"note": new_note(labels=[True])}),
        ("create-note", {"note": new_note(checklist=[{"id": 1, "text": "x"}])}),
        ("update-note", {"note": new_note()}),  # no id
        ("update-note", {"note": {"id": "FIRST", "title": "partial"}}),
        ("update-note", {"note": new_note(id="FIRST", labels=[7])}),
        ("update-note", {"note": new_note(id="FIRST", title=3)}),
        ("update-labels", {"labels": [{"id": 1, "name": "", "handle": "x"}]}),
        ("update-labels", {"labels": [{"id": 1, "name": "A", "handle": "a"}, {"id": "1", "name": "B", "handle": "b"}]}),
        ("update-labels", {"labels": {"id": 1}}),
        ("update-labels", {"labels": [{"id": None, "name": "A", "handle": "a"}]}),
        ("update-labels", [{"id": 1, "name": "A", "handle": "a"}]),
        ("remove-note", {"noteId": 5}),
        ("remove-note", {"id": "FIRST"}),
    ],
)
async def test_writes_refuse_malformed_bodies(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any
) -> None:
    notes, labels = await stored(app), await stored(app, "labels")
    if isinstance(body, dict) and isinstance(body.get("note"), dict) and body["note"].get("id") == "FIRST":
        body = {"note": {**body["note"], "id": notes[0]["id"]}}
    if isinstance(body, dict) and body.get("id") == "FIRST":
        body = {"id": notes[0]["id"]}
    response = await client.post(f"{API}/{path}", headers=who, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == notes and await stored(app, "labels") == labels


async def test_update_of_an_unknown_note(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    response = await client.post(f"{API}/update-note", headers=who, json={"note": new_note(id="nope")})
    assert response.status_code == 404 and response.json()["message"] == "Note not found."
    assert await stored(app) == before


test_every_call_needs_a_staff_token = calls.staff_only()
