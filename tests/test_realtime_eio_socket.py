"""The Engine.IO socket's writer wait (app/realtime/eio_socket.py): the library's answers, no task."""

from __future__ import annotations

import asyncio
import time

import engineio
import pytest
from engineio import async_socket, exceptions
from engineio.packet import MESSAGE, Packet

from app.realtime import eio_socket
from app.realtime.eio_socket import QuickPollSocket


def _socket(wait_seconds: float = 5.0) -> QuickPollSocket:
    server = engineio.AsyncServer(async_mode="asgi", ping_interval=wait_seconds / 2, ping_timeout=wait_seconds / 2)
    return QuickPollSocket(server, "sid")


async def test_poll_answers_everything_queued_in_order_without_a_task() -> None:
    socket = _socket()
    waiting = asyncio.ensure_future(socket.poll())
    await asyncio.sleep(0)
    tasks = len(asyncio.all_tasks())
    await asyncio.sleep(0.01)
    assert len(asyncio.all_tasks()) == tasks  # the wait made no task of its own (wait_for did)
    for n in range(3):
        await socket.queue.put(Packet(MESSAGE, f"m{n}"))
    assert [p.data for p in await waiting] == ["m0", "m1", "m2"]


async def test_poll_ends_at_the_close_marker_and_on_silence() -> None:
    socket = _socket()
    await socket.queue.put(Packet(MESSAGE, "last"))
    await socket.queue.put(None)
    assert [p.data for p in await socket.poll()] == ["last"]
    assert await socket.poll() == []  # the marker stayed for this poll
    with pytest.raises(exceptions.QueueEmpty):
        await _socket(wait_seconds=0.05).poll()


def test_installed_for_the_server() -> None:
    eio_socket.install()
    assert async_socket.AsyncSocket is QuickPollSocket


async def test_queue_now_hands_the_packet_to_the_writer_unless_the_socket_is_gone() -> None:
    socket = _socket()
    assert socket.queue_now(Packet(MESSAGE, "pushed"))
    assert [p.data for p in await socket.poll()] == ["pushed"]
    socket.last_ping = time.time() - 60  # the client stopped answering: the library's send closes it
    assert not socket.queue_now(Packet(MESSAGE, "late"))
    socket.last_ping, socket.closed = time.time(), True
    assert not socket.queue_now(Packet(MESSAGE, "later")) and socket.queue.empty()
