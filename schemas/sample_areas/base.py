"""What every sample area's models share: the strict body base, text limits and the common answers."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    RootModel,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from schemas.query import QueryModel

# Text fields are at most this long unless a field says otherwise (long text, pictures as data URLs).
MAX_TEXT = 10_000
LONG_TEXT = 50_000
PICTURE = 600_000  # a picture the UI scaled down and sent as a JPEG data URL (about 450 KB)


class SampleModel(BaseModel):
    """A sample entity as the spec shapes it: known fields checked strictly, unknown fields dropped.

    Strict: "true" is not a boolean and "1" is not an id, so a malformed body is a 422 instead of
    being coerced into something the page did not mean. Unknown fields are dropped, not stored:
    what is stored is sent to every staff member, so only the fields the pages use (every field of
    ui/src/features/<area>/api.ts) are kept, each with a length limit.
    Fields named in ``omit_when_none`` are left out of the stored document when they are None, as
    the pages send them (optional there, never null).
    """

    model_config = ConfigDict(extra="ignore", populate_by_name=True, strict=True, str_max_length=MAX_TEXT)
    omit_when_none: ClassVar[frozenset[str]] = frozenset()

    # No return annotation on purpose: with one (Any), pydantic describes every answer of a sample
    # model as "any value"; without, /openapi.json describes the model's own fields.
    @model_serializer(mode="wrap")
    def _without_absent(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data = handler(self)
        if self.omit_when_none and isinstance(data, dict):
            return {k: v for k, v in data.items() if not (k in self.omit_when_none and v is None)}
        return data


class Stored(BaseModel):
    """A sample document answered as the committed sample data holds it (ops/samples/areas): the
    fields named are always there; dashboards and catalogues carry more, described by the page."""

    model_config = ConfigDict(extra="allow")


class Keyed(Stored):
    """A stored sample document with its id."""

    id: str | int


class Removed(BaseModel):
    """The id of what a call removed."""

    id: str | int


class Handled(Keyed):
    """A folder, filter or label a list is chosen by (its ``handle`` in the query)."""

    handle: str
    title: str = ""


class Handles(RootModel[list[Handled]]):
    """Every folder, filter or label of the area."""


# --- shapes several areas share ------------------------------------------------------------------

#: an entity id the page made (a non-empty string)
Id = Annotated[str, Field(min_length=1)]


def moment(value: str) -> datetime:
    """An ISO 8601 date-time; one without a zone is read as UTC."""
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _iso(value: str) -> str:
    try:
        moment(value)
    except ValueError as exc:
        raise ValueError("Use an ISO 8601 date, like 2026-11-22T09:00:00Z.") from exc
    return value


#: an ISO 8601 date-time, kept as the page wrote it
IsoDate = Annotated[str, AfterValidator(_iso)]


def now_iso() -> str:
    """Now, as the sample data writes times (UTC, whole seconds, ``Z``)."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def not_blank(message: str) -> AfterValidator:
    """Text with something in it besides white space (stripped), else ``message``."""

    def check(value: str) -> str:
        if not value.strip():
            raise ValueError(message)
        return value.strip()

    return AfterValidator(check)


class HandlesQuery(QueryModel):
    """Which folder, label or filter of a mail- or to-do-like area to list (by its handle)."""

    folder_handle: Annotated[str, Field(max_length=120)] = ""
    label_handle: Annotated[str, Field(max_length=120)] = ""
    filter_handle: Annotated[str, Field(max_length=120)] = ""
