"""Browser tests: the real API and UI server as processes, driven by Debian's Chromium via Playwright.

One stack (API + UI + seeded SQLite + embedded Redis) serves the whole browser-test run; each test
gets a fresh browser context, so no cookies or storage leak between tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from app.operations.migrations import migrate
from app.operations.seed import seed
from app.settings import ROOT, Settings
from ops.browser import CHROMIUM, CHROMIUM_ARGS
from tests.processes import api_command, free_port, running_workers, serving, ui_command


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@dataclass
class Stack:
    api_url: str
    ui_url: str
    env: dict[str, str]

    def portal(self, *args: str) -> str:
        """Run ``./ops/portal`` against this stack's database; answers its output."""
        result = subprocess.run(
            [sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stderr
        return result.stdout


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory, redis_url: str, fast_password_hashing: None) -> Iterator[Stack]:
    dist = ROOT / "ui" / "dist" / "index.html"
    assert dist.exists(), "build the UI first (./ops/test does): ui/dist/index.html is missing"
    data = tmp_path_factory.mktemp("e2e")
    api_port, ui_port = free_port(), free_port()
    api_url, ui_url = f"http://127.0.0.1:{api_port}", f"http://127.0.0.1:{ui_port}"
    # The stack's own Redis database: its worker takes only the stack's document jobs and no other
    # test's (the queue is a key; the pushes go through pub/sub, which spans databases).
    stack_redis = f"{redis_url}{'&' if '?' in redis_url else '?'}db=1"
    env = {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(data),
        "DATABASE_URL": f"sqlite:///{data / 'e2e.db'}",
        "REDIS_URL": stack_redis,
        "PUBLIC_API_URL": api_url,
        "JWT_ISSUER": api_url,
        "CORS_ORIGINS": f'["{ui_url}"]',
        "UI_PORT": str(ui_port),
        # One browser stack signs in for every test from 127.0.0.1: no rate limits (tested on their own).
        "RATE_LIMITS_ENABLED": "false",
        # No daily inspection notices arriving in the middle of other tests (tests/test_push_delivery.py has them).
        "INSPECTION_NOTICES_ENABLED": "false",
    }
    # Migrated and seeded in this process (as ``./ops/portal migrate`` and ``seed`` would): no two Python
    # start-ups, and the demo users' passwords hashed at the tests' argon2 cost (tests/conftest.py), which
    # every sign-in through the page then verifies at.
    seeded = Settings(portal_env="development", data_dir=data, database_url=env["DATABASE_URL"], redis_url=stack_redis)
    migrate(seeded)
    seed(seeded)
    commands = [("api", api_command(api_port), f"{api_url}/health"), ("ui", ui_command(), f"{ui_url}/config.js")]
    # A document worker too; each processing stage pauses a moment, so a browser sees the stages.
    worker_env = {**env, "DOCUMENT_STAGE_DELAY": "0.5"}
    with serving(commands, env, data), running_workers(worker_env, data, stack_redis):
        yield Stack(api_url=api_url, ui_url=ui_url, env=env)


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def context(browser: Browser, stack: Stack) -> AsyncIterator[BrowserContext]:
    context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    yield context
    await context.close()


@pytest.fixture
async def page(context: BrowserContext) -> AsyncIterator[Page]:
    page = await context.new_page()
    failures: list[str] = []
    page.on("pageerror", lambda error: failures.append(f"page error: {error}"))
    yield page
    assert not failures, failures
