"""File manager sample area (``/api/file-manager-app``): folders and files, with uploads.

The spec's mock had one call, the list. Fuse's page also uploads, downloads and deletes, so these
are served too:

- ``GET files``: every item. An item sits in the folder ``folderId`` names (none: the top, "My Files").
- ``POST upload``: a multipart form with one ``file`` (and ``folderId``). The file goes through the
  same checks as a document upload (its name and its bytes must be a kind the portal keeps, at most
  the upload size limit) into the same storage, under a fresh key; the item names its uploader.
- ``GET download?id=``: the uploaded file, as an attachment. The sample entries are descriptions
  only (they have no bytes), and say so with a 404.
- ``POST delete {id}``: an item; a folder only once it is empty. An uploaded file's bytes leave the
  storage after the item is gone (commit first, so a failed commit never loses a file still listed).
"""

from __future__ import annotations

import errno
import uuid
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from app.auth.identity import Principal
from app.errors import ApiError, forbidden, invalid, not_found
from app.http import json_response
from app.portal import limit, portal_of
from app.routes.documents import NO_ROOM, attachment, read_form, storage_of
from app.samples.common import Area
from app.samples.store import SampleStore
from app.services import permissions
from app.services.users import staff_member
from app.storage import StoredFileMissing, iter_chunks, new_file_key
from app.storage.filetypes import TypeRefused, check, extension_of
from schemas.sample_areas.base import Removed
from schemas.sample_areas.file_manager import DownloadQuery, FileItem, FileItems, ItemRef

AREA = "file-manager"
PREFIX = "/api/file-manager-app"
KIND = "files"
MAX_UPLOADED = 500  # uploaded items the area keeps (the list is answered whole)
MAX_UPLOAD_BYTES = 25 * 1024 * 1024  # or the portal's upload limit, if that is lower
SPREADSHEETS = {".xlsx", ".csv"}
IMAGES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".tif", ".tiff"}
NO_BYTES = "This is a sample entry: it describes a file but has no content to download."


def require_writer(principal: Principal) -> None:
    """Uploading and deleting files follow the documents' rule (contractors read)."""
    if not permissions.can_create(principal, "documents"):
        raise forbidden(f"Your role ({principal.role or 'none'}) cannot upload or delete files.")


def public(item: dict[str, Any]) -> dict[str, Any]:
    """An item as the page sees it: the storage key stays on the server; uploads say they can be downloaded."""
    shown = {k: v for k, v in item.items() if k not in {"storageKey", "mediaType", "bytes"}}
    if item.get("storageKey"):
        shown["downloadable"] = True
    return shown


def human_size(size: int) -> str:
    """The sample data's way of writing sizes ('22.6 Mb', '310 Kb', '12 b')."""
    if size < 1024:
        return f"{size} b"
    if size < 1024**2:
        return f"{size / 1024:.1f} Kb"
    return f"{size / 1024**2:.1f} Mb"


def today() -> str:
    now = datetime.now(UTC)
    return f"{now:%B} {now.day}, {now.year}"


async def folder_path(store: SampleStore, folder_id: str | None) -> list[dict[str, Any]]:
    """The folders from the top down to ``folder_id`` (bounded: a cycle or a deep chain stops)."""
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    while folder_id and folder_id not in seen and len(path) < 32:
        seen.add(folder_id)
        folder = await store.get(KIND, folder_id)
        if folder is None:
            break
        path.insert(0, folder)
        folder_id = folder.get("folderId")
    return path


