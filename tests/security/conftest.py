"""A portal of its own for the fuzzer: it deletes and rewrites data, so no other test shares its database."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from app.operations.migrations import migrate
from app.operations.seed import DEMO_PASSWORD, seed
from app.redis_conn import start_embedded
from app.settings import Settings
from tests.processes import api_command, free_port, process_env, serving


@dataclass
class FuzzPortal:
    url: str
    folder: Path

    def token(self, username: str) -> str:
        answer = httpx.post(f"{self.url}/auth/sign-in", json={"username": username, "password": DEMO_PASSWORD})
        assert answer.status_code == 200, answer.text
        return str(answer.json()["accessToken"])


@pytest.fixture(scope="session")
def fuzz_portal(run_dir: Path, redis_url: str) -> Iterator[FuzzPortal]:
    """One uvicorn process on a fresh SQLite database with the demo data, and its own embedded Redis
    (the fuzzer's record pushes must not reach the sockets of other tests). The conftest's
    ``redis_url`` fixture is asked for so that its teardown stops this Redis too."""
    folder = run_dir / "fuzz"
    settings = Settings(
        portal_env="development",
        data_dir=folder,
        database_url=f"sqlite:///{folder / 'fuzz.db'}",
        redis_url=start_embedded(folder / "redis"),
        seed_demo_data=False,
    )
    migrate(settings)
    seed(settings)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with serving([("fuzz-api", api_command(port), f"{url}/health")], process_env(settings), folder):
        yield FuzzPortal(url=url, folder=folder)
