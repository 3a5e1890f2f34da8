"""Team Chat, quick panel and notifications: tables and API models."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field as PydanticField
from sqlalchemy import Column, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from schemas.base import DB_INT_MAX, ApiInput, UtcDateTime, utcnow
from schemas.records import NEVER_REUSE_IDS


class Chat(SQLModel, table=True):
    """A direct conversation between two staff members (``user_low`` < ``user_high``)."""

    __tablename__ = "chats"
    __table_args__ = (UniqueConstraint("user_low", "user_high", name="uq_chats_pair"),)

    id: str = Field(primary_key=True, max_length=32)
    user_low: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False))
    user_high: int = Field(
        sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    last_message_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class ChatMessage(SQLModel, table=True):
    __tablename__ = "chat_messages"
    __table_args__ = NEVER_REUSE_IDS  # clients ask for messages "after id N"

    id: int | None = Field(default=None, primary_key=True)
    chat_id: str = Field(sa_column=Column(String(32), ForeignKey("chats.id", ondelete="CASCADE"), index=True))
    sender_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False))
    message: str = Field(sa_column=Column(Text, nullable=False))
    time: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class ChatReadMark(SQLModel, table=True):
    """How far each member has read a chat: unread = messages from the other after this id."""

    __tablename__ = "chat_read_marks"

    chat_id: str = Field(sa_column=Column(String(32), ForeignKey("chats.id", ondelete="CASCADE"), primary_key=True))
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True))
    last_read_id: int = 0


class ChatProfile(SQLModel, table=True):
    """What a user chose for chat: status (auto / away / do-not-disturb / offline-appearing) and mood."""

    __tablename__ = "chat_profiles"

    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True))
    chosen_status: str = Field(default="online", max_length=20)
    mood: str = Field(default="", max_length=200)


class QuickPanelItem(SQLModel, table=True):
    """A user's own quick-panel event or note."""

    __tablename__ = "quick_panel_items"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    kind: str = Field(max_length=8)  # "event" | "note"
    title: str = Field(max_length=200)
    detail: str = Field(default="", max_length=2000)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class Notification(SQLModel, table=True):
    __tablename__ = "notifications"
    __table_args__ = NEVER_REUSE_IDS

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    kind: str = Field(max_length=40)
    title: str = Field(max_length=200)
    message: str = Field(max_length=1000)
    link: str | None = Field(default=None, max_length=300)
    variant: str = Field(default="info", max_length=10)  # success / warning / error / info
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    read_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


# --- API models -----------------------------------------------------------------------------------


class SendMessageBody(ApiInput):
    who: int | str | None = None
    message: str = PydanticField(max_length=4000)
    time: str | None = None


class SendMessageRequest(ApiInput):
    chat_id: str = PydanticField(min_length=1, max_length=32)
    message: SendMessageBody
    contact_id: int = PydanticField(ge=1, le=DB_INT_MAX)


class ChatUserDataRequest(ApiInput):
    status: str | None = None
    mood: str | None = PydanticField(default=None, max_length=200)


class ReadRequest(ApiInput):
    chat_id: str = PydanticField(min_length=1, max_length=32)


class QuickPanelItemInput(ApiInput):
    title: str = PydanticField(min_length=1, max_length=200)
    detail: str = PydanticField(default="", max_length=2000)
