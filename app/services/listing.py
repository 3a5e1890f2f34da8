"""``GET /{resource}``: pages whose cost does not grow with the table (SQLite and PostgreSQL).

- Order: every sortable column has an index on (column, id) (``schemas.records.SORTABLE``); a page
  is read from it in either direction with ``id`` as the tie-breaker.
- Paging: ``cursor`` (keyset: the rows after or before the last key, ``nextCursor``/``prevCursor``
  in the answer) costs the same on page 1 and page 10,000 and neither skips nor repeats a row when
  rows are added between page loads; ``page`` still works (an offset, read from the index alone).
- Total: exact up to ``TOTAL_CAP``; beyond it ``totalIsExact`` is false. Unfiltered lists and lists
  filtered on one counted field read ``record_counts`` (exact at any size); others count at most
  ``TOTAL_CAP + 1`` index entries. Never ``count(*) over ()`` over the whole table.
- ``q``: the database's full-text index (:mod:`app.services.textsearch`); without ``sort`` the
  answer is ordered by relevance tier, newest first within a tier.

PostgreSQL's planner cannot know that testing a document's text vector means reading (and
decompressing) up to a megabyte, so search queries tell it which plan to use (``_plan``): a bitmap
of the GIN index when the matches are few (counted first, at most ``TOTAL_CAP``), an ordered index
scan over a bounded window of ids when they are many.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from pydantic.alias_generators import to_pascal
from sqlalchemy import ColumnElement, Integer, bindparam, func, literal, select, text, tuple_
from sqlalchemy import column as sa_column
from sqlalchemy import table as sa_table
from sqlalchemy.orm import aliased
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.errors import invalid
from app.services import counts, cursors
from app.services.counts import execute
from app.services.records import shape
from app.services.resources import ResourceSpec
from app.services.textsearch import SNIPPET_CHARS, Matcher, Tier, highlighter, segments
from app.validation import parse
from schemas.query import (
    DEFAULT_PER_PAGE,
    MAX_PAGE,
    MAX_PER_PAGE,
    MAX_Q_CHARS,
    RELEVANCE,
    FilterParams,
    ListParams,
    record_query_model,
)
from schemas.users import User

__all__ = ["MAX_PAGE", "MAX_PER_PAGE", "MAX_Q_CHARS", "parse_list_query", "query_model"]  # with the query models

TOTAL_CAP = 10_000
# A search counts its matches only this far: counting means visiting each matching row (a word in
# 15,000 asset names took 10 ms to count to 10,000 on PostgreSQL, more than the page itself).
SEARCH_TOTAL_CAP = 1_000
DENSE = 0.05  # a search whose first window of ids matched this share or more is counted along the key
# A search tier with many matches is read in windows of ids along the primary key: the first window,
# and how many ids all windows may cover before the rest is read from the GIN bitmap. A tier that
# tests the documents' text vectors (read and decompressed per row) uses a tenth / a twentieth.
PROBE_IDS = 2000
PROBE_BUDGET = 40_000


@dataclass(frozen=True)
class ListQuery:
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE
    sort: str = "id"  # a column name, or RELEVANCE (only with q)
    descending: bool = False
    q: str = ""
    filters: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    cursor: str | None = None

    def key(self) -> tuple[Any, ...]:
        """The query in one normal form (defaults filled, filters sorted): the answer cache's key."""
        filters = tuple(sorted((k, tuple(str(v) for v in values)) for k, values in self.filters.items()))
        return (self.page, self.per_page, self.sort, self.descending, self.q, filters, self.cursor)

    def fingerprint(self, resource: str) -> str:
        filters = {k: sorted(str(v) for v in values) for k, values in self.filters.items()}
        return cursors.fingerprint(resource, self.sort, self.descending, self.q, filters)


def query_model(spec: ResourceSpec, base: type[FilterParams] = ListParams) -> type[FilterParams]:
    """The query model of a resource's list (``ListParams``) or export (``ExportParams``)."""
    return _query_model(spec.name, base)


