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

from app.errors import invalid, not_found
from app.samples import folders
from app.samples.common import Area, no_body
from app.samples.store import SampleStore
from schemas.meta import NoBody
from schemas.sample_areas.base import Handles
from schemas.sample_areas.todo import (
    FolderMove,
    LabelToggle,
    NewTodo,
    RemovedTodo,
    RemoveTodo,
    Selection,
    Todo,
    Todos,
    TodosQuery,
)

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


async def list_todos(_request: Request, store: SampleStore, query: TodosQuery) -> list[dict[str, Any]]:
    todos = await store.all("todos")
    live = [t for t in todos if not t.get("deleted")]
    if label_handle := query.label_handle:
        label_id = await folders.handle_id(store, "labels", label_handle)  # not checked: unknown matches nothing
        return [t for t in live if label_id is not None and label_id in t.get("labels", [])]
    if filter_handle := query.filter_handle:
        if filter_handle == DELETED:
            return [t for t in todos if t.get("deleted")]
        if await folders.handle_id(store, "filters", filter_handle) is None:
            return []
        today = datetime.now(UTC).date()
        return [t for t in live if _matches_filter(t, filter_handle, today)]
    folder_handle = query.folder_handle or ALL
    if folder_handle == ALL:
        return live
    folder_id = await folders.handle_id(store, "folders", folder_handle)
    return [t for t in live if folder_id is not None and t.get("folder") == folder_id]


async def update_todo(request: Request, store: SampleStore, todo: Todo) -> dict[str, Any]:
    if await store.get("todos", todo.id) is None:
        raise not_found("To-do not found.")
    await folders.check_refs(store, folder=todo.folder, labels=todo.labels)
    return await store.put("todos", todo.id, _dump(todo))


async def new_todo(request: Request, store: SampleStore, todo: NewTodo) -> dict[str, Any]:
    await folders.check_refs(store, folder=todo.folder, labels=todo.labels)
    todo_id = uuid.uuid4().hex[:24]
    return await store.put("todos", todo_id, {**_dump(todo), "id": todo_id}, front=True)


async def remove_todo(_request: Request, store: SampleStore, body: RemoveTodo) -> str:
    """``remove-todo`` sends the id itself; an object with ``id`` or ``todoId`` is accepted too."""
    todo_id = body.todo_id()
    if not todo_id:
        raise invalid("Send the to-do's id.", {"id": "This field is required."})
    todo = await store.get("todos", todo_id)
    if todo is None:
        raise not_found("To-do not found.")
    await store.put("todos", todo_id, {**todo, "deleted": True})
    return todo_id


async def set_folder(request: Request, store: SampleStore, body: FolderMove) -> Any:
    await folders.move(store, store, "todos", body.selectedTodoIds, body.folderId)
    return no_body()


async def toggle_label(request: Request, store: SampleStore, body: LabelToggle) -> Any:
    await folders.toggle_label(store, store, "todos", body.selectedTodoIds, body.labelId)
    return no_body()


async def delete_todos(request: Request, store: SampleStore, body: Selection) -> Any:
    await store.remove("todos", body.selectedTodoIds)
    return no_body()


area = Area(AREA, PREFIX)
routes = [
    area.get("/todos", list_todos, Todos, query=TodosQuery),
    area.post("/update-todo", update_todo, Todo, body=Todo),
    area.post("/new-todo", new_todo, Todo, body=NewTodo),
    area.post("/remove-todo", remove_todo, RemovedTodo, body=RemoveTodo),
    area.post("/set-folder", set_folder, NoBody, body=FolderMove),
    area.post("/toggle-label", toggle_label, NoBody, body=LabelToggle),
    area.post("/delete-todos", delete_todos, NoBody, body=Selection),
    *(area.listing(kind, Handles) for kind in ("folders", "filters", "labels")),
]
