"""The technicians' field view and inspections: ``/my-work``, ``/assets/{id}/inspections`` and the
interval between inspections per asset category (``/inspection-intervals``)."""

from __future__ import annotations

from typing import Any

from app.params import path_int
from app.routes.endpoint import Call, staff
from app.services import inspections
from schemas.inspections import InspectionInput, Intervals, IntervalUpdate, MyWork
from schemas.records import AssetPublic


async def my_work(call: Call) -> Any:
    """The caller's assigned assets, overdue first then by next inspection (at most 200), with ``today``
    in the inspection time zone."""
    return await inspections.my_work(call.session, call.portal.settings, call.principal)


async def record_inspection(call: Call) -> Any:
    """Inspection done: ``{version, result: GOOD|BAD|POOR, inspectedOn?, note?, documentId?}``. Sets the
    asset's last inspection and status, and its next inspection from the category's interval; the
    asset's history records it. The assigned technician (or a manager); 409 when the asset changed."""
    asset_id = path_int(call.request)
    await call.limit("write")
    data = await call.body(InspectionInput)
    portal = call.portal
    return await inspections.record_inspection(
        session=call.session, settings=portal.settings, asset_id=asset_id, data=data, actor=call.principal,
        events=portal.events, notifier=portal.notifier,
    )  # fmt: skip


async def interval_list(call: Call) -> Any:
    """Days between inspections per asset category (an admin's choice, or the default)."""
    return {"items": await inspections.list_intervals(call.session)}


async def interval_item(call: Call) -> Any:
    """Set one category's interval (``{days}``, 1 to 3650); admins only. Answers every category."""
    category = inspections.category_of(call.path_params["category"])  # 404 before the body is read
    await call.limit("write")
    data = await call.body(IntervalUpdate)
    items = await inspections.set_interval(call.session, category=category, days=data.days, actor=call.principal)
    return {"items": items}


routes = [
    staff("/my-work", my_work, ["GET"], session="read", answer=MyWork),
    staff(
        "/assets/{id}/inspections",
        record_inspection,
        ["POST"],
        body=InspectionInput,
        answer=AssetPublic,  # the asset with its inspection recorded
    ),
    staff("/inspection-intervals", interval_list, ["GET"], answer=Intervals),
    staff(
        "/inspection-intervals/{category}",
        interval_item,
        ["PUT"],
        body=IntervalUpdate,
        answer=Intervals,
    ),
]
