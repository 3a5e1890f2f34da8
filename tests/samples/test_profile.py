"""Profile page: GET /api/profile/timeline, /photos-videos and /about in the shapes of spec section 3."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.store import SampleStore
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "profile"
API = "/api/profile"


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


# --- The social calls: posts, likes, comments, follows ------------------------------------------


async def post(client: httpx.AsyncClient, who: Account, path: str, body: dict[str, Any]) -> httpx.Response:
    return await client.post(f"{API}/{path}", headers=who.headers, json=body)


async def test_a_post_is_the_callers_and_everyone_sees_it(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    author, reader = staff["technician"], staff["contractor"]
    response = await post(client, author, "posts/new", {"message": "  Cable pulled  ", "user": {"id": 1, "name": "X"}})
    assert response.status_code == 200, response.text
    created = response.json()
    assert created["message"] == "Cable pulled" and created["type"] == "post"
    assert created["user"]["id"] == author.user_id and created["user"]["name"] == author.username.title()
    assert created["like"] == 0 and created["liked"] is False and created["comments"] == []
    everyone = (await get(client, reader, "timeline"))["posts"]
    assert everyone[0]["id"] == created["id"] and "likedBy" not in everyone[0]
    mine = (await get(client, reader, f"timeline?userId={author.user_id}"))["posts"]
    assert [p["id"] for p in mine] == [created["id"]]


async def test_likes_are_counted_once_per_user(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    sample = (await get(client, staff["admin"], "timeline"))["posts"][0]
    base = sample["like"]
    for who in (staff["technician"], staff["technician"], staff["manager"]):
        liked = (await post(client, who, "posts/like", {"postId": sample["id"], "like": True})).json()
        assert liked["liked"] is True
    assert liked["like"] == base + 2
    seen = (await get(client, staff["contractor"], "timeline"))["posts"][0]
    assert seen["like"] == base + 2 and seen["liked"] is False
    unliked = (await post(client, staff["technician"], "posts/like", {"postId": sample["id"], "like": False})).json()
    assert unliked["like"] == base + 1 and unliked["liked"] is False
    assert (await get(client, staff["manager"], "timeline"))["posts"][0]["liked"] is True


async def test_comments_are_added_as_the_caller(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    created = (await post(client, staff["manager"], "posts/new", {"message": "Toolbox talk at 8"})).json()
    answer = await post(client, staff["technician"], "posts/comment", {"postId": created["id"], "message": "Sure"})
    comment = answer.json()["comments"][-1]
    assert comment["message"] == "Sure" and comment["user"]["id"] == staff["technician"].user_id
    again = (await get(client, staff["contractor"], "timeline"))["posts"][0]
    assert [c["message"] for c in again["comments"]] == ["Sure"]


async def test_only_the_author_removes_a_post(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    created = (await post(client, staff["technician"], "posts/new", {"message": "Mine"})).json()
    refused = await post(client, staff["admin"], "posts/remove", {"postId": created["id"]})
    assert refused.status_code == 403
    sample = (await get(client, staff["admin"], "timeline"))["posts"][-1]
    assert (await post(client, staff["admin"], "posts/remove", {"postId": sample["id"]})).status_code == 403
    assert (await post(client, staff["technician"], "posts/remove", {"postId": created["id"]})).status_code == 200
    assert all(p["id"] != created["id"] for p in (await get(client, staff["admin"], "timeline"))["posts"])
    gone = await post(client, staff["technician"], "posts/like", {"postId": created["id"], "like": True})
    assert gone.status_code == 404


async def test_follow_and_unfollow(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    fan, star = staff["technician"], staff["manager"]
    before = await get(client, fan, f"person?userId={star.user_id}")
    assert before["followers"] == 0 and before["followedByMe"] is False and before["me"] is False
    assert before["name"] == star.username.title()
    followed = (await post(client, fan, "follow", {"userId": star.user_id, "follow": True})).json()
    assert followed["followers"] == 1 and followed["followedByMe"] is True
    assert (await post(client, fan, "follow", {"userId": star.user_id, "follow": True})).json()["followers"] == 1
    me = await get(client, fan, "person")
    assert me["me"] is True and me["following"] == 1
    assert (await get(client, star, "person"))["followers"] == 1
    assert (await get(client, staff["contractor"], f"person?userId={star.user_id}"))["followedByMe"] is False
    unfollowed = (await post(client, fan, "follow", {"userId": star.user_id, "follow": False})).json()
    assert unfollowed["followers"] == 0 and unfollowed["followedByMe"] is False
    assert (await get(client, fan, "person"))["following"] == 0


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("posts/new", {"message": "   "}, 422),
        ("posts/new", {"message": "x" * 2001}, 422),
        ("posts/new", {}, 422),
        ("posts/like", {"postId": 1}, 422),
        ("posts/like", {"postId": 1, "like": "yes"}, 422),
        ("posts/like", {"postId": "nope", "like": True}, 404),
        ("posts/comment", {"postId": 1, "message": ""}, 422),
        ("posts/comment", {"postId": 1, "message": "x" * 1001}, 422),
        ("posts/comment", {"postId": "nope", "message": "hi"}, 404),
        ("posts/remove", {"postId": "nope"}, 404),
        ("follow", {"userId": 0, "follow": True}, 422),
        ("follow", {"userId": "2", "follow": True}, 422),
        ("follow", {"userId": 2_000_000_000, "follow": True}, 404),
    ],
)
async def test_social_calls_validate(
    client: httpx.AsyncClient, staff: dict[str, Account], path: str, body: dict[str, Any], status: int
) -> None:
    response = await post(client, staff["technician"], path, body)
    assert response.status_code == status, response.text
    assert response.json()["message"]


async def test_nobody_follows_themselves_and_unknown_people_are_not_found(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    me = staff["technician"]
    assert (await post(client, me, "follow", {"userId": me.user_id, "follow": True})).status_code == 422
    response = await client.get(f"{API}/person", headers=me.headers, params={"userId": "2000000000"})
    assert response.status_code == 404
    response = await client.get(f"{API}/person", headers=me.headers, params={"userId": "abc"})
    assert response.status_code == 422


async def test_social_calls_need_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    for path in ("posts/new", "posts/like", "posts/comment", "posts/remove", "follow"):
        assert (await client.post(f"{API}/{path}", json={})).status_code == 401
        assert (await client.post(f"{API}/{path}", headers=staff["norole"].headers, json={})).status_code == 403
    assert (await client.get(f"{API}/person")).status_code == 401
