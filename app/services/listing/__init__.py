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

The package: ``query`` (the query models, parsing, the cache key), ``rows`` (the row statements, the
public shape, the plan settings), ``totals`` (counting), ``order`` (keyset segments and relevance
tiers); here the answer (a page, the global search's top hits, every row for an export).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from sqlalchemy import ColumnElement
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.services import cursors
from app.services.counts import execute
from app.services.listing.order import relevance_rows, sorted_rows
from app.services.listing.query import ListQuery, parse_list_query, query_model
from app.services.listing.rows import page_items, plan, postgresql, public_rows, row_statement
from app.services.listing.totals import SEARCH_TOTAL_CAP, TOTAL_CAP, count_total
from app.services.resources import ResourceSpec
from app.services.textsearch import SNIPPET_CHARS, Matcher, highlighter, segments
from schemas.query import MAX_PAGE, MAX_PER_PAGE, MAX_Q_CHARS, RELEVANCE

__all__ = [
    "MAX_PAGE",
    "MAX_PER_PAGE",
    "MAX_Q_CHARS",
    "SEARCH_TOTAL_CAP",
    "TOTAL_CAP",
    "ListQuery",
    "list_records",
    "page_items",
    "parse_list_query",
    "query_model",
    "top",
    "walk",
]

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


async def _public(session: AsyncSession, spec: ResourceSpec, rows: list[Any], matcher: Matcher | None) -> list[Any]:
    """The rows in their public shape; a search's documents with their snippets."""
    items = public_rows(spec, rows)
    if matcher is not None and spec.name == "documents":
        await _snippets(session, matcher, items)
    return items


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
    _stmt, names, _refs = row_statement(spec.name)
    id_at, sort_at = names.index("id"), names.index(query.sort) if query.sort in names else 0
    if matcher is not None and query.sort == RELEVANCE:
        skip = 0 if cursor else (query.page - 1) * query.per_page
        pairs = (await relevance_rows(session, spec, matcher, where, cursor, skip + limit, few=few, stats=stats))[skip:]
        return [row for _tier, row in pairs], [(tier, row[id_at]) for tier, row in pairs]
    if matcher is not None:
        await plan(session, "bitmap" if few else "ordered")
        where = [*where, matcher.matches()]
    rows = await sorted_rows(session, spec, query, where, cursor, limit)
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
    if matcher is not None and query.sort == RELEVANCE and postgresql(session):
        stats: dict[str, float] = {}
        rows, keys = await _read(session, spec, query, matcher, cursor, limit=limit, few=False, stats=stats)
        total, exact = await count_total(session, spec, query, filters, matcher, stats.get("density"))
        return rows, keys, total, exact
    total, exact = await count_total(session, spec, query, filters, matcher)
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
    items = await _public(session, spec, rows, matcher)
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
    items = await _public(session, spec, rows, matcher)
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
                few = (await count_total(session, spec, query, _filters(spec, query), matcher))[1]
            first = False
            rows, keys = await _read(session, spec, query, matcher, cursor, limit=batch, few=few)
            items = public_rows(spec, rows)
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
