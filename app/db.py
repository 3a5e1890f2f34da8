"""Database engines and sessions, chosen by ``DATABASE_URL`` (SQLite file by default)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, create_engine, make_url
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


def make_async_engine(url: str) -> AsyncEngine:
    options: dict[str, Any] = {}
    if not is_sqlite(url):
        options.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
    engine = create_async_engine(_driver_url(url, asynchronous=True), **options)
    if is_sqlite(url):
        event.listen(engine.sync_engine, "connect", _tune_sqlite)
    return engine


class Database:
    """One async engine and its session factory, owned by the app or a worker process."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_async_engine(url)
        self._sessions = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self._sessions() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
