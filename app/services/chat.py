"""Team Chat between staff members: contacts, chats, messages, read marks, status and mood.

Messages are stored (and committed) before anything is pushed; a client that was away asks for
what it missed after an id it knows it holds everything up to (the catch-up rule in
ui/src/features/chat/catch-up.ts: ids are handed out at insert, not in commit order). Only the two members of a
chat can read or write it.
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.auth.tokens import roles_from_groups
from app.errors import ApiError, forbidden, invalid, not_found
from app.realtime import rooms
from app.realtime.presence import Presence
from app.realtime.sink import EventSink
from app.services import chat_writes
from app.services.users import staff_directory
from app.settings import Settings
from schemas.base import utcnow
from schemas.chat import Chat, ChatMessage, ChatProfile, ChatReadMark
from schemas.events import ChatMessagePushed, ChatRead
from schemas.options import UserState
from schemas.users import User

CHOOSABLE_STATUSES = ("online", "away", "do-not-disturb", "offline")
MAX_MISSED = 500
PAGE_SIZE = 50  # messages per page of GET /api/chat/get-chat (newest first page, then `before` pages)
# Characters that show nothing on their own: a message of only these (and whitespace) is empty.
# Python's isspace() misses the zero-width ones (U+200B..U+200D, U+2060, U+FEFF are format, Cf).
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me"})
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # Hangul fillers, the blank Braille pattern


def is_blank(text: str) -> bool:
    """Nothing a reader would see: whitespace, zero-width and other invisible characters only."""
    return all(c.isspace() or c in _FILLERS or unicodedata.category(c) in _INVISIBLE_CATEGORIES for c in text)


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _other(chat: Chat, user_id: int) -> int:
    return chat.user_high if chat.user_low == user_id else chat.user_low


def _message(message: ChatMessage) -> dict[str, Any]:
    return {"id": message.id, "who": message.sender_id, "message": message.message, "time": _iso(message.time)}


def _chat_data(chat: Chat, user_id: int) -> dict[str, Any]:
    # lastMessageTime is null for a chat without messages: the panel lists such contacts after the divider.
    return {"chatId": chat.id, "contactId": _other(chat, user_id), "lastMessageTime": _iso(chat.last_message_at)}


async def _profile(session: AsyncSession, user_id: int) -> ChatProfile:
    profile = await session.get(ChatProfile, user_id)
    return profile or ChatProfile(user_id=user_id)


async def _my_chats(session: AsyncSession, user_id: int) -> list[Chat]:
    stmt = select(Chat).where(or_(Chat.user_low == user_id, Chat.user_high == user_id))
    chats = (await session.exec(stmt)).all()
    return sorted(chats, key=lambda c: c.last_message_at or c.created_at, reverse=True)


async def _member_chat(session: AsyncSession, chat_id: str, user_id: int) -> Chat:
    chat = await session.get(Chat, chat_id)
    if chat is None:
        raise not_found("No such chat.")
    if user_id not in (chat.user_low, chat.user_high):
        raise forbidden("You are not part of this chat.")
    return chat


async def unread_by_contact(session: AsyncSession, user_id: int) -> dict[int, int]:
    """Messages from each contact after what this user has read (one grouped query)."""
    mark = (
        select(ChatReadMark.last_read_id)
        .where(ChatReadMark.chat_id == ChatMessage.chat_id, ChatReadMark.user_id == user_id)
        .scalar_subquery()
    )
    rows = (
        await session.exec(
            select(ChatMessage.sender_id, func.count())
            .join(Chat, col(Chat.id) == ChatMessage.chat_id)
            .where(
                or_(Chat.user_low == user_id, Chat.user_high == user_id),
                ChatMessage.sender_id != user_id,
                col(ChatMessage.id) > func.coalesce(mark, 0),
            )
            .group_by(col(ChatMessage.sender_id))
        )
    ).all()
    return {int(sender): int(count) for sender, count in rows}


async def chat_user(
    *, session: AsyncSession, settings: Settings, principal: Principal, presence: Presence
) -> dict[str, Any]:
    user = await session.get(User, principal.user_id)
    if user is None:
        raise not_found("Your account no longer exists.")
    profile = await _profile(session, principal.user_id)
    return {
        "id": user.id,
        "name": user.display_name,
        "avatar": user.photo_url,
        "status": await presence.status_of(principal.user_id, profile.chosen_status),
        "mood": profile.mood,
        "chatList": [_chat_data(chat, principal.user_id) for chat in await _my_chats(session, principal.user_id)],
    }


async def contacts(
    *, session: AsyncSession, settings: Settings, principal: Principal, presence: Presence
) -> list[dict[str, Any]]:
    """The portal's staff, except the asking user, with presence, mood and unread counts."""
    directory = await staff_directory(session=session, settings=settings)
    unread = await unread_by_contact(session, principal.user_id)
    result = []
    for person in directory:
        if person["id"] == principal.user_id:
            continue
        profile = await _profile(session, person["id"])
        result.append(
            {
                "id": person["id"],
                "name": person["displayName"],
                "avatar": person["photoURL"],
                "role": person["role"],
                "status": await presence.status_of(person["id"], profile.chosen_status),
                "mood": profile.mood,
                "unread": unread.get(person["id"], 0),
            }
        )
    return result


