"""Many records in one transaction (imports): the bulk form of a person's create and update, with the
same versioned statement and history rows as :mod:`app.services.records.writes`, and one push."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import orjson
from sqlalchemy import JSON, TypeDecorator, bindparam, insert, text
from sqlalchemy.engine import CursorResult
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import ApiError
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services.records.rules import by_hand, stage_probability
from app.services.records.writes import created_changes, differences, history_row, updated_changes, versioned_update
from app.services.resources import ResourceSpec
from schemas.base import utcnow
from schemas.events import RecordsChanged
from schemas.records import RecordChange


@dataclass
class Batch:
    """What :func:`write_batch` wrote: the ids created and updated, in the order given."""

    created: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)


async def write_batch(
    *,
    session: AsyncSession,
    spec: ResourceSpec,
    creates: Sequence[Mapping[str, Any]],
    updates: Sequence[tuple[Any, Mapping[str, Any]]],
    actor_id: int | None,
) -> Batch:
    """The bulk variant of ``create_record`` and ``update_record``, for imports: many rows, each with
    its history entry, in the caller's transaction (the caller commits, then announces).

    ``creates`` are validated create-model values; ``updates`` pair a current row, read with a lock
    in this transaction (``FOR UPDATE`` on PostgreSQL; SQLite has one writer), with the values to
    change. Each update is conditional on the row's version like any other edit, so a row changed
    since it was read fails the whole batch instead of being overwritten.
    """
    table = spec.table.__table__  # type: ignore[attr-defined]
    now = utcnow()
    result = Batch()
    history: list[dict[str, Any]] = []
    if creates:
        stamps = {"created_at": now, "updated_at": now, "created_by_id": actor_id, "updated_by_id": actor_id}
        rows = [{**values, **stamps, "version": 1, **by_hand(spec, values)} for values in creates]
        result.created = await insert_rows(session, table, rows, returning=True)
        for record_id, values in zip(result.created, creates, strict=True):
            history.append(history_row(spec.name, record_id, "create", actor_id, created_changes(values), now))
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for current, given in updates:
        values = stage_probability(current, dict(given)) if spec.name == "leads" else given
        changed = differences(current, values)
        if not changed:
            continue
        params = {f"new_{k}": v for k, v in changed.items()}
        params.update(_id=current.id, _version=current.version)
        groups.setdefault(tuple(sorted(changed)), []).append(params)
        result.updated.append(int(current.id))
        delta = updated_changes(current, changed)
        history.append(history_row(spec.name, int(current.id), "update", actor_id, delta, now))
    connection = await session.connection()
    for columns, batch in groups.items():
        stmt = versioned_update(
            table,
            bindparam("_id"),
            bindparam("_version"),
            {c: bindparam(f"new_{c}") for c in columns},
            at=now,
            actor_id=actor_id,
        )
        done = cast(CursorResult[Any], await connection.execute(stmt, batch))
        if done.rowcount != len(batch):
            raise ApiError(409, f"Some of these {spec.name} changed while the import ran; nothing was written.")
    if history:
        await insert_rows(session, RecordChange.__table__, history, returning=False)  # type: ignore[attr-defined]
    return result


async def insert_rows(session: AsyncSession, table: Any, rows: list[dict[str, Any]], *, returning: bool) -> list[int]:
    """One INSERT of many rows (one statement: the count triggers fire once), answering the new ids
    in the rows' order. On PostgreSQL the values travel as one array per column through unnest:
    a VALUES list of 16,000 parameters cost the driver more than the database spent inserting."""
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        stmt = insert(table)
        if returning:
            stmt = stmt.returning(table.c.id, sort_by_parameter_order=True)
        done = await connection.execute(stmt, rows)
        return [int(i) for i in done.scalars().all()] if returning else []
    names = sorted({name for row in rows for name in row})
    arrays = []
    params: dict[str, Any] = {}
    for n, name in enumerate(names):
        column = table.c[name]
        kind: Any = column.type.impl if isinstance(column.type, TypeDecorator) else column.type
        if isinstance(kind, JSON):
            values: list[Any] = [None if row.get(name) is None else orjson.dumps(row[name]).decode() for row in rows]
            sql_type = "json"
        else:
            values = [row.get(name) for row in rows]
            sql_type = kind.compile(dialect=connection.dialect)
        params[f"a{n}"] = values
        arrays.append(f"CAST(:a{n} AS {sql_type}[])")
    sql = (
        f"INSERT INTO {table.name} ({', '.join(names)}) SELECT {', '.join(f'r.{name}' for name in names)} "
        f"FROM unnest({', '.join(arrays)}) WITH ORDINALITY AS r({', '.join(names)}, n) ORDER BY n"
    )
    if returning:
        sql += " RETURNING id"
    done = await connection.execute(text(sql), params)
    return [int(i) for i in done.scalars().all()] if returning else []


async def announce_batch(
    events: EventSink, spec: ResourceSpec, *, created: Sequence[int], updated: Sequence[int], actor_id: int | None
) -> None:
    """One push for a batch of committed changes (an import), instead of one per record: lists and
    the dashboard refetch once."""
    if not created and not updated:
        return
    event = RecordsChanged(resource=spec.name, created=list(created), updated=list(updated), actor_id=actor_id)
    await events.publish(event, room=rooms.STAFF)
