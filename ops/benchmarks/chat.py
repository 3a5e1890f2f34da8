"""Team Chat under load: send-to-receive latency, and proof that no message is lost or duplicated.

N users, each with one socket (the real ``socket.io-client``, in several Node processes), user n
on API process n % 2; they are paired at random so the two members of a pair sit on different
processes, and each pair's chat is opened first (``GET /api/chat/get-chat``). Then the driver sends
``RATE`` messages a second through our real chat API (``POST /api/chat/send-message`` with the
sender's token, to the sender's process), each from a random member of a random pair; the
requests go out from a Node process (``node/sender.js``: its fetch costs far less CPU than a Python
client, so the driver leaves the cores to the servers). Latency = the receiver's socket getting
``chat:message`` minus the moment the request went out, both on the Node clock. Every
message must reach the receiver and the sender's own socket exactly once.

The peer, in the same run, interleaved half a slot after each of our messages: Node.js
``socket.io`` + ``@socket.io/redis-adapter`` (2 processes, same Redis, N other sockets), to which
the driver POSTs the same two pushes our server makes (to ``user:<sender>`` and
``user:<receiver>``); it stores nothing, so its figure is a floor for the transport alone.
Clock: see ``ops/benchmarks/sockets.py``.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import httpx

from ops.benchmarks.report import BenchOptions, Figure, ratio
from ops.benchmarks.sockets import NODE_DIR, Socket, both_connected, peer, percentile, raise_fd_limit
from ops.benchmarks.stack import mint_users, two_processes

RATE = 100  # messages a second, each side (quick: QUICK_RATE)
QUICK_RATE = 50
BAR_P99_MS = 50.0
PEER_NAME = "Node socket.io + Redis adapter"


@dataclass
class Sent:
    sender: int
    receiver: int
    at: float  # ms, driver clock, just before the request went out


@dataclass
class Outcome:
    latencies: list[float]  # receiver's receipt - sent, one per delivered message
    lost: int  # a member's socket never got it
    duplicated: int  # a member's socket got it more than once
    failed: int  # the send itself was refused


def _outcome(sent: dict[str, Sent], failed: int, receipts: list[tuple[str, int, float]]) -> Outcome:
    counts = Counter((key, user) for key, user, _at in receipts)
    latencies = [at - sent[key].at for key, user, at in receipts if key in sent and user == sent[key].receiver]
    lost = duplicated = 0
    for key, message in sent.items():
        for member in (message.sender, message.receiver):
            seen = counts[(key, member)]
            lost += seen == 0
            duplicated += seen > 1
    return Outcome(latencies, lost, duplicated, failed)


async def _open_chats(api_urls: list[str], pairs: list[tuple[int, int]], tokens: dict[int, str]) -> dict[int, str]:
    """Open each pair's chat (created empty on first open); answers chat id by either member."""
    chats: dict[int, str] = {}
    limit = asyncio.Semaphore(8)
    async with httpx.AsyncClient(timeout=30) as http:

        async def open_one(n: int, a: int, b: int) -> None:
            async with limit:
                answer = await http.get(
                    f"{api_urls[n % 2]}/api/chat/get-chat",
                    params={"contactId": b},
                    headers={"Authorization": f"Bearer {tokens[a]}"},
                )
            answer.raise_for_status()
            chats[a] = chats[b] = answer.json()["chat"]["id"]

        await asyncio.gather(*(open_one(n, a, b) for n, (a, b) in enumerate(pairs)))
    return chats