async def _mark_read(session: AsyncSession, chat: Chat, user_id: int) -> None:
    newest = (await session.exec(select(func.max(ChatMessage.id)).where(ChatMessage.chat_id == chat.id))).one() or 0
    mark = await session.get(ChatReadMark, (chat.id, user_id))
    if mark is None:
        mark = ChatReadMark(chat_id=chat.id, user_id=user_id, last_read_id=newest)
    mark.last_read_id = max(mark.last_read_id, int(newest))
    session.add(mark)


async def _page(session: AsyncSession, chat_id: str, before: int | None) -> tuple[list[ChatMessage], int | None]:
    """The newest PAGE_SIZE messages (before ``before``), oldest first, and the cursor for older ones."""
    stmt = select(ChatMessage).where(ChatMessage.chat_id == chat_id)
    if before is not None:
        stmt = stmt.where(col(ChatMessage.id) < before)
    rows = list((await session.exec(stmt.order_by(col(ChatMessage.id).desc()).limit(PAGE_SIZE + 1))).all())
    page = rows[:PAGE_SIZE][::-1]
    return page, (page[0].id if len(rows) > PAGE_SIZE else None)


def _reachable(user: User, settings: Settings) -> bool:
    """A person chats only with active staff: not a disabled account, not one without a portal role."""
    return _active_staff(user.state, user.groups, settings)


def _active_staff(state: str, groups: list[str], settings: Settings) -> bool:
    return state != UserState.DISABLED and bool(roles_from_groups(groups, settings.role_group_prefix))


async def get_chat(
    *,
    session: AsyncSession,
    settings: Settings,
    principal: Principal,
    contact_id: int,
    user_id: int | None,
    events: EventSink,
    before: int | None = None,
) -> dict[str, Any]:
    """A page of the conversation with a contact: the newest messages (the chat is created empty when
    none exists, and marked read), or with ``before``, the ones older than that message id.

    ``olderCursor`` is the id to pass as ``before`` for the page of older messages (null at the start).
    """
    if user_id is not None and user_id != principal.user_id:
        raise forbidden("You can only open your own chats.")
    if contact_id == principal.user_id:
        raise invalid("Pick another person to chat with.", {"contactId": "That is you."})
    contact = await session.get(User, contact_id)
    if contact is None or not _reachable(contact, settings):
        raise not_found(f"No contact with id {contact_id}.")
    low, high = _pair(principal.user_id, contact_id)
    chat = (await session.exec(select(Chat).where(Chat.user_low == low, Chat.user_high == high))).first()
    if chat is None:
        if before is not None:
            raise not_found("There is no conversation with this contact yet.")
        chat = Chat(id=secrets.token_hex(8), user_low=low, user_high=high)
        session.add(chat)
        await session.flush()
    messages, older = await _page(session, chat.id, before)
    answer = {
        "chat": {"id": chat.id, "dialog": [_message(m) for m in messages]},
        "userChatData": _chat_data(chat, principal.user_id),
        "olderCursor": older,
    }
    if before is None:  # opening the conversation reads it; paging back through it does not
        await _mark_read(session, chat, principal.user_id)
        await session.commit()
        await events.publish(ChatRead(chat_id=chat.id, contact_id=contact_id), room=rooms.user(principal.user_id))
    return answer


