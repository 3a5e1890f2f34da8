"""Database engines and sessions, chosen by ``DATABASE_URL`` (SQLite file by default)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine, create_engine, make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession


def _driver_url(url: str, *, asynchronous: bool) -> str:
    """Pick the driver for a plain ``sqlite://`` or ``postgresql://`` URL."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite" if asynchronous else "sqlite")
    elif backend in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def _tune_sqlite(dbapi_connection: Any, _record: Any, *, foreign_keys: bool = True) -> None:
    # WAL lets readers and one writer work at once; the timeout waits for the writer instead of failing.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _tune_sqlite_for_migrations(dbapi_connection: Any, record: Any) -> None:
    # Migrations rebuild SQLite tables (copy, drop, rename): with foreign keys enforced, dropping the
    # old table would fire ON DELETE actions in the tables that point at it.
    _tune_sqlite(dbapi_connection, record, foreign_keys=False)


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def make_sync_engine(url: str, *, for_migrations: bool = False) -> Engine:
    engine = create_engine(_driver_url(url, asynchronous=False))
    if is_sqlite(url):
        event.listen(engine, "connect", _tune_sqlite_for_migrations if for_migrations else _tune_sqlite)
    return engine


def create_database_if_missing(url: str) -> None:
    """PostgreSQL: create the database ``url`` names when the server does not have it yet (through the
    server's ``postgres`` database, since the named one may not exist). SQLite creates its file itself."""
    if is_sqlite(url):
        return
    target = make_url(url)
    name = target.database
    engine = make_sync_engine(target.set(database="postgres").render_as_string(hide_password=False))
    try:
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}).first() is None:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()


IDLE_PING_SECONDS = 1.0


def _note_checkin(_dbapi_connection: Any, record: Any) -> None:
    record.info["idle_since"] = time.monotonic()


def _ping_if_idle(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
    """Check a pooled connection before use only if it sat idle for a while (a database restart
    happens while connections wait). SQLAlchemy's ``pool_pre_ping`` pings on every checkout: a
    round trip added to every call under load, for connections used a millisecond ago."""
    idle_since = record.info.get("idle_since")
    if idle_since is None or time.monotonic() - idle_since < IDLE_PING_SECONDS:
        return
    try:
        cursor = dbapi_connection.cursor()
        cursor.execute("SELECT 1")
        cursor.close()
        dbapi_connection.rollback()  # leave no transaction open: the checkout may ask for autocommit
    except Exception as exc:  # any failure: the pool discards this connection and opens another
        raise DisconnectionError(str(exc)) from exc


def make_async_engine(url: str) -> AsyncEngine:
    options: dict[str, Any] = {}
    if not is_sqlite(url):
        # Connections above pool_size are closed when returned: under steady load that is a new
        # PostgreSQL backend (a fork) per call. A pool as large as the usual concurrency, and a short
        # wait for a free connection beyond it, cost far less.
        options.update(pool_size=20, max_overflow=5, pool_timeout=10)
    engine = create_async_engine(_driver_url(url, asynchronous=True), **options)
    if is_sqlite(url):
        event.listen(engine.sync_engine, "connect", _tune_sqlite)
    else:
        event.listen(engine.sync_engine.pool, "checkin", _note_checkin)
        event.listen(engine.sync_engine.pool, "checkout", _ping_if_idle)
    return engine


class Database:
    """One async engine and its session factory, owned by the app or a worker process."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_async_engine(url)
        self._sessions = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)
        # Reads of one statement need no transaction: autocommit spares a BEGIN and a ROLLBACK
        # round trip per call (lists, sign-in checks).
        reading = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._readers = async_sessionmaker(reading, class_=AsyncSession, expire_on_commit=False)
        # Where committed audit entries are pushed (app/services/audit.py); set by the API process.
        self.audit_sink: Any = None

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self._sessions() as session:
            if self.audit_sink is not None:
                session.sync_session.info["audit_sink"] = self.audit_sink
            yield session

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[AsyncSession]:
        """A session for reads only, each statement on its own (no transaction around them)."""
        async with self._readers() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()


async def committed(session: AsyncSession) -> bool:
    """Commit; False (rolled back) when a concurrent writer inserted the same key first, so the
    caller reads the row again and retries (a first save racing another)."""
    try:
        await session.commit()
    except IntegrityError:
        await session.rollback()
        return False
    return True