@cache
def _query_model(name: str, base: type[FilterParams]) -> type[FilterParams]:
    from app.services.resources import RESOURCES

    spec = RESOURCES[name]
    kind = "List" if base is ListParams else base.__name__.removesuffix("Params")
    return record_query_model(
        base,
        f"{to_pascal(spec.name)}{kind}Query",
        sortable=spec.sortable,
        enum_filters=spec.enum_filters,
        id_filters=spec.id_filters,
    )


def parse_list_query(spec: ResourceSpec, params: Mapping[str, str] | FilterParams) -> ListQuery:
    """The list query from the parsed query model (or a query string's values, parsed with the
    resource's model): ``page``, ``perPage``, ``cursor``, ``sort``, ``order``, ``q`` and the filters;
    422 on anything wrong."""
    parsed = params if isinstance(params, FilterParams) else parse(query_model(spec), dict(params))
    errors: dict[str, str] = {}
    if parsed.sort == RELEVANCE and not parsed.q:
        errors["sort"] = "Relevance needs a search (q)."
    page = parsed.page if isinstance(parsed, ListParams) else 1
    cursor = (parsed.cursor or None) if isinstance(parsed, ListParams) else None
    if cursor and page != 1:
        errors["cursor"] = "Use either a cursor or a page number, not both."
    if errors:
        raise invalid("Check the list parameters. " + "; ".join(f"{k}: {v}" for k, v in errors.items()), errors)
    sortable = spec.sortable
    sort = RELEVANCE if (parsed.sort == RELEVANCE or (not parsed.sort and parsed.q)) else sortable[parsed.sort or "id"]
    filters: dict[str, list[Any]] = {}
    for column in (*spec.enum_filters, *spec.id_filters):
        values = getattr(parsed, column, None)
        if values:
            filters[column] = list(values)
    return ListQuery(
        page=page,
        per_page=parsed.per_page if isinstance(parsed, ListParams) else DEFAULT_PER_PAGE,
        sort=sort,
        descending=parsed.order == "desc",
        q=parsed.q,
        filters=filters,
        cursor=cursor,
    )


# --- rows in their public shape ----------------------------------------------------------------------


@cache  # built once per resource: aliasing a table per call costs milliseconds
def _row_statement(resource: str, fts: str | None = None) -> tuple[Any, list[str], list[tuple[str, str]]]:
    """SELECT every column and each referenced user's name and photo (joined: no second query).
    Answers the statement, the column names in order and the user-reference (column, key) pairs
    whose two joined columns follow them. With ``fts`` (SQLite), the FTS5 table drives the query."""
    from app.services.resources import RESOURCES

    spec = RESOURCES[resource]
    table = spec.table
    columns = list(table.__table__.columns)  # type: ignore[attr-defined]
    selected: list[Any] = list(columns)
    joins = []
    refs = list(shape.user_ref_keys(spec.name))
    for column, _key in refs:
        person = aliased(User)
        selected += [person.display_name, person.photo_url]
        joins.append((person, person.id == getattr(table, column)))
    if fts is None:
        stmt = select(*selected).select_from(table)
    else:
        index = _fts_table(fts)
        stmt = select(*selected).select_from(index).join(table, table.id == index.c.rowid)  # type: ignore[attr-defined]
    for person, on in joins:
        stmt = stmt.outerjoin(person, on)
    return stmt, [c.name for c in columns], refs


def _fts_statement(resource: str, fts: str) -> Any:
    """``_row_statement`` driven by an FTS5 table (SQLite): rows come in the FTS index's rowid order,
    so ``ORDER BY rowid DESC LIMIT n`` stops after n matches instead of sorting all of them."""
    stmt, _names, _refs = _row_statement(resource, fts)
    return stmt, _fts_table(fts).c.rowid


@cache
def _fts_table(name: str) -> Any:
    return sa_table(name, sa_column("rowid", Integer))


