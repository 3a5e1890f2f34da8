"""The sample areas' looks in Chromium (issue 23): the shipped sample pictures are served and shown,
form dialogs size to their content and keep clear of the snackbars, the contacts' delete button stays
in view beside the chat strip, a zero discount reads $0.00. Also takes every sample area's screenshot
at 1440 and 390 px (docs/screenshots with SCREENSHOTS=docs, ./ops/screenshots; else test-results).
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect

from ops.samples.pictures import referenced
from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, screenshots_dir, sign_in
from tests.e2e.test_mail import close_snackbars

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
MAX_PICTURE = 15 * 1024


async def _signed_in(
    browser: Browser, stack: Stack, viewport: dict[str, int], user: str = "admin"
) -> tuple[BrowserContext, Page]:
    context = await browser.new_context(base_url=stack.ui_url, viewport=viewport)  # type: ignore[arg-type]
    context.set_default_timeout(15_000)
    page = await context.new_page()
    await page.goto("/login")
    await sign_in(page, user)
    await expect(page).not_to_have_url(re.compile(r"/login$"))
    return context, page


async def _pictures_shown(page: Page) -> list[dict[str, Any]]:
    """The page's sample pictures: address, whether it has loaded, and how it loads."""
    result: list[dict[str, Any]] = await page.evaluate(
        """() => Array.from(document.images).filter((i) => i.getAttribute('src')?.startsWith('/samples/')).map((i) => ({
            src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0, lazy: i.loading === 'lazy',
            width: i.getAttribute('width'), height: i.getAttribute('height') }))"""
    )
    return result


def test_every_sample_picture_is_served_small_as_webp(stack: Stack) -> None:
    names = referenced()
    assert len(names) > 100
    total = 0
    with httpx.Client(base_url=stack.ui_url, timeout=10) as client:
        for name in sorted(names):
            answer = client.get(name)
            assert answer.status_code == 200, name
            assert answer.headers["content-type"] == "image/webp", name
            assert answer.content[:4] == b"RIFF" and answer.content[8:12] == b"WEBP", name
            assert len(answer.content) <= MAX_PICTURE, (name, len(answer.content))
            total += len(answer.content)
        # The UI's policy lets the page load them (img-src 'self').
        assert "img-src 'self'" in client.get("/").headers["content-security-policy"]
    assert total <= 1024 * 1024


async def test_the_pages_show_the_sample_pictures(browser: Browser, stack: Stack) -> None:
    board = Api(stack.api_url, "admin").get("/api/scrumboard-app/boards")[0]
    pages = {
        "/apps/contacts/all": "avatars",
        "/apps/mail/inbox": "avatars",
        "/apps/e-commerce/products": "ecommerce",
        "/apps/e-commerce/orders": "avatars",
        "/pages/profile": "profile",
        "/apps/notes": "etc",
        f"/apps/scrumboard/boards/{board['id']}/{board['uri']}": "scrumboard",
        "/dashboards/project": "avatars",
    }
    context, page = await _signed_in(browser, stack, DESKTOP)
    try:
        for path, folder in pages.items():
            await page.goto(path)
            if path == "/dashboards/project":
                await page.get_by_test_id("tab-team").click()
            shown = page.locator(f"img[src^='/samples/{folder}/']").first
            await expect(shown).to_be_visible()
            await shown.scroll_into_view_if_needed()
            await page.wait_for_function("(i) => i.complete && i.naturalWidth > 0", arg=await shown.element_handle())
            pictures = await _pictures_shown(page)
            assert pictures and all(p["lazy"] and p["width"] and p["height"] for p in pictures), (path, pictures)
    finally:
        await context.close()


