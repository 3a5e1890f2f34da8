"""Create, read, update and delete assets, documents and opportunities, with history and versions.

Every write checks the caller's permission, validates the whole resulting record, refuses a stale
``version`` with 409 (the UPDATE itself is conditional on the version, so two racing edits cannot
both win), and records who changed which field from what to what in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any, cast

import orjson
from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from sqlalchemy import JSON, Date, DateTime, Numeric, TypeDecorator, bindparam, delete, func, insert, text, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.service import Principal
from app.errors import ApiError, forbidden, invalid, not_found, validation_error
from app.http import parse
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services import notifications, permissions
from app.services.resources import RESOURCES, ResourceSpec
from schemas.base import utcnow
from schemas.events import RecordChanged, RecordsChanged
from schemas.options import STAGE_PROBABILITY, DocumentState, LeadStage, Role, UserState
from schemas.records import ChangePublic, RecordChange
from schemas.users import User, UserRef

STALE_MESSAGE = "Someone else changed this {label} since you opened it. Reload to see their changes."


def plain(value: Any) -> Any:
    """A JSON-friendly form of a column value, for history entries."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def row_values(row: Any) -> dict[str, Any]:
    """A table row's column values (table models skip validation, so no model_dump round trip)."""
    return {column.key: getattr(row, column.key) for column in row.__table__.columns}


async def user_refs(session: AsyncSession, ids: set[int]) -> dict[int, UserRef]:
    if not ids:
        return {}
    result = await session.exec(select(User).where(col(User.id).in_(ids)))
    return {
        u.id: UserRef(id=u.id, display_name=u.display_name, photo_url=u.photo_url)
        for u in result.all()
        if u.id is not None
    }


def _json_value(value: Any) -> Any:
    """What the public model would answer for a column value, without building the model."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def _converter(column: Any, annotation: Any) -> Callable[[Any], Any] | None:
    """The conversion a column's values need for JSON, chosen once per column (None: none needed)."""
    kind = column.type.impl if isinstance(column.type, TypeDecorator) else column.type
    if isinstance(kind, (DateTime, Date, Numeric)) or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return _json_value
    return None


@cache
def _public_columns(resource: str) -> tuple[tuple[str, str, Callable[[Any], Any] | None], ...]:
    """(column, camelCase key, converter) for every field of the public model that is a table column."""
    spec = RESOURCES[resource]
    columns = spec.table.__table__.columns  # type: ignore[attr-defined]
    return tuple(
        (name, field.alias or name, _converter(columns[name], field.annotation))
        for name, field in spec.public_model.model_fields.items()
        if name in columns
    )


@cache
def _user_ref_keys(resource: str) -> tuple[tuple[str, str], ...]:
    return tuple((column, to_camel(name)) for column, name in RESOURCES[resource].user_refs.items())


