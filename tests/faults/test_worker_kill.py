"""The worker killed (SIGKILL, with its work horse) in the middle of a job while the same file was
uploaded twice: both documents end ``ready`` or ``failed`` exactly once (one history entry into a
final state, never stuck ``processing``), and the second copy links to the first."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.settings import Settings
from schemas.options import Role
from tests.faults.conftest import WORKER_FAST
from tests.faults.servers import RedisServer
from tests.fixtures import files
from tests.processes import process_env, running_workers, start_worker
from tests.support import create_account, running_app, sign_in

pytestmark = pytest.mark.faults

SLOW = {**WORKER_FAST, "DOCUMENT_STAGE_DELAY": "1"}  # each stage pauses, so the kill lands mid-job
FINAL = ("ready", "failed")


async def _until(http: httpx.AsyncClient, ids: list[int], predicate: Any, seconds: float) -> list[dict[str, Any]]:
    deadline = time.monotonic() + seconds
    while True:
        docs = [(await http.get(f"/documents/{i}")).json() for i in ids]
        if all(predicate(d) for d in docs):
            return docs
        if time.monotonic() > deadline:
            raise AssertionError(f"documents never matched: {[(d['id'], d['state'], d['progress']) for d in docs]}")
        await asyncio.sleep(0.2)


async def test_a_killed_worker_and_a_twice_sent_upload_end_each_document_exactly_once(
    fault_settings: Settings, fault_redis: RedisServer, fault_dir: Path
) -> None:
    logs = fault_dir / "worker-kill"
    logs.mkdir()
    same_file = files.pdf(2, marker="sent twice")
    async with running_app(fault_settings) as (app, client):
        who = await sign_in(client, await create_account(app, Role.TECHNICIAN))
        client.headers.update(who.headers)
        doomed = start_worker(process_env(fault_settings, **SLOW), logs / "doomed.log", fault_redis.url)
        try:
            ids = []
            for _ in range(2):  # the same request twice, as a client that never saw the first answer
                sent = await client.post(
                    "/documents/upload", data={"department": "Hardware"}, files=[("file", ("Twice.pdf", same_file))]
                )
                assert sent.status_code == 201, sent.text
                ids.append(sent.json()["items"][0]["id"])
            await _until(client, ids[:1], lambda d: d["progress"].get("stage") in ("type-check", "text"), 30)
        finally:
            doomed.kill()
        killed_at = time.monotonic()
        assert (await client.get(f"/documents/{ids[0]}")).json()["state"] == "processing"
        with running_workers(process_env(fault_settings, **WORKER_FAST), logs, fault_redis.url):
            first, second = await _until(client, ids, lambda d: d["state"] in FINAL, 60)
            settled = time.monotonic() - killed_at
            # the second copy points at the first once both are done
            second = (await _until(client, ids[1:], lambda d: d["duplicateOfId"] is not None, 10))[0]
        histories = [(await client.get(f"/documents/{i}/history")).json()["items"] for i in ids]
    assert first["state"] == "ready" and second["state"] == "ready", (first, second)
    assert second["duplicateOfId"] == first["id"] and first["duplicateOfId"] is None
    for history in histories:
        finals = [e for e in history if e["changes"].get("state", [None, None])[1] in FINAL]
        assert len(finals) == 1, history
    assert settled < 45, settled
    print(f"\nboth documents settled {settled:.1f} s after the kill")
