"""Limits on what one socket may send: message size, and events per second (a token bucket per socket).

Clients send only small, occasional events (``presence`` on idle changes, ``chat:typing`` while
typing; chat messages go over HTTP), and each ``chat:typing`` costs a database read. A client that
sends faster than ``RATE`` per second after a burst of ``BURST`` has the extra events dropped; one
that keeps on flooding (``CUTOFF`` drops in a row) is disconnected. Engine.IO closes a connection
whose message is over ``MAX_MESSAGE_BYTES`` before Socket.IO decodes it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import socketio

log = logging.getLogger("portal.realtime.flood")

MAX_MESSAGE_BYTES = 64 * 1024
RATE = 10.0  # events per second, refilled continuously
BURST = 20
CUTOFF = 200  # drops in a row before the socket is closed

Handler = Callable[[str, Any], Awaitable[None]]


@dataclass
class _Bucket:
    tokens: float
    stamp: float
    dropped: int = 0


class FloodGuard:
    """Decides, per socket, whether its next event is handled, dropped, or ends the connection."""

    def __init__(
        self,
        *,
        rate: float = RATE,
        burst: int = BURST,
        cutoff: int = CUTOFF,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._rate = rate
        self._burst = burst
        self._cutoff = cutoff
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def check(self, sid: str) -> str:
        """``"ok"`` (handle it), ``"drop"`` (ignore it) or ``"cut"`` (disconnect the socket)."""
        now = self._clock()
        bucket = self._buckets.get(sid)
        if bucket is None:
            bucket = self._buckets[sid] = _Bucket(tokens=float(self._burst), stamp=now)
        bucket.tokens = min(float(self._burst), bucket.tokens + (now - bucket.stamp) * self._rate)
        bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            bucket.dropped = 0
            return "ok"
        bucket.dropped += 1
        return "cut" if bucket.dropped >= self._cutoff else "drop"

    def forget(self, sid: str) -> None:
        self._buckets.pop(sid, None)

    def guarded(self, server: socketio.AsyncServer, handler: Handler) -> Handler:
        """``handler`` behind this guard: flooding sockets lose events, then their connection."""

        async def guarded_handler(sid: str, *args: Any) -> None:
            verdict = self.check(sid)
            if verdict == "ok":
                await handler(sid, args[0] if args else None)  # extra arguments are ignored
            elif verdict == "cut":
                log.warning("socket %s sent events too fast for too long: disconnected", sid)
                self.forget(sid)
                await server.disconnect(sid)

        return guarded_handler
