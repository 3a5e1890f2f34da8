"""/metrics: request counts and latencies by route template, sockets connected, jobs queued and
failed; who may read it; and correct sums over several API processes (multiprocess mode)."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from redis import Redis
from rq import Queue
from rq.job import Job
from starlette.applications import Starlette

from app.operations.devstack import commands
from app.operations.launcher import api_environment
from app.settings import Settings
from schemas.options import Role
from tests.processes import clear_document_jobs, free_port, process_env, serving
from tests.realtime_support import Cluster, Sockets
from tests.support import Account, create_account, running_app, sign_in, uploaded


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return found


def value(text: str, name: str, **labels: str) -> float:
    return samples(text).get((name, frozenset(labels.items())), 0.0)


async def scrape(client: httpx.AsyncClient, **kwargs: object) -> str:
    response = await client.get("/metrics", **kwargs)  # type: ignore[arg-type]
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return response.text


async def test_requests_are_counted_by_route_template(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    before = await scrape(client)
    who = staff["manager"].headers
    for record_id in (1_000_001, 1_000_002, 1_000_003):
        assert (await client.get(f"/assets/{record_id}", headers=who)).status_code == 404
    assert (await client.get("/no/such/page")).status_code == 404
    after = await scrape(client)
    labels = {"method": "GET", "route": "/assets/{id}", "status": "404"}
    assert (
        value(after, "portal_http_requests_total", **labels) - value(before, "portal_http_requests_total", **labels)
        == 3
    )
    latency = {"method": "GET", "route": "/assets/{id}"}
    assert value(after, "portal_http_request_duration_seconds_count", **latency) >= 3
    assert value(after, "portal_http_request_duration_seconds_sum", **latency) > 0
    assert value(after, "portal_http_requests_total", method="GET", route="<unmatched>", status="404") >= 1
    assert "1000001" not in after and "/no/such/page" not in after  # ids and raw paths never become labels


async def test_jobs_queued_and_failed_come_from_rq(client: httpx.AsyncClient, app: Starlette, redis_url: str) -> None:
    clear_document_jobs(redis_url)
    connection = Redis.from_url(redis_url)
    queue = Queue("documents", connection=connection)
    # A fresh uploader: one with files already waiting would be given the lane for slow files.
    uploader = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    try:
        before = await scrape(client)
        await uploaded(client, uploader, "queued.txt", b"waiting for a worker")  # no worker runs here
        middle = await scrape(client)
        assert value(middle, "portal_jobs_queued", queue="documents") == 1
        job = Job.fetch(queue.job_ids[0], connection=connection)
        queue.failed_job_registry.add(job, ttl=60, exc_string="test: retries used up")  # as RQ does at the end
        after = await scrape(client)
        failed = value(after, "portal_jobs_failed", queue="documents")
        assert failed == value(before, "portal_jobs_failed", queue="documents") + 1
        assert "portal_jobs_started" in after
        queue.failed_job_registry.remove(job)
    finally:
        clear_document_jobs(redis_url)
        connection.close()


async def test_metrics_are_closed_outside_the_configured_networks(settings: Settings, tmp_path: Path) -> None:
    closed = settings.model_copy(update={"metrics_networks": ["10.99.0.0/16"], "metrics_token": "scrape-token-1"})
    async with running_app(closed) as (_app, client):  # the test client comes from 127.0.0.1
        assert (await client.get("/metrics")).status_code == 403
        wrong = await client.get("/metrics", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401
        assert "portal_http" not in wrong.text
        await scrape(client, headers={"Authorization": "Bearer scrape-token-1"})
    no_token = settings.model_copy(update={"metrics_networks": []})
    async with running_app(no_token) as (_app, client):
        assert (await client.get("/metrics", headers={"Authorization": "Bearer "})).status_code == 401


def test_bad_metrics_networks_are_refused(settings: Settings) -> None:
    with pytest.raises(ValueError, match="not-a-network"):
        Settings(**{**settings.model_dump(), "metrics_networks": ["not-a-network"]})


async def test_sockets_connected_follow_connects_and_disconnects(
    cluster: Cluster, staff: dict[str, Account], connect: Sockets
) -> None:
    url = cluster.urls[0]
    async with httpx.AsyncClient(base_url=url) as client:

        async def sockets() -> float:
            return value(await scrape(client), "portal_sockets_connected")

        start = await sockets()
        listener = await connect(url, staff["technician"].tokens["accessToken"])
        assert await sockets() == start + 1
        refused = 0
        try:
            await connect(url, "not-a-token")
        except Exception:
            refused += 1
        assert refused == 1 and await sockets() == start + 1  # refused connections are not counted
        await listener.client.disconnect()
        for _ in range(50):
            if await sockets() == start:
                break
            await asyncio.sleep(0.05)
        assert await sockets() == start


def test_several_api_processes_sum_their_metrics(settings: Settings, run_dir: Path) -> None:
    """API_PROCESSES=2 gives ``uvicorn --workers 2`` sharing a metrics folder: a scrape, whichever
    process answers it, counts the requests of both processes."""
    port = free_port()
    many = settings.model_copy(update={"api_processes": 2, "api_port": port, "data_dir": run_dir / "multi"})
    command = commands(many, serve_ui=False)["api"]
    assert command[-2:] == ["--workers", "2"]
    env = api_environment(many, process_env(many, REDIS_URL=settings.redis_url, DATA_DIR=str(settings.data_dir)))
    folder = Path(env["PROMETHEUS_MULTIPROC_DIR"])
    logs = run_dir / "multi-logs"
    logs.mkdir(exist_ok=True)
    url = f"http://127.0.0.1:{port}"
    with serving([("api-multi", command, f"{url}/healthz")], env, logs):
        for _ in range(40):
            pids = {m.group(1) for f in folder.iterdir() if (m := re.search(r"_(\d+)\.db$", f.name))}
            if len(pids) >= 2:
                break
            time.sleep(0.1)
        assert len(pids) >= 2, sorted(f.name for f in folder.iterdir())
        for _ in range(30):
            with httpx.Client() as fresh:  # a new connection each time: the kernel spreads them
                assert fresh.get(f"{url}/readyz").status_code == 200
        totals = set()
        for _ in range(6):
            with httpx.Client() as fresh:
                text = fresh.get(f"{url}/metrics").text
            totals.add(value(text, "portal_http_requests_total", method="GET", route="/readyz", status="200"))
    assert totals == {30.0}  # every scrape, from either process, sees all 30
