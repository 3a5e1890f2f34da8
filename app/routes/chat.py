"""Team Chat (spec section 7: /api/chat/...), the quick panel and notifications."""

from __future__ import annotations

from typing import cast

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import not_found
from app.http import json_response, read_model
from app.params import path_int, query_int
from app.portal import authenticate, limit, portal_of
from app.services import chat, notifications, quick_panel
from app.services.permissions import require_staff
from schemas.chat import ChatUserDataRequest, QuickPanelItemInput, ReadRequest, SendMessageRequest


async def chat_user(request: Request) -> Response:
    """The signed-in user's chat profile and chat list."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.chat_user(
                session=session, settings=portal.settings, principal=principal, presence=portal.realtime.presence
            )
        )


async def chat_contacts(request: Request) -> Response:
    """Every other staff member, with status, mood and unread count."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.contacts(
                session=session, settings=portal.settings, principal=principal, presence=portal.realtime.presence
            )
        )


async def get_chat(request: Request) -> Response:
    """A page of the conversation with ``contactId``, newest messages first page; marks it read.

    Without ``before``: the newest 50 messages (the chat is created empty when none exists) and the
    chat is marked read. With ``before=<message id>``: the 50 before it, read mark untouched.
    ``olderCursor`` is the ``before`` of the next older page, null at the conversation's start.
    """
    principal = require_staff(await authenticate(request))
    contact_id = cast(int, query_int(request.query_params, "contactId", required=True, minimum=1))
    user_id = query_int(request.query_params, "userId", minimum=1)
    before = query_int(request.query_params, "before", minimum=1)
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.get_chat(
                session=session,
                settings=portal.settings,
                principal=principal,
                contact_id=contact_id,
                user_id=user_id,
                before=before,
                events=portal.events,
            )
        )


async def send_message(request: Request) -> Response:
    """Store a message, then push it to both members; answers the message and the chat list entry."""
    principal = require_staff(await authenticate(request))
    await limit(request, "chat", principal)
    body = await read_model(request, SendMessageRequest)
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.send_message(
                session=session,
                settings=portal.settings,
                principal=principal,
                chat_id=body.chat_id,
                contact_id=body.contact_id,
                text=body.message.message,
                events=portal.events,
            )
        )


async def user_data(request: Request) -> Response:
    """Merge status and mood into the user's chat data."""
    principal = require_staff(await authenticate(request))
    body = await read_model(request, ChatUserDataRequest)
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.update_user_data(
                session=session,
                settings=portal.settings,
                principal=principal,
                status=body.status,
                mood=body.mood,
                presence=portal.realtime.presence,
            )
        )


async def read_chat(request: Request) -> Response:
    """Mark a chat read (the open conversation received a message)."""
    principal = require_staff(await authenticate(request))
    body = await read_model(request, ReadRequest)
    portal = portal_of(request)
    async with portal.db.session() as session:
        return json_response(
            await chat.mark_read(session=session, principal=principal, chat_id=body.chat_id, events=portal.events)
        )


async def missed(request: Request) -> Response:
    """Messages of the user's chats after ``after`` (the last message id the client has)."""
    principal = require_staff(await authenticate(request))
    after = cast(int, query_int(request.query_params, "after", required=True))
    async with portal_of(request).db.session() as session:
        return json_response(
            {"items": await chat.missed_messages(session=session, principal=principal, after_id=after)}
        )


async def quick_panel_data(request: Request) -> Response:
    """The user's quick-panel events and notes."""
    principal = require_staff(await authenticate(request))
    async with portal_of(request).db.session() as session:
        return json_response(await quick_panel.data(session=session, user_id=principal.user_id))


def _kind(request: Request) -> quick_panel.Kind:
    kind = request.path_params["kind"]
    if kind not in ("events", "notes"):
        raise not_found()
    return cast(quick_panel.Kind, kind)


async def quick_panel_items(request: Request) -> Response:
    """Add an event or a note to the user's quick panel."""
    principal = require_staff(await authenticate(request))
    body = await read_model(request, QuickPanelItemInput)
    portal = portal_of(request)
    async with portal.db.session() as session:
        saved = await quick_panel.save(
            session=session,
            user_id=principal.user_id,
            kind=_kind(request),
            body=body,
            item_id=None,
            events=portal.events,
        )
    return json_response(saved, status=201)


async def quick_panel_item(request: Request) -> Response:
    """Edit or remove one of the user's quick-panel events or notes."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    item_id = path_int(request)
    async with portal.db.session() as session:
        if request.method == "DELETE":
            return json_response(
                await quick_panel.remove(
                    session=session,
                    user_id=principal.user_id,
                    kind=_kind(request),
                    item_id=item_id,
                    events=portal.events,
                )
            )
        body = await read_model(request, QuickPanelItemInput)
        return json_response(
            await quick_panel.save(
                session=session, user_id=principal.user_id, kind=_kind(request), body=body, item_id=item_id,
                events=portal.events,
            )
        )  # fmt: skip


async def notification_list(request: Request) -> Response:
    """The user's notifications, newest first, with the unread count (``?unread=1`` for unread only)."""
    principal = require_staff(await authenticate(request))
    unread_only = request.query_params.get("unread") in ("1", "true")
    async with portal_of(request).db.session() as session:
        return json_response(await notifications.list_for(session, principal.user_id, unread_only=unread_only))


async def notification_read(request: Request) -> Response:
    """Mark one notification read."""
    principal = require_staff(await authenticate(request))
    async with portal_of(request).db.session() as session:
        return json_response(await notifications.mark_read(session, principal.user_id, path_int(request)))


async def notification_read_all(request: Request) -> Response:
    """Mark every notification read."""
    principal = require_staff(await authenticate(request))
    async with portal_of(request).db.session() as session:
        return json_response(await notifications.mark_read(session, principal.user_id, None))


async def notification_remove(request: Request) -> Response:
    """Dismiss a notification."""
    principal = require_staff(await authenticate(request))
    async with portal_of(request).db.session() as session:
        return json_response(await notifications.remove(session, principal.user_id, path_int(request)))


routes = [
    Route("/api/chat/user", chat_user, methods=["GET"]),
    Route("/api/chat/contacts", chat_contacts, methods=["GET"]),
    Route("/api/chat/get-chat", get_chat, methods=["GET"]),
    Route("/api/chat/send-message", send_message, methods=["POST"]),
    Route("/api/chat/user/data", user_data, methods=["POST"]),
    Route("/api/chat/read", read_chat, methods=["POST"]),
    Route("/api/chat/messages", missed, methods=["GET"]),
    Route("/api/quick-panel/data", quick_panel_data, methods=["GET"]),
    Route("/api/quick-panel/{kind:str}", quick_panel_items, methods=["POST"]),
    Route("/api/quick-panel/{kind:str}/{id}", quick_panel_item, methods=["PATCH", "DELETE"]),
    Route("/notifications", notification_list, methods=["GET"]),
    Route("/notifications/read-all", notification_read_all, methods=["POST"]),
    Route("/notifications/{id}/read", notification_read, methods=["POST"]),
    Route("/notifications/{id}", notification_remove, methods=["DELETE"]),
]
