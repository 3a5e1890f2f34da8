"""Inspections: the technician's field view ("My work"), "Inspection done", the interval per asset
category, and the daily run that tells technicians and managers what is due.

"Inspection done" is a versioned update of the asset through the one write path
(:func:`app.services.records.writes.update_record`): permissions, the stale-version 409, the history entry
(which is the inspection log), the push to every screen and the notification rules all come from there.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.db import Database
from app.errors import invalid, not_found
from app.realtime.sink import EventSink
from app.services import notifications, permissions
from app.services.push import preferences
from app.services.push.queue import DeliveryQueue
from app.services.push.subscriptions import has_device
from app.services.records import shape, writes
from app.services.resources import ASSETS
from app.settings import Settings
from schemas.base import utcnow
from schemas.inspections import (
    DEFAULT_INTERVAL_DAYS,
    DailyNotice,
    InspectionInput,
    InspectionInterval,
    IntervalPublic,
)
from schemas.options import AssetCategory, NotificationVariant, Role, UserState
from schemas.records import Asset, Document
from schemas.users import User

log = logging.getLogger("portal.inspections")

MAX_MY_WORK = 200  # a technician's assigned assets listed at once (the rest: the asset list's filter)
MAX_BACKDATE_DAYS = 366
DAILY_BATCH = 200  # assets per query of the daily run
MAIL_LISTED = 100  # assets listed in one daily mail


def today(settings: Settings, now: datetime | None = None) -> date:
    """The date in the inspection time zone (where the technicians work), not the server's."""
    return (now or utcnow()).astimezone(settings.inspection_zone).date()


# --- intervals -------------------------------------------------------------------------------------


async def interval_days(session: AsyncSession, category: str) -> int:
    custom = await session.get(InspectionInterval, str(category))
    if custom is not None:
        return custom.days
    return DEFAULT_INTERVAL_DAYS.get(AssetCategory(category), 365)


async def list_intervals(session: AsyncSession) -> list[dict[str, Any]]:
    custom = {row.category: row.days for row in await session.exec(select(InspectionInterval))}
    return [
        IntervalPublic(
            category=category,
            days=custom.get(category.value, DEFAULT_INTERVAL_DAYS[category]),
            default_days=DEFAULT_INTERVAL_DAYS[category],
            custom=category.value in custom,
        ).model_dump(mode="json", by_alias=True)
        for category in AssetCategory
    ]


def category_of(name: str) -> AssetCategory:
    try:
        return AssetCategory(name)
    except ValueError:
        raise not_found(f"No asset category {name[:60]!r}.") from None


async def set_interval(
    session: AsyncSession, *, category: AssetCategory, days: int, actor: Principal
) -> list[dict[str, Any]]:
    permissions.require(actor, Role.ADMIN, "change inspection intervals")
    known = category
    found = await session.get(InspectionInterval, known.value)
    row = found or InspectionInterval(category=known.value, days=days)
    row.days, row.updated_at, row.updated_by_id = days, utcnow(), actor.user_id
    session.add(row)
    try:
        await session.commit()
    except IntegrityError:  # two admins at once: the other's row exists now; this one wins
        await session.rollback()
        again = await session.get(InspectionInterval, known.value)
        assert again is not None
        row = again
        row.days, row.updated_at, row.updated_by_id = days, utcnow(), actor.user_id
        session.add(row)
        await session.commit()
    return await list_intervals(session)


# --- My work ---------------------------------------------------------------------------------------


async def my_work(session: AsyncSession, settings: Settings, principal: Principal) -> dict[str, Any]:
    """The caller's assigned assets: overdue first, then by next inspection, undated last."""
    mine = col(Asset.assigned_technician_id) == principal.user_id
    undated = col(Asset.next_inspection).is_(None)
    rows = (
        await session.exec(
            select(Asset)
            .where(mine)
            .order_by(undated, col(Asset.next_inspection), col(Asset.id))  # False (dated) sorts first
            .limit(MAX_MY_WORK)
        )
    ).all()
    total = int((await session.exec(select(func.count()).select_from(Asset).where(mine))).one())
    return {
        "items": await shape.to_public(session, ASSETS, rows),
        "total": total,
        "today": today(settings).isoformat(),
    }


