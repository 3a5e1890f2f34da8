"""The Socket.IO server: every connection is authenticated, every push crosses Redis.

A client connects over the websocket transport with ``auth: {token}``. The connection joins its
user's room, its session's room and, for staff roles, the ``staff`` room that record changes go
to. It is dropped when its token expires or its session is signed out (on any process: the socket
ids of each session are kept in Redis, and python-socketio forwards a disconnect to the process
that holds the socket).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import redis.asyncio as aioredis
import socketio
from redis.exceptions import RedisError

from app.auth.service import AuthService
from app.db import Database
from app.errors import ApiError
from app.observability.metrics import SOCKETS
from app.realtime import control, eio_socket, flood, handshake, ping_wheel, rooms
from app.realtime.broadcast import FanoutRedisManager
from app.realtime.presence import SOCKET_TTL_SECONDS, Presence
from app.realtime.room_index import RoomIndex
from app.settings import Settings
from schemas.chat import Chat
from schemas.events import ChatTyping, SessionEnded
from schemas.options import Role

log = logging.getLogger("portal.realtime")

UNAUTHORIZED = "unauthorized"
UNAVAILABLE = "unavailable"  # Redis is down: the client tries again (and then fetches what it missed)
TOO_MANY_SOCKETS = "too-many-connections"
SUBSCRIBE_WAIT_SECONDS = 3
CLOSE_WAIT_SECONDS = 2


def _session_key(session_id: str) -> str:
    return f"portal:sockets:session:{session_id}"


def _open_key(session_id: str) -> str:
    """The session's open sockets, each scored with the time its registration lapses unless renewed."""
    return f"portal:sockets:open:{session_id}"


def too_many_sockets(cap: int) -> str:
    return f"{TOO_MANY_SOCKETS}: this sign-in already has {cap} live connections. Close another tab or window."


class PortalManager(RoomIndex, FanoutRedisManager):
    """The Redis manager (outages, fan-out) with each socket's rooms indexed (quick disconnects)."""


