"""Sockets under abuse: event floods, oversized messages, demoted users and the role matrix for pushes.

The cluster is the two real API processes of tests/conftest.py; the guard is app/realtime/flood.py.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.realtime import flood
from app.realtime.flood import FloodGuard
from schemas.options import Role
from tests.realtime_support import Cluster, Sockets, all_dropped, bearer, everywhere, signed_in, tokens_for
from tests.support import create_account, unique

pytestmark = pytest.mark.db


async def _pair_in_a_chat(app: Starlette, cluster: Cluster) -> tuple[dict[str, Any], dict[str, Any], str]:
    _, alice_tokens = await signed_in(app, cluster.urls[0])
    bob, bob_tokens = await signed_in(app, cluster.urls[0])
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(alice_tokens)) as http:
        chat_id = (await http.get("/api/chat/get-chat", params={"contactId": bob.user_id})).json()["chat"]["id"]
    return alice_tokens, bob_tokens, str(chat_id)


def test_the_bucket_allows_a_burst_then_the_rate_then_cuts_a_flood() -> None:
    now = [0.0]
    guard = FloodGuard(rate=10, burst=5, cutoff=3, clock=lambda: now[0])
    assert [guard.check("a") for _ in range(5)] == ["ok"] * 5
    assert guard.check("a") == "drop"
    assert guard.check("b") == "ok"  # buckets are per socket
    now[0] += 0.1  # one event's worth refilled
    assert guard.check("a") == "ok"
    assert [guard.check("a") for _ in range(3)] == ["drop", "drop", "cut"]
    guard.forget("a")
    assert guard.check("a") == "ok"


async def test_a_flood_of_events_is_throttled_then_disconnected(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    alice, bob, chat_id = await _pair_in_a_chat(app, cluster)
    flooder = await connect(cluster.urls[0], alice["accessToken"])
    watcher = await connect(cluster.urls[1], bob["accessToken"])
    sent = flood.BURST + flood.CUTOFF + 50
    for _ in range(sent):
        if not flooder.client.connected:
            break
        await flooder.client.emit("chat:typing", {"chatId": chat_id})
    await asyncio.wait_for(flooder.disconnected.wait(), 5)
    await asyncio.sleep(0.5)
    relayed = len(watcher.channels["chat:typing"])
    # The burst got through (and a little refill while sending); the rest was dropped, not relayed.
    assert flood.BURST <= relayed < flood.BURST + 40, relayed
    # The other member and the process are fine; the flooder may connect again (a new bucket).
    assert watcher.client.connected
    again = await connect(cluster.urls[0], alice["accessToken"])
    await again.client.emit("chat:typing", {"chatId": chat_id})
    await watcher.wait_for(lambda e: len(watcher.channels["chat:typing"]) > relayed, channel="chat:typing")


async def test_events_at_a_human_pace_are_never_dropped(app: Starlette, cluster: Cluster, connect: Sockets) -> None:
    alice, bob, chat_id = await _pair_in_a_chat(app, cluster)
    typist = await connect(cluster.urls[0], alice["accessToken"])
    watcher = await connect(cluster.urls[1], bob["accessToken"])
    for _ in range(flood.BURST + 10):  # more than a burst, but spread below the rate
        await typist.client.emit("chat:typing", {"chatId": chat_id})
        await asyncio.sleep(1.5 / flood.RATE)
    await watcher.wait_for(lambda e: len(watcher.channels["chat:typing"]) == flood.BURST + 10, channel="chat:typing")
    assert typist.client.connected


async def test_an_oversized_message_closes_only_that_connection(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    alice, bob, chat_id = await _pair_in_a_chat(app, cluster)
    big = await connect(cluster.urls[0], alice["accessToken"])
    watcher = await connect(cluster.urls[0], bob["accessToken"])
    await big.client.emit("chat:typing", {"chatId": chat_id, "junk": "x" * (flood.MAX_MESSAGE_BYTES + 1024)})
    await asyncio.wait_for(big.disconnected.wait(), 5)
    assert watcher.client.connected
    assert watcher.channels["chat:typing"] == []
    # Odd but small payloads are ignored without harm.
    odd = await connect(cluster.urls[0], alice["accessToken"])
    for payload in [None, "text", 42, [1, 2], {"chatId": 7}, {"chatId": "../../etc"}, {"idle": "yes"}]:
        await odd.client.emit("chat:typing", payload)
        await odd.client.emit("presence", payload)
    await odd.client.emit("no-such-event", {"x": 1})
    await asyncio.sleep(0.3)
    assert odd.client.connected
    async with httpx.AsyncClient(base_url=cluster.urls[0]) as http:
        assert (await http.get("/health")).status_code == 200


async def test_record_pushes_follow_the_role_matrix(app: Starlette, cluster: Cluster, connect: Sockets) -> None:
    manager = await create_account(app, Role.MANAGER)
    contractor = await create_account(app, Role.CONTRACTOR)
    nobody = await create_account(app, None)
    manager_tokens = await tokens_for(cluster.urls[0], manager.username)
    staff_socket = await connect(
        cluster.urls[1], (await tokens_for(cluster.urls[1], contractor.username))["accessToken"]
    )
    roleless = await connect(cluster.urls[1], (await tokens_for(cluster.urls[1], nobody.username))["accessToken"])
    tag = unique("SEC-")
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(manager_tokens)) as http:
        created = await http.post(
            "/assets", json={"tag": tag, "name": "Hoist", "category": "Power", "department": "Hardware"}
        )
        assert created.status_code == 201, created.text
    await staff_socket.wait_for(lambda e: e["type"] == "record.created" and e["record"]["tag"] == tag)
    await asyncio.sleep(0.3)
    # A user without a role reads no records over HTTP, so no record reaches their socket either.
    assert roleless.events == []


async def test_a_demoted_user_loses_http_and_sockets_at_once(
    settings: Any, app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    from tests.test_cli import portal

    account, tokens = await signed_in(app, cluster.urls[0], Role.MANAGER)
    sockets = await everywhere(connect, cluster, tokens)
    portal(settings, "users", "set-role", account.username, "contractor")
    await all_dropped(sockets)
    async with httpx.AsyncClient(base_url=cluster.urls[1]) as http:
        assert (await http.get("/me", headers=bearer(tokens))).status_code == 401
        refreshed = await http.post("/auth/refresh", json={"refreshToken": tokens["refreshToken"]})
        assert refreshed.status_code == 401
        fresh = await tokens_for(cluster.urls[1], account.username)
        me = (await http.get("/me", headers=bearer(fresh))).json()
        assert me["role"] == "contractor"
        refused = await http.post(
            "/assets",
            headers=bearer(fresh),
            json={"tag": unique("DEM-"), "name": "X", "category": "Power", "department": "Hardware"},
        )
        assert refused.status_code == 403
