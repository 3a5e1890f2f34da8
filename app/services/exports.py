"""``GET /{resource}/export``: every row a list query finds, as CSV or Excel, streamed as it is read.

The columns are the list answer's own fields (camelCase, as in the API), in the public model's
order; a person (``assignedTechnician``, ``owner``, ``createdBy``...) is written as their display
name. Rows are read 1,000 at a time by keyset (:func:`app.services.listing.walk`) and each batch is
encoded off the event loop, so the first bytes leave at once and memory stays flat at any size.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, datetime
from functools import cache
from typing import Any

from app.db import Database
from app.services import tabular
from app.services.listing import ListQuery, walk
from app.services.resources import RESOURCES, ResourceSpec
from app.threads import in_thread
from schemas.users import UserRef

FORMATS = {"csv": "text/csv; charset=utf-8", "xlsx": tabular.XLSX_MEDIA_TYPE}
SKIPPED = {"progress"}  # nested processing detail, not a column


@cache
def columns(resource: str) -> tuple[tuple[str, str], ...]:
    """(key in the public answer, kind: person, date, datetime or plain) for each exported column."""
    spec = RESOURCES[resource]
    table_columns = spec.table.__table__.columns  # type: ignore[attr-defined]
    found = []
    for name, info in spec.public_model.model_fields.items():
        if name in SKIPPED:
            continue
        kind = "plain"
        if UserRef in getattr(info.annotation, "__args__", ()) or info.annotation is UserRef:
            kind = "person"
        elif name in table_columns:
            column_type = table_columns[name].type
            column_type = getattr(column_type, "impl", column_type)
            kind = {"DATE": "date", "DATETIME": "datetime"}.get(column_type.__visit_name__.upper(), "plain")
        found.append((info.alias or name, kind))
    found.sort(key=lambda column: column[0] != "id")  # the id first, then the fields in the model's order
    return tuple(found)


def _value(item: dict[str, Any], key: str, kind: str, *, typed: bool) -> Any:
    value = item.get(key)
    if kind == "person":
        return value.get("displayName") if isinstance(value, dict) else None
    if not typed or not isinstance(value, str) or kind == "plain":
        return value
    try:
        if kind == "datetime":
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        return date.fromisoformat(value)
    except ValueError:
        return value


def file_name(spec: ResourceSpec, file_format: str) -> str:
    return f"{spec.name}-{datetime.now().strftime('%Y%m%d-%H%M')}.{file_format}"


async def stream(db: Database, spec: ResourceSpec, query: ListQuery, file_format: str) -> AsyncIterator[bytes]:
    """The export file's bytes: a header line at once, then each batch of rows as it is read."""
    cols = columns(spec.name)
    header = [key for key, _kind in cols]
    typed = file_format == "xlsx"  # Excel gets real numbers and dates; CSV gets the API's text

    def cells(items: list[dict[str, Any]]) -> list[list[Any]]:
        return [[_value(item, key, kind, typed=typed) for key, kind in cols] for item in items]

    if file_format == "csv":
        yield tabular.CSV_START + tabular.csv_chunk([header])
        async for items in walk(db, spec, query):
            yield await in_thread(tabular.csv_chunk, cells(items))
        return
    book = tabular.XlsxStream(spec.label.title() + "s")
    yield book.start(header)
    async for items in walk(db, spec, query):
        chunk = await in_thread(book.rows, cells(items))
        if chunk:
            yield chunk
    yield book.finish()
