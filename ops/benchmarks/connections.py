"""Idle connections: memory per socket, time to connect them all, and a reconnect storm, over 2 API processes.

N users (one socket each, every one a staff member, so each connection is also announced to
everyone already online, as in production) connect through the real ``socket.io-client`` from
several Node processes, half to each API process, with the UI's reconnection options
(``RECONNECTION``, ``RETRY_DELAY`` and ``RETRY_JITTER`` in ``ui/src/data/socket.ts``). Memory is the resident size (RSS)
of the two API processes after the sockets are in and have settled, minus before. Time to connect
runs from the first connect attempt to the last socket's ``connect``.

Then the storm: both API processes are stopped at once and started again on the same ports, and
the clients come back by themselves (socket.io's backoff, as a browser's would). The figure is the
whole restart as the clients see it: from the stop signal (SIGTERM to both) to the last socket
connected again, so the old processes' stop and the new ones' start-up are both in it (0 failed is
part of the bar); the stop alone and launch -> back are printed beside it.

The peer, in the same run right after ours (one set of sockets at a time, so each has the machine
to itself): Node.js ``socket.io`` + ``@socket.io/redis-adapter``, 2 processes on the same Redis,
the same number of sockets, restarted the same way.

``BENCH_SOCKETS`` sets the number of sockets (a smaller run on a shared machine).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.settings import ROOT
from ops.benchmarks.report import BenchOptions, Figure, ratio
from ops.benchmarks.sockets import Back, Connected, Socket, clients, peer, raise_fd_limit, rss_mb
from ops.benchmarks.stack import mint_users, two_processes

BAR_TOTAL_MB = 1024.0
BAR_PER_SOCKET_KB = 30.0
BAR_BACK_SECONDS = 15.0
PEER_NAME = "Node socket.io + Redis adapter"
UI_SOCKET = ROOT / "ui" / "src" / "data" / "socket.ts"


def ui_reconnection() -> dict[str, int | float]:
    """The UI's reconnection options, read from its source so the benchmark cannot drift from it."""
    source = UI_SOCKET.read_text()
    block = re.search(r"export const RECONNECTION = \{(.*?)\}", source, re.S)
    retry = re.search(r"export const RETRY_DELAY = ([\d_]+)", source)
    jitter = re.search(r"export const RETRY_JITTER = ([\d._]+)", source)
    if block is None or retry is None or jitter is None:
        raise SystemExit(f"RECONNECTION / RETRY_DELAY / RETRY_JITTER not found in {UI_SOCKET}")
    options: dict[str, int | float] = {
        k: float(v.replace("_", "")) for k, v in re.findall(r"(\w+): ([\d._]+)", block[1])
    }
    options["retryDelay"] = int(retry[1].replace("_", ""))
    options["retryJitter"] = float(jitter[1].replace("_", ""))
    return options


@dataclass
class Run:
    connected: Connected
    before_mb: float
    after_mb: float
    back: Back
    stop_seconds: float  # stop of both processes until the new ones are launched
    back_seconds: float  # launch of the new processes until the last socket is connected again

    @property
    def restart_seconds(self) -> float:
        """The stop signal until the last socket is connected again: the restart as the clients see it."""
        return self.stop_seconds + self.back_seconds


def _storm(
    sockets: list[Socket],
    pids: Callable[[], list[int]],
    restart: Callable[[], float],
    processes: int,
    settle: float,
    timeout: float,
) -> Run:
    """Connect every socket, note the servers' RSS (MB) before and after, restart the servers and
    wait for every socket to be back."""
    before = rss_mb(pids())
    with clients(sockets, channels=[], processes=processes, reconnection=ui_reconnection()) as group:
        connected = group.wait_connected(timeout)
        time.sleep(settle)  # the connection-time work (presence pushes, Redis writes) drains
        after = rss_mb(pids())
        group.mark()
        stopped_at = time.time()
        launched_at = restart()
        back = group.wait_back(timeout)
    return Run(connected, before, after, back, launched_at - stopped_at, max(0.0, back.last_at - launched_at))


def run(options: BenchOptions) -> list[Figure]:
    count = int(os.environ.get("BENCH_SOCKETS", 0)) or (100 if options.quick else 10_000)
    processes = 2 if count <= 500 else 8
    settle = 1.0 if count <= 500 else 10.0
    # On a shared 2-core machine under load, 10,000 connections took more than 10 minutes.
    timeout = 120.0 if options.quick else 2400.0
    limit = raise_fd_limit()
    if limit < count + 1000:
        raise SystemExit(f"the open-files hard limit ({limit}) is too low for {count} sockets")
    with two_processes(options) as instance:
        users = mint_users(instance, count, prefix="idle")
        ours_sockets = [Socket(instance.api_urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
        ours = _storm(ours_sockets, lambda: instance.api_pids, instance.restart_api, processes, settle, timeout)
        with peer(instance.redis_url) as reference:
            peer_sockets = [Socket(reference.urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
            theirs = _storm(peer_sockets, lambda: reference.pids, reference.restart, processes, settle, timeout)
    per_socket = (ours.after_mb - ours.before_mb) * 1024 / max(1, ours.connected.ok)
    peer_per_socket = (theirs.after_mb - theirs.before_mb) * 1024 / max(1, theirs.connected.ok)
    setup = f"{count:,} idle sockets, 2 API processes"
    back_met = ours.back.failed == 0 and ours.restart_seconds <= BAR_BACK_SECONDS
    errors = f"; our clients' connect errors meanwhile: {', '.join(ours.back.errors)}" if ours.back.errors else ""
    return [
        Figure(
            "Connections",
            f"RSS of the API processes with {setup}",
            ours.after_mb,
            "MB",
            f"<= {BAR_TOTAL_MB:.0f} MB",
            ours.after_mb <= BAR_TOTAL_MB and ours.connected.failed == 0,
            f"{PEER_NAME}: {theirs.after_mb:.0f} MB (ours {ratio(ours.after_mb, theirs.after_mb)})",
        ),
        Figure(
            "Connections",
            f"memory per socket ({ours.before_mb:.0f} MB before), {setup}",
            per_socket,
            "KB",
            f"<= {BAR_PER_SOCKET_KB:.0f} KB",
            per_socket <= BAR_PER_SOCKET_KB,
            f"{PEER_NAME}: {peer_per_socket:.1f} KB (ours {ratio(per_socket, peer_per_socket)})",
        ),
        Figure(
            "Connections",
            f"time to connect them all from scratch ({ours.connected.failed} failed), {setup}",
            ours.connected.seconds,
            "s",
            compared_with=f"{PEER_NAME}: {theirs.connected.seconds:.1f} s, {theirs.connected.failed} failed "
            f"(ours {ratio(ours.connected.seconds, theirs.connected.seconds)})",
        ),
        Figure(
            "Connections",
            f"both API processes restarted: stop signal -> every socket back ({ours.back.failed} of "
            f"{ours.connected.ok} not back; stopping {ours.stop_seconds:.1f} s, launch -> back "
            f"{ours.back_seconds:.1f} s), {setup}",
            ours.restart_seconds,
            "s",
            f"<= {BAR_BACK_SECONDS:.0f} s, 0 failed",
            back_met,
            f"{PEER_NAME}: {theirs.restart_seconds:.1f} s, {theirs.back.failed} not back, stopping "
            f"{theirs.stop_seconds:.1f} s, launch -> back {theirs.back_seconds:.1f} s "
            f"(ours {ratio(ours.restart_seconds, theirs.restart_seconds)}){errors}",
        ),
    ]
