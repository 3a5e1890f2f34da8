"""Mail sample area (/api/mail-app): mails in folders, with labels and flags."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field, RootModel, field_validator

from schemas.query import QueryModel
from schemas.sample_areas.base import LONG_TEXT, HandlesQuery, Id, SampleModel, not_blank


class Recipient(SampleModel):
    name: str
    email: str


class Sender(Recipient):
    avatar: str = ""


class Attachment(SampleModel):
    type: str
    fileName: str
    preview: str = ""
    url: str = ""
    size: str = ""


class Mail(SampleModel):
    id: Id
    from_: Sender = Field(alias="from")
    to: list[Recipient]
    subject: str
    message: Annotated[str, Field(max_length=LONG_TEXT)]
    time: str
    read: bool
    starred: bool
    important: bool
    hasAttachments: bool
    attachments: list[Attachment]
    labels: list[int]
    folder: int


MAX_RECIPIENTS = 50
MAX_SUBJECT = 200
MAX_MESSAGE = 10_000
INBOX, SENT = 0, 1
EMAIL = re.compile(r"^[^\s@<>(),;:\"]+@[^\s@<>(),;:\"]+\.[^\s@<>(),;:\"]+$")
Address = Annotated[str, Field(min_length=3, max_length=254)]


class Outgoing(SampleModel):
    """A new mail: addresses (to at least one; cc and bcc optional), subject and plain-text message."""

    to: Annotated[list[Address], Field(min_length=1)]
    cc: list[Address] = Field(default_factory=list)
    bcc: list[Address] = Field(default_factory=list)
    subject: Annotated[str, Field(max_length=MAX_SUBJECT), not_blank("Write something here.")]
    message: Annotated[str, Field(max_length=MAX_MESSAGE), not_blank("Write something here.")]

    @field_validator("to", "cc", "bcc")
    @classmethod
    def _addresses(cls, values: list[str]) -> list[str]:
        cleaned = [value.strip().lower() for value in values]
        wrong = [value for value in cleaned if not EMAIL.match(value)]
        if wrong:
            raise ValueError(f"Not an email address: {', '.join(wrong[:5])}.")
        return cleaned


class Selection(SampleModel):
    selectedMailIds: list[Id]


class FolderMove(Selection):
    folderId: int


class LabelToggle(Selection):
    labelId: int


class Mails(RootModel[list[Mail]]):
    """The mails of the chosen label, filter or folder."""


class MailsQuery(HandlesQuery):
    """The mails of one folder, label or filter."""


class MailQuery(QueryModel):
    mail_id: Annotated[str, Field(max_length=120, description="Required.")] = ""
