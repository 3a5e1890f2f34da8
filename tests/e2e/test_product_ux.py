"""Issue 22, items 5 to 8, in Chromium: the navigation puts the product first and the template in one
collapsible entry an admin can hide for everyone; Team Chat scales (search, names, unread total, a toast,
presence within a second between two browsers); a stage sets the opportunity's probability unless it was
set by hand (a drag on the board); phones get cards, one menu button and a board that snaps per stage.

Also takes the product pages' screenshots at 1440 and 390 px (docs/screenshots with SCREENSHOTS=docs,
./ops/screenshots): product-<page>-1440.png and product-<page>-390.png."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, screenshots_dir, signed_in_at

DESK = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
PRODUCT = ["Dashboard", "Assets", "Documents", "Opportunities", "Video Chat"]


async def _signed_in(
    browser: Browser, stack: Stack, username: str, path: str = "/dashboard", *, phone: bool = False
) -> tuple[BrowserContext, Page]:
    if phone:
        context = await browser.new_context(base_url=stack.ui_url, viewport=PHONE, is_mobile=True, has_touch=True)
    else:
        context = await browser.new_context(base_url=stack.ui_url, viewport=DESK)
    page = await context.new_page()
    await signed_in_at(page, username, path)
    return context, page


async def _shot(page: Page, name: str) -> None:
    await page.wait_for_timeout(300)  # animations settle
    await page.screenshot(path=str(screenshots_dir() / name))


def _user_id(stack: Stack, username: str) -> int:
    return int(Api(stack.api_url, username).get("/me")["id"])


# JavaScript: resolves with Date.now() once an element matching the selector exists (a MutationObserver,
# so the time is when the page changed, not when a poll happened to look).
APPEARS_AT = """(selector) => new Promise((resolve) => {
  const seen = () => document.querySelector(selector) !== null
  if (seen()) return resolve(Date.now())
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); resolve(Date.now()) }
  })
  observer.observe(document.body, { subtree: true, childList: true, attributes: true })
})"""


async def test_the_product_comes_first_and_an_admin_hides_the_template(browser: Browser, stack: Stack) -> None:
    contractor_context, contractor = await _signed_in(browser, stack, "contractor")
    admin_context, admin = await _signed_in(browser, stack, "admin")
    try:
        navigation = contractor.get_by_test_id("nav-vertical")
        links = await navigation.get_by_role("link").all_inner_texts()
        assert [text.strip().removesuffix("NEW").strip() for text in links] == PRODUCT  # the template is collapsed
        toggle = contractor.get_by_test_id("nav-template-toggle")
        await expect(toggle).to_have_attribute("aria-expanded", "false")
        await expect(contractor.get_by_test_id("nav-item-mail")).to_have_count(0)
        # Opening it is the contractor's own choice, kept with their settings (a reload keeps it).
        async with contractor.expect_response(lambda r: r.url.endswith("/me") and r.request.method == "PATCH"):
            await toggle.click()
        await expect(contractor.get_by_test_id("nav-item-mail")).to_be_visible()
        await contractor.reload()
        await expect(contractor.get_by_test_id("nav-template-toggle")).to_have_attribute("aria-expanded", "true")
        await expect(contractor.get_by_test_id("nav-item-mail")).to_be_visible()
        await expect(contractor.get_by_test_id("realtime-status")).to_have_attribute("data-status", "connected")

        # The admin hides it for everyone from the settings panel; the contractor's open page follows.
        await admin.get_by_test_id("settings-fab").click()
        hide = admin.get_by_test_id("settings-template-hidden")
        await hide.scroll_into_view_if_needed()
        await expect(hide).to_have_attribute("aria-checked", "false")
        await hide.click()
        await expect(hide).to_have_attribute("aria-checked", "true")
        await expect(contractor.get_by_test_id("nav-template-toggle")).to_have_count(0, timeout=5000)
        await expect(contractor.get_by_test_id("nav-item-mail")).to_have_count(0)
        await expect(contractor.get_by_test_id("nav-item-assets")).to_be_visible()
        # Nobody but an admin sees the switch.
        await contractor.get_by_test_id("settings-fab").click()
        await expect(contractor.get_by_test_id("settings-panel")).to_be_visible()
        await expect(contractor.get_by_test_id("settings-template-hidden")).to_have_count(0)
        await hide.click()
        await expect(contractor.get_by_test_id("nav-template-toggle")).to_be_visible(timeout=5000)
    finally:
        Api(stack.api_url, "admin").client.patch("/portal-settings", json={"templateHidden": False})
        await contractor_context.close()
        await admin_context.close()


async def test_team_chat_scales_and_presence_reaches_others_within_a_second(browser: Browser, stack: Stack) -> None:
    admin_id, technician_id = _user_id(stack, "admin"), _user_id(stack, "technician")
    admin_context, admin = await _signed_in(browser, stack, "admin")
    tech_context, tech = await _signed_in(browser, stack, "technician")
    try:
        # Names are visible in the strip, not only initials.
        await expect(admin.get_by_test_id(f"chat-contact-{technician_id}-name")).to_have_text("Taylor")
        # A message while the admin's panel is closed: a toast and the unread total on the toolbar.
        sender = Api(stack.api_url, "technician")
        chat = sender.get("/api/chat/get-chat", contactId=admin_id)["chat"]
        sent = sender.client.post(
            "/api/chat/send-message",
            json={
                "chatId": chat["id"],
                "contactId": admin_id,
                "message": {"who": technician_id, "message": "Crane 4 is back in service"},
            },
        )
        assert sent.status_code == 200, sent.text
        toast = admin.get_by_text("New message from Taylor Technician")
        await expect(toast).to_be_visible()
        await expect(admin.get_by_text("Crane 4 is back in service")).to_be_visible()
        await expect(admin.get_by_test_id("chat-unread-total")).to_have_text(re.compile(r"^[1-9]\d*$"))
        # The panel: search by name, recent conversations first, full names.
        await admin.get_by_test_id("chat-panel-toggle").click()
        directory = admin.get_by_test_id("chat-directory")
        await expect(directory).to_be_visible()
        first_row = directory.locator("[data-testid^=chat-row-]").first
        await expect(first_row).to_have_attribute("data-testid", f"chat-row-{technician_id}")
        await expect(first_row).to_contain_text("Taylor Technician")
        await admin.get_by_test_id("chat-search").fill("okaf")
        await expect(directory.locator("[data-testid^=chat-row-]")).to_have_count(1)
        await expect(directory).to_contain_text("Sam Okafor")
        await admin.get_by_test_id("chat-search").fill("nobody like this")
        await expect(admin.get_by_test_id("chat-search-empty")).to_be_visible()
        await admin.get_by_test_id("chat-search").fill("")
        await _shot(admin, "product-chat-panel-1440.png")

        # Presence reaches the other browser within a second, also for a second change right after a first.
        status = admin.get_by_test_id("chat-status-select")
        for chosen in ("do-not-disturb", "away", "online"):
            selector = f'[data-testid="chat-contact-{admin_id}"][data-status="{chosen}"]'
            seen = asyncio.ensure_future(tech.evaluate(APPEARS_AT, selector))
            await asyncio.sleep(0.05)  # the observer is in place
            started = await admin.evaluate("() => Date.now()")
            await status.select_option(chosen)
            took = (await asyncio.wait_for(seen, 10)) - started
            assert took < 1000, f"{chosen} took {took} ms to reach the other browser"
        await admin.get_by_test_id(f"chat-row-{technician_id}").click()
        await expect(admin.get_by_test_id("chat-contact-name")).to_have_text("Taylor Technician")
        await admin.get_by_test_id("chat-back").click()
        await expect(directory).to_be_visible()
    finally:
        await admin_context.close()
        await tech_context.close()


def _lead(api: Api, **fields: Any) -> dict[str, Any]:
    body = {
        "title": "Hoist survey",
        "clientCompany": "Nordbau",
        "department": "Hardware",
        "estimatedValue": "9900000",
        **fields,
    }
    response = api.client.post("/leads", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def test_a_stage_sets_the_probability_unless_it_was_set_by_hand(browser: Browser, stack: Stack) -> None:
    manager_api = Api(stack.api_url, "manager")
    follows = _lead(manager_api, title="Gantry inspection contract", stage="qualified")
    chosen = _lead(manager_api, title="Bridge crane overhaul", stage="qualified", probability=30)
    assert (follows["probability"], chosen["probabilityManual"]) == (25, True)
    context, page = await _signed_in(browser, stack, "manager")
    try:
        await _shot(page, "product-dashboard-1440.png")
        await page.goto("/assets")
        await expect(page.get_by_test_id("record-table")).to_be_visible()
        await _shot(page, "product-assets-1440.png")
        first = page.locator("[data-testid^=row-]").first
        await first.get_by_role("link").first.click()
        await expect(page.get_by_test_id("detail-title")).to_be_visible()
        await _shot(page, "product-asset-detail-1440.png")
        await page.goto("/documents")
        await expect(page.get_by_test_id("record-table")).to_be_visible()
        await _shot(page, "product-documents-1440.png")

        await page.goto("/leads?view=board")
        card = page.get_by_test_id(f"board-card-{follows['id']}")
        await expect(card).to_be_visible(timeout=20_000)  # the whole board loads (2 cores shared in CI)
        await _shot(page, "product-opportunities-board-1440.png")
        proposal = page.get_by_test_id("board-column-proposal")
        await card.drag_to(proposal)
        await expect(card).to_have_attribute("data-stage", "proposal")
        await expect(page.get_by_test_id(f"board-card-{follows['id']}-probability")).to_have_text("50%")

        # Set by hand: the person is asked, and keeps their 30 % ...
        other = page.get_by_test_id(f"board-card-{chosen['id']}")
        await other.drag_to(proposal)
        dialog = page.get_by_test_id("global-dialog")
        await expect(dialog).to_contain_text("set by hand")
        await dialog.get_by_test_id("global-dialog-cancel").click()
        await expect(other).to_have_attribute("data-stage", "proposal")
        await expect(page.get_by_test_id(f"board-card-{chosen['id']}-probability")).to_have_text(re.compile(r"^30%"))
        # ... or takes the stage's default, and from then on follows the stages again.
        await page.get_by_test_id(f"board-card-{chosen['id']}-move").select_option("negotiation")  # without dragging
        await dialog.get_by_test_id("global-dialog-confirm").click()
        await expect(other).to_have_attribute("data-stage", "negotiation")
        await expect(page.get_by_test_id(f"board-card-{chosen['id']}-probability")).to_have_text("75%")
        stored = manager_api.get(f"/leads/{chosen['id']}")
        assert (stored["probability"], stored["probabilityManual"]) == (75, False)
    finally:
        await context.close()


async def test_a_phone_gets_cards_one_menu_button_and_a_board_by_stage(browser: Browser, stack: Stack) -> None:
    context, page = await _signed_in(browser, stack, "technician", "/my-work", phone=True)
    try:
        await expect(page.get_by_test_id("my-work-list")).to_be_visible()
        await _shot(page, "product-my-work-390.png")
        await page.goto("/dashboard")
        await expect(page.get_by_test_id("dashboard-greeting")).to_be_visible()
        # One menu button, and no floating button over the page's content.
        await expect(page.get_by_role("button", name="Open navigation")).to_have_count(1)
        await _shot(page, "product-dashboard-390.png")

        await page.goto("/assets")
        cards = page.get_by_test_id("record-cards")
        await expect(cards).to_be_visible()
        await expect(page.get_by_test_id("record-table")).to_have_count(0)
        first = cards.locator("[data-variant=card]").first
        box, listed = await first.bounding_box(), await cards.bounding_box()
        assert box and listed and abs(box["width"] - listed["width"]) < 2  # one column of cards
        await expect(first.locator("dt")).to_contain_text(["Category", "Status"])
        assert await page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        await _assert_nothing_floats_over(page)
        await _shot(page, "product-assets-390.png")

        await first.locator("[data-testid^=card-link-]").click()
        await expect(page.get_by_test_id("detail-title")).to_be_visible()
        assert await page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        await _shot(page, "product-asset-detail-390.png")

        await page.goto("/documents")
        await expect(page.get_by_test_id("record-cards")).to_be_visible()
        await _shot(page, "product-documents-390.png")

        await page.goto("/leads?view=board")
        board = page.get_by_test_id("lead-board")
        await expect(page.get_by_test_id("board-column-new")).to_be_visible()
        assert await board.evaluate("(el) => getComputedStyle(el).scrollSnapType") == "x mandatory"
        column = await page.get_by_test_id("board-column-new").bounding_box()
        assert column and column["width"] > PHONE["width"] * 0.75  # one stage fills the screen
        await board.evaluate("(el) => el.scrollBy({ left: 120 })")  # a small swipe snaps to the next stage
        await page.wait_for_timeout(600)
        following = await page.get_by_test_id("board-column-qualified").bounding_box()
        board_box = await board.bounding_box()
        assert following and board_box and abs(following["x"] - board_box["x"]) < 2
        await _shot(page, "product-opportunities-board-390.png")

        await page.get_by_test_id("chat-panel-toggle").click()
        await expect(page.get_by_test_id("chat-directory")).to_be_visible()
        await _shot(page, "product-chat-panel-390.png")
    finally:
        await context.close()


async def _assert_nothing_floats_over(page: Page) -> None:
    """No fixed button of the shell covers the page's cards (the settings button sits in the toolbar)."""
    covered = await page.evaluate(
        """() => {
          const fixed = [...document.querySelectorAll('button')].filter((b) => {
            const style = getComputedStyle(b)
            return style.position === 'fixed' && style.display !== 'none' && b.getBoundingClientRect().width > 0
          })
          return fixed.map((b) => b.getAttribute('aria-label') || b.textContent)
        }"""
    )
    assert covered == [], f"floating over the content: {covered}"
