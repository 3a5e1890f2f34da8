"""Shared pieces of the realtime benchmarks (fan-out, chat, connections).

- ``Clients``: many real ``socket.io-client`` sockets, spread over several Node processes
  (``node/clients.js``) so the load tool is not the bottleneck on the 2 cores;
- ``peer``: the reference server, Node.js ``socket.io`` with ``@socket.io/redis-adapter``
  (``node/peer.js``), N processes on one Redis, as our API processes are;
- the clock both sides share: the driver stamps with ``time.time_ns()`` and the Node clients with
  ``performance.timeOrigin + performance.now()``, both the machine's wall clock in milliseconds
  with sub-millisecond precision (Node's is monotonic from its start), so a receipt time minus an
  answer time is a latency on this one machine.
"""

from __future__ import annotations

import json
import os
import resource
import select
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.operations.launcher import free_port, restart, serving

NODE_DIR = Path(__file__).resolve().parent / "node"


def now_ms() -> float:
    """The driver's clock, in the unit and epoch of the Node clients' receipt times."""
    return time.time_ns() / 1e6


def check_node() -> None:
    if not (NODE_DIR / "node_modules" / "socket.io-client").is_dir():
        raise SystemExit(f"Node packages missing in {NODE_DIR}: run ./ops/bench (it runs npm ci there).")


