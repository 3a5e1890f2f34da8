"""The worker's part of an import: validate every row, then write them all in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import ApiError
from app.realtime.sink import EventSink
from app.services import counts
from app.services.imports.jobs import finish
from app.services.imports.mapping import IMPORTABLE, auto_mapping, fields, resolve_mapping
from app.services.records.batch import Batch, announce_batch, write_batch
from app.services.resources import RESOURCES, ResourceSpec
from app.services.tabular import Table, TableError, open_table
from schemas.imports import FINISHED, ImportJob, ImportState
from schemas.options import UserState
from schemas.users import User

BATCH = 1000
MAX_ERRORS = 1000
PREVIEW_ROWS = 10
PREVIEW_CELL_CHARS = 200


@dataclass
class RowError:
    row: int | None
    column: str | None
    field: str | None
    message: str

    def public(self) -> dict[str, Any]:
        return {"row": self.row, "column": self.column, "field": self.field, "message": self.message}


@dataclass
class Pass:
    """What one pass over the file found."""

    rows: int = 0
    errors: list[RowError] = field(default_factory=list)
    error_count: int = 0
    created: int = 0
    updated: int = 0
    batches: list[Batch] = field(default_factory=list)

    def error(self, error: RowError) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)


@dataclass
class Row:
    number: int
    values: dict[str, Any]  # field (snake) -> validated value
    key: Any


class Reader:
    """Reads and validates the rows of one file for one resource."""

    def __init__(self, spec: ResourceSpec, mapping: Mapping[str, str], headers: list[str], active_users: set[int]):
        self.spec = spec
        self.importing = IMPORTABLE[spec.name]
        by_alias = {info.alias or to_camel(name): name for name, info in spec.create_model.model_fields.items()}
        by_alias["id"] = "id"
        self.columns = [(n, by_alias[mapping[h]], h) for n, h in enumerate(headers) if mapping.get(h)]
        self.header_of = {field_name: header for _n, field_name, header in self.columns}
        self.active_users = active_users

    def cells(self, cells: list[str]) -> dict[str, str]:
        found = {}
        for index, field_name, _header in self.columns:
            value = cells[index].strip() if index < len(cells) else ""
            if value:
                found[field_name] = value
        return found

    def _error(self, number: int, field_name: str | None, message: str) -> RowError:
        alias = to_camel(field_name) if field_name else None
        return RowError(number, self.header_of.get(field_name or ""), alias, message)

    def key_of(self, number: int, raw: dict[str, str]) -> tuple[Any, RowError | None]:
        """The row's key, as compared: tags without regard to case (as their unique index), ids as numbers."""
        key = self.importing.key
        value = raw.get(key)
        if value is None:
            return None, None
        if key != "id":
            return value.lower(), None
        if not value.isdigit() or len(value) > 9:
            return None, self._error(number, "id", "Use the record's id (a whole number) or leave it empty.")
        return int(value), None

    def validate(self, number: int, raw: dict[str, str], current: Any | None) -> tuple[dict[str, Any], list[RowError]]:
        """The row's values for the create model (merged over ``current`` for an update), or errors."""
        model = self.spec.create_model
        given = {k: v for k, v in raw.items() if k != "id"}
        base: dict[str, Any] = {}
        if current is not None:
            base = {name: getattr(current, name) for name in model.model_fields}
            base = {k: v for k, v in base.items() if v is not None}
        try:
            checked = model.model_validate({**base, **given})
        except ValidationError as exc:
            errors = []
            for item in exc.errors():
                loc = item.get("loc") or ()
                name = str(loc[0]) if loc else None
                snake = next((n for n, i in model.model_fields.items() if name in (n, i.alias)), None)
                message = str(item.get("msg", "Not valid.")).removeprefix("Value error, ")
                errors.append(self._error(number, snake, message))
            return {}, errors
        values = checked.model_dump()
        errors = [
            self._error(number, name, f"No active user with id {values[name]}.")
            for name in self.importing.user_fields
            if name in given and values.get(name) is not None and values[name] not in self.active_users
        ]
        if errors:
            return {}, errors
        chosen = set(given) if current is not None else set(values)
        return {k: v for k, v in values.items() if k in chosen}, []


