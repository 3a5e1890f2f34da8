"""Profile in Chromium: the timeline (posts with comments, activities), about (general, work,
contact, groups, friends) and the photos and videos by album, all from the API."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at


def watch_requests(page: Page) -> list[str]:
    """Every request that fails, or answers 400 or more, while the test runs."""
    failures: list[str] = []
    page.on("requestfailed", lambda r: failures.append(f"{r.method} {r.url}: {r.failure}"))
    page.on(
        "response", lambda r: failures.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None
    )
    return failures


async def test_the_profile_shows_timeline_about_and_albums(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "technician")
    timeline = api.get("/api/profile/timeline")
    about = api.get("/api/profile/about")
    albums = api.get("/api/profile/photos-videos")
    await signed_in_at(page, "technician", "/pages/profile")
    await expect(page.get_by_test_id("profile-name")).not_to_be_empty()

    posts = page.get_by_test_id("profile-posts").locator("article")
    await expect(posts).to_have_count(len(timeline["posts"]))
    post = timeline["posts"][0]
    await expect(page.get_by_test_id(f"post-{post['id']}-message")).to_have_text(post["message"])
    await expect(page.get_by_test_id(f"post-{post['id']}-likes")).to_have_text(f"{post['like']} likes")
    await expect(page.get_by_test_id(f"post-{post['id']}-comments")).to_contain_text(post["comments"][0]["message"])
    article = next(p for p in timeline["posts"] if p["type"] == "article")
    await expect(page.get_by_test_id(f"post-{article['id']}-article")).to_contain_text(article["article"]["subtitle"])
    await expect(page.get_by_test_id("profile-activities").locator("li")).to_have_count(len(timeline["activities"]))

    await page.get_by_test_id("profile-tab-about").click()
    await expect(page).to_have_url(re.compile(r"tab=about"))
    await expect(page.get_by_test_id("about-general")).to_contain_text(about["general"]["birthday"])
    await expect(page.get_by_test_id("about-work")).to_contain_text(about["work"]["occupation"])
    await expect(page.get_by_test_id("about-contact")).to_contain_text(about["contact"]["emails"][0])
    await expect(page.get_by_test_id("about-groups").locator("li")).to_have_count(len(about["groups"]))
    await expect(page.get_by_test_id("about-friends")).to_contain_text(about["friends"][0]["name"])

    await page.get_by_test_id("profile-tab-photos").click()
    for album in albums:
        await expect(page.get_by_test_id(f"album-{album['id']}")).to_contain_text(album["name"])
        await expect(page.get_by_test_id(f"album-{album['id']}-media")).to_have_count(len(album["media"]))
    assert not failures, failures
