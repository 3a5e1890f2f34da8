"""Views for signed-in staff: the dashboard figures, the staff directory and the portal-wide settings."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.responses import Response

from app.http import answer_response
from app.routes.endpoint import STAFF, Call, route
from app.services import dashboard, portal_settings, users
from schemas.dashboard import DashboardSummary
from schemas.users import PortalSettings, PortalSettingsUpdate, StaffDirectory, StaffQuery

DASHBOARD_SOURCES = ("assets", "documents", "leads")


async def dashboard_summary(call: Call) -> Response:
    """Kept per process while assets, leads and documents are unchanged (their history rows, counts and
    the users they name are written in the same transactions), and for the day it was made: the
    inspection windows move with the date."""
    today = date.today()

    async def read_summary() -> dict[str, Any]:
        async with call.portal.db.reader() as session:
            return await dashboard.summary(session=session, today=today)

    answer = await call.portal.answers.respond(
        call.request.headers.get("if-none-match"),
        call.principal,
        DASHBOARD_SOURCES,
        ("dashboard", today.isoformat()),
        read_summary,
    )
    return answer_response(answer)


async def staff_list(call: Call) -> Any:
    role = call.query(StaffQuery).role
    return {"items": await users.staff_directory(session=call.session, settings=call.portal.settings, role=role)}


async def settings_item(call: Call) -> Any:
    """The portal-wide settings: ``{templateHidden}`` (the template's sample areas left out of everyone's
    navigation). Any staff member reads them; an admin changes them with ``PATCH {templateHidden}``,
    and every open portal follows at once (Socket.IO event ``portal-settings``)."""
    if call.request.method == "GET":
        async with call.portal.db.reader() as session:
            return await portal_settings.get_settings(session)
    await call.limit("write")
    data = await call.body(PortalSettingsUpdate)
    async with call.portal.db.session() as session:
        return await portal_settings.update_settings(
            session, data=data, actor=call.principal, events=call.portal.events
        )


routes = [
    route("/dashboard/summary", dashboard_summary, ["GET"], rule=STAFF, answer=DashboardSummary),
    route("/users", staff_list, ["GET"], rule=STAFF, session="write", query=StaffQuery, answer=StaffDirectory),
    route(
        "/portal-settings",
        settings_item,
        ["GET", "PATCH"],
        rule=STAFF,
        body=PortalSettingsUpdate,
        answer=PortalSettings,
    ),
]
