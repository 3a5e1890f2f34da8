"""Team Chat, presence and the quick panel in Chromium, with two users in two browser contexts."""

from __future__ import annotations

import re

from playwright.async_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at


def _ids(stack: Stack) -> dict[str, int]:
    directory = Api(stack.api_url, "admin").get("/users")["items"]
    names = {"Lin Chen": "lchen", "Jordan Reyes": "jreyes", "Sam Okafor": "sokafor", "Morgan Manager": "manager"}
    return {names[u["displayName"]]: u["id"] for u in directory if u["displayName"] in names}


async def _user(browser: Browser, stack: Stack, username: str) -> tuple[BrowserContext, Page]:
    context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    await signed_in_at(page, username)
    return context, page


async def _send(page: Page, contact_id: int, text: str) -> None:
    await page.get_by_test_id(f"chat-contact-{contact_id}").click()
    await expect(page.get_by_test_id("chat-panel-pane")).to_be_visible()
    await page.get_by_test_id("chat-input").fill(text)
    await page.get_by_test_id("chat-send").click()
    await expect(page.get_by_test_id("chat-input")).to_have_value("")  # cleared after a successful send
    await expect(page.get_by_test_id("chat-messages")).to_contain_text(text)


async def test_a_message_arrives_live_and_the_unread_badge_clears(browser: Browser, stack: Stack) -> None:
    ids = _ids(stack)
    lin_context, lin = await _user(browser, stack, "lchen")
    jordan_context, jordan = await _user(browser, stack, "jreyes")
    await expect(jordan.get_by_test_id(f"chat-contact-{ids['lchen']}")).to_be_visible()
    await _send(lin, ids["jreyes"], "Can you check the hoist in bay 2?")
    badge = jordan.get_by_test_id(f"chat-unread-{ids['lchen']}")
    await expect(badge).to_have_text("1")
    await jordan.get_by_test_id(f"chat-contact-{ids['lchen']}").click()
    await expect(jordan.get_by_test_id("chat-messages")).to_contain_text("Can you check the hoist in bay 2?")
    await expect(badge).to_have_count(0)
    # Chats with messages come first, then the divider, then the others.
    order = await jordan.get_by_test_id("chat-contacts").evaluate(
        "el => [...el.querySelectorAll('[data-testid^=chat-contact-], [data-testid=chat-divider]')]"
        ".map(e => e.dataset.testid)"
    )
    assert order.index(f"chat-contact-{ids['lchen']}") < order.index("chat-divider")
    await lin_context.close()
    await jordan_context.close()


async def test_presence_goes_offline_when_the_page_closes(browser: Browser, stack: Stack) -> None:
    ids = _ids(stack)
    watcher_context, watcher = await _user(browser, stack, "manager")
    sam_context, _sam = await _user(browser, stack, "sokafor")
    contact = watcher.get_by_test_id(f"chat-contact-{ids['sokafor']}")
    await expect(contact).to_have_attribute("data-status", "online")
    await sam_context.close()
    await expect(contact).to_have_attribute("data-status", "offline", timeout=15_000)
    await watcher_context.close()


async def test_a_message_sent_while_disconnected_is_there_after_reconnection(browser: Browser, stack: Stack) -> None:
    ids = _ids(stack)
    lin_context, lin = await _user(browser, stack, "lchen")
    jordan_context, jordan = await _user(browser, stack, "jreyes")
    await expect(jordan.get_by_test_id(f"chat-contact-{ids['lchen']}")).to_be_visible()
    await jordan_context.set_offline(True)
    await expect(jordan.get_by_test_id("realtime-status")).not_to_have_attribute("data-status", "connected")
    await _send(lin, ids["jreyes"], "Sent while you were away")
    await jordan_context.set_offline(False)
    await expect(jordan.get_by_test_id(f"chat-unread-{ids['lchen']}")).to_be_visible(timeout=20_000)
    await jordan.get_by_test_id(f"chat-contact-{ids['lchen']}").click()
    await expect(jordan.get_by_test_id("chat-messages")).to_contain_text("Sent while you were away")
    await lin_context.close()
    await jordan_context.close()


async def test_a_quick_panel_note_shows_in_the_users_other_tab(browser: Browser, stack: Stack) -> None:
    context, first = await _user(browser, stack, "sokafor")
    second = await context.new_page()
    await second.goto("/dashboard")
    for page in (first, second):
        await page.get_by_test_id("quick-panel-toggle").click()
        await expect(page.get_by_test_id("quick-panel")).to_be_visible()
    await first.get_by_test_id("quick-panel-notes-add").click()
    await first.get_by_test_id("quick-panel-note-title-input").fill("Order spare fuses")
    await first.get_by_test_id("quick-panel-note-save").click()
    await expect(first.get_by_test_id("quick-panel-notes")).to_contain_text("Order spare fuses")
    await expect(second.get_by_test_id("quick-panel-notes")).to_contain_text("Order spare fuses")
    await expect(second.get_by_test_id("quick-panel-date")).to_have_text(re.compile(r"\w+"))
    await context.close()
