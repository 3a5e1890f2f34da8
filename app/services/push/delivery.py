"""Deciding how a stored notification leaves the portal, and pushing it to one device (in the workers).

Like Mattermost: a notification is pushed to the user's devices when the user is not at an open
portal (no live socket, or every one idle, or away by choice) — or always, or never, as they chose
in the settings panel — and never while they are in do-not-disturb (it stays stored and listed for
when they come back). A user with no device with push gets assignment notices and the managers'
daily summary by e-mail instead (when they allow e-mail).

The plan claims its notification (``delivery`` pending -> the outcome, in one conditional UPDATE
and transaction), so however often it runs, the pushes are enqueued once, one job per device: a
device whose push service fails is retried on its own and the others are not sent twice.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import redis.asyncio as aioredis
from sqlalchemy import update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.errors import ApiError
from app.realtime.presence import activity, present
from app.services.push import payload, preferences, sender
from app.services.push.endpoints import allowed
from app.services.push.queue import DeliveryQueue
from app.services.push.subscriptions import stamp_error, stamp_success
from app.services.push.vapid import keys_for
from app.settings import Settings
from schemas.base import utcnow
from schemas.chat import ChatProfile, Notification
from schemas.push import PushMode, PushSubscription
from schemas.users import User

log = logging.getLogger("portal.push")

#: kinds e-mailed to a user without a device with push (the daily inspection mail is sent on its own)
EMAIL_KINDS = frozenset({"asset.assigned", "inspection.summary"})
SWEEP_BATCH = 200
SWEEP_GRACE_SECONDS = 15  # the enqueue right after commit normally plans it first
URGENT_VARIANTS = frozenset({"warning", "error"})
TEST_TITLE = "Test notification"
TEST_BODY = "Push notifications reach this device."
NOT_ALLOWED = "The push service is no longer on WEB_PUSH_ALLOWED_ENDPOINTS; nothing was sent."


class PushFailed(Exception):
    """A failure that may pass (429, 5xx, no answer): RQ runs the job again after its backoff."""


async def plan(
    session: AsyncSession, redis: aioredis.Redis, settings: Settings, queue: DeliveryQueue, notification_id: int
) -> str:
    """Plan one notification's delivery once; answers the outcome (``skipped`` when already planned)."""
    claimed = await session.exec(
        update(Notification)
        .where(col(Notification.id) == notification_id, col(Notification.delivery) == "pending")
        .values(delivery="planning")
    )
    if claimed.rowcount != 1:
        await session.rollback()
        return "skipped"
    notification = await session.get(Notification, notification_id)
    assert notification is not None  # the UPDATE just found it, and this transaction holds it
    outcome, devices, email = await _decide(session, redis, settings, notification)
    # Enqueued before the commit: should the commit fail, the plan runs again (at least once, never lost;
    # a repeat on a device shows as one notification, its tag replaces the first).
    for device in devices:
        await asyncio.to_thread(queue.push, device, notification_id)
    if email:
        await asyncio.to_thread(queue.notification_mail, notification_id)
    notification.delivery = outcome
    session.add(notification)
    await session.commit()
    return outcome


async def _decide(
    session: AsyncSession, redis: aioredis.Redis, settings: Settings, notification: Notification
) -> tuple[str, list[int], bool]:
    """(outcome, devices to push to, whether to e-mail)."""
    if notification.created_at < utcnow() - timedelta(seconds=settings.notification_delivery_max_age):
        return "expired", [], False  # news too old to interrupt anyone with
    user_id = notification.user_id
    profile = await session.get(ChatProfile, user_id)
    chosen = profile.chosen_status if profile else "online"
    if chosen == "do-not-disturb":
        return "dnd", [], False
    choice = await preferences.get(session, user_id)
    live, idle = await activity(redis, user_id)
    at_portal = present(live, idle, chosen)
    devices = list((await session.exec(select(PushSubscription.id).where(PushSubscription.user_id == user_id))).all())
    wants_push = choice.push == PushMode.ALWAYS or (choice.push == PushMode.AWAY and not at_portal)
    if devices and wants_push:
        return "pushed", [d for d in devices if d is not None], False
    if not devices and not at_portal and choice.email and notification.kind in EMAIL_KINDS:
        user = await session.get(User, user_id)
        if user is not None and user.email:
            return "emailed", [], True
    if at_portal:
        return "seen", [], False
    return ("off" if choice.push == PushMode.NEVER else "none"), [], False


