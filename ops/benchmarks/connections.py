"""Idle connections: memory per socket and time to connect them all, over 2 API processes.

N users (one socket each, every one a staff member, so each connection is also announced to
everyone already online, as in production) connect through the real ``socket.io-client`` from
several Node processes, half to each API process. Memory is the resident size (RSS) of the two
API processes after the sockets are in and have settled, minus before; the bar is on the total.
Time to connect runs from the first connect attempt to the last socket's ``connect``.

The peer, in the same run right after ours (one set of sockets at a time, so each has the machine
to itself): Node.js ``socket.io`` + ``@socket.io/redis-adapter``, 2 processes on the same Redis,
the same number of sockets.
"""

from __future__ import annotations

import time

from ops.benchmarks.report import BenchOptions, Figure, ratio
from ops.benchmarks.sockets import Connected, Socket, clients, peer, raise_fd_limit, rss_mb
from ops.benchmarks.stack import mint_users, portal

BAR_TOTAL_MB = 1024.0
PEER_NAME = "Node socket.io + Redis adapter"


def _hold(
    sockets: list[Socket], pids: list[int], processes: int, settle: float, timeout: float
) -> tuple[Connected, float, float]:
    """Connect every socket; answers how it went and the servers' RSS (MB) before and after."""
    before = rss_mb(pids)
    with clients(sockets, channels=[], processes=processes) as group:
        connected = group.wait_connected(timeout)
        time.sleep(settle)  # the connection-time work (presence pushes, Redis writes) drains
        after = rss_mb(pids)
    return connected, before, after


def run(options: BenchOptions) -> list[Figure]:
    count = 100 if options.quick else 10_000
    processes = 2 if options.quick else 8
    settle = 1.0 if options.quick else 10.0
    # On a shared 2-core machine under load, 10,000 connections took more than 10 minutes.
    timeout = 120.0 if options.quick else 2400.0
    limit = raise_fd_limit()
    if limit < count + 1000:
        raise SystemExit(f"the open-files hard limit ({limit}) is too low for {count} sockets")
    with portal(
        api_processes=2, redis_url=options.redis_url, database_url=options.database_url, seed=False
    ) as instance:
        users = mint_users(instance, count, prefix="idle")
        ours_sockets = [Socket(instance.api_urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
        ours, ours_before, ours_after = _hold(ours_sockets, instance.api_pids, processes, settle, timeout)
        with peer(instance.redis_url) as reference:
            peer_sockets = [Socket(reference.urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
            theirs, peer_before, peer_after = _hold(peer_sockets, reference.pids, processes, settle, timeout)
    per_socket = (ours_after - ours_before) * 1024 / max(1, ours.ok)
    peer_per_socket = (peer_after - peer_before) * 1024 / max(1, theirs.ok)
    setup = f"{count:,} idle sockets, 2 API processes"
    return [
        Figure(
            "Connections",
            f"RSS of the API processes with {setup}",
            ours_after,
            "MB",
            f"<= {BAR_TOTAL_MB:.0f} MB",
            ours_after <= BAR_TOTAL_MB and ours.failed == 0,
            f"{PEER_NAME}: {peer_after:.0f} MB (ours {ratio(ours_after, peer_after)})",
        ),
        Figure(
            "Connections",
            f"memory per socket ({ours_before:.0f} MB before), {setup}",
            per_socket,
            "KB",
            compared_with=f"{PEER_NAME}: {peer_per_socket:.1f} KB (ours {ratio(per_socket, peer_per_socket)})",
        ),
        Figure(
            "Connections",
            f"time to connect them all ({ours.failed} failed), {setup}",
            ours.seconds,
            "s",
            compared_with=f"{PEER_NAME}: {theirs.seconds:.1f} s, {theirs.failed} failed "
            f"(ours {ratio(ours.seconds, theirs.seconds)})",
        ),
    ]
