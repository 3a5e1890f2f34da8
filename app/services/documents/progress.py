"""A document's processing steps (received, type check, text, thumbnail, done): kept in the record's
``progress`` column and pushed as ``DocumentProgress``; no version change, no history."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from app.realtime import rooms
from app.realtime.sink import EventSink
from schemas.base import utcnow
from schemas.events import DocumentProgress
from schemas.options import DocumentState
from schemas.records import Document

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


def lane_message(slow: bool) -> str | None:
    return SLOW_LANE if slow else None


async def push_progress(events: EventSink, public: dict[str, Any]) -> None:
    await publish_progress(
        events,
        public["id"],
        public.get("progress") or {},
        state=public["state"],
        uploaded_by_id=(public.get("uploadedBy") or {}).get("id"),
    )


async def publish_progress(
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
    await publish_progress(events, document_id, progress, state=known[0], uploaded_by_id=known[1])
    return True
