"""Profile page: GET /api/profile/timeline, /photos-videos and /about, and its social calls.

Stored kinds: ``activities`` and ``posts`` (the timeline), ``albums`` (photos and videos),
``about`` (the general, work and contact sections, one document each keyed by the section name),
``groups`` and ``friends``; ``people`` holds who follows whom (one document per portal user).

The spec's mock only read; here staff post (the author is always the caller), like and unlike
(once per user, counted), comment, and follow each other. Posts are shared: every staff member
sees every post. A sample post has no author id; a post by a portal user names them
(``user.id``, its row's owner), and only its author may remove it.
"""

from __future__ import annotations

import uuid
from typing import Any

from starlette.requests import Request

from app.errors import forbidden, invalid, not_found
from app.portal import limit
from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.options import UserState
from schemas.sample_areas.base import Removed, now_iso
from schemas.sample_areas.profile import (
    MAX_COMMENTS,
    MAX_FOLLOWING,
    About,
    Albums,
    Follow,
    Like,
    NewComment,
    NewPost,
    Person,
    Post,
    PostRef,
    ProfileQuery,
    Timeline,
)
from schemas.users import User

AREA = "profile"
SECTIONS = ("general", "work", "contact")
TIMELINE_POSTS = 50  # the newest posts a timeline shows


def _viewer(request: Request) -> int:
    user_id: int = request.state.principal.user_id
    return user_id


