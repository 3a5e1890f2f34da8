"""Portal-wide settings (issue 22, item 5): every staff member reads them, only an admin changes them,
and every open portal hears the change at once."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from schemas.options import Role
from tests.realtime_support import Cluster, Sockets, tokens_for
from tests.support import Account, create_account

pytestmark = pytest.mark.db


async def test_only_an_admin_hides_the_template_and_open_portals_follow(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account], cluster: Cluster, connect: Sockets
) -> None:
    for role in ("contractor", "technician", "manager", "admin"):
        answer = await client.get("/portal-settings", headers=staff[role].headers)
        assert answer.status_code == 200 and answer.json() == {"templateHidden": False}
    assert (await client.get("/portal-settings", headers=staff["norole"].headers)).status_code == 403
    for role in ("contractor", "technician", "manager"):
        refused = await client.patch("/portal-settings", json={"templateHidden": True}, headers=staff[role].headers)
        assert refused.status_code == 403
        assert "cannot change the portal's settings" in refused.json()["message"]
    bad = await client.patch("/portal-settings", json={"templateHidden": "maybe"}, headers=staff["admin"].headers)
    assert bad.status_code == 422 and "templateHidden" in bad.json()["errors"]
    unknown = await client.patch("/portal-settings", json={"hideEverything": True}, headers=staff["admin"].headers)
    assert unknown.status_code == 422

    watcher = await create_account(app, Role.CONTRACTOR)
    listening = await connect(cluster.urls[1], (await tokens_for(cluster.urls[1], watcher.username))["accessToken"])
    admin = await tokens_for(cluster.urls[0], (await create_account(app, Role.ADMIN)).username)
    headers = {"Authorization": f"Bearer {admin['accessToken']}"}
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=headers) as http:
        try:
            hidden = await http.patch("/portal-settings", json={"templateHidden": True})
            assert hidden.status_code == 200 and hidden.json() == {"templateHidden": True}
            pushed = await listening.wait_for(lambda e: True, channel="portal-settings")
            assert pushed == {"settings": {"templateHidden": True}}
            assert (await client.get("/portal-settings", headers=staff["contractor"].headers)).json()["templateHidden"]
        finally:
            assert (await http.patch("/portal-settings", json={"templateHidden": False})).status_code == 200
    after = await client.get("/portal-settings", headers=staff["technician"].headers)
    assert after.json() == {"templateHidden": False}
