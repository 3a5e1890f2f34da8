"""Reconnect storms (issue 20): what a restart of the API processes costs, and what it must not change.

- a process subscribes to the pushes at start-up, not at its first connection;
- a stopping process (SIGTERM) takes none of its users offline and closes its sockets without Redis
  round trips, but takes their session registrations off (the socket cap), and still refuses
  revoked sessions once it is back;
- presence batches wait longer with more sockets to push to, within bounds;
- a disconnect finds its socket's rooms through an index, and leaves exactly those.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from types import FrameType
from typing import Any, cast

import httpx
import pytest
import redis.asyncio as aioredis
import socketio
from starlette.applications import Starlette

from app.main import on_stop_signals
from app.operations.launcher import api_command, free_port, serving, stop
from app.realtime import presence as presence_module
from app.realtime.presence import Presence
from app.realtime.room_index import RoomIndex
from app.settings import Settings
from schemas.options import Role
from tests.processes import process_env
from tests.realtime_support import ORIGIN, Cluster, Sockets, tokens_for
from tests.support import create_account


class _IndexedManager(RoomIndex, socketio.AsyncManager):
    pass


def _manager() -> _IndexedManager:
    manager = _IndexedManager()
    manager.set_server(socketio.AsyncServer())
    return manager


async def test_a_disconnect_leaves_exactly_its_own_rooms() -> None:
    manager = _manager()
    for n in range(50):
        sid = await manager.connect(f"eio{n}", "/")
        await manager.enter_room(sid, "/", f"user:{n}")
        await manager.enter_room(sid, "/", "staff")
    one = manager.sid_from_eio_sid("eio7", "/")
    assert sorted(manager.get_rooms(one, "/")) == sorted([one, "user:7", "staff"])
    await manager.leave_room(one, "/", "staff")
    assert sorted(manager.get_rooms(one, "/")) == sorted([one, "user:7"])
    await manager.disconnect(one, "/")
    rooms = manager.rooms["/"]
    assert "user:7" not in rooms and one not in rooms and one not in rooms[None]
    assert len(rooms["staff"]) == 49 and "user:8" in rooms
    assert ("/", one) not in manager.rooms_of
    for n in range(50):  # everyone leaves: nothing is left behind, in the table or the index
        if n != 7:
            await manager.disconnect(manager.sid_from_eio_sid(f"eio{n}", "/"), "/")
    assert "/" not in manager.rooms and manager.rooms_of == {}


def test_stop_signals_reach_the_callback_first_then_the_handler_in_place() -> None:
    calls: list[str] = []

    def uvicorn_like(signum: int, frame: FrameType | None) -> None:
        calls.append(f"server:{signum}")

    before = signal.signal(signal.SIGTERM, uvicorn_like)
    try:
        restore = on_stop_signals(lambda: calls.append("stopping"))
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler) and handler is not uvicorn_like
        handler(signal.SIGTERM, None)
        assert calls == ["stopping", f"server:{int(signal.SIGTERM)}"]
        restore()
        assert signal.getsignal(signal.SIGTERM) is uvicorn_like
    finally:
        signal.signal(signal.SIGTERM, before)


def test_presence_storm_batches_wait_longer_with_more_recipients_within_bounds() -> None:
    presence = Presence(redis=cast(Any, None), db=cast(Any, None))
    waits = []
    for recipients in (0, 100, 1_000, 2_000, 5_000, 50_000):
        presence.recipients = lambda n=recipients: n
        waits.append(presence.storm_batch_seconds())
    assert waits[0] == waits[1] == presence_module.STORM_BATCH_SECONDS  # a few sockets: within a second
    assert waits == sorted(waits) and waits[2] < waits[3] < waits[4]
    assert waits[-1] == presence_module.STORM_BATCH_MAX_SECONDS


@pytest.mark.db
async def test_a_process_subscribes_to_pushes_at_start_not_at_its_first_connection(app: Starlette) -> None:
    # Nothing ever connects a socket to the in-process app (tests reach it through ASGI, without websockets).
    server = app.state.portal.realtime.server
    assert server.manager_initialized
    await asyncio.wait_for(server.manager.subscribed.wait(), 5)


@pytest.mark.db
async def test_a_restarted_process_takes_nobody_offline_and_frees_the_socket_cap(
    app: Starlette, settings: Settings, run_dir: Path, cluster: Cluster, connect: Sockets, redis_url: str
) -> None:
    watcher = await create_account(app, Role.TECHNICIAN)
    bob = await create_account(app, Role.TECHNICIAN)
    watching = await connect(cluster.urls[0], (await tokens_for(cluster.urls[0], watcher.username))["accessToken"])
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    logs = run_dir / "restarted"
    logs.mkdir(exist_ok=True)
    services = [("api", api_command(port), f"{url}/health")]
    env = process_env(settings, CORS_ORIGINS=f'["{ORIGIN}"]')
    redis = aioredis.from_url(redis_url)
    try:
        with serving(services, env, logs) as processes:
            tokens = await tokens_for(url, bob.username)
            bobs = socketio.AsyncClient(reconnection=False)
            await bobs.connect(
                url, transports=["websocket"], auth={"token": tokens["accessToken"]}, headers={"Origin": ORIGIN},
                wait_timeout=5,
            )  # fmt: skip
            await watching.wait_for(lambda e: e["userId"] == bob.user_id and e["status"] == "online", "presence")
            watching.channels["presence"].clear()
            session_id = (await app.state.portal.auth.authenticate(tokens["accessToken"])).session_id
            open_key = f"portal:sockets:open:{session_id}"
            assert await redis.zcard(open_key) == 1
            await asyncio.to_thread(stop, processes)  # SIGTERM, as a deploy does
            await asyncio.sleep(1.0)  # an offline push would have gone out within the storm batch
            assert not [e for e in watching.channels["presence"] if e["userId"] == bob.user_id]
            assert await redis.hget("portal:presence:last", str(bob.user_id)) == b"online"
            assert await redis.zcard(open_key) == 0  # the old socket does not count against the cap
            await bobs.disconnect()
        # Back on another process: still online, nothing announced; a revoked session is still refused.
        back = await connect(cluster.urls[1], tokens["accessToken"])
        await asyncio.sleep(0.7)
        assert not [e for e in watching.channels["presence"] if e["userId"] == bob.user_id]
        async with httpx.AsyncClient(base_url=cluster.urls[1]) as http:
            out = await http.post("/auth/sign-out", headers={"Authorization": f"Bearer {tokens['accessToken']}"})
            assert out.status_code in (200, 204), out.text
        await asyncio.wait_for(back.disconnected.wait(), 5)
        with pytest.raises(socketio.exceptions.ConnectionError):
            await connect(cluster.urls[0], tokens["accessToken"])
    finally:
        await redis.aclose()


async def test_pings_come_from_one_wheel_without_a_task_per_socket() -> None:
    import engineio
    from engineio.packet import PING

    from app.realtime.ping_wheel import PingWheelSocket, wheel

    server = engineio.AsyncServer(async_mode="asgi", ping_interval=0.2, ping_timeout=1)
    sockets = [PingWheelSocket(server, f"sid{n}") for n in range(100)]
    tasks = len(asyncio.all_tasks())
    for socket in sockets:
        socket.schedule_ping()  # as at connect: the first ping cycle starts
    assert len(asyncio.all_tasks()) == tasks and len(wheel(server)) == 100
    sockets[0].closed = True
    await asyncio.sleep(0.5)
    assert len(wheel(server)) == 0
    assert sockets[0].queue.empty()  # a closed socket is not pinged
    for socket in sockets[1:]:
        assert [p.packet_type for p in await socket.poll()] == [PING] and socket.last_ping is not None
    sockets[1].schedule_ping()  # the pong of that ping: the next cycle starts
    assert len(wheel(server)) == 1 and sockets[1].last_ping is None
    sockets[1].schedule_ping()  # a second pong without a ping in between starts nothing more
    assert len(wheel(server)) == 1


async def test_a_websocket_keeps_no_body_reader_of_its_handshake() -> None:
    from engineio.async_drivers import asgi

    from app.realtime.handshake import lighten

    server = socketio.AsyncServer(async_mode="asgi")
    lighten(server.eio)
    translate = server.eio._async["translate_request"]
    scope = {"type": "websocket", "path": "/socket.io/", "query_string": b"EIO=4", "headers": [(b"origin", b"x")]}

    async def connecting() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def requesting() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    environ = await translate(scope, connecting, None)
    assert "wsgi.input" not in environ and environ["HTTP_ORIGIN"] == "x"
    http = await translate({**scope, "type": "http", "method": "POST"}, requesting, None)
    assert "wsgi.input" in http  # long-polling bodies still read
    assert asgi._async["translate_request"] is not translate  # other servers keep the driver's own


async def test_a_stopping_process_stops_renewing_presence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presence_module, "HEARTBEAT_SECONDS", 0)
    presence = Presence(redis=cast(Any, None), db=cast(Any, None))  # any Redis call would fail the beat
    presence._local["sid"] = 1
    presence.stopping = True
    await asyncio.wait_for(presence._heartbeat(), 1)  # returns at its next beat instead of renewing


@pytest.mark.db
async def test_stopping_marks_every_socket_closing_so_its_end_skips_the_disconnect_handlers(app: Starlette) -> None:
    realtime = app.state.portal.realtime
    eio = realtime.server.eio

    class Socket:
        def __init__(self, sid: str) -> None:
            self.sid, self.closing, self.closed = sid, False, False

    sockets = {f"eio{n}": Socket(f"eio{n}") for n in range(3)}
    loop = asyncio.get_running_loop()
    fired: list[int] = []
    timers = {f"sid{n}": loop.call_later(0.05, fired.append, n) for n in range(3)}
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(eio, "sockets", {**eio.sockets, **sockets})
    monkeypatch.setattr(realtime, "_expiry_timers", dict(timers))
    try:
        realtime._closing_all()
        assert all(s.closing and not s.closed for s in sockets.values())
        assert realtime._expiry_timers == {}
        await asyncio.sleep(0.1)
        assert fired == []  # no session expiry acted on while stopping
        # A closing socket's close() is the library's no-op: no disconnect handler runs for it.
        import engineio

        closing = engineio.async_socket.AsyncSocket(eio, "x")
        closing.closing = True
        triggered: list[Any] = []
        monkeypatch.setattr(eio, "_trigger_event", lambda *a, **k: triggered.append(a))
        await closing.close(wait=False, abort=True)
        assert triggered == []
    finally:
        monkeypatch.undo()