class Realtime:
    def __init__(
        self,
        *,
        settings: Settings,
        redis_url: str,
        redis: aioredis.Redis,
        auth: AuthService,
        presence: Presence,
        db: Database,
    ) -> None:
        self._redis = redis
        self._auth = auth
        self._db = db
        self.presence = presence
        self._settings = settings
        self._expiry_timers: dict[str, asyncio.TimerHandle] = {}
        self._control_task: asyncio.Task[None] | None = None
        self._stopping = False
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop serving the sockets (for signals)
        self._background: set[asyncio.Task[None]] = set()
        eio_socket.install()  # the websocket writers wait without a task per packet
        ping_wheel.install()  # ...and the pings come from one timer, not a sleeping task per socket
        self.server = socketio.AsyncServer(
            async_mode="asgi",
            client_manager=PortalManager(redis_url, on_lost=self._drop_local_sockets),
            cors_allowed_origins=list(settings.cors_origins),
            transports=["websocket"],
            max_http_buffer_size=flood.MAX_MESSAGE_BYTES,
            logger=False,
            engineio_logger=False,
        )
        presence.recipients = self.staff_sockets  # presence pushes go to the staff room
        handshake.lighten(self.server.eio)  # a socket keeps less of its handshake
        self.server.on("connect", self._connect)
        self.server.on("disconnect", self._disconnect)
        self.flood = flood.FloodGuard()
        self.server.on("presence", self.flood.guarded(self.server, self._presence))
        self.server.on("chat:typing", self.flood.guarded(self.server, self._typing))

    async def _connect(self, sid: str, environ: dict[str, Any], auth: Any) -> None:
        token = auth.get("token") if isinstance(auth, dict) else None
        if not isinstance(token, str) or not token:
            raise socketio.exceptions.ConnectionRefusedError(UNAUTHORIZED)
        if self._stopping:  # the client tries again, and reaches the process started in this one's place
            raise socketio.exceptions.ConnectionRefusedError(UNAVAILABLE)
        epoch = self._auth.live.epoch
        try:
            principal = await self._auth.authenticate(token)
        except ApiError as exc:
            raise socketio.exceptions.ConnectionRefusedError(UNAUTHORIZED) from exc
        # A socket connects only while this process hears Redis: it cannot miss a push unnoticed.
        # (The first connection of a process starts the subscription: wait a moment for it.)
        try:
            await asyncio.wait_for(self.server.manager.subscribed.wait(), SUBSCRIBE_WAIT_SECONDS)
        except TimeoutError:
            raise socketio.exceptions.ConnectionRefusedError(UNAVAILABLE) from None
        await self.server.save_session(
            sid, {"user_id": principal.user_id, "session_id": principal.session_id, "role": principal.role}
        )
        await self.server.enter_room(sid, rooms.user(principal.user_id))
        await self.server.enter_room(sid, rooms.session(principal.session_id))
        if principal.role is not None:
            await self.server.enter_room(sid, rooms.STAFF)
        if principal.role == Role.ADMIN:
            await self.server.enter_room(sid, rooms.ADMINS)
        key = _session_key(principal.session_id)
        try:
            if not await self._within_socket_cap(sid, principal.session_id):
                await self._redis.srem(key, sid)
                cap = self._settings.max_sockets_per_session
                raise socketio.exceptions.ConnectionRefusedError(too_many_sockets(cap))
        except RedisError as exc:
            raise socketio.exceptions.ConnectionRefusedError(UNAVAILABLE) from exc
        if self._auth.live.epoch != epoch and not await self._auth.still_live(principal):
            # A session ended while this socket registered: the end dropped the session's sockets it
            # could see, and this one was not among them yet.
            with contextlib.suppress(RedisError):
                await self._unregister(sid, principal.session_id)
            raise socketio.exceptions.ConnectionRefusedError(UNAUTHORIZED)
        # Accepted now; the socket is listed and its user announced with the next presence batch.
        self.presence.join(sid, principal.user_id, also_renew=_open_key(principal.session_id))
        remaining = max(0.0, principal.expires_at - time.time())
        loop = asyncio.get_running_loop()
        self._expiry_timers[sid] = loop.call_later(
            remaining, lambda: asyncio.ensure_future(self._expire(sid, principal.session_id))
        )
        SOCKETS.inc()  # counted with its expiry timer: _disconnect uncounts exactly the sockets counted here
        self._ensure_control_listener()

    def staff_sockets(self) -> int:
        """How many sockets of this process are in the ``staff`` room."""
        return len(self.server.manager.rooms.get("/", {}).get(rooms.STAFF, ()))

    async def _within_socket_cap(self, sid: str, session_id: str) -> bool:
        """Register ``sid`` among the session's sockets and open sockets, then count them, in one
        round trip: registering before counting means sockets connecting at once can never all fit
        under the cap."""
        key = _open_key(session_id)
        now = time.time()
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.sadd(_session_key(session_id), sid)
            pipe.expire(_session_key(session_id), self._settings.refresh_token_ttl)
            pipe.zremrangebyscore(key, "-inf", now)  # sockets of a process that died without saying so
            pipe.zadd(key, {sid: now + SOCKET_TTL_SECONDS})
            pipe.expire(key, SOCKET_TTL_SECONDS)
            pipe.zcard(key)
            open_now = (await pipe.execute())[-1]
        if int(open_now) <= self._settings.max_sockets_per_session:
            return True
        await self._redis.zrem(key, sid)
        return False

    async def _unregister(self, sid: str, session_id: str) -> None:
        await self.presence.disconnected(sid)  # a no-op when already done
        await self._redis.srem(_session_key(session_id), sid)
        await self._redis.zrem(_open_key(session_id), sid)

    async def _expire(self, sid: str, session_id: str) -> None:
        await self.server.emit("session", SessionEnded(reason="expired").payload(), to=sid)
        await self.server.disconnect(sid)

    async def _disconnect(self, sid: str, *_reason: Any) -> None:
        self.flood.forget(sid)
        timer = self._expiry_timers.pop(sid, None)
        if timer is not None:
            timer.cancel()
            SOCKETS.dec()
        if self._stopping:  # see stop_requested: nothing to write, the listings lapse
            self.presence.forget(sid)
            return
        try:
            await self.presence.disconnected(sid)
            session = await self.server.get_session(sid)
            await self._unregister(sid, session["session_id"])
        except KeyError:
            return
        except RedisError as exc:  # Redis is down: its keys expire on their own
            log.info("socket %s left while Redis is unavailable (%s)", sid, exc)

    async def _drop_local_sockets(self) -> None:
        """Redis went away: pushes are being lost, so close every socket of this process. The clients
        reconnect once Redis is back and fetch what they missed (chat: ``?after=``; pages refetch).
        Closing the transport (not a Socket.IO disconnect) is what makes browsers reconnect by themselves."""
        eio_sids = list(self.server.eio.sockets)
        log.warning("Redis is unavailable: closing %d sockets so that they reconnect", len(eio_sids))
        for eio_sid in eio_sids:
            with contextlib.suppress(Exception):
                await self.server.eio.disconnect(eio_sid)

    async def _presence(self, sid: str, data: Any) -> None:
        """The client reports whether its user is idle (no input for a while) or active again."""
        if isinstance(data, dict) and isinstance(data.get("idle"), bool):
            await self.presence.set_idle(sid, data["idle"])

    async def _typing(self, sid: str, data: Any) -> None:
        """Relay 'typing' to the other member of the chat, after checking the sender is a member."""
        chat_id = data.get("chatId") if isinstance(data, dict) else None
        if not isinstance(chat_id, str):
            return
        session = await self.server.get_session(sid)
        async with self._db.session() as db_session:
            chat = await db_session.get(Chat, chat_id)
        if chat is None or session["user_id"] not in (chat.user_low, chat.user_high):
            return
        other = chat.user_high if chat.user_low == session["user_id"] else chat.user_low
        event = ChatTyping(chat_id=chat_id, user_id=session["user_id"])
        await self.server.emit(event.channel, event.payload(), room=rooms.user(other))

    def start(self) -> None:
        """Listen on the control channel from the start: ended sessions must reach this process's
        session cache even before its first socket connects. Subscribe to the pushes from the start
        too (python-socketio does it at the first connection): after a restart thousands of clients
        are already knocking, and each connection waits for the subscription or is refused."""
        self._loop = asyncio.get_running_loop()
        self._ensure_control_listener()
        if not self.server.manager_initialized:
            self.server.manager_initialized = True
            self.server.manager.initialize()

    @property
    def stopping(self) -> bool:
        return self._stopping

    def stop_requested(self) -> None:
        """This process is stopping (SIGTERM/SIGINT: a deploy or a host restart), and its sockets are
        about to be closed. Its clients come back within seconds to a process started in its place, so
        the closes take nobody offline: their presence listings are left to lapse (``SOCKET_TTL_SECONDS``;
        the sweep takes a user offline who did not come back, as after a crash) and no close costs a
        Redis round trip. Otherwise every restart would take every user offline and online again, two
        presence pushes per user to every staff socket. The session registrations (the socket cap, the
        sign-out drops) are taken off in one pipeline, so a user's new sockets are not refused as over
        the cap by the old ones. Safe to call from a signal handler."""
        if self._stopping:
            return
        self._stopping = True
        self.presence.stopping = True
        with contextlib.suppress(RuntimeError):  # no loop running: nothing is registered
            loop = self._loop or asyncio.get_running_loop()
            loop.call_soon_threadsafe(self._unregister_all_soon)

    def _unregister_all_soon(self) -> None:
        self._closing_all()
        task = asyncio.get_running_loop().create_task(self._unregister_all())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _closing_all(self) -> None:
        """Mark every Engine.IO socket of this process as closing, before uvicorn's shutdown closes their
        connections: a closing socket's end skips the disconnect handlers (python-socketio's room and
        session bookkeeping, ours; the counted sockets and expiry timers are settled here at once), which
        only tidy up what the exiting process throws away, and Engine.IO's client monitor stops checking
        it. Thousands of sockets then end with their transport's close and writer alone; with the
        handlers, 5,000 sockets per process did not end within the launcher's 10 s grace (issue 20). What
        must outlive the process (the session registrations) is taken off by ``_unregister_all``."""
        for socket in list(self.server.eio.sockets.values()):
            socket.closing = True
        for timer in self._expiry_timers.values():  # no session expiry is acted on while stopping
            timer.cancel()
        SOCKETS.dec(len(self._expiry_timers))  # as each disconnect would have (a livesum gauge)
        self._expiry_timers.clear()

    async def _unregister_all(self) -> None:
        registered = self.presence.registrations()
        if not registered:
            return
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                for sid, open_key in registered.items():
                    pipe.zrem(open_key, sid)
                    pipe.srem(_session_key(open_key.removeprefix(_open_key(""))), sid)
                await pipe.execute()
        except RedisError as exc:  # the registrations lapse by themselves within SOCKET_TTL_SECONDS
            log.info("stopping: socket registrations left to lapse (%s)", exc)

    async def announce_session_end(self, session_id: str) -> None:
        try:
            await self._redis.publish(control.CHANNEL, control.end_session_message(session_id))
        except RedisError as exc:  # the other processes trust it at most session_cache_seconds longer
            log.warning("could not announce the end of a session (%s)", exc)

    def _ensure_control_listener(self) -> None:
        if self._control_task is None or self._control_task.done():
            self._control_task = asyncio.get_running_loop().create_task(self._listen_for_control())

    async def _listen_for_control(self) -> None:
        """Drop this process's sockets of a user when any process (or the CLI) asks for it; subscribe
        again when Redis comes back after an outage."""
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(control.CHANNEL)
                self._auth.live.hearing(True)
                async for raw in pubsub.listen():
                    message = control.parse(raw.get("data"))
                    if message is None:
                        continue
                    if message["type"] == "end-session":
                        self._auth.live.forget_session(str(message.get("sessionId")))
                        continue
                    self._auth.live.forget_user(int(message["userId"]))
                    for sid in self.presence.local_sockets_of(int(message["userId"])):
                        ended = SessionEnded(reason=message.get("reason", "revoked"))
                        await self.server.emit(ended.channel, ended.payload(), to=sid)
                        await self.server.disconnect(sid, ignore_queue=True)
            except (RedisError, OSError) as exc:
                log.warning("control channel lost (%s); subscribing again shortly", exc)
            finally:
                self._auth.live.hearing(False)  # ends may be missed from here on: trust nothing remembered
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(1)

    async def close(self) -> None:
        if self._background:  # the stop's unregistering pipeline: done before Redis is closed
            await asyncio.wait(set(self._background), timeout=CLOSE_WAIT_SECONDS)
        if self._control_task is not None:
            self._control_task.cancel()
            # Bounded: a cancelled listener can hang in the pub/sub connection's close, and a process
            # (or a test session) must never wait forever to shut down.
            await asyncio.wait({self._control_task}, timeout=CLOSE_WAIT_SECONDS)

    async def end_session(self, session_id: str, reason: str = "signed-out") -> None:
        """Tell and drop every socket of a session, on whichever process holds it."""
        event = SessionEnded(reason=reason)
        await self.server.emit("session", event.payload(), room=rooms.session(session_id))
        key = _session_key(session_id)
        for raw in await self._redis.smembers(key):
            await self.server.disconnect(raw.decode() if isinstance(raw, bytes) else raw)
        await self._redis.delete(key)
