"""Profile page: GET /api/profile/timeline, /photos-videos and /about in the shapes of spec section 3."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.store import SampleStore
from tests.support import Account, load_sample_area

pytestmark = pytest.mark.db

AREA = "profile"
API = "/api/profile"


@pytest.fixture(autouse=True)
async def fresh_profile(app: Starlette) -> None:
    await load_sample_area(app, AREA)


async def get(client: httpx.AsyncClient, who: Account, path: str) -> Any:
    response = await client.get(f"{API}/{path}", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def _is_user(user: dict[str, Any]) -> bool:
    return set(user) == {"name", "avatar"} and bool(user["name"]) and bool(user["avatar"])


def _is_media(media: dict[str, Any]) -> bool:
    return {"type", "preview"} <= set(media)


async def test_timeline_activities(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    timeline = await get(client, staff["contractor"], "timeline")
    assert set(timeline) == {"activities", "posts"}
    assert len(timeline["activities"]) >= 5
    for activity in timeline["activities"]:
        assert set(activity) == {"id", "user", "message", "time"}
        assert _is_user(activity["user"]) and activity["message"] and activity["time"]


async def test_timeline_posts(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    posts = (await get(client, staff["technician"], "timeline"))["posts"]
    assert {post["type"] for post in posts} == {"post", "article", "something"}
    for post in posts:
        assert {"id", "user", "message", "time", "type", "like", "share", "comments"} <= set(post)
        assert _is_user(post["user"])
        assert isinstance(post["like"], int) and isinstance(post["share"], int)
        if "media" in post:
            assert _is_media(post["media"])
        if "article" in post:
            assert {"title", "subtitle", "excerpt", "media"} <= set(post["article"])
            assert _is_media(post["article"]["media"])
        for comment in post["comments"]:
            assert set(comment) == {"id", "user", "time", "message"} and _is_user(comment["user"])
    assert any("media" in post for post in posts) and any("article" in post for post in posts)


async def test_photos_and_videos(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    albums = await get(client, staff["manager"], "photos-videos")
    assert len(albums) >= 3
    for album in albums:
        assert set(album) == {"id", "name", "info", "media"}
        assert album["media"] and all({"type", "title", "preview"} <= set(m) for m in album["media"])


async def test_about(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    about = await get(client, staff["admin"], "about")
    assert set(about) == {"general", "work", "contact", "groups", "friends"}
    assert set(about["general"]) == {"gender", "birthday", "locations", "about"}
    assert isinstance(about["general"]["locations"], list)
    assert set(about["work"]) == {"occupation", "skills", "jobs"}
    assert all(set(job) == {"company", "date"} for job in about["work"]["jobs"])
    assert set(about["contact"]) == {"address", "tel", "websites", "emails"}
    assert all(isinstance(about["contact"][key], list) for key in ("tel", "websites", "emails"))
    assert about["groups"] and all(set(g) == {"id", "name", "category", "members"} for g in about["groups"])
    assert about["friends"] and all(set(f) == {"id", "name", "avatar"} for f in about["friends"])


async def test_answered_from_the_database(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    async with app.state.portal.db.session() as session:
        store = SampleStore(session, AREA)
        work = await store.get("about", "work")
        assert work is not None
        await store.put("about", "work", {**work, "occupation": "Stored occupation"})
        await session.commit()
    assert (await get(client, staff["manager"], "about"))["work"]["occupation"] == "Stored occupation"


@pytest.mark.parametrize("path", ["timeline", "photos-videos", "about"])
async def test_needs_a_staff_access_token(path: str, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(f"{API}/{path}")).status_code == 401
    assert (await client.get(f"{API}/{path}", headers=staff["norole"].headers)).status_code == 403
