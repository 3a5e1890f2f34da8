"""Sign-in in a real browser: each role, the new-password step, errors, the guard, logout."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import BrowserContext, Page, Route, expect

from app.operations.seed import DEMO_PASSWORD
from tests.e2e.conftest import Stack
from tests.e2e.helpers import sign_in

SESSION_KEY = "portal.session"


@pytest.mark.parametrize(
    ("username", "name", "role"),
    [
        ("admin", "Avery Admin", "admin"),
        ("manager", "Morgan Manager", "manager"),
        ("technician", "Taylor Technician", "technician"),
        ("contractor", "Casey Contractor", "contractor"),
    ],
)
async def test_each_demo_role_signs_in_to_the_dashboard(page: Page, username: str, name: str, role: str) -> None:
    await page.goto("/")
    await expect(page).to_have_url(re.compile(r"/login$"))
    await sign_in(page, username, DEMO_PASSWORD)
    await expect(page).to_have_url(re.compile(r"/dashboard$"))
    await expect(page.get_by_test_id("dashboard-greeting")).to_contain_text(name)
    await expect(page.get_by_test_id("dashboard-role")).to_contain_text(role, ignore_case=True)
    # Figures come from the API: the seeded data set has at least 200 assets.
    await expect(page.get_by_test_id("stat-assets-value")).to_have_text(re.compile(r"^[2-9]\d\d$"))
    stored = await page.evaluate(f"localStorage.getItem('{SESSION_KEY}')")
    assert stored and "accessToken" in stored


async def test_login_is_enabled_only_with_both_fields(page: Page) -> None:
    await page.goto("/login")
    button = page.get_by_role("button", name="LOGIN")
    await expect(button).to_be_disabled()
    await page.get_by_label("Username").fill("admin")
    await expect(button).to_be_disabled()
    await page.get_by_label("Password", exact=True).fill("x")
    await expect(button).to_be_enabled()


async def test_wrong_password_shows_the_message_in_red(page: Page) -> None:
    await page.goto("/login")
    await sign_in(page, "manager", "not-the-password")
    alert = page.get_by_role("alert")
    await expect(alert).to_have_text("Incorrect username or password.")
    color = await alert.evaluate("el => getComputedStyle(el).color")
    red, green, blue = (int(c) for c in re.findall(r"\d+", color)[:3])
    assert red > 150 and red - green > 60 and red - blue > 60, color  # a red (light red on the dark theme)
    await expect(page).to_have_url(re.compile(r"/login$"))


async def test_new_user_chooses_a_password_at_first_sign_in(page: Page, stack: Stack) -> None:
    out = stack.portal("users", "create", "newhire", "--email", "newhire@example.test", "--role", "technician")
    match = re.search(r"temporary password: (\S+)", out)
    assert match
    await page.goto("/login")
    await sign_in(page, "newhire", match.group(1))
    await expect(page.get_by_text("SECURE YOUR ACCOUNT")).to_be_visible()
    await expect(page.get_by_text("Choose a new password")).to_be_visible()
    new_password = page.get_by_label("New Password")
    button = page.get_by_role("button", name="LOGIN")
    await new_password.fill("short")
    await expect(button).to_be_disabled()
    await new_password.fill("password1")  # long enough, but too common: the server says so
    await button.click()
    await expect(page.get_by_role("alert")).to_contain_text("too common")
    await new_password.fill("Harbour-lights-at-dusk")
    await button.click()
    await expect(page).to_have_url(re.compile(r"/dashboard$"))
    await expect(page.get_by_test_id("dashboard-greeting")).to_contain_text("newhire")


async def test_guard_remembers_the_path_and_returns_after_sign_in(page: Page) -> None:
    await page.goto("/dashboard?tab=overview")
    await expect(page).to_have_url(re.compile(r"/login$"))
    await sign_in(page, "contractor", DEMO_PASSWORD)
    await expect(page).to_have_url(re.compile(r"/dashboard\?tab=overview$"))
    # /login is for guests only: a signed-in user is sent on.
    await page.goto("/login")
    await expect(page).not_to_have_url(re.compile(r"/login$"))


async def test_unknown_paths_show_the_404_page(page: Page) -> None:
    await page.goto("/no/such/page")
    await expect(page).to_have_url(re.compile(r"/pages/errors/error-404$"))
    await expect(page.get_by_test_id("error-404-page")).to_be_visible()


async def test_logout_clears_the_stored_session(page: Page, stack: Stack) -> None:
    await page.goto("/login")
    await sign_in(page, "manager", DEMO_PASSWORD)
    await expect(page).to_have_url(re.compile(r"/dashboard$"))
    token = await page.evaluate(f"JSON.parse(localStorage.getItem('{SESSION_KEY}')).accessToken")
    await page.get_by_test_id("logout-link").click()
    await expect(page).to_have_url(re.compile(r"/login$"))
    assert await page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") is None
    assert await page.evaluate(f"sessionStorage.getItem('{SESSION_KEY}')") is None
    # The server revoked the session: the old token no longer works.
    response = await page.request.get(f"{stack.api_url}/me", headers={"Authorization": f"Bearer {token}"})
    assert response.status == 401


async def test_logout_route_says_logging_out(page: Page) -> None:
    await page.goto("/login")
    await sign_in(page, "technician", DEMO_PASSWORD)
    await expect(page).to_have_url(re.compile(r"/dashboard$"))

    async def slow_sign_out(route: Route) -> None:
        await asyncio.sleep(0.8)  # long enough to see the page while the server revokes the session
        await route.continue_()

    await page.route("**/auth/sign-out", slow_sign_out)
    await page.goto("/logout")
    await expect(page.get_by_text("Logging out..")).to_be_visible()
    await expect(page).to_have_url(re.compile(r"/login$"))


async def test_remember_me_off_keeps_the_session_for_the_browser_session(page: Page, context: BrowserContext) -> None:
    await page.goto("/login")
    await sign_in(page, "admin", DEMO_PASSWORD, remember=False)
    await expect(page).to_have_url(re.compile(r"/dashboard$"))
    assert await page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") is None
    assert await page.evaluate(f"sessionStorage.getItem('{SESSION_KEY}')") is not None
    # A reload in the same tab keeps the user signed in (splash, then the dashboard again).
    await page.reload()
    await expect(page.get_by_test_id("dashboard-greeting")).to_contain_text("Avery Admin")
    # A new tab is a new browser session for sessionStorage: signed out there.
    other = await context.new_page()
    await other.goto("/dashboard")
    await expect(other).to_have_url(re.compile(r"/login$"))
