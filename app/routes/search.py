"""``GET /search?q=``: records for the toolbar's search box (the sample area's /api/search stays as it is)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import invalid
from app.http import json_response
from app.portal import authenticate, portal_of
from app.services import search as search_service
from app.services.listing import MAX_Q_CHARS
from app.services.permissions import require_staff


async def search(request: Request) -> Response:
    """Assets, opportunities and documents matching every word of ``q``, at most 10 of each, best first."""
    principal = require_staff(await authenticate(request))
    q = (request.query_params.get("q") or "").strip()
    if len(q) > MAX_Q_CHARS:
        raise invalid(f"Search for at most {MAX_Q_CHARS} characters.", {"q": f"At most {MAX_Q_CHARS} characters."})
    if not q:
        return json_response({"q": "", "groups": []})
    return json_response(await search_service.search(db=portal_of(request).db, principal=principal, q=q))


routes = [Route("/search", search, methods=["GET"])]
