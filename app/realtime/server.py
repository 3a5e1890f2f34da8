"""The Socket.IO server: every connection is authenticated, every push crosses Redis.

A client connects over the websocket transport with ``auth: {token}``. The connection joins its
user's room, its session's room and, for staff roles, the ``staff`` room that record changes go
to. It is dropped when its token expires or its session is signed out (on any process: the socket
ids of each session are kept in Redis, and python-socketio forwards a disconnect to the process
that holds the socket).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import redis.asyncio as aioredis
import socketio

from app.auth.service import AuthService
from app.errors import ApiError
from app.realtime import rooms
from app.settings import Settings
from schemas.events import SessionEnded

log = logging.getLogger("portal.realtime")

UNAUTHORIZED = "unauthorized"


def _session_key(session_id: str) -> str:
    return f"portal:sockets:session:{session_id}"


class Realtime:
    def __init__(self, *, settings: Settings, redis_url: str, redis: aioredis.Redis, auth: AuthService) -> None:
        self._redis = redis
        self._auth = auth
        self._settings = settings
        self._expiry_timers: dict[str, asyncio.TimerHandle] = {}
        self.server = socketio.AsyncServer(
            async_mode="asgi",
            client_manager=socketio.AsyncRedisManager(redis_url),
            cors_allowed_origins=list(settings.cors_origins),
            transports=["websocket"],
            logger=False,
            engineio_logger=False,
        )
        self.server.on("connect", self._connect)
        self.server.on("disconnect", self._disconnect)

    async def _connect(self, sid: str, environ: dict[str, Any], auth: Any) -> None:
        token = auth.get("token") if isinstance(auth, dict) else None
        if not isinstance(token, str) or not token:
            raise socketio.exceptions.ConnectionRefusedError(UNAUTHORIZED)
        try:
            principal = await self._auth.authenticate(token)
        except ApiError as exc:
            raise socketio.exceptions.ConnectionRefusedError(UNAUTHORIZED) from exc
        await self.server.save_session(
            sid, {"user_id": principal.user_id, "session_id": principal.session_id, "role": principal.role}
        )
        await self.server.enter_room(sid, rooms.user(principal.user_id))
        await self.server.enter_room(sid, rooms.session(principal.session_id))
        if principal.role is not None:
            await self.server.enter_room(sid, rooms.STAFF)
        key = _session_key(principal.session_id)
        await self._redis.sadd(key, sid)
        await self._redis.expire(key, self._settings.refresh_token_ttl)
        remaining = max(0.0, principal.expires_at - time.time())
        loop = asyncio.get_running_loop()
        self._expiry_timers[sid] = loop.call_later(
            remaining, lambda: asyncio.ensure_future(self._expire(sid, principal.session_id))
        )

    async def _expire(self, sid: str, session_id: str) -> None:
        await self.server.emit("session", SessionEnded(reason="expired").payload(), to=sid)
        await self.server.disconnect(sid)

    async def _disconnect(self, sid: str, *_reason: Any) -> None:
        timer = self._expiry_timers.pop(sid, None)
        if timer is not None:
            timer.cancel()
        try:
            session = await self.server.get_session(sid)
        except KeyError:
            return
        await self._redis.srem(_session_key(session["session_id"]), sid)

    async def end_session(self, session_id: str, reason: str = "signed-out") -> None:
        """Tell and drop every socket of a session, on whichever process holds it."""
        event = SessionEnded(reason=reason)
        await self.server.emit("session", event.payload(), room=rooms.session(session_id))
        key = _session_key(session_id)
        for raw in await self._redis.smembers(key):
            await self.server.disconnect(raw.decode() if isinstance(raw, bytes) else raw)
        await self._redis.delete(key)
