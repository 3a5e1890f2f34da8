"""Real server processes for tests that need sockets or a browser: uvicorn API and the UI server."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from app.settings import ROOT, Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_env(settings: Settings, **extra: str) -> dict[str, str]:
    """Environment for a child process that uses the same database, Redis and data folder."""
    return {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(settings.data_dir),
        "DATABASE_URL": settings.effective_database_url,
        "REDIS_URL": settings.redis_url,
        # Every test client comes from 127.0.0.1: the rate limits are tested on their own
        # (tests/security/test_rate_limits.py), not left to trip other tests.
        "RATE_LIMITS_ENABLED": "false",
        **extra,
    }


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up:\n{log.read_text()[-3000:]}")


@contextmanager
def serving(commands: list[tuple[str, list[str], str]], env: dict[str, str], logs: Path) -> Iterator[None]:
    """Start each (name, command, health URL) in order, wait until it answers, stop all at the end."""
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for name, command, probe in commands:
            log = logs / f"{name}.log"
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
            processes.append(process)
            _wait_until_up(probe, process, log)
        yield
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def api_command(port: int) -> list[str]:
    # No --proxy-headers: the portal reads X-Forwarded-For itself, only from TRUSTED_PROXIES.
    return [
        sys.executable, "-m", "uvicorn", "--factory", "app.main:app", "--port", str(port), "--no-access-log",
        "--no-proxy-headers",
    ]  # fmt: skip


def ui_command() -> list[str]:
    return [sys.executable, "-m", "app.ui_server"]


def worker_command() -> list[str]:
    return [sys.executable, "-m", "worker"]


class WorkerProcess:
    """One ``python -m worker`` in its own process group (the worker, its work horses, its scheduler)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.log = log
        self.process = subprocess.Popen(
            worker_command(), cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def descendants(self) -> list[int]:
        """The worker's child processes and theirs (RQ's work horse calls setsid: not in our group)."""
        found: list[int] = []
        pending = [self.process.pid]
        while pending:
            pid = pending.pop()
            try:
                children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            except OSError:
                continue
            found += [int(c) for c in children]
            pending += [int(c) for c in children]
        return found

    def kill(self) -> None:
        """SIGKILL the worker, its work horse and its scheduler at once, as a crash of the machine would."""
        import signal

        if self.process.poll() is None:
            children = self.descendants()
            os.killpg(self.process.pid, signal.SIGKILL)
            for pid in children:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        import signal

        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def start_worker(env: dict[str, str], log: Path, redis_url: str) -> WorkerProcess:
    """Start a worker and wait until it has registered with Redis (it is then taking jobs)."""
    from redis import Redis
    from rq import Worker

    worker = WorkerProcess(env, log)
    connection = Redis.from_url(redis_url)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if worker.process.poll() is not None:
                raise RuntimeError(f"the worker exited early:\n{log.read_text()[-3000:]}")
            if any(w.pid == worker.pid for w in Worker.all(connection=connection)):
                return worker
            time.sleep(0.1)
    finally:
        connection.close()
    worker.kill()
    raise RuntimeError(f"the worker did not start:\n{log.read_text()[-3000:]}")


@contextmanager
def running_workers(env: dict[str, str], logs: Path, redis_url: str, count: int = 1) -> Iterator[list[WorkerProcess]]:
    workers: list[WorkerProcess] = []
    try:
        for n in range(count):
            workers.append(start_worker(env, logs / f"worker{n}-{time.monotonic_ns()}.log", redis_url))
        yield workers
    finally:
        for worker in workers:
            worker.stop()


def clear_document_jobs(redis_url: str, database_url: str | None = None) -> None:
    """Drop jobs other tests left in the documents queue (uploads they never meant to process) and,
    given the database, fail those documents too: otherwise a worker's sweep finds them queued with
    no job and requeues them all ahead of the test's own upload."""
    from redis import Redis
    from rq import Queue

    if database_url is not None:
        from sqlalchemy import text

        from app.db import make_sync_engine

        engine = make_sync_engine(database_url)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE documents SET state = 'failed', failure_reason = 'Left unprocessed by another test.' "
                    "WHERE state IN ('queued', 'processing')"
                )
            )
        engine.dispose()

    connection = Redis.from_url(redis_url)
    try:
        for lane in ("documents", "documents-slow"):  # the normal lane and the lane for slow files
            queue = Queue(lane, connection=connection)
            queue.empty()
            for job_id in queue.scheduled_job_registry.get_job_ids():
                queue.scheduled_job_registry.remove(job_id)
    finally:
        connection.close()
