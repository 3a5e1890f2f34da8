"""A user's devices with push: subscribe, list, rename, remove (the settings panel, /profile/account
and the admin console all call these; nothing else writes ``push_subscriptions`` but the sender)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import committed
from app.errors import ApiError, invalid, not_found
from app.services.devices import describe_agent
from app.services.push.endpoints import allowed, service_of
from app.settings import Settings
from schemas.base import utcnow
from schemas.push import MAX_DEVICE_NAME, PushSubscription, SubscriptionCreate, SubscriptionPublic

NOT_ALLOWED = (
    "This browser's push service is not one the portal may send to. "
    "Use Chrome, Edge, Firefox or Safari, or ask an administrator (WEB_PUSH_ALLOWED_ENDPOINTS)."
)


def public(row: PushSubscription) -> dict[str, Any]:
    return SubscriptionPublic(
        id=row.id or 0,
        name=row.name,
        service=service_of(row.endpoint),
        created_at=row.created_at,
        last_push_at=row.last_push_at,
        last_error=row.last_error,
        last_error_at=row.last_error_at,
    ).model_dump(mode="json", by_alias=True)


def device_name(user_agent: str | None) -> str:
    """A name people recognise ("Chrome Mobile 131 on Android 14 (Pixel 8)"); they can change it."""
    return describe_agent(user_agent)[0][:MAX_DEVICE_NAME]


async def list_devices(session: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    rows = await session.exec(
        select(PushSubscription).where(PushSubscription.user_id == user_id).order_by(col(PushSubscription.id))
    )
    return [public(row) for row in rows]


async def device_counts(session: AsyncSession, user_ids: list[int]) -> dict[int, int]:
    """Devices with push per user (users without any are left out): for lists of users."""
    if not user_ids:
        return {}
    rows = await session.exec(
        select(PushSubscription.user_id, func.count())
        .where(col(PushSubscription.user_id).in_(user_ids))
        .group_by(col(PushSubscription.user_id))
    )
    return {user_id: int(count) for user_id, count in rows}


async def has_device(session: AsyncSession, user_id: int) -> bool:
    found = await session.exec(select(PushSubscription.id).where(PushSubscription.user_id == user_id).limit(1))
    return found.first() is not None


async def subscribe(
    session: AsyncSession, settings: Settings, *, user_id: int, data: SubscriptionCreate, user_agent: str | None
) -> tuple[dict[str, Any], bool]:
    """Store this browser's subscription for the user; answers (device, created).

    The same endpoint again (the browser renewed its keys, or another user signed in on it) updates
    the one row and moves it to this user: a browser receives the pushes of whoever last subscribed.
    """
    if not allowed(data.endpoint, settings.web_push_allowed_endpoints):
        raise invalid(NOT_ALLOWED, {"endpoint": "Not an allowed push service."})
    agent = (user_agent or "")[:400] or None
    for _attempt in range(2):  # a racing subscribe of the same endpoint: the second pass updates its row
        row = (await session.exec(select(PushSubscription).where(PushSubscription.endpoint == data.endpoint))).first()
        created = row is None
        if row is None or row.user_id != user_id:  # a device new to this user: within their bound
            count = await session.exec(select(func.count()).where(PushSubscription.user_id == user_id))
            if int(count.one()) >= settings.web_push_max_devices:
                raise ApiError(
                    409,
                    f"You already have {settings.web_push_max_devices} devices with push. "
                    "Remove one (Settings, Notifications) before adding this one.",
                )
        if row is None:
            row = PushSubscription(user_id=user_id, endpoint=data.endpoint, p256dh="", auth="", name="")
        moved = row.user_id != user_id
        row.user_id = user_id
        row.p256dh, row.auth = data.keys.p256dh, data.keys.auth
        row.user_agent = agent
        row.name = data.name or (row.name if row.name and not moved else device_name(agent))
        row.last_error = row.last_error_at = None
        session.add(row)
        if not await committed(session):
            continue
        await session.refresh(row)
        return public(row), created
    raise ApiError(409, "This device was registered at the same moment by another request. Try again.")


async def _own(session: AsyncSession, user_id: int, subscription_id: int) -> PushSubscription:
    row = await session.get(PushSubscription, subscription_id)
    if row is None or row.user_id != user_id:
        raise not_found("No such device.")
    return row


async def rename(session: AsyncSession, *, user_id: int, subscription_id: int, name: str) -> dict[str, Any]:
    row = await _own(session, user_id, subscription_id)
    row.name = name
    session.add(row)
    await session.commit()
    await session.refresh(row)
    return public(row)


async def remove(session: AsyncSession, *, user_id: int, subscription_id: int) -> None:
    """Forget one device (conditional: of two racing removals one gets 404)."""
    removed = await session.exec(
        delete(PushSubscription).where(
            col(PushSubscription.id) == subscription_id, col(PushSubscription.user_id) == user_id
        )
    )
    if removed.rowcount != 1:
        await session.rollback()
        raise not_found("No such device.")
    await session.commit()


def stamp_success(row: PushSubscription) -> None:
    row.last_push_at = utcnow()
    row.last_error = row.last_error_at = None


def stamp_error(row: PushSubscription, message: str) -> None:
    row.last_error = message[:300]
    row.last_error_at = utcnow()
