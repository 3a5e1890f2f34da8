"""Probes and metrics for operators: ``/healthz`` (liveness), ``/readyz`` (readiness), ``/metrics``.

The probes need no sign-in and name only which part is down, never an address or a secret.
``/metrics`` answers callers from ``METRICS_NETWORKS`` (loopback by default, so development is open
on localhost) and callers with ``Authorization: Bearer <METRICS_TOKEN>`` from anywhere.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy import literal
from sqlmodel import select
from starlette.requests import Request
from starlette.responses import Response

from app.errors import ApiError, unauthorized
from app.http import json_response
from app.observability import metrics
from app.portal import portal_of
from app.routes.documents import queue_of
from app.routes.endpoint import CREDENTIALS, PUBLIC, Call, route
from schemas.meta import Alive, Readiness

log = logging.getLogger("portal.health")

CHECK_TIMEOUT = 2.0  # seconds one dependency may take before it counts as down


async def healthz(_call: Call) -> Response:
    """The process is up and its event loop answers; nothing else is asked."""
    return json_response({"status": "ok"})


async def _check(name: str, probe: Callable[[], Awaitable[object]]) -> tuple[str, str]:
    try:
        async with asyncio.timeout(CHECK_TIMEOUT):
            await probe()
        return name, "ok"
    except Exception as exc:  # any failure means "down"; the reason goes to the log, not the answer
        log.warning("readiness: %s is down (%s: %s)", name, type(exc).__name__, exc)
        return name, "down"


async def readyz(call: Call) -> Response:
    """200 only when the database, Redis and the job queue answer; 503 names the parts that do not."""
    request, portal = call.request, call.portal

    async def database() -> None:
        async with portal.db.session() as session:
            await session.exec(select(literal(1)))

    async def redis() -> None:
        await portal.redis.ping()

    async def queue() -> None:
        # The queue through RQ's own (synchronous) connection: the one uploads enqueue with.
        job_queue = queue_of(request)
        await asyncio.to_thread(lambda: job_queue.queue.count)

    results = dict(await asyncio.gather(_check("database", database), _check("redis", redis), _check("queue", queue)))
    ready = all(state == "ok" for state in results.values())
    return json_response({"status": "ready" if ready else "unavailable", **results}, status=200 if ready else 503)


def _metrics_allowed(request: Request) -> bool:
    settings = portal_of(request).settings
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if header:
        if not settings.metrics_token or scheme.lower() != "bearer":
            raise unauthorized("This token does not open /metrics.")
        if not hmac.compare_digest(token.strip().encode(), settings.metrics_token.encode()):
            raise unauthorized("This token does not open /metrics.")
        return True
    client = request.client.host if request.client else ""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(n, strict=False) for n in settings.metrics_networks)


def _queue_counts(request: Request) -> dict[str, dict[str, int]]:
    return {
        queue.name: {
            "queued": queue.count,
            "started": queue.started_job_registry.get_job_count(cleanup=False),
            "failed": queue.failed_job_registry.get_job_count(cleanup=False),
        }
        for queue in queue_of(request).lanes  # the normal lane and the lane for slow files
    }


async def metrics_endpoint(call: Call) -> Response:
    """Prometheus figures: open to the configured networks, or with the metrics token (403 otherwise)."""
    request = call.request
    if not _metrics_allowed(request):
        raise ApiError(403, "Metrics are open to the configured networks, or with the metrics token.")
    try:
        counts = await asyncio.wait_for(asyncio.to_thread(_queue_counts, request), CHECK_TIMEOUT)
    except Exception as exc:  # the HTTP and socket figures are still worth answering without Redis
        log.warning("metrics: the queue figures are unavailable (%s)", type(exc).__name__)
        counts = {}
    body = await asyncio.to_thread(metrics.render, counts)
    return Response(body, media_type=metrics.CONTENT_TYPE, headers={"Cache-Control": "no-store"})


routes = [
    route("/healthz", healthz, ["GET"], rule=PUBLIC, answer=Alive, tag="meta"),
    route("/readyz", readyz, ["GET"], rule=PUBLIC, answer=Readiness, answers={503: Readiness}, tag="meta"),
    # No Bearer access token: the metrics token, judged here (401), or a configured network (403 otherwise).
    route("/metrics", metrics_endpoint, ["GET"], rule=CREDENTIALS, tag="meta"),
]
