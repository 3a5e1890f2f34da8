"""A small repository over ``sample_items``: ordered JSON documents per area and kind.

Area modules keep their rules (precedence of filters, soft deletes, orders) and use this for
storage only. Positions are floats so an item can go to the front (below the smallest) or the end
(above the largest) without renumbering the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, func, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.stored_json import check_stored
from schemas.base import utcnow
from schemas.samples import SampleItem

# The byte cap of one stored item, by (area, kind): kinds that hold pictures as data URLs (a note's,
# a board's card images) or HTML (a course's steps) get more; everything else is a small record.
MAX_BYTES: dict[tuple[str, str], int] = {
    ("notes", "notes"): 640 * 1024,
    ("scrumboard", "boards"): 4 * 1024 * 1024,
    ("academy", "courses"): 512 * 1024,
    ("contacts", "contacts"): 640 * 1024,
}
DEFAULT_MAX_BYTES = 128 * 1024


def check_item(area: str, kind: str, data: dict[str, Any]) -> None:
    """The one check of every sample item before it is written: depth and this kind's byte cap."""
    check_stored(data, what=f"this {kind.removesuffix('s')}", max_bytes=MAX_BYTES.get((area, kind), DEFAULT_MAX_BYTES))


class SampleStore:
    """The items of one area. Without ``owner_id``: every item. With it: that user's items, and with
    ``with_shared`` the shared ones (no owner) too: a user's mailbox is the demo mails plus their own.
    New items get ``owner_id`` as their owner."""

    def __init__(
        self, session: AsyncSession, area: str, *, owner_id: int | None = None, with_shared: bool = False
    ) -> None:
        self.session = session
        self.area = area
        self.owner_id = owner_id
        self.with_shared = with_shared

    def _owned(self) -> Any:
        mine = col(SampleItem.owner_id) == self.owner_id
        return or_(mine, col(SampleItem.owner_id).is_(None)) if self.with_shared else mine

    def _scope(self, kind: str) -> Any:
        stmt = select(SampleItem).where(SampleItem.area == self.area, SampleItem.kind == kind)
        if self.owner_id is not None:
            stmt = stmt.where(self._owned())
        return stmt

    async def all(self, kind: str, *, limit: int | None = None) -> list[dict[str, Any]]:
        stmt = self._scope(kind).order_by(col(SampleItem.position), col(SampleItem.id))
        if limit is not None:
            stmt = stmt.limit(limit)
        rows = (await self.session.exec(stmt)).all()
        return [row.data for row in rows]

    async def _row(self, kind: str, key: str | int, *, lock: bool = False) -> SampleItem | None:
        stmt = self._scope(kind).where(SampleItem.key == str(key))
        if lock:
            stmt = stmt.with_for_update()
        row: SampleItem | None = (await self.session.exec(stmt)).first()
        return row

    async def get(self, kind: str, key: str | int, *, lock: bool = False) -> dict[str, Any] | None:
        """The item, or None; ``lock`` holds the row until commit (read-modify-write on PostgreSQL)."""
        row = await self._row(kind, key, lock=lock)
        return row.data if row else None

    async def _edge(self, kind: str, *, front: bool) -> float:
        column = col(SampleItem.position)
        stmt = select(func.min(column) if front else func.max(column)).where(
            SampleItem.area == self.area, SampleItem.kind == kind
        )
        if self.owner_id is not None:
            stmt = stmt.where(self._owned())
        value = (await self.session.exec(stmt)).one()
        if value is None:
            return 0.0
        return float(value) - 1 if front else float(value) + 1

    async def put(self, kind: str, key: str | int, data: dict[str, Any], *, front: bool = False) -> dict[str, Any]:
        """Replace the item with this key, or add it at the end (or the front)."""
        check_item(self.area, kind, data)
        row = await self._row(kind, key)
        if row is None:
            row = SampleItem(
                area=self.area,
                kind=kind,
                key=str(key),
                owner_id=self.owner_id,
                position=await self._edge(kind, front=front),
                data=data,
            )
        else:
            row.data = data
            row.updated_at = utcnow()
        self.session.add(row)
        await self.session.flush()
        return data

    async def remove(self, kind: str, keys: Iterable[str | int]) -> int:
        names = [str(k) for k in keys]
        if not names:
            return 0
        stmt = delete(SampleItem).where(
            col(SampleItem.area) == self.area, col(SampleItem.kind) == kind, col(SampleItem.key).in_(names)
        )
        if self.owner_id is not None:
            stmt = stmt.where(self._owned())
        result = await self.session.exec(stmt)
        return int(result.rowcount)

    async def reorder(self, kind: str, keys: list[str | int]) -> None:
        """Give the listed items positions 0..n-1 in the given order."""
        for position, key in enumerate(keys):
            row = await self._row(kind, key)
            if row is not None:
                row.position = float(position)
                self.session.add(row)
        await self.session.flush()

    async def replace_all(self, kind: str, items: list[dict[str, Any]], *, key_field: str = "id") -> None:
        """Load a whole kind afresh (the sample-data loader, the notes' label list)."""
        for item in items:
            check_item(self.area, kind, item)
        stmt = delete(SampleItem).where(col(SampleItem.area) == self.area, col(SampleItem.kind) == kind)
        if self.owner_id is not None:
            stmt = stmt.where(col(SampleItem.owner_id) == self.owner_id)
        await self.session.exec(stmt)
        for position, item in enumerate(items):
            self.session.add(
                SampleItem(
                    area=self.area,
                    kind=kind,
                    key=str(item[key_field]),
                    owner_id=self.owner_id,
                    position=float(position),
                    data=item,
                )
            )
        await self.session.flush()

    async def commit(self) -> None:
        await self.session.commit()
