"""Calls the sample-area tests make again and again: a read or write that must answer 200, the stored rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from starlette.applications import Starlette

from app.samples.store import SampleStore
from tests.support import Account


@dataclass(frozen=True)
class AreaCalls:
    """One sample area: its name (for the stored rows), its API prefix and the role its tests call as
    (the ``who`` fixture's headers)."""

    area: str
    api: str
    who: str = "technician"

    async def get(self, client: httpx.AsyncClient, headers: dict[str, str], path: str, **params: str) -> Any:
        """GET ``path`` below the prefix; it must answer 200. Answers the JSON body."""
        response = await client.get(f"{self.api}/{path}", headers=headers, params=params)
        assert response.status_code == 200, response.text
        return response.json()

    async def post(self, client: httpx.AsyncClient, headers: dict[str, str], path: str, body: Any) -> httpx.Response:
        return await client.post(f"{self.api}/{path}", headers=headers, json=body)

    async def ok(self, client: httpx.AsyncClient, headers: dict[str, str], path: str, body: Any) -> Any:
        """POST ``body``; it must answer 200. Answers the JSON body."""
        response = await self.post(client, headers, path, body)
        assert response.status_code == 200, response.text
        return response.json()

    async def refuses_non_staff(
        self, client: httpx.AsyncClient, staff: dict[str, Account], method: str, path: str
    ) -> None:
        """``path`` answers 401 without a token and 403 to a user without a staff role."""
        assert (await client.request(method, f"{self.api}/{path}", json={})).status_code == 401
        no_role = staff["norole"].headers
        assert (await client.request(method, f"{self.api}/{path}", json={}, headers=no_role)).status_code == 403

    async def stored(self, app: Starlette, kind: str) -> list[dict[str, Any]]:
        """Every row of ``kind`` as stored, in list order."""
        async with app.state.portal.db.session() as session:
            return await SampleStore(session, self.area).all(kind)
