"""Profile page: GET /api/profile/timeline, /photos-videos and /about.

Stored kinds: ``activities`` and ``posts`` (the timeline), ``albums`` (photos and videos),
``about`` (the general, work and contact sections, one document each keyed by the section name),
``groups`` and ``friends``.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.samples.common import endpoint
from app.samples.store import SampleStore

AREA = "profile"
SECTIONS = ("general", "work", "contact")


async def timeline(_request: Request, store: SampleStore) -> dict[str, Any]:
    """The timeline: recent activities and posts."""
    return {"activities": await store.all("activities"), "posts": await store.all("posts")}


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


routes = [
    Route("/api/profile/timeline", endpoint(AREA, timeline), methods=["GET"]),
    Route("/api/profile/photos-videos", endpoint(AREA, photos_videos), methods=["GET"]),
    Route("/api/profile/about", endpoint(AREA, about), methods=["GET"]),
]
