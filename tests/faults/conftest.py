"""Fixtures of the fault scenarios: each module gets its own Redis server and PostgreSQL cluster (or
SQLite when no cluster can be started here), which its tests may stop and restart freely."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.settings import Settings
from schemas.options import Role
from tests.faults.servers import PostgresCluster, RedisServer, postgres_cluster
from tests.faults.stack import ApiProcess
from tests.support import create_account, make_settings, prepare_database, running_app, sign_in

WORKER_FAST = {"WORKER_HEARTBEAT_SECONDS": "1", "WORKER_MAINTENANCE_SECONDS": "2"}


@pytest.fixture(scope="module")
def fault_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("faults")


@pytest.fixture(scope="module")
def fault_redis(fault_dir: Path) -> Iterator[RedisServer]:
    if not RedisServer.available():
        pytest.skip("no redis-server binary at /usr/bin/redis-server")
    server = RedisServer(fault_dir / "redis")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def fault_postgres() -> Iterator[PostgresCluster | None]:
    """The module's own PostgreSQL cluster, or None (SQLite) when none can be started here."""
    if PostgresCluster.unavailable_reason() is not None:
        yield None
        return
    with postgres_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="module")
def fault_settings(fault_dir: Path, fault_redis: RedisServer, fault_postgres: PostgresCluster | None) -> Settings:
    options: dict[str, Any] = {"database_url": fault_postgres.url} if fault_postgres else {}
    settings = make_settings(fault_dir, fault_redis.url, **options)
    prepare_database(settings)
    return settings


@pytest.fixture(scope="module")
def apis(fault_settings: Settings, fault_dir: Path) -> Iterator[list[ApiProcess]]:
    """Two API processes on the module's servers (not started: each scenario starts them when it needs)."""
    processes = [ApiProcess(fault_settings, fault_dir, f"api{n}") for n in range(2)]
    yield processes
    for process in processes:
        process.stop()


async def signed_in_users(settings: Settings, count: int, role: Role = Role.TECHNICIAN) -> list[dict[str, Any]]:
    """``count`` new staff accounts, signed in: each with ``id`` and ``tokens``."""
    users = []
    async with running_app(settings) as (app, client):
        for _ in range(count):
            account = await sign_in(client, await create_account(app, role))
            users.append({"id": account.user_id, "tokens": account.tokens, "headers": account.headers})
    return users


@pytest.fixture(scope="module")
async def pair(fault_settings: Settings) -> AsyncIterator[list[dict[str, Any]]]:
    yield await signed_in_users(fault_settings, 2)
