"""What a websocket keeps of its handshake for its whole life: less of it.

python-engineio's ASGI driver turns each request into a WSGI-style ``environ``, and for that defines
a new class per request (``AwaitablePayload``, for ``wsgi.input``). A websocket's ``environ`` lives as
long as the socket (its handler's frame and python-socketio's ``environ`` table hold it), and with it
that class: about 2.4 KB per socket in tracemalloc, for a request body a websocket never has (only
long-polling POSTs read ``wsgi.input``, and this server allows the websocket transport alone).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Translate = Callable[..., Awaitable[dict[str, Any]]]


def without_body_reader(translate: Translate) -> Translate:
    """``translate`` answering websocket ``environ``s without ``wsgi.input`` (HTTP ones unchanged)."""

    async def translate_request(scope: dict[str, Any], receive: Any, send: Any) -> dict[str, Any]:
        environ = await translate(scope, receive, send)
        if scope.get("type") == "websocket":
            environ.pop("wsgi.input", None)
        return environ

    return translate_request


def lighten(eio_server: Any) -> None:
    """Install ``without_body_reader`` on this Engine.IO server only (the driver's table is shared)."""
    eio_server._async = {
        **eio_server._async,
        "translate_request": without_body_reader(eio_server._async["translate_request"]),
    }