def page_items(spec: ResourceSpec, rows: Sequence[Any], names: list[str], refs: list[tuple[str, str]]) -> list[Any]:
    """Rows of ``_row_statement`` in the public shape, reading columns by position (each referenced
    person's name and photo follow the table's columns, in ``refs`` order)."""
    position = {name: n for n, name in enumerate(names)}
    joined = {column: len(names) + 2 * n for n, (column, _key) in enumerate(refs)}

    def person(row: Any, column: str, user_id: int) -> dict[str, Any]:
        at = joined[column]
        return shape.person(user_id, row[at], row[at + 1])

    return shape.build(spec.name, rows, lambda row, column: row[position[column]], person)


# --- the planner, for search queries on PostgreSQL ----------------------------------------------------


def _postgresql(session: AsyncSession) -> bool:
    return session.bind.dialect.name == "postgresql"  # type: ignore[union-attr]


async def _plan(session: AsyncSession, mode: str | None) -> None:
    """``bitmap``: read matches through the (GIN) bitmaps only; ``ordered``: through an ordered index
    scan only; None: the planner's own choice. Local to the session's transaction."""
    if not _postgresql(session) or session.info.get("plan") == mode:
        return
    session.info["plan"] = mode
    off = {"bitmap": ("off", "off", "on"), "ordered": ("off", "on", "off")}.get(mode or "", ("on", "on", "on"))
    await execute(
        session,
        text(
            "SELECT set_config('enable_seqscan', :s, true), set_config('enable_indexscan', :i, true), "
            "set_config('enable_indexonlyscan', :i, true), set_config('enable_bitmapscan', :b, true)"
        ),
        {"s": off[0], "i": off[1], "b": off[2]},
    )


async def _rows(session: AsyncSession, stmt: Any) -> list[Any]:
    return list((await execute(session, stmt)).all())


# --- totals -------------------------------------------------------------------------------------------


async def _capped_count(
    session: AsyncSession, spec: ResourceSpec, where: list[ColumnElement[bool]], cap: int = TOTAL_CAP
) -> int:
    inner = select(spec.table.id).where(*where).limit(cap + 1)  # type: ignore[attr-defined]
    return int((await execute(session, select(func.count()).select_from(inner.subquery()))).scalar_one())


async def _total(
    session: AsyncSession,
    spec: ResourceSpec,
    query: ListQuery,
    filters: list[ColumnElement[bool]],
    matcher: Matcher | None,
    density: float | None = None,
) -> tuple[int, bool]:
    """The total and whether it is exact. ``density``: the share of the newest rows that a search's
    first window found (PostgreSQL relevance reads come first): with many matches, counting along
    the primary key stops after ``SEARCH_TOTAL_CAP`` of them, where a GIN bitmap would first collect
    every match (a word in 60,000 asset names: 23 ms, against 4 ms along the key)."""
    if matcher is None:
        cheap = counts.cheap_total(spec.counted, query.filters)
        if cheap is not None:
            return await counts.total(session, spec.name, cheap[0], cheap[1]), True
        found = await _capped_count(session, spec, filters)
        return (found, True) if found <= TOTAL_CAP else (TOTAL_CAP, False)
    if not _postgresql(session):  # count from the FTS5 indexes themselves (no table read without filters)
        found = 0
        for tier in matcher.tiers():
            if tier.fts is not None and found <= SEARCH_TOTAL_CAP:
                found += await _fts_count(session, spec, tier, filters, SEARCH_TOTAL_CAP - found)
        return (found, True) if found <= SEARCH_TOTAL_CAP else (SEARCH_TOTAL_CAP, False)
    if density is not None and density >= DENSE and spec.name != "documents":  # documents: the text vector is costly
        await _plan(session, "ordered")
        inner = (
            select(spec.table.id)  # type: ignore[attr-defined]
            .where(*filters, matcher.words_only())
            .order_by(spec.table.id.desc())  # type: ignore[attr-defined]
            .limit(SEARCH_TOTAL_CAP + 1)
        )
        found = int((await execute(session, select(func.count()).select_from(inner.subquery()))).scalar_one())
        if found > SEARCH_TOTAL_CAP:
            return SEARCH_TOTAL_CAP, False
    await _plan(session, "bitmap")
    found = await _capped_count(session, spec, [*filters, matcher.words_only()], SEARCH_TOTAL_CAP)
    if found <= SEARCH_TOTAL_CAP and spec.search.trigram:  # parts of tags too: only worth it when few match
        found = await _capped_count(session, spec, [*filters, matcher.matches()], SEARCH_TOTAL_CAP)
    return (found, True) if found <= SEARCH_TOTAL_CAP else (SEARCH_TOTAL_CAP, False)


