"""Document files: ``POST /documents/upload``, the file and its preview, and retrying processing.

The upload is read as a stream: each file goes to a staging folder chunk by chunk while its size is
counted, so a file over ``MAX_UPLOAD_BYTES`` is refused with 413 as soon as it passes the limit,
before it can fill the disk. Nothing a client sends is used as a path.
"""

from __future__ import annotations

import errno
import logging
import urllib.parse
import uuid
from pathlib import Path
from typing import IO, Any

from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from app.errors import ApiError, invalid
from app.http import NUL_MESSAGE, json_response
from app.params import declared_length, path_int
from app.portal import portal_of
from app.routes.endpoint import STAFF, Call, route
from app.services import document_text
from app.services.documents.changes import retry_document
from app.services.documents.files import delete_document, stored_object
from app.services.documents.queue import JobQueue
from app.services.documents.upload import StagedFile, UploadForm, create_uploads, require_uploader
from app.storage import Storage, StoredFileMissing, iter_chunks
from app.storage.filetypes import safe_name
from schemas.query import DocumentTextQuery
from schemas.records import DocumentPublic, DocumentsUploaded, DocumentText, RetryQuery

log = logging.getLogger("portal.uploads")

MAX_FIELD_BYTES = 10_000
MAX_FIELDS = 50
FORM_OVERHEAD = 1024 * 1024
NO_ROOM = "The server has no room for this upload right now. Try again later or tell an administrator."


def storage_of(request: Request) -> Storage:
    return portal_of(request).storage


def queue_of(request: Request) -> JobQueue:
    return portal_of(request).jobs


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.0f} MB" if size >= 1024 * 1024 else f"{size} bytes"


class _TooLarge(Exception):
    pass


class _FormStream:
    """Feeds the request body to python-multipart; file parts go to the staging folder."""

    def __init__(self, staging: Path, *, max_bytes: int, max_files: int) -> None:
        self.staging = staging
        self.max_bytes = max_bytes
        self.max_files = max_files
        self.form = UploadForm()
        self.staged: list[Path] = []
        self._header_name = b""
        self._header_value = b""
        self._disposition = b""
        self._field: str | None = None
        self._field_data = bytearray()
        self._file: IO[bytes] | None = None
        self._file_name = ""
        self._file_size = 0
        self._writes: list[tuple[IO[bytes], bytes]] = []
        self.in_part = False

    def callbacks(self) -> Any:
        return {
            "on_part_begin": self._part_begin,
            "on_part_data": self._part_data,
            "on_part_end": self._part_end,
            "on_header_field": self._header_field,
            "on_header_value": self._header_value_part,
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
        }

    def _part_begin(self) -> None:
        self.in_part = True
        self._disposition = b""
        self._field = None
        self._field_data = bytearray()
        self._file = None
        self._file_size = 0

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_name += data[start:end]

    def _header_value_part(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _header_end(self) -> None:
        if self._header_name.lower() == b"content-disposition":
            self._disposition = self._header_value
        self._header_name = b""
        self._header_value = b""

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._disposition)
        name = options.get(b"name")
        if name is None:
            raise invalid("Each part of the form needs a name.")
        self._field = name.decode("utf-8", errors="replace")
        if b"filename" not in options:
            if sum(len(v) for v in self.form.fields.values()) >= MAX_FIELDS:
                raise invalid(f"Send at most {MAX_FIELDS} form fields.")
            return
        # Browsers send a double quote in a file name as %22 (and CR, LF as %0D, %0A).
        raw_name = options[b"filename"].decode("utf-8", errors="replace").replace("%22", '"')
        if not raw_name:
            self._field = None  # a file input left empty: browsers send a part with no name and no bytes
            return
        if len(self.form.files) >= self.max_files:
            raise ApiError(413, f"Send at most {self.max_files} files at once.")
        self._file_name = safe_name(raw_name)
        path = self.staging / uuid.uuid4().hex
        self.staged.append(path)
        self._file = path.open("wb")  # closed in flush() after its last chunk, or in discard()
        self._file_size = 0

    def _part_data(self, data: bytes, start: int, end: int) -> None:
        if self._field is None:
            return
        chunk = data[start:end]
        if self._file is None:
            self._field_data += chunk
            if len(self._field_data) > MAX_FIELD_BYTES:
                raise ApiError(413, f"The form field '{self._field}' is too long.")
            return
        self._file_size += len(chunk)
        if self._file_size > self.max_bytes:
            raise _TooLarge(self._file_name)
        self._writes.append((self._file, chunk))

    def _part_end(self) -> None:
        self.in_part = False
        if self._field is None:
            return
        if self._file is None:
            value = self._field_data.decode("utf-8", errors="replace")
            if "\x00" in value or "\x00" in self._field:  # no text column takes NUL (PostgreSQL raises on it)
                raise invalid(NUL_MESSAGE, {self._field.replace("\x00", ""): "May not contain NUL characters."})
            self.form.fields.setdefault(self._field, []).append(value)
            return
        self._writes.append((self._file, b""))  # b"" marks the end: close after the pending writes
        path = self.staged[-1]
        self.form.files.append(StagedFile(name=self._file_name, path=path, size=self._file_size))
        self._file = None

    def flush(self) -> None:
        """Write what the parser produced (called in a thread: disk writes stay off the event loop)."""
        writes, self._writes = self._writes, []
        for handle, chunk in writes:
            if chunk:
                handle.write(chunk)
            else:
                handle.close()

    def discard(self) -> None:
        for handle, _ in self._writes:
            handle.close()
        if self._file is not None:
            self._file.close()
        for path in self.staged:
            path.unlink(missing_ok=True)