async def list_files(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """Every folder and file; ``folderId`` names the folder an item sits in (none: the top)."""
    return [public(item) for item in await store.all(KIND)]


async def upload(request: Request, store: SampleStore) -> Response:
    """Upload one file (multipart form: ``file``, optional ``folderId``) into a folder; answers the new item.

    The file must be a kind the portal keeps (PDF, text, images, Office files), named like what it is,
    and at most 25 MB (or the portal's upload limit)."""
    principal = request.state.principal
    require_writer(principal)
    await limit(request, "upload", principal)
    portal = portal_of(request)
    storage = storage_of(request)
    max_bytes = min(MAX_UPLOAD_BYTES, portal.settings.max_upload_bytes)
    stream = await read_form(request, storage.staging_dir, max_bytes=max_bytes, max_files=1)
    try:
        form = stream.form
        if len(form.files) != 1:
            raise invalid("Send one file in the form field 'file'.", {"file": "Pick a file to upload."})
        staged = form.files[0]
        folder_id = (form.fields.get("folderId") or [""])[0].strip() or None
        if folder_id is not None:
            folder = await store.get(KIND, folder_id)
            if folder is None or folder.get("type") != "folder":
                raise invalid("There is no such folder.", {"folderId": "Upload into a folder of the list."})
        try:
            accepted = await run_in_threadpool(check, staged.name, staged.path)
        except TypeRefused as exc:
            raise ApiError(415, exc.message, errors={"file": exc.message}) from exc
        uploaded = sum(1 for item in await store.all(KIND) if item.get("storageKey"))
        if uploaded >= MAX_UPLOADED:
            raise invalid(
                f"The file manager keeps at most {MAX_UPLOADED} uploaded files: delete some first.",
                {"file": "No room for more uploads."},
            )
        entry = await staff_member(session=store.session, settings=portal.settings, user_id=principal.user_id)
        extension = extension_of(staged.name).lstrip(".")
        path = await folder_path(store, folder_id)
        key = new_file_key()
        item = {
            "id": f"u-{uuid.uuid4().hex[:20]}",
            "name": staged.name,
            "type": "spreadsheet"
            if f".{extension}" in SPREADSHEETS
            else "image"
            if f".{extension}" in IMAGES
            else "document",
            "owner": entry["displayName"] if entry else principal.username,
            "size": human_size(staged.size),
            "modified": today(),
            "opened": today(),
            "created": today(),
            "extention": extension,
            "location": " > ".join(["My Files", *(folder["name"] for folder in path)]),
            "offline": False,
            "preview": "",
            "folderId": folder_id,
            "storageKey": key,
            "mediaType": accepted.media_type,
            "bytes": staged.size,
        }
        try:
            await run_in_threadpool(storage.put_file, key, staged.path, accepted.media_type)
        except OSError as exc:
            if exc.errno == errno.ENOSPC:
                raise ApiError(507, NO_ROOM) from exc
            raise
        try:
            await store.put(KIND, item["id"], item)
            await store.commit()
        except BaseException:
            await run_in_threadpool(storage.delete, key)
            raise
    finally:
        await run_in_threadpool(stream.discard)
    return json_response(public(item), 201)


async def download(request: Request, store: SampleStore, query: DownloadQuery) -> Response:
    """The uploaded file of the item ``id``, as an attachment (sample entries have no content: 404)."""
    item = await store.get(KIND, query.id) if query.id else None
    if item is None:
        raise not_found("There is no such file.")
    if not item.get("storageKey"):
        raise not_found(NO_BYTES)
    storage = storage_of(request)
    try:
        size = await run_in_threadpool(storage.size, item["storageKey"])
        handle = await run_in_threadpool(storage.open, item["storageKey"])
    except StoredFileMissing as exc:
        raise not_found("The file is missing from storage.") from exc
    headers = {
        "Content-Length": str(size),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
        "Content-Disposition": attachment(item["name"]),
    }
    return StreamingResponse(iter_chunks(handle), media_type=item["mediaType"], headers=headers)


async def delete(request: Request, store: SampleStore, body: ItemRef) -> dict[str, Any]:
    """Delete a file, or a folder once it is empty; answers ``{id}``."""
    require_writer(request.state.principal)
    item = await store.get(KIND, body.id, lock=True)
    if item is None:
        raise not_found("There is no such file.")
    if item.get("type") == "folder" and any(other.get("folderId") == body.id for other in await store.all(KIND)):
        raise invalid("Empty the folder before deleting it.", {"id": "The folder still holds files."})
    await store.remove(KIND, [body.id])
    await store.commit()
    if item.get("storageKey"):
        await run_in_threadpool(storage_of(request).delete, item["storageKey"])
    return {"id": body.id}


area = Area(AREA, PREFIX)
routes = [
    area.get("/files", list_files, FileItems),
    area.post("/upload", upload, FileItem, status=201),
    area.get("/download", download, None, query=DownloadQuery),  # answers the file
    area.post("/delete", delete, Removed, body=ItemRef),
]
