"""Views for signed-in staff: the dashboard figures, the staff directory and the portal-wide settings."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import invalid
from app.http import json_response, read_model
from app.portal import authenticate, limit, portal_of
from app.services import dashboard, portal_settings, users
from app.services.permissions import require_staff
from schemas.options import Role
from schemas.users import PortalSettingsUpdate


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


async def settings_item(request: Request) -> Response:
    """The portal-wide settings: ``{templateHidden}`` (the template's sample areas left out of everyone's
    navigation). Any staff member reads them; an admin changes them with ``PATCH {templateHidden}``,
    and every open portal follows at once (Socket.IO event ``portal-settings``)."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    if request.method == "GET":
        async with portal.db.reader() as session:
            return json_response(await portal_settings.get_settings(session))
    await limit(request, "write", principal)
    data = await read_model(request, PortalSettingsUpdate)
    async with portal.db.session() as session:
        updated = await portal_settings.update_settings(session, data=data, actor=principal, events=portal.events)
    return json_response(updated)


routes = [
    Route("/dashboard/summary", dashboard_summary, methods=["GET"]),
    Route("/users", staff_list, methods=["GET"]),
    Route("/portal-settings", settings_item, methods=["GET", "PATCH"]),
]
