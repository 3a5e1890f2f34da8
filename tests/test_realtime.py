"""Socket.IO across two API processes on one Redis: pushes, refusals and dropped sessions."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import socketio
from starlette.applications import Starlette

from app.settings import Settings
from schemas.options import Role
from tests.processes import api_command, free_port, process_env, serving
from tests.realtime_support import ORIGIN, Cluster, all_dropped, everywhere, signed_in, tokens_for
from tests.support import create_account

pytestmark = pytest.mark.db


async def test_a_change_through_one_process_reaches_a_client_of_the_other(
    cluster: Cluster, app: Starlette, connect: Any
) -> None:
    manager, manager_tokens = await signed_in(app, cluster.urls[0], Role.MANAGER)
    viewer, viewer_tokens = await signed_in(app, cluster.urls[1], Role.CONTRACTOR)
    watcher = await connect(cluster.urls[1], viewer_tokens["accessToken"])
    headers = {"Authorization": f"Bearer {manager_tokens['accessToken']}"}
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=headers) as http:
        created = await http.post(
            "/assets",
            json={"tag": f"RT-{viewer.user_id}", "name": "Pump", "category": "Power", "department": "Hardware"},
        )
        assert created.status_code == 201
        asset = created.json()
        pushed = await watcher.wait_for(lambda e: e["type"] == "record.created" and e["id"] == asset["id"])
        assert pushed["resource"] == "assets" and pushed["record"]["tag"] == asset["tag"]
        assert pushed["actorId"] == manager.user_id

        changed = await http.patch(f"/assets/{asset['id']}", json={"id": asset["id"], "version": 1, "status": "POOR"})
        assert changed.status_code == 200
        update = await watcher.wait_for(lambda e: e["type"] == "record.updated" and e["id"] == asset["id"])
        assert update["version"] == 2 and update["changed"] == ["status"] and update["record"]["status"] == "POOR"

        # A refused write pushes nothing.
        stale = await http.patch(f"/assets/{asset['id']}", json={"id": asset["id"], "version": 1, "status": "BAD"})
        assert stale.status_code == 409

        await http.delete(f"/assets/{asset['id']}")
        gone = await watcher.wait_for(lambda e: e["type"] == "record.deleted" and e["id"] == asset["id"])
        assert gone["record"] is None
    updates = [e for e in watcher.events if e["id"] == asset["id"]]
    assert [e["type"] for e in updates] == ["record.created", "record.updated", "record.deleted"]


async def test_connections_without_a_valid_token_are_refused(cluster: Cluster, connect: Any) -> None:
    for token in [None, "", "not-a-jwt"]:
        with pytest.raises(socketio.exceptions.ConnectionError):
            await connect(cluster.urls[0], token)


async def test_connections_from_an_unknown_origin_are_refused(cluster: Cluster, app: Starlette, connect: Any) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    tokens = await tokens_for(cluster.urls[0], account.username)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await connect(cluster.urls[0], tokens["accessToken"], origin="http://evil.example")
    ok = await connect(cluster.urls[0], tokens["accessToken"])
    assert ok.client.connected


async def test_signing_out_drops_the_sessions_sockets_on_every_process(
    cluster: Cluster, app: Starlette, connect: Any
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    tokens = await tokens_for(cluster.urls[0], account.username)
    other_session = await tokens_for(cluster.urls[0], account.username)
    on_second = await connect(cluster.urls[1], tokens["accessToken"])
    on_first = await connect(cluster.urls[0], tokens["accessToken"])
    unrelated = await connect(cluster.urls[1], other_session["accessToken"])
    async with httpx.AsyncClient(base_url=cluster.urls[0]) as http:
        out = await http.post("/auth/sign-out", headers={"Authorization": f"Bearer {tokens['accessToken']}"})
        assert out.status_code == 200
    await asyncio.wait_for(on_second.disconnected.wait(), 5)
    await asyncio.wait_for(on_first.disconnected.wait(), 5)
    assert not on_second.client.connected and not on_first.client.connected
    # The same user's other session is untouched.
    await asyncio.sleep(0.3)
    assert unrelated.client.connected
    # And the old token cannot connect again.
    with pytest.raises(socketio.exceptions.ConnectionError):
        await connect(cluster.urls[1], tokens["accessToken"])


async def test_a_socket_is_dropped_when_its_access_token_expires(
    settings: Settings, run_dir: Path, app: Starlette, connect: Any
) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = process_env(settings, CORS_ORIGINS=f'["{ORIGIN}"]', ACCESS_TOKEN_TTL="2")
    logs = run_dir / "short-lived"
    logs.mkdir(exist_ok=True)
    with serving([("api-short", api_command(port), f"{url}/health")], env, logs):
        tokens = await tokens_for(url, account.username)
        assert tokens["expiresIn"] == 2
        listener = await connect(url, tokens["accessToken"])
        await asyncio.wait_for(listener.disconnected.wait(), 6)
        assert listener.sessions == [{"type": "session.ended", "reason": "expired"}]
        # A refreshed token connects again.
        async with httpx.AsyncClient(base_url=url) as http:
            fresh = (await http.post("/auth/refresh", json={"refreshToken": tokens["refreshToken"]})).json()
        again = await connect(url, fresh["accessToken"])
        assert again.client.connected


async def test_disabling_a_user_from_the_cli_drops_their_sockets(
    settings: Settings, cluster: Cluster, app: Starlette, connect: Any
) -> None:
    from tests.test_cli import portal

    account, tokens = await signed_in(app, cluster.urls[0])
    sockets = await everywhere(connect, cluster, tokens)
    portal(settings, "users", "disable", account.username)
    await all_dropped(sockets)
    for listener in sockets:
        assert listener.sessions == [{"type": "session.ended", "reason": "revoked"}]
