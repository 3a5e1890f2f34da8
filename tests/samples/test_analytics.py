"""Analytics dashboard: GET /api/analytics-dashboard-app/widgets, widgets 1 to 9 and their range switches."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from app.samples.store import SampleStore
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "analytics"
URL = "/api/analytics-dashboard-app/widgets"


async def widgets(client: httpx.AsyncClient, who: Account) -> dict[str, dict[str, Any]]:
    response = await client.get(URL, headers=who.headers)
    assert response.status_code == 200, response.text
    listed = response.json()
    assert isinstance(listed, list)
    return {widget["id"]: widget for widget in listed}


def _assert_chart(chart: dict[str, Any]) -> None:
    assert chart["labels"] and chart["datasets"]
    for dataset in chart["datasets"]:
        assert len(dataset["data"]) == len(chart["labels"])
        assert all(isinstance(value, int | float) for value in dataset["data"])


async def test_widgets_1_to_9_in_order(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(URL, headers=staff["contractor"].headers)
    assert response.status_code == 200
    assert [widget["id"] for widget in response.json()] == [f"widget{n}" for n in range(1, 10)]
    assert response.json() == read_area(AREA)["widgets"]  # the committed sample data, as loaded


async def test_every_range_has_its_own_labels_and_series(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    ranged = [w for w in (await widgets(client, staff["manager"])).values() if "ranges" in w]
    assert {w["id"] for w in ranged} == {"widget1", "widget5", "widget7", "widget8"}
    for widget in ranged:
        assert set(widget["mainChart"]) == set(widget["ranges"]), widget["id"]
        assert widget["currentRange"] in widget["ranges"]
        for chart in widget["mainChart"].values():
            _assert_chart(chart)
        series = [tuple(chart["datasets"][0]["data"]) for chart in widget["mainChart"].values()]
        assert len(set(series)) == len(series), f"{widget['id']}: switching the range must change the data"
    # A range may change the labels too: last week is by day, today by hour.
    visitors = (await widgets(client, staff["manager"]))["widget5"]["mainChart"]
    assert visitors["LW"]["labels"] != visitors["TD"]["labels"]


async def test_line_bar_and_doughnut_charts(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    found = await widgets(client, staff["technician"])
    assert found["widget1"]["chartType"] == "line" and len(found["widget1"]["mainChart"]["2026"]["labels"]) == 12
    for widget_id, key in [("widget2", "conversion"), ("widget4", "visits")]:
        bar = found[widget_id]
        assert bar["chartType"] == "bar"
        assert set(bar[key]) == {"value", "ofTarget"} and bar[key]["value"] == bar["datasets"][0]["data"][-1]
        _assert_chart(bar)
    impressions = found["widget3"]
    assert impressions["chartType"] == "line" and impressions["impressions"]["value"].endswith("k")
    _assert_chart(impressions)
    doughnut = found["widget7"]
    assert doughnut["chartType"] == "doughnut"
    for chart in doughnut["mainChart"].values():
        assert chart["labels"] == ["Desktop", "Mobile", "Tablet"]
        assert round(sum(chart["datasets"][0]["data"]), 1) == 100.0  # shares of the sessions, in percent
        assert len(chart["datasets"][0]["change"]) == 3


async def test_visitors_per_country_for_the_map(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    markers = (await widgets(client, staff["admin"]))["widget6"]["markers"]
    assert len(markers) >= 10
    assert len({m["country"] for m in markers}) == len(markers)
    for marker in markers:
        assert -90 <= marker["lat"] <= 90 and -180 <= marker["lng"] <= 180
        assert isinstance(marker["visitors"], int) and marker["label"] == str(marker["visitors"])


async def test_top_campaigns_table(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    rows = (await widgets(client, staff["manager"]))["widget9"]["rows"]
    assert len(rows) >= 5
    for row in rows:
        assert {"id", "title", "clicks", "conversion"} <= set(row)
        assert isinstance(row["clicks"], int) and isinstance(row["conversion"], int) and row["title"]
    assert [row["clicks"] for row in rows] == sorted((row["clicks"] for row in rows), reverse=True)


async def test_answered_from_the_database(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    async with app.state.portal.db.session() as session:
        store = SampleStore(session, AREA)
        table = await store.get("widgets", "widget9")
        assert table is not None
        table["rows"] = [{"id": 1, "title": "Stored campaign", "clicks": 7, "conversion": 1}]
        await store.put("widgets", "widget9", table)
        await session.commit()
    assert (await widgets(client, staff["manager"]))["widget9"]["rows"][0]["title"] == "Stored campaign"


@pytest.mark.parametrize("role", ["admin", "manager", "technician", "contractor"])
async def test_every_staff_role_reads(role: str, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(URL, headers=staff[role].headers)).status_code == 200


async def test_needs_a_staff_access_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(URL)).status_code == 401
    assert (await client.get(URL, headers={"Authorization": "Bearer not-a-token"})).status_code == 401
    assert (await client.get(URL, headers=staff["norole"].headers)).status_code == 403
