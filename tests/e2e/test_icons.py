"""Icon catalogue in Chromium at /ui/icons: every icon of the API in a windowed grid (only the rows
in view are in the page), each tile with its name, code point and glyph, and the search."""

from __future__ import annotations

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


async def test_the_icon_catalogue_is_windowed_and_searchable(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    icons = Api(stack.api_url, "admin").get("/api/icons")
    await signed_in_at(page, "admin", "/ui/icons")
    await expect(page.get_by_test_id("icons-count")).to_have_text(f"{len(icons):,} icons")
    first, last = icons[0], icons[-1]
    tile = page.get_by_test_id(f"icon-{first['name']}")
    await expect(tile).to_be_visible()
    await expect(tile).to_contain_text(f"U+{first['code']:04X}")
    await expect(tile).to_have_attribute("data-code", str(first["code"]))
    # The glyph comes from the bundled font (no network font): its ligature renders about 1em wide.
    await expect(tile.locator(".material-icons")).to_have_count(1)
    assert await page.evaluate("document.fonts.check('32px \"Material Icons\"')")

    # Windowed: far fewer tiles than icons are in the page.
    tiles = await page.locator("[data-testid^='icon-'][data-code]").count()
    assert 0 < tiles < len(icons) / 4, tiles
    await expect(page.get_by_test_id(f"icon-{last['name']}")).to_have_count(0)
    grid = page.get_by_test_id("icons-grid")
    await grid.evaluate("el => el.scrollTo(0, el.scrollHeight)")
    await expect(page.get_by_test_id(f"icon-{last['name']}")).to_be_visible()
    await expect(page.get_by_test_id(f"icon-{first['name']}")).to_have_count(0)

    # Search by name and tags.
    matching = [i for i in icons if "cloud" in i["name"] or any("cloud" in t for t in i["tags"])]
    await page.get_by_test_id("icons-search").fill("cloud")
    await expect(page.get_by_test_id("icons-count")).to_have_text(f"{len(matching)} of {len(icons):,} icons")
    await expect(page.locator("[data-testid^='icon-'][data-code]")).to_have_count(len(matching))
    await page.get_by_test_id("icons-search").fill("no such icon at all")
    await expect(page.get_by_test_id("icons-empty")).to_be_visible()
    assert not failures, failures
