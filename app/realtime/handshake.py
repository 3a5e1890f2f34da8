"""What a websocket keeps of its handshake for its whole life: less of it.

python-engineio's ASGI driver turns each request into a WSGI-style ``environ``, and for that defines
a new class per request (``AwaitablePayload``, for ``wsgi.input``). A websocket's ``environ`` lives as
long as the socket (its handler's frame and python-socketio's ``environ`` table hold it), and with it
that class: about 2.4 KB per socket in tracemalloc, for a request body a websocket never has (only
long-polling POSTs read ``wsgi.input``, and this server allows the websocket transport alone).
Once a socket is accepted, its ``environ`` keeps only the few keys below (``forget_request``): the
request's headers, copied in as ``HTTP_*`` strings, are read by Engine.IO's handshake and the
Socket.IO connect alone (~2 KB per socket).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

KEPT_AFTER_CONNECT = ("REQUEST_METHOD", "PATH_INFO", "QUERY_STRING", "REMOTE_ADDR", "asgi.scope")

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


def forget_request(environ: dict[str, Any]) -> None:
    """Let an accepted socket's ``environ`` go of the request's headers, in place (Engine.IO's handler
    and python-socketio's table hold this very dict). ``clear`` frees its table; a ``del`` per key
    would leave the table its size."""
    kept = {key: environ[key] for key in KEPT_AFTER_CONNECT if key in environ}
    environ.clear()
    environ.update(kept)
