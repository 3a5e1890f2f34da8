"""Document uploads without a worker: who may upload, limits and type checks, storage, the files
sent back, retry rules, processing run in-process (twice), and the sweep of lost jobs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from redis import Redis
from rq import Queue
from rq.job import Job
from starlette.applications import Starlette

from app.services.documents.processing import Processing, process_document
from app.services.documents.queue import JobQueue
from app.services.documents.sweep import sweep
from app.settings import Settings
from app.storage import StoredFileMissing, open_storage
from schemas.options import Role
from schemas.records import Document, RecordChange
from tests.fixtures import files
from tests.support import DOCUMENT_FORM, Account, app_with, create_account, sign_in, upload, uploaded

pytestmark = pytest.mark.db


def context(app: Starlette, settings: Settings) -> Processing:
    portal = app.state.portal
    return Processing(db=portal.db, storage=open_storage(settings), events=portal.events, settings=settings)


def staged_files(settings: Settings) -> list[Path]:
    return [p for p in (settings.data_dir / "documents" / ".incoming").glob("*") if p.is_file()]


# --- who may upload ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "status"), [("admin", 201), ("manager", 201), ("technician", 201), ("contractor", 403)]
)
async def test_upload_roles(role: str, status: int, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    response = await upload(client, staff[role], ("note.txt", files.text(role)))
    assert response.status_code == status, response.text
    if status == 403:
        assert "cannot upload" in response.json()["message"]


async def test_upload_needs_a_token_and_a_role(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    anonymous = await client.post("/documents/upload", files=[("file", ("a.txt", b"hello"))], data=DOCUMENT_FORM)
    assert anonymous.status_code == 401
    no_role = await upload(client, staff["norole"], ("a.txt", b"hello"))
    assert no_role.status_code == 403


# --- the answer, the records, the jobs ---------------------------------------------------------------


async def test_upload_creates_queued_records_and_one_job_each(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, redis_url: str
) -> None:
    # A fresh uploader: the shared technician's files queued by earlier tests would push these to the slow lane.
    tech = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    asset = await client.post(
        "/assets",
        headers=staff["manager"].headers,
        json={"tag": f"DOC-{tech.user_id}", "name": "Pump", "category": "Power", "department": "Hardware"},
    )
    response = await upload(
        client,
        tech,
        ("Pump manual.pdf", files.pdf(2)),
        ("site photo.PNG", files.image()),
        title="Pump pack",
        assetId=str(asset.json()["id"]),
        notes="From the vendor",
    )
    assert response.status_code == 201, response.text
    items = response.json()["items"]
    assert [i["title"] for i in items] == ["Pump pack (Pump manual.pdf)", "Pump pack (site photo.PNG)"]
    for item, (name, media_type) in zip(
        items, [("Pump manual.pdf", "application/pdf"), ("site photo.PNG", "image/png")], strict=True
    ):
        assert item["state"] == "queued" and item["hasFile"] and not item["hasThumbnail"]
        assert item["originalName"] == name and item["mediaType"] == media_type
        assert item["assetId"] == asset.json()["id"] and item["notes"] == "From the vendor"
        assert item["uploadedBy"]["id"] == tech.user_id
        assert item["progress"]["stage"] == "queued" and item["progress"]["percent"] == 0
        job = Job.fetch(item["progress"]["jobId"], connection=Redis.from_url(redis_url))
        assert job.func_name == "worker.jobs.process_document" and job.args == (item["id"],)
        assert job.retries_left == settings.document_job_retries
        assert job.origin == "documents"
    history = await client.get(f"/documents/{items[0]['id']}/history", headers=tech.headers)
    entry = history.json()["items"][0]
    assert entry["action"] == "create" and entry["actor"]["id"] == tech.user_id
    assert entry["changes"]["state"] == [None, "queued"]
    assert staged_files(settings) == []


async def test_titles_default_to_file_names_or_pair_up(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    tech = staff["technician"]
    plain = await upload(client, tech, ("Risk assessment.txt", b"risk"))
    assert plain.json()["items"][0]["title"] == "Risk assessment"
    paired = await client.post(
        "/documents/upload",
        headers=tech.headers,
        data={"department": "Hardware", "title": ["First", "Second"]},
        files=[("file", ("a.txt", b"one")), ("file", ("b.txt", b"two"))],
    )
    assert [i["title"] for i in paired.json()["items"]] == ["First", "Second"]
    wrong = await client.post(
        "/documents/upload",
        headers=tech.headers,
        data={"department": "Hardware", "title": ["1", "2"]},
        files=[("file", ("a.txt", b"one")), ("file", ("b.txt", b"two")), ("file", ("c.txt", b"three"))],
    )
    assert wrong.status_code == 422 and "one per file" in wrong.json()["message"]


async def test_names_are_never_paths(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, app: Starlette
) -> None:
    item = await uploaded(client, staff["technician"], "../../../etc/cron.d/evil.txt", b"* * * * * root true\n")
    assert item["originalName"] == "evil.txt"
    async with app.state.portal.db.session() as session:
        row = await session.get(Document, item["id"])
        assert row is not None and row.storage_key is not None
        assert row.storage_key.startswith("files/") and "evil" not in row.storage_key
    assert (settings.data_dir / "documents" / row.storage_key).is_file()
    assert not (settings.data_dir.parent / "etc").exists()
    windows = await uploaded(client, staff["technician"], "C:\\Users\\me\\Desktop\\report.txt", b"x")
    assert windows["originalName"] == "report.txt"


# --- refusals -----------------------------------------------------------------------------------------


async def test_a_program_renamed_to_pdf_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings
) -> None:
    before = await client.get("/documents", headers=staff["technician"].headers)
    response = await upload(client, staff["technician"], ("invoice.pdf", files.windows_program()))
    assert response.status_code == 415
    body = response.json()
    assert body["message"] == (
        "'invoice.pdf' is named like a PDF, but its content is a Windows program. "
        "Upload only files whose name matches what they are."
    )
    assert body["errors"] == {"file.0": body["message"]}
    after = await client.get("/documents", headers=staff["technician"].headers)
    assert after.json()["total"] == before.json()["total"]
    assert staged_files(settings) == []


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("tool.exe", files.windows_program(), "'.exe' files are not kept"),
        ("README", b"plain words", "files without an extension are not kept"),
        ("photo.jpg", files.image("PNG"), "named like a JPEG image, but its content is a PNG image"),
        ("notes.txt", files.image("PNG"), "named like plain text, but its content is a PNG image"),
        ("data.xlsx", files.docx(), "named like an Excel workbook (.xlsx), but its content is a Word document"),
        ("archive.docx", b"PK\x03\x04" + b"\x00" * 100, "but its content is a damaged ZIP archive"),
        ("empty.pdf", b"", "'empty.pdf' is empty."),
        ("script.txt", b"#!/bin/sh\nrm -rf /\n", "but its content is a script"),
    ],
)
async def test_mislabelled_and_unsupported_files_are_refused(
    name: str, content: bytes, expected: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    response = await upload(client, staff["technician"], (name, content))
    assert response.status_code == 415, response.text
    assert expected in response.json()["message"]


async def test_one_bad_file_refuses_the_whole_upload(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings
) -> None:
    response = await upload(
        client,
        staff["technician"],
        ("good.txt", b"fine"),
        ("bad.pdf", files.windows_program()),
        ("ok.png", files.image()),
    )
    assert response.status_code == 415
    assert list(response.json()["errors"]) == ["file.1"]
    assert staged_files(settings) == []


async def test_oversize_files_are_413_and_leave_nothing_behind(
    staff: dict[str, Account], settings: Settings, redis_url: str, tmp_path: Path
) -> None:
    async with app_with(settings, redis_url, staff["technician"], max_upload_bytes=50_000) as (_app, client, who):
        big = files.text(lines=2000)
        assert len(big) > 50_000
        response = await upload(client, who, ("big.txt", big))
        assert response.status_code == 413
        assert response.json()["message"] == "'big.txt' is larger than the 50000 bytes limit for one file."
        fits = await upload(client, who, ("small.txt", big[:50_000]))
        assert fits.status_code == 201
        # A body declared larger than any allowed upload is refused before it is read.
        declared = await client.post(
            "/documents/upload",
            headers={**who.headers, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": "9999999999"},
            content=b"",
        )
        assert declared.status_code == 413
    assert staged_files(settings) == []


async def test_too_many_files_is_413(staff: dict[str, Account], settings: Settings, redis_url: str) -> None:
    async with app_with(settings, redis_url, staff["technician"], max_upload_files=2) as (_app, client, who):
        response = await upload(client, who, ("a.txt", b"a"), ("b.txt", b"b"), ("c.txt", b"c"))
        assert response.status_code == 413 and "at most 2 files" in response.json()["message"]
    assert staged_files(settings) == []


@pytest.mark.parametrize(
    ("fields", "expected", "field"),
    [
        ({"department": None}, "This field is required.", "department"),
        ({"department": "Plumbing"}, "Use one of", "department"),
        ({"assetId": "999999"}, "No asset with id 999999.", "assetId"),
        ({"leadId": "abc"}, "Lead must be a whole number.", "leadId"),
        ({"color": "red"}, "Unknown form fields: color.", "color"),
        ({"title": "x" * 201}, "", "title"),
    ],
)
async def test_bad_form_fields_are_422(
    fields: dict[str, Any], expected: str, field: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    response = await upload(client, staff["technician"], ("a.txt", b"text"), **fields)
    if field == "title":  # long titles are cut to the limit, not refused
        assert response.status_code == 201 and len(response.json()["items"][0]["title"]) == 200
        return
    assert response.status_code == 422, response.text
    body = response.json()
    assert expected in body["message"] and field in body["errors"]


async def test_no_file_and_not_multipart(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    tech = staff["technician"]
    none = await client.post("/documents/upload", headers=tech.headers, data=DOCUMENT_FORM, files={"file": ("", b"")})
    assert none.status_code == 422 and "Choose at least one file" in none.json()["message"]
    json_body = await client.post("/documents/upload", headers=tech.headers, json={"title": "x"})
    assert json_body.status_code == 415 and "multipart/form-data" in json_body.json()["message"]
    broken = await client.post(
        "/documents/upload",
        headers={**tech.headers, "Content-Type": "multipart/form-data; boundary=abc"},
        content=b'--abc\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
    )
    assert broken.status_code == 422 and "cut off" in broken.json()["message"]


# --- processing in-process: the same pipeline the worker runs ------------------------------------------


async def test_processing_in_process_twice_gives_one_ready_document(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    tech = staff["technician"]
    item = await uploaded(client, tech, "Gearbox inspection.pdf", files.pdf(3, marker="quokka"))
    ctx = context(app, settings)
    job_id = item["progress"]["jobId"]
    assert await process_document(ctx, item["id"], job_id=job_id) == "ready"
    assert await process_document(ctx, item["id"], job_id=job_id) == "skipped"
    doc = (await client.get(f"/documents/{item['id']}", headers=tech.headers)).json()
    assert doc["state"] == "ready" and doc["pageCount"] == 3 and doc["hasThumbnail"]
    assert doc["progress"]["stage"] == "done" and doc["progress"]["percent"] == 100
    assert doc["version"] == 3  # queued -> processing -> ready
    found = await client.get("/documents", headers=tech.headers, params={"q": "quokka"})
    assert [d["id"] for d in found.json()["items"]] == [item["id"]]
    async with app.state.portal.db.session() as session:
        from sqlmodel import col, select

        rows = (
            await session.exec(
                select(RecordChange).where(
                    col(RecordChange.record_id) == item["id"], RecordChange.resource == "documents"
                )
            )
        ).all()
    updates = [r for r in rows if r.action == "update"]
    assert [r.actor_id for r in updates] == [None, None]  # the worker acts for nobody
    assert updates[-1].changes["state"] == ["processing", "ready"]
    assert updates[-1].changes["text"][0] is None and updates[-1].changes["text"][1].endswith("characters")

    # A superseded job (another job id) leaves the record alone.
    assert await process_document(ctx, item["id"], job_id="document-x-old") == "skipped"


async def test_download_and_thumbnail_headers(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    content = files.pdf(1)
    item = await uploaded(client, staff["technician"], 'Überprüfung "Q3".pdf', content)
    for role in ("admin", "manager", "technician", "contractor"):
        response = await client.get(f"/documents/{item['id']}/file", headers=staff[role].headers)
        assert response.status_code == 200
        assert response.content == content
        assert response.headers["content-type"] == "application/pdf"
        assert response.headers["x-content-type-options"] == "nosniff"
        disposition = response.headers["content-disposition"]
        assert disposition.startswith('attachment; filename="')
        assert "filename*=UTF-8''%C3%9Cberpr%C3%BCfung%20%22Q3%22.pdf" in disposition
    assert (await client.get(f"/documents/{item['id']}/file")).status_code == 401
    assert (await client.get(f"/documents/{item['id']}/file", headers=staff["norole"].headers)).status_code == 403
    missing = await client.get(f"/documents/{item['id']}/thumbnail", headers=staff["contractor"].headers)
    assert missing.status_code == 404 and "no preview" in missing.json()["message"]
    await process_document(context(app, settings), item["id"], job_id=item["progress"]["jobId"])
    thumb = await client.get(f"/documents/{item['id']}/thumbnail", headers=staff["contractor"].headers)
    assert thumb.status_code == 200 and thumb.content.startswith(b"\x89PNG")
    assert thumb.headers["x-content-type-options"] == "nosniff"
    assert (await client.get("/documents/99999999/file", headers=staff["admin"].headers)).status_code == 404
    plain = await client.post("/documents", headers=staff["manager"].headers, json={"title": "Paper", **DOCUMENT_FORM})
    no_file = await client.get(f"/documents/{plain.json()['id']}/file", headers=staff["manager"].headers)
    assert no_file.status_code == 404 and "without one" in no_file.json()["message"]


async def test_failed_processing_and_retry_rules(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings, redis_url: str
) -> None:
    tech = staff["technician"]
    item = await uploaded(client, tech, "scan.pdf", files.damaged_pdf())
    assert await process_document(context(app, settings), item["id"], job_id=item["progress"]["jobId"]) == ("failed")
    doc = (await client.get(f"/documents/{item['id']}", headers=tech.headers)).json()
    assert doc["state"] == "failed"
    assert doc["failureReason"] == "The PDF is damaged or is not a valid PDF, so it could not be read."
    assert doc["progress"]["stage"] == "failed"

    for who in ("contractor", "technician2"):
        refused = await client.post(f"/documents/{item['id']}/retry", headers=staff[who].headers)
        assert refused.status_code == 403 and "uploaded this document" in refused.json()["message"]
    retried = await client.post(f"/documents/{item['id']}/retry", headers=tech.headers)
    assert retried.status_code == 200, retried.text
    again = retried.json()
    assert again["state"] == "queued" and again["failureReason"] is None
    assert again["progress"]["jobId"] != item["progress"]["jobId"]
    assert Job.fetch(again["progress"]["jobId"], connection=Redis.from_url(redis_url)).args == (item["id"],)
    twice = await client.post(f"/documents/{item['id']}/retry", headers=staff["manager"].headers)
    assert twice.status_code == 409 and "Only a failed document" in twice.json()["message"]
    history = (await client.get(f"/documents/{item['id']}/history", headers=tech.headers)).json()["items"]
    assert history[0]["actor"]["id"] == tech.user_id and history[0]["changes"]["state"] == ["failed", "queued"]
    assert (await client.post("/documents/99999999/retry", headers=tech.headers)).status_code == 404


async def test_managers_retry_anyones_documents(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    item = await uploaded(client, staff["technician2"], "broken.pdf", files.damaged_pdf())
    await process_document(context(app, settings), item["id"], job_id=item["progress"]["jobId"])
    for who in ("manager", "admin"):
        response = await client.post(f"/documents/{item['id']}/retry", headers=staff[who].headers)
        assert response.status_code == 200
        await process_document(context(app, settings), item["id"], job_id=response.json()["progress"]["jobId"])


async def test_duplicates_link_to_the_earliest_copy(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    content = files.pdf(2, marker="duplicate-check", seed=99)
    first = await uploaded(client, staff["technician"], "a.pdf", content)
    second = await uploaded(client, staff["manager"], "b.pdf", content)
    ctx = context(app, settings)
    # The later upload finishes first; the earlier one, finishing last, still ends up the original.
    await process_document(ctx, second["id"], job_id=second["progress"]["jobId"])
    await process_document(ctx, first["id"], job_id=first["progress"]["jobId"])
    a = (await client.get(f"/documents/{first['id']}", headers=staff["admin"].headers)).json()
    b = (await client.get(f"/documents/{second['id']}", headers=staff["admin"].headers)).json()
    assert a["state"] == b["state"] == "ready"
    assert a["duplicateOfId"] is None and b["duplicateOfId"] == first["id"]
    assert a["sha256"] == b["sha256"]


async def test_sweep_requeues_lost_jobs_and_fails_dead_ones(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings, redis_url: str
) -> None:
    from sqlalchemy import update
    from sqlmodel import col

    from schemas.base import utcnow

    lost = await uploaded(client, staff["technician"], "lost.txt", b"lost job")
    dead = await uploaded(client, staff["technician"], "dead.txt", b"dead job")
    connection = Redis.from_url(redis_url)
    Job.fetch(lost["progress"]["jobId"], connection=connection).delete()
    dead_job = Job.fetch(dead["progress"]["jobId"], connection=connection)
    Queue("documents", connection=connection).remove(dead_job)
    dead_job.set_status("failed")
    async with app.state.portal.db.session() as session:
        from datetime import timedelta

        await session.exec(
            update(Document)
            .where(col(Document.id).in_([lost["id"], dead["id"]]))
            .values(updated_at=utcnow() - timedelta(minutes=5))
        )
        await session.commit()
    queue = JobQueue(connection, settings)
    done = await sweep(db=app.state.portal.db, queue=queue, events=app.state.portal.events, settings=settings)
    assert (lost["id"], "requeued") in done and (dead["id"], "failed") in done
    requeued = (await client.get(f"/documents/{lost['id']}", headers=staff["admin"].headers)).json()
    assert requeued["state"] == "queued" and requeued["progress"]["jobId"] != lost["progress"]["jobId"]
    assert queue.status(requeued["progress"]["jobId"]) == "queued"
    failed = (await client.get(f"/documents/{dead['id']}", headers=staff["admin"].headers)).json()
    assert failed["state"] == "failed" and "Retry from the document page" in failed["failureReason"]


async def test_a_new_technician_can_upload(app: Starlette, client: httpx.AsyncClient) -> None:
    fresh = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    assert (await upload(client, fresh, ("x.md", b"# Title\n"))).status_code == 201


PASSING = " Retry from the document page."
KEPT_FAILING = "Processing kept failing because of a passing problem (RuntimeError); tried 4 times."
STOPPED = "The worker processing this file stopped unexpectedly; tried 4 times."
TOO_LONG = "Processing took longer than the 120-second limit for one file, so it was stopped."
TOO_BIG = "The file needs more memory than the 1024 MB allowed to process one file, so it was not processed."


@pytest.mark.parametrize(
    ("retries_left", "exc_type", "expected", "limit"),
    [
        (2, RuntimeError, None, None),
        (0, RuntimeError, KEPT_FAILING + PASSING, None),
        (0, "abandoned", STOPPED + PASSING, None),
        # Caps: failed at once with retries left, and the document says which cap (issue 15).
        (2, "timeout", TOO_LONG, "time"),
        (2, MemoryError, TOO_BIG, "memory"),
    ],
)
async def test_what_a_failed_job_means_for_the_document(
    retries_left: int,
    exc_type: Any,
    expected: str | None,
    limit: str | None,
    staff: dict[str, Account],
    client: httpx.AsyncClient,
    settings: Settings,
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RQ calls ``on_job_failure`` after each failed attempt: with retries left the document waits
    (progress says so); without, it fails with a reason a person can read."""
    import asyncio

    from rq.exceptions import AbandonedJobError
    from rq.timeouts import JobTimeoutException

    from worker import jobs

    exc_type = {"timeout": JobTimeoutException, "abandoned": AbandonedJobError}.get(exc_type, exc_type)
    item = await uploaded(client, staff["technician"], "flaky.txt", b"flaky")
    job = Job.fetch(item["progress"]["jobId"], connection=Redis.from_url(redis_url))
    job.retries_left = retries_left
    monkeypatch.setattr(jobs, "get_settings", lambda: settings)
    await asyncio.to_thread(jobs.on_job_failure, job, job.connection, exc_type, exc_type(), None)
    doc = (await client.get(f"/documents/{item['id']}", headers=staff["technician"].headers)).json()
    if expected is None:
        assert doc["state"] == "queued" and doc["progress"]["stage"] == "retrying"
        assert doc["progress"]["attempt"] == 2
    else:
        assert doc["state"] == "failed" and doc["failureReason"] == expected
        assert doc["progress"].get("limit") == limit
        if limit is not None:
            assert job.retries_left == 0  # RQ reads this right after the callback: no retry


