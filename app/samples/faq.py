"""FAQ: GET /api/faq answers the questions with their answers."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Faqs

AREA = "faq"


async def list_faqs(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("faqs")


area = Area(AREA)
routes = [area.get("/api/faq", list_faqs, Faqs)]
