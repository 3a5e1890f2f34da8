"""Reading one record and its history (lists: :mod:`app.services.listing`)."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import not_found
from app.services.records.shape import to_public
from app.services.resources import ResourceSpec
from schemas.records import ChangePublic, RecordChange
from schemas.users import User, UserRef


async def user_refs(session: AsyncSession, ids: set[int]) -> dict[int, UserRef]:
    if not ids:
        return {}
    result = await session.exec(select(User).where(col(User.id).in_(ids)))
    return {
        u.id: UserRef(id=u.id, display_name=u.display_name, photo_url=u.photo_url)
        for u in result.all()
        if u.id is not None
    }


async def load(session: AsyncSession, spec: ResourceSpec, record_id: int) -> Any:
    """The record's row; 404 when there is none."""
    record = await session.get(spec.table, record_id)
    if record is None:
        raise not_found(f"No {spec.label} with id {record_id}.")
    return record


async def get_record(*, session: AsyncSession, spec: ResourceSpec, record_id: int) -> dict[str, Any]:
    record = await load(session, spec, record_id)
    return (await to_public(session, spec, [record]))[0]


async def record_history(*, session: AsyncSession, spec: ResourceSpec, record_id: int) -> list[dict[str, Any]]:
    rows = (
        await session.exec(
            select(RecordChange)
            .where(RecordChange.resource == spec.name, RecordChange.record_id == record_id)
            .order_by(col(RecordChange.at).desc(), col(RecordChange.id).desc())
        )
    ).all()
    if not rows and await session.get(spec.table, record_id) is None:
        raise not_found(f"No {spec.label} with id {record_id}.")
    users = await user_refs(session, {r.actor_id for r in rows if r.actor_id is not None})
    return [
        ChangePublic(
            id=r.id or 0,
            resource=r.resource,
            record_id=r.record_id,
            action=r.action,
            actor=users.get(r.actor_id) if r.actor_id is not None else None,
            at=r.at,
            changes=r.changes,
        ).model_dump(mode="json", by_alias=True)
        for r in rows
    ]
