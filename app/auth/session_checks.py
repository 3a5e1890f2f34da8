"""Session checks that arrive together share one database read.

When the per-process memory of live sessions (``live_sessions.py``) is empty, as it is right after a
process starts, every reconnecting socket asks the database about its session. Thousands of
sockets coming back after a restart would be thousands of queries; instead the checks asked for in
the same moment wait for one ``IN (...)`` read (at most ``CHUNK`` sessions each), and each gets its
own row. A check asked while a read is running joins the next read.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from sqlmodel import col, select

from app.db import Database
from schemas.options import UserState
from schemas.users import AuthSession, User

CHUNK = 500  # sessions per query: well under every database's parameter limit

Row = tuple[datetime | None, datetime]  # revoked at, expires at
_Key = tuple[str, int]  # session id, user id


class SessionChecks:
    def __init__(self, db: Database, *, kind: str) -> None:
        self._db = db
        self._kind = kind  # the kind of session checked (portal sign-ins)
        self._waiting: dict[_Key, list[asyncio.Future[Row | None]]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def row(self, session_id: str, user_id: int) -> Row | None:
        """The session's (revoked at, expires at), or None when it is not this user's session of
        this kind or the user is disabled."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Row | None] = loop.create_future()
        self._waiting.setdefault((session_id, user_id), []).append(future)
        if self._reader is None or self._reader.done() or self._reader.get_loop() is not loop:
            self._reader = loop.create_task(self._read_all())
        return await future

    async def _read_all(self) -> None:
        await asyncio.sleep(0)  # let the checks asked in this moment join the first read
        while self._waiting:
            batch, self._waiting = self._waiting, {}
            futures = [(key, f) for key, waiting in batch.items() for f in waiting]
            try:
                rows: dict[_Key, Row] = {}
                keys = list(batch)
                for start in range(0, len(keys), CHUNK):
                    rows.update(await self._read([s for s, _ in keys[start : start + CHUNK]]))
            except Exception as exc:  # every check of this read fails with it; later ones try again
                for _, future in futures:
                    if not future.done():
                        future.set_exception(exc)
                continue
            except BaseException:  # cancelled (the loop is closing): nobody waits forever
                for _, future in futures:
                    future.cancel()
                raise
            for key, future in futures:
                if not future.done():
                    future.set_result(rows.get(key))

    async def _read(self, session_ids: list[str]) -> dict[_Key, Row]:
        async with self._db.reader() as session:
            found = await session.exec(
                select(AuthSession.id, AuthSession.user_id, AuthSession.revoked_at, AuthSession.expires_at)
                .join(User, User.id == AuthSession.user_id)  # type: ignore[arg-type]
                .where(
                    col(AuthSession.id).in_(session_ids),
                    AuthSession.kind == self._kind,
                    User.state != UserState.DISABLED,
                )
            )
            return {(sid, uid): (revoked, expires) for sid, uid, revoked, expires in found}
