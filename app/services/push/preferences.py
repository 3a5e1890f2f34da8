"""Each user's choice of how notifications reach them outside an open portal."""

from __future__ import annotations

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import committed
from schemas.push import NotificationPreference, PreferencesPublic, PreferencesUpdate, PushMode


async def get(session: AsyncSession, user_id: int) -> NotificationPreference:
    """The stored choice, or the defaults (push when away, e-mail when no device has push)."""
    found = await session.get(NotificationPreference, user_id)
    return found or NotificationPreference(user_id=user_id, push=PushMode.AWAY, email=True)


def public(preference: NotificationPreference) -> dict[str, Any]:
    return PreferencesPublic(push=PushMode(preference.push), email=preference.email).model_dump(by_alias=True)


async def update(session: AsyncSession, *, user_id: int, data: PreferencesUpdate) -> dict[str, Any]:
    for _attempt in range(2):  # two first saves at once: the second finds the row and updates it
        row = await get(session, user_id)
        if data.push is not None:
            row.push = data.push
        if data.email is not None:
            row.email = data.email
        session.add(row)
        if not await committed(session):
            continue
        return public(row)
    return public(await get(session, user_id))
