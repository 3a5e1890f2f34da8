"""Counts per field value, kept by the database's own triggers (migration a7f3c2d91e04).

``record_counts`` holds (resource, field, value) -> number of records, their summed value and
probability-weighted value (leads). Triggers on assets, documents and leads keep it exact for every
write, whatever path it comes by (API, worker, import, restore, plain SQL). On PostgreSQL each
statement appends delta rows (no row lock shared by concurrent writers), so a key may have several
rows until ``fold`` sums them into one; readers always sum. The table is derived data: it is left
out of backups (its own metadata, not SQLModel's) and rebuilt by the triggers on restore.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, Column, Integer, MetaData, Numeric, String, Table, func, select, text
from sqlmodel.ext.asyncio.session import AsyncSession

log = logging.getLogger("portal.counts")

record_counts = Table(
    "record_counts",
    MetaData(),  # not SQLModel's: backups skip derived data
    Column("id", BigInteger().with_variant(Integer(), "sqlite"), primary_key=True),
    Column("resource", String(16), nullable=False),
    Column("field", String(32), nullable=False),
    Column("value", String(64), nullable=True),
    Column("n", BigInteger, nullable=False),
    Column("amount", Numeric(20, 2), nullable=False),
    Column("weighted", Numeric(24, 4), nullable=False),
)

# More delta rows than this per resource and the next reader folds them (PostgreSQL only).
FOLD_AT = 2000


class Tally(dict[tuple[str, str | None], tuple[int, float, float]]):
    """(field, value) -> (count, amount, weighted) for one resource."""

    def count(self, field: str, value: str | None) -> int:
        return self.get((field, value), (0, 0.0, 0.0))[0]

    def by(self, field: str) -> dict[str | None, tuple[int, float, float]]:
        return {value: figures for (name, value), figures in self.items() if name == field}


async def execute(session: AsyncSession, statement: Any, params: Any = None) -> Any:
    """Run a Core statement on the session's connection (rows as tuples, no ORM entities)."""
    return await (await session.connection()).execute(statement, params)


def _number(value: Any) -> float:
    return float(value) if isinstance(value, Decimal | int | float) else float(value or 0)


async def tally(session: AsyncSession, resource: str, fields: Sequence[str] | None = None) -> Tally:
    """Every counted (field, value) of ``resource`` (zero counts left out)."""
    c = record_counts.c
    stmt = (
        select(c.field, c.value, func.sum(c.n), func.sum(c.amount), func.sum(c.weighted), func.count())
        .where(c.resource == resource)
        .group_by(c.field, c.value)
    )
    if fields:
        stmt = stmt.where(c.field.in_(list(fields)))
    rows = (await execute(session, stmt)).all()
    result = Tally()
    stored = 0
    for field, value, n, amount, weighted, pieces in rows:
        stored += int(pieces)
        if int(n or 0):
            result[(str(field), None if value is None else str(value))] = (int(n), _number(amount), _number(weighted))
    if too_many_pieces(session, stored, len(rows)):
        await fold(session, resource)
    return result


def too_many_pieces(session: AsyncSession, pieces: int, keys: int) -> bool:
    """Whether a reader found enough delta rows to fold them (PostgreSQL keeps one row per key otherwise)."""
    return pieces > keys + FOLD_AT and session.bind.dialect.name == "postgresql"  # type: ignore[union-attr]


async def total(session: AsyncSession, resource: str, field: str, values: Sequence[str] | None = None) -> int:
    """How many records of ``resource`` have one of ``values`` in ``field`` (all records: None)."""
    c = record_counts.c
    stmt = select(func.coalesce(func.sum(c.n), 0)).where(c.resource == resource, c.field == field)
    if values is not None:
        stmt = stmt.where(c.value.in_(list(values)))
    return int((await execute(session, stmt)).scalar_one())


async def fold(session: AsyncSession, resource: str) -> None:
    """Sum one resource's delta rows into one row per key (PostgreSQL), in its own short transaction.

    Rows written after this statement's snapshot are not touched; two folds at once are kept apart
    by an advisory lock (the second simply skips).
    """
    engine = session.bind
    if engine is None or engine.dialect.name != "postgresql":
        return  # SQLite keeps one row per key already
    try:
        async with engine.connect() as conn, conn.begin():  # type: ignore[union-attr]
            locked = (
                await conn.execute(
                    text("SELECT pg_try_advisory_xact_lock(hashtext('record_counts:' || :r))"), {"r": resource}
                )
            ).scalar_one()
            if not locked:
                return
            await conn.execute(
                text(
                    "WITH gone AS (DELETE FROM record_counts WHERE resource = :r "
                    "RETURNING field, value, n, amount, weighted) "
                    "INSERT INTO record_counts (resource, field, value, n, amount, weighted) "
                    "SELECT :r, field, value, sum(n), sum(amount), sum(weighted) FROM gone "
                    "GROUP BY field, value HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(weighted) <> 0"
                ),
                {"r": resource},
            )
    except Exception:  # folding is housekeeping: a failure leaves the (still exact) deltas in place
        log.exception("could not fold the counts of %s", resource)


def cheap_total(counted: Sequence[str], filters: Mapping[str, Sequence[Any]]) -> tuple[str, list[str] | None] | None:
    """The (field, values) whose count is a list's exact total, when the filters allow it."""
    if not counted:
        return None
    if not filters:
        return counted[0], None
    if len(filters) == 1:
        ((field, values),) = filters.items()
        if field in counted:
            return field, [str(v) for v in values]
    return None
