"""Team Chat (spec section 7: /api/chat/...), the quick panel and notifications."""

from __future__ import annotations

from typing import Any, cast

from starlette.requests import Request

from app.errors import not_found
from app.http import json_response
from app.params import path_int
from app.routes.endpoint import Call, staff
from app.services import chat, notifications, quick_panel
from schemas.chat import (
    ChatContacts,
    ChatPage,
    ChatReadAnswer,
    ChatUser,
    ChatUserDataRequest,
    GetChatQuery,
    MessageSent,
    MissedMessages,
    MissedQuery,
    NotificationList,
    NotificationsQuery,
    QuickPanelData,
    QuickPanelItemInput,
    QuickPanelItemPublic,
    ReadRequest,
    Removed,
    SendMessageRequest,
    UnreadCount,
)


async def chat_user(call: Call) -> Any:
    """The signed-in user's chat profile and chat list."""
    portal = call.portal
    return await chat.chat_user(
        session=call.session, settings=portal.settings, principal=call.principal, presence=portal.realtime.presence
    )


async def chat_contacts(call: Call) -> Any:
    """Every other staff member, with status, mood and unread count."""
    portal = call.portal
    return await chat.contacts(
        session=call.session, settings=portal.settings, principal=call.principal, presence=portal.realtime.presence
    )


async def get_chat(call: Call) -> Any:
    """A page of the conversation with ``contactId``, newest messages first page; marks it read.

    Without ``before``: the newest 50 messages (the chat is created empty when none exists) and the
    chat is marked read. With ``before=<message id>``: the 50 before it, read mark untouched.
    ``olderCursor`` is the ``before`` of the next older page, null at the conversation's start.
    """
    query = call.query(GetChatQuery)
    return await chat.get_chat(
        session=call.session,
        settings=call.portal.settings,
        principal=call.principal,
        contact_id=query.contact_id,
        user_id=query.user_id,
        before=query.before,
        events=call.portal.events,
    )


async def send_message(call: Call) -> Any:
    """Store a message, then push it to both members; answers the message and the chat list entry."""
    await call.limit("chat")
    body = await call.body(SendMessageRequest)
    return await chat.send_message(
        session=call.session,
        settings=call.portal.settings,
        principal=call.principal,
        chat_id=body.chat_id,
        contact_id=body.contact_id,
        text=body.message.message,
        events=call.portal.events,
    )


async def user_data(call: Call) -> Any:
    """Merge status and mood into the user's chat data."""
    body = await call.body(ChatUserDataRequest)
    return await chat.update_user_data(
        session=call.session,
        settings=call.portal.settings,
        principal=call.principal,
        status=body.status,
        mood=body.mood,
        presence=call.portal.realtime.presence,
    )


async def read_chat(call: Call) -> Any:
    """Mark a chat read (the open conversation received a message)."""
    body = await call.body(ReadRequest)
    return await chat.mark_read(
        session=call.session, principal=call.principal, chat_id=body.chat_id, events=call.portal.events
    )


async def missed(call: Call) -> Any:
    """Messages of the user's chats after ``after`` (the last message id the client has)."""
    after = call.query(MissedQuery).after
    return {"items": await chat.missed_messages(session=call.session, principal=call.principal, after_id=after)}


async def quick_panel_data(call: Call) -> Any:
    """The user's quick-panel events and notes."""
    return await quick_panel.data(session=call.session, user_id=call.principal.user_id)


def _kind(request: Request) -> quick_panel.Kind:
    kind = request.path_params["kind"]
    if kind not in ("events", "notes"):
        raise not_found()
    return cast(quick_panel.Kind, kind)


async def quick_panel_items(call: Call) -> Any:
    """Add an event or a note to the user's quick panel."""
    body = await call.body(QuickPanelItemInput)
    saved = await quick_panel.save(
        session=call.session,
        user_id=call.principal.user_id,
        kind=_kind(call.request),
        body=body,
        item_id=None,
        events=call.portal.events,
    )
    return json_response(saved, status=201)


async def quick_panel_item(call: Call) -> Any:
    """Edit or remove one of the user's quick-panel events or notes."""
    user_id, events = call.principal.user_id, call.portal.events
    item_id = path_int(call.request)
    if call.request.method == "DELETE":
        return await quick_panel.remove(
            session=call.session, user_id=user_id, kind=_kind(call.request), item_id=item_id, events=events
        )
    body = await call.body(QuickPanelItemInput)
    return await quick_panel.save(
        session=call.session, user_id=user_id, kind=_kind(call.request), body=body, item_id=item_id, events=events
    )


async def notification_list(call: Call) -> Any:
    """The user's notifications, newest first, with the unread count (``?unread=1`` for unread only)."""
    unread_only = call.query(NotificationsQuery).unread
    return await notifications.list_for(call.session, call.principal.user_id, unread_only=unread_only)


async def notification_read(call: Call) -> Any:
    """Mark one notification read."""
    return await notifications.mark_read(call.session, call.principal.user_id, path_int(call.request))


async def notification_read_all(call: Call) -> Any:
    """Mark every notification read."""
    return await notifications.mark_read(call.session, call.principal.user_id, None)


async def notification_remove(call: Call) -> Any:
    """Dismiss a notification."""
    return await notifications.remove(call.session, call.principal.user_id, path_int(call.request))


routes = [
    staff("/api/chat/user", chat_user, ["GET"], answer=ChatUser),
    staff("/api/chat/contacts", chat_contacts, ["GET"], answer=ChatContacts),
    staff("/api/chat/get-chat", get_chat, ["GET"], query=GetChatQuery, answer=ChatPage, lookup=True),
    staff("/api/chat/send-message", send_message, ["POST"], body=SendMessageRequest, answer=MessageSent, lookup=True),
    staff("/api/chat/user/data", user_data, ["POST"], body=ChatUserDataRequest, answer=ChatUser),
    staff("/api/chat/read", read_chat, ["POST"], body=ReadRequest, answer=ChatReadAnswer, lookup=True),
    staff("/api/chat/messages", missed, ["GET"], query=MissedQuery, answer=MissedMessages, lookup=True),
    staff("/api/quick-panel/data", quick_panel_data, ["GET"], answer=QuickPanelData),
    staff(
        "/api/quick-panel/{kind:str}",
        quick_panel_items,
        ["POST"],
        body=QuickPanelItemInput,
        answer=QuickPanelItemPublic,
    ),
    staff(
        "/api/quick-panel/{kind:str}/{id}",
        quick_panel_item,
        ["PATCH", "DELETE"],
        body=QuickPanelItemInput,
        answer={"PATCH": QuickPanelItemPublic, "DELETE": Removed},
    ),
    staff("/notifications", notification_list, ["GET"], query=NotificationsQuery, answer=NotificationList),
    staff("/notifications/read-all", notification_read_all, ["POST"], answer=UnreadCount),
    staff("/notifications/{id}/read", notification_read, ["POST"], answer=UnreadCount),
    staff("/notifications/{id}", notification_remove, ["DELETE"], answer=UnreadCount),
]
