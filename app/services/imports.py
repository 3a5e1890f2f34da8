"""CSV/Excel imports of assets and opportunities: accepted by the API, run by a worker, all or nothing.

Life of an import: the API stores the file and a ``validating`` job row, and enqueues an RQ job.
The worker reads the file twice, never holding more than one batch of rows:

1. **validate** every row (the create model's own rules, references, keys repeated in the file,
   keys already taken) and keep every error with its row number and column (the first
   ``MAX_ERRORS``, and their count). Any error: ``failed``, nothing written. A dry run stops here
   as ``ready-to-commit``; ``POST /imports/{id}/commit`` runs it again for real.
2. **write** (``importing``) every row in ONE transaction through
   :func:`app.services.records.batch.write_batch` (each record with its history entry), batch by
   batch; the job row becomes ``done`` in that same transaction.
   After the commit, one ``records`` push per batch (never one per row) tells every list and the
   dashboard to refetch.

Progress goes to the RQ job's meta (Redis), since the writing transaction holds SQLite's only write
lock until it commits; ``GET /imports/{id}`` adds it to the job row.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import ApiError, invalid, not_found
from app.realtime.sink import EventSink
from app.services import counts, permissions
from app.services.records.batch import Batch, announce_batch, write_batch
from app.services.resources import RESOURCES, ResourceSpec
from app.services.tabular import Table, TableError, open_table
from schemas.base import utcnow
from schemas.imports import FINISHED, ImportJob, ImportState
from schemas.options import Role, UserState
from schemas.users import User

log = logging.getLogger("portal.imports")

QUEUE_NAME = "imports"
RUN_JOB = "worker.jobs.run_import"
FAILURE_CALLBACK = "worker.jobs.on_import_failure"
BATCH = 1000
MAX_ERRORS = 1000
PREVIEW_ROWS = 10
PREVIEW_CELL_CHARS = 200
KEEP_READY = timedelta(hours=24)  # a dry run's file waits this long for Import
SYNONYMS = {
    "assets": {"serial": "serialNumber", "technician": "assignedTechnicianId", "cost": "purchaseCost",
               "assignedtechnician": "assignedTechnicianId", "inspection": "nextInspection"},
    "leads": {"client": "clientCompany", "company": "clientCompany", "value": "estimatedValue", "owner": "ownerId",
              "email": "contactEmail", "contact": "contactName", "close": "expectedClose"},
}  # fmt: skip


@dataclass(frozen=True)
class ImportSpec:
    resource: str
    key: str  # the field that finds the record an "update existing" row updates
    user_fields: tuple[str, ...]  # fields holding a user id, checked against active users


IMPORTABLE = {
    "assets": ImportSpec("assets", key="tag", user_fields=("assigned_technician_id",)),
    "leads": ImportSpec("leads", key="id", user_fields=("owner_id",)),
}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def fields(spec: ResourceSpec) -> list[dict[str, Any]]:
    """The importable fields: the create model's, plus ``id`` when it is the update key."""
    found = [
        {"name": info.alias or to_camel(name), "required": info.is_required()}
        for name, info in spec.create_model.model_fields.items()
    ]
    if IMPORTABLE[spec.name].key == "id":
        found.insert(0, {"name": "id", "required": False})
    return found


def auto_mapping(spec: ResourceSpec, headers: list[str]) -> dict[str, str]:
    """Each header's field, matched without regard to case, spaces or punctuation ("" = left out)."""
    names = {_norm(f["name"]): f["name"] for f in fields(spec)}
    names.update({k: v for k, v in SYNONYMS.get(spec.name, {}).items() if _norm(v) in names})
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for header in headers:
        wanted = names.get(_norm(header), "")
        mapping[header] = "" if wanted in taken else wanted
        taken.add(wanted)
    return mapping


def resolve_mapping(spec: ResourceSpec, headers: list[str], asked: Mapping[str, Any]) -> dict[str, str]:
    """The automatic mapping with the person's choices over it; TableError naming what is wrong."""
    mapping = auto_mapping(spec, headers)
    known = {f["name"] for f in fields(spec)}
    for header, wanted in asked.items():
        if header not in mapping:
            raise TableError(f"The mapping names a column the file does not have: {header!r}.")
        if wanted and wanted not in known:
            raise TableError(f"{wanted!r} is not a field of {spec.name} that can be imported.")
        mapping[header] = wanted or ""
    chosen = [f for f in mapping.values() if f]
    twice = sorted({f for f in chosen if chosen.count(f) > 1})
    if twice:
        raise TableError(f"Several columns are mapped to {', '.join(twice)}; map each field once.")
    missing = [f["name"] for f in fields(spec) if f["required"] and f["name"] not in chosen]
    if missing:
        raise TableError(f"No column is mapped to {', '.join(missing)} (required).")
    return mapping


# --- the job row ----------------------------------------------------------------------------------------


