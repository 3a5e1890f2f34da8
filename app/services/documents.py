"""Uploaded documents: accepting files, processing them in the workers, retrying, and serving them.

Life of an upload: ``queued`` (record created, one RQ job enqueued) -> ``processing`` (a worker
claimed it) -> ``ready`` or ``failed`` (with a reason a person can read). Every state change is a
versioned record change with a history entry, pushed after commit with the same ``RecordChanged``
event as any other edit; the worker's changes carry no actor (``actorId: null``). The steps in
between (received, type check, text, thumbnail, done) are progress only: kept in the RQ job's
``meta`` and the record's ``progress`` column, pushed as ``DocumentProgress``, no version change.

Processing is safe to run twice: a job only ever updates the one record it was given, a finished
record is left alone, the thumbnail key follows from the file key, and the final update is
conditional on the record still being ``processing``.

Two lanes (RQ queues) keep one uploader's slow files from holding everyone else's: every worker
takes from the normal lane first. A file goes to the lane for slow files when its uploader already
has ``DOCUMENT_FAST_LANE_PER_UPLOADER`` files waiting, or when it spends the normal lane's CPU budget
(it is moved, not failed). A file over a cap (memory, CPU time, time, archive, pixels...; see
:mod:`app.storage.limits`) ends ``failed`` with the cap in ``progress["limit"]``: never retried by the
worker, and retried by hand only when an admin forces it.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic.alias_generators import to_camel
from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry as RedisRetry
from rq import Callback, Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from sqlalchemy import func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.concurrency import run_in_threadpool

from app.auth.service import Principal
from app.db import Database
from app.errors import RETRY_AFTER, ApiError, forbidden, invalid, not_found
from app.http import parse
from app.realtime import rooms
from app.realtime.sink import EventSink
from app.services import notifications, permissions, records
from app.services.records import announce, check_references, plain, to_public
from app.services.resources import DOCUMENTS
from app.settings import Settings
from app.storage import Storage, StoredFileMissing, content, filetypes, new_file_key, thumbnail_key
from app.storage.limits import ContentLimits, CpuTimeExceeded, LimitExceeded, cpu_reason, memory_reason, retry_refusal
from schemas.base import utcnow
from schemas.events import DocumentProgress
from schemas.options import DocumentState, Role
from schemas.records import Document, DocumentCreate, RecordChange

log = logging.getLogger("portal.documents")

QUEUE_NAME = "documents"  # the normal lane
SLOW_QUEUE_NAME = "documents-slow"  # the lane for slow files (workers take from it when the normal lane is empty)
LANES = (QUEUE_NAME, SLOW_QUEUE_NAME)
PROCESS_JOB = "worker.jobs.process_document"
FAILURE_CALLBACK = "worker.jobs.on_job_failure"

#: The worker acts for nobody: its history entries and pushes carry ``actorId: null``.
#: (``announce`` reads only ``user_id`` from the actor.)

ACTIVE = (DocumentState.QUEUED, DocumentState.PROCESSING)
STAGES: dict[str, tuple[int, str]] = {
    "queued": (0, "Waiting for a worker."),
    "received": (10, "File received; checking its contents."),
    "type-check": (25, "Checking the file type."),
    "text": (50, "Reading the text."),
    "thumbnail": (80, "Making the preview."),
    "done": (100, "Ready."),
    "failed": (100, "Processing failed."),
    "retrying": (0, "A passing problem stopped processing; trying again shortly."),
}
SLOW_LANE = "Waiting in the queue for slow files."
MOVED_TO_SLOW_LANE = "This file takes longer than most: it waits in the queue for slow files."
FORM_FIELDS = {"title", "department", "assetId", "leadId", "notes"}
MAX_SWEPT = 200
QUEUE_UNAVAILABLE = "Processing is paused: the job queue (Redis) is unavailable. Try the upload again in a moment."


def progress_of(
    stage: str, *, job_id: str | None, attempt: int, message: str | None = None, slow: bool = False
) -> dict[str, Any]:
    percent, default = STAGES[stage]
    progress = {
        "stage": stage,
        "percent": percent,
        "message": message or default,
        "jobId": job_id,
        "attempt": attempt,
        "at": utcnow().isoformat(),
    }
    if slow:
        progress["lane"] = "slow"
    return progress


def new_job_id(document_id: int) -> str:
    return f"document-{document_id}-{uuid.uuid4().hex[:12]}"


# --- the queue --------------------------------------------------------------------------------------


class JobQueue:
    """The RQ queue of processing jobs (sync Redis: call it from a thread inside the API)."""

    def __init__(self, connection: Redis, settings: Settings) -> None:
        self.connection = connection
        self.settings = settings
        self.queue = Queue(QUEUE_NAME, connection=connection)
        self.slow = Queue(SLOW_QUEUE_NAME, connection=connection)

    @property
    def lanes(self) -> tuple[Queue, Queue]:
        return (self.queue, self.slow)

    @classmethod
    def from_url(cls, redis_url: str, settings: Settings) -> JobQueue:
        # One quick retry (a pooled connection may be stale after a Redis restart), no long backoff.
        return cls(Redis.from_url(redis_url, retry=RedisRetry(NoBackoff(), 1)), settings)

    def require_available(self) -> None:
        """Refuse (503) an upload or a retry while Redis is down, before anything is stored: a file
        accepted then would wait for the workers' sweep long after Redis is back."""
        try:
            self.connection.ping()
        except (RedisConnectionError, RedisTimeoutError) as exc:
            raise ApiError(503, QUEUE_UNAVAILABLE, headers=RETRY_AFTER) from exc

    def enqueue(self, document_id: int, job_id: str, *, slow: bool = False) -> None:
        settings = self.settings
        retries = settings.document_job_retries
        (self.slow if slow else self.queue).enqueue(
            PROCESS_JOB,
            document_id,
            job_id=job_id,
            job_timeout=settings.document_job_timeout,
            retry=Retry(max=retries, interval=settings.document_retry_backoff or 0) if retries else None,
            on_failure=Callback(FAILURE_CALLBACK),
            result_ttl=24 * 3600,
            failure_ttl=7 * 24 * 3600,
            description=f"process document {document_id}",
        )

    def status(self, job_id: str | None) -> str | None:
        """The job's RQ status (``queued``, ``started``, ``failed``...), or None when there is no such job."""
        if not job_id:
            return None
        try:
            job = Job.fetch(job_id, connection=self.connection)
        except NoSuchJobError:
            return None
        status = job.get_status(refresh=False)
        return None if status is None else str(getattr(status, "value", status))

    def release_if_overdue(self, job_id: str, grace_seconds: float) -> bool:
        """Enqueue a retry whose scheduled time passed long ago. RQ's scheduler runs in one worker at a
        time and its lock outlives a killed worker by a minute; meanwhile the retry would just wait."""
        try:
            job = Job.fetch(job_id, connection=self.connection)
            lane = self.slow if job.origin == SLOW_QUEUE_NAME else self.queue
            registry = lane.scheduled_job_registry
            due = registry.get_scheduled_time(job)
        except NoSuchJobError:
            return False
        if (utcnow() - due).total_seconds() < grace_seconds:
            return False
        registry.remove(job)
        lane.enqueue_job(job)
        return True

    def close(self) -> None:
        self.connection.close()


