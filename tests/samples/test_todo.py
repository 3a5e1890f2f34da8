"""To-do sample area: every call of /api/todo-app and the spec's rules (precedence, soft delete, order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from tests.samples.calls import AreaCalls

pytestmark = pytest.mark.db

calls = AreaCalls("todo", "/api/todo-app", who="contractor", kind="todos")
AREA, API = calls.area, calls.api
get = calls.get
stored = calls.stored  # every to-do, deleted ones included, in list order


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


async def test_catalogues(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    assert [f["handle"] for f in await get(client, who, "folders")] == ["all"]
    filters = {f["handle"]: f["title"] for f in await get(client, who, "filters")}
    assert filters == {
        "starred": "Starred",
        "important": "Priority",
        "dueDate": "Scheduled",
        "today": "Today",
        "completed": "Done",
        "deleted": "Deleted",
    }
    labels = await get(client, who, "labels")
    assert [label["handle"] for label in labels] == ["frontend", "backend", "api", "issue", "mobile"]
    assert all(label["color"].startswith("#") and label["title"] for label in labels)


async def test_sample_data_is_alive() -> None:
    todos = read_area(AREA)["todos"]
    assert len(todos) >= 30
    live = [t for t in todos if not t["deleted"]]
    assert {label for t in live for label in t["labels"]} == {1, 2, 3, 4, 5}
    for flag in ("starred", "important", "dueDate", "completed"):
        assert any(t[flag] for t in live) and not all(t[flag] for t in live)
    assert any(t["deleted"] for t in todos)


async def test_folder_all_is_the_default_and_hides_deleted(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    everything = await stored(app)
    live = [t for t in everything if not t["deleted"]]
    assert len(live) < len(everything)
    assert await get(client, who, "todos") == live
    assert await get(client, who, "todos", folderHandle="all") == live
    assert await get(client, who, "todos", folderHandle="nope") == []


async def test_filters(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    everything = await stored(app)
    live = [t for t in everything if not t["deleted"]]
    for handle in ("starred", "important", "dueDate", "completed"):
        listed = await get(client, who, "todos", filterHandle=handle)
        assert listed == [t for t in live if t[handle]] and listed
    assert await get(client, who, "todos", filterHandle="deleted") == [t for t in everything if t["deleted"]]
    assert await get(client, who, "todos", filterHandle="notes") == []  # only the defined filters


async def test_today_filter_lists_live_todos_due_today(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    now = datetime.now(UTC)
    due_now = await client.post(f"{API}/new-todo", headers=who, json={"title": "Due now", "dueDate": iso(now)})
    later = await client.post(
        f"{API}/new-todo", headers=who, json={"title": "Later", "dueDate": iso(now + timedelta(days=2))}
    )
    gone = await client.post(
        f"{API}/new-todo", headers=who, json={"title": "Gone", "dueDate": iso(now), "deleted": True}
    )
    today_ids = {t["id"] for t in await get(client, who, "todos", filterHandle="today")}
    assert due_now.json()["id"] in today_ids
    assert later.json()["id"] not in today_ids and gone.json()["id"] not in today_ids


async def test_labels_select_live_todos(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    everything = await stored(app)
    for handle, label_id in [("frontend", 1), ("backend", 2), ("api", 3), ("issue", 4), ("mobile", 5)]:
        listed = await get(client, who, "todos", labelHandle=handle)
        assert listed == [t for t in everything if label_id in t["labels"] and not t["deleted"]] and listed
    assert await get(client, who, "todos", labelHandle="nope") == []  # the label is not checked


async def test_label_beats_filter_beats_folder(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    everything = await stored(app)
    by_label = [t for t in everything if 2 in t["labels"] and not t["deleted"]]
    deleted = [t for t in everything if t["deleted"]]
    assert (
        await get(client, who, "todos", labelHandle="backend", filterHandle="deleted", folderHandle="all") == by_label
    )
    assert await get(client, who, "todos", filterHandle="deleted", folderHandle="all") == deleted
    assert await get(client, who, "todos", labelHandle="", filterHandle="", folderHandle="all") == [
        t for t in everything if not t["deleted"]
    ]


async def test_new_todo_goes_to_the_front_with_a_new_id(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    body = {"id": before[0]["id"], "title": "Order spare fuses", "labels": [4], "important": True, "dueDate": None}
    response = await client.post(f"{API}/new-todo", headers=who, json=body)
    assert response.status_code == 200
    created = response.json()
    assert created["id"] not in {t["id"] for t in before}
    assert created["title"] == "Order spare fuses" and created["labels"] == [4] and created["important"] is True
    assert created["completed"] is False and created["deleted"] is False and created["notes"] == ""
    assert "folder" not in created
    assert await stored(app) == [created, *before]
    assert (await get(client, who, "todos"))[0] == created


async def test_update_todo_replaces_in_place(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    todo = before[4]
    changed = {**todo, "completed": not todo["completed"], "starred": True, "title": "Renamed", "labels": [1, 5]}
    response = await client.post(f"{API}/update-todo", headers=who, json=changed)
    assert response.status_code == 200 and response.json() == changed
    assert await stored(app) == [*before[:4], changed, *before[5:]]


async def test_remove_todo_is_a_soft_delete(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    live = await get(client, who, "todos")
    target = live[0]
    response = await client.post(f"{API}/remove-todo", headers=who, json=target["id"])
    assert response.status_code == 200 and response.json() == target["id"]
    assert target["id"] not in {t["id"] for t in await get(client, who, "todos")}
    assert {**target, "deleted": True} in await get(client, who, "todos", filterHandle="deleted")
    # The object form is accepted too.
    other = live[1]["id"]
    assert (await client.post(f"{API}/remove-todo", headers=who, json={"id": other})).json() == other
    missing = await client.post(f"{API}/remove-todo", headers=who, json="nope")
    assert missing.status_code == 404 and missing.json()["message"] == "To-do not found."


async def test_delete_todos_is_permanent(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    gone = [before[0]["id"], before[1]["id"]]
    response = await client.post(f"{API}/delete-todos", headers=who, json={"selectedTodoIds": gone})
    assert response.status_code == 200 and response.content == b""
    assert await stored(app) == before[2:]
    assert not {t["id"] for t in await get(client, who, "todos", filterHandle="deleted")} & set(gone)


async def test_set_folder(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    ids = [before[0]["id"], before[3]["id"]]
    response = await client.post(
        f"{API}/set-folder", headers=who, json={"selectedTodoIds": [*ids, "gone"], "folderId": 0}
    )
    assert response.status_code == 200 and response.content == b""
    after = {t["id"]: t for t in await stored(app)}
    assert all(after[i]["folder"] == 0 for i in ids)
    assert sum("folder" in t for t in after.values()) == 2


async def test_toggle_label_adds_where_absent_and_removes_where_present(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    await calls.toggles_label(app, client, who, "selectedTodoIds", 3)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("new-todo", {"notes": "no title"}),
        ("new-todo", {"title": ""}),
        ("new-todo", {"title": "x", "starred": "yes"}),
        ("new-todo", {"title": "x", "labels": [9]}),
        ("new-todo", {"title": "x", "labels": ["api"]}),
        ("new-todo", {"title": "x", "dueDate": "next Tuesday"}),
        ("new-todo", {"title": "x", "folder": 3}),
        ("new-todo", ["title"]),
        ("update-todo", {"completed": 1}),
        ("update-todo", {"title": None}),
        ("update-todo", {"labels": [42]}),
        ("update-todo", {"startDate": "yesterday"}),
        ("update-todo", {"id": ""}),
        ("update-todo", {"deleted": None}),
        ("remove-todo", {"todo": "x"}),
        ("remove-todo", 12),
        ("remove-todo", ""),
        ("set-folder", {"selectedTodoIds": ["FIRST"], "folderId": 7}),
        ("set-folder", {"selectedTodoIds": "FIRST", "folderId": 0}),
        ("toggle-label", {"selectedTodoIds": ["FIRST"], "labelId": 0}),
        ("toggle-label", {"selectedTodoIds": ["FIRST"], "labelId": "1"}),
        ("delete-todos", {"selectedTodoIds": [None]}),
        ("delete-todos", {"ids": ["FIRST"]}),
    ],
)
async def test_writes_refuse_malformed_bodies(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any
) -> None:
    before = await stored(app)
    first = before[0]["id"]
    if path == "update-todo":
        body = {**before[0], **body}
    elif isinstance(body, dict):
        body = {k: ([first] if v == ["FIRST"] else first if v == "FIRST" else v) for k, v in body.items()}
    response = await client.post(f"{API}/{path}", headers=who, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == before


async def test_update_of_an_unknown_todo(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await stored(app)
    response = await client.post(f"{API}/update-todo", headers=who, json={**before[0], "id": "nope"})
    assert response.status_code == 404 and response.json()["message"] == "To-do not found."
    assert await stored(app) == before


test_every_call_needs_a_staff_token = calls.staff_only()
