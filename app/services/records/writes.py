"""Create, update and delete assets, documents and opportunities, with history and versions.

Every change of a record goes through :func:`write_change` (one record) or :func:`versioned_update`
(its statement, which :func:`app.services.records.batch.write_batch` runs for many rows): the UPDATE
is conditional on the version the writer read, so two racing edits cannot both win, and its history
row (:func:`history_row`) is written in the same transaction. The API, the document worker, imports
and the demo seed all write through here; a committed change is pushed with :func:`announce`.

A person's write also checks their permission, validates the whole resulting record and refuses a
stale ``version`` with 409.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from pydantic.alias_generators import to_camel
from sqlalchemy import ColumnElement, Update, delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import ApiError, forbidden, invalid, not_found
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services import notifications, permissions
from app.services.records.query import load
from app.services.records.rules import UNLOGGED, by_hand, check_references, stage_probability, validate_whole
from app.services.records.shape import plain, to_public
from app.services.resources import ResourceSpec
from app.validation import parse
from schemas.base import utcnow
from schemas.events import RecordChanged
from schemas.options import STAGE_PROBABILITY, DocumentState, LeadStage, Role
from schemas.records import RecordChange

STALE_MESSAGE = "Someone else changed this {label} since you opened it. Reload to see their changes."


def row_values(row: Any) -> dict[str, Any]:
    """A table row's column values (table models skip validation, so no model_dump round trip)."""
    return {column.key: getattr(row, column.key) for column in row.__table__.columns}


# --- history: what changed, from what to what -------------------------------------------------------


def created_changes(values: Mapping[str, Any]) -> dict[str, list[Any]]:
    """A new record's history entry: every field given, from nothing."""
    return {to_camel(k): [None, plain(v)] for k, v in values.items() if v is not None}


def differences(record: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values that differ from the record's current ones."""
    return {k: v for k, v in values.items() if plain(getattr(record, k)) != plain(v)}


def updated_changes(record: Any, changed: Mapping[str, Any]) -> dict[str, list[Any]]:
    """An edit's history entry: each changed field from its current value to the new one."""
    return {to_camel(k): [plain(getattr(record, k)), plain(v)] for k, v in changed.items() if k not in UNLOGGED}


def history_row(
    resource: str,
    record_id: int,
    action: str,
    actor_id: int | None,
    changes: dict[str, Any],
    at: datetime | None = None,
) -> dict[str, Any]:
    """The one shape of a history row (``record_changes``); ``actor_id`` None: the worker's own change."""
    return {
        "resource": resource,
        "record_id": record_id,
        "action": action,
        "actor_id": actor_id,
        "at": at or utcnow(),
        "changes": changes,
    }


def log_change(
    session: AsyncSession, resource: str, record_id: int, action: str, actor_id: int | None, changes: dict[str, Any]
) -> None:
    """Add a history row to the session's transaction (committed with the change it describes)."""
    session.add(RecordChange(**history_row(resource, record_id, action, actor_id, changes)))


# --- the versioned write ----------------------------------------------------------------------------


def versioned_update(
    table: Any,
    record_id: Any,
    version: Any,
    values: Mapping[str, Any],
    *,
    at: datetime,
    actor_id: int | None,
    stamp_actor: bool = True,
    where: Iterable[ColumnElement[bool]] = (),
) -> Update:
    """UPDATE one record at ``version`` to the next version. ``record_id``, ``version`` and ``values``
    may be bound parameters (a batch runs the statement for many rows). ``stamp_actor=False`` leaves
    ``updated_by_id`` as it is (the worker's own changes)."""
    stamps: dict[str, Any] = {"version": version + 1, "updated_at": at}
    if stamp_actor:
        stamps["updated_by_id"] = actor_id
    return update(table).where(table.c.id == record_id, table.c.version == version, *where).values({**values, **stamps})


async def write_change(
    session: AsyncSession,
    spec: ResourceSpec,
    record_id: int,
    values: Mapping[str, Any],
    *,
    version: int,
    history: dict[str, Any] | None,
    actor_id: int | None,
    stamp_actor: bool = True,
    where: Iterable[ColumnElement[bool]] = (),
) -> bool:
    """Write ``values`` to the record still at ``version`` (and matching ``where``) and its history row,
    in the session's transaction (the caller commits, then announces). ``history=None`` is a change
    that is not a new version (a document's progress): no version bump, no history row. Answers
    False, after a rollback, when the record changed meanwhile (or is gone, or no longer matches)."""
    table = spec.table.__table__  # type: ignore[attr-defined]
    if history is None:
        stmt = update(table).where(table.c.id == record_id, table.c.version == version, *where).values(dict(values))
    else:
        stmt = versioned_update(
            table, record_id, version, values, at=utcnow(), actor_id=actor_id, stamp_actor=stamp_actor, where=where
        )
    result = await session.exec(stmt)
    if result.rowcount != 1:
        await session.rollback()
        return False
    if history is not None:
        log_change(session, spec.name, record_id, "update", actor_id, history)
    return True


async def commit(session: AsyncSession, spec: ResourceSpec) -> None:
    try:
        await session.commit()
    except IntegrityError as exc:
        await session.rollback()
        raise _conflict(spec) from exc


def _conflict(spec: ResourceSpec) -> ApiError:
    return invalid(f"This {spec.label} conflicts with an existing one (a unique value is taken).")


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


# --- a person's create, update and delete -----------------------------------------------------------


async def _published(
    session: AsyncSession,
    events: EventSink,
    notify_with: notifications.Notifier | None,
    spec: ResourceSpec,
    record: Any,
    action: str,
    changes: dict[str, Any],
    actor_id: int,
) -> dict[str, Any]:
    """A committed create or update: pushed to staff (an update names its changed fields) and, with
    ``notify_with``, to the people it concerns. Answers the record's public shape."""
    public = (await to_public(session, spec, [record]))[0]
    await announce(events, spec, action, public, actor_id, list(changes) if action == "updated" else [])
    if notify_with is not None:
        await notifications.on_record_change(
            session, events, notify_with, resource=spec.name, action=action, record=public, changes=changes,
            actor_id=actor_id,
        )  # fmt: skip
    return public


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
        extra.update(by_hand(spec, values))
    record = spec.table(**values, **extra)
    session.add(record)
    try:
        await session.flush()
    except IntegrityError as exc:
        await session.rollback()
        raise _conflict(spec) from exc
    created = created_changes(values)
    log_change(session, spec.name, record.id, "create", actor.user_id, created)  # type: ignore[attr-defined]
    await commit(session, spec)
    return await _published(session, events, notify_with, spec, record, "created", created, actor.user_id)


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
    record = await load(session, spec, record_id)
    requested = payload.model_dump(include=payload.model_fields_set - {"id", "version"})
    if spec.name == "leads":
        requested = stage_probability(record, requested)
    changed = differences(record, requested)
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
    validate_whole(spec, {**row_values(record), **changed})
    await check_references(session, spec, changed, record_id)
    history = updated_changes(record, changed)
    if not await write_change(
        session, spec, record_id, changed, version=version, history=history, actor_id=actor.user_id
    ):
        raise ApiError(409, STALE_MESSAGE.format(label=spec.label))
    await commit(session, spec)
    await session.refresh(record)
    return await _published(session, events, notify_with, spec, record, "updated", history, actor.user_id)


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
    record = await load(session, spec, record_id)
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
    log_change(session, spec.name, record_id, "delete", actor.user_id, snapshot)
    await commit(session, spec)
    await announce(events, spec, "deleted", public, actor.user_id, [])
    return public
