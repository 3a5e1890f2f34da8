"""Shared steps for the browser tests: sign in through the page, and call the API directly."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Page, Request, expect

from app.operations.seed import DEMO_PASSWORD
from app.settings import ROOT


def screenshots_dir() -> Path:
    """Where browser tests save their screenshots: ``docs/screenshots`` only when asked
    (``SCREENSHOTS=docs`` — ``./ops/screenshots``), else ``test-results/screenshots``, so an ordinary
    test run never rewrites the committed pictures."""
    target = (
        ROOT / "docs" / "screenshots"
        if os.environ.get("SCREENSHOTS") == "docs"
        else ROOT / "test-results" / "screenshots"
    )
    target.mkdir(parents=True, exist_ok=True)
    return target


def watch_requests(page: Page) -> list[str]:
    """Every request that fails, or answers 400 or more, while the test runs. A picture still loading
    when the test reloads or leaves the page is cancelled by the browser (ERR_ABORTED): not a failure."""
    failures: list[str] = []

    def failed(r: Request) -> None:
        if not (r.resource_type == "image" and "ERR_ABORTED" in (r.failure or "")):
            failures.append(f"{r.method} {r.url}: {r.failure}")

    page.on("requestfailed", failed)
    page.on(
        "response", lambda r: failures.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None
    )
    return failures


async def go(page: Page, path: str) -> None:
    """Client-side navigation (no reload, so the shell's own calls are not cut off)."""
    await page.evaluate(
        "path => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')) }", path
    )


async def sign_in(page: Page, username: str, password: str = DEMO_PASSWORD, *, remember: bool = True) -> None:
    await page.get_by_label("Username").fill(username)
    await page.get_by_label("Password", exact=True).fill(password)
    if not remember:
        await page.get_by_label("Remember Me").uncheck()
    await page.get_by_role("button", name="LOGIN").click()


async def signed_in_at(page: Page, username: str, path: str = "/dashboard") -> None:
    """Open ``path`` as ``username`` (through the login page, which returns there)."""
    await page.goto(path)
    await expect(page).to_have_url(re.compile(r"/login$"))
    await sign_in(page, username)
    await expect(page).to_have_url(re.compile(re.escape(path) + "$"))


class Api:
    """The API as a given demo user sees it (for changes made 'elsewhere' during a browser test)."""

    def __init__(self, base_url: str, username: str) -> None:
        tokens = httpx.post(f"{base_url}/auth/sign-in", json={"username": username, "password": DEMO_PASSWORD}).json()
        self.client = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {tokens['accessToken']}"})

    def get(self, path: str, **params: Any) -> Any:
        response = self.client.get(path, params=params)
        assert response.status_code == 200, response.text
        return response.json()

    def create_asset(self, **fields: Any) -> dict[str, Any]:
        body = {
            "tag": f"E2E-{uuid.uuid4().hex[:8]}",
            "name": "Test rig",
            "category": "Test equipment",
            "department": "Hardware",
            "status": "GOOD",
            "risk": "L",
            **fields,
        }
        response = self.client.post("/assets", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def patch(self, resource: str, record: dict[str, Any], **changes: Any) -> dict[str, Any]:
        response = self.client.patch(
            f"/{resource}/{record['id']}", json={"id": record["id"], "version": record["version"], **changes}
        )
        assert response.status_code == 200, response.text
        updated: dict[str, Any] = response.json()
        return updated
