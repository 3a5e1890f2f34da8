"""Record-change fan-out: time from a PATCH's answer to each watching client's receipt of the push.

Our side: N authenticated sockets (the real ``socket.io-client``, in several Node processes) spread
over 2 API processes on one Redis, all in the ``staff`` room that asset-list pages listen to. Every
200 ms the driver PATCHes one asset through the API (alternating the two processes, as a load
balancer would) and notes the wall-clock time of the answer; each client notes when the
``record`` event with that asset's new version arrives. Latency = receipt - answer (it can be
slightly negative: the push may overtake the HTTP answer).

The peer, in the same run, interleaved 100 ms after each of our PATCHes: Node.js ``socket.io``
with ``@socket.io/redis-adapter``, 2 processes on the same Redis, N other sockets; the driver
POSTs the very payload our server pushed for that change to one peer process, which broadcasts it
to ``staff``; latency = receipt - the peer's answer. Clock: see ``ops/benchmarks/sockets.py``.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from ops.benchmarks.report import BenchOptions, Figure, ratio
from ops.benchmarks.sockets import Socket, both_connected, now_ms, peer, percentile, raise_fd_limit
from ops.benchmarks.stack import mint_users, two_processes

PERIOD = 0.2  # seconds between two changes
BAR_P99_MS = 100.0
ASSET = {
    "tag": "BENCH-1",
    "name": "Fluke thermal camera",
    "category": "Instrumentation",
    "department": "Hardware",
    "status": "GOOD",
    "risk": "L",
    "location": "Bay 0",
    "purchaseCost": 1234.5,
    "nextInspection": "2030-01-31",
}


def _payload(answer: dict[str, Any], actor_id: int, changed: list[str]) -> dict[str, Any]:
    """What our server pushes for this change (``schemas.events.RecordChanged``)."""
    return {
        "type": "record.updated",
        "resource": "assets",
        "id": answer["id"],
        "version": answer["version"],
        "record": answer,
        "actorId": actor_id,
        "changed": changed,
    }


def _latencies(answers: dict[str, float], receipts: list[tuple[str, int, float]]) -> list[float]:
    return [at - answers[key] for key, _user, at in receipts if key in answers]


def run(options: BenchOptions) -> list[Figure]:
    count = 100 if options.quick else 1000
    seconds = 4 if options.quick else 60
    client_processes = 2 if options.quick else 4
    raise_fd_limit()
    with two_processes(options) as instance:
        users = mint_users(instance, count, prefix="fan")
        [(admin_id, admin_token)] = mint_users(instance, 1, prefix="admin", role="admin")
        bearer = {"Authorization": f"Bearer {admin_token}"}
        apis = [httpx.Client(base_url=url, headers=bearer) for url in instance.api_urls]
        asset = apis[0].post("/assets", json=ASSET).raise_for_status().json()
        ours_sockets = [Socket(instance.api_urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
        with peer(instance.redis_url) as reference:
            peer_sockets = [Socket(reference.urls[n % 2], token, uid) for n, (uid, token) in enumerate(users)]
            peer_http = [httpx.Client(base_url=url) for url in reference.urls]
            with both_connected(
                ours_sockets, peer_sockets, channels=["record"], processes=client_processes, quick=options.quick
            ) as (ours_clients, peer_clients):
                ours_answers: dict[str, float] = {}
                peer_answers: dict[str, float] = {}
                version = asset["version"]
                ticks = int(seconds / PERIOD)
                started = time.monotonic()
                for tick in range(ticks):
                    _sleep_until(started + tick * PERIOD)
                    body = {"id": asset["id"], "version": version, "location": f"Bay {tick + 1}"}
                    answer = apis[tick % 2].patch(f"/assets/{asset['id']}", json=body)
                    at = now_ms()
                    answer.raise_for_status()
                    record = answer.json()
                    version = record["version"]
                    key = f"{record['id']}:{version}"
                    ours_answers[key] = at
                    _sleep_until(started + tick * PERIOD + PERIOD / 2)
                    emit = {"event": "record", "room": "staff", "payload": _payload(record, admin_id, ["location"])}
                    peer_answer = peer_http[tick % 2].post("/emit", json={"emits": [emit]})
                    peer_at = now_ms()
                    peer_answer.raise_for_status()
                    peer_answers[key] = peer_at
                time.sleep(1 if options.quick else 3)  # the last pushes arrive
                ours_receipts, ours_dropped = ours_clients.receipts()
                peer_receipts, peer_dropped = peer_clients.receipts()
            for client in [*apis, *peer_http]:
                client.close()
    ours = _latencies(ours_answers, ours_receipts)
    theirs = _latencies(peer_answers, peer_receipts)
    expected = count * ticks
    setup = f"{count} clients, 2 API processes, 1 change per 200 ms for {seconds} s"
    p99, peer_p99 = percentile(ours, 99), percentile(theirs, 99)
    p50, peer_p50 = percentile(ours, 50), percentile(theirs, 50)
    peer_name = "Node socket.io + Redis adapter"
    return [
        Figure(
            "Fan-out",
            f"p99 PATCH answer -> receipt, {setup}",
            p99,
            "ms",
            f"<= {BAR_P99_MS:.0f} ms and <= peer",
            p99 <= BAR_P99_MS and p99 <= peer_p99,
            f"{peer_name}: {peer_p99:.1f} ms (ours {ratio(p99, peer_p99)})",
        ),
        Figure(
            "Fan-out",
            f"p50 PATCH answer -> receipt, {setup}",
            p50,
            "ms",
            compared_with=f"{peer_name}: {peer_p50:.1f} ms (ours {ratio(p50, peer_p50)})",
        ),
        Figure(
            "Fan-out",
            f"pushes missing (of {expected:,}), sockets dropped: {ours_dropped}",
            expected - len(ours),
            "count",
            "0",
            len(ours) == expected and ours_dropped == 0,
            f"{peer_name}: {expected - len(theirs)} missing, {peer_dropped} dropped",
        ),
    ]


def _sleep_until(deadline: float) -> None:
    delay = deadline - time.monotonic()
    if delay > 0:
        time.sleep(delay)
