"""Presence across API processes: online, away, do-not-disturb, offline.

Each socket is listed in Redis under its user with an expiry that its process renews every
``HEARTBEAT_SECONDS``; a user is online while any listed socket is live, so a process that dies
takes its users offline within ``SOCKET_TTL_SECONDS`` (the sweeper notices). Away is when every
live socket reports idle, or when the user chose it; do-not-disturb is the user's choice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.typing import EncodableT, FieldT
from sqlmodel import col, select

from app.db import Database
from app.realtime import rooms
from app.realtime.sink import EventSink
from schemas.chat import ChatProfile
from schemas.events import PresenceBatch, PresenceChanged

log = logging.getLogger("portal.presence")

HEARTBEAT_SECONDS = 20
#: changes announced within this window go out together: when many users come online at once (a
#: shift starts, a process restarts) each staff socket gets one ``presence:batch`` instead of one
#: ``presence`` per user, which would be N x N pushes
BATCH_SECONDS = 0.05
#: while changes keep coming (the previous push went out less than ``STORM_WINDOW_SECONDS`` ago), wait
#: longer so a storm still goes out in a few large batches; short enough that a person's change reaches
#: everyone within a second (issue 22: 2 s here made two quick changes take 2.3 s to show)
STORM_BATCH_SECONDS = 0.5
STORM_WINDOW_SECONDS = 1.0
#: ...and longer still with many sockets to push to: every batch is one push to each staff socket of
#: this process (~50-100 us of a loaded core each), so a fixed 0.5 s made 5,000 sockets take 2 batches
#: a second each, most of a core while thousands connect (issue 20: 10,000 sockets took 474 s to
#: connect with 0.5 s, 98 s with 2 s). The wait grows with the recipients (0.5 ms each) to keep a
#: storm's presence pushes near a tenth of a core, from STORM_BATCH_SECONDS up to this.
STORM_SECONDS_PER_RECIPIENT = 0.0005
STORM_BATCH_MAX_SECONDS = 3.0
SOCKET_TTL_SECONDS = 60
_WATCH = "portal:presence:watch"
_LAST = "portal:presence:last"
_SWEEPER = "portal:presence:sweeper"
SWEEP_CHUNK = 500  # users per pipeline and query in a sweep


def _status(live: int, idle: int, chosen: str) -> str:
    """A user's status from their live and idle socket counts and the status they chose."""
    if live == 0 or chosen == "offline":
        return "offline"
    if chosen in ("do-not-disturb", "away"):
        return chosen
    return "away" if idle >= live else "online"


def present(live: int, idle: int, chosen: str) -> bool:
    """Whether the user is at an open portal now: a live socket that is not idle, and not away by
    choice. (Appearing offline is a choice of what others see: such a user still sees their portal.)"""
    return live > 0 and idle < live and chosen != "away"


async def activity(redis: aioredis.Redis, user_id: int) -> tuple[int, int]:
    """(live sockets, idle sockets) of a user over every API process, from any process (the workers too)."""
    async with redis.pipeline(transaction=False) as pipe:
        pipe.zremrangebyscore(_sockets(user_id), "-inf", time.time())
        pipe.zcard(_sockets(user_id))
        pipe.scard(_idle(user_id))
        _removed, live, idle = await pipe.execute()
    return int(live), int(idle)


