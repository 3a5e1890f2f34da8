"""Shared building blocks for tables and API models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from sqlalchemy import DateTime, TypeDecorator
from sqlalchemy.engine import Dialect

# PostgreSQL `integer` (int4), the type of every id and count column; SQLite holds 64 bits, so a
# number within these bounds fits both. Beyond them the database refuses the statement: a 500.
DB_INT_MAX = 2_147_483_647
DB_INT_MIN = -DB_INT_MAX - 1


def utcnow() -> datetime:
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """Timestamps stored in UTC and always read back timezone-aware (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


CAMEL = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class ApiModel(BaseModel):
    """Request and response bodies: camelCase on the wire, snake_case in Python."""

    model_config = CAMEL


class ApiInput(ApiModel):
    """A request body: unknown fields are refused so typos do not vanish silently."""

    model_config = ConfigDict(**CAMEL, extra="forbid", str_strip_whitespace=True)
