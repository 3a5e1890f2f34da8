"""The chat send's writes in the fewest statements each database allows.

A send stores the message, moves the chat's ``last_message_at`` and the sender's read mark up to
their own message, and learns whether the contact can still be reached. On PostgreSQL that is one
statement (data-modifying CTEs); SQLite has no writes inside a WITH, so it takes three (the chat
update, which also reads the contact; the message insert; the read mark upsert). The caller commits,
or refuses and rolls back.

The statements are built once, with bound parameters: building the CTE per call (its column
collections, the subqueries) was a visible share of a send's CPU under the chat benchmark.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, String, Text, bindparam, func, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from schemas.base import UtcDateTime
from schemas.chat import Chat, ChatMessage, ChatReadMark
from schemas.users import User


@dataclass(frozen=True)
class Stored:
    """What the send wrote and saw: the message id, the chat's members and the contact's account."""

    message_id: int
    user_low: int
    user_high: int
    contact_state: str | None  # None: no such user
    contact_groups: list[str]


# The parameters of every statement below (not column names: SQLAlchemy reserves those in VALUES).
CHAT, SENDER, CONTACT = (
    bindparam("p_chat", type_=String()),
    bindparam("p_sender", type_=Integer()),
    bindparam("p_contact", type_=Integer()),
)
TEXT, NOW, MESSAGE_ID = (
    bindparam("p_text", type_=Text()),
    bindparam("p_now", type_=UtcDateTime()),
    bindparam("p_message", type_=Integer()),
)


def _touch_chat() -> Any:
    """UPDATE the chat between exactly these two members, returning them and the contact's account."""
    contact = select(col(User.state)).where(col(User.id) == CONTACT).scalar_subquery()
    groups = select(col(User.groups)).where(col(User.id) == CONTACT).scalar_subquery()
    return (
        update(Chat)
        .where(
            col(Chat.id) == CHAT,
            ((col(Chat.user_low) == SENDER) & (col(Chat.user_high) == CONTACT))
            | ((col(Chat.user_low) == CONTACT) & (col(Chat.user_high) == SENDER)),
        )
        .values(last_message_at=NOW)
        .returning(col(Chat.user_low), col(Chat.user_high), contact.label("state"), groups.label("groups"))
    )


@functools.cache
def _postgresql_send() -> Any:
    """One statement: the chat update, the message insert from it, the read-mark upsert from that."""
    chat = _touch_chat().cte("chat")
    message = (
        postgresql.insert(ChatMessage)
        .from_select(["chat_id", "sender_id", "message", "time"], select(CHAT, SENDER, TEXT, NOW).select_from(chat))
        .returning(col(ChatMessage.id))
        .cte("message")
    )
    upsert = postgresql.insert(ChatReadMark).from_select(
        ["chat_id", "user_id", "last_read_id"], select(CHAT, SENDER, message.c.id)
    )
    mark = upsert.on_conflict_do_update(
        index_elements=["chat_id", "user_id"],
        set_={"last_read_id": func.greatest(col(ChatReadMark.last_read_id), upsert.excluded.last_read_id)},
    ).cte("mark")
    return (
        select(message.c.id, chat.c.user_low, chat.c.user_high, chat.c.state, chat.c.groups)
        .select_from(chat.join(message, literal(True)))
        .add_cte(mark)
    )


@functools.cache
def _sqlite_sends() -> tuple[Any, Any, Any]:
    """Three statements: the chat update, the message insert, the read-mark upsert."""
    insert = (
        sqlite.insert(ChatMessage)
        .values(chat_id=CHAT, sender_id=SENDER, message=TEXT, time=NOW)
        .returning(col(ChatMessage.id))
    )
    mark = sqlite.insert(ChatReadMark).values(chat_id=CHAT, user_id=SENDER, last_read_id=MESSAGE_ID)
    upsert = mark.on_conflict_do_update(
        index_elements=["chat_id", "user_id"],
        set_={"last_read_id": func.max(col(ChatReadMark.last_read_id), mark.excluded.last_read_id)},
    )
    return _touch_chat(), insert, upsert


async def store_message(
    session: AsyncSession, *, chat_id: str, sender_id: int, contact_id: int, text: str, now: datetime
) -> Stored | None:
    """Write the message; None when the chat is not this sender's with this contact (nothing written)."""
    connection = await session.connection()  # Core statements: no ORM bookkeeping, no extra SELECT
    values = {"p_chat": chat_id, "p_sender": sender_id, "p_contact": contact_id, "p_text": text, "p_now": now}
    if connection.dialect.name == "postgresql":
        row = (await connection.execute(_postgresql_send(), values)).first()
        return None if row is None else Stored(row[0], row[1], row[2], row[3], row[4] or [])
    touch, insert, upsert = _sqlite_sends()
    touched = (await connection.execute(touch, values)).first()
    if touched is None:
        return None
    message_id = int((await connection.execute(insert, values)).scalar_one())
    await connection.execute(upsert, {**values, "p_message": message_id})
    return Stored(message_id, touched[0], touched[1], touched[2], touched[3] or [])
