"""Where the service layer sends events after a commit: the Socket.IO server, or Redis directly."""

from __future__ import annotations

from typing import Protocol

import socketio

from schemas.events import Event


class EventSink(Protocol):
    async def publish(self, event: Event, *, room: str) -> None: ...


class ServerSink:
    """Inside an API process: emit through the server, whose Redis manager reaches every process."""

    def __init__(self, server: socketio.AsyncServer) -> None:
        self._server = server

    async def publish(self, event: Event, *, room: str) -> None:
        await self._server.emit(event.channel, event.payload(), room=room)


class RedisSink:
    """Outside the API (worker, CLI): a write-only manager that publishes straight to Redis."""

    def __init__(self, redis_url: str) -> None:
        self._manager = socketio.AsyncRedisManager(redis_url, write_only=True)

    async def publish(self, event: Event, *, room: str) -> None:
        await self._manager.emit(event.channel, event.payload(), room=room)


class Unheard:
    """For the demo seed, which runs before any API process or client exists: nobody to tell."""

    async def publish(self, event: Event, *, room: str) -> None:
        return None
