"""The dashboard's figures as answered (``GET /dashboard/summary``, app/services/dashboard.py)."""

from __future__ import annotations

from pydantic import Field as PydanticField

from schemas.base import ApiModel
from schemas.options import AssetStatus, DocumentState, LeadStage, Risk
from schemas.users import UserRef


class StatusCount(ApiModel):
    value: AssetStatus
    color: str
    count: int


class RiskCount(ApiModel):
    value: Risk
    count: int


class DueInspection(ApiModel):
    id: int
    tag: str
    name: str
    next_inspection: str | None  # ISO date
    overdue: bool
    status: AssetStatus
    risk: Risk
    assigned_technician_id: int | None


class AssetFigures(ApiModel):
    total: int
    by_status: list[StatusCount]
    by_risk: list[RiskCount]
    inspection_overdue: int
    inspection_due_soon: int
    inspection_horizon_days: int
    inspections: list[DueInspection]  # the next ones due, soonest first


class StageFigures(ApiModel):
    stage: LeadStage
    count: int
    total: float  # the estimated value of the stage's opportunities
    weighted: float  # the same, weighted by probability


class LeadFigures(ApiModel):
    by_stage: list[StageFigures]
    open: int
    pipeline_value: float
    weighted_value: float


class StateCount(ApiModel):
    value: DocumentState
    count: int


class DocumentFigures(ApiModel):
    by_state: list[StateCount]


class RecentChange(ApiModel):
    id: int
    resource: str
    resource_label: str
    record_id: int
    title: str | None
    action: str  # create / update / delete
    at: str  # ISO 8601
    actor: UserRef | None
    fields: list[str] = PydanticField(description="The fields an update changed.")


class DashboardSummary(ApiModel):
    assets: AssetFigures
    leads: LeadFigures
    documents: DocumentFigures
    recent: list[RecentChange]
