"""Stored notifications, pushed live; and the rules that create them from record changes.

Technicians hear when an asset is assigned to them or its status or risk gets worse; managers
(and admins) when an opportunity changes stage; uploaders when their document is processed or
fails. The actor is never notified of their own change. A user in do-not-disturb still gets the
stored notification; the push says ``silent`` so no snackbar shows.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.tokens import roles_from_groups
from app.errors import not_found
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services.permissions import RANK
from app.settings import Settings
from schemas.base import utcnow
from schemas.chat import ChatProfile, Notification
from schemas.events import NotificationPushed
from schemas.options import RISK_ORDER, AssetStatus, Role, UserState
from schemas.users import User

STATUS_ORDER = [AssetStatus.GREAT, AssetStatus.GOOD, AssetStatus.BAD, AssetStatus.POOR]
MAX_LISTED = 100


def public(notification: Notification) -> dict[str, Any]:
    return {
        "id": notification.id,
        "kind": notification.kind,
        "title": notification.title,
        "message": notification.message,
        "link": notification.link,
        "variant": notification.variant,
        "createdAt": notification.created_at.isoformat(),
        "read": notification.read_at is not None,
    }


async def unread_count(session: AsyncSession, user_id: int) -> int:
    stmt = (
        select(func.count())
        .select_from(Notification)
        .where(Notification.user_id == user_id, col(Notification.read_at).is_(None))
    )
    return int((await session.exec(stmt)).one())


async def notify(
    session: AsyncSession,
    events: EventSink,
    *,
    user_id: int,
    kind: str,
    title: str,
    message: str,
    link: str | None = None,
    variant: str = "info",
) -> Notification:
    """Store a notification (committed), then push it to the user's devices."""
    notification = Notification(user_id=user_id, kind=kind, title=title, message=message, link=link, variant=variant)
    session.add(notification)
    await session.commit()
    await session.refresh(notification)
    profile = await session.get(ChatProfile, user_id)
    pushed = NotificationPushed(
        notification=public(notification),
        unread=await unread_count(session, user_id),
        silent=profile is not None and profile.chosen_status == "do-not-disturb",
    )
    await events.publish(pushed, room=rooms.user(user_id))
    return notification


async def list_for(session: AsyncSession, user_id: int, *, unread_only: bool = False) -> dict[str, Any]:
    stmt = select(Notification).where(Notification.user_id == user_id)
    if unread_only:
        stmt = stmt.where(col(Notification.read_at).is_(None))
    rows = (await session.exec(stmt.order_by(col(Notification.id).desc()).limit(MAX_LISTED))).all()
    return {"items": [public(n) for n in rows], "unread": await unread_count(session, user_id)}


async def mark_read(session: AsyncSession, user_id: int, notification_id: int | None) -> dict[str, Any]:
    """Mark one notification (or all, with ``None``) read; answers the new unread count."""
    stmt = update(Notification).where(col(Notification.user_id) == user_id, col(Notification.read_at).is_(None))
    if notification_id is not None:
        if (found := await session.get(Notification, notification_id)) is None or found.user_id != user_id:
            raise not_found("No such notification.")
        stmt = stmt.where(col(Notification.id) == notification_id)
    await session.exec(stmt.values(read_at=utcnow()))
    await session.commit()
    return {"unread": await unread_count(session, user_id)}


async def remove(session: AsyncSession, user_id: int, notification_id: int) -> dict[str, Any]:
    # Conditional (a second tab dismissing the same one at once gets a 404, not a stale ORM delete).
    removed = await session.exec(
        delete(Notification).where(col(Notification.id) == notification_id, col(Notification.user_id) == user_id)
    )
    if removed.rowcount != 1:
        await session.rollback()
        raise not_found("No such notification.")
    await session.commit()
    return {"unread": await unread_count(session, user_id)}


# --- rules ----------------------------------------------------------------------------------------


def _worse(order: list[Any], before: Any, after: Any) -> bool:
    try:
        return order.index(type(order[0])(after)) > order.index(type(order[0])(before))
    except ValueError:
        return False


async def _managers(session: AsyncSession, settings: Settings) -> list[int]:
    users = (await session.exec(select(User).where(col(User.state) != UserState.DISABLED))).all()
    ids = []
    for user in users:
        roles = roles_from_groups(user.groups, settings.role_group_prefix)
        if roles and RANK[roles[0]] >= RANK[Role.MANAGER] and user.id is not None:
            ids.append(user.id)
    return ids


async def on_record_change(
    session: AsyncSession,
    events: EventSink,
    settings: Settings,
    *,
    resource: str,
    action: str,
    record: dict[str, Any],
    changes: dict[str, list[Any]],
    actor_id: int,
) -> None:
    """Apply the notification rules to one committed change (``changes``: camelCase field -> [from, to])."""
    if resource == "assets" and action in ("created", "updated"):
        await _asset_rules(session, events, record=record, changes=changes, actor_id=actor_id)
    elif resource == "leads" and action == "updated" and "stage" in changes:
        before, after = changes["stage"]
        for manager in await _managers(session, settings):
            if manager == actor_id:
                continue
            await notify(
                session,
                events,
                user_id=manager,
                kind="lead.stage",
                title="Opportunity moved",
                message=f"{record['title']}: {before} → {after}",
                link=f"/leads/{record['id']}",
                variant="success" if after == "won" else "warning" if after == "lost" else "info",
            )


async def _asset_rules(
    session: AsyncSession, events: EventSink, *, record: dict[str, Any], changes: dict[str, list[Any]], actor_id: int
) -> None:
    technician = record.get("assignedTechnicianId")
    if technician is None or technician == actor_id:
        return
    label = f"{record['tag']} {record['name']}"
    link = f"/assets/{record['id']}"
    if "assignedTechnicianId" in changes:
        await notify(
            session, events, user_id=technician, kind="asset.assigned",
            title="Asset assigned to you", message=label, link=link,
        )  # fmt: skip
    worse = [
        f"{field} {changes[field][0]} → {changes[field][1]}"
        for field, order in (("status", STATUS_ORDER), ("risk", RISK_ORDER))
        if field in changes and changes[field][0] is not None and _worse(order, *changes[field])
    ]
    if worse:
        await notify(
            session, events, user_id=technician, kind="asset.worse",
            title="Asset condition worse", message=f"{label}: {', '.join(worse)}", link=link, variant="warning",
        )  # fmt: skip
