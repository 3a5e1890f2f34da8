"""Notes sample area (``/api/notes-app``): notes with checklists, reminders and labels.

Rules from the spec: a created note goes to the top of the list with a new id; ``update-note``
replaces the whole note; ``update-labels`` replaces the whole label list and answers it;
``remove-note`` answers the notes that remain.
"""

from __future__ import annotations

import uuid
from typing import Any

from starlette.requests import Request

from app.errors import invalid, not_found
from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.notes import Labels, Note, NoteBody, NoteLabels, NoteRef, Notes, WholeNoteBody

AREA = "notes"
PREFIX = "/api/notes-app"


async def _check_labels(store: SampleStore, labels: list[int | str]) -> None:
    known = {label["id"] for label in await store.all("labels")}
    unknown = [label for label in labels if label not in known]
    if unknown:
        raise invalid(f"Unknown labels: {unknown}.", {"labels": "Use the ids of existing labels."})


async def create_note(request: Request, store: SampleStore, body: NoteBody) -> dict[str, Any]:
    note = body.note
    await _check_labels(store, note.labels)
    note_id = uuid.uuid4().hex[:24]
    return await store.put("notes", note_id, {**note.model_dump(mode="json"), "id": note_id}, front=True)


async def update_note(request: Request, store: SampleStore, body: WholeNoteBody) -> dict[str, Any]:
    note = body.note
    if await store.get("notes", note.id) is None:
        raise not_found("Note not found.")
    await _check_labels(store, note.labels)
    return await store.put("notes", note.id, note.model_dump(mode="json"))


async def update_labels(request: Request, store: SampleStore, body: Labels) -> list[dict[str, Any]]:
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


async def remove_note(request: Request, store: SampleStore, body: NoteRef) -> list[dict[str, Any]]:
    if not await store.remove("notes", [body.noteId]):
        raise not_found("Note not found.")
    return await store.all("notes")


area = Area(AREA, PREFIX)
routes = [
    area.listing("notes", Notes),
    area.listing("labels", NoteLabels),
    area.post("/create-note", create_note, Note, body=NoteBody),
    area.post("/update-note", update_note, Note, body=WholeNoteBody),
    area.post("/update-labels", update_labels, NoteLabels, body=Labels),
    area.post("/remove-note", remove_note, Notes, body=NoteRef),
]
