"""Project dashboard: GET /api/project-dashboard-app/widgets and /projects.

Widgets are stored documents keyed by their id (``widget1`` ... ``widget11``, ``weatherWidget``)
and answered as a list in order; their ranges (DY/DT/DTM, TW/LW/2W, T/TM), defaults and figures
come from the sample data (ops/samples/areas/project-dashboard.py).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Projects, Widgets

AREA = "project-dashboard"
PREFIX = "/api/project-dashboard-app"


async def widgets(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """The project dashboard widgets, from due tasks to the weather."""
    return await store.all("widgets")


async def projects(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """The projects of the project selector (id, name)."""
    return [{"id": project["id"], "name": project["name"]} for project in await store.all("projects")]


area = Area(AREA, PREFIX)
routes = [
    area.get("/widgets", widgets, Widgets),
    area.get("/projects", projects, Projects),
]