async def _active_users(session: AsyncSession) -> set[int]:
    rows = await session.exec(select(User.id).where(col(User.state) != UserState.DISABLED))
    return {int(i) for i in rows.all() if i is not None}


async def _existing(
    session: AsyncSession, spec: ResourceSpec, key: str, keys: list[Any], *, lock: bool
) -> dict[Any, Any]:
    """The records already holding these keys (locked for the writing transaction on PostgreSQL);
    text keys are compared in lower case (the tag's unique index is on lower(tag))."""
    if not keys:
        return {}
    column = getattr(spec.table, key)
    text_key = key != "id"
    stmt = select(spec.table).where((func.lower(column) if text_key else column).in_(keys))
    if lock:
        stmt = stmt.with_for_update()
    rows = (await session.exec(stmt)).all()
    return {(getattr(row, key).lower() if text_key else getattr(row, key)): row for row in rows}


def read_preview(spec: ResourceSpec, path: Path, file_format: str, asked: Mapping[str, str]) -> dict[str, Any]:
    """The headers, the mapping (automatic, with the person's choices over it), the importable
    fields and the first rows: what the page shows to choose the mapping. TableError when unreadable."""
    with open_table(path, file_format) as table:
        mapping = auto_mapping(spec, table.headers)
        mapping.update({h: (f or "") for h, f in asked.items() if h in mapping})
        rows = []
        for _number, cells in table.rows(PREVIEW_ROWS):
            rows.append([c[:PREVIEW_CELL_CHARS] for c in cells[: len(table.headers)]])
            if len(rows) == PREVIEW_ROWS:
                break
        return {
            "headers": table.headers,
            "mapping": mapping,
            "fields": fields(spec),
            "rows": rows,
            "key": to_camel(IMPORTABLE[spec.name].key),
        }


def _batches(table: Table, max_rows: int) -> Iterator[list[tuple[int, list[str]]]]:
    batch: list[tuple[int, list[str]]] = []
    for item in table.rows(max_rows):
        batch.append(item)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


Progress = Callable[[dict[str, Any]], None]


async def run_pass(
    *,
    session: AsyncSession,
    job: ImportJob,
    path: Path,
    max_rows: int,
    write: bool,
    progress: Progress,
    total: int | None = None,
) -> tuple[Pass, dict[str, str]]:
    """One pass over the file: validate every row, and with ``write`` write them batch by batch."""
    spec = RESOURCES[job.resource]
    importing = IMPORTABLE[spec.name]
    result = Pass()
    users = await _active_users(session)
    with open_table(path, job.file_format) as table:
        mapping = resolve_mapping(spec, table.headers, job.options.get("mapping", {}))
        reader = Reader(spec, mapping, table.headers, users)
        seen: dict[Any, int] = {}
        for batch in _batches(table, max_rows):
            raw_rows = []
            for number, cells in batch:
                raw = reader.cells(cells)
                key, problem = reader.key_of(number, raw)
                if problem:
                    result.error(problem)
                    continue
                if key is not None:
                    if key in seen:
                        given = raw.get(importing.key)
                        result.error(reader._error(number, importing.key, f"{given!r} is also on row {seen[key]}."))
                        continue
                    seen[key] = number
                raw_rows.append((number, raw, key))
            keys = [key for _n, _raw, key in raw_rows if key is not None]
            existing = await _existing(session, spec, importing.key, keys, lock=write and _postgresql(session))
            creates: list[dict[str, Any]] = []
            updates: list[tuple[Any, dict[str, Any]]] = []
            for number, raw, key in raw_rows:
                current = existing.get(key) if key is not None else None
                if current is not None and not job.update_existing:
                    label = spec.label
                    result.error(
                        reader._error(
                            number,
                            importing.key,
                            f"{raw.get(importing.key)!r} is already the {importing.key} of {label} {current.id}; "
                            "choose 'update existing' to update it.",
                        )
                    )
                    continue
                if current is None and importing.key == "id" and key is not None:
                    result.error(reader._error(number, "id", f"No {spec.label} with id {key}."))
                    continue
                values, problems = reader.validate(number, raw, current)
                for problem in problems:
                    result.error(problem)
                if problems:
                    continue
                if current is None:
                    creates.append(values)
                else:
                    updates.append((current, values))
            result.rows += len(batch)
            if write and not result.error_count:
                written = await write_batch(
                    session=session, spec=spec, creates=creates, updates=updates, actor_id=job.actor_id
                )
                result.batches.append(written)
                result.created += len(written.created)
                result.updated += len(written.updated)
            else:
                result.created += len(creates)
                result.updated += len(updates)
            progress({"phase": "importing" if write else "validating", "processed": result.rows, "total": total})
    return result, mapping