async def _enqueue_all(queue: JobQueue, jobs: Sequence[tuple[int, str, bool]]) -> None:
    """Enqueue after commit. A failure leaves the record queued; a worker's sweep enqueues it later."""
    for document_id, job_id, slow in jobs:
        try:
            await run_in_threadpool(queue.enqueue, document_id, job_id, slow=slow)
        except Exception:
            log.exception("could not enqueue document %s; the workers' sweep will pick it up", document_id)


# --- system changes: versioned, with history, pushed after commit -----------------------------------


def _history(doc: Document, changes: dict[str, Any]) -> dict[str, list[Any]]:
    """History entries for the changed fields; extracted text is summarised, progress is left out."""
    history: dict[str, list[Any]] = {}
    for name, value in changes.items():
        before = getattr(doc, name)
        if name in ("progress", "updated_by_id") or plain(before) == plain(value):
            continue
        if name == "text":
            history["text"] = [
                None if before is None else f"{len(before)} characters",
                None if value is None else f"{len(value)} characters",
            ]
            continue
        history[to_camel(name)] = [plain(before), plain(value)]
    return history


async def _system_change(
    session: AsyncSession,
    document_id: int,
    changes: dict[str, Any],
    *,
    events: EventSink,
    allowed: Sequence[DocumentState] | None = None,
    actor: Principal | None = None,
) -> dict[str, Any] | None:
    """Apply a change made by the worker (or, with ``actor``, asked for by a person) to the current
    version of the record: re-read and tried again when someone edits the record meanwhile. Answers
    the public record, or None when the record is gone or no longer in one of the ``allowed`` states."""
    for _ in range(10):
        doc = await session.get(Document, document_id, populate_existing=True)
        if doc is None or (allowed is not None and doc.state not in allowed):
            await session.rollback()
            return None
        history = _history(doc, changes)
        stmt = update(Document).where(col(Document.id) == document_id, col(Document.version) == doc.version)
        if allowed is not None:
            stmt = stmt.where(col(Document.state).in_(list(allowed)))
        if history:
            stmt = stmt.values(**changes, version=doc.version + 1, updated_at=utcnow())
        else:
            stmt = stmt.values(**changes)  # progress only: no new version, no history, no record push
        result = await session.exec(stmt)
        if result.rowcount != 1:
            await session.rollback()
            continue
        if history:
            session.add(
                RecordChange(
                    resource="documents",
                    record_id=document_id,
                    action="update",
                    actor_id=actor.user_id if actor else None,
                    changes=history,
                )
            )
        await session.commit()
        fresh = await session.get(Document, document_id, populate_existing=True)
        if fresh is None:
            return None
        public = (await to_public(session, DOCUMENTS, [fresh]))[0]
        if history:
            await announce(events, DOCUMENTS, "updated", public, actor.user_id if actor else None, list(history))
        return public
    raise RuntimeError(f"document {document_id} kept changing; try again")


