"""Query strings read with pydantic models, as bodies are: the route declares the model, the server
validates with it (``Call.query``) and /openapi.json describes each field as a query parameter.

Whole numbers follow app/params.py's rule: ASCII digits with an optional leading minus, within the
database's ``integer``. ``str.isdigit()`` is true for '²' and '١٢', and a 40-digit id overflows the
database: both were 500s before this rule. Out of range is a 422 naming the parameter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    WithJsonSchema,
    create_model,
    model_validator,
)
from pydantic.alias_generators import to_camel
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

from schemas.base import DB_INT_MAX, DB_INT_MIN

_WHOLE = re.compile(r"-?[0-9]+")  # [0-9], not \d: \d matches every script's digits
_MAX_CHARS = 12  # '-' and 11 digits: anything longer is out of range whatever it says


def whole_number(raw: str | None, *, minimum: int = DB_INT_MIN, maximum: int = DB_INT_MAX) -> int | None:
    """``raw`` as an int when it is ASCII digits (optionally negative) within the bounds, else None."""
    if raw is None or len(raw) > _MAX_CHARS or not _WHOLE.fullmatch(raw):
        return None
    value = int(raw)
    return value if minimum <= value <= maximum else None


def range_hint(minimum: int, maximum: int) -> str:
    return f"Use a whole number from {minimum} to {maximum}."


@dataclass(frozen=True)
class Whole:
    """``Annotated[int, Whole(minimum, maximum)]``: an integer query parameter within the bounds (ids:
    from 1), read with :func:`whole_number`; described as an integer with its bounds."""

    minimum: int = 1
    maximum: int = DB_INT_MAX

    def read(self, raw: Any) -> int:
        if isinstance(raw, int) and not isinstance(raw, bool) and self.minimum <= raw <= self.maximum:
            return raw
        value = whole_number(raw if isinstance(raw, str) else None, minimum=self.minimum, maximum=self.maximum)
        if value is None:
            raise ValueError(range_hint(self.minimum, self.maximum))
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_before_validator_function(self.read, core_schema.int_schema())

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}


def _flag(raw: Any) -> bool:
    return raw in ("1", "true", True)


#: a yes/no query parameter read leniently: ``1`` or ``true`` is yes, anything else no
LenientFlag = Annotated[
    bool,
    BeforeValidator(_flag),
    WithJsonSchema({"type": "string", "enum": ["1", "true", "0", "false"], "description": "1 or true: yes"}),
]


def _strict_flag(raw: Any) -> Any:
    if isinstance(raw, bool):
        return raw
    value = str(raw).strip().lower()
    if value in ("", "0", "false"):
        return False
    if value in ("1", "true"):
        return True
    raise ValueError("Use true or false.")


#: a yes/no query parameter as app/params.py's ``query_flag`` reads it: true/1 or false/0, else a 422
Flag = Annotated[
    bool,
    BeforeValidator(_strict_flag),
    WithJsonSchema({"type": "string", "enum": ["true", "false", "1", "0"]}),
]


class QueryModel(BaseModel):
    """A query string: camelCase names, an empty value is an absent one, other parameters ignored
    (a client may add its own, such as a cache buster)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _empty_is_absent(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: value for key, value in data.items() if value != ""}
        return data


# --- record lists (GET /{resource}, /{resource}/export) ----------------------------------------------

MAX_PER_PAGE = 100
DEFAULT_PER_PAGE = 25
MAX_Q_CHARS = 200
MAX_PAGE = 10_000_000  # page x perPage stays far inside an integer offset
MAX_IDS = 100
RELEVANCE = "relevance"


def _stripped(raw: Any) -> Any:
    return raw.strip() if isinstance(raw, str) else raw


def _lowered(raw: Any) -> Any:
    return raw.strip().lower() if isinstance(raw, str) else raw


def _parts(raw: str) -> list[str]:
    return [part.strip() for part in raw.split(",") if part.strip()]


def _id_list(raw: Any) -> list[int]:
    """``assetId=3,7``: record ids, comma-separated, at most :data:`MAX_IDS`."""
    if isinstance(raw, list):
        return raw
    parts = _parts(str(raw))
    values = [whole_number(part, minimum=1) for part in parts[: MAX_IDS + 1]]
    if len(parts) > MAX_IDS or any(value is None for value in values):
        raise ValueError(
            f"Use at most {MAX_IDS} record ids (whole numbers from 1 to {DB_INT_MAX}), separated by commas."
        )
    return sorted({value for value in values if value is not None})


#: record ids, one or comma-separated (``3,7``): described as one id, the common case
IdList = Annotated[
    list[int],
    BeforeValidator(_id_list),
    WithJsonSchema(
        {
            "type": "integer",
            "minimum": 1,
            "maximum": DB_INT_MAX,
            "description": "Only these ids (also a comma-separated list).",
        }
    ),
]
Search = Annotated[str, BeforeValidator(_stripped), Field(max_length=MAX_Q_CHARS)]
Order = Annotated[Literal["asc", "desc"], BeforeValidator(_lowered)]


def _enum_list(enum: type[StrEnum]) -> Any:
    allowed = sorted(member.value for member in enum)

    def read(raw: Any) -> list[str]:
        values = raw if isinstance(raw, list) else _parts(str(raw))
        wrong = [value for value in values if value not in allowed]
        if wrong:
            raise ValueError(f"Unknown value {wrong[0]!r}. Use one of: {', '.join(allowed)}.")
        return sorted(set(values))

    schema = {"type": "string", "enum": allowed, "description": "One value, or several comma-separated."}
    return Annotated[list[str], BeforeValidator(read), WithJsonSchema(schema)]


