"""Icon catalogue: GET /api/icons answers the full list (1013 entries, about 150 KB of JSON).

Nothing in the API changes the catalogue, so each process encodes it once, on the first read
that finds it loaded, and answers the same bytes afterwards. A `samples reload` rewrites the same
committed data, so the cached answer stays right.
"""

from __future__ import annotations

import orjson
from starlette.requests import Request
from starlette.responses import Response

from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Icons

AREA = "icons"

_encoded: bytes | None = None


async def catalogue(store: SampleStore) -> bytes:
    global _encoded
    if _encoded is None:
        icons = await store.all("icons")
        if not icons:  # not loaded yet: do not remember an empty catalogue
            return b"[]"
        _encoded = orjson.dumps(icons)
    return _encoded


def forget() -> None:
    """Drop the cached answer (tests that reload the area with other data)."""
    global _encoded
    _encoded = None


async def list_icons(_request: Request, store: SampleStore) -> Response:
    return Response(await catalogue(store), media_type="application/json")


area = Area(AREA)
routes = [area.get("/api/icons", list_icons, Icons)]
