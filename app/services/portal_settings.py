"""App-wide settings an administrator chooses for everyone (``portal_settings``): read by every signed-in
user's portal, changed by admins only, and pushed to every open portal when they change."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services import permissions
from schemas.base import utcnow
from schemas.events import PortalSettingsChanged
from schemas.options import Role
from schemas.users import PortalSetting, PortalSettings, PortalSettingsUpdate


async def get_settings(session: AsyncSession) -> PortalSettings:
    """The settings in force: each stored value over its default (unknown keys are ignored)."""
    stored = {row.key: row.value for row in await session.exec(select(PortalSetting))}
    known = {key: stored[key] for key in PortalSettings.model_fields if key in stored}
    return PortalSettings.model_validate(known)


async def update_settings(
    session: AsyncSession, *, data: PortalSettingsUpdate, actor: Principal, events: EventSink
) -> PortalSettings:
    """Store the values given (admins only), then tell every open portal."""
    permissions.require(actor, Role.ADMIN, "change the portal's settings for everyone")
    changes = data.model_dump(exclude_unset=True, exclude_none=True)
    if changes:
        for attempt in range(2):  # two admins at once: the other's row exists now; this one wins
            for key, value in changes.items():
                row = await session.get(PortalSetting, key) or PortalSetting(key=key)
                row.value, row.updated_at, row.updated_by_id = value, utcnow(), actor.user_id
                session.add(row)
            try:
                await session.commit()
                break
            except IntegrityError:
                await session.rollback()
                if attempt:
                    raise
    current = await get_settings(session)
    if changes:
        await events.publish(PortalSettingsChanged(settings=current.model_dump(by_alias=True)), room=rooms.STAFF)
    return current
