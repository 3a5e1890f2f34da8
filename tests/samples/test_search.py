"""Global search: GET /api/search answers every result, or with ``q`` those whose title or excerpt match."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from tests.support import Account, load_sample_area

pytestmark = pytest.mark.db

AREA = "search"
URL = "/api/search"


@pytest.fixture(autouse=True)
async def fresh_search(app: Starlette) -> None:
    await load_sample_area(app, AREA)


async def search(client: httpx.AsyncClient, who: Account, **params: str) -> list[dict[str, Any]]:
    response = await client.get(URL, headers=who.headers, params=params)
    assert response.status_code == 200, response.text
    results: list[dict[str, Any]] = response.json()
    return results


async def test_without_q_the_whole_list(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    results = await search(client, staff["contractor"])
    assert results == read_area(AREA)["results"]
    assert len(results) >= 20
    for result in results:
        assert set(result) == {"id", "title", "url", "excerpt"}
        assert result["url"].startswith("/") and result["title"] and result["excerpt"]
    assert await search(client, staff["contractor"], q="   ") == results  # a blank query filters nothing


async def test_q_matches_titles_ignoring_case(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    results = await search(client, staff["technician"], q="THERMAL camera")
    assert [r["title"] for r in results] == ["Thermal camera quick start"]


async def test_q_matches_excerpts(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    results = await search(client, staff["technician"], q="authenticator")
    assert [r["title"] for r in results] == ["Two-step sign-in"]
    every = await search(client, staff["technician"])
    expected = [r for r in every if "sign" in r["title"].lower() or "sign" in r["excerpt"].lower()]
    assert await search(client, staff["technician"], q="Sign") == expected and len(expected) >= 2


async def test_no_match_is_an_empty_list(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert await search(client, staff["manager"], q="no-such-thing-anywhere") == []


async def test_an_overlong_query_is_refused(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(URL, headers=staff["manager"].headers, params={"q": "x" * 201})
    assert response.status_code == 422
    assert "at most 200" in response.json()["message"]


async def test_needs_a_staff_access_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(URL)).status_code == 401
    assert (await client.get(URL, headers=staff["norole"].headers)).status_code == 403