async def test_deleting_a_document_removes_its_stored_files(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette, settings: Settings
) -> None:
    item = await uploaded(client, staff["technician"], "Bearing photo.pdf", files.pdf(1))
    await process_document(context(app, settings), item["id"], job_id=item["progress"]["jobId"])
    async with app.state.portal.db.session() as session:
        doc = await session.get(Document, item["id"])
        assert doc is not None and doc.storage_key and doc.thumbnail_key
        keys = [doc.storage_key, doc.thumbnail_key]
    storage = open_storage(settings)

    def stored(key: str) -> bool:
        try:
            storage.size(key)
        except StoredFileMissing:
            return False
        return True

    assert all(stored(key) for key in keys)
    refused = await client.delete(f"/documents/{item['id']}", headers=staff["technician"].headers)
    assert refused.status_code == 403 and all(stored(key) for key in keys)
    deleted = await client.delete(f"/documents/{item['id']}", headers=staff["manager"].headers)
    assert deleted.status_code == 200 and deleted.json()["id"] == item["id"]
    assert not any(stored(key) for key in keys)
    assert (await client.get(f"/documents/{item['id']}", headers=staff["manager"].headers)).status_code == 404
    history = (await client.get(f"/documents/{item['id']}/history", headers=staff["manager"].headers)).json()
    assert history["items"][0]["action"] == "delete"
