"""``GET /search?q=``: the records the toolbar's search box finds, in groups of at most 10.

Assets by tag, name and serial number, opportunities by title and company, documents by title and
their text (with the matched words as a snippet), each group in relevance order
(:mod:`app.services.textsearch`). Which groups a person sees is :func:`permissions.readable`'s rule.
"""

from __future__ import annotations

from typing import Any

from app.auth.identity import Principal
from app.db import Database
from app.services import listing, permissions
from app.services.resources import RESOURCES
from schemas.options import STAGE_LABELS, LeadStage

GROUP_LIMIT = 10
LABELS = {"assets": "Assets", "leads": "Opportunities", "documents": "Documents"}
ORDER = ("assets", "leads", "documents")


def _line(*parts: Any) -> str:
    return " · ".join(str(p) for p in parts if p not in (None, ""))


def _result(resource: str, item: dict[str, Any]) -> dict[str, Any]:
    record_id = item["id"]
    found: dict[str, Any] = {"kind": resource.removesuffix("s"), "id": record_id, "link": f"/{resource}/{record_id}"}
    if resource == "assets":
        serial = f"S/N {item['serialNumber']}" if item.get("serialNumber") else None
        found.update(
            title=_line(item["tag"], item["name"]), context=_line(item["category"], item.get("location"), serial)
        )
    elif resource == "leads":
        stage = STAGE_LABELS.get(LeadStage(item["stage"]), item["stage"]) if item.get("stage") else None
        found.update(title=item["title"], context=_line(item["clientCompany"], stage))
    else:
        found.update(title=item["title"], context=_line(item.get("originalName"), item.get("state")))
        found["snippet"] = item.get("snippet")
    return found


async def search(*, db: Database, principal: Principal, q: str) -> dict[str, Any]:
    groups = []
    for resource in ORDER:
        if resource not in permissions.readable(principal):
            continue
        async with db.session() as session:  # a transaction: searches set their plan (PostgreSQL)
            items, total, exact = await listing.top(session=session, spec=RESOURCES[resource], q=q, limit=GROUP_LIMIT)
        if items:
            groups.append(
                {
                    "resource": resource,
                    "label": LABELS[resource],
                    "total": total,
                    "totalIsExact": exact,
                    "items": [_result(resource, item) for item in items],
                    "more": f"/{resource}?q={q}" if total > len(items) else None,
                }
            )
    return {"q": q, "groups": groups}
