"""The technicians' field view and inspections: ``/my-work``, ``/assets/{id}/inspections`` and the
interval between inspections per asset category (``/inspection-intervals``)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.http import json_response, read_model
from app.params import path_int
from app.portal import authenticate, limit, portal_of
from app.services import inspections
from app.services.permissions import require_staff
from schemas.inspections import InspectionInput, IntervalUpdate


async def my_work(request: Request) -> Response:
    """The caller's assigned assets, overdue first then by next inspection (at most 200), with ``today``
    in the inspection time zone."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    async with portal.db.reader() as session:
        return json_response(await inspections.my_work(session, portal.settings, principal))


async def record_inspection(request: Request) -> Response:
    """Inspection done: ``{version, result: GOOD|BAD|POOR, inspectedOn?, note?, documentId?}``. Sets the
    asset's last inspection and status, and its next inspection from the category's interval; the
    asset's history records it. The assigned technician (or a manager); 409 when the asset changed."""
    principal = require_staff(await authenticate(request))
    asset_id = path_int(request)
    await limit(request, "write", principal)
    data = await read_model(request, InspectionInput)
    portal = portal_of(request)
    async with portal.db.session() as session:
        updated = await inspections.record_inspection(
            session=session, settings=portal.settings, asset_id=asset_id, data=data, actor=principal,
            events=portal.events, notifier=portal.notifier,
        )  # fmt: skip
    return json_response(updated)


async def interval_list(request: Request) -> Response:
    """Days between inspections per asset category (an admin's choice, or the default)."""
    require_staff(await authenticate(request))
    async with portal_of(request).db.session() as session:
        return json_response({"items": await inspections.list_intervals(session)})


async def interval_item(request: Request) -> Response:
    """Set one category's interval (``{days}``, 1 to 3650); admins only. Answers every category."""
    principal = require_staff(await authenticate(request))
    category = inspections.category_of(request.path_params["category"])  # 404 before the body is read
    await limit(request, "write", principal)
    data = await read_model(request, IntervalUpdate)
    async with portal_of(request).db.session() as session:
        items = await inspections.set_interval(session, category=category, days=data.days, actor=principal)
    return json_response({"items": items})


routes = [
    Route("/my-work", my_work, methods=["GET"]),
    Route("/assets/{id}/inspections", record_inspection, methods=["POST"]),
    Route("/inspection-intervals", interval_list, methods=["GET"]),
    Route("/inspection-intervals/{category}", interval_item, methods=["PUT"]),
]
