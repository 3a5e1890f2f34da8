"""FAQ in Chromium: every question of the API, answers expanding, and the search."""

from __future__ import annotations

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


async def test_the_faq_expands_answers_and_searches(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    faqs = Api(stack.api_url, "contractor").get("/api/faq")
    await signed_in_at(page, "contractor", "/pages/faq")
    await expect(page.get_by_test_id("faq-title")).to_have_text("Frequently asked questions")
    await expect(page.get_by_test_id("faq-list").get_by_role("button")).to_have_count(len(faqs))

    faq = faqs[2]
    answer = page.get_by_test_id(f"faq-{faq['id']}-answer")
    await expect(answer).to_be_hidden()
    await page.get_by_test_id(f"faq-{faq['id']}-question").click()
    await expect(answer).to_be_visible()
    await expect(answer).to_have_text(faq["answer"])
    await page.get_by_test_id(f"faq-{faq['id']}-question").click()
    await expect(answer).to_be_hidden()

    # Search matches questions and answers.
    word = "conflict"
    matching = [f for f in faqs if word in (f["question"] + f["answer"]).lower()]
    await page.get_by_test_id("faq-search").fill(word)
    await expect(page.get_by_test_id("faq-list").get_by_role("button")).to_have_count(len(matching))
    await expect(page.get_by_test_id("faq-count")).to_have_text(f"{len(matching)} of {len(faqs)} questions match")
    await page.get_by_test_id("faq-search").fill("no such words anywhere")
    await expect(page.get_by_test_id("faq-empty")).to_be_visible()
    assert not failures, failures
