"""Helpers shared by the tests: a database per run, the app under test, users and signed-in clients."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.applications import Starlette

from app.db import Database, create_database_if_missing, make_sync_engine
from app.main import create_app
from app.operations.migrations import migrate
from app.services import users
from app.settings import Settings
from schemas.options import Role
from schemas.users import User
from tests.contract import AnswerContract

PASSWORD = "tested-Portal-pass-42"
UI_ORIGIN = "http://ui.test"


def database_url(tmp: Path) -> str:
    """SQLite in a temporary folder, or the PostgreSQL database named by PORTAL_TEST_DATABASE_URL (under
    pytest-xdist, one database per worker beside it, so the workers do not reset each other's schema)."""
    url = os.environ.get("PORTAL_TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp / 'test.db'}"
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return worker_database(url, worker) if worker else url


def worker_database(url: str, worker: str) -> str:
    """The database ``<name>_<worker>`` on the server of ``url``, created on first use."""
    worker_url = make_url(url).set(database=f"{make_url(url).database}_{worker}").render_as_string(hide_password=False)
    create_database_if_missing(worker_url)
    return worker_url


def reset_database(url: str) -> None:
    """Start from an empty schema, then apply every migration (so the migrations are tested too)."""
    if make_url(url).get_backend_name() != "sqlite":
        engine = make_sync_engine(url)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()


def make_settings(tmp: Path, redis_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "portal_env": "test",
        "data_dir": tmp,
        "database_url": database_url(tmp),
        "redis_url": redis_url,
        "cors_origins": [UI_ORIGIN],
        "seed_demo_data": False,
        # One client address for every in-process test: the rate limit tests switch them on for themselves.
        "rate_limits_enabled": False,
    }
    values.update(overrides)
    return Settings(**values)


def prepare_database(settings: Settings) -> None:
    reset_database(settings.effective_database_url)
    migrate(settings)


@asynccontextmanager
async def running_app(settings: Settings) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient]]:
    asgi = create_app(settings)
    app = asgi.other_asgi_app  # type: ignore[attr-defined]  # the Starlette app behind Socket.IO
    assert isinstance(app, Starlette)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=asgi)
        contract = AnswerContract(app)  # every /api/* answer is checked against its declared model
        hooks: dict[str, list[Any]] = {"response": [contract]}
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test", event_hooks=hooks) as client:
            app.state.answer_contract = contract
            yield app, client


@asynccontextmanager
async def app_with(
    settings: Settings, redis_url: str, account: Account, **overrides: Any
) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient, Account]]:
    """A second app on the test run's database and Redis with some settings changed (a smaller upload
    limit, no retries, S3 storage...), and ``account`` signed in to it."""
    changed = make_settings(settings.data_dir, redis_url, database_url=settings.effective_database_url, **overrides)
    async with running_app(changed) as (app, client):
        yield app, client, await sign_in(client, account)


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


@dataclass
class Account:
    username: str
    password: str
    role: Role | None
    user_id: int
    tokens: dict[str, Any] = field(default_factory=dict)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens['accessToken']}"}


async def create_account(
    app: Starlette, role: Role | None, *, confirmed: bool = True, username: str | None = None
) -> Account:
    portal = app.state.portal
    name = username or unique(f"{role.value if role else 'norole'}-")
    async with portal.db.session() as session:
        user, password = await users.create_user(
            session=session,
            settings=portal.settings,
            username=name,
            email=f"{name}@example.test",
            display_name=name.title(),
            role=role or Role.CONTRACTOR,
            password=PASSWORD if confirmed else None,
            must_change_password=not confirmed,
        )
        if role is None:
            user.groups = ["unrelated-group"]
            session.add(user)
            await session.commit()
    return Account(username=name, password=password, role=role, user_id=user.id or 0)


async def sign_in(client: httpx.AsyncClient, account: Account) -> Account:
    response = await client.post("/auth/sign-in", json={"username": account.username, "password": account.password})
    assert response.status_code == 200, response.text
    account.tokens = response.json()
    return account


@asynccontextmanager
async def stored_user(app: Starlette, user_id: int) -> AsyncIterator[tuple[AsyncSession, User]]:
    """User ``user_id`` as stored, in a session of its own: change it (or hand both to a users service)
    in the block; what is left changed is committed when the block ends."""
    async with app.state.portal.db.session() as session:
        user = await session.get(User, user_id)
        assert user is not None
        yield session, user
        await session.commit()


DOCUMENT_FORM = {"department": "Hardware"}


async def upload(client: httpx.AsyncClient, who: Account, *named: tuple[str, bytes], **fields: Any) -> httpx.Response:
    """POST /documents/upload as ``who``: the files ``named`` (name, content) with the form (Hardware
    unless ``fields`` say otherwise; a field set to None is left out)."""
    data = {**DOCUMENT_FORM, **fields}
    return await client.post(
        "/documents/upload",
        headers=who.headers,
        data={k: v for k, v in data.items() if v is not None},
        files=[("file", (name, content)) for name, content in named],
    )


async def uploaded(client: httpx.AsyncClient, who: Account, name: str, content: bytes, **fields: Any) -> dict[str, Any]:
    """One file uploaded (201): its item."""
    response = await upload(client, who, (name, content), **fields)
    assert response.status_code == 201, response.text
    item: dict[str, Any] = response.json()["items"][0]
    return item


def database_for(settings: Settings) -> Database:
    return Database(settings.effective_database_url)


async def load_sample_area(app: Starlette, area: str) -> None:
    """Reset one sample area to its committed data (each area's test module starts from it)."""
    from app.samples.loader import load_area

    async with app.state.portal.db.session() as session:
        await load_area(session, area)