async def to_public(session: AsyncSession, spec: ResourceSpec, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """Rows in their public shape (``<Entity>Public``), built directly: lists answer 100 rows at a time.

    ``tests/test_public_shape.py`` checks the result equals the public model's own JSON.
    """
    refs = _user_ref_keys(spec.name)
    ids = {getattr(row, column) for row in rows for column, _ in refs} - {None}
    users: dict[int, dict[str, Any]] = {}
    if ids:  # UserRef's JSON, built from three columns (not whole User objects)
        found = await session.exec(select(User.id, User.display_name, User.photo_url).where(col(User.id).in_(ids)))
        users = {uid: {"id": uid, "displayName": name, "photoURL": photo} for uid, name, photo in found.all() if uid}
    columns = _public_columns(spec.name)
    items = []
    for row in rows:
        data = {}
        for name, key, convert in columns:
            value = getattr(row, name)
            data[key] = value if convert is None or value is None else convert(value)
        for column, key in refs:
            owner = getattr(row, column)
            data[key] = users.get(owner) if owner is not None else None
        if spec.name == "documents":
            data["hasFile"] = row.storage_key is not None
            data["hasThumbnail"] = row.thumbnail_key is not None
        items.append(data)
    return items


async def _load(session: AsyncSession, spec: ResourceSpec, record_id: int) -> Any:
    record = await session.get(spec.table, record_id)
    if record is None:
        raise not_found(f"No {spec.label} with id {record_id}.")
    return record


async def get_record(*, session: AsyncSession, spec: ResourceSpec, record_id: int) -> dict[str, Any]:
    record = await _load(session, spec, record_id)
    return (await to_public(session, spec, [record]))[0]


def _validate_whole(spec: ResourceSpec, values: Mapping[str, Any]) -> None:
    """Check the record as it would be after the write (cross-field rules live on the create model)."""
    fields = spec.create_model.model_fields
    try:
        spec.create_model.model_validate({k: v for k, v in values.items() if k in fields})
    except ValidationError as exc:
        raise validation_error(exc) from exc


async def check_references(
    session: AsyncSession, spec: ResourceSpec, values: Mapping[str, Any], record_id: int | None
) -> None:
    errors: dict[str, str] = {}
    for column in spec.user_refs:
        if column in ("created_by_id", "updated_by_id") or values.get(column) is None:
            continue
        user = await session.get(User, values[column])
        if user is None or user.state == UserState.DISABLED:
            errors[to_camel(column)] = f"No active user with id {values[column]}."
    for column, resource in spec.record_refs.items():
        if values.get(column) is None:
            continue
        if await session.get(RESOURCES[resource].table, values[column]) is None:
            errors[to_camel(column)] = f"No {RESOURCES[resource].label} with id {values[column]}."
    for column in spec.unique_columns:
        value = values.get(column)
        if value is None:
            continue
        # Without regard to case, as the unique index on lower(column) (migration 3e7c1a9d5b20).
        stmt = select(spec.table).where(func.lower(getattr(spec.table, column)) == func.lower(value))
        if record_id is not None:
            stmt = stmt.where(spec.table.id != record_id)  # type: ignore[attr-defined]
        taken = (await session.exec(stmt)).first()
        if taken is not None:
            errors[to_camel(column)] = (
                f"'{value}' is already used by another {spec.label} ('{getattr(taken, column)}'); "
                f"{to_camel(column)}s are compared without regard to case."
            )
    if errors:
        raise invalid("Check the highlighted fields. " + "; ".join(f"{k}: {v}" for k, v in errors.items()), errors)


#: bookkeeping columns written beside a field, never shown in a record's history on their own
_UNLOGGED = frozenset({"probability_manual"})


def stage_probability(lead: Any, requested: dict[str, Any]) -> dict[str, Any]:
    """An opportunity's probability follows its stage unless a person set it by hand.

    A probability given (and different from the stored one) is by hand when it is not the stage's
    default; a move to another stage without one takes the new stage's default, unless the stored
    probability was set by hand (then it stays: the UI asks the person which they want)."""
    stage = LeadStage(requested.get("stage") or lead.stage)
    default = STAGE_PROBABILITY[stage]
    probability = requested.get("probability")
    if probability is not None and probability != lead.probability:
        return {**requested, "probability_manual": probability != default}
    if requested.get("stage") not in (None, lead.stage) and not lead.probability_manual:
        return {**requested, "probability": default, "probability_manual": False}
    return requested


def _by_hand(spec: ResourceSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """A new opportunity's probability is by hand when it is not its stage's default."""
    if spec.name != "leads":
        return {}
    return {"probability_manual": values["probability"] != STAGE_PROBABILITY[LeadStage(values["stage"])]}


def _record_change(
    session: AsyncSession,
    spec: ResourceSpec,
    record_id: int,
    action: str,
    actor: Principal,
    changes: dict[str, Any],
) -> None:
    session.add(
        RecordChange(resource=spec.name, record_id=record_id, action=action, actor_id=actor.user_id, changes=changes)
    )


async def _commit(session: AsyncSession, spec: ResourceSpec) -> None:
    try:
        await session.commit()
    except IntegrityError as exc:
        await session.rollback()
        raise invalid(f"This {spec.label} conflicts with an existing one (a unique value is taken).") from exc


async def announce(
    events: EventSink, spec: ResourceSpec, action: str, public: dict[str, Any], actor_id: int | None, changed: list[str]
) -> None:
    """Push a committed change to everyone allowed to see it (all staff roles read every record).

    ``actor_id`` is None for changes the document worker makes on its own.
    """
    event = RecordChanged(
        type=f"record.{action}",
        resource=spec.name,
        id=public["id"],
        version=public["version"],
        record=None if action == "deleted" else public,
        actor_id=actor_id,
        changed=changed,
    )
    await events.publish(event, room=rooms.STAFF)


async def create_record(
    *,
    session: AsyncSession,
    spec: ResourceSpec,
    data: Any,
    actor: Principal,
    events: EventSink,
    notify_with: notifications.Notifier | None = None,
) -> dict[str, Any]:
    if not permissions.can_create(actor, spec.name):
        raise forbidden(f"Your role ({actor.role}) cannot create {spec.name}.")
    payload: SQLModel = parse(spec.create_model, data)
    values = payload.model_dump()
    await check_references(session, spec, values, None)
    now = utcnow()
    extra: dict[str, Any] = {"created_by_id": actor.user_id, "updated_by_id": actor.user_id}
    extra.update(created_at=now, updated_at=now)
    if spec.name == "documents":
        extra.update(uploaded_by_id=actor.user_id, state=DocumentState.READY)
    if spec.name == "leads":
        if "probability" not in payload.model_fields_set:
            values["probability"] = STAGE_PROBABILITY[LeadStage(values["stage"])]
        extra.update(_by_hand(spec, values))
    record = spec.table(**values, **extra)
    session.add(record)
    try:
        await session.flush()
    except IntegrityError as exc:
        await session.rollback()
        raise invalid(f"This {spec.label} conflicts with an existing one (a unique value is taken).") from exc
    _record_change(
        session,
        spec,
        record.id,  # type: ignore[attr-defined]
        "create",
        actor,
        {to_camel(k): [None, plain(v)] for k, v in values.items() if v is not None},
    )
    await _commit(session, spec)
    public = (await to_public(session, spec, [record]))[0]
    await announce(events, spec, "created", public, actor.user_id, [])
    if notify_with is not None:
        created = {to_camel(k): [None, plain(v)] for k, v in values.items() if v is not None}
        await notifications.on_record_change(
            session, events, notify_with, resource=spec.name, action="created", record=public, changes=created,
            actor_id=actor.user_id,
        )  # fmt: skip
    return public


async def update_record(
    *,
    session: AsyncSession,
    spec: ResourceSpec,
    record_id: int,
    data: Any,
    actor: Principal,
    events: EventSink,
    notify_with: notifications.Notifier | None = None,
) -> dict[str, Any]:
    payload = parse(spec.update_model, data)
    if payload.id != record_id:  # type: ignore[attr-defined]
        raise invalid("The id in the body does not match the record in the address.", {"id": "Does not match."})
    record = await _load(session, spec, record_id)
    requested = payload.model_dump(include=payload.model_fields_set - {"id", "version"})
    if spec.name == "leads":
        requested = stage_probability(record, requested)
    changed = {k: v for k, v in requested.items() if plain(getattr(record, k)) != plain(v)}
    owner = getattr(record, spec.owner_column) if spec.owner_column else None
    permissions.check_update(actor, spec.name, owner_id=owner, fields=set(changed))
    version = payload.version  # type: ignore[attr-defined]
    if version != record.version:
        raise ApiError(
            409,
            STALE_MESSAGE.format(label=spec.label),
            extra={"current": (await to_public(session, spec, [record]))[0]},
        )
    if not changed:
        return (await to_public(session, spec, [record]))[0]
    merged = {**row_values(record), **changed}
    _validate_whole(spec, merged)
    await check_references(session, spec, changed, record_id)
    history = {to_camel(k): [plain(getattr(record, k)), plain(v)] for k, v in changed.items() if k not in _UNLOGGED}
    result = await session.exec(
        update(spec.table)
        .where(spec.table.id == record_id, spec.table.version == version)  # type: ignore[attr-defined]
        .values(**changed, version=version + 1, updated_at=utcnow(), updated_by_id=actor.user_id)
    )
    if result.rowcount != 1:
        await session.rollback()
        raise ApiError(409, STALE_MESSAGE.format(label=spec.label))
    _record_change(session, spec, record_id, "update", actor, history)
    await _commit(session, spec)
    await session.refresh(record)
    public = (await to_public(session, spec, [record]))[0]
    await announce(events, spec, "updated", public, actor.user_id, list(history))
    if notify_with is not None:
        await notifications.on_record_change(
            session, events, notify_with, resource=spec.name, action="updated", record=public, changes=history,
            actor_id=actor.user_id,
        )  # fmt: skip
    return public


async def delete_record(
    *,
    session: AsyncSession,
    spec: ResourceSpec,
    record_id: int,
    actor: Principal,
    events: EventSink,
    notify_with: notifications.Notifier | None = None,
) -> dict[str, Any]:
    permissions.require(actor, Role.MANAGER, f"delete {spec.name}")
    record = await _load(session, spec, record_id)
    public = (await to_public(session, spec, [record]))[0]
    snapshot = {
        to_camel(k): [plain(v), None]
        for k, v in row_values(record).items()
        if v is not None and k in spec.create_model.model_fields
    }
    # Conditional, like the versioned UPDATE: of several racing deletes exactly one removes the row
    # (the others wait on its lock, then match nothing), so one history entry, one push, one 200.
    result = await session.exec(delete(spec.table).where(spec.table.id == record_id))  # type: ignore[attr-defined]
    if result.rowcount != 1:
        await session.rollback()
        raise not_found(f"No {spec.label} with id {record_id}.")
    _record_change(session, spec, record_id, "delete", actor, snapshot)
    await _commit(session, spec)
    await announce(events, spec, "deleted", public, actor.user_id, [])
    return public


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
    """The bulk variant of :func:`create_record` and :func:`update_record`, for imports: many rows,
    each with its history entry, in the caller's transaction (the caller commits, then announces).

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
        rows = [{**values, **stamps, "version": 1, **_by_hand(spec, values)} for values in creates]
        result.created = await _insert_rows(session, table, rows, returning=True)
        for record_id, values in zip(result.created, creates, strict=True):
            changes = {to_camel(k): [None, plain(v)] for k, v in values.items() if v is not None}
            history.append(_history_row(spec, record_id, "create", actor_id, changes, now))
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for current, given in updates:
        values = stage_probability(current, dict(given)) if spec.name == "leads" else given
        changed = {k: v for k, v in values.items() if plain(getattr(current, k)) != plain(v)}
        if not changed:
            continue
        params = {f"new_{k}": v for k, v in changed.items()}
        params.update(_id=current.id, _version=current.version)
        groups.setdefault(tuple(sorted(changed)), []).append(params)
        result.updated.append(int(current.id))
        delta = {to_camel(k): [plain(getattr(current, k)), plain(v)] for k, v in changed.items() if k not in _UNLOGGED}
        history.append(_history_row(spec, int(current.id), "update", actor_id, delta, now))
    connection = await session.connection()
    for columns, batch in groups.items():
        stmt = (
            update(table)
            .where(table.c.id == bindparam("_id"), table.c.version == bindparam("_version"))
            .values(
                {
                    **{c: bindparam(f"new_{c}") for c in columns},
                    "version": bindparam("_version") + 1,
                    "updated_at": now,
                    "updated_by_id": actor_id,
                }
            )
        )
        done = cast(CursorResult[Any], await connection.execute(stmt, batch))
        if done.rowcount != len(batch):
            raise ApiError(409, f"Some of these {spec.name} changed while the import ran; nothing was written.")
    if history:
        await _insert_rows(session, RecordChange.__table__, history, returning=False)  # type: ignore[attr-defined]
    return result


async def _insert_rows(session: AsyncSession, table: Any, rows: list[dict[str, Any]], *, returning: bool) -> list[int]:
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


def _history_row(
    spec: ResourceSpec, record_id: int, action: str, actor_id: int | None, changes: dict[str, Any], at: Any
) -> dict[str, Any]:
    return {
        "resource": spec.name,
        "record_id": record_id,
        "action": action,
        "actor_id": actor_id,
        "at": at,
        "changes": changes,
    }


async def announce_batch(
    events: EventSink, spec: ResourceSpec, *, created: Sequence[int], updated: Sequence[int], actor_id: int | None
) -> None:
    """One push for a batch of committed changes (an import), instead of one per record: lists and
    the dashboard refetch once."""
    if not created and not updated:
        return
    event = RecordsChanged(resource=spec.name, created=list(created), updated=list(updated), actor_id=actor_id)
    await events.publish(event, room=rooms.STAFF)


async def record_history(*, session: AsyncSession, spec: ResourceSpec, record_id: int) -> list[dict[str, Any]]:
    rows = (
        await session.exec(
            select(RecordChange)
            .where(RecordChange.resource == spec.name, RecordChange.record_id == record_id)
            .order_by(col(RecordChange.at).desc(), col(RecordChange.id).desc())
        )
    ).all()
    if not rows and await session.get(spec.table, record_id) is None:
        raise not_found(f"No {spec.label} with id {record_id}.")
    users = await user_refs(session, {r.actor_id for r in rows if r.actor_id is not None})
    return [
        ChangePublic(
            id=r.id or 0,
            resource=r.resource,
            record_id=r.record_id,
            action=r.action,
            actor=users.get(r.actor_id) if r.actor_id is not None else None,
            at=r.at,
            changes=r.changes,
        ).model_dump(mode="json", by_alias=True)
        for r in rows
    ]
