"""Each user's quick panel: their own events and notes, changes shown live on their other devices."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import ColumnElement, delete, update
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


def _owned(user_id: int, kind: Kind, item_id: int) -> tuple[ColumnElement[bool], ...]:
    """The item, if it is this user's and of this kind (anyone else's id is not found, like none)."""
    return (
        col(QuickPanelItem.id) == item_id,
        col(QuickPanelItem.user_id) == user_id,
        col(QuickPanelItem.kind) == _KIND_OF[kind],
    )


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
        session.add(item)
        await session.commit()
        await session.refresh(item)
    else:
        # One conditional UPDATE: an item deleted meanwhile (another tab, a racing DELETE) is a 404,
        # never an ORM flush that finds no row.
        changed = await session.exec(
            update(QuickPanelItem)
            .where(*_owned(user_id, kind, item_id))
            .values(title=body.title, detail=body.detail, updated_at=utcnow())
        )
        if changed.rowcount != 1:
            await session.rollback()
            raise not_found(f"No such {_KIND_OF[kind]}.")
        await session.commit()
        item = QuickPanelItem(id=item_id, user_id=user_id, kind=_KIND_OF[kind], title=body.title, detail=body.detail)
    public = _public(item)
    await events.publish(
        QuickPanelChanged(action="saved", kind=kind, id=item.id or 0, item=public), room=rooms.user(user_id)
    )
    return public


async def remove(*, session: AsyncSession, user_id: int, kind: Kind, item_id: int, events: EventSink) -> dict[str, Any]:
    # Conditional: of racing deletes one removes the row and pushes; the others answer 404.
    removed = await session.exec(delete(QuickPanelItem).where(*_owned(user_id, kind, item_id)))
    if removed.rowcount != 1:
        await session.rollback()
        raise not_found(f"No such {_KIND_OF[kind]}.")
    await session.commit()
    await events.publish(
        QuickPanelChanged(action="removed", kind=kind, id=item_id, item=None), room=rooms.user(user_id)
    )
    return {"id": item_id}
