"""Company sign-in in Chromium through a real OpenID Connect provider started here: the certified
`oidc-provider` package (tests/oidc_provider, installed by ./ops/test).

Alice is in group portal-manager: she signs in with "Sign in with Example SSO", the provider's own
pages, and lands on the dashboard as a manager. The provider then moves her to portal-contractor;
her next sign-in (the provider remembers her: no pages this time) makes her a contractor. Opening
the provider's answer a second time (a replayed code and state) is refused with a message on the
login page. Forged, wrong-nonce and wrong-audience ID tokens are refused in tests/test_oidc.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from app.settings import ROOT
from tests.e2e.helpers import screenshots_dir
from tests.processes import api_command, free_port, serving, ui_command

PROVIDER_DIR = ROOT / "tests" / "oidc_provider"
CLIENT_ID = "staff-portal"
CLIENT_SECRET = "browser-test-client-secret"


@dataclass
class SsoStack:
    api_url: str
    ui_url: str
    provider_url: str


@pytest.fixture(scope="module")
def sso_stack(tmp_path_factory: pytest.TempPathFactory, redis_url: str) -> Iterator[SsoStack]:
    if not (PROVIDER_DIR / "node_modules" / "oidc-provider").is_dir():
        pytest.fail("the test OpenID Connect provider is missing: cd tests/oidc_provider && npm ci (./ops/test does)")
    data: Path = tmp_path_factory.mktemp("sso")
    api_port, ui_port, provider_port = free_port(), free_port(), free_port()
    api_url, ui_url = f"http://127.0.0.1:{api_port}", f"http://127.0.0.1:{ui_port}"
    provider_url = f"http://127.0.0.1:{provider_port}"
    env = {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(data),
        "DATABASE_URL": f"sqlite:///{data / 'sso.db'}",
        "REDIS_URL": f"{redis_url}{'&' if '?' in redis_url else '?'}db=2",
        "PUBLIC_API_URL": api_url,
        "JWT_ISSUER": api_url,
        "CORS_ORIGINS": f'["{ui_url}"]',
        "UI_PORT": str(ui_port),
        "RATE_LIMITS_ENABLED": "false",
        "INSPECTION_NOTICES_ENABLED": "false",
        "SEED_DEMO_DATA": "false",
        "OIDC_ISSUER": provider_url,
        "OIDC_CLIENT_ID": CLIENT_ID,
        "OIDC_CLIENT_SECRET": CLIENT_SECRET,
        "OIDC_DISPLAY_NAME": "Example SSO",
        # Password sign-in for admins only: company staff come through the provider.
        "LOCAL_SIGN_IN": "admins-only",
        # the provider's own settings
        "PORT": str(provider_port),
        "CLIENT_ID": CLIENT_ID,
        "CLIENT_SECRET": CLIENT_SECRET,
        "REDIRECT_URI": f"{api_url}/auth/oidc/callback",
    }
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    commands = [
        ("oidc-provider", ["node", str(PROVIDER_DIR / "server.js")], f"{provider_url}/jwks"),
        ("api", api_command(api_port), f"{api_url}/health"),
        ("ui", ui_command(), f"{ui_url}/config.js"),
    ]
    with serving(commands, env, data):
        yield SsoStack(api_url=api_url, ui_url=ui_url, provider_url=provider_url)


async def _company_sign_in(page: Page) -> None:
    await page.goto("/login")
    await page.get_by_test_id("login-company").click()


async def test_sign_in_through_the_company_provider_role_follows_its_groups(
    browser: Browser, sso_stack: SsoStack
) -> None:
    context = await browser.new_context(base_url=sso_stack.ui_url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    try:
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto("/login")
        button = page.get_by_role("button", name="Sign in with Example SSO")
        await expect(button).to_be_visible()
        await expect(page.get_by_test_id("login-form")).to_be_visible()  # beside the username form
        await page.screenshot(path=str(screenshots_dir() / "login-company-sign-in.png"))

        # First sign-in: the provider's pages (its development login, then consent), remembered by the test.
        answers: list[str] = []
        page.on(
            "request",
            lambda request: answers.append(request.url) if "/auth/oidc/callback" in request.url else None,
        )
        await button.click()
        await expect(page).to_have_url(re.compile(re.escape(sso_stack.provider_url)))
        await page.locator("input[name=login]").fill("alice")
        await page.locator("input[name=password]").fill("anything")
        await page.get_by_role("button", name="Sign-in").click()
        await page.get_by_role("button", name="Continue").click()
        await expect(page).to_have_url(re.compile(r"/dashboard$"))
        await expect(page.get_by_test_id("dashboard-greeting")).to_contain_text("Alice")
        await expect(page.get_by_test_id("dashboard-role")).to_contain_text("manager", ignore_case=True)
        assert "oidc=" not in page.url  # the one-time code left the address bar
        first_answer = answers[-1]

        # The provider moves Alice to portal-contractor; she signs out and in again.
        moved = await page.request.post(
            f"{sso_stack.provider_url}/_test/groups", data={"account": "alice", "groups": ["portal-contractor"]}
        )
        assert moved.status == 204
        await page.get_by_test_id("user-menu").click()
        await page.get_by_test_id("user-menu-logout").click()
        await expect(page).to_have_url(re.compile(r"/login$"))
        await page.get_by_role("button", name="Sign in with Example SSO").click()
        await expect(page).to_have_url(re.compile(r"/dashboard$"))
        await expect(page.get_by_test_id("dashboard-role")).to_contain_text("contractor", ignore_case=True)

        # The provider's first answer opened again (a replayed code and state): refused, and said so.
        await page.get_by_test_id("user-menu").click()
        await page.get_by_test_id("user-menu-logout").click()
        await expect(page).to_have_url(re.compile(r"/login$"))
        await page.goto(first_answer)
        await expect(page).to_have_url(re.compile(r"/login$"))
        await expect(page.get_by_role("alert")).to_have_text(
            "Your company sign-in took too long or was started in another browser tab. Try again."
        )

        assert not errors, errors
    finally:
        await context.close()
