"""The public shape of a record (``<Entity>Public`` as JSON): the one builder every answer and push uses.

A record reaches its public shape from a table row (an item, a write, a push) or from a list query's
positional row with the referenced people joined in (:mod:`app.services.listing`); both go through
:func:`build`. ``tests/test_public_shape.py`` checks the result equals the public model's own JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from pydantic.alias_generators import to_camel
from sqlalchemy import Date, DateTime, Numeric, TypeDecorator
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.resources import RESOURCES, ResourceSpec
from schemas.users import User

Row = TypeVar("Row")


def plain(value: Any) -> Any:
    """A JSON-friendly form of a column value, for history entries."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def json_value(value: Any) -> Any:
    """What the public model would answer for a column value, without building the model."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def person(user_id: int, display_name: str | None, photo_url: str | None) -> dict[str, Any]:
    """A referenced user as ``UserRef``'s JSON."""
    return {"id": user_id, "displayName": display_name, "photoURL": photo_url}


def _converter(column: Any, annotation: Any) -> Callable[[Any], Any] | None:
    """The conversion a column's values need for JSON, chosen once per column (None: none needed)."""
    kind = column.type.impl if isinstance(column.type, TypeDecorator) else column.type
    if isinstance(kind, (DateTime, Date, Numeric)) or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return json_value
    return None


@cache
def public_columns(resource: str) -> tuple[tuple[str, str, Callable[[Any], Any] | None], ...]:
    """(column, camelCase key, converter) for every field of the public model that is a table column."""
    spec = RESOURCES[resource]
    columns = spec.table.__table__.columns  # type: ignore[attr-defined]
    return tuple(
        (name, field.alias or name, _converter(columns[name], field.annotation))
        for name, field in spec.public_model.model_fields.items()
        if name in columns
    )


@cache
def user_ref_keys(resource: str) -> tuple[tuple[str, str], ...]:
    """(column, camelCase key) of every user a record refers to (owner, technician, createdBy...)."""
    return tuple((column, to_camel(name)) for column, name in RESOURCES[resource].user_refs.items())


#: computed fields: (key, column) -> the key is true when the column holds a value
_PRESENCE: dict[str, tuple[tuple[str, str], ...]] = {
    "documents": (("hasFile", "storage_key"), ("hasThumbnail", "thumbnail_key")),
}


def build(
    resource: str,
    rows: Iterable[Row],
    read: Callable[[Row, str], Any],
    people: Callable[[Row, str, int], dict[str, Any] | None],
) -> list[dict[str, Any]]:
    """Rows in their public shape. ``read(row, column)`` answers a column's value; ``people(row,
    column, user_id)`` the referenced user's JSON (lists join them in, single rows look them up)."""
    columns = public_columns(resource)
    refs = user_ref_keys(resource)
    presence = _PRESENCE.get(resource, ())
    items = []
    for row in rows:
        data = {}
        for name, key, convert in columns:
            value = read(row, name)
            data[key] = value if convert is None or value is None else convert(value)
        for column, key in refs:
            owner = read(row, column)
            data[key] = None if owner is None else people(row, column, owner)
        for key, column in presence:
            data[key] = read(row, column) is not None
        items.append(data)
    return items


async def to_public(session: AsyncSession, spec: ResourceSpec, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """Table rows in their public shape, the people they refer to read in one query."""
    refs = user_ref_keys(spec.name)
    ids = {getattr(row, column) for row in rows for column, _ in refs} - {None}
    users: dict[int, dict[str, Any]] = {}
    if ids:  # UserRef's JSON, built from three columns (not whole User objects)
        found = await session.exec(select(User.id, User.display_name, User.photo_url).where(col(User.id).in_(ids)))
        users = {uid: person(uid, name, photo) for uid, name, photo in found.all() if uid}
    return build(spec.name, rows, getattr, lambda _row, _column, uid: users.get(uid))
