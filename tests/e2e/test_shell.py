"""The shell and the live product pages in Chromium: two users, live rows and figures, conflicts,
the navbar, search, shortcuts, settings that follow the user, and right-to-left."""

from __future__ import annotations

import asyncio
import re

from playwright.async_api import Browser, Locator, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, sign_in, signed_in_at


async def settles(locator: Locator, side: str, expected: float) -> None:
    """Wait until the element's bounding box ``side`` reaches ``expected`` (past any animation)."""
    value = None
    for _ in range(50):
        value = await locator.evaluate(f"el => Math.round(el.getBoundingClientRect().{side})")
        if abs(value - expected) <= 1:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{side} is {value}, expected {expected}")


async def _second_user(browser: Browser, stack: Stack, username: str, path: str) -> Page:
    context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    await signed_in_at(page, username, path)
    return page


async def test_an_edit_by_one_user_shows_live_for_another(page: Page, browser: Browser, stack: Stack) -> None:
    manager_api = Api(stack.api_url, "manager")
    asset = manager_api.create_asset(name="Live demo compressor", status="GOOD")
    # The contractor watches the list (filtered to this asset) and, in a second tab, the dashboard.
    await signed_in_at(page, "contractor", f"/assets?q={asset['tag']}")
    row = page.get_by_test_id(f"row-{asset['id']}")
    await expect(row).to_be_visible()
    dashboard = await page.context.new_page()
    await dashboard.goto("/dashboard")
    poor = dashboard.get_by_test_id("asset-status-POOR-count")
    await expect(poor).to_have_text(re.compile(r"^\d+$"))
    poor_before = int(await poor.inner_text())

    # The manager edits the asset in their own browser.
    editor = await _second_user(browser, stack, "manager", f"/assets/{asset['id']}")
    await editor.get_by_test_id("detail-edit").click()
    await editor.get_by_test_id("field-status").select_option("POOR")
    await editor.get_by_test_id("form-submit").click()
    await expect(editor.get_by_test_id("detail-field-status")).to_contain_text("Poor")

    # Without a reload, the contractor's row and dashboard follow.
    await expect(page.get_by_test_id(f"cell-{asset['id']}-status")).to_contain_text("Poor")
    await expect(row).to_have_attribute("data-version", "2")
    # ...and glows: a fading layer over the row, which stayed the same element (updated in place).
    await expect(row).to_have_attribute("data-flash", re.compile(r"^\d+$"))
    await expect(row.locator(".portal-glow")).to_have_count(1)
    await expect(page.get_by_test_id(f"row-{asset['id']}")).to_have_count(1)
    await expect(poor).to_have_text(str(poor_before + 1))
    await editor.context.close()


async def test_a_new_record_appears_in_the_list_without_reload(page: Page, stack: Stack) -> None:
    await signed_in_at(page, "technician", "/assets?q=Freshly")
    await expect(page.get_by_test_id("list-empty")).to_be_visible()
    created = Api(stack.api_url, "manager").create_asset(name="Freshly added lathe")
    await expect(page.get_by_test_id(f"row-{created['id']}")).to_be_visible()


async def test_a_stale_edit_says_someone_else_changed_the_record(page: Page, stack: Stack) -> None:
    manager_api = Api(stack.api_url, "admin")
    asset = manager_api.create_asset(name="Contested generator", location="Yard")
    await signed_in_at(page, "manager", f"/assets/{asset['id']}")
    await page.get_by_test_id("detail-edit").click()
    await page.get_by_test_id("field-location").fill("Lab 2")
    manager_api.patch("assets", asset, location="North depot")  # someone else saves first
    await page.get_by_test_id("form-submit").click()  # a 409 or, once the push arrived, "Review changes"
    await expect(page.get_by_test_id("conflict-review")).to_be_visible()
    await expect(page.get_by_test_id("conflict-review")).to_contain_text(re.compile("while you were editing", re.I))
    await page.get_by_test_id("conflict-take-theirs-location").click()
    await page.get_by_test_id("conflict-save").click()
    # Taking theirs leaves nothing of mine to save: the record shows their value.
    await expect(page.get_by_test_id("conflict-review")).to_have_count(0)
    await expect(page.get_by_test_id("detail-field-location")).to_contain_text("North depot")


async def test_buttons_a_role_may_not_use_are_not_shown(page: Page, stack: Stack) -> None:
    asset = Api(stack.api_url, "manager").create_asset(name="Read-only check")
    await signed_in_at(page, "contractor", f"/assets/{asset['id']}")
    await expect(page.get_by_test_id("detail-title")).to_be_visible()
    await expect(page.get_by_test_id("detail-edit")).to_have_count(0)
    await expect(page.get_by_test_id("detail-delete")).to_have_count(0)


