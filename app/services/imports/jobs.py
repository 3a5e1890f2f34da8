"""The import job row: created, read and committed through the API, finished by the worker."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import ApiError, invalid, not_found
from app.services import permissions
from app.services.imports.mapping import IMPORTABLE
from app.services.resources import RESOURCES, ResourceSpec
from schemas.base import utcnow
from schemas.imports import FINISHED, ImportJob, ImportState
from schemas.options import Role

QUEUE_NAME = "imports"
RUN_JOB = "worker.jobs.run_import"
FAILURE_CALLBACK = "worker.jobs.on_import_failure"
KEEP_READY = timedelta(hours=24)  # a dry run's file waits this long for Import


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


async def finish(session: AsyncSession, job: ImportJob, state: ImportState, *, message: str | None = None) -> None:
    job.state = state
    job.message = message[:500] if message else None
    job.updated_at = utcnow()
    if state in FINISHED:
        job.finished_at = job.updated_at
    session.add(job)
    await session.commit()
