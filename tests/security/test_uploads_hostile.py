"""Hostile uploads beyond tests/test_documents.py (which covers path names, renamed programs, wrong
types, oversize files and bodies, too many files): odd names that must stay display-only and never
reach a header, a path or a database error, odd form fields, a lying or streaming oversize body."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from app.settings import Settings
from schemas.records import Document
from tests.fixtures import files
from tests.support import Account, app_with, upload, uploaded
from tests.test_documents import staged_files

pytestmark = pytest.mark.db

# Raw name sent -> name kept (None: only the invariants are checked; httpx, like browsers, sends CR, LF
# and NUL as %0D, %0A and %00, which the portal shows as typed and never decodes).
ODD_NAMES: dict[str, str | None] = {
    "report\r\nSet-Cookie: session=stolen.txt": None,
    "evil\x00.txt": None,
    "invoice\u202etxt.exe.txt": "invoicetxt.exe.txt",  # the right-to-left override is a control character
    "%2e%2e%2f%2e%2e%2fpasswd.txt": "%2e%2e%2f%2e%2e%2fpasswd.txt",  # never decoded, never a path
    "<img src=x onerror=alert(1)>.txt": "<img src=x onerror=alert(1)>.txt",  # text; the UI escapes it
    "a" * 400 + ".txt": "a" * 247 + ".txt",
    "..": None,  # nothing left of the name: refused for want of an extension
    "...txt": None,
}


@pytest.mark.parametrize("raw", list(ODD_NAMES), ids=range(len(ODD_NAMES)))
async def test_odd_names_are_cleaned_and_never_reach_headers_or_paths(
    raw: str, staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    answer = await upload(client, staff["technician"], (raw, b"plain text\n"))
    if raw in ("..", "...txt"):
        assert answer.status_code == 415 and "without an extension" in answer.json()["message"]
        return
    assert answer.status_code == 201, answer.text
    item = answer.json()["items"][0]
    name = item["originalName"]
    assert "\r" not in name and "\n" not in name and "\x00" not in name and "\u202e" not in name
    assert "/" not in name and "\\" not in name and len(name) <= 255
    if ODD_NAMES[raw] is not None:
        assert name == ODD_NAMES[raw]
    async with app.state.portal.db.session() as session:
        row = await session.get(Document, item["id"])
        assert row is not None and row.storage_key is not None and row.storage_key.startswith("files/")
    download = await client.get(f"/documents/{item['id']}/file", headers=staff["contractor"].headers)
    assert download.status_code == 200
    assert "set-cookie" not in download.headers
    disposition = download.headers["content-disposition"]
    assert disposition.isascii() and "\r" not in disposition and "\n" not in disposition
    fallback = disposition.split('filename="', 1)[1].split('"', 1)[0]
    assert all(c.isprintable() and c not in '"\\;' for c in fallback)


async def test_odd_form_fields_are_refused_or_kept_as_text(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    who = staff["technician"]
    nul_title = await upload(client, who, ("a.txt", b"x"), title="bad\x00title")
    assert nul_title.status_code == 422, nul_title.text
    long_title = await upload(client, who, ("a.txt", b"x"), title="t" * 100_000)
    assert long_title.status_code in (413, 422)
    script = await uploaded(client, who, "s.txt", b"x", title="<script>alert(1)</script>")
    assert script["title"] == "<script>alert(1)</script>"
    bad_department = await upload(client, who, ("a.txt", b"x"), department="'; DROP TABLE documents; --")
    assert bad_department.status_code == 422


async def test_a_body_longer_than_declared_is_still_cut_at_the_limit(
    staff: dict[str, Account], settings: Settings, redis_url: str, tmp_path: Path
) -> None:
    async with app_with(settings, redis_url, staff["technician"], max_upload_bytes=50_000) as (_app, client, who):

        async def stream() -> object:
            # No Content-Length at all (chunked): the limit is counted on the bytes as they arrive.
            boundary = b"--b\r\n"
            yield boundary + b'Content-Disposition: form-data; name="department"\r\n\r\nHardware\r\n'
            yield boundary + b'Content-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n'
            for _ in range(40):
                yield b"y" * 4096
            yield b"\r\n--b--\r\n"

        answer = await client.post(
            "/documents/upload",
            headers={**who.headers, "Content-Type": "multipart/form-data; boundary=b"},
            content=stream(),
        )
        assert answer.status_code == 413, answer.text
    assert staged_files(settings) == []


async def test_a_pdf_bomb_of_pages_is_just_a_document(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    # Many pages are fine (processing is the worker's job); the upload itself answers at once.
    item = await uploaded(client, staff["technician"], "many.pdf", files.pdf(60))
    assert item["state"] in ("queued", "processing")