async def test_navbar_folds_and_expands_on_hover(page: Page) -> None:
    await signed_in_at(page, "manager")
    navbar = page.get_by_test_id("navbar")
    await expect(navbar).to_have_attribute("data-state", "open")
    await page.get_by_test_id("navbar-fold-toggle").click()
    await expect(navbar).to_have_attribute("data-state", "folded")
    await settles(navbar, "width", 64)
    await page.mouse.move(30, 300)
    await expect(navbar).to_have_attribute("data-state", "folded-open")
    await settles(navbar, "width", 280)
    await page.mouse.move(900, 400)
    await expect(navbar).to_have_attribute("data-state", "folded")
    await settles(navbar, "width", 64)


async def test_search_suggests_pages_the_role_may_open(page: Page) -> None:
    await signed_in_at(page, "contractor")
    search = page.get_by_test_id("search-input")
    await expect(search).to_have_attribute("placeholder", "Search for an app or page")
    await search.fill("ass")
    await expect(page.get_by_test_id("search-result-assets")).to_be_visible()
    await page.get_by_test_id("search-result-assets").click()
    await expect(page).to_have_url(re.compile(r"/assets"))
    await search.fill("zzzz")
    await expect(page.get_by_test_id("search-no-results")).to_have_text("No results..")


async def test_a_shortcut_survives_a_reload(page: Page) -> None:
    await signed_in_at(page, "technician")
    await page.get_by_test_id("shortcuts-menu").click()
    star = page.get_by_test_id("shortcut-star-documents")
    if await star.get_attribute("aria-pressed") == "true":  # left over from an earlier run: start clean
        await star.click()
        await expect(star).to_have_attribute("aria-pressed", "false")
    await star.click()
    await expect(star).to_have_attribute("aria-pressed", "true")
    await page.keyboard.press("Escape")
    await expect(page.get_by_test_id("shortcut-documents")).to_be_visible()
    await page.wait_for_timeout(800)  # the save is debounced
    await page.reload()
    await expect(page.get_by_test_id("shortcut-documents")).to_be_visible()


async def test_layout_and_theme_follow_the_user_to_a_new_sign_in(page: Page, browser: Browser, stack: Stack) -> None:
    await signed_in_at(page, "jreyes")
    await page.get_by_test_id("settings-fab").click()
    panel = page.get_by_test_id("settings-panel")
    await expect(panel).to_be_visible()
    await expect(page.get_by_test_id("settings-note")).to_have_text("Not all option combinations are available.")
    await page.get_by_test_id("settings-layout-style-layout2").click()
    await page.get_by_test_id("settings-theme-main").select_option("light")
    await expect(page.get_by_test_id("layout")).to_have_attribute("data-layout", "layout2")
    await page.wait_for_timeout(1000)  # saved to the user shortly after the change
    # A new browser, a new sign-in: the choice is there.
    other = await browser.new_context(base_url=stack.ui_url)
    fresh = await other.new_page()
    await fresh.goto("/login")
    await sign_in(fresh, "jreyes")
    await expect(fresh.get_by_test_id("layout")).to_have_attribute("data-layout", "layout2")
    await fresh.get_by_test_id("settings-fab").click()
    await expect(fresh.get_by_test_id("settings-theme-main")).to_have_value("light")
    await other.close()


async def test_rtl_mirrors_the_layout(page: Page) -> None:
    await signed_in_at(page, "sokafor")
    navbar = page.get_by_test_id("navbar")
    left = await navbar.bounding_box()
    assert left and left["x"] < 100
    await page.get_by_test_id("settings-fab").click()
    await page.get_by_test_id("settings-direction-rtl").click()
    await expect(page.locator("html")).to_have_attribute("dir", "rtl")
    await settles(navbar, "left", 1280 - 280)  # on the right-hand side now
    await page.get_by_test_id("settings-direction-ltr").click()
    await expect(page.locator("html")).to_have_attribute("dir", "ltr")


async def test_opportunity_board_drag_changes_the_stage(page: Page, stack: Stack) -> None:
    api = Api(stack.api_url, "manager")
    lead = api.client.post(
        "/leads",
        json={"title": "Board drag test", "clientCompany": "Wingtip Ports", "department": "Hardware", "stage": "new"},
    ).json()
    await signed_in_at(page, "manager", "/leads?view=board")
    card = page.get_by_test_id(f"board-card-{lead['id']}")
    await expect(card).to_have_attribute("data-stage", "new")
    await card.drag_to(page.get_by_test_id("board-column-qualified"))
    await expect(page.get_by_test_id(f"board-card-{lead['id']}")).to_have_attribute("data-stage", "qualified")
    assert api.get(f"/leads/{lead['id']}")["stage"] == "qualified"
