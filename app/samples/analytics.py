"""Analytics dashboard: GET /api/analytics-dashboard-app/widgets answers widgets 1 to 9.

Each widget is one stored document (id ``widget1`` ... ``widget9``); the answer is the list in
order. Range switches are data: a widget with ``ranges`` keeps its chart per range in
``mainChart[range]`` with that range's own labels and datasets.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Widgets

AREA = "analytics"


async def widgets(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """The analytics widgets 1 to 9: line, bar, doughnut and map data and the top-campaigns table."""
    return await store.all("widgets")


area = Area(AREA)
routes = [area.get("/api/analytics-dashboard-app/widgets", widgets, Widgets)]