async def record_inspection(
    *,
    session: AsyncSession,
    settings: Settings,
    asset_id: int,
    data: InspectionInput,
    actor: Principal,
    events: EventSink,
    notifier: notifications.Notifier | None,
) -> dict[str, Any]:
    """Record an inspection on the asset and set its next inspection from its category's interval."""
    asset = await session.get(Asset, asset_id)
    if asset is None:
        raise not_found(f"No asset with id {asset_id}.")
    # Refused before anything else is looked at (the same rule the write applies again).
    permissions.check_update(
        actor, "assets", owner_id=asset.assigned_technician_id, fields=set(permissions.INSPECTION_FIELDS)
    )
    now = today(settings)
    inspected = data.inspected_on or now
    if inspected > now:
        raise invalid("An inspection cannot be dated in the future.", {"inspectedOn": f"At most {now.isoformat()}."})
    if inspected < now - timedelta(days=MAX_BACKDATE_DAYS):
        raise invalid("Record inspections of the last year only.", {"inspectedOn": "Too long ago."})
    if data.document_id is not None:
        photo = await session.get(Document, data.document_id)
        if photo is None or photo.asset_id != asset_id:
            raise invalid(
                "The photo must be a document uploaded for this asset.",
                {"documentId": f"No document {data.document_id} of this asset."},
            )
    days = await interval_days(session, str(asset.category))
    body = {
        "id": asset_id,
        "version": data.version,
        "status": data.result.value,
        "lastInspectedOn": inspected.isoformat(),
        "lastInspectionResult": data.result.value,
        "lastInspectionNote": data.note or None,
        "lastInspectionDocumentId": data.document_id,
        "nextInspection": (inspected + timedelta(days=days)).isoformat(),
    }
    return await writes.update_record(
        session=session, spec=ASSETS, record_id=asset_id, data=body, actor=actor, events=events, notify_with=notifier
    )


# --- the daily run ---------------------------------------------------------------------------------


def _when(next_inspection: date, day: date) -> str:
    if next_inspection < day:
        return f"overdue since {next_inspection.isoformat()}"
    return "due today" if next_inspection == day else "due tomorrow"


async def _claim(session: AsyncSession, *, day: date, kind: str, subject_id: int, user_id: int) -> bool:
    """Take the once-a-day key in a fresh transaction (the caller commits it with what it sends);
    False, with the transaction rolled back, when another run holds it."""
    session.add(DailyNotice(day=day, kind=kind, subject_id=subject_id, user_id=user_id))
    try:
        await session.flush()
    except IntegrityError:
        await session.rollback()
        return False
    return True


async def daily_run(
    db: Database, events: EventSink, queue: DeliveryQueue, settings: Settings, day: date
) -> dict[str, int]:
    """Notify each technician of their assets whose next inspection is tomorrow or earlier (once per
    asset per day), mail the ones without a device with push, and give each manager a summary of the
    overdue inspections in their department. Safe to run any number of times for one day."""
    counts = {"notices": 0, "mails": 0, "summaries": 0}
    technicians: set[int] = set()
    last_id = 0
    tomorrow = day + timedelta(days=1)
    while True:
        async with db.session() as session:
            batch = (
                await session.exec(
                    select(  # type: ignore[call-overload]
                        Asset.id, Asset.tag, Asset.name, Asset.next_inspection, Asset.assigned_technician_id
                    )
                    .join(User, col(User.id) == col(Asset.assigned_technician_id))
                    .where(
                        col(Asset.id) > last_id,
                        col(Asset.next_inspection) <= tomorrow,
                        col(User.state) != UserState.DISABLED,
                    )
                    .order_by(col(Asset.id))
                    .limit(DAILY_BATCH)
                )
            ).all()
            for asset_id, tag, name, due, technician in batch:
                if asset_id is None or technician is None or due is None:
                    continue
                technicians.add(technician)
                if not await _claim(session, day=day, kind="due", subject_id=asset_id, user_id=technician):
                    continue
                overdue = due < day
                notification = notifications.stage(
                    session, user_id=technician, kind="inspection.due",
                    title="Inspection overdue" if overdue else "Inspection due",
                    message=f"{tag} {name}: {_when(due, day)}", link=f"/assets/{asset_id}",
                    variant=NotificationVariant.WARNING if overdue else NotificationVariant.INFO,
                )  # fmt: skip
                await session.commit()  # the key and the notification together, or neither
                await notifications.announce(session, events, notification, queue)
                counts["notices"] += 1
        if len(batch) < DAILY_BATCH:
            break
        last_id = max(int(row[0] or 0) for row in batch)
    counts["mails"] = await _mail_technicians(db, queue, day, sorted(technicians))
    counts["summaries"] = await _summaries(db, events, queue, settings, day)
    log.info("inspections due on %s: %s", day.isoformat(), counts)
    return counts


