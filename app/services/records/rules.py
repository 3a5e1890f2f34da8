"""What a record must satisfy before it is written: whole-record validation, references, unique
values, and an opportunity's probability following its stage."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from sqlalchemy import func
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import invalid, validation_error
from app.services.resources import RESOURCES, ResourceSpec
from schemas.options import STAGE_PROBABILITY, LeadStage, UserState
from schemas.users import User

#: bookkeeping columns written beside a field, never shown in a record's history on their own
UNLOGGED = frozenset({"probability_manual"})


def validate_whole(spec: ResourceSpec, values: Mapping[str, Any]) -> None:
    """Check the record as it would be after the write (cross-field rules live on the create model)."""
    fields = spec.create_model.model_fields
    try:
        spec.create_model.model_validate({k: v for k, v in values.items() if k in fields})
    except ValidationError as exc:
        raise validation_error(exc) from exc


async def check_references(
    session: AsyncSession, spec: ResourceSpec, values: Mapping[str, Any], record_id: int | None
) -> None:
    errors: dict[str, str] = {}
    for column in spec.user_refs:
        if column in ("created_by_id", "updated_by_id") or values.get(column) is None:
            continue
        user = await session.get(User, values[column])
        if user is None or user.state == UserState.DISABLED:
            errors[to_camel(column)] = f"No active user with id {values[column]}."
    for column, resource in spec.record_refs.items():
        if values.get(column) is None:
            continue
        if await session.get(RESOURCES[resource].table, values[column]) is None:
            errors[to_camel(column)] = f"No {RESOURCES[resource].label} with id {values[column]}."
    for column in spec.unique_columns:
        value = values.get(column)
        if value is None:
            continue
        # Without regard to case, as the unique index on lower(column) (migration 3e7c1a9d5b20).
        stmt = select(spec.table).where(func.lower(getattr(spec.table, column)) == func.lower(value))
        if record_id is not None:
            stmt = stmt.where(spec.table.id != record_id)  # type: ignore[attr-defined]
        taken = (await session.exec(stmt)).first()
        if taken is not None:
            errors[to_camel(column)] = (
                f"'{value}' is already used by another {spec.label} ('{getattr(taken, column)}'); "
                f"{to_camel(column)}s are compared without regard to case."
            )
    if errors:
        raise invalid("Check the highlighted fields. " + "; ".join(f"{k}: {v}" for k, v in errors.items()), errors)


def stage_probability(lead: Any, requested: dict[str, Any]) -> dict[str, Any]:
    """An opportunity's probability follows its stage unless a person set it by hand.

    A probability given (and different from the stored one) is by hand when it is not the stage's
    default; a move to another stage without one takes the new stage's default, unless the stored
    probability was set by hand (then it stays: the UI asks the person which they want)."""
    stage = LeadStage(requested.get("stage") or lead.stage)
    default = STAGE_PROBABILITY[stage]
    probability = requested.get("probability")
    if probability is not None and probability != lead.probability:
        return {**requested, "probability_manual": probability != default}
    if requested.get("stage") not in (None, lead.stage) and not lead.probability_manual:
        return {**requested, "probability": default, "probability_manual": False}
    return requested


def by_hand(spec: ResourceSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """A new opportunity's probability is by hand when it is not its stage's default."""
    if spec.name != "leads":
        return {}
    return {"probability_manual": values["probability"] != STAGE_PROBABILITY[LeadStage(values["stage"])]}
