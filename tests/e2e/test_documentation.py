"""Documentation in Chromium: every page under /documentation, the technology logos as external
links and the shopping-cart button to the marketplace, and the navigation group."""

from __future__ import annotations

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import go, signed_in_at, watch_requests

PAGES = {
    "/documentation/getting-started/introduction": ("doc-introduction", "Introduction"),
    "/documentation/getting-started/installation": ("doc-installation", "Installation"),
    "/documentation/authentication": ("doc-authentication", "Authentication"),
    "/documentation/components": ("doc-components", "Components"),
    "/documentation/third-party-components": ("doc-third-party", "Third-party components"),
    "/documentation/changelog": ("doc-changelog", "Changelog"),
}


async def test_every_documentation_page_and_the_powered_by_links(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    await signed_in_at(page, "contractor", "/documentation/getting-started/introduction")
    for path, (test_id, title) in PAGES.items():
        await go(page, path)
        await expect(page.get_by_test_id(test_id)).to_be_visible()
        await expect(page.get_by_test_id("doc-title")).to_have_text(title)
        await expect(page.get_by_test_id(test_id).locator("article")).not_to_be_empty()

    await go(page, "/documentation/getting-started/introduction")
    logos = page.get_by_test_id("powered-by").get_by_role("link")
    await expect(logos).to_have_count(12)
    for link in await logos.all():
        assert (await link.get_attribute("href") or "").startswith("https://")
        assert await link.get_attribute("target") == "_blank"
        assert "noopener" in (await link.get_attribute("rel") or "")
        await expect(link.locator("svg")).to_have_count(1)
    cart = page.get_by_test_id("marketplace-button")
    await expect(cart).to_contain_text("Purchase")
    assert (await cart.get_attribute("href") or "").startswith("https://")
    assert await cart.get_attribute("target") == "_blank"
    # Opening a logo opens a new tab (its page is not fetched here: the test machine has no network).
    async with page.context.expect_page() as new_tab:
        await page.route("https://**", lambda route: route.fulfill(status=200, body="external"))
        await page.context.route("https://**", lambda route: route.fulfill(status=200, body="external"))
        await page.get_by_test_id("tech-react").click()
    opened = await new_tab.value
    assert opened.url.startswith("https://react.dev")
    await opened.close()

    navbar = page.get_by_test_id("navbar")
    await expect(navbar.get_by_text("Documentation", exact=True)).to_be_visible()
    await expect(navbar.get_by_role("link", name="Introduction")).to_be_visible()
    assert not failures, failures
