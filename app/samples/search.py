"""Global search: GET /api/search answers the results (id, title, url, excerpt).

Without ``q`` it answers the whole list, as the spec's mock did; with ``q`` only the results whose
title or excerpt contains it, ignoring case.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid
from app.samples.common import endpoint
from app.samples.store import SampleStore

AREA = "search"
MAX_QUERY = 200


def _matches(result: dict[str, Any], needle: str) -> bool:
    return any(needle in str(result.get(field) or "").casefold() for field in ("title", "excerpt"))


async def search(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """Search results; ``q`` filters by title or excerpt, case-insensitively."""
    results = await store.all("results")
    query = request.query_params.get("q", "").strip()
    if len(query) > MAX_QUERY:
        raise invalid(f"Search for at most {MAX_QUERY} characters.", {"q": f"Use at most {MAX_QUERY} characters."})
    if not query:
        return results
    needle = query.casefold()
    return [result for result in results if _matches(result, needle)]


routes = [Route("/api/search", endpoint(AREA, search), methods=["GET"])]