async def _fts_count(
    session: AsyncSession, spec: ResourceSpec, tier: Tier, filters: list[ColumnElement[bool]], cap: int
) -> int:
    """Matches of one tier on SQLite, counted up to ``cap + 1`` in its FTS5 index."""
    index = _fts_table(str(tier.fts))
    match = text(f"{tier.fts} MATCH :match").bindparams(bindparam("match", tier.match, unique=True))
    inner = select(index.c.rowid).select_from(index)
    if filters or tier.extra:
        inner = inner.join(spec.table, spec.table.id == index.c.rowid)  # type: ignore[attr-defined]
    inner = inner.where(match, *tier.extra, *filters).limit(cap + 1)
    return int((await execute(session, select(func.count()).select_from(inner.subquery()))).scalar_one())


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


async def _sorted_rows(
    session: AsyncSession,
    spec: ResourceSpec,
    query: ListQuery,
    where: list[ColumnElement[bool]],
    cursor: cursors.Cursor | None,
    limit: int,
) -> list[Any]:
    """Rows in the sort order: from the cursor on (in its direction), or from the page's offset."""
    stmt, _names, _refs = _row_statement(spec.name)
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
        return await _rows(session, stmt.where(table.id.in_(ids.scalar_subquery())).order_by(*order))  # type: ignore[attr-defined]
    found: list[Any] = []
    for conditions, order in _segments(
        spec, column, cursor.key if cursor else None, descending=descending, nulls_first=not after
    ):
        found += await _rows(session, stmt.where(*where, *conditions).order_by(*order).limit(limit - len(found)))
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
    stmt, rowid = _fts_statement(spec.name, tier.fts)
    match = text(f"{tier.fts} MATCH :match").bindparams(bindparam("match", tier.match, unique=True))
    conditions = [match, *tier.extra, *tier.not_exact, *where]
    if bound is not None:
        conditions.append(rowid < bound if descending else rowid > bound)
    order = rowid.desc() if descending else rowid.asc()
    return await _rows(session, stmt.where(*conditions).order_by(order).limit(limit))


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
    if not _postgresql(session) and tier.fts is not None:
        return await _fts_tier_rows(session, spec, tier, where, bound, descending=descending, limit=limit)
    stmt, names, _refs = _row_statement(spec.name)
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

    if few or tier.fts is None or not _postgresql(session):
        await _plan(session, "bitmap")
        return await _rows(session, stmt.where(*condition, *between(bound, None)).order_by(order).limit(limit))
    if bound is None:
        extreme = func.max(ids) if descending else func.min(ids)
        await _plan(session, "ordered")  # the primary key's end (an index scan), not a bitmap
        edge = (await execute(session, select(extreme))).scalar()
        if edge is None:
            return []
        bound = edge + 1 if descending else edge - 1
    window, budget = (PROBE_IDS, PROBE_BUDGET) if not costly else (PROBE_IDS // 10, PROBE_BUDGET // 20)
    found: list[Any] = []
    spent = 0
    await _plan(session, "ordered")
    while window > 0:
        far = bound - window if descending else bound + window
        rows = await _rows(
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
    await _plan(session, "bitmap")
    found += await _rows(
        session,
        stmt.where(*condition, *between(bound + (1 if descending else -1), None))
        .order_by(order)
        .limit(limit - len(found)),
    )
    return found


async def _relevance_rows(
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


# --- the answer -------------------------------------------------------------------------------------


def _filters(spec: ResourceSpec, query: ListQuery) -> list[ColumnElement[bool]]:
    return [getattr(spec.table, column).in_(list(values)) for column, values in query.filters.items()]


async def _snippets(session: AsyncSession, matcher: Matcher, items: list[dict[str, Any]]) -> None:
    built = matcher.snippet_sql([item["id"] for item in items])
    pattern = highlighter(matcher.q)
    found: dict[int, Any] = {}
    if built is not None and pattern is not None:
        statement, params = built
        for record_id, window, clipped in (await execute(session, statement, params)).all():
            text_ = str(window or "")
            clipped_end = len(text_) >= SNIPPET_CHARS
            found[int(record_id)] = segments(text_, pattern, clipped_start=bool(clipped), clipped_end=clipped_end)
    for item in items:
        item["snippet"] = found.get(item["id"])


def _key_types(spec: ResourceSpec, query: ListQuery, relevance: bool) -> list[Any]:
    id_type = spec.table.__table__.c.id.type  # type: ignore[attr-defined]
    if relevance:
        return [id_type, id_type]  # (tier, id)
    if query.sort == "id":
        return [id_type]
    return [getattr(spec.table, query.sort).type, id_type]


async def _read(
    session: AsyncSession,
    spec: ResourceSpec,
    query: ListQuery,
    matcher: Matcher | None,
    cursor: cursors.Cursor | None,
    *,
    limit: int,
    few: bool,
    stats: dict[str, float] | None = None,
) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """Up to ``limit`` rows from the cursor on (in its direction) and their keys, as read."""
    where = _filters(spec, query)
    _stmt, names, _refs = _row_statement(spec.name)
    id_at, sort_at = names.index("id"), names.index(query.sort) if query.sort in names else 0
    if matcher is not None and query.sort == RELEVANCE:
        skip = 0 if cursor else (query.page - 1) * query.per_page
        pairs = (await _relevance_rows(session, spec, matcher, where, cursor, skip + limit, few=few, stats=stats))[
            skip:
        ]
        return [row for _tier, row in pairs], [(tier, row[id_at]) for tier, row in pairs]
    if matcher is not None:
        await _plan(session, "bitmap" if few else "ordered")
        where = [*where, matcher.matches()]
    rows = await _sorted_rows(session, spec, query, where, cursor, limit)
    return rows, [(row[id_at],) if query.sort == "id" else (row[sort_at], row[id_at]) for row in rows]


async def _page(
    session: AsyncSession,
    spec: ResourceSpec,
    query: ListQuery,
    matcher: Matcher | None,
    cursor: cursors.Cursor | None,
    limit: int,
) -> tuple[list[Any], list[tuple[Any, ...]], int, bool]:
    """Rows, keys, total and whether it is exact. A PostgreSQL search in relevance order reads first
    (in windows along the key, which also tell how common the words are), then counts."""
    filters = _filters(spec, query)
    if matcher is not None and query.sort == RELEVANCE and _postgresql(session):
        stats: dict[str, float] = {}
        rows, keys = await _read(session, spec, query, matcher, cursor, limit=limit, few=False, stats=stats)
        total, exact = await _total(session, spec, query, filters, matcher, stats.get("density"))
        return rows, keys, total, exact
    total, exact = await _total(session, spec, query, filters, matcher)
    rows, keys = await _read(session, spec, query, matcher, cursor, limit=limit, few=exact)
    return rows, keys, total, exact


def _matcher(session: AsyncSession, spec: ResourceSpec, query: ListQuery) -> Matcher | None:
    return Matcher(spec, query.q, session.bind.dialect.name) if query.q else None  # type: ignore[union-attr]


async def list_records(*, session: AsyncSession, spec: ResourceSpec, query: ListQuery) -> dict[str, Any]:
    """One page of a list (see the module's docstring); searches need a session with a transaction
    (``Database.session``) on PostgreSQL for their plan settings."""
    matcher = _matcher(session, spec, query)
    if matcher is not None and matcher.empty:  # punctuation only: nothing can match
        return _answer(query, [], 0, True, None, None)
    print_ = query.fingerprint(spec.name)
    key_types = _key_types(spec, query, matcher is not None and query.sort == RELEVANCE)
    cursor = cursors.decode(query.cursor, print_, key_types) if query.cursor else None
    rows, keys, total, exact = await _page(session, spec, query, matcher, cursor, query.per_page + 1)
    after = cursor is None or cursor.after
    more = len(rows) > query.per_page
    rows, keys = rows[: query.per_page], keys[: query.per_page]
    if not after:
        rows, keys = rows[::-1], keys[::-1]
    came_from_somewhere = cursor is not None or query.page > 1
    next_key = keys[-1] if keys and (more if after else True) else None
    prev_key = keys[0] if keys and (came_from_somewhere if after else more) else None
    _stmt, names, refs = _row_statement(spec.name)
    items = page_items(spec, rows, names, refs)
    if matcher is not None and spec.name == "documents":
        await _snippets(session, matcher, items)
    # No reset of the plan settings: they are local to this transaction, which ends with the call.
    return _answer(
        query,
        items,
        total,
        exact,
        cursors.encode(print_, after=True, key=next_key) if next_key else None,
        cursors.encode(print_, after=False, key=prev_key) if prev_key else None,
    )


async def top(
    *, session: AsyncSession, spec: ResourceSpec, q: str, limit: int
) -> tuple[list[dict[str, Any]], int, bool]:
    """The ``limit`` most relevant records for ``q`` (global search), the total and whether it is exact."""
    query = ListQuery(per_page=limit, sort=RELEVANCE, q=q)
    matcher = _matcher(session, spec, query)
    if matcher is None or matcher.empty:
        return [], 0, True
    rows, _keys, total, exact = await _page(session, spec, query, matcher, None, limit)
    _stmt, names, refs = _row_statement(spec.name)
    items = page_items(spec, rows, names, refs)
    if spec.name == "documents":
        await _snippets(session, matcher, items)
    return items, total, exact


async def walk(
    db: Database, spec: ResourceSpec, query: ListQuery, batch: int = 1000
) -> AsyncIterator[list[dict[str, Any]]]:
    """Every row the list query finds, in its order, ``batch`` rows at a time (exports). Each batch
    is read in its own short transaction from where the previous one ended (keyset), so no snapshot
    or lock is held while the caller sends the rows."""
    query = replace(query, page=1, per_page=batch, cursor=None)
    cursor: cursors.Cursor | None = None
    few = True
    first = True
    while True:
        async with db.session() if query.q else db.reader() as session:
            matcher = _matcher(session, spec, query)
            if matcher is not None and matcher.empty:
                return
            if first and matcher is not None:
                few = (await _total(session, spec, query, _filters(spec, query), matcher))[1]
            first = False
            rows, keys = await _read(session, spec, query, matcher, cursor, limit=batch, few=few)
            _stmt, names, refs = _row_statement(spec.name)
            items = page_items(spec, rows, names, refs)
        if items:
            yield items
        if len(rows) < batch:
            return
        cursor = cursors.Cursor(after=True, key=keys[-1])


def _answer(
    query: ListQuery, items: list[Any], total: int, exact: bool, next_cursor: str | None, prev_cursor: str | None
) -> dict[str, Any]:
    return {
        "items": items,
        "total": total,
        "totalIsExact": exact,
        "page": None if query.cursor else query.page,
        "perPage": query.per_page,
        "nextCursor": next_cursor,
        "prevCursor": prev_cursor,
    }
