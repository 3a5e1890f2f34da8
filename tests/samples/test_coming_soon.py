"""Coming-soon sample page: POST /api/coming-soon/subscribe keeps the address, once."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from app.ratelimit import RateLimits
from app.samples.store import SampleStore
from tests.support import Account, unique

pytestmark = pytest.mark.db

URL = "/api/coming-soon/subscribe"


async def test_subscribe_keeps_the_address_once(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    address = f"{unique('launch-')}@Example.com"
    first = await client.post(URL, json={"email": address}, headers=staff["technician"].headers)
    assert first.status_code == 200, first.text
    assert first.json()["email"] == address.lower() and first.json()["already"] is False
    again = await client.post(URL, json={"email": address.lower()}, headers=staff["manager"].headers)
    assert again.status_code == 200 and again.json()["already"] is True
    async with app.state.portal.db.session() as session:
        kept = [
            s for s in await SampleStore(session, "coming-soon").all("subscribers") if s["email"] == address.lower()
        ]
    assert len(kept) == 1 and kept[0]["subscribedAt"].endswith("Z")


async def test_subscribe_validates_and_needs_staff(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    headers = staff["manager"].headers
    for bad in ({"email": "not-an-address"}, {"email": ""}, {"email": 42}, {}):
        response = await client.post(URL, json=bad, headers=headers)
        assert response.status_code == 422, (bad, response.text)
    bad = await client.post(URL, json={"email": "nope"}, headers=headers)
    assert "valid email" in bad.text
    assert (await client.post(URL, json={"email": "a@b.co"})).status_code == 401


async def test_subscribe_is_rate_limited(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account], monkeypatch: pytest.MonkeyPatch
) -> None:
    portal = app.state.portal
    settings = portal.settings.model_copy(update={"rate_limits_enabled": True, "rate_limit_write": "2/minute"})
    limits = RateLimits(settings, portal.redis)
    monkeypatch.setattr(portal, "limits", limits)
    headers = staff["contractor"].headers
    codes = [
        (await client.post(URL, json={"email": f"{unique('rl-')}@example.com"}, headers=headers)).status_code
        for _ in range(3)
    ]
    assert codes == [200, 200, 429]
    await limits.reset()
