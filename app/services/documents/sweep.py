"""The sweep: nothing stays queued or processing forever."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import col, select

from app.db import Database
from app.realtime.sink import EventSink
from app.services.documents.changes import fail_document
from app.services.documents.progress import ACTIVE, progress_of, set_progress
from app.services.documents.queue import JobQueue, new_job_id
from app.settings import Settings
from app.threads import in_thread
from schemas.base import utcnow
from schemas.records import Document

MAX_SWEPT = 200


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
        status = await in_thread(queue.status, job_id)
        if status == "scheduled" and job_id:
            grace = 2 * settings.worker_maintenance_seconds
            if await in_thread(queue.release_if_overdue, job_id, grace):
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
                    await in_thread(queue.enqueue, document_id, fresh, slow=slow)
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
