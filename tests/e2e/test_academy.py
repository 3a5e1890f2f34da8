"""Academy in Chromium: the catalogue filtered by category and searched, a course opened and
stepped through with previous / next / finish, the active step saved and kept on reload."""

from __future__ import annotations

import asyncio
import re

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests

PREFIX = "/api/academy-app"


async def saved_step(api: Api, course_id: str, expected: int) -> None:
    """Wait until the API holds ``expected`` as the course's active step."""
    step = None
    for _ in range(50):
        step = api.get(f"{PREFIX}/course", courseId=course_id)["activeStep"]
        if step == expected:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"active step {step}, expected {expected}")


async def test_filter_the_academy_by_category_open_a_course_and_save_the_step(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "technician")
    categories = api.get(f"{PREFIX}/categories")
    courses = api.get(f"{PREFIX}/courses")
    android = next(c for c in categories if c["value"] == "android")
    in_category = [c for c in courses if c["category"] == "android"]
    await signed_in_at(page, "technician", "/apps/academy/courses")
    await expect(page.get_by_test_id("courses-title")).to_have_text("What do you want to learn today?")
    await expect(page.get_by_test_id("courses-grid").locator("[data-category]")).to_have_count(len(courses))

    # Filter by category: only that category's courses stay.
    await page.get_by_test_id("courses-category").select_option(android["value"])
    await expect(page).to_have_url(re.compile(r"category=android"))
    cards = page.get_by_test_id("courses-grid").locator("[data-category]")
    await expect(cards).to_have_count(len(in_category))
    for card in await cards.all():
        await expect(card).to_have_attribute("data-category", "android")
        await expect(card).to_contain_text(android["label"])
    # Search narrows further; nothing matching shows the empty state.
    await page.get_by_test_id("courses-search").fill("zzzz no such course")
    await expect(page.get_by_test_id("courses-empty")).to_be_visible()
    await page.get_by_test_id("courses-search").fill("")

    # Open the category's first course: it starts on its saved step.
    course = api.get(f"{PREFIX}/course", courseId=in_category[0]["id"])
    total = len(course["steps"])
    start = min(course["activeStep"], total - 1)
    await page.get_by_test_id(f"course-{course['id']}-open").click()
    await expect(page).to_have_url(re.compile(f"/apps/academy/courses/{course['id']}/{course['slug']}$"))
    await expect(page.get_by_test_id("course-title")).to_have_text(course["title"])
    await expect(page.get_by_test_id("course-step-counter")).to_have_text(f"Step {start + 1} of {total}")
    await expect(page.get_by_test_id("course-step-content")).to_contain_text(course["steps"][start]["title"])
    # Content is shown sanitised: the step's HTML is rendered, without scripts.
    await expect(page.get_by_test_id("course-step-content").locator("script")).to_have_count(0)

    # Walk to the last step; every step forward is saved.
    for step in range(start + 1, total):
        await page.get_by_test_id("course-next").click()
        await expect(page.get_by_test_id("course-step-counter")).to_have_text(f"Step {step + 1} of {total}")
        await expect(page.get_by_test_id("course-step-content")).to_contain_text(course["steps"][step]["title"])
    await saved_step(api, course["id"], max(course["activeStep"], total - 1))
    await page.get_by_test_id("course-previous").click()
    await expect(page.get_by_test_id("course-step-counter")).to_have_text(f"Step {total - 1} of {total}")

    # Opened again (fetched again), the course opens where the learner is.
    await page.get_by_test_id("course-back").click()
    await page.get_by_test_id(f"course-{course['id']}-open").click()
    await expect(page.get_by_test_id("course-step-counter")).to_have_text(f"Step {total} of {total}")
    await page.get_by_test_id("course-finish").click()
    await expect(page).to_have_url(re.compile(r"/apps/academy/courses$"))
    await expect(page.get_by_text(f"You finished “{course['title']}”.")).to_be_visible()
    await expect(page.get_by_test_id(f"course-{course['id']}-progress")).to_have_text("100%")
    await expect(page.get_by_test_id(f"course-{course['id']}-open")).to_have_text("Review")
    await saved_step(api, course["id"], total)
    assert not failures, failures
