"""The broadcast path of ``app/realtime/broadcast.py``: every socket of a room, on every process, once."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from schemas.options import Role
from tests.realtime_support import Cluster, tokens_for
from tests.support import create_account

pytestmark = pytest.mark.db


async def test_a_change_reaches_every_socket_of_both_processes_exactly_once(
    cluster: Cluster, app: Starlette, connect: Any
) -> None:
    manager = await create_account(app, Role.MANAGER)
    viewers = [await create_account(app, Role.TECHNICIAN) for _ in range(2)]
    tokens = [(await tokens_for(cluster.urls[0], v.username))["accessToken"] for v in viewers]
    # Both viewers on both processes: the sender's own process delivers locally, the other through Redis.
    sockets = [await connect(url, token) for token in tokens for url in cluster.urls]
    writer = (await tokens_for(cluster.urls[0], manager.username))["accessToken"]
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers={"Authorization": f"Bearer {writer}"}) as http:
        created = await http.post(
            "/assets",
            json={"tag": f"BC-{manager.user_id}", "name": "Valve", "category": "Power", "department": "Hardware"},
        )
        assert created.status_code == 201
        asset = created.json()
        changed = await http.patch(f"/assets/{asset['id']}", json={"id": asset["id"], "version": 1, "location": "B2"})
        assert changed.status_code == 200
    for socket in sockets:
        await socket.wait_for(lambda e: e["id"] == asset["id"] and e["version"] == 2)
    await asyncio.sleep(0.3)  # a duplicate would arrive right behind the first copy
    for socket in sockets:
        mine = [(e["type"], e["version"]) for e in socket.events if e["id"] == asset["id"]]
        assert mine == [("record.created", 1), ("record.updated", 2)]
