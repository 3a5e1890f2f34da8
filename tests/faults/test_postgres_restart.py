"""PostgreSQL restarted (stopped at once, as in a crash) under a steady stream of creates and edits
through 2 API processes: every answer is a success or a 503 with a message (never a 500), both
processes succeed again soon after the database is back, and no record is half-written: each one
has exactly one history entry per version, and every success the clients saw is in the database."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest

from app.errors import DATABASE_UNAVAILABLE
from app.settings import Settings
from schemas.options import Role
from tests.faults.conftest import signed_in_users
from tests.faults.servers import PostgresCluster
from tests.faults.stack import ApiProcess, poll

pytestmark = pytest.mark.faults

ASSET = {"name": "Pump", "category": "Instrumentation", "department": "Hardware", "status": "GOOD", "risk": "L"}


@pytest.fixture(scope="module")
def cluster(fault_postgres: PostgresCluster | None) -> PostgresCluster:
    if fault_postgres is None:
        pytest.skip(f"no PostgreSQL cluster of our own: {PostgresCluster.unavailable_reason()}")
    return fault_postgres


@pytest.fixture(scope="module")
def apis(cluster: PostgresCluster, fault_settings: Settings, fault_dir: Path) -> Iterator[list[ApiProcess]]:
    processes = [ApiProcess(fault_settings, fault_dir, f"pg-api{n}") for n in range(2)]
    yield processes
    for process in processes:
        process.stop()


class Load:
    """Writers that create an asset, then edit it, over and over, noting every answer."""

    def __init__(self, urls: list[str], headers: dict[str, str]) -> None:
        self.urls = urls
        self.headers = headers
        self.answers: Counter[int] = Counter()
        self.unexpected: list[str] = []
        self.confirmed: dict[int, int] = {}  # asset id -> highest version a client was told
        self.last_success: dict[str, float] = {}
        self.stopping = False

    def _note(self, url: str, response: httpx.Response) -> bool:
        self.answers[response.status_code] += 1
        if response.status_code < 300:
            self.last_success[url] = time.monotonic()
            return True
        body = response.json()
        if response.status_code != 503 or body.get("message") != DATABASE_UNAVAILABLE:
            self.unexpected.append(f"{response.status_code} {response.text[:200]}")
        return False

    async def writer(self, url: str) -> None:
        async with httpx.AsyncClient(base_url=url, headers=self.headers, timeout=30) as http:
            while not self.stopping:
                body = {**ASSET, "tag": f"F-{uuid.uuid4().hex[:10]}"}
                created = await http.post("/assets", json=body)
                if not self._note(url, created):
                    await asyncio.sleep(0.1)
                    continue
                asset = created.json()
                self.confirmed[asset["id"]] = asset["version"]
                for n in range(3):
                    edit = {"id": asset["id"], "version": asset["version"], "notes": f"edit {n}"}
                    edited = await http.patch(f"/assets/{asset['id']}", json=edit)
                    if not self._note(url, edited):
                        break
                    asset = edited.json()
                    self.confirmed[asset["id"]] = asset["version"]
                reader = await http.get("/assets", params={"perPage": 5})
                self._note(url, reader)


async def test_postgres_restart_answers_503_then_recovers_without_half_written_records(
    cluster: PostgresCluster, fault_settings: Settings, apis: list[ApiProcess]
) -> None:
    manager = (await signed_in_users(fault_settings, 1, Role.MANAGER))[0]
    load = Load([api.url for api in apis], manager["headers"])
    writers = [asyncio.create_task(load.writer(api.url)) for api in apis for _ in range(2)]
    try:
        await poll(lambda: len(load.confirmed) >= 10 or bool(load.unexpected), 30, "the first writes")
        assert load.unexpected == [], load.unexpected[:5]
        await asyncio.to_thread(cluster.stop)
        stopped_at = time.monotonic()
        await poll(lambda: load.answers[503] >= 4, 15, "503 answers during the outage")
        await asyncio.sleep(2)
        await asyncio.to_thread(cluster.start)
        started_at = time.monotonic()
        recovered = await poll(
            lambda: all(load.last_success.get(api.url, 0) > started_at for api in apis), 20, "recovery on both APIs"
        )
        await asyncio.sleep(1)
    finally:
        load.stopping = True
        await asyncio.gather(*writers)

    assert load.unexpected == [], load.unexpected[:5]
    assert load.answers[503] >= 4 and 500 not in load.answers, load.answers
    with psycopg.connect(cluster.url) as db:
        rows = db.execute(
            "SELECT a.id, a.version, count(c.id) FROM assets a LEFT JOIN record_changes c"
            " ON c.resource = 'assets' AND c.record_id = a.id GROUP BY a.id, a.version"
        ).fetchall()
    stored = {asset_id: (version, changes) for asset_id, version, changes in rows}
    half_written = {i: v for i, v in stored.items() if v[0] != v[1]}
    assert half_written == {}, half_written  # one history entry per version, no more, no less
    lost = {i: v for i, v in load.confirmed.items() if i not in stored or stored[i][0] < v}
    assert lost == {}, lost
    for api in apis:
        assert api.errors_logged() == [], api.errors_logged()
    print(f"\nanswers {dict(load.answers)}; outage {started_at - stopped_at:.1f} s; recovered in {recovered:.1f} s")
