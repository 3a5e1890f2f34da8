"""An Engine.IO socket whose writer waits for its next packet without a task per packet.

python-engineio's websocket writer loops on ``AsyncSocket.poll()``, which waits for the socket's
queue with ``asyncio.wait_for`` (4.x). On Python 3.11 ``wait_for`` wraps the ``queue.get()`` in a
new task each call: a push to the ``staff`` room makes one task per socket, a thousand per record
change, before a byte is written. ``asyncio.timeout`` waits for the same queue with the same limit
and no task. ``queue_now`` lets a broadcast hand a packet to each socket in a plain loop (the library's
``send`` is four awaited calls per socket). The queue is a ``LeanQueue`` (no deques while nothing is
queued, :mod:`app.realtime.lean`). Everything else is the library's socket.
"""

from __future__ import annotations

import asyncio
import time

from engineio import async_socket, exceptions
from engineio.packet import Packet

from app.realtime.lean import LeanQueue


class QuickPollSocket(async_socket.AsyncSocket):
    def __init__(self, server: object, sid: str) -> None:
        super().__init__(server, sid)
        self.queue: LeanQueue[Packet | None] = LeanQueue()

    async def poll(self) -> list[Packet]:
        """The packets waiting to go out: one awaited, then whatever else is queued (``[]``: closed)."""
        try:
            async with asyncio.timeout(self.server.ping_interval + self.server.ping_timeout):
                first = await self.queue.get()
            self.queue.task_done()
        except (TimeoutError, asyncio.CancelledError):  # as the library: the writer ends
            raise exceptions.QueueEmpty() from None
        if first is None:
            return []
        packets: list[Packet] = [first]
        while not self.queue.empty():
            pkt = self.queue.get_nowait()
            self.queue.task_done()
            if pkt is None:  # the close marker stays queued for the next poll
                self.queue.put_nowait(None)
                break
            packets.append(pkt)
        return packets

    def queue_now(self, pkt: Packet) -> bool:
        """Queue a packet for the writer without awaiting (a broadcast's loop over a room); False when
        the socket is closed or its client stopped answering pings, which ``send`` handles (it closes)."""
        if self.closed or (self.last_ping and time.time() - self.last_ping > self.server.ping_timeout):
            return False
        self.queue.put_nowait(pkt)  # the queue is unbounded: never full
        return True


def install() -> None:
    """Make the Engine.IO server create these sockets (it looks the class up on its module at connect)."""
    async_socket.AsyncSocket = QuickPollSocket
