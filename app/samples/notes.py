"""Notes sample area (``/api/notes-app``): notes with checklists, reminders and labels.

Rules from the spec: a created note goes to the top of the list with a new id; ``update-note``
replaces the whole note; ``update-labels`` replaces the whole label list and answers it;
``remove-note`` answers the notes that remain.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, Field
from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.samples.common import LONG_TEXT, PICTURE, SampleModel, endpoint, listing, read
from app.samples.store import SampleStore

AREA = "notes"
PREFIX = "/api/notes-app"


def _iso(value: str) -> str:
    try:
        datetime.fromisoformat(value)
    except ValueError as exc:
        raise ValueError("Use an ISO 8601 date, like 2026-11-22T09:00:00Z.") from exc
    return value


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


Id = Annotated[str, Field(min_length=1)]
IsoDate = Annotated[str, AfterValidator(_iso)]
# Sample label ids are numbers; labels added in the UI get generated string ids.
LabelId = int | Annotated[str, Field(min_length=1)]


class ChecklistItem(SampleModel):
    id: int | str
    checked: bool
    text: str


class NewNote(SampleModel):
    title: str = ""
    description: Annotated[str, Field(max_length=LONG_TEXT)] = ""
    archive: bool = False
    image: Annotated[str, Field(max_length=PICTURE)] | None = None
    time: IsoDate = Field(default_factory=_now)
    reminder: IsoDate | None = None
    checklist: list[ChecklistItem] = Field(default_factory=list)
    labels: list[LabelId] = Field(default_factory=list)


class Note(NewNote):
    """A whole note as ``update-note`` replaces it."""

    id: Id
    title: str
    description: Annotated[str, Field(max_length=LONG_TEXT)]
    archive: bool
    time: IsoDate
    checklist: list[ChecklistItem]
    labels: list[LabelId]


class NoteLabel(SampleModel):
    id: LabelId
    name: str = Field(min_length=1)
    handle: str = Field(min_length=1)


class Labels(SampleModel):
    labels: list[NoteLabel]


class NoteRef(SampleModel):
    noteId: Id


async def _check_labels(store: SampleStore, labels: list[int | str]) -> None:
    known = {label["id"] for label in await store.all("labels")}
    unknown = [label for label in labels if label not in known]
    if unknown:
        raise invalid(f"Unknown labels: {unknown}.", {"labels": "Use the ids of existing labels."})


async def create_note(request: Request, store: SampleStore) -> dict[str, Any]:
    note = await read(request, NewNote, field="note")
    await _check_labels(store, note.labels)
    note_id = uuid.uuid4().hex[:24]
    return await store.put("notes", note_id, {**note.model_dump(mode="json"), "id": note_id}, front=True)


async def update_note(request: Request, store: SampleStore) -> dict[str, Any]:
    note = await read(request, Note, field="note")
    if await store.get("notes", note.id) is None:
        raise not_found("Note not found.")
    await _check_labels(store, note.labels)
    return await store.put("notes", note.id, note.model_dump(mode="json"))


async def update_labels(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    body = await read(request, Labels)
    labels = [label.model_dump(mode="json") for label in body.labels]
    ids = [label["id"] for label in labels]
    if len({str(x) for x in ids}) != len(ids):  # stored by key: 1 and "1" would be the same label
        raise invalid("Each label needs its own id.", {"labels": "Label ids must be unique."})
    await store.replace_all("labels", labels)
    # A note keeps only labels that still exist, so every stored note stays valid for update-note.
    kept = set(ids)
    for note in await store.all("notes"):
        if any(label not in kept for label in note.get("labels", [])):
            await store.put("notes", note["id"], {**note, "labels": [x for x in note["labels"] if x in kept]})
    return labels


async def remove_note(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    body = await read(request, NoteRef)
    if not await store.remove("notes", [body.noteId]):
        raise not_found("Note not found.")
    return await store.all("notes")


routes = [
    Route(f"{PREFIX}/notes", listing(AREA, "notes"), methods=["GET"]),
    Route(f"{PREFIX}/labels", listing(AREA, "labels"), methods=["GET"]),
    Route(f"{PREFIX}/create-note", endpoint(AREA, create_note), methods=["POST"]),
    Route(f"{PREFIX}/update-note", endpoint(AREA, update_note), methods=["POST"]),
    Route(f"{PREFIX}/update-labels", endpoint(AREA, update_labels), methods=["POST"]),
    Route(f"{PREFIX}/remove-note", endpoint(AREA, remove_note), methods=["POST"]),
]