async def read_form(request: Request, staging: Path, *, max_bytes: int, max_files: int) -> _FormStream:
    content_type, params = parse_options_header(request.headers.get("content-type"))
    if content_type != b"multipart/form-data" or b"boundary" not in params:
        raise ApiError(415, "Send the files as multipart/form-data (a form with one or more 'file' fields).")
    declared = declared_length(request)
    if declared is not None and declared > max_bytes * max_files + FORM_OVERHEAD:
        raise ApiError(413, f"The upload is too large: each file may be at most {_megabytes(max_bytes)}.")
    stream = _FormStream(staging, max_bytes=max_bytes, max_files=max_files)
    try:
        parser = MultipartParser(params[b"boundary"], stream.callbacks())
        async for chunk in request.stream():
            parser.write(chunk)
            await run_in_threadpool(stream.flush)
        parser.finalize()
        await run_in_threadpool(stream.flush)
        if stream.in_part:
            raise invalid("The form ended in the middle of a part: the upload was cut off. Send it again.")
    except _TooLarge as exc:
        await run_in_threadpool(stream.discard)
        raise ApiError(413, f"'{exc.args[0]}' is larger than the {_megabytes(max_bytes)} limit for one file.") from exc
    except FormParserError as exc:
        await run_in_threadpool(stream.discard)
        raise invalid("The form could not be read: it is not valid multipart/form-data.") from exc
    except OSError as exc:
        await run_in_threadpool(stream.discard)
        if exc.errno == errno.ENOSPC:
            raise ApiError(507, NO_ROOM) from exc
        raise
    except BaseException:
        await run_in_threadpool(stream.discard)
        raise
    return stream


async def upload(call: Call) -> Response:
    request, principal, portal = call.request, call.principal, call.portal
    require_uploader(principal)  # before reading a single byte of the body
    await call.limit("upload")
    settings = portal.settings
    storage = storage_of(request)
    queue = queue_of(request)
    await run_in_threadpool(queue.require_available)
    stream = await read_form(
        request, storage.staging_dir, max_bytes=settings.max_upload_bytes, max_files=settings.max_upload_files
    )
    try:
        items = await create_uploads(
            session=call.session, form=stream.form, actor=principal, storage=storage, queue=queue, events=portal.events
        )
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise ApiError(507, NO_ROOM) from exc
        raise
    finally:
        await run_in_threadpool(stream.discard)  # whatever was not moved into storage
    return json_response({"items": items}, status=201)


def attachment(name: str) -> str:
    fallback = "".join(c if c.isascii() and c.isprintable() and c not in '"\\;' else "_" for c in name) or "document"
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{urllib.parse.quote(name, safe='')}"


async def _send(call: Call, which: str) -> Response:
    document_id = path_int(call.request)
    storage = storage_of(call.request)
    stored = await stored_object(session=call.session, document_id=document_id, which=which)
    try:
        size = await run_in_threadpool(storage.size, stored.key)
        handle = await run_in_threadpool(storage.open, stored.key)
    except StoredFileMissing as exc:
        raise ApiError(404, "The file is missing from storage.") from exc
    headers = {
        "Content-Length": str(size),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
        "Content-Disposition": attachment(stored.name) if which == "file" else "inline",
    }
    return StreamingResponse(iter_chunks(handle), media_type=stored.media_type, headers=headers)


async def file(call: Call) -> Response:
    """The stored file, with its own type, as an attachment."""
    return await _send(call, "file")


async def thumbnail(call: Call) -> Response:
    """The stored thumbnail (PNG), inline."""
    return await _send(call, "thumbnail")


async def retry(call: Call) -> Any:
    """Queue a failed document again; ``?force=true`` (admins) also for a file that went over a cap."""
    request, portal = call.request, call.portal
    await call.limit("write")
    document_id = path_int(request)
    force = call.query(RetryQuery).force
    await run_in_threadpool(queue_of(request).require_available)
    return await retry_document(
        session=call.session, document_id=document_id, actor=call.principal, queue=queue_of(request),
        events=portal.events, force=force,
    )  # fmt: skip


async def text(call: Call) -> Any:
    """The extracted text, a page at a time (``offset``, ``limit`` characters), with ``q``'s matches marked."""
    query = call.query(DocumentTextQuery)
    return await document_text.text_page(
        session=call.session, document_id=path_int(call.request), offset=query.offset, limit=query.limit, q=query.q
    )


async def delete(call: Call) -> Any:
    """Delete a document and its stored file and thumbnail (managers and admins)."""
    await call.limit("write")
    return await delete_document(
        session=call.session, document_id=path_int(call.request), actor=call.principal,
        storage=storage_of(call.request), events=call.portal.events,
    )  # fmt: skip


routes = [
    route("/documents/upload", upload, ["POST"], rule=STAFF, session="write", answer=DocumentsUploaded),
    route("/documents/{id}", delete, ["DELETE"], rule=STAFF, session="write", answer=DocumentPublic),
    route("/documents/{id}/file", file, ["GET"], rule=STAFF, session="write"),
    route("/documents/{id}/thumbnail", thumbnail, ["GET"], rule=STAFF, session="write"),
    route(
        "/documents/{id}/retry",
        retry,
        ["POST"],
        rule=STAFF,
        session="write",
        query=RetryQuery,
        answer=DocumentPublic,
    ),
    route(
        "/documents/{id}/text", text, ["GET"], rule=STAFF, session="read", query=DocumentTextQuery, answer=DocumentText
    ),
]