def _postgresql(session: AsyncSession) -> bool:
    return session.bind.dialect.name == "postgresql"  # type: ignore[union-attr]


async def run(
    *,
    session: AsyncSession,
    job_id: str,
    path: Path,
    events: EventSink,
    max_rows: int,
    progress: Progress,
) -> ImportJob | None:
    """Validate (and, unless a dry run, write) one import; answers the finished job."""
    job = await session.get(ImportJob, job_id)
    if job is None or job.state in FINISHED:
        return job
    spec = RESOURCES[job.resource]
    try:
        job.preview = read_preview(spec, path, job.file_format, job.options.get("mapping", {}))
        checked, mapping = await run_pass(
            session=session, job=job, path=path, max_rows=max_rows, write=False, progress=progress
        )
    except TableError as exc:
        await finish(session, job, ImportState.FAILED, message=str(exc))
        return job
    job.preview = {**job.preview, "mapping": mapping}
    job.total_rows, job.processed_rows = checked.rows, checked.rows
    job.errors = [e.public() for e in checked.errors]
    job.error_count, job.created_count, job.updated_count = checked.error_count, checked.created, checked.updated
    if checked.error_count:
        rows = "row" if checked.error_count == 1 else "rows"
        await finish(
            session, job, ImportState.FAILED, message=f"{checked.error_count} {rows} to fix; nothing was written."
        )
        return job
    if job.dry_run:
        await finish(session, job, ImportState.READY, message=f"{checked.rows} rows ready to import.")
        return job
    await finish(session, job, ImportState.IMPORTING)
    try:
        written, _preview = await run_pass(
            session=session, job=job, path=path, max_rows=max_rows, write=True, progress=progress, total=checked.rows
        )
    except (ApiError, TableError, IntegrityError) as exc:
        await session.rollback()
        job = await session.get(ImportJob, job_id, populate_existing=True)
        assert job is not None
        reason = (
            f"another change took one of these {IMPORTABLE[spec.name].key}s meanwhile"
            if isinstance(exc, IntegrityError)
            else str(exc)
        )
        await finish(session, job, ImportState.FAILED, message=f"Nothing was written: {reason}.")
        return job
    if written.error_count:  # the data changed since the check (a tag taken meanwhile, a user disabled)
        await session.rollback()
        job = await session.get(ImportJob, job_id, populate_existing=True)
        assert job is not None
        job.errors, job.error_count = [e.public() for e in written.errors], written.error_count
        await finish(
            session, job, ImportState.FAILED, message="The records changed while importing; nothing was written."
        )
        return job
    job.created_count, job.updated_count, job.processed_rows = written.created, written.updated, written.rows
    job.file_key = None
    await finish(session, job, ImportState.DONE, message=f"{written.created} created, {written.updated} updated.")
    await counts.fold(session, spec.name)  # each batch left its own delta rows of the counts
    for batch in written.batches:
        await announce_batch(events, spec, created=batch.created, updated=batch.updated, actor_id=job.actor_id)
    return job
