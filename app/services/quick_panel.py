"""Each user's quick panel: their own events and notes, changes shown live on their other devices."""

from __future__ import annotations

from typing import Any, Literal

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import not_found
from app.realtime import rooms
from app.realtime.sink import EventSink
from schemas.base import utcnow
from schemas.chat import QuickPanelItem, QuickPanelItemInput
from schemas.events import QuickPanelChanged

Kind = Literal["events", "notes"]
_KIND_OF: dict[str, str] = {"events": "event", "notes": "note"}


def _public(item: QuickPanelItem) -> dict[str, Any]:
    return {"id": item.id, "title": item.title, "detail": item.detail}


async def data(*, session: AsyncSession, user_id: int) -> dict[str, list[dict[str, Any]]]:
    rows = (
        await session.exec(
            select(QuickPanelItem).where(QuickPanelItem.user_id == user_id).order_by(col(QuickPanelItem.id))
        )
    ).all()
    return {
        "events": [_public(r) for r in rows if r.kind == "event"],
        "notes": [_public(r) for r in rows if r.kind == "note"],
    }


async def _own(session: AsyncSession, user_id: int, kind: Kind, item_id: int) -> QuickPanelItem:
    item = await session.get(QuickPanelItem, item_id)
    if item is None or item.user_id != user_id or item.kind != _KIND_OF[kind]:
        raise not_found(f"No such {_KIND_OF[kind]}.")
    return item


async def save(
    *,
    session: AsyncSession,
    user_id: int,
    kind: Kind,
    body: QuickPanelItemInput,
    item_id: int | None,
    events: EventSink,
) -> dict[str, Any]:
    """Add (``item_id`` None) or edit one of the user's events or notes."""
    if item_id is None:
        item = QuickPanelItem(user_id=user_id, kind=_KIND_OF[kind], title=body.title, detail=body.detail)
    else:
        item = await _own(session, user_id, kind, item_id)
        item.title, item.detail, item.updated_at = body.title, body.detail, utcnow()
    session.add(item)
    await session.commit()
    await session.refresh(item)
    public = _public(item)
    await events.publish(
        QuickPanelChanged(action="saved", kind=kind, id=item.id or 0, item=public), room=rooms.user(user_id)
    )
    return public


async def remove(*, session: AsyncSession, user_id: int, kind: Kind, item_id: int, events: EventSink) -> dict[str, Any]:
    item = await _own(session, user_id, kind, item_id)
    await session.delete(item)
    await session.commit()
    await events.publish(
        QuickPanelChanged(action="removed", kind=kind, id=item_id, item=None), room=rooms.user(user_id)
    )
    return {"id": item_id}
