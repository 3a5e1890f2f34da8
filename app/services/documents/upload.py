"""The upload form: its fields checked once per file, every file's real type checked, the files stored
and the records created as ``queued`` with one job each; nothing is stored unless everything passes."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.errors import ApiError, forbidden, invalid
from app.realtime.sink import EventSink
from app.services import permissions
from app.services.documents.progress import lane_message, progress_of
from app.services.documents.queue import JobQueue, enqueue_all, new_job_id, waiting
from app.services.records.rules import check_references
from app.services.records.shape import to_public
from app.services.records.writes import announce, created_changes, log_change
from app.services.resources import DOCUMENTS
from app.storage import Storage, filetypes, new_file_key
from app.threads import in_thread
from app.validation import parse
from schemas.base import utcnow
from schemas.options import DocumentState
from schemas.records import Document, DocumentCreate

FORM_FIELDS = {"title", "department", "assetId", "leadId", "notes"}


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
            accepted.append(await in_thread(filetypes.check, staged.name, staged.path))
        except filetypes.TypeRefused as exc:
            refused[f"file.{index}"] = exc.message
    if refused:
        raise ApiError(415, " ".join(refused.values()), errors=refused)
    await check_references(session, DOCUMENTS, payloads[0], None)
    # The uploader's first few waiting files take the normal lane, the rest the lane for slow files.
    fast_room = len(form.files)
    if queue is not None:
        fast_room = queue.settings.document_fast_lane_per_uploader - await waiting(session, actor.user_id)

    stored: list[str] = []
    try:
        for staged, kind in zip(form.files, accepted, strict=True):
            key = new_file_key()
            await in_thread(storage.put_file, key, staged.path, kind.media_type)
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
            row.progress = progress_of("queued", job_id=job_id, attempt=1, slow=slow, message=lane_message(slow))
            jobs.append((row.id, job_id, slow))
            created = created_changes(payload)
            created.update(
                originalName=[None, row.original_name],
                mediaType=[None, row.media_type],
                size=[None, row.size],
                state=[None, DocumentState.QUEUED.value],
            )
            log_change(session, DOCUMENTS.name, row.id, "create", actor.user_id, created)
        await session.commit()
    except BaseException:
        await session.rollback()
        for key in stored:
            await in_thread(storage.delete, key)
        raise
    publics = await to_public(session, DOCUMENTS, rows)
    for public in publics:
        await announce(events, DOCUMENTS, "created", public, actor.user_id, [])
    if queue is not None:
        await enqueue_all(queue, jobs)
    return publics
