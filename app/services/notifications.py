"""Stored notifications, pushed live; and the rules that create them from record changes.

Technicians hear when an asset is assigned to them or its status or risk gets worse; managers
(and admins) when an opportunity changes stage; uploaders when their document is processed or
fails. The actor is never notified of their own change. A user in do-not-disturb still gets the
stored notification; the push says ``silent`` so no snackbar shows.

Every stored notification is also handed to the workers (``Deliveries``), which push it to the
user's devices or e-mail it when the user is not at an open portal (app/services/push/delivery.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NotRequired, Protocol, TypedDict, Unpack

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
from schemas.options import RISK_ORDER, AssetStatus, NotificationVariant, Role, UserState
from schemas.users import User

STATUS_ORDER = [AssetStatus.GREAT, AssetStatus.GOOD, AssetStatus.BAD, AssetStatus.POOR]
# A lead that moved to one of these stages is shown so; any other move as information.
_STAGE_VARIANTS = {"won": NotificationVariant.SUCCESS, "lost": NotificationVariant.WARNING}
MAX_LISTED = 100


class Deliveries(Protocol):
    """Where a committed notification is handed on for delivery outside the open portal."""

    async def deliver_later(self, notification_id: int) -> None: ...


@dataclass(frozen=True)
class Notifier:
    """What the notification rules need: the settings, and where deliveries to devices are queued
    (None: the workers' sweep finds the pending notification within ``WORKER_MAINTENANCE_SECONDS``)."""

    settings: Settings
    deliveries: Deliveries | None = None


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


class Note(TypedDict):
    """What one notification says: to whom, of which kind, its text, where it leads, how it is shown."""

    user_id: int
    kind: str
    title: str
    message: str
    link: NotRequired[str | None]
    variant: NotRequired[NotificationVariant]


def stage(session: AsyncSession, **note: Unpack[Note]) -> Notification:
    """Add a notification to the session's transaction (the caller commits, then ``announce``s it)."""
    notification = Notification(
        user_id=note["user_id"],
        kind=note["kind"],
        title=note["title"][:200],
        message=note["message"][:1000],
        link=note.get("link"),
        variant=note.get("variant", NotificationVariant.INFO),
    )
    session.add(notification)
    return notification


async def announce(
    session: AsyncSession, events: EventSink, notification: Notification, deliveries: Deliveries | None
) -> None:
    """After commit: push the notification to the user's open portals, then hand it to the workers."""
    user_id = notification.user_id
    profile = await session.get(ChatProfile, user_id)
    pushed = NotificationPushed(
        notification=public(notification),
        unread=await unread_count(session, user_id),
        silent=profile is not None and profile.chosen_status == "do-not-disturb",
    )
    await events.publish(pushed, room=rooms.user(user_id))
    if deliveries is not None and notification.id is not None:
        await deliveries.deliver_later(notification.id)


async def notify(
    session: AsyncSession, events: EventSink, deliveries: Deliveries | None = None, **note: Unpack[Note]
) -> Notification:
    """Store a notification (committed), push it live, and queue its delivery to devices."""
    notification = stage(session, **note)
    await session.commit()
    await session.refresh(notification)
    await announce(session, events, notification, deliveries)
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


async def managers(session: AsyncSession, settings: Settings, *, exact: bool = False) -> list[User]:
    """Active users whose first role is manager (or above, unless ``exact``)."""
    users = (await session.exec(select(User).where(col(User.state) != UserState.DISABLED))).all()
    found = []
    for user in users:
        roles = roles_from_groups(user.groups, settings.role_group_prefix)
        if not roles or user.id is None:
            continue
        if roles[0] == Role.MANAGER or (not exact and RANK[roles[0]] >= RANK[Role.MANAGER]):
            found.append(user)
    return found


async def on_record_change(
    session: AsyncSession,
    events: EventSink,
    notifier: Notifier,
    *,
    resource: str,
    action: str,
    record: dict[str, Any],
    changes: dict[str, list[Any]],
    actor_id: int,
) -> None:
    """Apply the notification rules to one committed change (``changes``: camelCase field -> [from, to])."""
    if resource == "assets" and action in ("created", "updated"):
        await _asset_rules(
            session, events, record=record, changes=changes, actor_id=actor_id, deliveries=notifier.deliveries
        )
    elif resource == "leads" and action == "updated" and "stage" in changes:
        before, after = changes["stage"]
        for manager in await managers(session, notifier.settings):
            if manager.id == actor_id or manager.id is None:
                continue
            await notify(
                session,
                events,
                user_id=manager.id,
                kind="lead.stage",
                title="Opportunity moved",
                message=f"{record['title']}: {before} → {after}",
                link=f"/leads/{record['id']}",
                variant=_STAGE_VARIANTS.get(after, NotificationVariant.INFO),
                deliveries=notifier.deliveries,
            )


async def _asset_rules(
    session: AsyncSession,
    events: EventSink,
    *,
    record: dict[str, Any],
    changes: dict[str, list[Any]],
    actor_id: int,
    deliveries: Deliveries | None,
) -> None:
    technician = record.get("assignedTechnicianId")
    if technician is None or technician == actor_id:
        return
    label = f"{record['tag']} {record['name']}"
    link = f"/assets/{record['id']}"
    if "assignedTechnicianId" in changes:
        await notify(
            session, events, user_id=technician, kind="asset.assigned",
            title="Asset assigned to you", message=label, link=link, deliveries=deliveries,
        )  # fmt: skip
    worse = [
        f"{field} {changes[field][0]} → {changes[field][1]}"
        for field, order in (("status", STATUS_ORDER), ("risk", RISK_ORDER))
        if field in changes and changes[field][0] is not None and _worse(order, *changes[field])
    ]
    if worse:
        await notify(
            session, events, user_id=technician, kind="asset.worse",
            title="Asset condition worse", message=f"{label}: {', '.join(worse)}", link=link,
            variant=NotificationVariant.WARNING, deliveries=deliveries,
        )  # fmt: skip
