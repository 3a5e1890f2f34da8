"""CSV and Excel: ``GET /{resource}/export``, ``POST /{resource}/import`` and ``/imports/{id}``."""

from __future__ import annotations

import logging
import uuid
from functools import partial
from typing import Any

from rq import Callback, Queue
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from app.errors import ApiError, invalid
from app.http import json_response
from app.portal import portal_of
from app.routes.documents import attachment, queue_of, read_form, storage_of
from app.routes.endpoint import STAFF, Call, route
from app.services import exports, listing
from app.services.imports import jobs as imports
from app.services.imports.mapping import IMPORTABLE
from app.services.resources import RESOURCES
from app.services.tabular import TableError, sniff_format
from app.settings import Settings
from schemas.imports import ImportJobPublic, ImportState

log = logging.getLogger("portal.imports")


async def export(call: Call, *, resource: str) -> Response:
    """Every record the list's filters, sort and q find, as CSV or Excel (``format=csv|xlsx``), streamed."""
    request = call.request
    spec = RESOURCES[resource]
    file_format = request.query_params.get("format") or "csv"
    if file_format not in exports.FORMATS:
        raise invalid("format: use csv or xlsx.", {"format": "Use csv or xlsx."})
    params = {k: v for k, v in request.query_params.items() if k not in ("format", "page", "perPage", "cursor")}
    query = listing.parse_list_query(spec, params)
    headers = {
        "Content-Disposition": attachment(exports.file_name(spec, file_format)),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
    }
    body = exports.stream(portal_of(request).db, spec, query, file_format)
    return StreamingResponse(body, media_type=exports.FORMATS[file_format], headers=headers)


def _enqueue(queue: Queue, job_id: str, settings: Settings) -> None:
    queue.enqueue(
        imports.RUN_JOB,
        job_id,
        job_id=f"import-{job_id}",
        job_timeout=settings.import_job_timeout,
        on_failure=Callback(imports.FAILURE_CALLBACK),
        result_ttl=24 * 3600,
        failure_ttl=7 * 24 * 3600,
        description=f"import {job_id}",
    )


async def _start(request: Request, job: Any) -> None:
    """Enqueue the job after its row is committed; without Redis the job fails at once (nothing lost)."""
    portal = portal_of(request)
    queue = Queue(imports.QUEUE_NAME, connection=queue_of(request).connection)
    try:
        await run_in_threadpool(_enqueue, queue, job.id, portal.settings)
    except Exception as exc:
        async with portal.db.session() as session:
            fresh = await session.get(type(job), job.id)
            if fresh is not None:
                await imports.finish(session, fresh, ImportState.FAILED, message="The job queue is unavailable.")
        raise ApiError(503, "Imports are paused: the job queue (Redis) is unavailable. Try again in a moment.") from exc


async def start_import(call: Call, *, resource: str) -> Response:
    """Upload a CSV or Excel file of assets or leads (multipart ``file``; ``dryRun``, ``updateExisting``,
    ``mapping`` as form fields or query parameters); a worker checks (and, unless a dry run, writes) it.
    Answers 202 with the job; follow it at ``/imports/{jobId}``."""
    request, principal, portal = call.request, call.principal, call.portal
    spec = imports.require_importer(principal, resource)
    await call.limit("upload")
    settings = portal.settings
    storage = storage_of(request)
    await run_in_threadpool(queue_of(request).require_available)
    stream = await read_form(request, storage.staging_dir, max_bytes=settings.max_import_bytes, max_files=1)
    try:
        files = stream.form.files
        if len(files) != 1:
            raise invalid("Send one CSV or Excel file in the form field 'file'.", {"file": "Required."})
        staged = files[0]
        if staged.size == 0:
            raise invalid("The file is empty.", {"file": "Empty."})
        fields = {k: v[-1] for k, v in stream.form.fields.items() if v}
        options = imports.parse_options({**request.query_params, **fields})
        try:
            file_format = await run_in_threadpool(sniff_format, staged.path, staged.name)
        except TableError as exc:
            raise invalid(str(exc), {"file": str(exc)}) from exc
        key = f"imports/{uuid.uuid4().hex}"
        media = "text/csv" if file_format == "csv" else "application/octet-stream"
        await run_in_threadpool(storage.put_file, key, staged.path, media)
    finally:
        await run_in_threadpool(stream.discard)
    async with portal.db.session() as session:
        for old in await imports.expired_files(session):
            await run_in_threadpool(storage.delete, old)
        job = await imports.create_job(
            session=session, spec=spec, actor=principal, file_name=staged.name, file_format=file_format,
            size=staged.size, file_key=key, options=options,
        )  # fmt: skip
        answer = imports.public(job)
    await _start(request, job)
    return json_response(answer, status=202)


def _job_id(request: Request) -> str:
    return str(request.path_params["id"])


async def import_status(call: Call) -> Response:
    """An import's state (validating, ready-to-commit, importing, done, failed), progress and row errors."""
    request = call.request
    job = await imports.load_job(call.session, _job_id(request), call.principal)
    progress = None
    if job.state in (ImportState.VALIDATING, ImportState.IMPORTING):
        progress = await run_in_threadpool(imports.live_progress, queue_of(request).connection, job.id)
    return json_response(imports.public(job, progress))


async def commit_import(call: Call) -> Response:
    """Write a dry run that found no error (the same file, mapping and options); answers 202."""
    request, principal, portal = call.request, call.principal, call.portal
    await call.limit("write")
    await run_in_threadpool(queue_of(request).require_available)
    async with portal.db.session() as session:
        job = await imports.load_job(session, _job_id(request), principal)
        job = await imports.mark_for_commit(session, job, principal)
        answer = imports.public(job)
    await _start(request, job)
    return json_response(answer, status=202)


# Before the record routes: /assets/export is not the asset with id "export".
routes = [
    *(route(f"/{name}/export", partial(export, resource=name), ["GET"], rule=STAFF) for name in RESOURCES),
    *(
        route(
            f"/{name}/import",
            partial(start_import, resource=name),
            ["POST"],
            rule=STAFF,
            status=202,
            answer=ImportJobPublic,
        )
        for name in IMPORTABLE
    ),
    route("/imports/{id}", import_status, ["GET"], rule=STAFF, session="read", answer=ImportJobPublic),
    route("/imports/{id}/commit", commit_import, ["POST"], rule=STAFF, status=202, answer=ImportJobPublic),
]
