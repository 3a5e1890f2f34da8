"""FAQ: GET /api/faq answers the questions with their answers."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.samples.common import endpoint
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Faqs

AREA = "faq"


async def list_faqs(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("faqs")


routes = [Route("/api/faq", endpoint(AREA, list_faqs, answer=Faqs), methods=["GET"])]
