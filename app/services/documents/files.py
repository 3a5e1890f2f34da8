"""A document's stored files: downloads, and removing them with the record."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import not_found
from app.realtime.sink import EventSink
from app.services.records.writes import delete_record
from app.services.resources import DOCUMENTS
from app.storage import Storage
from app.threads import in_thread
from schemas.records import Document

log = logging.getLogger("portal.documents")


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


async def delete_document(
    *, session: AsyncSession, document_id: int, actor: Principal, storage: Storage, events: EventSink
) -> dict[str, Any]:
    """Delete the record (permissions, history and push as for every record), then its stored files."""
    doc = await session.get(Document, document_id)
    keys = [k for k in (doc.storage_key, doc.thumbnail_key) if k] if doc is not None else []
    public = await delete_record(session=session, spec=DOCUMENTS, record_id=document_id, actor=actor, events=events)
    for key in keys:  # after the commit: a file without a record is garbage, a record without a file is a bug
        try:
            await in_thread(storage.delete, key)
        except Exception:  # the record is gone either way; a leftover file only costs space
            log.warning("could not delete stored file %s of document %s", key, document_id, exc_info=True)
    return public
