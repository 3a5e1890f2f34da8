"""Knowledge base in Chromium at /pages/knowledge-base: the categories with their featured articles
and article counts, an article opened in a dialog (sanitised HTML), and the search."""

from __future__ import annotations

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


async def test_the_knowledge_base_lists_categories_and_opens_an_article(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    categories = Api(stack.api_url, "manager").get("/api/knowledge-base")
    await signed_in_at(page, "manager", "/pages/knowledge-base")
    await expect(page.get_by_test_id("kb-title")).to_be_visible()
    for category in categories:
        card = page.get_by_test_id(f"kb-category-{category['id']}")
        await expect(card).to_contain_text(category["title"])
        await expect(page.get_by_test_id(f"kb-category-{category['id']}-count")).to_have_text(
            f"{category['articlesCount']} articles"
        )
        await expect(card.get_by_role("button")).to_have_count(len(category["featuredArticles"]))
    assert [c["articlesCount"] for c in categories] == [17, 12, 19, 24]

    category = categories[1]
    article, following = category["featuredArticles"][0], category["featuredArticles"][1]
    await page.get_by_test_id(f"kb-article-{article['id']}").click()
    dialog = page.get_by_test_id("article-dialog")
    await expect(dialog).to_be_visible()
    await expect(page.get_by_test_id("article-title")).to_have_text(article["title"])
    await expect(page.get_by_test_id("article-content").locator("ol li")).to_have_count(3)
    await page.get_by_test_id("article-next").click()
    await expect(page.get_by_test_id("article-title")).to_have_text(following["title"])
    await page.get_by_test_id("article-close").click()
    await expect(dialog).to_be_hidden()

    await page.get_by_test_id("kb-search").fill("refund")
    await expect(page.get_by_test_id("kb-categories").get_by_role("button")).to_have_count(1)
    assert not failures, failures
