"""A fresh portal for one benchmark: its own data folder, database and Redis, N API processes.

Users for socket benchmarks are written straight into the database with one shared password hash,
and their access tokens minted with the portal's own key (signing in 10,000 users through argon2
would take minutes and measure nothing the benchmark is about).
"""

from __future__ import annotations

import asyncio
import compileall
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import httpx
from redis import Redis
from sqlalchemy import text

from app.db import create_database_if_missing, is_sqlite, make_sync_engine
from app.operations.launcher import api_command, embedded_redis, free_port, serving
from app.operations.migrations import migrate
from app.operations.seed import seed as load_demo_data
from app.settings import ROOT, Settings
from ops.benchmarks.report import BenchOptions
from ops.benchmarks.sockets import restartable

PASSWORD = "bench-Portal-pass-42"


@dataclass
class Instance:
    data_dir: Path
    database_url: str
    redis_url: str
    env: dict[str, str]
    api_urls: list[str] = field(default_factory=list)
    api_pids: list[int] = field(default_factory=list)  # one per API process (memory figures)
    #: stop every API process at once, then start them again on the same ports (reconnect storms);
    #: answers the wall-clock time the new processes were launched
    restart_api: Callable[[], float] = lambda: 0.0

    @property
    def settings(self) -> Settings:
        return Settings(
            portal_env="development",
            data_dir=self.data_dir,
            database_url=self.database_url,
            redis_url=self.redis_url,
            seed_demo_data=False,
        )


def reset_database(url: str, data_dir: Path) -> None:
    """Empty the database (PostgreSQL: drop the schema) and migrate it to the newest revision."""
    if not is_sqlite(url):
        create_database_if_missing(url)  # a fresh machine's server has no "bench" database yet
        engine = make_sync_engine(url)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()
    migrate(Settings(portal_env="development", data_dir=data_dir, database_url=url))


def compile_bytecode() -> None:
    """Compile the portal's sources as the deployed image does (``ops/deploy/Dockerfile``): with
    ``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__``, every API process would compile them at
    each start, seconds of a restart on a loaded machine that a deployment never pays."""
    for folder in ("app", "worker", "schemas"):
        compileall.compile_dir(ROOT / folder, quiet=1)


def two_processes(options: BenchOptions) -> AbstractContextManager[Instance]:
    """The realtime benchmarks' portal: two API processes on their own ports, the options' Redis and
    database, no demo data."""
    return portal(api_processes=2, redis_url=options.redis_url, database_url=options.database_url, seed=False)


@contextmanager
def portal(
    *,
    database_url: str | None = None,
    redis_url: str | None = None,
    api_processes: int = 2,
    shared_port: bool = False,
    seed: bool = True,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Instance]:
    """A fresh portal; ``shared_port`` runs the processes as ``uvicorn --workers N`` on one port,
    otherwise each process gets its own port (``Instance.api_urls``). PostgreSQL URLs are emptied."""
    data_dir = Path(tempfile.mkdtemp(prefix="portal-bench-"))
    url = database_url or f"sqlite:///{data_dir / 'portal.db'}"
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, data_dir, True)
        reset_database(url, data_dir)
        if redis_url is None:
            redis_url = stack.enter_context(embedded_redis(data_dir / "redis"))
        else:
            Redis.from_url(redis_url).flushdb()
        instance = Instance(
            data_dir=data_dir,
            database_url=url,
            redis_url=redis_url,
            env={
                **os.environ,
                "PORTAL_ENV": "development",
                "DATA_DIR": str(data_dir),
                "DATABASE_URL": url,
                "REDIS_URL": redis_url,
                "SEED_DEMO_DATA": "false",
                # The load comes from one address (and a few users) by design: no rate limits here.
                "RATE_LIMITS_ENABLED": "false",
                **(extra_env or {}),
            },
        )
        # Bytecode cached as in a deployment (the image's pip installs and compileall): the first start
        # writes what the restarts read. (Set, it made every API start compile every module it imports.)
        instance.env.pop("PYTHONDONTWRITEBYTECODE", None)
        if seed:
            load_demo_data(instance.settings)
        compile_bytecode()
        ports = [free_port()] if shared_port else [free_port() for _ in range(api_processes)]
        services = [
            (f"api{n}", api_command(port, processes=api_processes if shared_port else 1, log_level="warning"),
             f"http://127.0.0.1:{port}/health")
            for n, port in enumerate(ports)
        ]  # fmt: skip
        processes = stack.enter_context(serving(services, instance.env, data_dir, 60))
        instance.api_urls = [f"http://127.0.0.1:{port}" for port in ports]
        instance.restart_api = restartable(processes, services, instance.env, data_dir, instance.api_pids)
        yield instance


async def _mint_users(instance: Instance, count: int, prefix: str, role: str) -> list[tuple[int, str]]:
    from sqlalchemy import insert
    from sqlmodel import col, select

    from app.auth.keys import load_signing_key
    from app.auth.passwords import hash_password
    from app.auth.tokens import TokenService
    from app.db import Database
    from app.services.users import group_for
    from schemas.base import utcnow
    from schemas.options import Role
    from schemas.users import AuthSession, User, UserState

    settings = instance.settings
    tokens = TokenService(load_signing_key(settings), settings)
    db = Database(instance.database_url)
    password_hash = hash_password(PASSWORD)
    group = group_for(Role(role), settings)
    now = utcnow()
    try:
        async with db.session() as session:
            rows = [
                {
                    "username": f"{prefix}{n:05d}",
                    "email": f"{prefix}{n:05d}@bench.test",
                    "display_name": f"Bench {prefix} {n}",
                    "groups": [group],
                    "state": UserState.CONFIRMED,
                    "password_hash": password_hash,
                    "settings": {},
                    "shortcuts": [],
                    "totp_enabled": False,
                    "created_at": now,
                    "updated_at": now,
                }
                for n in range(count)
            ]
            for start in range(0, len(rows), 1000):
                await session.exec(insert(User), params=rows[start : start + 1000])  # type: ignore[call-overload]
            await session.commit()
            users = (
                await session.exec(select(User).where(col(User.username).startswith(prefix)).order_by(col(User.id)))
            ).all()
            result: list[tuple[int, str]] = []
            sessions = []
            for user in users:
                sid = secrets.token_hex(16)
                sessions.append(
                    {"id": sid, "user_id": user.id, "created_at": now, "expires_at": now + timedelta(days=1)}
                )
                access, _identity = tokens.issue(user=user, session_id=sid, now=now)
                result.append((user.id or 0, access))
            for start in range(0, len(sessions), 1000):
                await session.exec(insert(AuthSession), params=sessions[start : start + 1000])  # type: ignore[call-overload]
            await session.commit()
            return result
    finally:
        await db.dispose()


def mint_users(instance: Instance, count: int, *, prefix: str = "u", role: str = "technician") -> list[tuple[int, str]]:
    """Create ``count`` confirmed users with live sessions; answers (user id, access token) for each."""
    return asyncio.run(_mint_users(instance, count, prefix, role))


def sign_in(api: str, username: str = "admin", password: str = "demo-portal-2026") -> str:
    """An access token through the real sign-in (demo users share the password above)."""
    answer = httpx.post(f"{api}/auth/sign-in", json={"username": username, "password": password}, timeout=30)
    answer.raise_for_status()
    return str(answer.json()["accessToken"])