def raise_fd_limit() -> int:
    """Lift the open-files limit to the hard limit; the servers and clients started later inherit it."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def rss_mb(pids: list[int]) -> float:
    """Resident memory of these processes together, in MB."""
    total_kb = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total_kb += int(line.split()[1])
    return total_kb / 1024


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0..100); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Socket:
    url: str
    token: str
    user_id: int


@dataclass
class Connected:
    ok: int
    failed: int
    errors: list[str]
    seconds: float  # first connect attempt to the last socket connected, over every client process


@dataclass
class Back:
    ok: int  # sockets connected again after the mark
    failed: int  # not connected again in time
    errors: list[str]  # distinct connect errors seen since the mark
    last_at: float  # wall-clock seconds when the last one came back


class Clients:
    """Node processes holding the sockets; receipts are ``(key, user id, at ms)`` per pushed event."""

    def __init__(
        self,
        sockets: list[Socket],
        *,
        channels: list[str],
        processes: int,
        concurrency: int = 25,
        reconnection: dict[str, int | float] | None = None,
    ) -> None:
        check_node()
        self._logs = tempfile.TemporaryDirectory(prefix="bench-clients-")
        self._procs: list[subprocess.Popen[str]] = []
        processes = max(1, min(processes, len(sockets)))
        for n in range(processes):
            share = sockets[n::processes]
            log = (Path(self._logs.name) / f"clients{n}.log").open("w")
            proc = subprocess.Popen(
                ["node", str(NODE_DIR / "clients.js")],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                bufsize=1,
            )
            job = {
                "sockets": [{"url": s.url, "token": s.token, "userId": s.user_id} for s in share],
                "channels": channels,
                "concurrency": concurrency,
                "reconnection": reconnection,  # None: no reconnecting (a dropped socket stays dropped)
            }
            self._send(proc, json.dumps(job))
            self._procs.append(proc)

    @staticmethod
    def _send(proc: subprocess.Popen[str], line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def _read(self, proc: subprocess.Popen[str], deadline: float) -> dict[str, Any]:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        line = proc.stdout.readline() if ready else ""
        if not line:
            logs = "\n".join(p.read_text()[-2000:] for p in Path(self._logs.name).glob("*.log"))
            raise RuntimeError(f"a client process gave no answer in time (exit {proc.poll()}):\n{logs}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def wait_connected(self, timeout: float) -> Connected:
        deadline = time.monotonic() + timeout
        answers = [self._read(p, deadline) for p in self._procs]
        return Connected(
            ok=sum(a["ok"] for a in answers),
            failed=sum(a["failed"] for a in answers),
            errors=[e for a in answers for e in a["errors"]][:5],
            seconds=(max(a["lastAt"] for a in answers) - min(a["startedAt"] for a in answers)) / 1000,
        )

    def mark(self) -> None:
        """From now on, note when each connected socket is connected again (after a restart)."""
        for proc in self._procs:
            self._send(proc, "mark")

    def wait_back(self, timeout: float) -> Back:
        """Wait until every socket connected before the mark is connected again, or ``timeout``."""
        for proc in self._procs:
            self._send(proc, f"await-back:{int(timeout * 1000)}")
        deadline = time.monotonic() + timeout + 30
        answers = [self._read(p, deadline) for p in self._procs]
        return Back(
            ok=sum(a["ok"] for a in answers),
            failed=sum(a["failed"] for a in answers),
            errors=sorted({e for a in answers for e in a["errors"]})[:5],
            last_at=max(a["lastAt"] or 0 for a in answers) / 1000,
        )

    def receipts(self, timeout: float = 60) -> tuple[list[tuple[str, int, float]], int]:
        """Every receipt so far, and how many sockets the servers dropped."""
        for proc in self._procs:
            self._send(proc, "report")
        deadline = time.monotonic() + timeout
        receipts: list[tuple[str, int, float]] = []
        disconnects = 0
        for proc in self._procs:
            answer = self._read(proc, deadline)
            receipts.extend((str(k), int(u), float(at)) for k, u, at in answer["receipts"])
            disconnects += int(answer["disconnects"])
        return receipts, disconnects

    def close(self) -> None:
        for proc in self._procs:
            if proc.poll() is None:
                with suppress(BrokenPipeError):
                    self._send(proc, "close")
        for proc in self._procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._logs.cleanup()


@contextmanager
def clients(
    sockets: list[Socket],
    *,
    channels: list[str],
    processes: int,
    reconnection: dict[str, int | float] | None = None,
) -> Iterator[Clients]:
    group = Clients(sockets, channels=channels, processes=processes, reconnection=reconnection)
    try:
        yield group
    finally:
        group.close()


@contextmanager
def both_connected(
    ours: list[Socket], theirs: list[Socket], *, channels: list[str], processes: int, quick: bool
) -> Iterator[tuple[Clients, Clients]]:
    """Our sockets and the reference server's, each group in its own client processes, all connected
    (RuntimeError when any did not within two minutes) and the connection-time presence pushes drained."""
    with (
        clients(ours, channels=channels, processes=processes) as ours_clients,
        clients(theirs, channels=channels, processes=processes) as their_clients,
    ):
        for group in (ours_clients, their_clients):
            connected = group.wait_connected(timeout=120)
            if connected.failed:
                raise RuntimeError(f"{connected.failed} sockets did not connect: {connected.errors}")
        time.sleep(1 if quick else 5)
        yield ours_clients, their_clients


def restartable(
    processes: list[subprocess.Popen[bytes]],
    services: Sequence[tuple[str, list[str], str]],
    env: Mapping[str, str],
    logs: Path,
    pids: list[int],
) -> Callable[[], float]:
    """A restart of every one of ``processes`` at once on the same ports, answering the launch time;
    ``pids`` is kept the processes' current ids (filled now and after each restart)."""
    pids[:] = [p.pid for p in processes]

    def again() -> float:
        launched = restart(processes, services, env, logs)
        pids[:] = [p.pid for p in processes]
        return launched

    return again


@dataclass
class Peer:
    urls: list[str]
    pids: list[int]
    restart: Callable[[], float] = field(default=lambda: 0.0)  # every process at once, same ports; launch time


@contextmanager
def peer(redis_url: str, processes: int = 2) -> Iterator[Peer]:
    """The reference Socket.IO server: ``processes`` Node processes, each on its own port, one Redis."""
    check_node()
    with ExitStack() as stack:
        logs = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-peer-")))
        result = Peer(urls=[], pids=[])
        services = []
        for n in range(processes):
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            services.append((f"peer{n}", ["node", str(NODE_DIR / "peer.js"), str(port), redis_url], f"{url}/health"))
            result.urls.append(url)
        procs = stack.enter_context(serving(services, os.environ, logs, 60))
        result.restart = restartable(procs, services, os.environ, logs, result.pids)
        yield result
