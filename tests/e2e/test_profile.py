"""Profile in Chromium: the timeline (posts with comments, activities), about (general, work,
contact, groups, friends) and the photos and videos by album, all from the API."""

from __future__ import annotations

import re
import uuid

from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


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


async def test_post_like_comment_and_follow_between_two_staff_members_survive_a_reload(
    page: Page, browser: Browser, stack: Stack
) -> None:
    failures = watch_requests(page)
    text = f"Cable pulled at the harbour {uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "technician", "/pages/profile")
    await page.get_by_test_id("post-box-text").fill(text)
    await page.get_by_test_id("post-box-submit").click()
    await expect(page.get_by_test_id("profile-posts").locator("article").first).to_contain_text(text)
    posts = Api(stack.api_url, "technician").get("/api/profile/timeline")["posts"]
    mine = next(p for p in posts if p["message"] == text)
    await page.reload()
    await expect(page.get_by_test_id(f"post-{mine['id']}-message")).to_have_text(text)

    other_context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    try:
        other = await other_context.new_page()
        other_failures = watch_requests(other)
        await signed_in_at(other, "manager", "/pages/profile")
        await expect(other.get_by_test_id(f"post-{mine['id']}-message")).to_have_text(text)
        await expect(other.get_by_test_id(f"post-{mine['id']}-remove")).to_have_count(0)  # not theirs
        await other.get_by_test_id(f"post-{mine['id']}-like").click()
        await expect(other.get_by_test_id(f"post-{mine['id']}-likes")).to_have_text("1 like")
        await expect(other.get_by_test_id(f"post-{mine['id']}-like")).to_have_attribute("aria-pressed", "true")
        await other.get_by_test_id(f"post-{mine['id']}-comment-text").fill("Good job, see you Monday")
        await other.get_by_test_id(f"post-{mine['id']}-comment-submit").click()
        await expect(other.get_by_test_id(f"post-{mine['id']}-comments")).to_contain_text("Good job, see you Monday")
        await other.reload()
        await expect(other.get_by_test_id(f"post-{mine['id']}-likes")).to_have_text("1 like")
        await expect(other.get_by_test_id(f"post-{mine['id']}-comments")).to_contain_text("Morgan Manager")

        # The author's name opens their profile: their posts only, and Follow.
        await other.get_by_test_id(f"post-{mine['id']}").get_by_role("link", name="Taylor Technician").click()
        await expect(other).to_have_url(re.compile(r"/pages/profile\?user=\d+$"))
        await expect(other.get_by_test_id("profile-name")).to_have_text("Taylor Technician")
        await expect(other.get_by_test_id("post-box")).to_have_count(0)
        await expect(other.get_by_test_id(f"post-{mine['id']}-message")).to_have_text(text)
        followers = int((await other.get_by_test_id("profile-followers").inner_text()).split()[0])
        await other.get_by_test_id("profile-follow").click()
        await expect(other.get_by_test_id("profile-follow")).to_have_text("Unfollow")
        await expect(other.get_by_test_id("profile-followers")).to_contain_text(f"{followers + 1} follower")
        await other.reload()
        await expect(other.get_by_test_id("profile-follow")).to_have_text("Unfollow")
        await other.get_by_test_id("profile-follow").click()
        await expect(other.get_by_test_id("profile-follow")).to_have_text("Follow")
        await other.reload()
        await expect(other.get_by_test_id("profile-followers")).to_contain_text(f"{followers} follower")
        assert not other_failures, other_failures
    finally:
        await other_context.close()

    # The author sees the like and the comment after a reload, and removes the post.
    await page.reload()
    await expect(page.get_by_test_id(f"post-{mine['id']}-likes")).to_have_text("1 like")
    await expect(page.get_by_test_id(f"post-{mine['id']}-like")).to_have_attribute("aria-pressed", "false")
    await expect(page.get_by_test_id(f"post-{mine['id']}-comments")).to_contain_text("Good job, see you Monday")
    await page.get_by_test_id(f"post-{mine['id']}-remove").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page.get_by_test_id(f"post-{mine['id']}")).to_have_count(0)
    await page.reload()
    await expect(page.get_by_test_id("profile-posts").locator("article").first).to_be_visible()
    await expect(page.get_by_test_id(f"post-{mine['id']}")).to_have_count(0)
    assert not failures, failures
