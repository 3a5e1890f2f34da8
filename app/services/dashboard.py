"""Figures for the dashboard: what a manager of an engineering contractor watches, in one answer."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import case, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.records import user_refs
from app.services.resources import RESOURCES
from schemas.options import RISK_ORDER, STATUS_COLORS, DocumentState, LeadStage
from schemas.records import Asset, Document, Lead, RecordChange

INSPECTION_HORIZON_DAYS = 30
OPEN_STAGES = [LeadStage.NEW, LeadStage.QUALIFIED, LeadStage.PROPOSAL, LeadStage.NEGOTIATION]


async def _counts(session: AsyncSession, column: Any) -> dict[str, int]:
    rows = (await session.exec(select(column, func.count()).group_by(column))).all()
    return {str(value): int(count) for value, count in rows}


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


async def summary(*, session: AsyncSession, today: date | None = None, recent: int = 12) -> dict[str, Any]:
    today = today or date.today()
    horizon = today + timedelta(days=INSPECTION_HORIZON_DAYS)
    by_status = await _counts(session, Asset.status)
    by_risk = await _counts(session, Asset.risk)
    inspection = col(Asset.next_inspection)
    overdue, due_soon = (
        await session.exec(
            select(
                func.count(case((inspection < today, 1))),
                func.count(case(((inspection >= today) & (inspection <= horizon), 1))),
            )
        )
    ).one()
    stage_rows = (
        await session.exec(
            select(
                Lead.stage,
                func.count(),
                func.sum(Lead.estimated_value),
                func.sum(Lead.estimated_value * Lead.probability / 100),
            ).group_by(Lead.stage)
        )
    ).all()
    found = {str(stage): (int(count), _money(value), _money(weighted)) for stage, count, value, weighted in stage_rows}
    stages = [
        {"stage": s.value, "count": found.get(s.value, (0, 0.0, 0.0))[0],
         "total": found.get(s.value, (0, 0.0, 0.0))[1], "weighted": found.get(s.value, (0, 0.0, 0.0))[2]}
        for s in LeadStage
    ]  # fmt: skip
    open_stages = [row for row in stages if row["stage"] in {s.value for s in OPEN_STAGES}]
    by_state = await _counts(session, Document.state)
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
            .where(col(Asset.next_inspection).is_not(None), col(Asset.next_inspection) <= horizon)
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