async def _dialog_fits(page: Page, dialog_id: str, viewport: dict[str, int]) -> None:
    dialog = page.get_by_test_id(dialog_id)
    await expect(dialog).to_be_visible()
    await page.wait_for_timeout(400)  # the opening animation
    box = await dialog.bounding_box()
    assert box
    assert box["height"] < viewport["height"] - 100, (dialog_id, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (dialog_id, box)
    assert box["x"] > 0 and box["x"] + box["width"] < viewport["width"], (dialog_id, box)


async def _toast_clear_of_title(page: Page, dialog_id: str) -> None:
    toast = page.get_by_test_id("snackbar").first
    await expect(toast).to_be_visible()
    title = page.get_by_test_id(dialog_id).locator(".chakra-dialog__title")
    await page.wait_for_timeout(400)
    toast_box, title_box = await toast.bounding_box(), await title.bounding_box()
    assert toast_box and title_box
    assert toast_box["y"] + toast_box["height"] <= title_box["y"], (toast_box, title_box)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440", "390"])
async def test_form_dialogs_fit_the_screen_below_the_snackbars(
    browser: Browser, stack: Stack, viewport: dict[str, int]
) -> None:
    context, page = await _signed_in(browser, stack, viewport, "manager")
    try:
        # Calendar: add an event (a snackbar says so), then open the next one while it shows.
        await page.goto("/apps/calendar?view=month&date=2027-10-15")
        await page.get_by_test_id("calendar-add").click()
        await _dialog_fits(page, "event-dialog", viewport)
        dialog = page.get_by_test_id("event-dialog")
        await dialog.get_by_test_id("event-form-title").fill(f"Looks {uuid.uuid4().hex[:5]}")
        await dialog.get_by_test_id("event-form-save").click()
        await expect(dialog).to_have_count(0)
        await page.get_by_test_id("calendar-add").click()
        await _toast_clear_of_title(page, "event-dialog")
        await page.keyboard.press("Escape")
        await close_snackbars(page)

        # Contacts: the longer form scrolls inside the dialog, whose title stays clear of a snackbar.
        await page.goto("/apps/contacts/all")
        await page.get_by_test_id("contacts-table").locator("tbody tr").first.click()
        await _dialog_fits(page, "contact-dialog", viewport)
        dialog = page.get_by_test_id("contact-dialog")
        await dialog.get_by_test_id("contact-form-save").click()
        await expect(dialog).to_have_count(0)
        await page.get_by_test_id("contacts-table").locator("tbody tr").nth(1).click()
        await _toast_clear_of_title(page, "contact-dialog")
        await dialog.get_by_test_id("contact-form-notes").scroll_into_view_if_needed()
        await expect(dialog.get_by_test_id("contact-form-notes")).to_be_in_viewport()
    finally:
        await context.close()


async def test_the_contacts_delete_button_stays_clear_of_the_chat_strip(browser: Browser, stack: Stack) -> None:
    context, page = await _signed_in(browser, stack, DESKTOP, "manager")
    try:
        await page.goto("/apps/contacts/all")
        delete = page.locator("[data-testid^='contact-row-'][data-testid$='-delete']").first
        await expect(delete).to_be_visible()
        box = await delete.bounding_box()
        strip = await page.get_by_test_id("chat-contacts").bounding_box()
        assert box and strip
        right_edge = strip["x"]
        assert box["x"] + box["width"] <= right_edge, (box, strip)
        # Nothing covers it: the point at its centre is the button itself.
        hit = await page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('data-testid')",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == await delete.get_attribute("data-testid")
        await delete.click(trial=True)
        # The floating settings button sits over the content's end edge: every delete button stays left of it.
        fab = await page.get_by_test_id("settings-fab").bounding_box()
        assert fab
        deletes = page.locator("[data-testid^='contact-row-'][data-testid$='-delete']")
        for n in range(await deletes.count()):
            each = await deletes.nth(n).bounding_box()
            assert each and each["x"] + each["width"] <= fab["x"], (n, each, fab)
    finally:
        await context.close()


async def test_a_zero_discount_reads_zero_dollars(browser: Browser, stack: Stack) -> None:
    orders: list[dict[str, Any]] = Api(stack.api_url, "admin").get("/api/e-commerce-app/orders")
    order = next(o for o in orders if float(o["discount"]) == 0)
    context, page = await _signed_in(browser, stack, DESKTOP)
    try:
        await page.goto(f"/apps/e-commerce/orders/{order['id']}")
        await page.get_by_test_id("order-tab-products").click()
        await expect(page.get_by_test_id("order-total")).to_be_visible()
        await expect(page.get_by_text("-$0.00")).to_have_count(0)
        await page.get_by_test_id("order-tab-invoice").click()
        await expect(page.get_by_test_id("invoice-discount").first).to_have_text("$0.00")
    finally:
        await context.close()


AREAS = {
    "academy": "/apps/academy/courses",
    "analytics-dashboard": "/dashboards/analytics",
    "project-dashboard": "/dashboards/project",
    "calendar": "/apps/calendar",
    "chat": "/apps/chat",
    "contacts": "/apps/contacts/all",
    "e-commerce-products": "/apps/e-commerce/products",
    "e-commerce-product": "/apps/e-commerce/products/1",
    "e-commerce-orders": "/apps/e-commerce/orders",
    "e-commerce-order": "/apps/e-commerce/orders/1",
    "faq": "/pages/faq",
    "file-manager": "/apps/file-manager",
    "invoice-modern": "/pages/invoice/modern",
    "invoice-compact": "/pages/invoice/compact",
    "knowledge-base": "/pages/knowledge-base",
    "mail": "/apps/mail/inbox",
    "notes": "/apps/notes",
    "profile": "/pages/profile",
    "scrumboard": "/apps/scrumboard/boards",
    "search": "/pages/search",
    "todo": "/apps/todo",
    "icons": "/ui/icons",
    "typography": "/ui/typography",
    "helper-classes": "/ui/helper-classes",
    "documentation": "/documentation/getting-started/introduction",
}


# How much of the page's content is below the window: the main content's scrolling container's overflow.
SCROLLED_BELOW = """() => {
    let el = document.getElementById('main-content')
    const scrolls = (e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY)
    while (el && !scrolls(el)) el = el.parentElement
    const below = document.documentElement.scrollHeight - window.innerHeight
    return el ? el.scrollHeight - el.clientHeight : Math.max(0, below)
}"""


async def test_sample_area_screenshots(browser: Browser, stack: Stack) -> None:
    shots = screenshots_dir()
    board = Api(stack.api_url, "admin").get("/api/scrumboard-app/boards")[0]
    areas = {**AREAS, "scrumboard": f"/apps/scrumboard/boards/{board['id']}/{board['uri']}"}
    for viewport, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        context, page = await _signed_in(browser, stack, viewport)
        try:
            for name, path in areas.items():
                await page.goto(path)
                await expect(page.get_by_test_id("main-content")).to_be_visible()  # past the splash
                await page.wait_for_load_state("networkidle")
                await expect(page.locator(".chakra-skeleton")).to_have_count(0)
                # Lazy pictures below the fold load before the full-page picture is taken.
                await page.evaluate(
                    "document.querySelectorAll('img[loading=lazy]').forEach((i) => { i.loading = 'eager' })"
                )
                await page.wait_for_load_state("networkidle")
                await close_snackbars(page)
                # The page scrolls inside the layout, not the document: grow the window to show it whole.
                extra = await page.evaluate(SCROLLED_BELOW)
                await page.set_viewport_size(
                    {"width": viewport["width"], "height": min(viewport["height"] + extra, 4000)}
                )
                await page.wait_for_timeout(300)
                await page.wait_for_load_state("networkidle")
                await page.screenshot(path=str(shots / f"{name}-{suffix}.png"))
                await page.set_viewport_size(viewport)  # type: ignore[arg-type]
        finally:
            await context.close()
