"""Icon catalogue: GET /api/icons answers the full list with the spec's orders and code points."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from starlette.applications import Starlette

from app.samples import icons
from app.samples.store import SampleStore
from tests.support import Account, load_sample_area

pytestmark = pytest.mark.db

AREA = "icons"


@pytest.fixture(autouse=True)
def fresh_catalogue() -> None:
    """The area is reloaded before each test (conftest); the catalogue's per-process copy is dropped too."""
    icons.forget()


async def test_the_full_catalogue(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get("/api/icons", headers=staff["contractor"].headers)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    catalogue = response.json()
    assert len(catalogue) == 1013
    assert [i["order"] for i in catalogue] == list(range(1732, 2745))
    assert [i["code"] for i in catalogue] == list(range(59648, 60661))
    names = [i["name"] for i in catalogue]
    assert len(set(names)) == 1013 and names == sorted(names)
    assert {"home", "search", "settings", "delete", "star", "account_circle"} <= set(names)
    for icon in catalogue:
        assert icon["prevSize"] == 32
        assert icon["ligatures"] == icon["name"]
        assert icon["tags"] == [icon["name"]]
        assert re.fullmatch(r"[a-z0-9_]+", icon["name"])
    assert len({i["id"] for i in catalogue}) == 1013


async def test_the_answer_is_cached_per_process(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    first = await client.get("/api/icons", headers=staff["manager"].headers)
    started = time.perf_counter()
    again = await client.get("/api/icons", headers=staff["manager"].headers)
    assert again.content == first.content
    assert time.perf_counter() - started < 1.0
    # Later reads do not touch the stored rows: the catalogue never changes through the API.
    async with app.state.portal.db.session() as session:
        await SampleStore(session, AREA).remove("icons", ["0"])
        await session.commit()
    assert (await client.get("/api/icons", headers=staff["manager"].headers)).content == first.content


async def test_an_empty_catalogue_is_not_remembered(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    async with app.state.portal.db.session() as session:
        await SampleStore(session, AREA).replace_all("icons", [])
        await session.commit()
    empty = await client.get("/api/icons", headers=staff["manager"].headers)
    assert empty.status_code == 200 and empty.json() == []
    await load_sample_area(app, AREA)
    assert len((await client.get("/api/icons", headers=staff["manager"].headers)).json()) == 1013


async def test_icons_need_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get("/api/icons")).status_code == 401
    assert (await client.get("/api/icons", headers=staff["norole"].headers)).status_code == 403
