"""The ASGI application: routes, middleware and lifespan in one place, as data."""

from __future__ import annotations

import gc
import signal
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import FrameType

import socketio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp

from app.error_handlers import EXCEPTION_HANDLERS
from app.observability import metrics
from app.observability.logs import configure_logging
from app.observability.middleware import RequestObservability
from app.portal import Portal
from app.routes import (
    admin,
    auth,
    bench,
    chat,
    documents,
    health,
    inspections,
    me,
    meta,
    openapi,
    push,
    records,
    search,
    staff,
    transfer,
)
from app.samples.registry import sample_routes
from app.security_headers import ExtraHeaders, api_headers
from app.settings import Settings, get_settings
from app.text_guard import RefuseNul

# Starlette tries routes in order: the busiest (records) come first; the sample areas all live
# under /api, so no path of theirs can shadow the records' or documents' paths.
ROUTES = [
    *documents.routes,  # before records: /documents/upload is not /documents/{id}
    *transfer.routes,  # before records: /assets/export is not /assets/{id}
    *records.routes,
    *search.routes,
    *inspections.routes,
    *push.routes,
    *meta.routes,
    *health.routes,
    *openapi.routes,
    *auth.routes,
    *me.routes,
    *admin.routes,
    *staff.routes,
    *chat.routes,  # after push: /notifications/preferences is not /notifications/{id}
    *sample_routes(),
]


def middleware(settings: Settings) -> list[Middleware]:
    return [
        Middleware(RequestObservability, access_log=settings.access_log),
        Middleware(ExtraHeaders, headers=api_headers(settings)),
        Middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"],
            allow_headers=["Authorization", "Content-Type", "If-None-Match"],
            expose_headers=["Retry-After", "ETag"],
            max_age=600,
        ),
        Middleware(GZipMiddleware, minimum_size=1024),
        Middleware(RefuseNul),
    ]


def settle_garbage_collector() -> None:
    """Move everything loaded at start-up out of the collector's sight and collect less often.

    A full collection walks every object alive, including the tens of thousands that imports and
    the app's set-up leave behind for good; with the default thresholds it ran often enough under
    load to stall the event loop for tens of milliseconds (p99 of a list call 107 ms -> 19 ms with
    this, ./ops/bench api_lists). Request garbage is short-lived and still collected.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def on_stop_signals(callback: Callable[[], None]) -> Callable[[], None]:
    """Call ``callback`` first when SIGTERM or SIGINT arrives, then the handler already in place
    (uvicorn's, which starts the shutdown that closes every socket); answers the function that puts
    the handlers back. Signals reach the main thread only: elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}

    def chained(signum: int, frame: FrameType | None) -> None:
        callback()
        handler = previous[signal.Signals(signum)]
        if callable(handler):
            handler(signum, frame)
        elif handler == signal.SIG_DFL:  # what would have happened without us
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    for sig in STOP_SIGNALS:
        signal.signal(sig, chained)

    def restore() -> None:
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    return restore


def create_app(settings: Settings | None = None) -> ASGIApp:
    """The HTTP API with the Socket.IO server mounted beside it at ``/socket.io``."""
    settings = settings or get_settings()
    configure_logging(settings)
    portal = Portal.build(settings)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        portal.realtime.start()
        restore_signals = on_stop_signals(portal.realtime.stop_requested)
        settle_garbage_collector()
        try:
            yield
        finally:
            restore_signals()
            await portal.close()
            metrics.process_exiting()

    http = Starlette(
        routes=[*ROUTES, *(bench.routes if settings.bench_routes_enabled else [])],
        middleware=middleware(settings),
        # Unexpected errors are answered by RequestObservability, where the log line gets the request id.
        exception_handlers={k: v for k, v in EXCEPTION_HANDLERS.items() if k is not Exception},
        lifespan=lifespan,
    )
    http.state.portal = portal
    return socketio.ASGIApp(portal.realtime.server, other_asgi_app=http, socketio_path="socket.io")


def app() -> ASGIApp:
    """Factory for ``uvicorn --factory app.main:app``."""
    return create_app()
