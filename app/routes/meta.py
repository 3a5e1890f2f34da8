"""Public facts about the API: option lists, signing keys and health."""

from __future__ import annotations

from sqlalchemy import literal
from sqlmodel import select
from starlette.responses import Response

from app.http import json_response
from app.routes.endpoint import PUBLIC, Call, route
from schemas.meta import Health, Jwks, Options
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


async def options(_call: Call) -> Response:
    """The spec's option lists: lead stages with their probabilities, document states, asset categories, roles."""
    return json_response(OPTIONS)


async def jwks(call: Call) -> Response:
    """The public keys access tokens are signed with (JWKS)."""
    response = json_response(call.portal.tokens.jwks)
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


async def health(call: Call) -> Response:
    """The database and Redis answer: 200 {status: ok}, or 503 {status: degraded} naming what does not."""
    portal = call.portal
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
    route("/options", options, ["GET"], rule=PUBLIC, answer=Options, tag="meta"),
    route("/.well-known/jwks.json", jwks, ["GET"], rule=PUBLIC, answer=Jwks, tag="meta"),
    route("/health", health, ["GET"], rule=PUBLIC, answer=Health, answers={503: Health}, tag="meta"),
]
