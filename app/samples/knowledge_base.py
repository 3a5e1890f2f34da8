"""Knowledge base: GET /api/knowledge-base answers the categories with their featured articles."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.simple import KnowledgeCategories

AREA = "knowledge-base"


async def list_categories(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("categories")


area = Area(AREA)
routes = [area.get("/api/knowledge-base", list_categories, KnowledgeCategories)]