async def _mail_technicians(db: Database, queue: DeliveryQueue, day: date, technicians: list[int]) -> int:
    """The daily inspection mail, once per technician and day, to those without a device with push."""
    sent = 0
    for technician in technicians:
        async with db.session() as session:
            choice = await preferences.get(session, technician)
            if not choice.email or await has_device(session, technician):
                continue
            if not await _claim(session, day=day, kind="mail", subject_id=technician, user_id=technician):
                continue
            # Enqueued before the commit: a failed enqueue leaves the key free for the next run.
            await asyncio.to_thread(queue.inspection_mail, technician, day)
            await session.commit()
            sent += 1
    return sent


async def _summaries(db: Database, events: EventSink, queue: DeliveryQueue, settings: Settings, day: date) -> int:
    """Each manager's count of overdue inspections in their department (all departments when none is set)."""
    sent = 0
    async with db.session() as session:
        managers = await notifications.managers(session, settings, exact=True)
        overdue = (
            await session.exec(
                select(Asset.department, func.count(), func.min(Asset.next_inspection))
                .where(col(Asset.next_inspection) < day)
                .group_by(col(Asset.department))
            )
        ).all()
    by_department: dict[str, tuple[int, date | None]] = defaultdict(lambda: (0, None))
    for department, count, oldest in overdue:
        by_department[str(department)] = (int(count), oldest)
    for manager in managers:
        if manager.id is None:
            continue
        scope = [str(manager.department)] if manager.department else list(by_department)
        count = sum(by_department[d][0] for d in scope)
        if count == 0:
            continue
        oldest = min((o for d in scope if (o := by_department[d][1]) is not None), default=None)
        where = f"in {manager.department}" if manager.department else "in all departments"
        async with db.session() as session:
            if not await _claim(session, day=day, kind="summary", subject_id=manager.id, user_id=manager.id):
                continue
            notification = notifications.stage(
                session, user_id=manager.id, kind="inspection.summary", title="Overdue inspections",
                message=f"{count} asset{'s' if count != 1 else ''} {where} overdue for inspection"
                + (f" (the oldest since {oldest.isoformat()})." if oldest else "."),
                link="/assets?sort=nextInspection", variant=NotificationVariant.WARNING,
            )  # fmt: skip
            await session.commit()
            await notifications.announce(session, events, notification, queue)
            sent += 1
    return sent


async def inspection_mail(
    session: AsyncSession, settings: Settings, user_id: int, day: date
) -> tuple[str, str, str] | None:
    """(to, subject, text) of a technician's daily inspection mail: the assets noticed that day that
    are still theirs and still due. None when nothing is left to say."""
    user = await session.get(User, user_id)
    if user is None or user.state == UserState.DISABLED:
        return None
    rows = (
        await session.exec(
            select(Asset)
            .join(DailyNotice, col(DailyNotice.subject_id) == col(Asset.id))
            .where(
                col(DailyNotice.day) == day,
                col(DailyNotice.kind) == "due",
                col(DailyNotice.user_id) == user_id,
                col(Asset.assigned_technician_id) == user_id,
                col(Asset.next_inspection) <= day + timedelta(days=1),
            )
            .order_by(col(Asset.next_inspection), col(Asset.id))
            .limit(MAIL_LISTED)
        )
    ).all()
    if not rows:
        return None
    lines = [
        f"- {a.tag} {a.name}: {_when(a.next_inspection, day)}\n  {settings.ui_url}/assets/{a.id}"
        for a in rows
        if a.next_inspection is not None
    ]
    overdue = sum(1 for a in rows if a.next_inspection is not None and a.next_inspection < day)
    subject = f"Inspections due: {len(rows)} asset{'s' if len(rows) != 1 else ''}" + (
        f", {overdue} overdue" if overdue else ""
    )
    text = (
        f"Good morning {user.display_name},\n\nthese assets of yours need an inspection:\n\n"
        + "\n".join(lines)
        + f"\n\nMy work lists them all: {settings.ui_url}/my-work"
    )
    return user.email, subject, text
