"""python-socketio's Redis manager, made to notice a Redis outage and to come back quickly.

The stock manager retries its subscription with a backoff that grows to a minute, and redis-py's own
retries can resubscribe silently: pushes published meanwhile are lost without anyone knowing. This
one subscribes without hidden retries, knows whether it is subscribed (a socket may connect only
then), calls ``on_lost`` when the subscription breaks (the server drops its sockets so that clients
reconnect and fetch what they missed) and tries again every second or two.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import socketio
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger("portal.realtime")

RETRY_SECONDS = (0.5, 1.0, 2.0)  # between attempts to subscribe again; the last one repeats


class PortalRedisManager(socketio.AsyncRedisManager):
    def __init__(self, url: str, *, on_lost: Callable[[], Awaitable[None]] | None = None, **options: Any) -> None:
        # No redis-py retries: a failed publish or a broken subscription shows at once.
        super().__init__(url, redis_options={"retry": Retry(NoBackoff(), 0)}, **options)
        self.subscribed = asyncio.Event()
        self.on_lost = on_lost

    async def _redis_listen_with_retries(self) -> AsyncIterator[Any]:
        attempt = 0
        while True:
            try:
                if not self.subscribed.is_set():
                    await self._close_pubsub()
                    self._redis_connect()
                    await self.pubsub.subscribe(self.channel)
                    self.subscribed.set()
                    if attempt:
                        log.info("subscribed to Redis again after %d attempts", attempt)
                    attempt = 0
                async for message in self.pubsub.listen():
                    yield message
            except Exception as exc:  # any Redis or socket error: note it, tell the server, try again
                if self.subscribed.is_set():
                    self.subscribed.clear()
                    self.connected = False  # the next publish reconnects too
                    log.warning("lost the Redis subscription (%s); clients are dropped until it is back", exc)
                    if self.on_lost is not None:
                        try:
                            await self.on_lost()
                        except Exception:
                            log.exception("dropping the sockets after a Redis outage failed")
                await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
                attempt += 1

    async def _close_pubsub(self) -> None:
        for closing in (self.pubsub, self.redis):
            if closing is not None:
                with contextlib.suppress(Exception):
                    await closing.aclose()
