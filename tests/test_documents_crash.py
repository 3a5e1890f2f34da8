"""A worker killed in the middle of a job: the document still ends ``ready`` (retried by another
worker) or ``failed`` (no retries left), well within a minute, never stuck in ``processing``."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.settings import Settings
from tests.fixtures import files
from tests.processes import clear_document_jobs, process_env, running_workers, start_worker
from tests.support import Account, app_with

pytestmark = pytest.mark.db

FAST = {"WORKER_HEARTBEAT_SECONDS": "1", "WORKER_MAINTENANCE_SECONDS": "2"}
SLOW = {**FAST, "DOCUMENT_STAGE_DELAY": "1.5"}  # each stage pauses, so the kill lands mid-job


async def _state(client: httpx.AsyncClient, who: Account, document_id: int) -> dict[str, Any]:
    response = await client.get(f"/documents/{document_id}", headers=who.headers)
    doc: dict[str, Any] = response.json()
    return doc


async def _wait_for(
    client: httpx.AsyncClient, who: Account, document_id: int, predicate: Any, seconds: float
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        doc = await _state(client, who, document_id)
        if predicate(doc):
            return doc
        await asyncio.sleep(0.2)
    raise AssertionError(f"document {document_id} never matched; last seen {doc}")


async def _kill_mid_job(
    client: httpx.AsyncClient, who: Account, settings: Settings, run_dir: Path, redis_url: str, retries: str
) -> tuple[dict[str, Any], float]:
    """Upload, let a slow worker start the job, SIGKILL it, start a healthy worker; answers the final
    document and the seconds from the kill to the final state."""
    logs = run_dir / f"crash-{time.monotonic_ns()}"
    logs.mkdir()
    clear_document_jobs(redis_url, settings.effective_database_url)
    doomed = start_worker(process_env(settings, **SLOW), logs / "doomed.log", redis_url)
    try:
        response = await client.post(
            "/documents/upload",
            headers=who.headers,
            data={"department": "Hardware"},
            files=[("file", ("Survivor.pdf", files.pdf(2, marker=f"survivor{retries}")))],
        )
        assert response.status_code == 201, response.text
        document_id = response.json()["items"][0]["id"]
        await _wait_for(
            client, who, document_id, lambda d: d["progress"].get("stage") in ("type-check", "text"), seconds=30
        )
    finally:
        doomed.kill()
    killed_at = time.monotonic()
    assert (await _state(client, who, document_id))["state"] == "processing"
    with running_workers(process_env(settings, **FAST), logs, redis_url):
        final = await _wait_for(client, who, document_id, lambda d: d["state"] in ("ready", "failed"), seconds=90)
    return final, time.monotonic() - killed_at


async def test_a_killed_worker_job_is_retried_and_ends_ready(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, run_dir: Path, redis_url: str
) -> None:
    final, seconds = await _kill_mid_job(client, staff["technician"], settings, run_dir, redis_url, "3")
    assert final["state"] == "ready", final
    assert final["pageCount"] == 2 and final["hasThumbnail"]
    assert final["progress"]["attempt"] == 2  # the killed run was the first attempt
    assert seconds < 60, seconds
    history = (await client.get(f"/documents/{final['id']}/history", headers=staff["technician"].headers)).json()
    states = [e["changes"]["state"] for e in reversed(history["items"]) if "state" in e["changes"]]
    assert states == [[None, "queued"], ["queued", "processing"], ["processing", "ready"]]


async def test_a_killed_worker_job_without_retries_ends_failed(
    staff: dict[str, Account], settings: Settings, run_dir: Path, redis_url: str
) -> None:
    async with app_with(settings, redis_url, staff["technician"], document_job_retries=0) as (_app, client, who):
        final, seconds = await _kill_mid_job(client, who, settings, run_dir, redis_url, "0")
    assert final["state"] == "failed", final
    assert final["failureReason"] == (
        "The worker processing this file stopped unexpectedly; tried once. Retry from the document page."
    )
    assert seconds < 60, seconds
