"""To-do sample area (``/api/todo-app``): to-dos chosen by label, filter or folder.

Rules from the spec: label, then filter, then folder (``all`` by default); deleted to-dos are left
out of every list except the ``deleted`` filter; a new to-do goes to the front with a new id;
``remove-todo`` is a soft delete (``deleted: true``) while ``delete-todos`` removes for good; labels
toggle per to-do (added where absent, removed where present); the bulk calls answer 200 with no body.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.http import read_body
from app.samples.common import endpoint, listing, no_body, read
from app.samples.store import SampleStore
from schemas.meta import NoBody
from schemas.sample_areas.base import Handles
from schemas.sample_areas.todo import FolderMove, LabelToggle, NewTodo, RemovedTodo, Selection, Todo, Todos, TodosQuery

AREA = "todo"
PREFIX = "/api/todo-app"
ALL = "all"
DELETED = "deleted"


def _dump(todo: NewTodo) -> dict[str, Any]:
    data = todo.model_dump(mode="json")
    if data.get("folder") is None:
        data.pop("folder", None)  # the folder is optional: absent rather than null
    return data


def _due_today(todo: dict[str, Any], today: date) -> bool:
    due = todo.get("dueDate")
    if not due:
        return False
    try:
        moment = datetime.fromisoformat(due)
    except ValueError:
        return False
    return (moment.astimezone(UTC) if moment.tzinfo else moment).date() == today


def _matches_filter(todo: dict[str, Any], handle: str, today: date) -> bool:
    if handle == "today":
        return _due_today(todo, today)
    # starred, important (Priority), dueDate (Scheduled), completed (Done): the field is set.
    return bool(todo.get(handle))


async def _handle_id(store: SampleStore, kind: str, handle: str) -> int | None:
    return next((item["id"] for item in await store.all(kind) if item["handle"] == handle), None)


async def list_todos(_request: Request, store: SampleStore, query: TodosQuery) -> list[dict[str, Any]]:
    todos = await store.all("todos")
    live = [t for t in todos if not t.get("deleted")]
    if label_handle := query.label_handle:
        label_id = await _handle_id(store, "labels", label_handle)  # not checked: unknown matches nothing
        return [t for t in live if label_id is not None and label_id in t.get("labels", [])]
    if filter_handle := query.filter_handle:
        if filter_handle == DELETED:
            return [t for t in todos if t.get("deleted")]
        if await _handle_id(store, "filters", filter_handle) is None:
            return []
        today = datetime.now(UTC).date()
        return [t for t in live if _matches_filter(t, filter_handle, today)]
    folder_handle = query.folder_handle or ALL
    if folder_handle == ALL:
        return live
    folder_id = await _handle_id(store, "folders", folder_handle)
    return [t for t in live if folder_id is not None and t.get("folder") == folder_id]


async def _ids(store: SampleStore, kind: str) -> set[int]:
    return {item["id"] for item in await store.all(kind)}


async def _check_refs(store: SampleStore, todo: NewTodo) -> None:
    if todo.folder is not None and todo.folder not in await _ids(store, "folders"):
        raise invalid(f"Unknown folder: {todo.folder}.", {"folder": "Use the id of an existing folder."})
    unknown = sorted(set(todo.labels) - await _ids(store, "labels"))
    if unknown:
        raise invalid(f"Unknown labels: {unknown}.", {"labels": "Use the ids of existing labels."})


async def update_todo(request: Request, store: SampleStore) -> dict[str, Any]:
    todo = await read(request, Todo)
    if await store.get("todos", todo.id) is None:
        raise not_found("To-do not found.")
    await _check_refs(store, todo)
    return await store.put("todos", todo.id, _dump(todo))


async def new_todo(request: Request, store: SampleStore) -> dict[str, Any]:
    todo = await read(request, NewTodo)
    await _check_refs(store, todo)
    todo_id = uuid.uuid4().hex[:24]
    return await store.put("todos", todo_id, {**_dump(todo), "id": todo_id}, front=True)


async def _single_id(request: Request) -> str:
    """``remove-todo`` sends the id itself; an object with ``id`` or ``todoId`` is accepted too."""
    data = await read_body(request)
    if isinstance(data, dict):
        data = data.get("id", data.get("todoId"))
    if not isinstance(data, str) or not data:
        raise invalid("Send the to-do's id.", {"id": "This field is required."})
    return data


async def remove_todo(request: Request, store: SampleStore) -> str:
    todo_id = await _single_id(request)
    todo = await store.get("todos", todo_id)
    if todo is None:
        raise not_found("To-do not found.")
    await store.put("todos", todo_id, {**todo, "deleted": True})
    return todo_id


async def _selected(store: SampleStore, ids: list[str]) -> list[dict[str, Any]]:
    """The selected to-dos that still exist (another user may have deleted some meanwhile)."""
    wanted = set(ids)
    return [t for t in await store.all("todos") if t["id"] in wanted]


async def set_folder(request: Request, store: SampleStore) -> Any:
    body = await read(request, FolderMove)
    if body.folderId not in await _ids(store, "folders"):
        raise invalid(f"Unknown folder: {body.folderId}.", {"folderId": "Use the id of an existing folder."})
    for todo in await _selected(store, body.selectedTodoIds):
        await store.put("todos", todo["id"], {**todo, "folder": body.folderId})
    return no_body()


def _toggled(labels: list[int], label_id: int) -> list[int]:
    return [x for x in labels if x != label_id] if label_id in labels else [*labels, label_id]


async def toggle_label(request: Request, store: SampleStore) -> Any:
    body = await read(request, LabelToggle)
    if body.labelId not in await _ids(store, "labels"):
        raise invalid(f"Unknown label: {body.labelId}.", {"labelId": "Use the id of an existing label."})
    for todo in await _selected(store, body.selectedTodoIds):
        await store.put("todos", todo["id"], {**todo, "labels": _toggled(todo.get("labels", []), body.labelId)})
    return no_body()


async def delete_todos(request: Request, store: SampleStore) -> Any:
    body = await read(request, Selection)
    await store.remove("todos", body.selectedTodoIds)
    return no_body()


routes = [
    Route(f"{PREFIX}/todos", endpoint(AREA, list_todos, answer=Todos, query=TodosQuery), methods=["GET"]),
    Route(f"{PREFIX}/update-todo", endpoint(AREA, update_todo, answer=Todo, body=Todo), methods=["POST"]),
    Route(f"{PREFIX}/new-todo", endpoint(AREA, new_todo, answer=Todo, body=NewTodo), methods=["POST"]),
    Route(f"{PREFIX}/remove-todo", endpoint(AREA, remove_todo, answer=RemovedTodo), methods=["POST"]),
    Route(f"{PREFIX}/set-folder", endpoint(AREA, set_folder, answer=NoBody, body=FolderMove), methods=["POST"]),
    Route(f"{PREFIX}/toggle-label", endpoint(AREA, toggle_label, answer=NoBody, body=LabelToggle), methods=["POST"]),
    Route(f"{PREFIX}/delete-todos", endpoint(AREA, delete_todos, answer=NoBody, body=Selection), methods=["POST"]),
    *(
        Route(f"{PREFIX}/{kind}", listing(AREA, kind, Handles), methods=["GET"])
        for kind in ("folders", "filters", "labels")
    ),
]
