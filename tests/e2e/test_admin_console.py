"""The admin console's whole flow in two browsers (issue 19, "Done when"): an admin creates a user;
the user signs in with the temporary password and chooses their own; the admin sees both events
arrive live in the audit log, changes the user's role and the user's browser loses its session at
once; the user then turns on two-step sign-in from their account page with a code from the QR secret."""

from __future__ import annotations

import re
import uuid

import pyotp
from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import screenshots_dir, sign_in, signed_in_at

NEW_PASSWORD = "Harbour-lights-at-dusk-19"


async def test_admin_creates_a_user_watches_the_log_changes_the_role_and_the_user_sets_up_totp(
    page: Page, browser: Browser, stack: Stack
) -> None:
    username = f"hire{uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "admin", "/admin/users")
    await page.get_by_test_id("create-user").click()
    await page.get_by_test_id("create-user-username").fill(username)
    await page.get_by_test_id("create-user-email").fill(f"{username}@example.test")
    await page.get_by_test_id("create-user-displayName").fill("New Hire")
    await page.get_by_test_id("create-user-role").select_option("technician")
    await page.get_by_test_id("create-user-submit").click()
    secret = page.get_by_test_id("temporary-password")
    await expect(secret).to_have_value(re.compile(r".{12,}"))
    temporary = await secret.input_value()
    await page.get_by_test_id("temporary-password-done").click()
    await page.get_by_test_id("users-search").fill(username)
    await expect(page.get_by_test_id(f"user-status-{username}")).to_have_text("Must change password")

    # The admin watches the audit log (reached through the navigation: the socket stays connected).
    await page.get_by_role("link", name="Audit log").click()
    await expect(page).to_have_url(re.compile(r"/admin/audit$"))
    rows = page.locator(f'[data-testid="audit-row"][data-target="{username}"]')
    await expect(rows.and_(page.locator('[data-kind="user.created"]'))).to_have_count(1)

    other_context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 900})
    try:
        user = await other_context.new_page()
        await user.goto("/login")
        await sign_in(user, username, temporary)
        await user.get_by_label("New Password").fill(NEW_PASSWORD)
        await user.get_by_role("button", name="LOGIN").click()
        await expect(user).to_have_url(re.compile(r"/dashboard$"))

        # Both events appear on the admin's page without a reload.
        await expect(rows.and_(page.locator('[data-kind="auth.password_chosen"]'))).to_have_count(1)
        await expect(rows.and_(page.locator('[data-kind="auth.signed_in"]'))).to_have_count(1)
        await page.screenshot(path=str(screenshots_dir() / "admin-audit-log.png"))

        # The admin makes the user a manager: the user's browser loses its session at once.
        await page.get_by_role("link", name="Users").click()
        await page.get_by_test_id("users-search").fill(username)
        await expect(page.get_by_test_id(f"user-row-{username}")).to_be_visible()
        await page.get_by_test_id(f"user-role-{username}").select_option("manager")
        await page.get_by_test_id("global-dialog-confirm").click()
        await expect(page.get_by_test_id(f"user-role-{username}")).to_have_value("manager")
        await expect(user).to_have_url(re.compile(r"/login$"), timeout=10_000)
        await page.screenshot(path=str(screenshots_dir() / "admin-users.png"))

        # Signed in again (now a manager), the user turns on two-step sign-in from their account page.
        await sign_in(user, username, NEW_PASSWORD)
        await expect(user).to_have_url(re.compile(r"/dashboard$"))
        await user.get_by_test_id("user-menu").click()
        await user.get_by_test_id("user-menu-account").click()
        await expect(user).to_have_url(re.compile(r"/profile/account$"))
        await expect(user.get_by_test_id("totp-status")).to_have_text("Off")
        await user.get_by_test_id("totp-password").fill(NEW_PASSWORD)
        await user.get_by_test_id("totp-setup").click()
        await expect(user.get_by_test_id("totp-qr")).to_be_visible()
        totp_secret = (await user.get_by_test_id("totp-secret").inner_text()).strip()
        await user.get_by_test_id("totp-code").fill(pyotp.TOTP(totp_secret).now())
        await user.get_by_test_id("totp-enable").click()
        await expect(user.get_by_test_id("totp-status")).to_have_text("On")
        await expect(user.get_by_test_id("my-session-row")).to_have_count(1)
        await user.screenshot(path=str(screenshots_dir() / "account-page.png"), full_page=True)
    finally:
        await other_context.close()

    # The admin's log has the role change and the two-step sign-in, and the users list shows MFA on.
    await page.get_by_role("link", name="Audit log").click()
    await expect(rows.and_(page.locator('[data-kind="user.role_changed"]'))).to_have_count(1)
    await expect(rows.and_(page.locator('[data-kind="auth.mfa_enabled"]'))).to_have_count(1)
