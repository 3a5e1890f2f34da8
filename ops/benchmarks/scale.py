"""Growth: the calls of issue 17 at demo size and at a real company's size, side by side.

One fresh portal per engine (2 API processes on one port, 1 worker): each call is measured with
``wrk`` at 8 connections on the demo data, then the portal grows to 200,000 assets and 20,000
opportunities (imported as CSV through ``POST /{resource}/import``, the import timed) and 50,000
documents with 20 KB of text each (bulk SQL, indexed by the database's own triggers), and every
call is measured again. The export of every asset is timed too (first byte, whole file, the API
processes' memory growth). ``--quick`` (the smoke check of ./ops/test) grows to 2,000 / 200 / 100.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import httpx

from ops.benchmarks import scale_data, stack
from ops.benchmarks.report import BenchOptions, Figure, each_backend
from ops.benchmarks.wrk import Load, wrk

CALLS = [
    ("GET /assets?perPage=50&sort=name", "/assets?perPage=50&sort=name"),
    ("GET /assets?perPage=50&q=crane", "/assets?perPage=50&q=crane"),
    ("GET /assets?perPage=50&page=1000&sort=tag", "/assets?perPage=50&page=1000&sort=tag"),
    ("GET /documents?perPage=50&q=inspection", "/documents?perPage=50&q=inspection"),
    ("GET /documents?perPage=50&q=<a word found nowhere>", "/documents?perPage=50&q=zqxjvw"),
    ("GET /dashboard/summary", "/dashboard/summary"),
]
FULL = {"assets": 200_000, "leads": 20_000, "documents": 50_000, "text": 20_000, "seconds": 8}
QUICK = {"assets": 2_000, "leads": 200, "documents": 100, "text": 2_000, "seconds": 1}
IMPORT_FILE_ROWS = 100_000  # the bar: 100,000 asset rows in one import
BARS = {"PostgreSQL": (20.0, 60.0), "SQLite": (40.0, None)}  # p50, p99 at 8 connections (ms)


def measure(api: str, token: str, seconds: int) -> dict[str, Load]:
    found = {}
    for name, path in CALLS:
        answer = httpx.get(api + path, headers={"Authorization": f"Bearer {token}"}, timeout=60)
        answer.raise_for_status()
        wrk(api + path, token, 1)  # warm both processes and their pools
        found[name] = wrk(api + path, token, seconds)
    return found


def import_file(api: str, token: str, resource: str, path: Path, timeout: float = 900) -> tuple[float, dict]:  # type: ignore[type-arg]
    """Seconds from the upload to ``done`` (the worker's check and write), and the final job."""
    headers = {"Authorization": f"Bearer {token}"}
    started = time.perf_counter()
    with path.open("rb") as f:
        response = httpx.post(f"{api}/{resource}/import", headers=headers, files={"file": (path.name, f)}, timeout=300)
    response.raise_for_status()
    job_id = response.json()["jobId"]
    while time.perf_counter() - started < timeout:
        job = httpx.get(f"{api}/imports/{job_id}", headers=headers, timeout=30).json()
        if job["state"] in ("done", "failed"):
            if job["state"] != "done":
                raise RuntimeError(f"the import of {path.name} failed: {job['message']} {job['errors'][:3]}")
            return time.perf_counter() - started, job
        time.sleep(0.2)
    raise RuntimeError(f"the import of {path.name} did not finish in {timeout} s")


def export(api: str, token: str, pids: list[int], file_format: str) -> tuple[float, float, int, float]:
    """First byte (ms), whole file (s), bytes, and the API processes' largest memory growth (MB)."""
    import psutil

    processes = [psutil.Process(pid) for pid in pids]
    children = [c for p in processes for c in p.children(recursive=True)]
    watched = processes + children
    before = {p.pid: p.memory_info().rss for p in watched}
    grown = 0.0
    started = time.perf_counter()
    first = None
    size = 0
    with httpx.stream(
        "GET", f"{api}/assets/export?format={file_format}&sort=tag", headers={"Authorization": f"Bearer {token}"},
        timeout=600,
    ) as response:  # fmt: skip
        response.raise_for_status()
        for chunk in response.iter_raw():
            if first is None:
                first = (time.perf_counter() - started) * 1000
            size += len(chunk)
            if size % (8 << 20) < len(chunk):  # every ~8 MB
                grown = max(grown, max(p.memory_info().rss - before[p.pid] for p in watched) / 1e6)
    return first or 0.0, time.perf_counter() - started, size, grown


def _grow(instance: stack.Instance, api: str, token: str, sizes: dict[str, int], work: Path) -> list[Figure]:
    """Import the assets and leads (timed), then write the documents with bulk SQL."""
    figures = []
    backend = "PostgreSQL" if "postgresql" in instance.database_url else "SQLite"
    rows_left = sizes["assets"]
    part = 0
    while rows_left > 0:
        count = min(rows_left, IMPORT_FILE_ROWS)
        path = scale_data.write_csv(
            work / f"assets-{part}.csv",
            scale_data.ASSET_HEADER,
            scale_data.asset_rows(count, seed=17 + part, prefix=f"A{part}"),
        )
        seconds, job = import_file(api, token, "assets", path)
        if part == 0:
            full = count == IMPORT_FILE_ROWS
            figures.append(
                Figure(
                    "Scale",
                    f"{count:,} asset rows imported (CSV, check + write in one job), {backend}",
                    seconds,
                    "s",
                    "<= 60 s" if backend == "PostgreSQL" and full else "",
                    seconds <= 60 if backend == "PostgreSQL" and full else None,
                    f"{job['created'] / seconds:,.0f} rows/s",
                )
            )
        rows_left -= count
        part += 1
    path = scale_data.write_csv(work / "leads.csv", scale_data.LEAD_HEADER, scale_data.lead_rows(sizes["leads"]))
    import_file(api, token, "leads", path)
    started = time.perf_counter()
    scale_data.load_documents(instance.database_url, sizes["documents"], sizes["text"])
    print(f"    {sizes['documents']:,} documents written in {time.perf_counter() - started:.0f} s", flush=True)
    _analyse(instance.database_url)
    return figures


def _analyse(url: str) -> None:
    """What a running database does by itself after a bulk load (autovacuum): statistics and the
    visibility map, so the planner sees the new size."""
    from sqlalchemy import text

    from app.db import is_sqlite, make_sync_engine

    engine = make_sync_engine(url)
    try:
        with engine.connect() as conn:
            if is_sqlite(url):
                conn.execute(text("ANALYZE"))
                conn.commit()
            else:
                conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM ANALYZE"))
    finally:
        engine.dispose()


def _measure(backend: str, database_url: str | None, options: BenchOptions) -> list[Figure]:
    from tests.processes import running_workers

    sizes = QUICK if options.quick else FULL
    figures: list[Figure] = []
    portal = stack.portal(database_url=database_url, redis_url=options.redis_url, api_processes=2, shared_port=True)
    with (
        tempfile.TemporaryDirectory(prefix="portal-scale-") as work,
        portal as instance,
        running_workers(instance.env, instance.data_dir, instance.redis_url, count=1),
    ):
        api = instance.api_urls[0]
        token = stack.sign_in(api, "manager")
        demo = measure(api, token, sizes["seconds"])
        figures += _grow(instance, api, token, sizes, Path(work))
        grown = measure(api, token, sizes["seconds"])
        p50_bar, p99_bar = BARS[backend]
        size = f"{sizes['assets']:,} assets, {sizes['documents']:,} documents"
        for name, _path in CALLS:
            small, big = demo[name], grown[name]
            growth = big.p50 / small.p50 if small.p50 else 0
            failed = f"; {big.errors} failed answers" if big.errors else ""
            figures.append(
                Figure(
                    "Scale",
                    f"{name}: p50 at 8 connections, {size}, {backend}",
                    big.p50,
                    "ms",
                    "" if options.quick else f"<= {p50_bar:.0f} ms",
                    None if options.quick else big.p50 <= p50_bar and not big.errors,
                    f"demo size {small.p50:.1f} ms; growth {growth:.1f}x; {big.rps:,.0f} req/s{failed}",
                )
            )
            figures.append(
                Figure(
                    "Scale",
                    f"{name}: p99 at 8 connections, {size}, {backend}",
                    big.p99,
                    "ms",
                    f"<= {p99_bar:.0f} ms" if p99_bar and not options.quick else "",
                    big.p99 <= p99_bar if p99_bar and not options.quick else None,
                    f"demo size {small.p99:.1f} ms",
                )
            )
        for file_format in ("csv", "xlsx"):
            first, whole, size_bytes, memory = export(api, token, instance.api_pids, file_format)
            figures.append(
                Figure(
                    "Scale",
                    f"GET /assets/export?format={file_format}, {sizes['assets']:,} rows: first byte, {backend}",
                    first,
                    "ms",
                    "" if options.quick else "<= 1000 ms",
                    None if options.quick else first <= 1000,
                    f"whole file {whole:.1f} s, {size_bytes / 1e6:.1f} MB; API memory growth {memory:.0f} MB",
                )
            )
    return figures


def run(options: BenchOptions) -> list[Figure]:
    return each_backend(_measure, options)
