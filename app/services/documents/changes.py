"""A document's state changes made by the worker (or asked for by a person: a retry), through the one
versioned write (:func:`app.services.records.writes.write_change`) with its history row, pushed
after commit with the same ``RecordChanged`` event as any other edit; the worker's carry no actor."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pydantic.alias_generators import to_camel
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import ApiError, forbidden, not_found
from app.realtime.sink import EventSink
from app.services import notifications, permissions
from app.services.documents.progress import ACTIVE, lane_message, progress_of, push_progress
from app.services.documents.queue import JobQueue, enqueue_all, new_job_id, waiting
from app.services.records.shape import plain, to_public
from app.services.records.writes import announce, write_change
from app.services.resources import DOCUMENTS
from app.storage.limits import retry_refusal
from schemas.options import DocumentState, NotificationVariant, Role
from schemas.records import Document

log = logging.getLogger("portal.documents")


def history_of(doc: Document, changes: dict[str, Any]) -> dict[str, list[Any]]:
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


async def system_change(
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
        history = history_of(doc, changes)
        where = [] if allowed is None else [col(Document.state).in_(list(allowed))]
        # Progress alone (no history) is no new version: no history row, no record push.
        if not await write_change(
            session,
            DOCUMENTS,
            document_id,
            changes,
            version=doc.version,
            history=history or None,
            actor_id=actor.user_id if actor else None,
            stamp_actor=False,
            where=where,
        ):
            continue
        await session.commit()
        fresh = await session.get(Document, document_id, populate_existing=True)
        if fresh is None:
            return None
        public = (await to_public(session, DOCUMENTS, [fresh]))[0]
        if history:
            await announce(events, DOCUMENTS, "updated", public, actor.user_id if actor else None, list(history))
        return public
    raise RuntimeError(f"document {document_id} kept changing; try again")


async def tell_uploader(
    session: AsyncSession,
    events: EventSink,
    public: dict[str, Any],
    *,
    ready: bool,
    reason: str | None = None,
    deliveries: notifications.Deliveries | None = None,
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
            variant=NotificationVariant.SUCCESS if ready else NotificationVariant.ERROR,
            deliveries=deliveries,
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
    deliveries: notifications.Deliveries | None = None,
) -> dict[str, Any] | None:
    """Move an active document to ``failed`` with a reason a person can read; ``limit`` names the cap
    it went over (see :mod:`app.storage.limits`), which stops people other than admins retrying it."""
    reason = reason[:500]
    progress = progress_of("failed", job_id=job_id, attempt=attempt, message=reason)
    if limit is not None:
        progress["limit"] = limit
    public = await system_change(
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
        await push_progress(events, public)
        await tell_uploader(session, events, public, ready=False, reason=reason, deliveries=deliveries)
    return public


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
    active = await waiting(session, doc.uploaded_by_id)
    slow = limit == "cpu" or active >= queue.settings.document_fast_lane_per_uploader
    job_id = new_job_id(document_id)
    public = await system_change(
        session,
        document_id,
        {
            "state": DocumentState.QUEUED,
            "failure_reason": None,
            "updated_by_id": actor.user_id,
            "progress": progress_of("queued", job_id=job_id, attempt=1, slow=slow, message=lane_message(slow)),
        },
        events=events,
        allowed=(DocumentState.FAILED,),
        actor=actor,
    )
    if public is None:
        raise ApiError(409, "This document changed meanwhile. Reload to see its state.")
    await push_progress(events, public)
    await enqueue_all(queue, [(document_id, job_id, slow)])
    return public