def _log_failed_batch(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("presence batch not written (%s); the heartbeat writes what it can", done.exception())


def _sockets(user_id: int) -> str:
    return f"portal:presence:sockets:{user_id}"


def _idle(user_id: int) -> str:
    return f"portal:presence:idle:{user_id}"


class Presence:
    def __init__(self, *, redis: aioredis.Redis, db: Database) -> None:
        self._redis = redis
        self._db = db
        self.events: EventSink | None = None  # set once the Socket.IO server exists
        #: how many sockets of this process a presence push goes to (the staff room; set with ``events``)
        self.recipients: Callable[[], int] = lambda: 0
        self._local: dict[str, int] = {}  # socket id -> user id, for the sockets of this process
        self._also_renew: dict[str, str] = {}  # socket id -> another sorted set its expiry is kept in
        self._task: asyncio.Task[None] | None = None
        self._pending: dict[int, PresenceChanged] = {}  # user id -> newest change not yet sent
        self._flush: asyncio.TimerHandle | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._last_sent = 0.0  # loop time of the last presence push
        # Sockets that came or went and are not yet written to Redis: written together (one pipeline,
        # one profile query per batch), so a reconnect storm (or a process stopping with thousands of
        # sockets) costs a few round trips, not several per socket.
        self._joining: dict[str, int] = {}
        self._leaving: dict[str, int] = {}
        self._joined: asyncio.Future[None] | None = None  # resolved when the waiting changes are written
        self._writing: tuple[set[str], asyncio.Future[None]] | None = None  # the batch being written
        self._writer: asyncio.Task[None] | None = None
        self._unwritten: dict[str, int] = {}  # of batches that failed (Redis passing away)
        #: the process is stopping (``Realtime.stop_requested``): sockets closing now are not written
        #: as leaving, their listings lapse unless a new process lists them again
        self.stopping = False

    async def _live(self, user_id: int) -> int:
        now = time.time()
        await self._redis.zremrangebyscore(_sockets(user_id), "-inf", now)
        return int(await self._redis.zcard(_sockets(user_id)))

    async def status_of(self, user_id: int, chosen: str) -> str:
        live = await self._live(user_id)
        if live == 0 or chosen == "offline":
            return "offline"
        return _status(live, int(await self._redis.scard(_idle(user_id))), chosen)

    async def _profiles(self, user_ids: list[int]) -> dict[int, ChatProfile]:
        async with self._db.session() as session:
            rows = await session.exec(select(ChatProfile).where(col(ChatProfile.user_id).in_(user_ids)))
            return {profile.user_id: profile for profile in rows}

    async def _profile(self, user_id: int) -> ChatProfile:
        async with self._db.session() as session:
            return await session.get(ChatProfile, user_id) or ChatProfile(user_id=user_id)

    async def announce(self, user_id: int, chosen: str, mood: str) -> None:
        """Tell every staff member the user's status and mood (after a change of either)."""
        status = await self.status_of(user_id, chosen)
        await self._redis.hset(_LAST, str(user_id), status)
        self._queue(user_id, status, mood)

    def _queue(self, user_id: int, status: str, mood: str) -> None:
        """Send the user's (already stored) status with the next batch of presence pushes."""
        if self.events is not None:
            self._pending[user_id] = PresenceChanged(user_id=user_id, status=status, mood=mood)
            if self._flush is None:
                loop = asyncio.get_running_loop()
                storm = loop.time() - self._last_sent < STORM_WINDOW_SECONDS
                wait = self.storm_batch_seconds() if storm else BATCH_SECONDS
                self._flush = loop.call_later(wait, self._send_pending)

    def storm_batch_seconds(self) -> float:
        """How long changes wait for each other while they keep coming (see ``STORM_SECONDS_PER_RECIPIENT``)."""
        wait = self.recipients() * STORM_SECONDS_PER_RECIPIENT
        return min(STORM_BATCH_MAX_SECONDS, max(STORM_BATCH_SECONDS, wait))

    def _send_pending(self) -> None:
        self._flush = None
        changes, self._pending = list(self._pending.values()), {}
        loop = asyncio.get_running_loop()
        self._last_sent = loop.time()
        task = loop.create_task(self._publish(changes))
        self._sending.add(task)  # a reference until it is done (the loop keeps only weak ones)
        task.add_done_callback(self._sending.discard)

    async def _publish(self, changes: list[PresenceChanged]) -> None:
        """One change goes out as ``presence``, several at once as one ``presence:batch``."""
        if self.events is None or not changes:
            return
        try:
            if len(changes) == 1:
                await self.events.publish(changes[0], room=rooms.STAFF)
            else:
                await self.events.publish(PresenceBatch(changes=[c.payload() for c in changes]), room=rooms.STAFF)
        except Exception:  # a passing Redis error loses this batch, not the next ones
            log.exception("presence announcement failed")

    async def refresh(self, user_id: int) -> None:
        """Recompute the status after sockets came, went or idled; announce it if it changed."""
        profile = await self._profile(user_id)
        status = await self.status_of(user_id, profile.chosen_status)
        last = await self._redis.hget(_LAST, str(user_id))
        if (last.decode() if isinstance(last, bytes) else last) != status:
            await self.announce(user_id, profile.chosen_status, profile.mood)

    def registrations(self) -> dict[str, str]:
        """This process's sockets and the other sorted set each is listed in (its session's)."""
        return dict(self._also_renew)

    def forget(self, sid: str) -> None:
        """Stop counting a socket here without writing that it left (the process is stopping)."""
        self._local.pop(sid, None)
        self._also_renew.pop(sid, None)
        self._joining.pop(sid, None)
        self._unwritten.pop(sid, None)

    def local_sockets_of(self, user_id: int) -> list[str]:
        return [sid for sid, owner in self._local.items() if owner == user_id]

    def join(self, sid: str, user_id: int, *, also_renew: str | None = None) -> asyncio.Future[None]:
        """Count a socket of this process, written to Redis (and announced) with the next batch; the
        answer resolves once it is. ``also_renew`` names another sorted set that lists the socket with
        an expiry, renewed with the socket's own (the open sockets of its session). A batch that
        fails is logged; its sockets stay counted here and the next heartbeat writes them."""
        self._local[sid] = user_id
        if also_renew is not None:
            self._also_renew[sid] = also_renew
        self._joining[sid] = user_id
        self._ensure_heartbeat()
        return self._next_batch()

    def _next_batch(self) -> asyncio.Future[None]:
        """The future of the next batch written (the writer is started when it is not running)."""
        loop = asyncio.get_running_loop()
        if self._joined is None:
            self._joined = loop.create_future()
            self._joined.add_done_callback(_log_failed_batch)
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_batches())
        return self._joined

    async def connected(self, sid: str, user_id: int, *, also_renew: str | None = None) -> None:
        """``join`` and wait until the socket is written and its user's status announced."""
        try:
            await self.join(sid, user_id, also_renew=also_renew)
        except BaseException:  # not written: this socket is not ours to renew
            self._local.pop(sid, None)
            self._also_renew.pop(sid, None)
            raise

    async def _write_batches(self) -> None:
        await asyncio.sleep(0)  # the sockets coming or going in this moment join the first batch
        while self._joining or self._leaving:
            batch, self._joining = self._joining, {}
            leaving, self._leaving = self._leaving, {}
            done, self._joined = self._joined, None
            assert done is not None
            self._writing = (set(batch), done)
            try:
                await self._write(batch, leaving)
            except Exception as exc:
                self._unwritten.update(batch)  # the heartbeat tries again (gone ones expire by themselves)
                if not done.done():
                    done.set_exception(exc)
            except BaseException:
                done.cancel()
                raise
            else:
                if not done.done():
                    done.set_result(None)
            finally:
                self._writing = None

    async def _write(self, batch: dict[str, int], leaving: dict[str, int] | None = None) -> None:
        """One pipeline lists the batch's sockets (those still here) and takes the leaving ones off;
        one recompute announces the users whose status changed."""
        batch = {sid: user for sid, user in batch.items() if self._local.get(sid) == user}
        leaving = leaving or {}
        if not batch and not leaving:
            return
        expiry = time.time() + SOCKET_TTL_SECONDS
        users = sorted(set(batch.values()) | set(leaving.values()))
        async with self._redis.pipeline(transaction=False) as pipe:
            for sid, user_id in batch.items():
                pipe.zadd(_sockets(user_id), {sid: expiry})
            if batch:
                pipe.sadd(_WATCH, *[str(u) for u in set(batch.values())])
            for sid, user_id in leaving.items():
                pipe.zrem(_sockets(user_id), sid)
                pipe.srem(_idle(user_id), sid)
            await pipe.execute()
        self._ensure_heartbeat()
        for start in range(0, len(users), SWEEP_CHUNK):
            await self._recompute(users[start : start + SWEEP_CHUNK])

    async def disconnected(self, sid: str) -> None:
        self._also_renew.pop(sid, None)
        self._unwritten.pop(sid, None)
        if self._joining.pop(sid, None) is not None:  # never written: nothing to take back
            self._local.pop(sid, None)
            return
        if self._writing is not None and sid in self._writing[0]:
            # Being written now: remove it after the write, or it would be listed again for a minute.
            await asyncio.wait({self._writing[1]})
        user_id = self._local.pop(sid, None)
        if user_id is None:
            return
        self._leaving[sid] = user_id
        await self._next_batch()

    async def set_idle(self, sid: str, idle: bool) -> None:
        user_id = self._local.get(sid)
        if user_id is None:
            return
        if idle:
            await self._redis.sadd(_idle(user_id), sid)
        else:
            await self._redis.srem(_idle(user_id), sid)
        await self.refresh(user_id)

    def _ensure_heartbeat(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        """Renew this process's sockets and sweep users whose sockets all expired elsewhere."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            if self.stopping:  # the listings are left to lapse (see ``stopping``): renewing them costs a
                return  # pipeline of thousands of commands in the seconds the process has to close
            try:
                if self._unwritten:
                    retry, self._unwritten = self._unwritten, {}
                    try:
                        await self._write(retry)
                    except Exception:
                        self._unwritten.update(retry)
                        raise
                await self._renew()
                # One process sweeps per beat (whichever takes the turn); the others only renew.
                if await self._redis.set(_SWEEPER, "1", nx=True, ex=HEARTBEAT_SECONDS - 1):
                    await self.sweep()
            except Exception:  # keep beating through a passing Redis or database error
                log.exception("presence heartbeat failed")

    async def _renew(self) -> None:
        expiry = time.time() + SOCKET_TTL_SECONDS
        async with self._redis.pipeline(transaction=False) as pipe:
            for sid, user_id in list(self._local.items()):
                pipe.zadd(_sockets(user_id), {sid: expiry})
            for sid, key in list(self._also_renew.items()):
                pipe.zadd(key, {sid: expiry})
                pipe.expire(key, SOCKET_TTL_SECONDS)
            await pipe.execute()

    async def sweep(self) -> None:
        """Recompute every watched user's status, announce those that changed (a process died and
        its sockets expired), stop watching users with no live socket. A few Redis round trips and
        one query per ``SWEEP_CHUNK`` users, not several per user: the sweep runs beside live pushes."""
        watched = sorted(int(raw) for raw in await self._redis.smembers(_WATCH))
        for start in range(0, len(watched), SWEEP_CHUNK):
            gone = await self._recompute(watched[start : start + SWEEP_CHUNK])
            if gone:
                await self._redis.srem(_WATCH, *[str(u) for u in gone])

    async def _recompute(self, users: list[int]) -> list[int]:
        """Recompute these users' statuses in one Redis pipeline and one profile query, store and
        announce those that changed; answers the users with no live socket left."""
        now = time.time()
        async with self._redis.pipeline(transaction=False) as pipe:
            for user_id in users:
                pipe.zremrangebyscore(_sockets(user_id), "-inf", now)
                pipe.zcard(_sockets(user_id))
                pipe.scard(_idle(user_id))
            pipe.hmget(_LAST, [str(u) for u in users])
            results = await pipe.execute()
        last = [v.decode() if isinstance(v, bytes) else v for v in results[-1]]
        profiles = await self._profiles(users)
        changed: dict[FieldT, EncodableT] = {}  # user id -> status
        gone: list[int] = []
        for n, user_id in enumerate(users):
            live, idle = int(results[3 * n + 1]), int(results[3 * n + 2])
            profile = profiles.get(user_id) or ChatProfile(user_id=user_id)
            status = _status(live, idle, profile.chosen_status)
            if last[n] != status:
                changed[str(user_id)] = status
                self._queue(user_id, status, profile.mood)
            if live == 0:
                gone.append(user_id)
        if changed:
            await self._redis.hset(_LAST, mapping=changed)
        return gone

    async def close(self) -> None:
        if self._flush is not None:
            self._flush.cancel()
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