class FilterParams(QueryModel):
    """What a record list is filtered and sorted by (the resource's own filters are added per resource)."""

    q: Search = ""
    sort: str | None = None
    order: Order = "asc"


class PageParams(QueryModel):
    """A page: by ``cursor`` (keyset) or by ``page`` number."""

    page: Annotated[int, Whole(1, MAX_PAGE), Field(description="Page number, from 1.")] = 1
    per_page: Annotated[int, Whole(1, MAX_PER_PAGE), Field(description="Items per page.")] = DEFAULT_PER_PAGE
    cursor: str | None = None


class ListParams(FilterParams, PageParams):
    """A page of a record list (page parameters first, as /openapi.json lists them)."""


class ExportParams(FilterParams):
    """Every record a list's filters, sort and q find, as a file."""

    format: Literal["csv", "xlsx"] = "csv"


def record_query_model(
    base: type[FilterParams],
    title: str,
    *,
    sortable: Iterable[str],
    enum_filters: Mapping[str, type[StrEnum]],
    id_filters: Iterable[str],
) -> type[FilterParams]:
    """``base`` with one resource's sort keys and filters (an enum list per enum column, an id list per
    reference column), named ``title`` in /openapi.json."""
    keys = tuple(sorted({*sortable, RELEVANCE}))
    fields: dict[str, Any] = {"sort": (Literal[keys] | None, None)}
    for column, enum in enum_filters.items():
        fields[column] = (_enum_list(enum) | None, None)
    for column in id_filters:
        fields[column] = (IdList | None, None)
    model: type[FilterParams] = create_model(title, __base__=base, **fields)
    return model


# --- the other hand-read calls: document text, admin lists, audit log, imports, company sign-in ------

MAX_PAGE_CHARS = 50_000
DEFAULT_PAGE_CHARS = 10_000
MAX_ADMIN_Q = 100


class DocumentTextQuery(QueryModel):
    """A page of a document's extracted text, with ``q``'s matches marked."""

    offset: Annotated[int, Whole(0), Field(description="The first character of the page.")] = 0
    limit: Annotated[int, Whole(100, MAX_PAGE_CHARS), Field(description="Characters per page.")] = DEFAULT_PAGE_CHARS
    q: Search = ""


AdminSearch = Annotated[str, BeforeValidator(_stripped), Field(max_length=MAX_ADMIN_Q)]


class AdminUsersQuery(QueryModel):
    """The admin console's user list: search, filters, sort and page."""

    q: AdminSearch = ""
    role: Literal["admin", "manager", "technician", "contractor"] | None = None
    status: Literal["active", "disabled", "must-change-password"] | None = None
    mfa: Annotated[Literal["on", "off"] | None, BeforeValidator(_lowered)] = None
    sort: Literal["username", "displayName", "email", "createdAt", "state"] = "username"
    order: Literal["asc", "desc"] = "asc"
    page: Annotated[int, Whole(1, 100_000), Field(description="Page number, from 1.")] = 1
    per_page: Annotated[int, Whole(1, 100), Field(description="Users per page.")] = 25


def _moment(raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    try:
        value = datetime.fromisoformat(raw.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError("Use a date and time like 2026-11-24T08:00:00Z.") from exc
    return value if value.tzinfo else value.replace(tzinfo=UTC)


Moment = Annotated[datetime, BeforeValidator(_moment), WithJsonSchema({"type": "string", "format": "date-time"})]


class AuditFilters(QueryModel):
    """The audit log's filters (GET /admin/audit and its CSV export)."""

    actor: Annotated[int | None, Whole(), Field(description="Only entries by this user id.")] = None
    target: Annotated[int | None, Whole(), Field(description="Only entries about this user id.")] = None
    kind: Annotated[str, BeforeValidator(_stripped), Field(max_length=60)] | None = Field(
        default=None, description="One kind the log lists, or auth, user, record."
    )
    start: Moment | None = Field(default=None, alias="from")
    end: Moment | None = Field(default=None, alias="to")
    q: AdminSearch | None = None


class AuditLogQuery(AuditFilters):
    per_page: Annotated[int, Whole(1, 100), Field(description="Entries per page.")] = 50
    cursor: str | None = None


class AuditExportQuery(AuditFilters):
    format: Literal["csv"] = "csv"


ImportFlag = Annotated[
    str,
    WithJsonSchema({"type": "string", "enum": ["true", "false", "1", "0", "yes", "no", "on", "off"]}),
]


class ImportOptionsQuery(QueryModel):
    """An import's options, as query parameters (form fields of the same names win)."""

    dry_run: ImportFlag | None = None
    update_existing: ImportFlag | None = None
    # Short enough for a URL (servers refuse request lines over 16 KB); a long mapping goes in the form.
    mapping: Annotated[str, Field(max_length=2000, description="JSON {header: field}.")] | None = None


def _cut(raw: Any) -> Any:
    return raw[:4000] if isinstance(raw, str) else raw


Cut = Annotated[str, BeforeValidator(_cut)]


class OidcStartQuery(QueryModel):
    binding: Annotated[str, Field(description="16 to 200 of A-Z a-z 0-9 _ - (kept by the login page).")]


class OidcCallbackQuery(BaseModel):
    """The identity provider's answer (OpenID Connect authorization response, RFC 9207's ``iss``)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    code: Cut | None = None
    state: Cut | None = None
    iss: Cut | None = None
    error: Cut | None = None
    error_description: Cut | None = None