async def pending(session: AsyncSession, settings: Settings) -> list[int]:
    """Notifications whose plan never ran (an enqueue lost to a Redis outage): too old ones expire,
    the rest (at most ``SWEEP_BATCH``) are answered for planning."""
    now = utcnow()
    await session.exec(
        update(Notification)
        .where(
            col(Notification.delivery) == "pending",
            col(Notification.created_at) < now - timedelta(seconds=settings.notification_delivery_max_age),
        )
        .values(delivery="expired")
    )
    await session.commit()
    rows = await session.exec(
        select(Notification.id)
        .where(
            col(Notification.delivery) == "pending",
            col(Notification.created_at) < now - timedelta(seconds=SWEEP_GRACE_SECONDS),
        )
        .order_by(col(Notification.created_at))
        .limit(SWEEP_BATCH)
    )
    return [n for n in rows.all() if n is not None]


# --- one push to one device -------------------------------------------------------------------------


async def send_to_device(db: Database, settings: Settings, subscription_id: int, notification_id: int | None) -> str:
    """Push one notification (None: the settings panel's test) to one device; answers the outcome.

    Raises :class:`PushFailed` when the push service may take it later (the job is retried)."""
    async with db.session() as session:
        device = await session.get(PushSubscription, subscription_id)
        if device is None:
            return "gone"  # removed meanwhile
        if notification_id is None:
            title, body, link, kind, urgency = TEST_TITLE, TEST_BODY, "/", "test", "normal"
            tag = payload.tag_for(None, None)
        else:
            notification = await session.get(Notification, notification_id)
            if notification is None or notification.user_id != device.user_id:
                return "skipped"  # dismissed, or the device now belongs to someone else
            title, body, link = notification.title, notification.message, notification.link or "/"
            tag, kind = payload.tag_for(notification.link, notification_id), notification.kind
            urgency = "high" if notification.variant in URGENT_VARIANTS else "normal"
        # Checked again at every send: the list may have changed since the device subscribed.
        if not allowed(device.endpoint, settings.web_push_allowed_endpoints):
            stamp_error(device, NOT_ALLOWED)
            session.add(device)
            await session.commit()
            return "refused"
        endpoint, p256dh, auth = device.endpoint, device.p256dh, device.auth
    message = payload.encode(title=title, body=body, url=link, tag=tag, notification_id=notification_id, kind=kind)
    answer = await asyncio.to_thread(
        sender.post, endpoint=endpoint, p256dh=p256dh, auth=auth, payload=message, keys=keys_for(settings),
        ttl=settings.web_push_ttl, topic=payload.topic_for(tag), urgency=urgency, timeout=settings.web_push_timeout,
    )  # fmt: skip
    async with db.session() as session:
        device = await session.get(PushSubscription, subscription_id)
        if device is None:
            return str(answer.outcome)
        if answer.outcome == sender.Outcome.GONE:
            log.info("push device %s is gone (%s): removed", subscription_id, answer.message)
            await session.delete(device)
        elif answer.outcome == sender.Outcome.SENT:
            stamp_success(device)
            session.add(device)
        else:
            stamp_error(device, answer.message)
            session.add(device)
        await session.commit()
    if answer.outcome == sender.Outcome.RETRY:
        raise PushFailed(f"push to device {subscription_id}: {answer.message}")
    return str(answer.outcome)


async def send_test(session: AsyncSession, queue: DeliveryQueue, user_id: int) -> int:
    """The settings panel's "Send a test notification": one push to each of the user's devices."""
    devices = (await session.exec(select(PushSubscription.id).where(PushSubscription.user_id == user_id))).all()
    if not devices:
        raise ApiError(409, "No device of yours has push yet. Turn on push on this device first.")
    for device in devices:
        if device is not None:
            await asyncio.to_thread(queue.push, device, None)
    return len(devices)


async def notification_mail(
    session: AsyncSession, settings: Settings, notification_id: int
) -> tuple[str, str, str] | None:
    """(to, subject, text) of a notification's e-mail, with the record's link; None when it is gone."""
    notification = await session.get(Notification, notification_id)
    if notification is None:
        return None
    user = await session.get(User, notification.user_id)
    if user is None or not user.email:
        return None
    link = f"{settings.ui_url}{notification.link}" if notification.link else settings.ui_url
    text = f"{notification.title}\n\n{notification.message}\n\nOpen it in the portal: {link}"
    return user.email, f"{notification.title}: {notification.message}", text