async def _push_progress(events: EventSink, public: dict[str, Any]) -> None:
    await _publish_progress(
        events,
        public["id"],
        public.get("progress") or {},
        state=public["state"],
        uploaded_by_id=(public.get("uploadedBy") or {}).get("id"),
    )


async def _publish_progress(
    events: EventSink, document_id: int, progress: dict[str, Any], *, state: str, uploaded_by_id: int | None
) -> None:
    await events.publish(
        DocumentProgress(
            id=document_id,
            state=state,
            stage=progress.get("stage", "queued"),
            percent=int(progress.get("percent", 0)),
            message=str(progress.get("message", "")),
            attempt=int(progress.get("attempt", 1)),
            uploaded_by_id=uploaded_by_id,
        ),
        room=rooms.STAFF,
    )


async def set_progress(
    session: AsyncSession,
    document_id: int,
    progress: dict[str, Any],
    *,
    events: EventSink,
    known: tuple[str, int | None] | None = None,
) -> bool:
    """Record and push a processing step (no version change); False when the record is no longer
    active. ``known`` is the record's (state, uploader) when the caller has them: one query, not three."""
    result = await session.exec(
        update(Document)
        .where(col(Document.id) == document_id, col(Document.state).in_(list(ACTIVE)))
        .values(progress=progress)
    )
    await session.commit()
    if result.rowcount != 1:
        return False
    if known is None:
        doc = await session.get(Document, document_id, populate_existing=True)
        if doc is None:
            return False
        known = (str(doc.state), doc.uploaded_by_id)
    await _publish_progress(events, document_id, progress, state=known[0], uploaded_by_id=known[1])
    return True


async def _tell_uploader(
    session: AsyncSession, events: EventSink, public: dict[str, Any], *, ready: bool, reason: str | None = None
) -> None:
    uploader = (public.get("uploadedBy") or {}).get("id")
    if uploader is None:
        return
    try:
        await notifications.notify(
            session,
            events,
            user_id=uploader,
            kind="document.ready" if ready else "document.failed",
            title="Document ready" if ready else "Document failed",
            message=public["title"] if ready else f"{public['title']}: {reason}",
            link=f"/documents/{public['id']}",
            variant="success" if ready else "error",
        )
    except Exception:  # a notification is a courtesy: it never undoes the processing result
        log.exception("could not notify the uploader of document %s", public["id"])


