"""Processing one document in a worker: type check, text, thumbnail, then ``ready`` or ``failed``.

Safe to run twice: a job only ever updates the one record it was given, a finished record is left
alone, the thumbnail key follows from the file key, and the final update is conditional on the record
still being ``processing``. A file over a cap (memory, CPU time, time, archive, pixels...; see
:mod:`app.storage.limits`) ends ``failed`` with the cap in ``progress["limit"]``: never retried by the
worker, and retried by hand only when an admin forces it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.realtime.sink import EventSink
from app.services import notifications
from app.services.documents.changes import fail_document, system_change, tell_uploader
from app.services.documents.progress import ACTIVE, MOVED_TO_SLOW_LANE, progress_of, push_progress, set_progress
from app.services.documents.queue import JobQueue, new_job_id
from app.settings import Settings
from app.storage import Storage, StoredFileMissing, content, filetypes, thumbnail_key
from app.storage.limits import ContentLimits, CpuTimeExceeded, LimitExceeded, cpu_reason, memory_reason
from app.threads import in_thread
from schemas.options import DocumentState
from schemas.records import Document

log = logging.getLogger("portal.documents")


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
    deliveries: notifications.Deliveries | None = None  # the uploader's notification, on to their devices


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
        public = await system_change(
            session,
            document_id,
            {"state": DocumentState.PROCESSING, "progress": received},
            events=ctx.events,
            allowed=ACTIVE,
        )
        if public is None:
            return False
        await push_progress(ctx.events, public)
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
            await system_change(session, doc.id, {"duplicate_of_id": original}, events=ctx.events)


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
            await fail_document(
                session, document_id, exc.message, events=ctx.events, job_id=job_id, attempt=attempt,
                deliveries=ctx.deliveries,
            )  # fmt: skip
        return "failed"
    except StoredFileMissing:
        reason = "The uploaded file is missing from storage. Upload it again."
        async with ctx.db.session() as session:
            await fail_document(
                session, document_id, reason, events=ctx.events, job_id=job_id, attempt=attempt,
                deliveries=ctx.deliveries,
            )  # fmt: skip
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
        public = await system_change(
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
        await push_progress(ctx.events, public)
        if ctx.on_progress:
            ctx.on_progress(done)
        await _link_duplicates(ctx, session, found.sha256)
        if ctx.notify_uploader:
            await tell_uploader(session, ctx.events, public, ready=True, deliveries=ctx.deliveries)
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
            await in_thread(slow_lane.enqueue, document_id, fresh, slow=True)
            return "moved"
        await fail_document(session, document_id, reason, events=events, job_id=job_id, attempt=attempt, limit=limit)
    return "failed"
