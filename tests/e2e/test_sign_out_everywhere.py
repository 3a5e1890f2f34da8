"""Sign out everywhere from the user menu: this browser and the user's other browser both end up
at /login, and neither session's token opens the API any more."""

from __future__ import annotations

import re

from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import signed_in_at
from tests.e2e.test_sign_in import SESSION_KEY

USER = "sokafor"  # a demo user no other browser test signs out


async def _token(page: Page) -> str:
    token: str = await page.evaluate(f"JSON.parse(localStorage.getItem('{SESSION_KEY}')).accessToken")
    return token


async def test_sign_out_everywhere_ends_the_other_browser_too(page: Page, browser: Browser, stack: Stack) -> None:
    other_context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    try:
        other = await other_context.new_page()
        await signed_in_at(other, USER, "/dashboard")
        await signed_in_at(page, USER, "/dashboard")
        tokens = [await _token(page), await _token(other)]
        await page.get_by_test_id("user-menu").click()
        await page.get_by_test_id("user-menu-logout-everywhere").click()
        await expect(page).to_have_url(re.compile(r"/login$"))
        # The other browser hears of it over its socket and lands on the sign-in page by itself.
        await expect(other).to_have_url(re.compile(r"/login$"), timeout=15_000)
        for token in tokens:
            response = await page.request.get(f"{stack.api_url}/me", headers={"Authorization": f"Bearer {token}"})
            assert response.status == 401
    finally:
        await other_context.close()
