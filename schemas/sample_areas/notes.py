"""Notes sample area (/api/notes-app): notes with checklists, reminders and labels."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, RootModel

from schemas.sample_areas.base import LONG_TEXT, PICTURE, Id, IsoDate, SampleModel, now_iso

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
    time: IsoDate = Field(default_factory=now_iso)
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


class NoteBody(SampleModel):
    note: NewNote


class WholeNoteBody(SampleModel):
    note: Note


class Notes(RootModel[list[Note]]):
    """Every note, newest first."""


class NoteLabels(RootModel[list[NoteLabel]]):
    """Every note label."""
