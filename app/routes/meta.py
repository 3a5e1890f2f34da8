"""Public facts about the API: option lists, signing keys and health."""

from __future__ import annotations

from sqlalchemy import literal
from sqlmodel import select
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.http import json_response
from app.portal import portal_of
from schemas.options import (
    RISK_LABELS,
    RISK_ORDER,
    STAGE_LABELS,
    STAGE_PROBABILITY,
    STATUS_COLORS,
    AssetCategory,
    Department,
    DocumentState,
    Role,
)

OPTIONS = {
    "statuses": [{"value": s.value, "label": s.value.title(), "color": c} for s, c in STATUS_COLORS.items()],
    "risks": [{"value": r.value, "label": RISK_LABELS[r]} for r in RISK_ORDER],
    "departments": [{"value": d.value, "label": d.value} for d in Department],
    "stages": [
        {"value": s.value, "label": label, "probability": STAGE_PROBABILITY[s]} for s, label in STAGE_LABELS.items()
    ],
    "documentStates": [{"value": s.value, "label": s.value.title()} for s in DocumentState],
    "assetCategories": [{"value": c.value, "label": c.value} for c in AssetCategory],
    "roles": [{"value": r.value, "label": r.value.title()} for r in Role],
}


async def options(_request: Request) -> Response:
    return json_response(OPTIONS)


async def jwks(request: Request) -> Response:
    response = json_response(portal_of(request).tokens.jwks)
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


async def health(request: Request) -> Response:
    portal = portal_of(request)
    checks: dict[str, str] = {}
    try:
        async with portal.db.session() as session:
            await session.exec(select(literal(1)))
        checks["database"] = "ok"
    except Exception as exc:  # the health answer reports any failure instead of raising
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        await portal.redis.ping()
        checks["redis"] = "ok"
    except Exception as exc:
        checks["redis"] = f"error: {type(exc).__name__}"
    healthy = all(v == "ok" for v in checks.values())
    return json_response({"status": "ok" if healthy else "degraded", **checks}, status=200 if healthy else 503)


routes = [
    Route("/options", options, methods=["GET"]),
    Route("/.well-known/jwks.json", jwks, methods=["GET"]),
    Route("/health", health, methods=["GET"]),
]