async def fail_document(
    session: AsyncSession,
    document_id: int,
    reason: str,
    *,
    events: EventSink,
    job_id: str | None,
    attempt: int,
    limit: str | None = None,
) -> dict[str, Any] | None:
    """Move an active document to ``failed`` with a reason a person can read; ``limit`` names the cap
    it went over (see :mod:`app.storage.limits`), which stops people other than admins retrying it."""
    reason = reason[:500]
    progress = progress_of("failed", job_id=job_id, attempt=attempt, message=reason)
    if limit is not None:
        progress["limit"] = limit
    public = await _system_change(
        session,
        document_id,
        {
            "state": DocumentState.FAILED,
            "failure_reason": reason,
            "progress": progress,
        },
        events=events,
        allowed=ACTIVE,
    )
    if public is not None:
        await _push_progress(events, public)
        await _tell_uploader(session, events, public, ready=False, reason=reason)
    return public


# --- upload ----------------------------------------------------------------------------------------


@dataclass
class StagedFile:
    """One uploaded file, streamed to the staging folder; ``name`` is for display only."""

    name: str
    path: Path
    size: int


@dataclass
class UploadForm:
    fields: dict[str, list[str]] = field(default_factory=dict)
    files: list[StagedFile] = field(default_factory=list)


def _lane_message(slow: bool) -> str | None:
    return SLOW_LANE if slow else None


async def _waiting(session: AsyncSession, uploader_id: int | None) -> int:
    """How many of this uploader's documents are queued or processing."""
    if uploader_id is None:
        return 0
    count = await session.exec(
        select(func.count())
        .select_from(Document)
        .where(col(Document.uploaded_by_id) == uploader_id, col(Document.state).in_(list(ACTIVE)))
    )
    return int(count.one())


def require_uploader(actor: Principal) -> None:
    if not permissions.can_create(actor, "documents"):
        raise forbidden(f"Your role ({actor.role or 'none'}) cannot upload documents.")


def _one(form: UploadForm, name: str) -> str | None:
    values = [v.strip() for v in form.fields.get(name, []) if v.strip()]
    if len(values) > 1:
        raise invalid(f"Send '{name}' once.", {name: "Send this field once."})
    return values[0] if values else None


def _titles(form: UploadForm) -> list[str]:
    titles = [t.strip() for t in form.fields.get("title", [])]
    names = [f.name for f in form.files]
    stems = [Path(n).stem or n for n in names]
    if not titles or not any(titles):
        return stems
    if len(titles) == len(names):
        return [t or s for t, s in zip(titles, stems, strict=True)]
    if len(titles) == 1:
        return [titles[0]] if len(names) == 1 else [f"{titles[0]} ({n})" for n in names]
    raise invalid(
        f"Send one title for all files or one per file ({len(names)}), not {len(titles)}.",
        {"title": "One title, or one per file."},
    )


def _check_form(form: UploadForm) -> list[dict[str, Any]]:
    """Validate the form fields once per file; answers the create payloads (snake_case)."""
    for name in ("file", "files"):  # an empty file input can arrive as a plain field with no value
        if not any(v.strip() for v in form.fields.get(name, [])):
            form.fields.pop(name, None)
    unknown = sorted(set(form.fields) - FORM_FIELDS)
    if unknown:
        raise invalid(f"Unknown form fields: {', '.join(unknown)}.", dict.fromkeys(unknown, "Unknown field."))
    if not form.files:
        raise invalid("Choose at least one file to upload (form field 'file').", {"file": "Choose a file."})
    common = {k: _one(form, k) for k in ("department", "assetId", "leadId", "notes")}
    payloads = []
    for title in _titles(form):
        data = {k: v for k, v in {**common, "title": title[:200]}.items() if v is not None}
        payloads.append(parse(DocumentCreate, data).model_dump())
    return payloads


