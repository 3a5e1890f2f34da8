"""Figures for the dashboard: what a manager of an engineering contractor watches, in one answer."""

from __future__ import annotations

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
                "action": c.action,
                "at": c.at.isoformat(),
                "actor": actors[c.actor_id].model_dump(mode="json", by_alias=True) if c.actor_id in actors else None,
                "fields": sorted(c.changes) if c.action == "update" else [],
            }
            for c in changes
        ],
    }
