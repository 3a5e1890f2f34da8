"""``GET /search?q=``: records for the toolbar's search box (the sample area's /api/search stays as it is)."""

from __future__ import annotations

from typing import Any

from app.errors import invalid
from app.routes.endpoint import STAFF, Call, route
from app.services import search as search_service
from app.services.listing import MAX_Q_CHARS
from schemas.records import SearchQuery, SearchResults


async def search(call: Call) -> Any:
    """Assets, opportunities and documents matching every word of ``q``, at most 10 of each, best first."""
    q = call.query(SearchQuery).q.strip()
    if len(q) > MAX_Q_CHARS:
        raise invalid(f"Search for at most {MAX_Q_CHARS} characters.", {"q": f"At most {MAX_Q_CHARS} characters."})
    if not q:
        return {"q": "", "groups": []}
    return await search_service.search(db=call.portal.db, principal=call.principal, q=q)


routes = [route("/search", search, ["GET"], rule=STAFF, query=SearchQuery, answer=SearchResults)]
