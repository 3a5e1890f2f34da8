"""The signed-in user's own account: ``GET /me`` (startup check), ``PATCH /me`` (shortcuts,
settings), and the account page's sessions, password and photo (``/me/...``); profile photos by
name (``/photos/{name}``, public: an <img> sends no token)."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response, StreamingResponse

from app.errors import not_found
from app.http import json_response, read_photo
from app.portal import request_meta
from app.routes.admin import close_session_sockets, user_or_404
from app.routes.documents import storage_of
from app.routes.endpoint import PUBLIC, SIGNED_IN, Call, route
from app.services import audit, photos, users
from app.services.push.subscriptions import list_devices
from app.storage import StoredFileMissing, iter_chunks
from schemas.push import MySessions
from schemas.users import (
    Me,
    MeUpdate,
    PasswordChange,
    PasswordChanged,
    PhotoStored,
    SessionsEnded,
)


async def me(call: Call) -> Response | Any:
    settings = call.portal.settings
    if call.request.method == "GET":
        return json_response(await users.get_me(session=call.session, settings=settings, principal=call.principal))
    data = await call.body(MeUpdate)
    # Answered through the wrapper, which builds the answer before the commit: /me is the UI's start-up
    # call, and a change whose answer cannot be written must not be stored (it would break every later
    # start-up of this user).
    return await users.update_me(session=call.session, settings=settings, principal=call.principal, data=data)


async def my_sessions(call: Call) -> Response:
    """Your live sessions (this one is marked current)."""
    principal = call.principal
    async with call.portal.db.reader() as session:
        items = await users.live_sessions(session, principal.user_id, current=principal.session_id)
        devices = await list_devices(session, principal.user_id)
    return json_response({"items": items, "pushDevices": devices})


async def my_session(call: Call) -> Response:
    """End one of your sessions (another device): its sockets close at once."""
    request = call.request
    principal = call.principal
    session_id = str(request.path_params["sid"])
    portal = call.portal
    async with portal.db.session() as session:
        user = await user_or_404(session, principal.user_id)
        await users.end_sessions(
            session=session,
            user=user,
            actor=audit.user_actor(user, request_meta(request)),
            reason="ended by its user",
            only=session_id,
        )
    await close_session_sockets(portal, session_id)
    return json_response({"ended": 1})


async def my_password(call: Call) -> Response:
    """Change your password: {currentPassword, newPassword}; your other sessions end.

    403 when the current password is wrong (counted like a failed sign-in), 422 when the new one
    breaks the password rules.
    """
    request = call.request
    principal = call.principal
    await call.limit("sign-in", per_user=False)
    body = await call.body(PasswordChange)
    portal = call.portal
    meta = request_meta(request)
    ended = await portal.auth.change_password(
        principal, body.current_password, body.new_password, address=meta.ip or "", meta=meta
    )
    for session_id in ended:  # the other devices are signed out at once; this one stays
        await close_session_sockets(portal, session_id)
    return json_response({"message": "Your password is changed.", "otherSessionsEnded": len(ended)})


async def my_photo(call: Call) -> Response:
    """Upload your photo: the image as the body (PNG, JPEG, WebP or GIF, at most 5 MB)."""
    request = call.request
    principal = call.principal
    portal = call.portal
    await call.limit("upload")
    url = await photos.store_photo(storage_of(request), portal.settings, await read_photo(request))
    async with portal.db.session() as session:
        user = await user_or_404(session, principal.user_id)
        await users.edit_profile(
            session=session, user=user, actor=audit.user_actor(user, request_meta(request)), photo_url=url
        )
    return json_response({"photoURL": url})


async def photo(call: Call) -> Response:
    """A profile photo (PNG) or a sample product's picture (WebP), by its unguessable name."""
    request = call.request
    name = str(request.path_params["name"])
    if not photos.PHOTO_NAME.match(name):
        raise not_found("No photo has this name.")
    storage = storage_of(request)
    try:
        handle = await run_in_threadpool(storage.open, f"photos/{name}")
    except StoredFileMissing as exc:
        raise not_found("No photo has this name.") from exc
    headers = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=86400"}
    media_type = photos.MEDIA_OF[name.rsplit(".", 1)[1]]
    return StreamingResponse(iter_chunks(handle), media_type=media_type, headers=headers)


routes = [
    route("/me", me, ["GET", "PATCH"], rule=SIGNED_IN, session="write", body=MeUpdate, answer=Me),
    route("/me/sessions", my_sessions, ["GET"], rule=SIGNED_IN, answer=MySessions),
    route("/me/sessions/{sid}", my_session, ["DELETE"], rule=SIGNED_IN, answer=SessionsEnded),
    route("/me/password", my_password, ["POST"], rule=SIGNED_IN, body=PasswordChange, answer=PasswordChanged),
    route("/me/photo", my_photo, ["POST"], rule=SIGNED_IN, answer=PhotoStored),
    # A profile photo by its unguessable name: public, as an <img> sends no token.
    route("/photos/{name}", photo, ["GET"], rule=PUBLIC),
]
