"""Validating data against a model, for routes, services and the worker alike (no HTTP here)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, RootModel, ValidationError

from app.errors import invalid, validation_error

Model = TypeVar("Model", bound=BaseModel)


def parse(model: type[Model], data: Any) -> Model:
    """``data`` (a JSON object, or any JSON value for a root model) as ``model``; 422 naming each wrong field."""
    if not isinstance(data, dict) and not issubclass(model, RootModel):
        raise invalid("The body must be a JSON object.")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, model) from exc
