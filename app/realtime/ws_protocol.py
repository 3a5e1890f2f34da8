"""uvicorn's sans-I/O websocket protocol (the ``websockets`` library's), holding less per socket.

What uvicorn's ``WebSocketsSansIOProtocol`` keeps for a socket's whole life that an open socket no
longer needs: the handshake's request and response (their header objects: ~4 KB in tracemalloc),
the ASGI scope's copy of the request headers, and an ``asyncio.Queue`` and ``asyncio.Event`` that
cost ~3 KB before anything is queued (see :mod:`app.realtime.lean`). Here the queue and event are
the lean ones, and the handshake objects are let go (or emptied) once the socket is accepted. The API runs with
it through ``--ws app.realtime.ws_protocol:LeanWebSocketProtocol`` (``app/operations/launcher.py``);
everything else is uvicorn's.
"""

from __future__ import annotations

from typing import Any

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.realtime.lean import LeanEvent, LeanQueue


class LeanWebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = LeanQueue()  # type: ignore[assignment]
        self.writable = LeanEvent()  # type: ignore[assignment]
        self.writable.set()

    async def send(self, message: ASGISendEvent) -> None:
        accepting = not self.handshake_complete
        await super().send(message)
        if accepting and self.handshake_complete:
            # uvicorn reads the request and response only until the handshake's answer is written,
            # and the scope's headers were read by the app (Engine.IO copied what it uses). The
            # request's headers are emptied in place: the websockets parser's generator keeps the
            # request itself (a local of its frame) for as long as the socket is open.
            self.request.headers.clear()
            self.request = self.response = None  # type: ignore[assignment]
            self.scope["headers"] = []
