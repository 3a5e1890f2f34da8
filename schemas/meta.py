"""Public facts about the API as answered: option lists, signing keys, health and the description."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, JsonValue, RootModel

from schemas.base import ApiModel


class Option(ApiModel):
    value: str
    label: str


class StatusOption(Option):
    color: str


class StageOption(Option):
    probability: int  # the lead probability this stage sets, in percent


class Options(ApiModel):
    """The spec's option lists (``GET /options``)."""

    statuses: list[StatusOption]
    risks: list[Option]
    departments: list[Option]
    stages: list[StageOption]
    document_states: list[Option]
    asset_categories: list[Option]
    roles: list[Option]


class Jwk(BaseModel):
    """A public RSA key access tokens are signed with (RFC 7517)."""

    model_config = ConfigDict(extra="allow")

    kty: str
    n: str
    e: str
    kid: str | None = None


class Jwks(BaseModel):
    keys: list[Jwk]


class Alive(BaseModel):
    status: Literal["ok"]


class Health(BaseModel):
    """``ok`` per dependency, or ``error: <kind>``; ``degraded`` (503) while any is not ok."""

    status: Literal["ok", "degraded"]
    database: str
    redis: str


class Readiness(BaseModel):
    """``ok`` or ``down`` per dependency; ``unavailable`` (503) while any is down."""

    status: Literal["ready", "unavailable"]
    database: str
    redis: str
    queue: str


class OpenApiDocument(RootModel[dict[str, JsonValue]]):
    """This document: OpenAPI 3.1, with the Socket.IO events under ``x-events``."""


class NoBody(BaseModel):
    """Declared as the answer of a call that succeeds with 200 and no body (the template's bulk mail
    and to-do calls): /openapi.json describes the answer without content."""