def public(job: ImportJob, progress: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {
        "jobId": job.id,
        "resource": job.resource,
        "state": job.state.value if isinstance(job.state, ImportState) else job.state,
        "dryRun": job.dry_run,
        "updateExisting": job.update_existing,
        "fileName": job.file_name,
        "format": job.file_format,
        "size": job.size,
        "totalRows": job.total_rows,
        "processedRows": int((progress or {}).get("processed", job.processed_rows)),
        "progress": dict(progress) if progress else None,
        "created": job.created_count,
        "updated": job.updated_count,
        "errorCount": job.error_count,
        "errors": job.errors,
        "preview": job.preview,
        "mapping": job.options.get("mapping", {}),
        "message": job.message,
        "createdAt": job.created_at.isoformat().replace("+00:00", "Z"),
        "finishedAt": job.finished_at.isoformat().replace("+00:00", "Z") if job.finished_at else None,
    }


def require_importer(actor: Principal, resource: str) -> ResourceSpec:
    if resource not in IMPORTABLE:
        raise not_found(f"{resource} cannot be imported; assets and leads can.")
    permissions.require(actor, Role.MANAGER, f"import {resource}")
    return RESOURCES[resource]


def parse_options(form: Mapping[str, Any]) -> dict[str, Any]:
    """``dryRun``, ``updateExisting`` and ``mapping`` (JSON ``{header: field}``) from the form or query."""
    import json

    def flag(name: str) -> bool:
        raw = str(form.get(name) or "").lower()
        if raw not in ("", "0", "1", "true", "false", "yes", "no", "on", "off"):
            raise invalid(f"{name}: use true or false.", {name: "Use true or false."})
        return raw in ("1", "true", "yes", "on")

    mapping: Any = {}
    raw_mapping = form.get("mapping")
    if raw_mapping:
        try:
            mapping = json.loads(str(raw_mapping))
        except ValueError as exc:
            raise invalid("mapping: send a JSON object {header: field}.", {"mapping": "Not JSON."}) from exc
        if not isinstance(mapping, dict) or not all(
            isinstance(k, str) and isinstance(v, str | None) and len(k) <= 200 for k, v in mapping.items()
        ):
            raise invalid("mapping: send a JSON object {header: field}.", {"mapping": "Not {header: field}."})
        if len(mapping) > 100:
            raise invalid("mapping: at most 100 columns.", {"mapping": "Too many columns."})
    return {
        "dryRun": flag("dryRun"),
        "updateExisting": flag("updateExisting"),
        "mapping": {k: v or "" for k, v in mapping.items()},
    }


async def create_job(
    *, session: AsyncSession, spec: ResourceSpec, actor: Principal, file_name: str, file_format: str, size: int,
    file_key: str, options: Mapping[str, Any],
) -> ImportJob:  # fmt: skip
    job = ImportJob(
        id=uuid.uuid4().hex,
        resource=spec.name,
        actor_id=actor.user_id,
        state=ImportState.VALIDATING,
        dry_run=bool(options["dryRun"]),
        update_existing=bool(options["updateExisting"]),
        file_name=file_name[:255],
        file_key=file_key,
        file_format=file_format,
        size=size,
        options={"mapping": dict(options["mapping"])},
    )
    session.add(job)
    await session.commit()
    return job


async def load_job(session: AsyncSession, job_id: str, actor: Principal) -> ImportJob:
    permissions.require(actor, Role.MANAGER, "see imports")
    job = await session.get(ImportJob, job_id) if re.fullmatch(r"[0-9a-f]{32}", job_id) else None
    if job is None:
        raise not_found(f"No import with id {job_id!r}.")
    return job


async def mark_for_commit(session: AsyncSession, job: ImportJob, actor: Principal) -> ImportJob:
    """A validated dry run, to be run again for real; 409 unless it is ready."""
    require_importer(actor, job.resource)
    if job.state != ImportState.READY or job.file_key is None:
        raise ApiError(409, f"This import is {job.state}; only a dry run without errors can be committed.")
    job.state, job.dry_run, job.message, job.updated_at = ImportState.VALIDATING, False, None, utcnow()
    job.finished_at = None
    session.add(job)
    await session.commit()
    return job


async def expired_files(session: AsyncSession) -> list[str]:
    """Forget dry runs nobody committed within ``KEEP_READY``; answers their files' keys to delete."""
    old = (
        await session.exec(
            select(ImportJob).where(
                col(ImportJob.state) == ImportState.READY, col(ImportJob.updated_at) < utcnow() - KEEP_READY
            )
        )
    ).all()
    keys = [job.file_key for job in old if job.file_key]
    for job in old:
        job.file_key, job.state, job.message = None, ImportState.FAILED, "Not committed within a day; upload it again."
        session.add(job)
    await session.commit()
    return keys


def live_progress(connection: Any, job_id: str) -> dict[str, Any] | None:
    """What the worker last reported for this import (RQ job meta in Redis); None when unknown."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        job = Job.fetch(f"import-{job_id}", connection=connection)
    except NoSuchJobError:
        return None
    progress = job.get_meta(refresh=False).get("progress")
    return dict(progress) if isinstance(progress, dict) else None


# --- the worker's part ----------------------------------------------------------------------------------


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


async def finish(session: AsyncSession, job: ImportJob, state: ImportState, *, message: str | None = None) -> None:
    job.state = state
    job.message = message[:500] if message else None
    job.updated_at = utcnow()
    if state in FINISHED:
        job.finished_at = job.updated_at
    session.add(job)
    await session.commit()


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
