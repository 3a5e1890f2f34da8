"""Coming-soon sample page (``/api/coming-soon``): the subscribe form under the countdown.

The template's form only showed a toast; here the address is kept (one entry per address, in the
sample store, so a second subscription of the same address says so) and the call is checked like
every other sample write: a staff token, a valid address, the per-user write limit.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from app.errors import ApiError
from app.portal import limit
from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.base import now_iso
from schemas.sample_areas.coming_soon import Subscribed, Subscription

AREA = "coming-soon"
PREFIX = "/api/coming-soon"
MAX_SUBSCRIBERS = 1000


async def subscribe(request: Request, store: SampleStore, body: Subscription) -> dict[str, Any]:
    """Subscribe an address to the launch notice: body {email}; answers {email, subscribedAt, already}."""
    await limit(request, "write", request.state.principal)
    known = await store.get("subscribers", body.email)
    if known is not None:
        return {**known, "already": True}
    if len(await store.all("subscribers")) >= MAX_SUBSCRIBERS:
        raise ApiError(409, "The subscriber list is full.")
    entry = {
        "email": body.email,
        "subscribedAt": now_iso(),
    }
    await store.put("subscribers", body.email, entry)
    return {**entry, "already": False}


area = Area(AREA, PREFIX)
routes = [area.post("/subscribe", subscribe, Subscribed, body=Subscription)]
