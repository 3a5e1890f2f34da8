"""Scrumboard sample area (/api/scrumboard-app): boards of lists of cards."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, RootModel, field_validator, model_validator

from schemas.query import QueryModel
from schemas.sample_areas.base import LONG_TEXT, PICTURE, Id, SampleModel

Name = Annotated[str, Field(min_length=1)]
Time = str | int  # ISO date, or Unix seconds as the template's own data had them


class Member(SampleModel):
    omit_when_none = frozenset({"userId"})

    id: Id
    name: str
    avatar: str = ""
    userId: int | None = None  # the portal user this member is, when picked from the staff directory


class Label(SampleModel):
    id: Id
    name: str
    class_: str = Field("", alias="class")


class Settings(SampleModel):
    color: str = ""
    subscribed: bool = True
    cardCoverImages: bool = True


class CheckItem(SampleModel):
    id: Id | int
    name: str
    checked: bool = False


class Checklist(SampleModel):
    id: Id | int
    name: str
    checkItems: list[CheckItem] = Field(default_factory=list)


class Attachment(SampleModel):
    omit_when_none = frozenset({"src", "url"})

    id: Id
    name: str
    type: Literal["image", "link"]
    time: Time = ""
    src: Annotated[str, Field(max_length=PICTURE)] | None = None
    url: str | None = None

    @model_validator(mode="after")
    def _has_its_address(self) -> Attachment:
        # Images carry "src", links carry "url" (spec): each kind has its own and only needs that one.
        field = "src" if self.type == "image" else "url"
        value = self.src if self.type == "image" else self.url
        if not value:
            raise ValueError(f"{self.type.title()} attachments need '{field}'.")
        return self


class Activity(SampleModel):
    omit_when_none = frozenset({"memberName"})

    id: Id | int
    type: Literal["comment", "attachment"]
    idMember: Id
    message: str
    time: Time = ""
    memberName: str | None = None  # who wrote it, when a portal user rather than a board member


def iso_or_none(value: str | None) -> str | None:
    if value is not None:
        try:
            datetime.fromisoformat(value)
        except ValueError as exc:
            raise ValueError("Use an ISO date, such as 2025-11-03T09:30:00.000Z, or null.") from exc
    return value


class Card(SampleModel):
    id: Id
    name: Name
    description: Annotated[str, Field(max_length=LONG_TEXT)] = ""
    idAttachmentCover: str = ""
    idMembers: list[Id] = Field(default_factory=list)
    idLabels: list[Id] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    subscribed: bool = False
    checklists: list[Checklist] = Field(default_factory=list)
    activities: list[Activity] = Field(default_factory=list)
    due: str | None = None

    _due = field_validator("due")(iso_or_none)


class CardChanges(Card):
    """``card/update`` sends the card's id and the fields it changes (usually the whole card)."""

    name: Name = "-"


class BoardList(SampleModel):
    id: Id
    name: str
    idCards: list[Id] = Field(default_factory=list)


class Board(SampleModel):
    id: Id
    name: Name
    uri: Name
    settings: Settings = Field(default_factory=Settings)
    lists: list[BoardList] = Field(default_factory=list)
    cards: list[Card] = Field(default_factory=list)
    members: list[Member] = Field(default_factory=list)
    labels: list[Label] = Field(default_factory=list)


class OnBoard(SampleModel):
    boardId: Id


class BoardRename(OnBoard):
    boardTitle: Name


class SettingsUpdate(OnBoard):
    settings: Settings


class CardNew(OnBoard):
    listId: Id
    data: Card


class CardUpdate(OnBoard):
    card: CardChanges


class CardRemove(OnBoard):
    cardId: Id


class ListsOrder(OnBoard):
    lists: list[BoardList]


class ListNew(OnBoard):
    data: BoardList


class ListRename(OnBoard):
    listId: Id
    listTitle: Name


class ListRemove(OnBoard):
    listId: Id


class BoardCopy(OnBoard):
    boardTitle: Name | None = None


class MemberAdd(OnBoard):
    userId: Annotated[int, Field(ge=1, le=2**31 - 1)]


class MemberRemove(OnBoard):
    memberId: Id


class LabelNew(OnBoard):
    data: Label


class LabelUpdate(OnBoard):
    label: Label


class LabelRemove(OnBoard):
    labelId: Id


class BoardSummary(BaseModel):
    id: str
    name: str
    uri: str


class BoardSummaries(RootModel[list[BoardSummary]]):
    """Every board (id, name, uri)."""


class Members(RootModel[list[Member]]):
    """The board's members."""


class Labels(RootModel[list[Label]]):
    """The board's labels."""


class Lists(RootModel[list[BoardList]]):
    """The board's lists, in order."""


class Done(RootModel[bool]):
    """true: done."""


class Renamed(RootModel[str]):
    """The new name, or the id of what was removed."""


class BoardQuery(QueryModel):
    board_id: Annotated[str, Field(max_length=120)] = ""


class BoardNew(SampleModel):
    board: Board