def _drive(
    seconds: float,
    rate: int,
    pairs: list[tuple[int, int]],
    home: dict[int, int],
    tokens: dict[int, str],
    chats: dict[int, str],
    api_urls: list[str],
    peer_urls: list[str],
) -> tuple[dict[str, Sent], int, dict[str, Sent], int]:
    """Both sides' messages, interleaved, sent by ``node/sender.js``; answers what went out, per side."""
    rng = random.Random(7)
    requests: list[dict[str, Any]] = []
    plan: list[tuple[str, int, int, int]] = []  # side, n, sender, receiver (one per request)
    for n in range(int(seconds * rate)):
        a, b = rng.choice(pairs)
        sender, receiver = (a, b) if rng.random() < 0.5 else (b, a)
        text = f"Message {n}: the pump in bay {n % 40} is ready for inspection."
        body = {"chatId": chats[sender], "contactId": receiver, "message": {"who": sender, "message": text}}
        url = f"{api_urls[home[sender]]}/api/chat/send-message"
        requests.append({"at": n * 1000 / rate, "url": url, "token": tokens[sender], "body": body})
        plan.append(("ours", n, sender, receiver))
        message = {"id": n, "who": sender, "message": text, "time": time.strftime("%Y-%m-%dT%H:%M:%SZ")}
        emits = [
            {
                "event": "chat:message",
                "room": f"user:{member}",
                "payload": {
                    "chatId": chats[sender],
                    "message": message,
                    "userChatData": {"chatId": chats[sender], "contactId": other, "lastMessageTime": message["time"]},
                },
            }
            for member, other in ((sender, receiver), (receiver, sender))
        ]
        requests.append(
            {"at": (n + 0.5) * 1000 / rate, "url": f"{peer_urls[home[sender]]}/emit", "body": {"emits": emits}}
        )
        plan.append(("peer", n, sender, receiver))
    answer = subprocess.run(
        ["node", str(NODE_DIR / "sender.js")],
        input=json.dumps({"requests": requests}),
        capture_output=True,
        text=True,
        timeout=seconds + 120,
        check=True,
    )
    sent: dict[str, dict[str, Sent]] = {"ours": {}, "peer": {}}
    failed = {"ours": 0, "peer": 0}
    rows = json.loads(answer.stdout)["sent"]
    for (side, n, sender, receiver), (at, status, message_id, _answered) in zip(plan, rows, strict=True):
        if status != 200:
            failed[side] += 1
            continue
        sent[side][str(message_id if side == "ours" else n)] = Sent(sender, receiver, float(at))
    return sent["ours"], failed["ours"], sent["peer"], failed["peer"]


def run(options: BenchOptions) -> list[Figure]:
    count = 100 if options.quick else 1000
    seconds = 3 if options.quick else 60
    rate = QUICK_RATE if options.quick else RATE
    client_processes = 2 if options.quick else 4
    raise_fd_limit()
    with two_processes(options) as instance:
        users = mint_users(instance, count, prefix="chat")
        tokens = dict(users)
        ids = [uid for uid, _token in users]
        home = {uid: n % 2 for n, uid in enumerate(ids)}
        shuffled = random.Random(3).sample(ids, len(ids))
        # Pair someone on process 0 with someone on process 1, so every message crosses Redis.
        evens = [u for u in shuffled if home[u] == 0]
        odds = [u for u in shuffled if home[u] == 1]
        pairs = list(zip(evens, odds, strict=False))
        chats = asyncio.run(_open_chats(instance.api_urls, pairs, tokens))
        with peer(instance.redis_url) as reference:
            ours_sockets = [Socket(instance.api_urls[home[uid]], tokens[uid], uid) for uid in ids]
            peer_sockets = [Socket(reference.urls[home[uid]], tokens[uid], uid) for uid in ids]
            with both_connected(
                ours_sockets, peer_sockets, channels=["chat:message"], processes=client_processes, quick=options.quick
            ) as (ours_clients, peer_clients):
                ours_sent, ours_failed, peer_sent, peer_failed = _drive(
                    seconds, rate, pairs, home, tokens, chats, instance.api_urls, reference.urls
                )
                time.sleep(1 if options.quick else 3)  # the last pushes arrive
                ours = _outcome(ours_sent, ours_failed, ours_clients.receipts()[0])
                theirs = _outcome(peer_sent, peer_failed, peer_clients.receipts()[0])
    return _figures(ours, theirs, count, seconds, rate)


def _figures(ours: Outcome, theirs: Outcome, count: int, seconds: float, rate: int) -> list[Figure]:
    setup = f"{count} users, {rate} messages/s for {seconds:.0f} s, 2 API processes"
    p50, peer_p50 = percentile(ours.latencies, 50), percentile(theirs.latencies, 50)
    p99, peer_p99 = percentile(ours.latencies, 99), percentile(theirs.latencies, 99)
    total = int(seconds * rate)
    return [
        Figure(
            "Chat",
            f"p50 send -> receive, {setup}",
            p50,
            "ms",
            compared_with=f"{PEER_NAME} (relay only): {peer_p50:.1f} ms (ours {ratio(p50, peer_p50)})",
        ),
        Figure(
            "Chat",
            f"p99 send -> receive, {setup}",
            p99,
            "ms",
            f"<= {BAR_P99_MS:.0f} ms",
            p99 <= BAR_P99_MS,
            f"{PEER_NAME} (relay only): {peer_p99:.1f} ms (ours {ratio(p99, peer_p99)})",
        ),
        Figure(
            "Chat",
            f"messages lost / duplicated / refused (of {total:,}, each to both members)",
            ours.lost + ours.duplicated + ours.failed,
            "count",
            "0",
            ours.lost == ours.duplicated == ours.failed == 0 and len(ours.latencies) == total,
            f"ours {ours.lost} / {ours.duplicated} / {ours.failed}; "
            f"{PEER_NAME}: {theirs.lost} / {theirs.duplicated} / {theirs.failed}",
        ),
    ]
