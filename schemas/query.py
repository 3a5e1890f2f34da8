"""Query strings read with pydantic models, as bodies are: the route declares the model, the server
validates with it (``Call.query``) and /openapi.json describes each field as a query parameter.

Whole numbers follow app/params.py's rule: ASCII digits with an optional leading minus, within the
database's ``integer``. ``str.isdigit()`` is true for '²' and '١٢', and a 40-digit id overflows the
database: both were 500s before this rule. Out of range is a 422 naming the parameter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    WithJsonSchema,
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
