"""Upload benchmark: documents per second from upload to ``ready``, with 1 and 2 RQ workers, against
the same parsing in a plain loop with no web, queue or database around it (the limit).

    .venv/bin/python ops/benchmarks/uploads.py                  # 60 documents, SQLite, 1 and 2 workers
    .venv/bin/python ops/benchmarks/uploads.py --documents 120 --workers 1,2,4
    .venv/bin/python ops/benchmarks/uploads.py --database-url postgresql://postgres@127.0.0.1:5432/bench

Everything runs on this machine: a fresh data folder and database per run, an embedded Redis, one
API process (uvicorn) and the workers as separate processes. Prints a table (Markdown).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from app.storage import content, filetypes  # noqa: E402
from ops.benchmarks.report import BenchOptions, Figure  # noqa: E402
from ops.benchmarks.stack import reset_database  # noqa: E402
from tests.fixtures import files  # noqa: E402

PASSWORD = "bench-Portal-pass-42"
BATCH = 10  # files per upload request


@dataclass(frozen=True)
class Sample:
    name: str
    data: bytes


def make_samples(count: int) -> list[Sample]:
    """A realistic mix, each file distinct (no duplicates): PDFs, photos, text and Office files."""
    kinds = ["pdf", "pdf", "pdf", "pdf", "jpeg", "jpeg", "png", "txt", "docx", "xlsx"]
    samples = []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        marker = f"bench{n}"
        if kind == "pdf":
            samples.append(Sample(f"Report {n}.pdf", files.pdf(3, marker=marker, seed=n)))
        elif kind == "jpeg":
            samples.append(Sample(f"Photo {n}.jpg", files.image("JPEG", (1600, 1200), seed=n)))
        elif kind == "png":
            samples.append(Sample(f"Diagram {n}.png", files.image("PNG", (800, 600), seed=n)))
        elif kind == "txt":
            samples.append(Sample(f"Log {n}.txt", files.text(marker, lines=200, seed=n)))
        elif kind == "docx":
            samples.append(Sample(f"Method {n}.docx", files.docx(marker, seed=n)))
        else:
            samples.append(Sample(f"Readings {n}.xlsx", files.xlsx(marker, seed=n)))
    return samples


def _parse_one(args: tuple[str, bytes, str]) -> None:
    name, data, folder = args
    path = Path(folder) / f"{os.getpid()}-{time.monotonic_ns()}"
    path.write_bytes(data)
    accepted = filetypes.check(name, path)
    content.analyse(path, accepted.media_type)
    path.unlink()


def plain_loop(samples: list[Sample], processes: int) -> float:
    """Seconds to type-check, hash, extract and thumbnail every sample, with nothing around it."""
    with tempfile.TemporaryDirectory() as folder:
        work = [(s.name, s.data, folder) for s in samples]
        _parse_one(work[0])  # warm up imports, as a running worker is
        if processes == 1:
            started = time.perf_counter()
            for item in work:
                _parse_one(item)
            return time.perf_counter() - started
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            pool.map(_parse_one, work[:processes], chunksize=1)  # start and warm the processes first
            started = time.perf_counter()
            pool.map(_parse_one, work, chunksize=1)
            return time.perf_counter() - started


async def _create_user(database_url: str, data_dir: Path) -> str:
    from app.db import Database
    from app.services import users
    from app.settings import Settings
    from schemas.options import Role

    settings = Settings(portal_env="development", data_dir=data_dir, database_url=database_url, seed_demo_data=False)
    db = Database(database_url)
    try:
        async with db.session() as session:
            await users.create_user(
                session=session,
                settings=settings,
                username="bench",
                email="bench@example.test",
                display_name="Bench",
                role=Role.TECHNICIAN,
                password=PASSWORD,
                must_change_password=False,
            )
    finally:
        await db.dispose()
    return "bench"


async def _upload_and_wait(api: str, samples: list[Sample]) -> tuple[float, float]:
    """Seconds until every upload was answered, and until every document was ready."""
    async with httpx.AsyncClient(base_url=api, timeout=120) as http:
        signed = await http.post("/auth/sign-in", json={"username": "bench", "password": PASSWORD})
        signed.raise_for_status()
        http.headers["Authorization"] = f"Bearer {signed.json()['accessToken']}"
        started = time.perf_counter()

        async def send(batch: list[Sample]) -> None:
            response = await http.post(
                "/documents/upload",
                data={"department": "Hardware"},
                files=[("file", (s.name, s.data)) for s in batch],
            )
            response.raise_for_status()

        batches = [samples[i : i + BATCH] for i in range(0, len(samples), BATCH)]
        await asyncio.gather(*(send(b) for b in batches))
        uploaded = time.perf_counter() - started
        while True:
            done = await http.get("/documents", params={"state": "ready,failed", "perPage": 1})
            if done.json()["total"] >= len(samples):
                break
            await asyncio.sleep(0.05)
        finished = time.perf_counter() - started
        failed = await http.get("/documents", params={"state": "failed", "perPage": 1})
        if failed.json()["total"]:
            raise RuntimeError(f"{failed.json()['total']} documents failed")
        return uploaded, finished


def through_the_portal(
    samples: list[Sample], workers: int, database_url: str | None, work: Path
) -> tuple[float, float]:
    from app.operations.launcher import embedded_redis

    data_dir = work
    data_dir.mkdir(parents=True)
    url = database_url or f"sqlite:///{data_dir / 'portal.db'}"
    reset_database(url, data_dir)
    asyncio.run(_create_user(url, data_dir))
    with embedded_redis(data_dir / "redis") as redis_url:
        return _uploads_through(samples, workers, url, data_dir, redis_url)


def _uploads_through(
    samples: list[Sample], workers: int, url: str, data_dir: Path, redis_url: str
) -> tuple[float, float]:
    from app.operations.launcher import api_command, free_port, running_workers, serving

    env = {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(data_dir),
        "DATABASE_URL": url,
        "REDIS_URL": redis_url,
    }
    port = free_port()
    api = f"http://127.0.0.1:{port}"
    with (
        serving([("api", api_command(port), f"{api}/health")], env, data_dir),
        running_workers(env, data_dir, redis_url, count=workers),
    ):
        return asyncio.run(_upload_and_wait(api, samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--documents", type=int, default=60)
    parser.add_argument("--workers", default="1,2", help="worker counts to measure, e.g. 1,2")
    parser.add_argument("--repeat", type=int, default=3, help="runs per setup; the table shows the best and median")
    parser.add_argument("--database-url", default=None, help="PostgreSQL URL (its schema is dropped!); default SQLite")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    cores = os.cpu_count() or 1

    samples = make_samples(args.documents)
    total_mb = sum(len(s.data) for s in samples) / 1e6
    backend = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{len(samples)} documents, {total_mb:.1f} MB, {backend}; {platform.machine()}, {cores} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    rows: list[tuple[str, list[float], float | None, int]] = []
    for processes in sorted({1, *[min(c, cores) for c in counts]}):
        times = [plain_loop(samples, processes) for _ in range(args.repeat)]
        rows.append(
            (f"plain loop, {processes} process{'es' if processes > 1 else ''} (the limit)", times, None, processes)
        )
    work = Path(tempfile.mkdtemp(prefix="upload-bench-"))
    try:
        for count in counts:
            runs = [
                through_the_portal(samples, count, args.database_url, work / f"{count}-{n}") for n in range(args.repeat)
            ]
            uploaded = statistics.median(u for u, _ in runs)
            rows.append((f"portal, {count} worker{'s' if count > 1 else ''}", [f for _, f in runs], uploaded, count))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    limits = {r[3]: len(samples) / min(r[1]) for r in rows if r[2] is None}
    print()
    print("| setup | best run, s | documents/s (best) | documents/s (median) | uploads answered after | of the limit |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, times, uploaded, n in rows:
        best, median = len(samples) / min(times), len(samples) / statistics.median(times)
        answered = "-" if uploaded is None else f"{uploaded:.2f} s"
        share = 100 * best / limits[min(n, cores)]
        print(f"| {label} | {min(times):.2f} | {best:.1f} | {median:.1f} | {answered} | {share:.0f} % |")


if __name__ == "__main__":
    main()


def run(options: BenchOptions) -> list[Figure]:
    """For ``./ops/bench``: documents/s through the portal against the plain loop (quick: 12, 1 worker)."""
    count, worker_counts = (12, [1]) if options.quick else (60, [1, 2])
    samples = make_samples(count)
    limit = count / plain_loop(samples, 1)
    figures = []
    work = Path(tempfile.mkdtemp(prefix="upload-bench-"))
    try:
        for workers in worker_counts:
            _uploaded, finished = through_the_portal(samples, workers, options.database_url, work / str(workers))
            rate = count / finished
            backend = "PostgreSQL" if options.database_url else "SQLite"
            figures.append(
                Figure(
                    "Uploads",
                    f"{count} mixed documents to ready, {workers} worker{'s' if workers > 1 else ''}, {backend}",
                    rate,
                    "docs/s",
                    compared_with=f"plain parsing loop: {limit:.0f} docs/s (ours {100 * rate / limit:.0f} %)",
                )
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return figures
