"""Fixtures: one embedded Redis and one migrated database per test run, one app per module, and cheap
password hashing in this process (see ``fast_password_hashing``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from argon2 import PasswordHasher
from starlette.applications import Starlette

from app.auth import passwords
from app.redis_conn import shutdown_embedded, start_embedded
from app.settings import Settings
from schemas.options import Role
from tests.processes import api_command, free_port, process_env, serving
from tests.realtime_support import ORIGIN, Cluster, Sockets
from tests.support import Account, create_account, make_settings, prepare_database, running_app, sign_in

# argon2id still, at its smallest cost (1 pass over 1 MiB, one lane): about 1 ms a hash instead of the
# production profile's tens of milliseconds (3 passes over 64 MiB, 4 lanes). Every account a test creates
# and every sign-in pays it; the tests that time hashing ask for ``production_password_hashing``.
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
PRODUCTION_HASHER = passwords._hasher


def _use_hasher(hasher: PasswordHasher) -> None:
    """Hash with ``hasher`` in this process (the dummy hash of unknown users is made again with it)."""
    passwords._hasher = hasher
    passwords._dummy_hash.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> Iterator[None]:
    """Cheap argon2 parameters for the in-process apps (API processes the tests start keep the real ones).
    A hash records its parameters, so sign-ins verify an account's hash at the cost it was made with."""
    _use_hasher(FAST_HASHER)
    yield
    _use_hasher(PRODUCTION_HASHER)


@pytest.fixture
def production_password_hashing(fast_password_hashing: None) -> Iterator[None]:
    """The production argon2 parameters for one test (accounts it creates are hashed at the real cost)."""
    _use_hasher(PRODUCTION_HASHER)
    yield
    _use_hasher(FAST_HASHER)


@pytest.fixture(scope="session")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("portal")


@pytest.fixture(scope="session")
def redis_url(run_dir: Path) -> Iterator[str]:
    url = start_embedded(run_dir / "redis")
    yield url
    shutdown_embedded()


@pytest.fixture(scope="session")
def settings(run_dir: Path, redis_url: str) -> Settings:
    settings = make_settings(run_dir, redis_url)
    prepare_database(settings)
    return settings


@pytest.fixture(scope="session")
async def api(settings: Settings) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient]]:
    async with running_app(settings) as pair:
        yield pair


@pytest.fixture(scope="session")
def app(api: tuple[Starlette, httpx.AsyncClient]) -> Starlette:
    return api[0]


@pytest.fixture(scope="session")
def client(api: tuple[Starlette, httpx.AsyncClient]) -> httpx.AsyncClient:
    return api[1]


@pytest.fixture(scope="session")
async def staff(app: Starlette, client: httpx.AsyncClient) -> dict[str, Account]:
    """One signed-in account per role, plus a second technician and a user without a role."""
    accounts = {}
    for key, role in [
        ("admin", Role.ADMIN),
        ("manager", Role.MANAGER),
        ("technician", Role.TECHNICIAN),
        ("technician2", Role.TECHNICIAN),
        ("contractor", Role.CONTRACTOR),
        ("norole", None),
    ]:
        accounts[key] = await sign_in(client, await create_account(app, role))
    return accounts


@pytest.fixture(scope="session")
def cluster(settings: Settings, run_dir: Path) -> Iterator[Cluster]:
    """Two API processes on the test database and Redis (started once, for the realtime tests)."""
    ports = [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    env = process_env(settings, CORS_ORIGINS=f'["{ORIGIN}"]')
    logs = run_dir / "cluster"
    logs.mkdir(exist_ok=True)
    commands = [
        (f"api{n}", api_command(port), f"{url}/health") for n, (port, url) in enumerate(zip(ports, urls, strict=True))
    ]
    with serving(commands, env, logs):
        yield Cluster(urls=urls)


@pytest.fixture
async def connect() -> AsyncIterator[Sockets]:
    sockets = Sockets()
    yield sockets
    await sockets.close()
