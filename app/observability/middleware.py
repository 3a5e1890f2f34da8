"""One pure ASGI layer around the HTTP API: request id, metrics, the access log line, and the
answer to unexpected errors.

Kept to a handful of dictionary look-ups per request (no ``BaseHTTPMiddleware``, metric children
cached per label set) because it runs on every request, including the hottest ones.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.error_handlers import error_response
from app.observability import metrics
from app.observability.context import RequestInfo, current, request_id_from

log = logging.getLogger("portal.access")
errors = logging.getLogger("portal.errors")

# Probes and scrapes arrive every few seconds: their access lines are kept out of INFO logs.
QUIET_PATHS = frozenset({"/health", "/healthz", "/readyz", "/metrics"})
UNEXPECTED = "Something went wrong on our side. Try again in a moment."


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


class RequestObservability:
    def __init__(self, app: ASGIApp, *, access_log: bool = True) -> None:
        self.app = app
        self.access_log = access_log
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = request_id_from(_header(scope, b"x-request-id"))
        id_header = (b"x-request-id", request_id.encode())
        method = scope["method"]
        token = current.set(RequestInfo(request_id, method, scope["path"]))
        status = 0

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), id_header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            # The last line for unexpected errors, inside the request's context so the log line has
            # its id; the client gets a plain message, never a stack trace.
            if status == 0:
                errors.exception("unhandled error on %s %s", method, scope["path"])
                await error_response(500, UNEXPECTED)(scope, receive, send_with_id)
            else:
                errors.exception("failed after answering %s on %s %s", status, method, scope["path"])
        finally:
            duration = time.perf_counter() - started
            self._record(scope, method, status, duration)
            if self.access_log:
                self._log(method, scope["path"], status, duration)
            current.reset(token)

    def _record(self, scope: Scope, method: str, status: int, duration: float) -> None:
        route = getattr(scope.get("route"), "path", None) or metrics.UNMATCHED
        if method not in metrics.KNOWN_METHODS:
            method = "OTHER"
        key = (method, route, status)
        children = self._children.get(key)
        if children is None:
            children = (metrics.REQUESTS.labels(method, route, str(status)), metrics.LATENCY.labels(method, route))
            self._children[key] = children
        children[0].inc()
        children[1].observe(duration)

    @staticmethod
    def _log(method: str, path: str, status: int, duration: float) -> None:
        level = logging.DEBUG if path in QUIET_PATHS else logging.INFO
        if log.isEnabledFor(level):
            duration_ms = round(duration * 1000, 2)
            # makeRecord + handle: what log.log does, without walking the stack for the caller's line.
            record = log.makeRecord(
                log.name,
                level,
                __file__,
                0,
                "%s %s %s %sms",
                (method, path, status, duration_ms),
                None,
                extra={"status": status, "duration_ms": duration_ms},
            )
            log.handle(record)
