"""Figures for the dashboard: what a manager of an engineering contractor watches, in one answer.

Its cost does not grow with the data: the counts and sums come from ``record_counts`` (kept by the
database's triggers, :mod:`app.services.counts`), the inspection windows from the counts per date,
and the two short lists from indexes ((next_inspection, id) and record_changes (at, id)).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import case, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import counts
from app.services.counts import execute, record_counts
from app.services.records.query import user_refs
from app.services.resources import RESOURCES
from schemas.options import RISK_ORDER, STATUS_COLORS, DocumentState, LeadStage
from schemas.records import Asset, Document, Lead, RecordChange

INSPECTION_HORIZON_DAYS = 30
OPEN_STAGES = [LeadStage.NEW, LeadStage.QUALIFIED, LeadStage.PROPOSAL, LeadStage.NEGOTIATION]


def _money(value: Decimal | float | None) -> float:
    return float(value or 0)


INSPECTIONS_LISTED = 10
_TITLE_COLUMNS: dict[str, tuple[Any, ...]] = {
    "assets": (Asset.id, Asset.tag, Asset.name),
    "leads": (Lead.id, Lead.title),
    "documents": (Document.id, Document.title),
}


def _title_from_changes(change: RecordChange) -> str | None:
    """A deleted record's title, from the snapshot its deletion recorded."""
    values = {field: pair[0] if change.action == "delete" else pair[1] for field, pair in change.changes.items()}
    if change.resource == "assets" and values.get("tag"):
        return f"{values['tag']} {values.get('name') or ''}".strip()
    title = values.get("title")
    return str(title) if title else None


async def _titles(session: AsyncSession, changes: Sequence[RecordChange]) -> dict[tuple[str, int], str]:
    """The current title of each record named in the recent changes (one query per resource)."""
    titles: dict[tuple[str, int], str] = {}
    for resource, columns in _TITLE_COLUMNS.items():
        ids = {c.record_id for c in changes if c.resource == resource}
        if not ids:
            continue
        for row in (await session.exec(select(*columns).where(columns[0].in_(ids)))).all():
            titles[(resource, row[0])] = " ".join(str(part) for part in row[1:])
    return titles


async def _inspection_windows(session: AsyncSession, today: date, horizon: date) -> tuple[int, int]:
    """Assets whose next inspection is overdue, and due within the horizon, from the counts per date."""
    c = record_counts.c
    day = c.value  # 'YYYY-MM-DD': text order is date order
    stmt = select(
        func.coalesce(func.sum(case((day < today.isoformat(), c.n), else_=0)), 0),
        func.coalesce(func.sum(case(((day >= today.isoformat()) & (day <= horizon.isoformat()), c.n), else_=0)), 0),
        func.count(),
        func.count(func.distinct(c.value)),
    ).where(c.resource == "assets", c.field == "next_inspection", c.value.is_not(None))
    overdue, due_soon, pieces, days = (await execute(session, stmt)).one()
    if counts.too_many_pieces(session, int(pieces), int(days)):  # a bulk write left a delta row per day
        await counts.fold(session, "assets")
    return int(overdue), int(due_soon)


async def summary(*, session: AsyncSession, today: date | None = None, recent: int = 12) -> dict[str, Any]:
    today = today or date.today()
    horizon = today + timedelta(days=INSPECTION_HORIZON_DAYS)
    assets = await counts.tally(session, "assets", ["status", "risk"])
    by_status = {str(v): n for v, (n, _a, _w) in assets.by("status").items()}
    by_risk = {str(v): n for v, (n, _a, _w) in assets.by("risk").items()}
    overdue, due_soon = await _inspection_windows(session, today, horizon)
    found = {str(v): figures for v, figures in (await counts.tally(session, "leads", ["stage"])).by("stage").items()}
    stages = [
        {"stage": s.value, "count": found.get(s.value, (0, 0.0, 0.0))[0],
         "total": found.get(s.value, (0, 0.0, 0.0))[1], "weighted": found.get(s.value, (0, 0.0, 0.0))[2]}
        for s in LeadStage
    ]  # fmt: skip
    open_stages = [row for row in stages if row["stage"] in {s.value for s in OPEN_STAGES}]
    by_state = {
        str(v): n for v, (n, _a, _w) in (await counts.tally(session, "documents", ["state"])).by("state").items()
    }
    changes = (
        await session.exec(
            select(RecordChange).order_by(col(RecordChange.at).desc(), col(RecordChange.id).desc()).limit(recent)
        )
    ).all()
    actors = await user_refs(session, {c.actor_id for c in changes if c.actor_id is not None})
    titles = await _titles(session, changes)
    due_rows = (
        await session.exec(
            select(Asset)
            .where(col(Asset.next_inspection) <= horizon)  # a range of the (next_inspection, id) index
            .order_by(col(Asset.next_inspection), col(Asset.id))
            .limit(INSPECTIONS_LISTED)
        )
    ).all()
    return {
        "assets": {
            "total": sum(by_status.values()),
            "byStatus": [
                {"value": s.value, "color": color, "count": by_status.get(s.value, 0)}
                for s, color in STATUS_COLORS.items()
            ],
            "byRisk": [{"value": r.value, "count": by_risk.get(r.value, 0)} for r in RISK_ORDER],
            "inspectionOverdue": int(overdue),
            "inspectionDueSoon": int(due_soon),
            "inspectionHorizonDays": INSPECTION_HORIZON_DAYS,
            "inspections": [
                {
                    "id": a.id,
                    "tag": a.tag,
                    "name": a.name,
                    "nextInspection": a.next_inspection.isoformat() if a.next_inspection else None,
                    "overdue": a.next_inspection is not None and a.next_inspection < today,
                    "status": str(a.status),
                    "risk": str(a.risk),
                    "assignedTechnicianId": a.assigned_technician_id,
                }
                for a in due_rows
            ],
        },
        "leads": {
            "byStage": stages,
            "open": sum(row["count"] for row in open_stages),
            "pipelineValue": sum(row["total"] for row in open_stages),
            "weightedValue": sum(row["weighted"] for row in open_stages),
        },
        "documents": {"byState": [{"value": s.value, "count": by_state.get(s.value, 0)} for s in DocumentState]},
        "recent": [
            {
                "id": c.id,
                "resource": c.resource,
                "resourceLabel": RESOURCES[c.resource].label if c.resource in RESOURCES else c.resource,
                "recordId": c.record_id,
                "title": titles.get((c.resource, c.record_id)) or _title_from_changes(c),
                "action": c.action,
                "at": c.at.isoformat(),
                "actor": actors[c.actor_id].model_dump(mode="json", by_alias=True) if c.actor_id in actors else None,
                "fields": sorted(c.changes) if c.action == "update" else [],
            }
            for c in changes
        ],
    }
