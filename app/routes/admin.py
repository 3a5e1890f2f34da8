"""The admin console's API (``/admin/...``, admins only): users, their sessions, the audit log.

Every change goes through the service functions the CLI uses (app/services/users.py), which write
the audit row in the change's own transaction. Ending sessions closes their sockets at once on
every API process: a user's through the Redis control channel (as the CLI does), one session's
through its Socket.IO room and the session-end announcement.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.responses import Response, StreamingResponse

from app.errors import ApiError, not_found
from app.http import json_response, read_photo
from app.params import path_int
from app.portal import Portal, actor_of
from app.realtime import control
from app.routes.documents import storage_of
from app.routes.endpoint import Call, at_least_role, route
from app.services import audit, photos, users
from app.services.push.subscriptions import device_counts
from schemas.audit import AUDIT_KINDS, AuditKinds, AuditLog
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.query import AdminUsersQuery, AuditExportQuery, AuditLogQuery
from schemas.users import (
    AdminUser,
    AdminUserCreate,
    AdminUserCreated,
    AdminUserPage,
    AdminUserUpdate,
    AuthSession,
    LiveSessions,
    MfaState,
    PhotoStored,
    SessionsEnded,
    TemporaryPassword,
    Unlocked,
    User,
)

SORTS = {
    "username": User.username,
    "displayName": User.display_name,
    "email": User.email,
    "createdAt": User.created_at,
    "state": User.state,
}
STATUSES = {
    "active": UserState.CONFIRMED,
    "disabled": UserState.DISABLED,
    "must-change-password": UserState.FORCE_CHANGE_PASSWORD,
}


ADMIN = at_least_role(Role.ADMIN, "manage users or read the audit log")


async def user_or_404(session: AsyncSession, user_id: int) -> User:
    user = await session.get(User, user_id)
    if user is None:
        raise not_found("No user has this id.")
    return user


@asynccontextmanager
async def _target(call: Call, user_id: int) -> AsyncIterator[tuple[AsyncSession, User, Any]]:
    """The user ``user_id`` (404 when none), in a write session, and who acts on them."""
    async with call.portal.db.session() as session:
        yield session, await user_or_404(session, user_id), actor_of(call.request, call.principal)


async def close_user_sockets(portal: Portal, user_id: int) -> None:
    """The user's sessions ended in the database: every process forgets them and drops their sockets."""
    portal.auth.live.forget_user(user_id)
    await control.announce_end_user(portal.redis, user_id, "revoked")


async def close_session_sockets(portal: Portal, session_id: str) -> None:
    portal.auth.live.forget_session(session_id)
    if portal.auth.announce_end is not None:
        await portal.auth.announce_end(session_id)
    await portal.realtime.end_session(session_id, reason="revoked")


def _status(user: User) -> str:
    return {
        UserState.DISABLED: "disabled",
        UserState.FORCE_CHANGE_PASSWORD: "must-change-password",
    }.get(user.state, "active")


async def _rows(session: AsyncSession, portal: Portal, found: list[User]) -> list[dict[str, Any]]:
    ids = [u.id or 0 for u in found]
    devices = await device_counts(session, ids)
    locks = await users.locked_until(session, found, portal.settings)
    last: dict[int, Any] = {}
    if ids:
        rows = await session.exec(
            select(AuthSession.user_id, func.max(AuthSession.created_at))
            .where(col(AuthSession.user_id).in_(ids), col(AuthSession.kind) == "portal")
            .group_by(col(AuthSession.user_id))
        )
        last = {user_id: at for user_id, at in rows}
    answer = []
    for user in found:
        role = users.role_of(user, portal.settings)
        lock = locks.get(user.id or 0)
        answer.append(
            {
                "id": user.id,
                "username": user.username,
                "displayName": user.display_name,
                "email": user.email,
                "photoURL": user.photo_url,
                "role": role.value if role else None,
                "status": _status(user),
                "lockedUntil": lock.isoformat() if lock else None,
                "mfaEnabled": user.totp_enabled,
                "lastSignInAt": last[user.id or 0].isoformat() if last.get(user.id or 0) else None,
                "pushDevices": devices.get(user.id or 0, 0),
                "department": str(user.department) if user.department else None,
                "createdAt": user.created_at.isoformat(),
            }
        )
    return answer


