"""Engine.IO pings from one timer per process instead of one sleeping task per socket.

python-engineio (4.x) schedules each socket's next ping by starting a task that sleeps
``ping_interval`` (25 s) and then sends: every idle socket holds a task, its coroutine frame, a
future and a timer for its whole life, and a task is created per socket every 25 s (py-spy and
tracemalloc: a few KB per socket of the 46.5 KB measured, issue 20). Here a socket's next ping goes
in a bucket of a timer wheel, a list per tick: one ``call_at`` for the process, a list entry per
socket, and the ping is queued for the socket's writer without a task (``queue_now``). The ping goes
out at most one tick later than the library's would; the client allows ``ping_interval +
ping_timeout``. A socket that stops answering is still closed by the library (its writer's wait ends).
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from engineio import async_socket
from engineio import packet as eio_packet

from app.realtime.eio_socket import QuickPollSocket

MAX_TICK_SECONDS = 1.0


class PingWheel:
    """The sockets waiting for their next ping, by the tick it is due at."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.tick = min(MAX_TICK_SECONDS, interval / 2)
        self._due: dict[int, list[PingWheelSocket]] = {}  # tick number -> sockets
        self._timer: asyncio.TimerHandle | None = None
        self._timer_tick: int | None = None

    def __len__(self) -> int:
        return sum(len(sockets) for sockets in self._due.values())

    def add(self, socket: PingWheelSocket) -> None:
        loop = asyncio.get_running_loop()
        due = math.ceil((loop.time() + self.interval) / self.tick)
        self._due.setdefault(due, []).append(socket)
        if self._timer_tick is None or due < self._timer_tick:
            if self._timer is not None:
                self._timer.cancel()
            self._timer_tick = due
            self._timer = loop.call_at(due * self.tick, self._fire)

    def _fire(self) -> None:
        loop = asyncio.get_running_loop()
        now_tick = math.floor(loop.time() / self.tick + 1e-9)
        self._timer = self._timer_tick = None
        for due in sorted(t for t in self._due if t <= now_tick):
            for socket in self._due.pop(due):
                socket.ping_now()
        if self._due:
            self._timer_tick = min(self._due)
            self._timer = loop.call_at(self._timer_tick * self.tick, self._fire)


class PingWheelSocket(QuickPollSocket):
    last_ping: float | None  # the library's: when the unanswered ping went out

    def schedule_ping(self) -> None:
        """As the library's (a new ping cycle only after the last one's answer), without a task."""
        if self.last_ping:
            self.last_ping = None
            wheel(self.server).add(self)

    def ping_now(self) -> None:
        if not self.closing and not self.closed:
            self.last_ping = time.time()
            self.queue_now(eio_packet.Packet(eio_packet.PING))  # False only when closed: nothing to ping


def wheel(server: Any) -> PingWheel:
    """The server's wheel (one per Engine.IO server, made at its first socket)."""
    found: PingWheel | None = getattr(server, "_portal_ping_wheel", None)
    if found is None:
        found = PingWheel(server.ping_interval)
        server._portal_ping_wheel = found
    return found


def install() -> None:
    """Make the Engine.IO server create these sockets (after ``eio_socket.install``, whose socket this extends)."""
    async_socket.AsyncSocket = PingWheelSocket
