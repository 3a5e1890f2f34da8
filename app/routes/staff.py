"""Read-only views for signed-in staff: the dashboard figures and the staff directory."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import invalid
from app.http import json_response
from app.portal import authenticate, portal_of
from app.services import dashboard, users
from app.services.permissions import require_staff
from schemas.options import Role


async def dashboard_summary(request: Request) -> Response:
    require_staff(await authenticate(request))
    async with portal_of(request).db.reader() as session:
        return json_response(await dashboard.summary(session=session))


async def staff_list(request: Request) -> Response:
    require_staff(await authenticate(request))
    raw = request.query_params.get("role")
    if raw and raw not in {r.value for r in Role}:
        raise invalid(f"Unknown role {raw!r}.", {"role": "Use admin, manager, technician or contractor."})
    portal = portal_of(request)
    async with portal.db.session() as session:
        items = await users.staff_directory(session=session, settings=portal.settings, role=Role(raw) if raw else None)
    return json_response({"items": items})


routes = [
    Route("/dashboard/summary", dashboard_summary, methods=["GET"]),
    Route("/users", staff_list, methods=["GET"]),
]
