"""Template pages in Chromium: every page layout (carded and simple, with and without sidebars and
tabs, and blank), typography and helper classes, their navigation entries, and the sidebar drawer
on a phone."""

from __future__ import annotations

import re

from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import go, signed_in_at, watch_requests

VARIANTS = {
    "carded": [
        "full-width",
        "full-width-tabbed",
        "full-width-2",
        "full-width-2-tabbed",
        "left-sidebar",
        "left-sidebar-tabbed",
        "left-sidebar-2",
        "left-sidebar-2-tabbed",
        "right-sidebar",
        "right-sidebar-tabbed",
        "right-sidebar-2",
        "right-sidebar-2-tabbed",
    ],
    "simple": [
        "full-width",
        "full-width-tabbed",
        "left-sidebar",
        "left-sidebar-tabbed",
        "left-sidebar-2",
        "left-sidebar-3",
        "right-sidebar",
        "right-sidebar-tabbed",
        "right-sidebar-2",
        "right-sidebar-3",
        "tabbed",
    ],
}


async def test_every_page_layout_opens_with_its_regions(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    await signed_in_at(page, "contractor", "/ui/page-layouts/blank")
    await expect(page.get_by_test_id("layout-blank-page")).to_be_visible()
    await expect(page.get_by_test_id("layout-title")).to_have_text("Blank page")

    for style, variants in VARIANTS.items():
        for variant in variants:
            await go(page, f"/ui/page-layouts/{style}/{variant}")
            layout = page.get_by_test_id("layout-demo-page")
            await expect(layout).to_have_attribute("data-layout-style", style)
            await expect(page.get_by_test_id("layout-title")).to_contain_text(style.capitalize())
            sidebar = page.get_by_test_id("layout-sidebar")
            if variant.startswith("full") or variant == "tabbed":
                await expect(sidebar).to_have_count(0)
            else:
                await expect(sidebar).to_have_attribute("data-side", variant.split("-")[0])
                await expect(sidebar.get_by_role("link")).to_have_count(24)
                placement = "beside-header" if style == "simple" and not variant.endswith("-3") else "under-header"
                await expect(sidebar).to_have_attribute("data-placement", placement)
            if re.search(r"-2(-tabbed)?$", variant):
                await expect(page.get_by_test_id("layout-content")).to_have_attribute("data-inner-scroll", "true")
            if variant.endswith("tabbed"):
                await expect(page.get_by_test_id("layout-tabs")).to_be_visible()
                await page.get_by_test_id("layout-tab-structure").click()
                await expect(page.get_by_test_id("layout-structure")).to_be_visible()
            else:
                await expect(page.get_by_test_id("layout-usage")).to_be_visible()

    # The sidebar links move between layouts; the navigation opens the collapse of the current one.
    await go(page, "/ui/page-layouts/simple/right-sidebar-3")
    await page.get_by_test_id("layout-sidebar").get_by_role("link", name="Left sidebar", exact=True).first.click()
    await expect(page).to_have_url(re.compile(r"/ui/page-layouts/carded/left-sidebar$"))
    await expect(
        page.get_by_test_id("navbar").get_by_role("link", name="Left sidebar", exact=True).first
    ).to_be_visible()

    await go(page, "/ui/page-layouts/nonsense/full-width")
    await expect(page).to_have_url(re.compile(r"/pages/errors/error-404$"))
    assert not failures, failures


async def test_typography_and_helper_classes(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    await signed_in_at(page, "manager", "/ui/typography")
    await expect(page.get_by_test_id("layout-title")).to_have_text("Typography")
    await expect(page.get_by_test_id("typography-headings").locator("h2, h3, h4, h5, h6")).not_to_have_count(0)
    await expect(page.get_by_test_id("typography-weights")).to_contain_text("semibold")
    await go(page, "/ui/helper-classes")
    await expect(page.get_by_test_id("layout-title")).to_have_text("Helper classes")
    for section in ["spacing", "colours", "borders", "layout", "responsive", "text"]:
        await expect(page.get_by_test_id(f"helpers-{section}")).to_be_visible()
    await expect(page.get_by_text("Desktop: half width, blue")).to_be_visible()
    assert not failures, failures


async def test_a_layout_sidebar_is_a_drawer_on_a_phone(browser: Browser, stack: Stack) -> None:
    context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 390, "height": 844})
    page = await context.new_page()
    failures = watch_requests(page)
    await signed_in_at(page, "technician", "/ui/page-layouts/simple/left-sidebar")
    await expect(page.get_by_test_id("layout-sidebar")).to_be_hidden()
    await page.get_by_test_id("layout-sidebar-toggle").click()
    drawer = page.get_by_test_id("layout-sidebar-drawer")
    await expect(drawer).to_be_visible()
    await drawer.get_by_role("link", name="Right sidebar, tabbed").first.click()
    await expect(page).to_have_url(re.compile(r"/ui/page-layouts/carded/right-sidebar-tabbed$"))
    await expect(page.get_by_test_id("layout-title")).to_have_text("Carded · Right sidebar, tabbed")
    assert not failures, failures
    await context.close()
