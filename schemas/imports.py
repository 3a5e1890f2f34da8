"""CSV/Excel imports of assets and opportunities: the job's row and its public shape."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import JsonValue
from sqlalchemy import JSON, Column, ForeignKey, Integer, String
from sqlmodel import Field, SQLModel

from schemas.base import ApiModel, UtcDateTime, utcnow


class ImportState(StrEnum):
    VALIDATING = "validating"
    READY = "ready-to-commit"  # a dry run found no error: Import may commit it
    IMPORTING = "importing"
    DONE = "done"
    FAILED = "failed"


FINISHED = (ImportState.READY, ImportState.DONE, ImportState.FAILED)


class ImportJob(SQLModel, table=True):
    """One uploaded file, validated and (unless a dry run) written in one transaction by a worker."""

    __tablename__ = "import_jobs"

    id: str = Field(sa_column=Column(String(32), primary_key=True))
    resource: str = Field(sa_column=Column(String(16), nullable=False))
    actor_id: int | None = Field(
        default=None, sa_column=Column(Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    )
    state: ImportState = Field(sa_column=Column(String(16), nullable=False))
    dry_run: bool = False
    update_existing: bool = False
    file_name: str = Field(max_length=255)
    file_key: str | None = Field(default=None, max_length=200)
    file_format: str = Field(max_length=8)
    size: int = 0
    # the column mapping asked for: {header: field name or "" to leave the column out}
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    total_rows: int | None = None
    processed_rows: int = 0
    created_count: int = 0
    updated_count: int = 0
    error_count: int = 0
    errors: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # headers, the mapping used, the importable fields and the first rows, for the page's preview
    preview: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    message: str | None = Field(default=None, max_length=500)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime, index=True)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


# --- public shapes --------------------------------------------------------------------------------


class ImportRowError(ApiModel):
    """A problem of one row (or of the file: no row), named by column and field where known."""

    row: int | None
    column: str | None
    field: str | None
    message: str


class ImportJobPublic(ApiModel):
    """An import as the page follows it (``POST /<resource>/import``, ``GET /imports/{id}``)."""

    job_id: str
    resource: str
    state: ImportState
    dry_run: bool
    update_existing: bool
    file_name: str
    format: str
    size: int
    total_rows: int | None
    processed_rows: int
    progress: dict[str, JsonValue] | None  # the worker's live figures while it runs
    created: int
    updated: int
    error_count: int
    errors: list[ImportRowError]
    preview: dict[str, JsonValue]  # headers, the mapping used, the importable fields and the first rows
    mapping: dict[str, str | None]  # header -> field name (empty or null leaves the column out)
    message: str | None
    created_at: str  # ISO 8601
    finished_at: str | None
