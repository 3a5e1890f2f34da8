"""Team Chat, quick panel and notifications: tables and API models."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field as PydanticField
from pydantic import RootModel
from sqlalchemy import Column, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from schemas.base import DB_INT_MAX, ApiInput, ApiModel, UtcDateTime, utcnow
from schemas.options import NotificationVariant, Role
from schemas.query import LenientFlag, QueryModel, Whole
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


PENDING = "delivery = 'pending'"


class Notification(SQLModel, table=True):
    __tablename__ = "notifications"
    __table_args__ = (
        # The workers' sweep finds notifications whose delivery to devices was never planned.
        Index("ix_notifications_pending", "created_at", sqlite_where=text(PENDING), postgresql_where=text(PENDING)),
        NEVER_REUSE_IDS,
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    kind: str = Field(max_length=40)
    title: str = Field(max_length=200)
    message: str = Field(max_length=1000)
    link: str | None = Field(default=None, max_length=300)
    variant: str = Field(default=NotificationVariant.INFO, max_length=10)  # a NotificationVariant
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    read_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    # Outside the open portal (app/services/push/delivery.py): "pending" until a worker plans it, then
    # what was done: pushed, emailed, seen (the user was active), dnd, off, none (no channel), expired.
    delivery: str = Field(default="pending", sa_column=Column(String(12), nullable=False, server_default="done"))


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


# --- public shapes (answers and pushed events) ----------------------------------------------------


class ChatMessagePublic(ApiModel):
    """One stored chat message as answered and pushed."""

    id: int
    who: int  # the sender's user id
    message: str
    time: str  # ISO 8601


class UserChatData(ApiModel):
    """A chat-list entry as one member sees it."""

    chat_id: str
    contact_id: int
    last_message_time: str | None  # null for a chat without messages


class QuickPanelItemPublic(ApiModel):
    id: int
    title: str
    detail: str


class NotificationPublic(ApiModel):
    id: int
    kind: str
    title: str
    message: str
    link: str | None
    variant: NotificationVariant
    created_at: str  # ISO 8601
    read: bool


#: as others see a user: their chosen status, or offline and away from their sockets
PresenceStatus = Literal["online", "away", "do-not-disturb", "offline"]


class ChatUser(ApiModel):
    """The signed-in user's chat profile and chat list (``GET /api/chat/user``)."""

    id: int
    name: str
    avatar: str | None
    status: PresenceStatus
    mood: str
    chat_list: list[UserChatData]


class ChatContact(ApiModel):
    """A staff member as the chat lists them."""

    id: int
    name: str
    avatar: str | None
    role: Role
    status: PresenceStatus
    mood: str
    unread: int


class ChatContacts(RootModel[list[ChatContact]]):
    """Every other staff member (``GET /api/chat/contacts``)."""


class ChatDialog(ApiModel):
    id: str
    dialog: list[ChatMessagePublic]  # oldest first


class ChatPage(ApiModel):
    """A page of a conversation (``GET /api/chat/get-chat``)."""

    chat: ChatDialog
    user_chat_data: UserChatData
    older_cursor: int | None  # the ``before`` of the next older page, null at the start


class MessageSent(ApiModel):
    message: ChatMessagePublic
    user_chat_data: UserChatData


class ChatReadAnswer(ApiModel):
    chat_id: str
    contact_id: int
    unread: int


class MissedMessage(ApiModel):
    chat_id: str
    message: ChatMessagePublic


class MissedMessages(ApiModel):
    items: list[MissedMessage]


class QuickPanelData(ApiModel):
    events: list[QuickPanelItemPublic]
    notes: list[QuickPanelItemPublic]


class Removed(ApiModel):
    id: int


class NotificationList(ApiModel):
    items: list[NotificationPublic]
    unread: int


class UnreadCount(ApiModel):
    unread: int


# --- query strings --------------------------------------------------------------------------------


class GetChatQuery(QueryModel):
    contact_id: Annotated[int, Whole()] = PydanticField(description="The other member of the conversation.")
    user_id: Annotated[int, Whole()] | None = PydanticField(None, description="The caller's own id.")
    before: Annotated[int, Whole()] | None = PydanticField(
        None, description="A message id: the page before it (the previous answer's olderCursor)."
    )


class MissedQuery(QueryModel):
    after: Annotated[int, Whole(minimum=0)] = PydanticField(description="Messages with ids above this one.")


class NotificationsQuery(QueryModel):
    unread: LenientFlag = PydanticField(False, description="Unread ones only.")
