"""Academy sample area: every call of /api/academy-app and its rules (save replaces or adds, update merges)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from tests.samples.calls import AreaCalls

pytestmark = pytest.mark.db

calls = AreaCalls("academy", "/api/academy-app", who="technician", kind="courses")
AREA, API = calls.area, calls.api
get, post, stored = calls.get, calls.post, calls.stored


async def test_categories(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    categories = await get(client, who, "categories")
    assert [c["value"] for c in categories] == ["web", "firebase", "cloud", "android"]
    assert [c["label"] for c in categories] == ["Web", "Firebase", "Cloud", "Android"]
    assert all(c["color"].startswith("#") for c in categories)
    assert len({c["id"] for c in categories}) == 4


async def test_courses_are_listed_without_steps(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    courses = await get(client, who, "courses")
    everything = await stored(app)
    assert len(courses) >= 10
    assert courses == [{k: v for k, v in c.items() if k != "steps"} for c in everything]
    assert all("steps" not in c for c in courses)
    fields = {"id", "title", "slug", "description", "category", "length", "totalSteps", "activeStep", "updated"}
    assert all(fields <= set(c) for c in courses)
    assert {c["category"] for c in courses} == {"web", "firebase", "cloud", "android"}


async def test_one_course_with_its_html_steps(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    for summary in await get(client, who, "courses"):
        course = await get(client, who, "course", courseId=summary["id"])
        assert {k: v for k, v in course.items() if k != "steps"} == summary
        assert len(course["steps"]) == course["totalSteps"] >= 4
        assert all(step["content"].startswith("<h1>") and step["title"] for step in course["steps"])


@pytest.mark.parametrize("params", [{"courseId": "no-such-course"}, {}])
async def test_unknown_course_answers_an_empty_body(
    params: dict[str, str], client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    response = await client.get(f"{API}/course", headers=who, params=params)
    assert response.status_code == 200 and response.content == b""


async def test_save_replaces_the_course_with_the_same_id(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    await calls.saves_in_place(app, client, who, "course/save", 2, title="Basics of React, revised", activeStep=1)


async def test_save_adds_an_unknown_course_at_the_end(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    steps = [{"id": "0", "title": "Introduction", "content": "<h1>Hello</h1>"}]
    course = {"id": "new-course", "title": "Kotlin Coroutines", "category": "android", "steps": steps, "x-extra": 1}
    response = await post(client, who, "course/save", course)
    assert response.status_code == 200, response.text
    saved = response.json()
    # Unknown fields are dropped (issue 15: nothing unchecked is stored and sent to everyone).
    assert saved["id"] == "new-course" and saved["steps"] == steps and "x-extra" not in saved
    assert saved["totalSteps"] == 1 and saved["activeStep"] == 0 and saved["length"] == 0
    after = await stored(app)
    assert after[:-1] == before and after[-1] == saved
    assert (await get(client, who, "course", courseId="new-course")) == saved


@pytest.mark.parametrize(
    "body",
    [
        {"title": "No id", "category": "web"},
        {"id": "c1", "category": "web"},
        {"id": "c1", "title": "", "category": "web"},
        {"id": "c1", "title": "T", "category": "web", "length": "30"},
        {"id": "c1", "title": "T", "category": "web", "activeStep": -1},
        {"id": "c1", "title": "T", "category": "ios"},
        {"id": "c1", "title": "T", "category": "web", "steps": [{"id": "0", "title": "No content"}]},
        {"id": 5, "title": "T", "category": "web"},
        ["not", "an", "object"],
    ],
)
async def test_a_malformed_save_changes_nothing(
    body: Any, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    response = await post(client, who, "course/save", body)
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == before


async def test_update_merges_into_the_matching_course(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    target = before[0]
    body = {"id": target["id"], "activeStep": 3}
    response = await post(client, who, "course/update", {**body, "progress": {"started": True}})
    assert response.status_code == 200, response.text
    assert response.json() == body  # the body, as the mock answered, without the unknown field
    after = await stored(app)
    assert after[0] == {**target, "activeStep": 3}  # merged; the unknown field is not stored
    assert after[1:] == before[1:]
    await post(client, who, "course/update", {"id": target["id"], "description": "Revised."})
    assert (await stored(app))[0] == {**target, "activeStep": 3, "description": "Revised."}


async def test_update_of_an_unknown_course_changes_nothing(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    body = {"id": "no-such-course", "activeStep": 2}
    response = await post(client, who, "course/update", body)
    assert response.status_code == 200 and response.json() == body
    assert await stored(app) == before


@pytest.mark.parametrize(
    "body",
    [
        {"activeStep": 2},
        {"id": "", "activeStep": 2},
        {"id": "ID", "activeStep": "2"},
        {"id": "ID", "title": None},
        {"id": "ID", "category": "ios"},
        {"id": "ID", "steps": "none"},
    ],
)
async def test_a_malformed_update_changes_nothing(
    body: dict[str, Any], app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    if body.get("id") == "ID":
        body = {**body, "id": before[0]["id"]}
    response = await post(client, who, "course/update", body)
    assert response.status_code == 422, response.text
    assert await stored(app) == before


test_every_call_needs_a_staff_token = calls.staff_only()