async def users_collection(call: Call) -> Response:
    """List users (GET: q, role, status, mfa, sort, order, page, perPage) or create one (POST).

    POST {username, email, displayName, role, department?} answers the user and a temporary
    password, shown this once; they choose their own at first sign-in. 409 when the name or email is taken.
    """
    request = call.request
    principal = call.principal
    portal = call.portal
    if request.method == "POST":
        await call.limit("write")
        body = await call.body(AdminUserCreate)
        async with portal.db.session() as session:
            user, password = await users.create_user(
                session=session,
                settings=portal.settings,
                username=body.username,
                email=body.email,
                display_name=body.display_name,
                role=body.role,
                department=body.department,
                actor=actor_of(request, principal),
            )
            row = (await _rows(session, portal, [user]))[0]
        return json_response({"user": row, "temporaryPassword": password}, status=201)
    params = call.query(AdminUsersQuery)
    page, per_page, sort, order = params.page, params.per_page, params.sort, params.order
    status, role, mfa, q = params.status, params.role, params.mfa, params.q
    conditions: list[Any] = []
    if q:
        needle = "%" + q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        conditions.append(
            or_(
                func.lower(col(User.username)).like(needle, escape="\\"),
                func.lower(col(User.email)).like(needle, escape="\\"),
                func.lower(col(User.display_name)).like(needle, escape="\\"),
            )
        )
    if status is not None:
        conditions.append(col(User.state) == STATUSES[status])
    if mfa is not None:
        conditions.append(col(User.totp_enabled).is_(mfa == "on"))
    if role is not None:
        group = users.group_for(Role(role), portal.settings)
        conditions.append(func.lower(sa.cast(col(User.groups), sa.String)).like(f'%"{group.lower()}"%'))
    column = col(SORTS[sort])
    ordering: list[Any] = [column.desc() if order == "desc" else column.asc(), col(User.id).asc()]
    async with portal.db.reader() as session:
        total = (await session.exec(select(func.count()).select_from(User).where(*conditions))).one()
        found = list(
            (
                await session.exec(
                    select(User).where(*conditions).order_by(*ordering).offset((page - 1) * per_page).limit(per_page)
                )
            ).all()
        )
        items = await _rows(session, portal, found)
    return json_response({"items": items, "total": int(total), "page": page, "perPage": per_page})


async def user_item(call: Call) -> Response:
    """Change a user: {role?, disabled?, displayName?, email?, department?}.

    A role change or disabling ends their sessions and closes their sockets at once. An admin cannot
    demote or disable themselves or the last admin (409).
    """
    user_id = path_int(call.request)
    portal = call.portal
    await call.limit("write")
    body = await call.body(AdminUserUpdate)
    ended = False
    async with _target(call, user_id) as (session, user, actor):
        if body.display_name is not None or body.email is not None:
            await users.edit_profile(
                session=session, user=user, actor=actor, display_name=body.display_name, email=body.email
            )
        if "department" in body.model_fields_set:
            await users.set_department(session=session, user=user, department=body.department, actor=actor)
        if body.role is not None and body.role != users.role_of(user, portal.settings):
            await users.set_role(session=session, settings=portal.settings, user=user, role=body.role, actor=actor)
            ended = True
        if body.disabled is not None and body.disabled != (user.state == UserState.DISABLED):
            await users.set_disabled(
                session=session, user=user, disabled=body.disabled, actor=actor, settings=portal.settings
            )
            ended = ended or body.disabled
        row = (await _rows(session, portal, [user]))[0]
    if ended:
        await close_user_sockets(portal, user_id)
    return json_response(row)


async def reset_password(call: Call) -> Response:
    """Set a new temporary password (shown once); their sessions end and they choose a new one at sign-in."""
    user_id = path_int(call.request)
    await call.limit("write")
    async with _target(call, user_id) as (session, user, actor):
        if user.id == call.principal.user_id:
            raise ApiError(409, "Change your own password on your account page (/profile/account).")
        password = await users.reset_password(session=session, user=user, actor=actor)
    await close_user_sockets(call.portal, user_id)
    return json_response({"temporaryPassword": password})


async def unlock(call: Call) -> Response:
    """Clear a user's sign-in lockout (their name's failures and those of the addresses that failed)."""
    user_id = path_int(call.request)
    await call.limit("write")
    async with _target(call, user_id) as (session, user, actor):
        cleared = await users.unlock(session=session, settings=call.portal.settings, user=user, actor=actor)
    return json_response({"message": f"{user.username} can sign in again.", "cleared": cleared})


async def disable_mfa(call: Call) -> Response:
    """Turn off a user's two-step sign-in (a lost phone). 409 when it is already off."""
    user_id = path_int(call.request)
    await call.limit("write")
    async with _target(call, user_id) as (session, user, actor):
        await users.disable_mfa(session=session, user=user, actor=actor)
    return json_response({"message": f"Two-step sign-in is off for {user.username}.", "mfaEnabled": False})


