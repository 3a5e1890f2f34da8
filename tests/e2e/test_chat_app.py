"""The full-page chat in Chromium: two users talk live, the list shows unread counts, messages are
grouped with times, the contact's details show, and the own status and mood are kept."""

from __future__ import annotations

import uuid
from typing import Any

from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import settle, watch_failures


def contact_id(api: Api, name: str) -> int:
    contacts: list[dict[str, Any]] = api.get("/api/chat/contacts")
    return int(next(c["id"] for c in contacts if c["name"] == name))


async def test_two_users_chat_live_on_the_full_page(page: Page, browser: Browser, stack: Stack) -> None:
    failures = watch_failures(page)
    admin_id = contact_id(Api(stack.api_url, "manager"), "Avery Admin")
    manager_id = contact_id(Api(stack.api_url, "admin"), "Morgan Manager")
    text = f"Crane booked for Tuesday {uuid.uuid4().hex[:4]}"

    await signed_in_at(page, "manager", "/apps/chat")
    await expect(page.get_by_test_id("chatapp-empty")).to_contain_text("Select a contact to start a conversation.")
    other_context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    admin = await other_context.new_page()
    await signed_in_at(admin, "admin", "/apps/chat")
    await expect(admin.get_by_test_id(f"chatapp-contact-{manager_id}")).to_be_visible()

    # The manager writes to the admin.
    await page.get_by_test_id("chatapp-search").fill("avery")
    await page.get_by_test_id(f"chatapp-contact-{admin_id}").click()
    await expect(page.get_by_test_id("chatapp-contact-name")).to_have_text("Avery Admin")
    await page.get_by_test_id("chatapp-input").fill(text)
    await page.get_by_test_id("chatapp-input").press("Enter")
    mine = page.locator("[data-testid^='chatapp-message-'][data-mine]", has_text=text)
    await expect(mine).to_be_visible()
    await expect(page.get_by_test_id("chatapp-input")).to_have_value("")

    # The admin sees it arrive without a reload: unread badge, then the message in the conversation.
    await expect(admin.get_by_test_id(f"chatapp-contact-{manager_id}-unread")).to_be_visible()
    await admin.get_by_test_id(f"chatapp-contact-{manager_id}").click()
    theirs = admin.locator("[data-testid^='chatapp-message-']:not([data-mine])", has_text=text)
    await expect(theirs).to_be_visible()
    await expect(admin.get_by_test_id(f"chatapp-contact-{manager_id}-unread")).to_have_count(0)
    await admin.get_by_test_id("chatapp-input").fill("Thanks, I will tell the site team.")
    await admin.get_by_test_id("chatapp-send").click()
    await expect(
        page.locator("[data-testid^='chatapp-message-']", has_text="Thanks, I will tell the site team.")
    ).to_be_visible()
    await expect(page.get_by_test_id("chatapp-messages")).to_contain_text("Today")

    # The contact's details.
    await page.get_by_test_id("chatapp-details-toggle").click()
    await expect(page.get_by_test_id("chatapp-details")).to_contain_text("Avery Admin")
    await other_context.close()
    assert not failures, failures


async def test_own_status_and_mood_are_kept(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    mood = f"On site at bay {uuid.uuid4().hex[:3]}"
    await signed_in_at(page, "contractor", "/apps/chat")
    await page.get_by_test_id("chatapp-status").click()
    await page.get_by_test_id("chatapp-status-away").click()
    await expect(page.get_by_test_id("chatapp-status")).to_have_attribute("data-status", "away")
    await page.get_by_test_id("chatapp-mood").click()
    await page.get_by_test_id("chatapp-mood-input").fill(mood)
    await page.get_by_test_id("chatapp-mood-input").press("Enter")
    await expect(page.get_by_test_id("chatapp-mood")).to_have_text(mood)
    await page.wait_for_timeout(300)
    await settle(page)
    await page.reload()
    await expect(page.get_by_test_id("chatapp-mood")).to_have_text(mood)
    await expect(page.get_by_test_id("chatapp-status")).to_have_attribute("data-status", "away")
    user = Api(stack.api_url, "contractor").get("/api/chat/user")
    assert user["mood"] == mood and user["status"] == "away"
    # Back online for the other tests.
    await page.get_by_test_id("chatapp-status").click()
    await page.get_by_test_id("chatapp-status-online").click()
    await expect(page.get_by_test_id("chatapp-status")).to_have_attribute("data-status", "online")
    assert not failures, failures
