"""A list's query: the query model of each resource, parsed into one :class:`ListQuery` (whose
normal form is the answer cache's key and whose fingerprint binds a cursor to its query)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic.alias_generators import to_pascal

from app.errors import invalid
from app.services import cursors
from app.services.resources import ResourceSpec
from app.validation import parse
from schemas.query import (
    DEFAULT_PER_PAGE,
    RELEVANCE,
    FilterParams,
    ListParams,
    record_query_model,
)


@dataclass(frozen=True)
class ListQuery:
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE
    sort: str = "id"  # a column name, or RELEVANCE (only with q)
    descending: bool = False
    q: str = ""
    filters: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    cursor: str | None = None

    def key(self) -> tuple[Any, ...]:
        """The query in one normal form (defaults filled, filters sorted): the answer cache's key."""
        filters = tuple(sorted((k, tuple(str(v) for v in values)) for k, values in self.filters.items()))
        return (self.page, self.per_page, self.sort, self.descending, self.q, filters, self.cursor)

    def fingerprint(self, resource: str) -> str:
        filters = {k: sorted(str(v) for v in values) for k, values in self.filters.items()}
        return cursors.fingerprint(resource, self.sort, self.descending, self.q, filters)


def query_model(spec: ResourceSpec, base: type[FilterParams] = ListParams) -> type[FilterParams]:
    """The query model of a resource's list (``ListParams``) or export (``ExportParams``)."""
    return _query_model(spec.name, base)


@cache
def _query_model(name: str, base: type[FilterParams]) -> type[FilterParams]:
    from app.services.resources import RESOURCES

    spec = RESOURCES[name]
    kind = "List" if base is ListParams else base.__name__.removesuffix("Params")
    return record_query_model(
        base,
        f"{to_pascal(spec.name)}{kind}Query",
        sortable=spec.sortable,
        enum_filters=spec.enum_filters,
        id_filters=spec.id_filters,
    )


def parse_list_query(spec: ResourceSpec, params: Mapping[str, str] | FilterParams) -> ListQuery:
    """The list query from the parsed query model (or a query string's values, parsed with the
    resource's model): ``page``, ``perPage``, ``cursor``, ``sort``, ``order``, ``q`` and the filters;
    422 on anything wrong."""
    parsed = params if isinstance(params, FilterParams) else parse(query_model(spec), dict(params))
    errors: dict[str, str] = {}
    if parsed.sort == RELEVANCE and not parsed.q:
        errors["sort"] = "Relevance needs a search (q)."
    page = parsed.page if isinstance(parsed, ListParams) else 1
    cursor = (parsed.cursor or None) if isinstance(parsed, ListParams) else None
    if cursor and page != 1:
        errors["cursor"] = "Use either a cursor or a page number, not both."
    if errors:
        raise invalid("Check the list parameters. " + "; ".join(f"{k}: {v}" for k, v in errors.items()), errors)
    sortable = spec.sortable
    sort = RELEVANCE if (parsed.sort == RELEVANCE or (not parsed.sort and parsed.q)) else sortable[parsed.sort or "id"]
    filters: dict[str, list[Any]] = {}
    for column in (*spec.enum_filters, *spec.id_filters):
        values = getattr(parsed, column, None)
        if values:
            filters[column] = list(values)
    return ListQuery(
        page=page,
        per_page=parsed.per_page if isinstance(parsed, ListParams) else DEFAULT_PER_PAGE,
        sort=sort,
        descending=parsed.order == "desc",
        q=parsed.q,
        filters=filters,
        cursor=cursor,
    )
