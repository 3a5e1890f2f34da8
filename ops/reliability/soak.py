"""``./ops/soak``: a few hundred simulated users chatting, editing records and uploading, for minutes.

    ./ops/soak --minutes 10 --users 300     # the documented run (docs/reliability.md)
    ./ops/soak --minutes 1 --users 30       # a smoke run

Starts a fresh stack of its own: a redis-server, a PostgreSQL cluster (SQLite with ``--sqlite`` or
when no cluster can be started), 2 API processes and a worker. Every user holds a Socket.IO
connection (reconnecting and fetching missed messages like the UI) and acts every few seconds:
sends a chat message (most actions), creates or edits one of its assets, or uploads a small file.
Every 30 s it samples the private memory (USS) of every process, and for PostgreSQL how many client
backends there are beside their memory. At the end it checks that no answer was an error, every
answered message reached its recipient and is stored, every asset has the version the client was last
told and one history entry per version, every upload ended ``ready``, and memory stayed flat. Prints a
table; exits non-zero when a check fails.

PostgreSQL's memory is judged with its backend count taken into account: each client backend (one
per pooled connection) holds a few MB of private catalog and plan caches, so the API pools opening
connections up to their size (2 x 25 here) raise the sum without any leak. The server is flat when
its own processes (postmaster, checkpointer, writers...) stay within the usual margin and the
private memory *per backend* does too; a leak in the backends shows as growth per backend.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

from app.operations.launcher import start_worker
from ops.benchmarks.stack import mint_users, portal
from tests.faults.servers import PostgresCluster, RedisServer
from tests.faults.stack import ChatClient
from tests.fixtures import files
from tests.processes import process_env
from tests.realtime_support import ORIGIN

ASSET = {"name": "Soak pump", "category": "Instrumentation", "department": "Hardware", "status": "GOOD", "risk": "L"}
SAMPLE_SECONDS = 30
CONNECT_BATCH = 20
MB = 1024 * 1024
# A client backend's process title names its peer: "postgres: user db 127.0.0.1(40512) idle", "[local]".
CLIENT_BACKEND = re.compile(r"\(\d+\)|\[local\]")


@dataclass
class Tally:
    answers: Counter[str] = field(default_factory=Counter)  # "POST /api/chat/send-message 200"
    errors: list[str] = field(default_factory=list)
    messages: dict[int, int] = field(default_factory=dict)  # message id -> recipient id
    assets: dict[int, int] = field(default_factory=dict)  # asset id -> version last answered
    documents: list[int] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)

    def note(self, what: str, response: httpx.Response, started: float) -> bool:
        self.latencies.append(time.monotonic() - started)
        self.answers[f"{what} {response.status_code}"] += 1
        if response.status_code >= 400:
            self.errors.append(f"{what} {response.status_code} {response.text[:200]}")
            return False
        return True


@dataclass
class User:
    id: int
    token: str
    http: httpx.AsyncClient
    client: ChatClient
    chats: dict[int, str] = field(default_factory=dict)  # contact id -> chat id
    assets: dict[int, int] = field(default_factory=dict)  # own asset id -> version


async def act(user: User, tally: Tally, rng: random.Random, upload_share: float) -> None:
    roll = rng.random()
    started = time.monotonic()
    if roll < upload_share:
        content = files.text(marker=f"soak {user.id} {rng.random()}", lines=20)
        response = await user.http.post(
            "/documents/upload", data={"department": "Hardware"}, files=[("file", ("soak.txt", content))]
        )
        if tally.note("POST /documents/upload", response, started):
            tally.documents.append(response.json()["items"][0]["id"])
    elif roll < 0.3 or not user.chats:
        if user.assets and rng.random() < 0.7:
            asset_id, version = rng.choice(sorted(user.assets.items()))
            body = {"id": asset_id, "version": version, "notes": f"soak note {rng.random():.6f}"}
            response = await user.http.patch(f"/assets/{asset_id}", json=body)
            what = "PATCH /assets/{id}"
        else:
            response = await user.http.post("/assets", json={**ASSET, "tag": f"S-{rng.getrandbits(48):012x}"})
            what = "POST /assets"
        if tally.note(what, response, started):
            asset = response.json()
            user.assets[asset["id"]] = tally.assets[asset["id"]] = asset["version"]
    else:
        contact = rng.choice(sorted(user.chats))
        body = {"chatId": user.chats[contact], "contactId": contact, "message": {"who": user.id, "message": "hi"}}
        response = await user.http.post("/api/chat/send-message", json=body)
        if tally.note("POST /api/chat/send-message", response, started):
            tally.messages[int(response.json()["message"]["id"])] = contact


async def run_user(user: User, tally: Tally, until: float, pace: float, upload_share: float, seed: int) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, pace))
    while time.monotonic() < until:
        try:
            await act(user, tally, rng, upload_share)
        except httpx.HTTPError as exc:
            tally.errors.append(f"network error: {exc!r}")
        await asyncio.sleep(rng.uniform(0.5 * pace, 1.5 * pace))


def _private_bytes(process: psutil.Process) -> int:
    # USS, not RSS: every PostgreSQL backend's RSS counts the shared buffers it has touched, so a sum
    # of RSS grows as backends warm up the same shared memory (no leak); USS counts each page once.
    return int(process.memory_full_info().uss)


def rss_mb(pids: list[int]) -> float:
    """Memory private to the processes and their children (USS), in MB."""
    total = 0
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            process = psutil.Process(pid)
            total += _private_bytes(process)
            total += sum(_private_bytes(c) for c in process.children(recursive=True) if c.is_running())
    return total / MB


def postgres_mb(postmaster: int) -> dict[str, float]:
    """PostgreSQL's private memory split: the server's own processes (``server``), and the client
    backends (``backends`` of them, ``backends_mb`` together)."""
    server = backends_mb = 0.0
    backends = 0
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(postmaster)
        server += _private_bytes(root)
        for child in root.children():
            with contextlib.suppress(psutil.Error):
                uss = _private_bytes(child)
                if CLIENT_BACKEND.search(" ".join(child.cmdline())):
                    backends, backends_mb = backends + 1, backends_mb + uss
                else:
                    server += uss
    return {"server": server / MB, "backends": float(backends), "backends_mb": backends_mb / MB}


def sample(groups: dict[str, list[int]]) -> dict[str, float]:
    """One sample: USS per group; the ``postgres`` group also split into server and backends."""
    row = {"t": time.monotonic()}
    for name, pids in groups.items():
        if name == "postgres" and pids:
            split = postgres_mb(pids[0])
            row[name] = split["server"] + split["backends_mb"]
            row.update({f"{name}.{key}": value for key, value in split.items()})
        else:
            row[name] = rss_mb(pids)
    return row


def flat(before: float, after: float, *, floor: float = 25.0, share: float = 0.15) -> bool:
    """No more growth than ``floor`` MB or ``share`` of the start, whichever is larger."""
    return after - before <= max(floor, share * before)


def postgres_rows(warm: dict[str, float], last: dict[str, float], first: dict[str, float]) -> tuple[bool, list]:
    """The PostgreSQL lines of the report and whether its memory is flat once backends are counted."""
    count = {key: int(row["postgres.backends"]) for key, row in (("first", first), ("warm", warm), ("last", last))}
    per_warm = warm["postgres.backends_mb"] / max(1, count["warm"])
    per_last = last["postgres.backends_mb"] / max(1, count["last"])
    server_flat = flat(warm["postgres.server"], last["postgres.server"])
    per_flat = flat(per_warm, per_last, floor=1.0, share=0.25)
    rows = [
        ("  client backends (start, 1 min, end)", f"{count['first']} -> {count['warm']} -> {count['last']}",
         "pooled connections; each holds its own caches"),
        ("  USS per client backend (MB)", f"{per_warm:.1f} -> {per_last:.1f}",
         f"growth {per_last - per_warm:+.1f} MB{'' if per_flat else ' **not flat**'} (flat: +1 MB or 25 %)"),
        ("  USS of the server's own processes (MB)", f"{warm['postgres.server']:.0f} -> {last['postgres.server']:.0f}",
         f"growth {last['postgres.server'] - warm['postgres.server']:+.0f} MB{'' if server_flat else ' **not flat**'}"),
    ]  # fmt: skip
    return server_flat and per_flat, rows


async def sample_memory(groups: dict[str, list[int]], samples: list[dict[str, float]], until: float) -> None:
    while True:
        samples.append(sample(groups))
        if time.monotonic() >= until:
            return
        await asyncio.sleep(min(SAMPLE_SECONDS, max(0.0, until - time.monotonic())))


async def soak(args: argparse.Namespace, api_urls: list[str], api_pids: list[int], extra: dict[str, list[int]],
               tokens: list[tuple[int, str]], database_url: str) -> int:  # fmt: skip
    tally = Tally()
    rng = random.Random(7)
    users = []
    for n, (user_id, token) in enumerate(tokens):
        url = api_urls[n % len(api_urls)]
        # Idle connections are dropped before uvicorn's 5 s keep-alive ends: reusing one the server is
        # closing fails with a ReadError that says nothing about the portal.
        http = httpx.AsyncClient(
            base_url=url,
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
            limits=httpx.Limits(keepalive_expiry=3),
        )
        order = api_urls[n % len(api_urls) :] + api_urls[: n % len(api_urls)]
        users.append(User(user_id, token, http, ChatClient(order, {"accessToken": token}, retry=1.0)))
    ids = [u.id for u in users]
    for n, user in enumerate(users):  # each user talks with 3 others
        for step in (1, 5, 17):
            contact = ids[(n + step) % len(ids)]
            if contact == user.id or contact in user.chats:
                continue
            answer = await user.http.get("/api/chat/get-chat", params={"contactId": contact})
            answer.raise_for_status()
            chat_id = answer.json()["chat"]["id"]
            user.chats[contact] = chat_id
            users[ids.index(contact)].chats[user.id] = chat_id
    for start in range(0, len(users), CONNECT_BATCH):  # as users arrive, not all in the same second
        await asyncio.gather(*(u.client.start(seconds=120) for u in users[start : start + CONNECT_BATCH]))
    print(f"{len(users)} users connected; soaking for {args.minutes} min", flush=True)

    started = time.monotonic()
    until = started + args.minutes * 60
    samples: list[dict[str, float]] = []
    groups = {f"api{n}": [pid] for n, pid in enumerate(api_pids)} | extra
    sampler = asyncio.create_task(sample_memory(groups, samples, until))
    await asyncio.gather(*(run_user(u, tally, until, args.pace, args.upload_share, rng.getrandbits(32)) for u in users))
    await sampler

    # Let the last pushes and jobs land, then account for everything.
    by_user = {u.id: u for u in users}
    undelivered: dict[int, int] = {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        undelivered = {m: r for m, r in tally.messages.items() if m not in by_user[r].client.received}
        if not undelivered:
            break
        await asyncio.sleep(0.5)
    documents: dict[int, str] = {}
    while time.monotonic() < deadline + 60:
        for document_id in tally.documents:
            if documents.get(document_id) not in ("ready", "failed"):
                answer = await users[0].http.get(f"/documents/{document_id}")
                documents[document_id] = answer.json().get("state", "?")
        if all(state in ("ready", "failed") for state in documents.values()):
            break
        await asyncio.sleep(1)
    reconnects = sum(u.client.connects - 1 for u in users)
    for user in users:
        await user.client.close()
        await user.http.aclose()
    stored = await asyncio.to_thread(stored_state, database_url)
    return report(args, tally, samples, undelivered, documents, stored, reconnects, time.monotonic() - started)


def stored_state(database_url: str) -> dict[str, Any]:
    """What the database holds at the end: message ids, each asset's version and history entries, and
    how many times each document entered a final state."""
    from sqlalchemy import text

    from app.db import make_sync_engine

    engine = make_sync_engine(database_url)
    try:
        with engine.connect() as conn:
            messages = {int(r[0]) for r in conn.execute(text("SELECT id FROM chat_messages"))}
            rows = conn.execute(
                text(
                    "SELECT a.id, a.version, count(c.id) FROM assets a LEFT JOIN record_changes c"
                    " ON c.resource = 'assets' AND c.record_id = a.id GROUP BY a.id, a.version"
                )
            ).all()
            finals = conn.execute(text("SELECT record_id, changes FROM record_changes WHERE resource = 'documents'"))
            final_entries: Counter[int] = Counter()
            for record_id, changes in finals:
                state = (changes if isinstance(changes, dict) else json.loads(changes)).get("state")
                if state and state[1] in ("ready", "failed"):
                    final_entries[int(record_id)] += 1
    finally:
        engine.dispose()
    return {"messages": messages, "assets": {int(i): (int(v), int(c)) for i, v, c in rows}, "finals": final_entries}


def report(args: argparse.Namespace, tally: Tally, samples: list[dict[str, float]], undelivered: dict[int, int],
           documents: dict[int, str], stored: dict[str, Any], reconnects: int, seconds: float) -> int:  # fmt: skip
    lost_messages = [m for m in tally.messages if m not in stored["messages"]]
    wrong_assets = {
        i: (v, stored["assets"].get(i)) for i, v in tally.assets.items() if stored["assets"].get(i, (0, 0))[0] != v
    }
    half_written = {i: vc for i, vc in stored["assets"].items() if vc[0] != vc[1]}
    not_once = {d: stored["finals"][d] for d in tally.documents if stored["finals"][d] != 1}
    not_ready = {d: s for d, s in documents.items() if s != "ready"}
    latencies = sorted(tally.latencies) or [0.0]
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000

    names = [k for k in samples[0] if k != "t" and "." not in k] if samples else []
    warm = samples[min(2, len(samples) - 1)] if samples else {}  # after the first minute: caches are warm
    last = samples[-1] if samples else {}
    rows = [
        ("users", f"{args.users}", ""),
        ("duration", f"{seconds / 60:.1f} min", f"asked {args.minutes} min"),
        ("requests", f"{sum(tally.answers.values()):,}", f"p99 {p99:.0f} ms"),
        ("error answers (4xx/5xx, network)", f"{len(tally.errors)}", "must be 0"),
        ("chat messages answered", f"{len(tally.messages):,}", ""),
        ("  not stored / not received", f"{len(lost_messages)} / {len(undelivered)}", "must be 0 / 0"),
        ("socket reconnects", f"{reconnects}", ""),
        ("assets written (versions)", f"{len(tally.assets):,} ({sum(tally.assets.values()):,})", ""),
        ("  wrong version / half-written", f"{len(wrong_assets)} / {len(half_written)}", "must be 0 / 0"),
        ("uploads", f"{len(tally.documents)}", ""),
        ("  not ready / not finished exactly once", f"{len(not_ready)} / {len(not_once)}", "must be 0 / 0"),
    ]
    growth_ok = True
    for name in names:
        values = [s[name] for s in samples]
        growth = last[name] - warm[name]
        if name == "postgres":  # judged with its backend count taken into account (module docstring)
            is_flat, details = postgres_rows(warm, last, samples[0])
            verdict = "flat per backend" if is_flat else "**not flat** per backend"
        else:
            is_flat, details = flat(warm[name], last[name]), []
            verdict = "" if is_flat else " **not flat**"
        growth_ok &= is_flat
        rows.append(
            (f"memory {name} (MB, USS)", f"{warm[name]:.0f} -> {last[name]:.0f} (max {max(values):.0f})",
             f"growth {growth:+.0f} MB{'; ' if name == 'postgres' else ''}{verdict}")
        )  # fmt: skip
        rows.extend(details)
    print("\n| check | value | note |\n|---|---:|---|")
    for check, value, note in rows:
        print(f"| {check} | {value} | {note} |")
    print(f"\nanswers: {dict(sorted(tally.answers.items()))}")
    for error in tally.errors[:10]:
        print(f"error: {error}")
    failed = any([tally.errors, lost_messages, undelivered, wrong_assets, half_written, not_once, not_ready])
    print("\nRESULT:", "FAILED" if failed or not growth_ok else "passed")
    return 1 if failed or not growth_ok else 0


def keep_logs(logs: list[Path]) -> None:
    """Copy the processes' logs out of the stack's folder (removed at the end) and count their errors."""
    kept = Path(tempfile.mkdtemp(prefix="portal-soak-logs-"))
    for log in logs:
        if log.exists():
            shutil.copy(log, kept / log.name)
            lines = log.read_text(errors="replace").splitlines()
            problems = [line for line in lines if " ERROR " in line or "unhandled error" in line]
            print(f"{log.name}: {len(problems)} error lines" + (f"; first: {problems[0][:300]}" if problems else ""))
    print(f"logs kept in {kept}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ops/soak", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--users", type=int, default=300)
    parser.add_argument("--pace", type=float, default=8.0, help="seconds between one user's actions (average)")
    parser.add_argument("--upload-share", type=float, default=0.02, help="share of actions that upload a file")
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of a PostgreSQL cluster of its own")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="portal-soak-"))
    redis = RedisServer(work / "redis")
    redis.start()
    cluster: PostgresCluster | None = None
    if not args.sqlite and PostgresCluster.unavailable_reason() is None:
        cluster = PostgresCluster()
        cluster.init()
    try:
        with portal(
            database_url=cluster.url if cluster else None,
            redis_url=redis.url,
            seed=False,
            extra_env={"CORS_ORIGINS": f'["{ORIGIN}"]'},  # the simulated clients' origin
        ) as instance:
            settings = instance.settings
            env = process_env(settings, WORKER_HEARTBEAT_SECONDS="2", WORKER_MAINTENANCE_SECONDS="10")
            worker = start_worker(env, work / "worker.log", redis.url)
            try:
                tokens = mint_users(instance, args.users, prefix="soak", role="manager")
                extra = {"worker": [worker.pid], "redis": [redis.process.pid] if redis.process else []}
                if cluster is not None:
                    extra["postgres"] = [int((cluster.data / "postmaster.pid").read_text().split()[0])]
                print(f"stack: {'PostgreSQL' if cluster else 'SQLite'}, redis-server, 2 API processes, a worker")
                stack = (instance.api_urls, instance.api_pids, extra, tokens, instance.database_url)
                return asyncio.run(soak(args, *stack))
            finally:
                worker.stop()
                keep_logs([*instance.data_dir.glob("api*.log"), work / "worker.log"])
    finally:
        redis.stop()
        if cluster is not None:
            cluster.destroy()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
