"""``GET /assets`` (50 rows, sorted and filtered) at rising concurrency, on SQLite and PostgreSQL.

Two API processes (``uvicorn --workers 2`` on one port) serve a freshly seeded portal; ``wrk`` (one
thread, so it leaves the cores to the server) drives each concurrency level. Beside every real list
the same server answers the same JSON from memory (``/_bench/assets-from-memory``, see
app/routes/bench.py): the limit of the HTTP stack on this machine, so the ratio shows what the
database path costs.
"""

from __future__ import annotations

import httpx

from ops.benchmarks import stack
from ops.benchmarks.report import BenchOptions, Figure, each_backend
from ops.benchmarks.wrk import wrk

QUERY = "perPage=50&sort=name&status=GREAT,GOOD,BAD&department=Hardware"
BAR_RPS = 1500
BAR_P99_MS = 50.0
BAR_CONNECTIONS = 32


def _measure(backend: str, database_url: str | None, options: BenchOptions) -> list[Figure]:
    levels = [32] if options.quick else [1, 8, 32, 64]
    seconds = 3 if options.quick else 10
    figures: list[Figure] = []
    with stack.portal(
        database_url=database_url,
        redis_url=options.redis_url,
        api_processes=2,
        shared_port=True,
        extra_env={"BENCH_ROUTES": "true"},
    ) as portal:
        api = portal.api_urls[0]
        token = stack.sign_in(api, "manager")
        real, limit = f"{api}/assets?{QUERY}", f"{api}/_bench/assets-from-memory?{QUERY}"
        answer = httpx.get(real, headers={"Authorization": f"Bearer {token}"}).json()
        if len(answer["items"]) != 50:
            raise RuntimeError(f"the benchmark query answers {len(answer['items'])} rows, not 50")
        for _ in range(4):  # every process fills its memory copy and warms its pool
            httpx.get(limit, headers={"Authorization": f"Bearer {token}"}).raise_for_status()
        wrk(real, token, 1)  # warm-up
        for connections in levels:
            ours, memory = wrk(real, token, seconds, connections), wrk(limit, token, seconds, connections)
            failed = f"; {ours.errors} failed answers" if ours.errors else ""
            # The bar (issue 20) is set at 32 connections; 64 is printed to show the knee beyond it.
            is_bar = backend == "PostgreSQL" and connections == BAR_CONNECTIONS
            name = f"GET /assets, 50 rows, {backend}, 2 processes, {connections} connections"
            compared = f"same JSON from memory: {memory.rps:,.0f} req/s, p99 {memory.p99:.1f} ms"
            figures.append(
                Figure(
                    "API lists",
                    f"{name}: req/s",
                    ours.rps,
                    "req/s",
                    f">= {BAR_RPS}" if is_bar else "",
                    ours.rps >= BAR_RPS and not ours.errors if is_bar else None,
                    f"{compared} (ours {100 * ours.rps / memory.rps:.0f} %){failed}",
                )
            )
            figures.append(
                Figure(
                    "API lists",
                    f"{name}: p99",
                    ours.p99,
                    "ms",
                    f"<= {BAR_P99_MS:.0f} ms" if is_bar else "",
                    ours.p99 <= BAR_P99_MS if is_bar else None,
                )
            )
    return figures


def run(options: BenchOptions) -> list[Figure]:
    return each_backend(_measure, options)
