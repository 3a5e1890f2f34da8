"""Storage for the template's sample areas (mail, notes, to-do, scrumboard, ...).

Each sample entity is a JSON document in one table, keyed by area, kind and the entity's own id,
with a position for the orders the spec cares about (new notes first, cards appended...). The
rules of each area live in its module under ``app/samples``; this table only keeps the data,
shared by every API process and surviving restarts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Float, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from schemas.base import UtcDateTime, utcnow


class SampleItem(SQLModel, table=True):
    __tablename__ = "sample_items"
    __table_args__ = (UniqueConstraint("area", "kind", "key", name="uq_sample_items_area_kind_key"),)

    id: int | None = Field(default=None, primary_key=True)
    area: str = Field(sa_column=Column(String(40), nullable=False, index=True))
    kind: str = Field(sa_column=Column(String(40), nullable=False))
    key: str = Field(sa_column=Column(String(120), nullable=False))
    position: float = Field(default=0, sa_column=Column(Float, nullable=False))
    owner_id: int | None = Field(default=None, index=True)  # set for per-user data (quick panel notes...)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
