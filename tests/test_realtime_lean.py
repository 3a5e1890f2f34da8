"""What each socket holds for its life, made smaller (issue 20): app/realtime/lean.py, ws_protocol.py,
handshake.forget_request. The queue and event answer as asyncio's do; the websocket protocol lets the
handshake go once accepted and still carries messages both ways."""

from __future__ import annotations

import asyncio
import contextlib
import sys

import pytest
import uvicorn
import websockets

from app.operations.launcher import api_command, free_port
from app.realtime import handshake
from app.realtime.lean import LeanEvent, LeanQueue
from app.realtime.ws_protocol import LeanWebSocketProtocol


async def test_queue_is_fifo_and_holds_no_container_while_idle() -> None:
    queue: LeanQueue[int] = LeanQueue()
    assert queue.empty() and queue.qsize() == 0 and queue._items is None and queue._getters is None
    for n in range(3):
        queue.put_nowait(n)
    await queue.put(3)
    assert queue.qsize() == 4 and not queue.empty() and not queue.full()
    assert [await queue.get() for _ in range(3)] == [0, 1, 2]
    assert queue.get_nowait() == 3
    assert queue._items is None  # emptied: the deque is let go
    with pytest.raises(asyncio.QueueEmpty):
        queue.get_nowait()


async def test_get_waits_for_a_put_and_waiters_are_served_in_order() -> None:
    queue: LeanQueue[str] = LeanQueue()
    first = asyncio.ensure_future(queue.get())
    second = asyncio.ensure_future(queue.get())
    await asyncio.sleep(0)
    assert not first.done() and not second.done()
    queue.put_nowait("a")
    queue.put_nowait("b")
    assert await first == "a"
    assert await second == "b"
    assert queue._getters is None


async def test_a_cancelled_getter_loses_no_item() -> None:
    queue: LeanQueue[str] = LeanQueue()
    cancelled = asyncio.ensure_future(queue.get())
    other = asyncio.ensure_future(queue.get())
    await asyncio.sleep(0)
    queue.put_nowait("kept")  # wakes `cancelled`, which is cancelled before it runs
    cancelled.cancel()
    assert await other == "kept"
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert queue.empty() and queue._getters is None


async def test_getter_cancelled_while_waiting_is_forgotten() -> None:
    queue: LeanQueue[int] = LeanQueue()
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.01):
            await queue.get()
    assert queue._getters is None
    queue.put_nowait(1)
    assert await queue.get() == 1


async def test_join_waits_for_every_task_done() -> None:
    queue: LeanQueue[int] = LeanQueue()
    await queue.join()  # nothing unfinished: at once
    queue.put_nowait(1)
    queue.put_nowait(2)
    joined = asyncio.ensure_future(queue.join())
    queue.get_nowait()
    queue.task_done()
    await asyncio.sleep(0)
    assert not joined.done()
    queue.get_nowait()
    queue.task_done()
    await asyncio.wait_for(joined, 1)
    with pytest.raises(ValueError, match="too many"):
        queue.task_done()


async def test_event_wakes_every_waiter_and_clears() -> None:
    event = LeanEvent()
    assert not event.is_set() and event._waiters is None
    waiters = [asyncio.ensure_future(event.wait()) for _ in range(3)]
    await asyncio.sleep(0)
    assert not any(w.done() for w in waiters)
    event.set()
    assert await asyncio.gather(*waiters) == [True, True, True]
    assert event._waiters is None and event.is_set()
    assert await event.wait() is True
    event.clear()
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.01):
            await event.wait()
    assert event._waiters is None


def test_forget_request_keeps_only_what_a_connected_socket_needs() -> None:
    scope = {"type": "websocket"}
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/socket.io/",
        "QUERY_STRING": "EIO=4&transport=websocket",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_COOKIE": "a=b",
        "HTTP_USER_AGENT": "x" * 200,
        "asgi.scope": scope,
        "asgi.send": object(),
    }
    same = environ
    handshake.forget_request(environ)
    assert same is environ
    assert environ == {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/socket.io/",
        "QUERY_STRING": "EIO=4&transport=websocket",
        "REMOTE_ADDR": "127.0.0.1",
        "asgi.scope": scope,
    }


def test_the_api_runs_with_the_lean_protocol() -> None:
    command = api_command(8000)
    assert command[command.index("--ws") + 1] == "app.realtime.ws_protocol:LeanWebSocketProtocol"
    assert command[:3] == [sys.executable, "-m", "uvicorn"]


async def test_protocol_lets_the_handshake_go_and_still_carries_messages() -> None:
    async def echo(scope: dict, receive, send) -> None:  # type: ignore[no-untyped-def]
        if scope["type"] != "websocket":
            return
        assert (await receive())["type"] == "websocket.connect"
        assert dict(scope["headers"])[b"x-probe"] == b"yes"  # the app sees the headers before accepting
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            await send({"type": "websocket.send", "text": message["text"].upper()})

    port = free_port()
    config = uvicorn.Config(
        echo, port=port, ws=LeanWebSocketProtocol, ws_ping_interval=0, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    serving = asyncio.ensure_future(server.serve())
    try:
        while not server.started:  # noqa: ASYNC110 (uvicorn offers a flag, not an event)
            await asyncio.sleep(0.01)
        async with websockets.connect(f"ws://127.0.0.1:{port}/", additional_headers={"X-Probe": "yes"}) as ws:
            await ws.send("hello")
            assert await ws.recv() == "HELLO"
            (protocol,) = [c for c in server.server_state.connections if isinstance(c, LeanWebSocketProtocol)]
            assert protocol.request is None and protocol.response is None
            assert protocol.scope["headers"] == []
            assert isinstance(protocol.queue, LeanQueue) and isinstance(protocol.writable, LeanEvent)
            for n in range(50):  # many messages, in order, through the lean queue
                await ws.send(f"m{n}")
            assert [await ws.recv() for _ in range(50)] == [f"M{n}" for n in range(50)]
    finally:
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(serving, 10)