async def create_uploads(
    *,
    session: AsyncSession,
    form: UploadForm,
    actor: Principal,
    storage: Storage,
    queue: JobQueue | None,
    events: EventSink,
) -> list[dict[str, Any]]:
    """Check the form and every file's real type, store the files under generated keys, create the
    records as ``queued`` and enqueue one job per file (``queue=None``: the caller processes them,
    as the demo seed does). Nothing is stored unless everything passes."""
    require_uploader(actor)
    payloads = _check_form(form)
    refused: dict[str, str] = {}
    accepted: list[filetypes.Accepted] = []
    for index, staged in enumerate(form.files):
        try:
            accepted.append(await run_in_threadpool(filetypes.check, staged.name, staged.path))
        except filetypes.TypeRefused as exc:
            refused[f"file.{index}"] = exc.message
    if refused:
        raise ApiError(415, " ".join(refused.values()), errors=refused)
    await check_references(session, DOCUMENTS, payloads[0], None)
    # The uploader's first few waiting files take the normal lane, the rest the lane for slow files.
    fast_room = len(form.files)
    if queue is not None:
        fast_room = queue.settings.document_fast_lane_per_uploader - await _waiting(session, actor.user_id)

    stored: list[str] = []
    try:
        for staged, kind in zip(form.files, accepted, strict=True):
            key = new_file_key()
            await run_in_threadpool(storage.put_file, key, staged.path, kind.media_type)
            stored.append(key)
        now = utcnow()
        rows = []
        for payload, staged, kind, key in zip(payloads, form.files, accepted, stored, strict=True):
            row = Document(
                **payload,
                original_name=staged.name,
                media_type=kind.media_type,
                size=staged.size,
                storage_key=key,
                state=DocumentState.QUEUED,
                progress={},
                uploaded_by_id=actor.user_id,
                created_by_id=actor.user_id,
                updated_by_id=actor.user_id,
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            rows.append(row)
        await session.flush()
        jobs: list[tuple[int, str, bool]] = []
        for index, (row, payload) in enumerate(zip(rows, payloads, strict=True)):
            assert row.id is not None
            job_id = new_job_id(row.id)
            slow = index >= fast_room
            row.progress = progress_of("queued", job_id=job_id, attempt=1, slow=slow, message=_lane_message(slow))
            jobs.append((row.id, job_id, slow))
            created = {to_camel(k): [None, plain(v)] for k, v in payload.items() if v is not None}
            created.update(
                originalName=[None, row.original_name],
                mediaType=[None, row.media_type],
                size=[None, row.size],
                state=[None, DocumentState.QUEUED.value],
            )
            session.add(
                RecordChange(
                    resource="documents", record_id=row.id, action="create", actor_id=actor.user_id, changes=created
                )
            )
        await session.commit()
    except BaseException:
        await session.rollback()
        for key in stored:
            await run_in_threadpool(storage.delete, key)
        raise
    publics = await to_public(session, DOCUMENTS, rows)
    for public in publics:
        await announce(events, DOCUMENTS, "created", public, actor.user_id, [])
    if queue is not None:
        await _enqueue_all(queue, jobs)
    return publics


# --- retry, download -------------------------------------------------------------------------------


async def retry_document(
    *,
    session: AsyncSession,
    document_id: int,
    actor: Principal,
    queue: JobQueue,
    events: EventSink,
    force: bool = False,
) -> dict[str, Any]:
    """Queue a failed document again: its uploader or a manager/admin may. A document that went over
    a processing cap needs ``force``, which only an admin may use."""
    doc = await session.get(Document, document_id)
    if doc is None:
        raise not_found(f"No document with id {document_id}.")
    if not (permissions.at_least(actor, Role.MANAGER) or doc.uploaded_by_id == actor.user_id):
        raise forbidden("Only the person who uploaded this document, or a manager, can retry its processing.")
    if force and not permissions.at_least(actor, Role.ADMIN):
        raise forbidden("Only an admin can force a retry of a file that went over a processing limit.")
    if doc.state != DocumentState.FAILED:
        raise ApiError(409, f"Only a failed document can be retried; this one is {doc.state}.")
    if not doc.storage_key:
        raise ApiError(409, "This document has no file to process.")
    limit = (doc.progress or {}).get("limit")
    if limit and not force:
        raise ApiError(409, retry_refusal(str(limit)), extra={"limit": limit})
    # A file that spent the normal lane's CPU budget goes straight to the lane for slow files.
    waiting = await _waiting(session, doc.uploaded_by_id)
    slow = limit == "cpu" or waiting >= queue.settings.document_fast_lane_per_uploader
    job_id = new_job_id(document_id)
    public = await _system_change(
        session,
        document_id,
        {
            "state": DocumentState.QUEUED,
            "failure_reason": None,
            "updated_by_id": actor.user_id,
            "progress": progress_of("queued", job_id=job_id, attempt=1, slow=slow, message=_lane_message(slow)),
        },
        events=events,
        allowed=(DocumentState.FAILED,),
        actor=actor,
    )
    if public is None:
        raise ApiError(409, "This document changed meanwhile. Reload to see its state.")
    await _push_progress(events, public)
    await _enqueue_all(queue, [(document_id, job_id, slow)])
    return public


@dataclass(frozen=True)
class StoredObject:
    key: str
    media_type: str
    name: str


async def stored_object(*, session: AsyncSession, document_id: int, which: str) -> StoredObject:
    """The stored file (``which="file"``) or its thumbnail, for a download; 404 when there is none."""
    doc = await session.get(Document, document_id)
    if doc is None:
        raise not_found(f"No document with id {document_id}.")
    if which == "thumbnail":
        if not doc.thumbnail_key:
            raise not_found("This document has no preview (yet).")
        return StoredObject(doc.thumbnail_key, "image/png", f"{Path(doc.original_name or 'document').stem}.png")
    if not doc.storage_key:
        raise not_found("This document has no file: it was recorded without one.")
    return StoredObject(doc.storage_key, doc.media_type or "application/octet-stream", doc.original_name or "document")


# --- processing (in the worker) --------------------------------------------------------------------


@dataclass
class Processing:
    """What a processing run needs; ``on_progress`` mirrors each step into the RQ job's meta."""

    db: Database
    storage: Storage
    events: EventSink
    settings: Settings
    on_progress: Callable[[dict[str, Any]], None] | None = None
    notify_uploader: bool = True  # the demo seed processes its files quietly
    #: in the normal lane, where a file that spends its CPU budget is moved to (None: fail it instead)
    slow_lane: JobQueue | None = None
    cpu_seconds: int | None = None  # this run's CPU budget, for the reason given when it is spent


async def _begin(ctx: Processing, session: AsyncSession, document_id: int, job_id: str | None, attempt: int) -> bool:
    doc = await session.get(Document, document_id)
    if doc is None or doc.state not in ACTIVE:
        return False  # deleted, or already finished by an earlier run: nothing to do
    current = (doc.progress or {}).get("jobId")
    if job_id is not None and current is not None and current != job_id:
        log.info("document %s: job %s was superseded by %s", document_id, job_id, current)
        return False
    received = progress_of("received", job_id=job_id or current, attempt=attempt)
    if doc.state == DocumentState.QUEUED:
        public = await _system_change(
            session,
            document_id,
            {"state": DocumentState.PROCESSING, "progress": received},
            events=ctx.events,
            allowed=ACTIVE,
        )
        if public is None:
            return False
        await _push_progress(ctx.events, public)
    elif not await set_progress(
        session, document_id, received, events=ctx.events, known=(str(doc.state), doc.uploaded_by_id)
    ):
        return False
    if ctx.on_progress:
        ctx.on_progress(received)
    return True


async def _step(
    ctx: Processing, document_id: int, stage: str, job_id: str | None, attempt: int, uploader: int | None
) -> None:
    progress = progress_of(stage, job_id=job_id, attempt=attempt)
    async with ctx.db.session() as session:
        await set_progress(
            session, document_id, progress, events=ctx.events, known=(DocumentState.PROCESSING.value, uploader)
        )
    if ctx.on_progress:
        ctx.on_progress(progress)
    if ctx.settings.document_stage_delay:
        await asyncio.sleep(ctx.settings.document_stage_delay)


async def _link_duplicates(ctx: Processing, session: AsyncSession, sha256: str) -> None:
    """Every later copy of the same bytes points at the earliest one (fixes races between workers)."""
    group = (
        await session.exec(select(Document).where(col(Document.sha256) == sha256).order_by(col(Document.id)))
    ).all()
    if len(group) < 2:
        return
    original = group[0].id
    for doc in group[1:]:
        if doc.duplicate_of_id is None and doc.id is not None:
            await _system_change(session, doc.id, {"duplicate_of_id": original}, events=ctx.events)


async def process_document(ctx: Processing, document_id: int, *, job_id: str | None, attempt: int = 1) -> str:
    """Process one document: answers ``ready``, ``failed``, ``moved`` (to the lane for slow files) or
    ``skipped`` (nothing to do). Passing problems (database, Redis, storage unreachable) raise, so the
    job is retried with backoff; a file over a cap fails at once (:func:`settle_over_limit`)."""
    async with ctx.db.session() as session:
        if not await _begin(ctx, session, document_id, job_id, attempt):
            return "skipped"
        doc = await session.get(Document, document_id)
        assert doc is not None
        key, media_type, uploader = doc.storage_key, doc.media_type or "", doc.uploaded_by_id
    limits = ContentLimits.from_settings(ctx.settings)
    over: tuple[str, str] | None = None  # (limit, reason), settled once the failed work is released
    try:
        if not key:
            raise StoredFileMissing("no key")
        if ctx.settings.document_stage_delay:
            await asyncio.sleep(ctx.settings.document_stage_delay)
        with ctx.storage.local_copy(key) as path:
            found = content.digest(path)
            await _step(ctx, document_id, "type-check", job_id, attempt, uploader)
            kind = filetypes.verify(media_type, path)
            await _step(ctx, document_id, "text", job_id, attempt, uploader)
            extracted = content.extract(kind, path, limits=limits)
            await _step(ctx, document_id, "thumbnail", job_id, attempt, uploader)
            preview = content.thumbnail(kind, path, limits=limits)
        thumb = thumbnail_key(key) if preview else None
        if thumb and preview:
            ctx.storage.put_bytes(thumb, preview, "image/png")
    except LimitExceeded as exc:
        over = (exc.kind, exc.message)
    except MemoryError:  # RLIMIT_AS in the work horse: what the reader held is freed once this block ends
        over = ("memory", memory_reason(ctx.settings))
    except CpuTimeExceeded:  # SIGXCPU in the work horse (worker/limits.py)
        over = ("cpu", cpu_reason(ctx.cpu_seconds or ctx.settings.document_job_cpu_seconds))
    except (content.ContentError, filetypes.TypeRefused) as exc:
        async with ctx.db.session() as session:
            await fail_document(session, document_id, exc.message, events=ctx.events, job_id=job_id, attempt=attempt)
        return "failed"
    except StoredFileMissing:
        reason = "The uploaded file is missing from storage. Upload it again."
        async with ctx.db.session() as session:
            await fail_document(session, document_id, reason, events=ctx.events, job_id=job_id, attempt=attempt)
        return "failed"
    if over is not None:
        return await settle_over_limit(
            db=ctx.db, events=ctx.events, document_id=document_id, job_id=job_id, attempt=attempt,
            limit=over[0], reason=over[1], slow_lane=ctx.slow_lane,
        )  # fmt: skip

    async with ctx.db.session() as session:
        earlier = (
            await session.exec(
                select(Document.id)
                .where(col(Document.sha256) == found.sha256, col(Document.id) < document_id)
                .order_by(col(Document.id))
                .limit(1)
            )
        ).first()
        done = progress_of("done", job_id=job_id, attempt=attempt)
        if earlier is not None:
            done["message"] = f"Ready. The same file is already in the portal as document {earlier}."
        public = await _system_change(
            session,
            document_id,
            {
                "state": DocumentState.READY,
                "sha256": found.sha256,
                "size": found.size,
                "page_count": extracted.page_count,
                "text": extracted.text,
                "thumbnail_key": thumb,
                "failure_reason": None,
                "duplicate_of_id": earlier,
                "progress": done,
            },
            events=ctx.events,
            allowed=(DocumentState.PROCESSING,),
        )
        if public is None:
            return "skipped"  # deleted meanwhile, or finished by a concurrent run of the same job
        await _push_progress(ctx.events, public)
        if ctx.on_progress:
            ctx.on_progress(done)
        await _link_duplicates(ctx, session, found.sha256)
        if ctx.notify_uploader:
            await _tell_uploader(session, ctx.events, public, ready=True)
    return "ready"


async def settle_over_limit(
    *,
    db: Database,
    events: EventSink,
    document_id: int,
    job_id: str | None,
    attempt: int,
    limit: str,
    reason: str,
    slow_lane: JobQueue | None = None,
) -> str:
    """A run went over a cap. A file that spent the normal lane's CPU budget moves to the lane for slow
    files (answers ``moved``); anything else ends ``failed`` with the cap recorded (``failed``)."""
    async with db.session() as session:
        if limit == "cpu" and slow_lane is not None:
            fresh = new_job_id(document_id)
            again = progress_of("queued", job_id=fresh, attempt=attempt, message=MOVED_TO_SLOW_LANE, slow=True)
            if not await set_progress(session, document_id, again, events=events):
                return "skipped"  # deleted or finished meanwhile
            await run_in_threadpool(slow_lane.enqueue, document_id, fresh, slow=True)
            return "moved"
        await fail_document(session, document_id, reason, events=events, job_id=job_id, attempt=attempt, limit=limit)
    return "failed"


# --- the sweep: nothing stays queued or processing forever -----------------------------------------


async def sweep(*, db: Database, queue: JobQueue, events: EventSink, settings: Settings) -> list[tuple[int, str]]:
    """Look at documents that have been queued or processing for a while and whose RQ job is gone or
    ended without finishing them: enqueue a missing job again, fail the rest. Answers what it did."""
    quiet_for = timedelta(seconds=max(30, 3 * settings.worker_heartbeat_seconds))
    done: list[tuple[int, str]] = []
    async with db.session() as session:
        rows = (
            await session.exec(
                select(Document)
                .where(col(Document.state).in_(list(ACTIVE)), col(Document.updated_at) < utcnow() - quiet_for)
                .order_by(col(Document.id))
                .limit(MAX_SWEPT)
            )
        ).all()
        candidates = [(d.id, dict(d.progress or {}), d.storage_key) for d in rows if d.id is not None]
    for document_id, progress, key in candidates:
        job_id = progress.get("jobId")
        status = await run_in_threadpool(queue.status, job_id)
        if status == "scheduled" and job_id:
            grace = 2 * settings.worker_maintenance_seconds
            if await run_in_threadpool(queue.release_if_overdue, job_id, grace):
                done.append((document_id, "released"))
            continue
        if status in ("queued", "started", "deferred"):
            continue
        attempt = int(progress.get("attempt", 1))
        async with db.session() as session:
            if status is None and key and progress.get("requeued", 0) < 3:
                fresh = new_job_id(document_id)
                slow = progress.get("lane") == "slow"
                again = progress_of(
                    "queued", job_id=fresh, attempt=attempt, message="Queued again: its job was lost.", slow=slow
                )
                again["requeued"] = int(progress.get("requeued", 0)) + 1
                if await set_progress(session, document_id, again, events=events):
                    await run_in_threadpool(queue.enqueue, document_id, fresh, slow=slow)
                    done.append((document_id, "requeued"))
                continue
            reason = (
                "Processing stopped unexpectedly and could not be resumed. Retry from the document page."
                if status in (None, "failed", "stopped", "canceled")
                else "Processing ended without a result. Retry from the document page."
            )
            if await fail_document(session, document_id, reason, events=events, job_id=job_id, attempt=attempt):
                done.append((document_id, "failed"))
    return done


async def delete_document(
    *, session: AsyncSession, document_id: int, actor: Principal, storage: Storage, events: EventSink
) -> dict[str, Any]:
    """Delete the record (permissions, history and push as for every record), then its stored files."""
    doc = await session.get(Document, document_id)
    keys = [k for k in (doc.storage_key, doc.thumbnail_key) if k] if doc is not None else []
    public = await records.delete_record(
        session=session, spec=DOCUMENTS, record_id=document_id, actor=actor, events=events
    )
    for key in keys:  # after the commit: a file without a record is garbage, a record without a file is a bug
        try:
            await run_in_threadpool(storage.delete, key)
        except Exception:  # the record is gone either way; a leftover file only costs space
            log.warning("could not delete stored file %s of document %s", key, document_id, exc_info=True)
    return public
