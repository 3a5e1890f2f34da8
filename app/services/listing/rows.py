"""The rows of a list in their public shape (one statement per resource, each referenced person
joined), and the plan settings PostgreSQL's search queries are read with (see the package's docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import Integer, select, text
from sqlalchemy import column as sa_column
from sqlalchemy import table as sa_table
from sqlalchemy.orm import aliased
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.counts import execute
from app.services.records import shape
from app.services.resources import ResourceSpec
from schemas.users import User

# --- rows in their public shape ----------------------------------------------------------------------


@cache  # built once per resource: aliasing a table per call costs milliseconds
def row_statement(resource: str, fts: str | None = None) -> tuple[Any, list[str], list[tuple[str, str]]]:
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
        index = fts_table(fts)
        stmt = select(*selected).select_from(index).join(table, table.id == index.c.rowid)  # type: ignore[attr-defined]
    for person, on in joins:
        stmt = stmt.outerjoin(person, on)
    return stmt, [c.name for c in columns], refs


def fts_statement(resource: str, fts: str) -> Any:
    """``row_statement`` driven by an FTS5 table (SQLite): rows come in the FTS index's rowid order,
    so ``ORDER BY rowid DESC LIMIT n`` stops after n matches instead of sorting all of them."""
    stmt, _names, _refs = row_statement(resource, fts)
    return stmt, fts_table(fts).c.rowid


@cache
def fts_table(name: str) -> Any:
    return sa_table(name, sa_column("rowid", Integer))


def page_items(spec: ResourceSpec, rows: Sequence[Any], names: list[str], refs: list[tuple[str, str]]) -> list[Any]:
    """Rows of ``row_statement`` in the public shape, reading columns by position (each referenced
    person's name and photo follow the table's columns, in ``refs`` order)."""
    position = {name: n for n, name in enumerate(names)}
    joined = {column: len(names) + 2 * n for n, (column, _key) in enumerate(refs)}

    def person(row: Any, column: str, user_id: int) -> dict[str, Any]:
        at = joined[column]
        return shape.person(user_id, row[at], row[at + 1])

    return shape.build(spec.name, rows, lambda row, column: row[position[column]], person)


def public_rows(spec: ResourceSpec, rows: Sequence[Any]) -> list[Any]:
    """Rows read with ``row_statement(spec.name)``, in the public shape."""
    _stmt, names, refs = row_statement(spec.name)
    return page_items(spec, rows, names, refs)


# --- the planner, for search queries on PostgreSQL ----------------------------------------------------


def postgresql(session: AsyncSession) -> bool:
    return session.bind.dialect.name == "postgresql"  # type: ignore[union-attr]


async def plan(session: AsyncSession, mode: str | None) -> None:
    """``bitmap``: read matches through the (GIN) bitmaps only; ``ordered``: through an ordered index
    scan only; None: the planner's own choice. Local to the session's transaction."""
    if not postgresql(session) or session.info.get("plan") == mode:
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


async def fetch_rows(session: AsyncSession, stmt: Any) -> list[Any]:
    return list((await execute(session, stmt)).all())