async def user_photo(call: Call) -> Response:
    """Upload a user's photo: the image as the body (PNG, JPEG, WebP or GIF, at most 5 MB)."""
    request = call.request
    principal = call.principal
    user_id = path_int(request)
    portal = call.portal
    await call.limit("upload")
    async with portal.db.reader() as session:
        await user_or_404(session, user_id)
    url = await photos.store_photo(storage_of(request), portal.settings, await read_photo(request))
    async with portal.db.session() as session:
        user = await user_or_404(session, user_id)
        await users.edit_profile(session=session, user=user, actor=actor_of(request, principal), photo_url=url)
    return json_response({"photoURL": url})


async def user_sessions(call: Call) -> Response:
    """A user's live sessions (GET), or end every one of them (DELETE): their sockets close at once."""
    request = call.request
    principal = call.principal
    user_id = path_int(request)
    portal = call.portal
    if request.method == "GET":
        async with portal.db.reader() as session:
            await user_or_404(session, user_id)
            return json_response({"items": await users.live_sessions(session, user_id, current=principal.session_id)})
    await call.limit("write")
    async with _target(call, user_id) as (session, user, actor):
        ended = await users.end_sessions(session=session, user=user, actor=actor, reason="ended by an admin")
    await close_user_sockets(portal, user_id)
    return json_response({"ended": ended})


async def user_session(call: Call) -> Response:
    """End one session of a user: its sockets close at once on every process."""
    request = call.request
    user_id = path_int(request)
    session_id = str(request.path_params["sid"])
    portal = call.portal
    await call.limit("write")
    async with _target(call, user_id) as (session, user, actor):
        await users.end_sessions(session=session, user=user, actor=actor, reason="ended by an admin", only=session_id)
    await close_session_sockets(portal, session_id)
    return json_response({"ended": 1})


async def audit_log(call: Call) -> Response:
    """The audit log merged with the records' history, newest first.

    Filters: actor and target (user ids), kind (one kind, or auth / user / record), from and to
    (ISO date-times), q (text); perPage up to 100; cursor: the previous page's nextCursor.
    """
    query = audit.parse_query(call.query(AuditLogQuery))
    async with call.portal.db.reader() as session:
        return json_response(await audit.list_log(session, query))


async def audit_export(call: Call) -> Response:
    """The filtered audit log as CSV (format=csv), streamed; the same filters as GET /admin/audit."""
    query = audit.parse_query(call.query(AuditExportQuery))
    stamp = utcnow().strftime("%Y%m%d-%H%M%S")
    return StreamingResponse(
        audit.export_csv(call.portal.db, query),
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="audit-{stamp}.csv"', "Cache-Control": "no-store"},
    )


async def audit_kinds(call: Call) -> Response:
    """The kinds of audit entries, with the words the console shows."""
    return json_response({"kinds": AUDIT_KINDS})


routes = [
    route(
        "/admin/users",
        users_collection,
        ["GET", "POST"],
        rule=ADMIN,
        body=AdminUserCreate,
        query={"GET": AdminUsersQuery},
        answer={"GET": AdminUserPage, "POST": AdminUserCreated},
    ),
    route("/admin/users/{id}", user_item, ["PATCH"], rule=ADMIN, body=AdminUserUpdate, answer=AdminUser),
    route("/admin/users/{id}/reset-password", reset_password, ["POST"], rule=ADMIN, answer=TemporaryPassword),
    route("/admin/users/{id}/unlock", unlock, ["POST"], rule=ADMIN, answer=Unlocked),
    route("/admin/users/{id}/disable-mfa", disable_mfa, ["POST"], rule=ADMIN, answer=MfaState),
    route("/admin/users/{id}/photo", user_photo, ["POST"], rule=ADMIN, answer=PhotoStored),
    route(
        "/admin/users/{id}/sessions",
        user_sessions,
        ["GET", "DELETE"],
        rule=ADMIN,
        answer={"GET": LiveSessions, "DELETE": SessionsEnded},
    ),
    route("/admin/users/{id}/sessions/{sid}", user_session, ["DELETE"], rule=ADMIN, answer=SessionsEnded),
    route("/admin/audit", audit_log, ["GET"], rule=ADMIN, query=AuditLogQuery, answer=AuditLog),
    route("/admin/audit/export", audit_export, ["GET"], rule=ADMIN, query=AuditExportQuery),
    route("/admin/audit/kinds", audit_kinds, ["GET"], rule=ADMIN, answer=AuditKinds),
]
