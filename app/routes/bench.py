"""The limit for the list benchmark: the same JSON as ``GET /assets?...``, answered from memory.

``./ops/bench`` compares the real list with this route on the same server processes, so the table
shows how far the database path is from what the HTTP stack alone can do. Mounted only when
``BENCH_ROUTES`` is on, and never in production (``Settings.bench_routes_enabled``).
"""

from __future__ import annotations

import orjson
from starlette.responses import Response

from app.portal import authenticate, portal_of
from app.routes.endpoint import OWN_TOKEN, Call, route
from app.services import listing
from app.services.permissions import require_staff
from app.services.resources import ASSETS

_ANSWERS: dict[str, bytes] = {}  # query string -> the list's JSON, filled by the first call


async def assets_from_memory(call: Call) -> Response:
    """Benchmarks only: the assets list answered from memory after the first (checked) call."""
    request = call.request
    key = request.url.query
    body = _ANSWERS.get(key)
    if body is None:  # the first call per process takes the real path, once
        require_staff(await authenticate(request))  # once per process: see the module's docstring
        query = listing.parse_list_query(ASSETS, call.query(listing.query_model(ASSETS)))
        async with portal_of(request).db.session() as session:
            answer = await listing.list_records(session=session, spec=ASSETS, query=query)
        body = _ANSWERS[key] = orjson.dumps(answer)
    return Response(body, media_type="application/json")


routes = [
    route(
        "/_bench/assets-from-memory",
        assets_from_memory,
        ["GET"],
        rule=OWN_TOKEN,
        query=listing.query_model(ASSETS),
    )
]
