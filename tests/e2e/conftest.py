"""Browser tests: the real API and UI server as processes, driven by Debian's Chromium via Playwright.

One stack (API + UI + seeded SQLite + embedded Redis) serves the whole browser-test run; each test
gets a fresh browser context, so no cookies or storage leak between tests.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from app.settings import ROOT

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory, redis_url: str) -> Iterator[Stack]:
    dist = ROOT / "ui" / "dist" / "index.html"
    assert dist.exists(), "build the UI first (./ops/test does): ui/dist/index.html is missing"
    data = tmp_path_factory.mktemp("e2e")
    api_port, ui_port = free_port(), free_port()
    api_url, ui_url = f"http://127.0.0.1:{api_port}", f"http://127.0.0.1:{ui_port}"
    env = {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(data),
        "DATABASE_URL": f"sqlite:///{data / 'e2e.db'}",
        "REDIS_URL": redis_url,
        "PUBLIC_API_URL": api_url,
        "JWT_ISSUER": api_url,
        "CORS_ORIGINS": f'["{ui_url}"]',
        "UI_PORT": str(ui_port),
    }
    for command in (["migrate"], ["seed"]):
        subprocess.run([sys.executable, "-m", "app.cli", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    api = [sys.executable, "-m", "uvicorn", "--factory", "app.main:app", "--port", str(api_port), "--no-access-log"]
    processes = []
    try:
        for name, cmd, probe in [
            ("api", api, f"{api_url}/health"),
            ("ui", [sys.executable, "-m", "app.ui_server"], f"{ui_url}/config.js"),
        ]:
            log = data / f"{name}.log"
            process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
            processes.append(process)
            _wait_until_up(probe, process, log)
        yield Stack(api_url=api_url, ui_url=ui_url, env=env)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)


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
