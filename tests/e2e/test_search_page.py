"""Search results page in Chromium: every result of the API (title, url, excerpt), paged, a query
answered by the API, and a result that opens its page."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, go, signed_in_at, watch_requests


async def test_search_results_show_title_url_and_excerpt(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "manager")
    everything = api.get("/api/search")
    await signed_in_at(page, "manager", "/pages/search")
    await expect(page.get_by_test_id("search-count")).to_have_text(f"{len(everything)} results")
    await expect(page.get_by_test_id("search-results").locator("li")).to_have_count(10)
    first = everything[0]
    await expect(page.get_by_test_id(f"search-result-{first['id']}-title")).to_have_text(first["title"])
    await expect(page.get_by_test_id(f"search-result-{first['id']}-url")).to_contain_text(first["url"])
    await expect(page.get_by_test_id(f"search-result-{first['id']}-excerpt")).to_have_text(first["excerpt"])
    await page.get_by_test_id("search-next").click()
    await expect(page).to_have_url(re.compile(r"page=2"))
    await expect(page.get_by_test_id(f"search-result-{everything[10]['id']}-title")).to_be_visible()

    matching = api.get("/api/search", q="password")
    await page.get_by_test_id("search-page-input").fill("password")
    await page.get_by_test_id("search-submit").click()
    await expect(page).to_have_url(re.compile(r"q=password"))
    await expect(page.get_by_test_id("search-count")).to_have_text(
        f"{len(matching)} result{'' if len(matching) == 1 else 's'} for “password”"
    )
    await expect(page.get_by_test_id("search-results").locator("li")).to_have_count(len(matching))
    await expect(page.get_by_test_id("search-results").locator("mark").first).to_have_text(re.compile("password", re.I))

    # A result opens what it found: this FAQ question, with its answer open.
    hit = next(r for r in matching if r["id"].startswith("faq-"))
    await page.get_by_test_id(f"search-result-{hit['id']}-title").click()
    await expect(page).to_have_url(re.compile(re.escape(hit["url"]) + "$"))
    faq_id = hit["id"].removeprefix("faq-")
    await expect(page.get_by_test_id(f"faq-{faq_id}-answer")).to_be_visible()
    await expect(page.get_by_test_id(f"faq-{faq_id}-question")).to_contain_text(hit["title"])

    await go(page, "/pages/search?q=nothing-matches-this")
    await expect(page.get_by_test_id("search-count")).to_have_text("No results for “nothing-matches-this”")
    assert not failures, failures


async def test_every_result_opens_the_thing_it_found(page: Page, stack: Stack) -> None:
    """Each result of the whole list, opened from the results page: the knowledge base's article in
    its dialog, the FAQ's answer, the academy's course; never a page saying it is not there."""
    failures = watch_requests(page)
    everything = Api(stack.api_url, "contractor").get("/api/search")
    assert {r["id"].split("-")[0] for r in everything} == {"kb", "faq", "course"}
    await signed_in_at(page, "contractor", "/pages/search")
    for number, result in enumerate(everything):
        await go(page, f"/pages/search?page={number // 10 + 1}" if number >= 10 else "/pages/search")
        await page.get_by_test_id(f"search-result-{result['id']}-title").click()
        await expect(page).to_have_url(re.compile(re.escape(result["url"]) + "$"))
        kind, _, key = result["id"].partition("-")
        if kind == "kb":
            await expect(page.get_by_test_id("article-title")).to_have_text(result["title"])
            await expect(page.get_by_test_id("kb-topic-note")).to_have_count(0)
            await page.get_by_test_id("article-close").click()
            await expect(page.get_by_test_id("article-dialog")).to_have_count(0)
        elif kind == "faq":
            await expect(page.get_by_test_id(f"faq-{key}-answer")).to_be_visible()
            await expect(page.get_by_test_id(f"faq-{key}-question")).to_contain_text(result["title"])
        else:
            await expect(page.get_by_test_id("course-title")).to_have_text(result["title"])
    assert not failures, failures
