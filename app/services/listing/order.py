"""Reading a page's rows in order: keyset segments in a sort column's order, or relevance tiers
(each tier newest first, read in windows of ids along the key on PostgreSQL)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, bindparam, func, literal, select, text, tuple_
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import invalid
from app.services import cursors
from app.services.counts import execute
from app.services.listing.query import ListQuery
from app.services.listing.rows import fetch_rows, fts_statement, plan, postgresql, row_statement
from app.services.resources import ResourceSpec
from app.services.textsearch import Matcher, Tier

# A search tier with many matches is read in windows of ids along the primary key: the first window,
# and how many ids all windows may cover before the rest is read from the GIN bitmap. A tier that
# tests the documents' text vectors (read and decompressed per row) uses a tenth / a twentieth.
PROBE_IDS = 2000
PROBE_BUDGET = 40_000

# --- keyset segments ----------------------------------------------------------------------------------


def _segments(
    spec: ResourceSpec, column: Any, key: tuple[Any, ...] | None, *, descending: bool, nulls_first: bool
) -> list[tuple[list[Any], list[Any]]]:
    """The queries (conditions, order) that read the rows after ``key`` in order ``descending``, in turn.

    Empty values come after every value in both orders (a person sorting by a date wants the dated
    rows first); read backwards (``nulls_first``) they come first. The rows with a value are read in
    the (column, id) index's order, the empty ones form their own segment read by id, so neither
    engine's own place for NULLs matters and both indexes still serve each segment.
    """
    id_column = spec.table.id  # type: ignore[attr-defined]
    if column is id_column:
        order = [id_column.desc() if descending else id_column.asc()]
        if key is None:
            return [([], order)]
        return [([id_column < key[-1] if descending else id_column > key[-1]], order)]
    order = [column.desc(), id_column.desc()] if descending else [column.asc(), id_column.asc()]
    nullable = bool(getattr(column, "nullable", True))
    if key is None:
        if not nullable:
            return [([], order)]
        by_id = [id_column.desc() if descending else id_column.asc()]
        values, empties = ([column.is_not(None)], order), ([column.is_(None)], by_id)
        return [empties, values] if nulls_first else [values, empties]
    value, last_id = key
    by_id = [id_column.desc() if descending else id_column.asc()]
    past_id = id_column < last_id if descending else id_column > last_id
    if value is None:
        segments = [([column.is_(None), past_id], by_id)]
        if nulls_first:
            segments.append(([column.is_not(None)], order))
        return segments
    pair = tuple_(column, id_column)
    bound = tuple_(literal(value, column.type), literal(last_id))
    segments = [([pair < bound if descending else pair > bound], order)]
    if nullable and not nulls_first:
        segments.append(([column.is_(None)], by_id))
    return segments


async def sorted_rows(
    session: AsyncSession,
    spec: ResourceSpec,
    query: ListQuery,
    where: list[ColumnElement[bool]],
    cursor: cursors.Cursor | None,
    limit: int,
) -> list[Any]:
    """Rows in the sort order: from the cursor on (in its direction), or from the page's offset."""
    stmt, _names, _refs = row_statement(spec.name)
    table = spec.table
    column = getattr(table, query.sort)
    after = cursor is None or cursor.after
    descending = query.descending if after else not query.descending
    if cursor is None and query.page > 1:
        by_value = column.desc() if descending else column.asc()
        if getattr(column, "nullable", True):
            # Empty values last, as the cursor segments read them. NULLS LAST, not an IS NULL key:
            # the (column, id) index still serves the direction where the engine keeps NULLs last.
            by_value = by_value.nulls_last()
        order = [by_value, table.id.desc() if descending else table.id.asc()]  # type: ignore[attr-defined]
        if query.sort == "id":
            order = order[1:]
        # The offset is walked in the (column, id) index alone, then only the page's rows are read.
        ids = select(table.id).where(*where).order_by(*order).offset((query.page - 1) * query.per_page).limit(limit)  # type: ignore[attr-defined]
        return await fetch_rows(session, stmt.where(table.id.in_(ids.scalar_subquery())).order_by(*order))  # type: ignore[attr-defined]
    found: list[Any] = []
    for conditions, order in _segments(
        spec, column, cursor.key if cursor else None, descending=descending, nulls_first=not after
    ):
        found += await fetch_rows(session, stmt.where(*where, *conditions).order_by(*order).limit(limit - len(found)))
        if len(found) >= limit:
            break
    return found


# --- relevance ------------------------------------------------------------------------------------------


