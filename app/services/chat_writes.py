"""The chat send's writes in the fewest statements each database allows.

A send stores the message, moves the chat's ``last_message_at`` and the sender's read mark up to
their own message, and learns whether the contact can still be reached. On PostgreSQL that is one
statement (data-modifying CTEs); SQLite has no writes inside a WITH, so it takes three (the chat
update, which also reads the contact; the message insert; the read mark upsert). The caller commits,
or refuses and rolls back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection
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


def _touch_chat(chat_id: str, sender_id: int, contact_id: int, now: datetime) -> Any:
    """UPDATE the chat between exactly these two members, returning them and the contact's account."""
    contact = select(col(User.state)).where(col(User.id) == contact_id).scalar_subquery()
    groups = select(col(User.groups)).where(col(User.id) == contact_id).scalar_subquery()
    return (
        update(Chat)
        .where(
            col(Chat.id) == chat_id,
            ((col(Chat.user_low) == sender_id) & (col(Chat.user_high) == contact_id))
            | ((col(Chat.user_low) == contact_id) & (col(Chat.user_high) == sender_id)),
        )
        .values(last_message_at=now)
        .returning(col(Chat.user_low), col(Chat.user_high), contact.label("state"), groups.label("groups"))
    )


async def store_message(
    session: AsyncSession, *, chat_id: str, sender_id: int, contact_id: int, text: str, now: datetime
) -> Stored | None:
    """Write the message; None when the chat is not this sender's with this contact (nothing written)."""
    connection = await session.connection()  # Core statements: no ORM bookkeeping, no extra SELECT
    if connection.dialect.name == "postgresql":
        return await _store_postgresql(connection, chat_id, sender_id, contact_id, text, now)
    return await _store_sqlite(connection, chat_id, sender_id, contact_id, text, now)


async def _store_postgresql(
    connection: AsyncConnection, chat_id: str, sender_id: int, contact_id: int, text: str, now: datetime
) -> Stored | None:
    chat = _touch_chat(chat_id, sender_id, contact_id, now).cte("chat")
    message = (
        postgresql.insert(ChatMessage)
        .from_select(
            ["chat_id", "sender_id", "message", "time"],
            select(literal(chat_id), literal(sender_id), literal(text), literal(now, UtcDateTime())).select_from(chat),
        )
        .returning(col(ChatMessage.id))
        .cte("message")
    )
    upsert = postgresql.insert(ChatReadMark).from_select(
        ["chat_id", "user_id", "last_read_id"], select(literal(chat_id), literal(sender_id), message.c.id)
    )
    mark = upsert.on_conflict_do_update(
        index_elements=["chat_id", "user_id"],
        set_={"last_read_id": func.greatest(col(ChatReadMark.last_read_id), upsert.excluded.last_read_id)},
    ).cte("mark")
    row = (
        await connection.execute(
            select(message.c.id, chat.c.user_low, chat.c.user_high, chat.c.state, chat.c.groups)
            .select_from(chat.join(message, literal(True)))
            .add_cte(mark)
        )
    ).first()
    return None if row is None else Stored(row[0], row[1], row[2], row[3], row[4] or [])


async def _store_sqlite(
    connection: AsyncConnection, chat_id: str, sender_id: int, contact_id: int, text: str, now: datetime
) -> Stored | None:
    touched = (await connection.execute(_touch_chat(chat_id, sender_id, contact_id, now))).first()
    if touched is None:
        return None
    message_id = (
        await connection.execute(
            sqlite.insert(ChatMessage)
            .values(chat_id=chat_id, sender_id=sender_id, message=text, time=now)
            .returning(col(ChatMessage.id))
        )
    ).scalar_one()
    mark = sqlite.insert(ChatReadMark).values(chat_id=chat_id, user_id=sender_id, last_read_id=message_id)
    await connection.execute(
        mark.on_conflict_do_update(
            index_elements=["chat_id", "user_id"],
            set_={"last_read_id": func.max(col(ChatReadMark.last_read_id), mark.excluded.last_read_id)},
        )
    )
    return Stored(int(message_id or 0), touched[0], touched[1], touched[2], touched[3] or [])
