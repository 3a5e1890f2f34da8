"""Uploads processed by real RQ worker processes: real files to their final state, duplicates,
progress in the job and pushed live over Socket.IO, and a retry from the API."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis import Redis
from rq.job import Job
from starlette.applications import Starlette

from app.settings import Settings
from schemas.options import Role
from tests.fixtures import files
from tests.processes import WorkerProcess, clear_document_jobs, process_env, running_workers
from tests.realtime_support import Cluster, Sockets, tokens_for
from tests.support import Account, create_account, upload, uploaded

pytestmark = pytest.mark.db

FAST = {"WORKER_HEARTBEAT_SECONDS": "1", "WORKER_MAINTENANCE_SECONDS": "2", "DOCUMENT_RETRY_BACKOFF": "[1, 2, 3]"}


@pytest.fixture(scope="module")
def workers(settings: Settings, run_dir: Path, redis_url: str) -> Iterator[list[WorkerProcess]]:
    logs = run_dir / "workers"
    logs.mkdir(exist_ok=True)
    clear_document_jobs(redis_url, settings.effective_database_url)
    with running_workers(process_env(settings, **FAST), logs, redis_url, count=2) as started:
        yield started


async def wait_final(
    client: httpx.AsyncClient, who: Account, ids: list[int], seconds: float = 60
) -> dict[int, dict[str, Any]]:
    """Poll until every document is ready or failed; answers them by id."""
    deadline = time.monotonic() + seconds
    final: dict[int, dict[str, Any]] = {}
    while time.monotonic() < deadline:
        for document_id in ids:
            if document_id in final:
                continue
            doc = (await client.get(f"/documents/{document_id}", headers=who.headers)).json()
            if doc["state"] in ("ready", "failed"):
                final[document_id] = doc
        if len(final) == len(ids):
            return final
        await asyncio.sleep(0.2)
    raise AssertionError(f"documents still not final after {seconds} s: {sorted(set(ids) - set(final))}")


REAL_FILES: list[tuple[str, bytes, dict[str, Any]]] = [
    ("Pump manual.pdf", files.pdf(4, marker="wombat"), {"pageCount": 4, "hasThumbnail": True, "find": "wombat"}),
    ("Nameplate.png", files.image("PNG"), {"hasThumbnail": True}),
    ("Site photo.jpg", files.image("JPEG", (1600, 1200)), {"hasThumbnail": True}),
    ("Wiring.gif", files.image("GIF"), {"hasThumbnail": True}),
    ("Scan.tif", files.image("TIFF"), {"hasThumbnail": True}),
    ("Site log.txt", files.text("platypus"), {"hasThumbnail": False, "find": "platypus"}),
    ("Method statement.docx", files.docx("echidna"), {"hasThumbnail": False, "find": "echidna"}),
    ("Readings.xlsx", files.xlsx("dingo"), {"hasThumbnail": False, "find": "dingo"}),
    ("Proposal.pptx", files.pptx("bilby", slides=3), {"pageCount": 3, "hasThumbnail": False, "find": "bilby"}),
    (
        "Damaged.pdf",
        files.damaged_pdf(),
        {"failed": "The PDF is damaged or is not a valid PDF, so it could not be read."},
    ),
]


async def test_real_files_reach_their_final_state(
    workers: list[WorkerProcess], staff: dict[str, Account], client: httpx.AsyncClient, redis_url: str
) -> None:
    tech = staff["technician"]
    response = await upload(client, tech, *[(name, content) for name, content, _ in REAL_FILES])
    assert response.status_code == 201, response.text
    items = response.json()["items"]
    final = await wait_final(client, tech, [i["id"] for i in items])
    connection = Redis.from_url(redis_url)
    for item, (name, content, expected) in zip(items, REAL_FILES, strict=True):
        doc = final[item["id"]]
        if "failed" in expected:
            assert doc["state"] == "failed" and doc["failureReason"] == expected["failed"], doc
            assert doc["progress"]["stage"] == "failed"
            continue
        assert doc["state"] == "ready", (name, doc)
        assert doc["size"] == len(content) and len(doc["sha256"]) == 64
        assert doc["hasThumbnail"] is expected["hasThumbnail"], name
        if "pageCount" in expected:
            assert doc["pageCount"] == expected["pageCount"], name
        assert doc["progress"]["stage"] == "done" and doc["progress"]["percent"] == 100
        job = Job.fetch(doc["progress"]["jobId"], connection=connection)
        assert job.meta["progress"]["stage"] == "done"
        assert job.return_value() == "ready"
        if expected["hasThumbnail"]:
            thumb = await client.get(f"/documents/{doc['id']}/thumbnail", headers=staff["contractor"].headers)
            assert thumb.status_code == 200 and thumb.content.startswith(b"\x89PNG")
            from PIL import Image

            with Image.open(__import__("io").BytesIO(thumb.content)) as picture:
                assert max(picture.size) <= 320
        if "find" in expected:
            found = await client.get("/documents", headers=tech.headers, params={"q": expected["find"]})
            assert [d["id"] for d in found.json()["items"]] == [doc["id"]], name
        download = await client.get(f"/documents/{doc['id']}/file", headers=staff["contractor"].headers)
        assert download.content == content


async def test_the_same_file_twice(
    workers: list[WorkerProcess], staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    content = files.pdf(2, marker="twice", seed=1234)
    first = await uploaded(client, staff["technician"], "Report.pdf", content)
    await wait_final(client, staff["technician"], [first["id"]])
    second = await uploaded(client, staff["manager"], "Report copy.pdf", content)
    final = (await wait_final(client, staff["manager"], [second["id"]]))[second["id"]]
    assert final["state"] == "ready"
    assert final["duplicateOfId"] == first["id"]
    assert f"already in the portal as document {first['id']}" in final["progress"]["message"]
    original = (await client.get(f"/documents/{first['id']}", headers=staff["manager"].headers)).json()
    assert original["duplicateOfId"] is None and original["sha256"] == final["sha256"]


async def test_progress_is_pushed_live_and_a_failed_document_is_retried(
    workers: list[WorkerProcess], cluster: Cluster, app: Starlette, connect: Sockets
) -> None:
    uploader = await create_account(app, Role.TECHNICIAN)
    viewer = await create_account(app, Role.CONTRACTOR)
    token = (await tokens_for(cluster.urls[0], uploader.username))["accessToken"]
    watcher = await connect(cluster.urls[1], (await tokens_for(cluster.urls[1], viewer.username))["accessToken"])
    mine = await connect(cluster.urls[0], token)
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers={"Authorization": f"Bearer {token}"}) as http:
        response = await http.post(
            "/documents/upload",
            data={"department": "Software and Firmware"},
            files=[
                ("file", ("Firmware notes.pdf", files.pdf(2, marker="live"))),
                ("file", ("Bad.pdf", files.damaged_pdf())),
            ],
        )
        assert response.status_code == 201, response.text
        good, bad = (item["id"] for item in response.json()["items"])
        for listener in (watcher, mine):
            await _wait(listener, "document-progress", lambda e: e["id"] == good and e["stage"] == "done")
            await _wait(listener, "record", lambda e: e["id"] == good and e["record"]["state"] == "ready")
            await _wait(listener, "document-progress", lambda e: e["id"] == bad and e["stage"] == "failed")
        stages = [e["stage"] for e in watcher.channels["document-progress"] if e["id"] == good]
        assert stages == ["received", "type-check", "text", "thumbnail", "done"]
        progress = next(e for e in watcher.channels["document-progress"] if e["id"] == good and e["stage"] == "done")
        assert progress == {
            "type": "document.progress", "id": good, "state": "ready", "stage": "done", "percent": 100,
            "message": "Ready.", "attempt": 1, "uploadedById": uploader.user_id,
        }  # fmt: skip
        states = [e["record"]["state"] for e in watcher.events if e["id"] == good]
        assert states == ["queued", "processing", "ready"]
        assert [e["actorId"] for e in watcher.events if e["id"] == good] == [uploader.user_id, None, None]

        retried = await http.post(f"/documents/{bad}/retry")
        assert retried.status_code == 200 and retried.json()["state"] == "queued"
        await _wait(watcher, "record", lambda e: e["id"] == bad and e["record"]["state"] == "queued")
        await _wait(
            watcher, "record", lambda e: e["id"] == bad and e["record"]["state"] == "failed" and e["version"] > 4
        )
        notifications = mine.channels["notification"]
        kinds = [n["notification"]["kind"] for n in notifications]
        assert "document.ready" in kinds and "document.failed" in kinds


async def _wait(listener: Any, channel: str, predicate: Any, seconds: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for event in listener.channels[channel]:
            if predicate(event):
                return dict(event)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no matching {channel!r} event; got {listener.channels[channel]}")
