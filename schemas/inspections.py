"""Inspections: the interval per asset category, the daily notices' once-a-day keys, and the API models."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field as PydanticField
from sqlalchemy import Column, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from schemas.base import DB_INT_MAX, ApiInput, ApiModel, UtcDateTime, utcnow
from schemas.options import AssetCategory, InspectionResult
from schemas.records import AssetPublic

MAX_INTERVAL_DAYS = 3650

#: days between inspections when an admin has not set a category's interval (inspection_intervals)
DEFAULT_INTERVAL_DAYS: dict[AssetCategory, int] = {
    AssetCategory.LIFTING: 180,  # lifting gear: every six months, as the usual regulations ask
    AssetCategory.VEHICLE: 90,
    AssetCategory.POWER: 180,
    AssetCategory.TEST_EQUIPMENT: 365,  # calibration once a year
    AssetCategory.INSTRUMENTATION: 365,
    AssetCategory.TOOLING: 365,
    AssetCategory.IT_HARDWARE: 365,
    AssetCategory.DEVELOPMENT_BOARD: 365,
}


class InspectionInterval(SQLModel, table=True):
    """An admin's choice of days between inspections for one asset category."""

    __tablename__ = "inspection_intervals"

    category: str = Field(sa_column=Column(String(40), primary_key=True))
    days: int
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_by_id: int | None = Field(
        default=None, sa_column=Column(Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    )


class DailyNotice(SQLModel, table=True):
    """A notice of the daily inspection run, sent once: the unique key (day, kind, subject) decides, so a
    second run of the same day (two workers, a retry) finds it taken and sends nothing again."""

    __tablename__ = "daily_notices"
    __table_args__ = (UniqueConstraint("day", "kind", "subject_id", name="uq_daily_notices_day_kind_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    day: date = Field(sa_column=Column(Date, nullable=False))
    kind: str = Field(sa_column=Column(String(24), nullable=False))  # due (an asset) / summary / mail (a user)
    subject_id: int  # the asset, or the user the summary or mail is for
    user_id: int = Field(sa_column=Column(Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


# --- API models -----------------------------------------------------------------------------------


class InspectionInput(ApiInput):
    """ "Inspection done": what was found, when, a note and an optional photo (a document of the asset)."""

    version: int = PydanticField(ge=1, le=DB_INT_MAX)  # the asset's version the technician saw
    inspected_on: date | None = None  # default: today in the inspection time zone; never in the future
    result: InspectionResult
    note: str | None = PydanticField(default=None, max_length=2000)
    document_id: int | None = PydanticField(default=None, ge=1, le=DB_INT_MAX)


class IntervalPublic(ApiModel):
    category: AssetCategory
    days: int
    default_days: int
    custom: bool


class Intervals(ApiModel):
    items: list[IntervalPublic]


class MyWork(ApiModel):
    """The caller's assigned assets (``GET /my-work``): at most 200 of ``total``."""

    items: list[AssetPublic]
    total: int
    today: date  # in the inspection time zone


class IntervalUpdate(ApiInput):
    days: int = PydanticField(ge=1, le=MAX_INTERVAL_DAYS)
