"""Calls the sample-area tests make again and again: a read or write that must answer 200, the stored rows,
the staff-only check of every route, a save in place and the label toggle the list areas share."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from app.samples.registry import sample_routes
from app.samples.store import SampleStore
from tests.support import Account


@dataclass(frozen=True)
class AreaCalls:
    """One sample area: its name (for the stored rows), its API prefix and the role its tests call as
    (the ``who`` fixture's headers) and the kind of row ``stored`` reads when not told."""

    area: str
    api: str
    who: str = "technician"
    kind: str = ""

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

    def staff_only(self) -> Callable[..., Awaitable[None]]:
        """A test, parametrised over every route below the prefix (each method): each answers 401
        without a token and 403 to a user without a staff role."""
        routes = [
            (method, route.path.removeprefix(f"{self.api}/"))
            for route in sample_routes()
            if isinstance(route, Route) and route.path.startswith(f"{self.api}/")
            for method in sorted((route.methods or set()) - {"HEAD"})
        ]
        assert routes, f"no routes below {self.api}"

        @pytest.mark.parametrize(("method", "path"), routes)
        async def every_call_needs_a_staff_token(
            client: httpx.AsyncClient, staff: dict[str, Account], method: str, path: str
        ) -> None:
            await self.refuses_non_staff(client, staff, method, path)

        return every_call_needs_a_staff_token

    async def stored(self, app: Starlette, kind: str = "") -> list[dict[str, Any]]:
        """Every row of ``kind`` (the area's own kind when not told) as stored, in list order."""
        async with app.state.portal.db.session() as session:
            return await SampleStore(session, self.area).all(kind or self.kind)

    async def saves_in_place(
        self, app: Starlette, client: httpx.AsyncClient, headers: dict[str, str], path: str, index: int, **changes: Any
    ) -> None:
        """POST the stored row at ``index`` with ``changes`` to ``path``: it answers the row as sent, which
        replaces the old one in place, nothing else changed or moved."""
        before = await self.stored(app)
        changed = {**before[index], **changes}
        response = await self.post(client, headers, path, changed)
        assert response.status_code == 200, response.text
        assert response.json() == changed
        after = await self.stored(app)
        assert [r["id"] for r in after] == [r["id"] for r in before]
        assert after[index] == changed and after[:index] == before[:index] and after[index + 1 :] == before[index + 1 :]

    async def toggles_label(
        self, app: Starlette, client: httpx.AsyncClient, headers: dict[str, str], ids_key: str, label: int
    ) -> dict[str, Any]:
        """POST toggle-label for a row that has ``label`` and one that has not: it answers 200 with no body,
        the first loses the label and the second gets it at the end of its labels. Answers the selection
        sent (``ids_key``: the row with the label first)."""
        before = await self.stored(app)
        with_label = next(r for r in before if label in r["labels"])
        without = next(r for r in before if label not in r["labels"])
        selection = {ids_key: [with_label["id"], without["id"]], "labelId": label}
        response = await self.post(client, headers, "toggle-label", selection)
        assert response.status_code == 200 and response.content == b""
        after = {r["id"]: r for r in await self.stored(app)}
        assert label not in after[with_label["id"]]["labels"]
        assert after[without["id"]]["labels"] == [*without["labels"], label]
        return selection
