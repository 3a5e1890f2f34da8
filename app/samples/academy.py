"""Academy sample area (``/api/academy-app``): course categories and courses made of HTML steps.

Rules from the spec: the course list leaves the steps out; ``course/save`` replaces the course with
the same id or adds it, and answers the course; ``course/update`` merges the body into the matching
course and answers the body. An unknown ``courseId`` answers 200 with an empty body, as the mock did.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from app.errors import invalid
from app.samples.common import Area, no_body
from app.samples.store import SampleStore
from app.validation import parse
from schemas.sample_areas.academy import AcademyCategories, Course, CourseChanges, CourseQuery, Courses

AREA = "academy"
PREFIX = "/api/academy-app"


def merge(target: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """Deep merge of objects. Lists are replaced, not merged by index, so fewer steps means fewer steps."""
    merged = dict(target)
    for key, value in changes.items():
        current = merged.get(key)
        merged[key] = merge(current, value) if isinstance(current, dict) and isinstance(value, dict) else value
    return merged


async def check_category(store: SampleStore, category: str) -> None:
    values = {item["value"] for item in await store.all("categories")}
    if category not in values:
        raise invalid(f"Unknown category: {category}.", {"category": f"Use one of: {', '.join(sorted(values))}."})


async def list_categories(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("categories")


async def list_courses(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return [{k: v for k, v in course.items() if k != "steps"} for course in await store.all("courses")]


async def get_course(_request: Request, store: SampleStore, query: CourseQuery) -> dict[str, Any] | Response:
    course_id = query.course_id
    course = await store.get("courses", course_id) if course_id else None
    return course if course is not None else no_body()


async def save_course(request: Request, store: SampleStore, course: Course) -> dict[str, Any]:
    await check_category(store, course.category)
    data = course.model_dump(mode="json")
    if "totalSteps" not in course.model_fields_set:
        data["totalSteps"] = len(course.steps)
    return await store.put("courses", course.id, data)


async def update_course(request: Request, store: SampleStore, body: CourseChanges) -> dict[str, Any]:
    changes = body.model_dump(mode="json", exclude_unset=True)
    if "category" in changes:
        await check_category(store, body.category)
    current = await store.get("courses", body.id)
    if current is not None:  # an unknown id changes nothing; the mock answered the body all the same
        merged = parse(Course, merge(current, changes)).model_dump(mode="json")
        await store.put("courses", body.id, merged)
    return changes


area = Area(AREA, PREFIX)
routes = [
    area.get("/categories", list_categories, AcademyCategories),
    area.get("/courses", list_courses, Courses),
    area.get("/course", get_course, Course, query=CourseQuery),
    area.post("/course/save", save_course, Course, body=Course),
    area.post("/course/update", update_course, CourseChanges, body=CourseChanges),
]