async def send_message(
    *,
    session: AsyncSession,
    settings: Settings,
    principal: Principal,
    chat_id: str,
    contact_id: int,
    text: str,
    events: EventSink,
) -> dict[str, Any]:
    """Store a message (one statement on PostgreSQL, three on SQLite, then the commit), then push it
    to both members at once. A refusal rolls back whatever the statement wrote."""
    text = text.strip()
    if is_blank(text):  # "", spaces, or only zero-width characters
        await _refuse_send(session, settings, principal.user_id, chat_id, contact_id)
        raise invalid("Type a message before sending.", {"message": "Empty messages are not sent."})
    now = utcnow()
    stored = await chat_writes.store_message(
        session, chat_id=chat_id, sender_id=principal.user_id, contact_id=contact_id, text=text, now=now
    )
    if stored is None or not _reachable_contact(stored, settings):
        await _refuse_send(session, settings, principal.user_id, chat_id, contact_id)
        raise forbidden(UNREACHABLE)  # the checks above raise first; this is for a contact gone meanwhile
    await session.commit()
    chat = Chat(id=chat_id, user_low=stored.user_low, user_high=stored.user_high, last_message_at=now)
    body = {"id": stored.message_id, "who": principal.user_id, "message": text, "time": _iso(now)}
    await asyncio.gather(
        *(
            events.publish(
                ChatMessagePushed(chat_id=chat_id, message=body, user_chat_data=_chat_data(chat, member)),
                room=rooms.user(member),
            )
            for member in (chat.user_low, chat.user_high)
        )
    )
    return {"message": body, "userChatData": _chat_data(chat, principal.user_id)}


UNREACHABLE = "This person's account is disabled: messages can no longer reach them."


def _reachable_contact(stored: chat_writes.Stored, settings: Settings) -> bool:
    """The contact as the store statement saw them: an active account with a portal role."""
    return stored.contact_state is not None and _active_staff(stored.contact_state, stored.contact_groups, settings)


async def _refuse_send(session: AsyncSession, settings: Settings, user_id: int, chat_id: str, contact_id: int) -> None:
    """Why a message cannot be sent, in the order the checks are made: no such chat (404), not a
    member (403), the contact is not the other member (422), the contact cannot be reached (403)."""
    await session.rollback()  # nothing the store statement wrote survives a refusal
    chat = await _member_chat(session, chat_id, user_id)
    if _other(chat, user_id) != contact_id:
        raise invalid("That contact is not part of this chat.", {"contactId": "Not in this chat."})
    contact = await session.get(User, contact_id)
    if contact is None or not _reachable(contact, settings):
        raise forbidden(UNREACHABLE)


async def mark_read(*, session: AsyncSession, principal: Principal, chat_id: str, events: EventSink) -> dict[str, Any]:
    chat = await _member_chat(session, chat_id, principal.user_id)
    await _mark_read(session, chat, principal.user_id)
    await session.commit()
    contact = _other(chat, principal.user_id)
    await events.publish(ChatRead(chat_id=chat.id, contact_id=contact), room=rooms.user(principal.user_id))
    return {"chatId": chat.id, "contactId": contact, "unread": 0}


async def missed_messages(*, session: AsyncSession, principal: Principal, after_id: int) -> list[dict[str, Any]]:
    """Every message of this user's chats with an id above ``after_id`` (for a client that reconnects)."""
    chat_ids = [chat.id for chat in await _my_chats(session, principal.user_id)]
    if not chat_ids:
        return []
    rows = (
        await session.exec(
            select(ChatMessage)
            .where(col(ChatMessage.chat_id).in_(chat_ids), col(ChatMessage.id) > after_id)
            .order_by(col(ChatMessage.id))
            .limit(MAX_MISSED)
        )
    ).all()
    return [{"chatId": m.chat_id, "message": _message(m)} for m in rows]


async def update_user_data(
    *,
    session: AsyncSession,
    settings: Settings,
    principal: Principal,
    status: str | None,
    mood: str | None,
    presence: Presence,
) -> dict[str, Any]:
    """Merge status and mood into the user's chat data (spec: 'merges body into user')."""
    if status is not None and status not in CHOOSABLE_STATUSES:
        raise invalid(f"Unknown status {status!r}.", {"status": f"Use one of: {', '.join(CHOOSABLE_STATUSES)}."})
    profile = await _profile(session, principal.user_id)
    if status is not None:
        profile.chosen_status = status
    if mood is not None:
        profile.mood = mood.strip()
    session.add(profile)
    await session.commit()
    await presence.announce(principal.user_id, profile.chosen_status, profile.mood)
    return await chat_user(session=session, settings=settings, principal=principal, presence=presence)


async def chat_members(session: AsyncSession, chat_id: str) -> tuple[int, int]:
    chat = await session.get(Chat, chat_id)
    if chat is None:
        raise ApiError(404, "No such chat.")
    return chat.user_low, chat.user_high