def shown(post: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A post as the pages get it: the like count with this viewer's likes, ``liked`` by the viewer."""
    liked_by = post.get("likedBy", [])
    answer = {key: value for key, value in post.items() if key != "likedBy"}
    answer["like"] = int(post.get("like", 0)) + len(liked_by)
    answer["liked"] = viewer in liked_by
    return answer


async def _author(store: SampleStore, user_id: int) -> User:
    user = await store.session.get(User, user_id)
    if user is None or user.state == UserState.DISABLED:
        raise not_found("No staff member has this id.")
    return user


def _person(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.display_name, "avatar": user.photo_url or ""}


async def timeline(request: Request, store: SampleStore, query: ProfileQuery) -> dict[str, Any]:
    """The timeline: recent activities and the newest posts (``userId``: only that staff member's posts)."""
    author = query.user_id
    posts_of = SampleStore(store.session, AREA, owner_id=author) if author is not None else store
    viewer = _viewer(request)
    posts = await posts_of.all("posts", limit=TIMELINE_POSTS)
    return {"activities": await store.all("activities"), "posts": [shown(p, viewer) for p in posts]}


async def photos_videos(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """The photo and video albums (id, name, info, media)."""
    return await store.all("albums")


async def about(_request: Request, store: SampleStore) -> dict[str, Any]:
    """The about page: general, work and contact sections, groups and friends."""
    stored = {section["id"]: section for section in await store.all("about")}
    answer: dict[str, Any] = {
        name: {key: value for key, value in stored.get(name, {}).items() if key != "id"} for name in SECTIONS
    }
    answer["groups"] = await store.all("groups")
    answer["friends"] = await store.all("friends")
    return answer


async def new_post(request: Request, store: SampleStore, body: NewPost) -> dict[str, Any]:
    """Post on the timeline as yourself: {message} (at most 2,000 characters); answers the post."""
    await limit(request, "write", request.state.principal)
    viewer = _viewer(request)
    user = await _author(store, viewer)
    key = f"p{uuid.uuid4().hex[:16]}"
    post = {
        "id": key,
        "user": _person(user),
        "message": body.message,
        "time": now_iso(),
        "type": "post",
        "like": 0,
        "share": 0,
        "comments": [],
        "likedBy": [],
    }
    mine = SampleStore(store.session, AREA, owner_id=viewer, with_shared=True)
    return shown(await mine.put("posts", key, post, front=True), viewer)


async def _post(store: SampleStore, post_id: str | int) -> dict[str, Any]:
    post = await store.get("posts", str(post_id), lock=True)
    if post is None:
        raise not_found("This post no longer exists.")
    return post


async def like_post(request: Request, store: SampleStore, body: Like) -> dict[str, Any]:
    """Like (``like: true``) or unlike a post: once per staff member; answers the post with its count."""
    await limit(request, "write", request.state.principal)
    viewer = _viewer(request)
    post = await _post(store, body.postId)
    others = [user_id for user_id in post.get("likedBy", []) if user_id != viewer]
    saved = await store.put("posts", str(post["id"]), {**post, "likedBy": [*others, viewer] if body.like else others})
    return shown(saved, viewer)


async def comment_post(request: Request, store: SampleStore, body: NewComment) -> dict[str, Any]:
    """Comment on a post as yourself: {postId, message} (at most 1,000 characters); answers the post."""
    await limit(request, "write", request.state.principal)
    viewer = _viewer(request)
    post = await _post(store, body.postId)
    comments = post.get("comments", [])
    if len(comments) >= MAX_COMMENTS:
        raise invalid(f"This post has {MAX_COMMENTS} comments, the most it holds.", {"message": "Too many comments."})
    comment = {
        "id": f"c{uuid.uuid4().hex[:16]}",
        "user": _person(await _author(store, viewer)),
        "time": now_iso(),
        "message": body.message,
    }
    saved = await store.put("posts", str(post["id"]), {**post, "comments": [*comments, comment]})
    return shown(saved, viewer)


async def remove_post(request: Request, store: SampleStore, body: PostRef) -> dict[str, Any]:
    """Remove one of your own posts: {postId}; 403 for anyone else's."""
    await limit(request, "write", request.state.principal)
    post = await _post(store, body.postId)
    if post.get("user", {}).get("id") != _viewer(request):
        raise forbidden("Only its author can remove a post.")
    await store.remove("posts", [str(post["id"])])
    return {"id": post["id"]}


async def _follows(store: SampleStore, user_id: int) -> dict[str, Any]:
    found = await store.get("people", str(user_id), lock=True)
    return found if found is not None else {"id": user_id, "followers": [], "following": []}


async def _person_answer(store: SampleStore, user: User, viewer: int) -> dict[str, Any]:
    assert user.id is not None
    follows = await _follows(store, user.id)
    return {
        **_person(user),
        "photoURL": user.photo_url or "",
        "email": user.email,
        "followers": len(follows["followers"]),
        "following": len(follows["following"]),
        "followedByMe": viewer in follows["followers"],
        "me": user.id == viewer,
    }


async def person(request: Request, store: SampleStore, query: ProfileQuery) -> dict[str, Any]:
    """A staff member's profile header (``userId``, yourself by default): name, photo, follower counts."""
    viewer = _viewer(request)
    user = await _author(store, query.user_id or viewer)
    return await _person_answer(store, user, viewer)


async def follow(request: Request, store: SampleStore, body: Follow) -> dict[str, Any]:
    """Follow (``follow: true``) or unfollow a staff member: {userId, follow}; answers their profile header."""
    await limit(request, "write", request.state.principal)
    viewer = _viewer(request)
    if body.userId == viewer:
        raise invalid("You cannot follow yourself.", {"userId": "Choose another staff member."})
    user = await _author(store, body.userId)
    # Both documents in id order, so two people following each other at once cannot deadlock.
    first, second = sorted((viewer, body.userId))
    docs = {first: await _follows(store, first), second: await _follows(store, second)}
    mine, theirs = docs[viewer], docs[body.userId]
    following = [x for x in mine["following"] if x != body.userId]
    followers = [x for x in theirs["followers"] if x != viewer]
    if body.follow:
        if len(following) >= MAX_FOLLOWING:
            raise invalid(f"You follow {MAX_FOLLOWING} people, the most allowed.", {"userId": "Unfollow someone."})
        following.append(body.userId)
        followers.append(viewer)
    await store.put("people", str(viewer), {**mine, "following": following})
    await store.put("people", str(body.userId), {**theirs, "followers": followers})
    return await _person_answer(store, user, viewer)


area = Area(AREA)
routes = [
    area.get("/api/profile/timeline", timeline, Timeline, query=ProfileQuery),
    area.get("/api/profile/photos-videos", photos_videos, Albums),
    area.get("/api/profile/about", about, About),
    area.get("/api/profile/person", person, Person, query=ProfileQuery),
    area.post("/api/profile/posts/new", new_post, Post, body=NewPost),
    area.post("/api/profile/posts/like", like_post, Post, body=Like),
    area.post("/api/profile/posts/comment", comment_post, Post, body=NewComment),
    area.post("/api/profile/posts/remove", remove_post, Removed, body=PostRef),
    area.post("/api/profile/follow", follow, Person, body=Follow),
]