async def _fts_tier_rows(
    session: AsyncSession,
    spec: ResourceSpec,
    tier: Tier,
    where: list[ColumnElement[bool]],
    bound: int | None,
    *,
    descending: bool,
    limit: int,
) -> list[Any]:
    """One tier on SQLite: read from its FTS5 table in rowid order (no table scan, no sort)."""
    assert tier.fts is not None and tier.match is not None
    stmt, rowid = fts_statement(spec.name, tier.fts)
    match = text(f"{tier.fts} MATCH :match").bindparams(bindparam("match", tier.match, unique=True))
    conditions = [match, *tier.extra, *tier.not_exact, *where]
    if bound is not None:
        conditions.append(rowid < bound if descending else rowid > bound)
    order = rowid.desc() if descending else rowid.asc()
    return await fetch_rows(session, stmt.where(*conditions).order_by(order).limit(limit))


async def _tier_rows(
    session: AsyncSession,
    spec: ResourceSpec,
    tier: Tier,
    where: list[ColumnElement[bool]],
    bound: int | None,
    *,
    descending: bool,
    limit: int,
    few: bool,
    stats: dict[str, float] | None = None,
) -> list[Any]:
    """Up to ``limit`` rows of one tier beyond id ``bound``, newest first (``descending``) or oldest.

    With few matches the GIN bitmap is read whole. With many, ordered scans read windows of ids
    sized from the matches the previous window held (a good share of rows match, so a few hundred
    ids give a page); when a window holds none, the bitmap reads the rest. ``costly``: testing a
    row reads a large vector (the documents' text), so the windows stay small.
    """
    if not postgresql(session) and tier.fts is not None:
        return await _fts_tier_rows(session, spec, tier, where, bound, descending=descending, limit=limit)
    stmt, names, _refs = row_statement(spec.name)
    id_at = names.index("id")
    ids = spec.table.id  # type: ignore[attr-defined]
    order = ids.desc() if descending else ids.asc()
    condition = [*where, tier.condition]
    costly = tier.costly

    def between(near: int | None, far: int | None) -> list[ColumnElement[bool]]:
        found = []
        if near is not None:
            found.append(ids < near if descending else ids > near)
        if far is not None:
            found.append(ids >= far if descending else ids <= far)
        return found

    if few or tier.fts is None or not postgresql(session):
        await plan(session, "bitmap")
        return await fetch_rows(session, stmt.where(*condition, *between(bound, None)).order_by(order).limit(limit))
    if bound is None:
        extreme = func.max(ids) if descending else func.min(ids)
        await plan(session, "ordered")  # the primary key's end (an index scan), not a bitmap
        edge = (await execute(session, select(extreme))).scalar()
        if edge is None:
            return []
        bound = edge + 1 if descending else edge - 1
    window, budget = (PROBE_IDS, PROBE_BUDGET) if not costly else (PROBE_IDS // 10, PROBE_BUDGET // 20)
    found: list[Any] = []
    spent = 0
    await plan(session, "ordered")
    while window > 0:
        far = bound - window if descending else bound + window
        rows = await fetch_rows(
            session, stmt.where(*condition, *between(bound, far)).order_by(order).limit(limit - len(found))
        )
        found += rows
        if stats is not None and "density" not in stats:  # how many of the newest rows match: see _total
            last = rows[-1][id_at] if rows else far  # the window ends where the page filled up
            stats["density"] = len(rows) / max(1, abs(bound - last) + 1)
        spent += window
        bound = far - 1 if descending else far + 1
        if len(found) >= limit or (bound < 0 and descending):
            return found
        if not rows:
            break  # a window without a match: the rest is read from the bitmap
        wanted = int((limit - len(found)) * window / len(rows) * 1.5) + 1
        window = min(wanted, budget - spent)
    await plan(session, "bitmap")
    found += await fetch_rows(
        session,
        stmt.where(*condition, *between(bound + (1 if descending else -1), None))
        .order_by(order)
        .limit(limit - len(found)),
    )
    return found


async def relevance_rows(
    session: AsyncSession,
    spec: ResourceSpec,
    matcher: Matcher,
    where: list[ColumnElement[bool]],
    cursor: cursors.Cursor | None,
    limit: int,
    few: bool,
    stats: dict[str, float] | None = None,
) -> list[tuple[int, Any]]:
    """(tier, row) pairs in relevance order from the cursor on (in its direction)."""
    tiers = matcher.tiers()
    after = cursor is None or cursor.after
    start, bound = (int(cursor.key[0]), int(cursor.key[1])) if cursor else (0, None)
    if not 0 <= start < len(tiers):
        raise invalid(cursors.STALE, {"cursor": "Not a cursor of this list query."})
    sequence = range(start, len(tiers)) if after else range(start, -1, -1)
    found: list[tuple[int, Any]] = []
    for tier in sequence:
        rows = await _tier_rows(
            session,
            spec,
            tiers[tier],
            where,
            bound if tier == start else None,
            descending=after,
            limit=limit - len(found),
            few=few,
            stats=stats,
        )
        found += [(tier, row) for row in rows]
        if len(found) >= limit:
            break
    return found
