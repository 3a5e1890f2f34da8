"""Project dashboard: GET /api/project-dashboard-app/widgets and /projects, ranges, tables and weather."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from app.samples.store import SampleStore
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "project-dashboard"
API = "/api/project-dashboard-app"
DAY_RANGES = {"DY": "Yesterday", "DT": "Today", "DTM": "Tomorrow"}
WEEK_RANGES = {"TW": "This Week", "LW": "Last Week", "2W": "2 Weeks Ago"}
SCHEDULE_RANGES = {"T": "Today", "TM": "Tomorrow"}


@pytest.fixture
async def widgets(client: httpx.AsyncClient, staff: dict[str, Account]) -> dict[str, dict[str, Any]]:
    response = await client.get(f"{API}/widgets", headers=staff["technician"].headers)
    assert response.status_code == 200, response.text
    return {widget["id"]: widget for widget in response.json()}


def _money(text: str) -> float:
    assert text.startswith("$"), text
    return float(text[1:].replace(",", ""))


def _percent(text: str) -> float:
    assert text.endswith("%"), text
    return float(text[:-1])


async def test_the_widgets_in_order(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(f"{API}/widgets", headers=staff["contractor"].headers)
    assert response.status_code == 200
    ids = [widget["id"] for widget in response.json()]
    assert ids == [f"widget{n}" for n in range(1, 12)] + ["weatherWidget"]
    assert response.json() == read_area(AREA)["widgets"]


async def test_projects(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(f"{API}/projects", headers=staff["manager"].headers)
    assert response.status_code == 200
    projects = response.json()
    assert len(projects) >= 3
    assert all(set(p) == {"id", "name"} and p["name"] for p in projects)
    assert len({p["id"] for p in projects}) == len(projects)


async def test_due_tasks_by_day_range_defaulting_to_today(widgets: dict[str, dict[str, Any]]) -> None:
    due = widgets["widget1"]
    assert due["ranges"] == DAY_RANGES
    assert due["currentRange"] == "DT"
    assert set(due["data"]["count"]) == set(DAY_RANGES)
    assert set(due["data"]["extra"]["count"]) == set(DAY_RANGES)
    assert due["data"]["name"] == "Due Tasks"


async def test_overdue_issues_and_features(widgets: dict[str, dict[str, Any]]) -> None:
    expected = {"widget2": ("Overdue", "Tasks"), "widget3": ("Issues", "Open"), "widget4": ("Features", "Proposals")}
    for widget_id, (title, name) in expected.items():
        widget = widgets[widget_id]
        assert (widget["title"], widget["data"]["name"]) == (title, name)
        assert isinstance(widget["data"]["count"], int) and isinstance(widget["data"]["extra"]["count"], int)


async def test_issues_chart_per_week_range(widgets: dict[str, dict[str, Any]]) -> None:
    issues = widgets["widget5"]
    assert issues["ranges"] == WEEK_RANGES and issues["currentRange"] == "TW"
    assert set(issues["mainChart"]) == set(WEEK_RANGES)
    for chart in issues["mainChart"].values():
        assert [d["label"] for d in chart["datasets"]] == ["Issues", "Closed issues"]
        assert all(len(d["data"]) == len(chart["labels"]) == 7 for d in chart["datasets"])
    for figure in issues["supporting"].values():
        for key in WEEK_RANGES:  # each count is the sum of its own range's chart
            assert figure["count"][key] == sum(figure["chart"][key]["datasets"][0]["data"])


async def test_task_distribution_doughnut(widgets: dict[str, dict[str, Any]]) -> None:
    tasks = widgets["widget6"]
    assert tasks["ranges"] == WEEK_RANGES and tasks["currentRange"] == "TW"
    assert tasks["options"]["cutoutPercentage"] == 66
    for key in WEEK_RANGES:
        chart = tasks["mainChart"][key]
        assert chart["labels"] == ["Frontend", "Backend", "API", "Issues"]
        assert len(chart["datasets"][0]["data"]) == 4
        assert tasks["footerRight"]["count"][key] <= tasks["footerLeft"]["count"][key]


async def test_schedule_today_and_tomorrow(widgets: dict[str, dict[str, Any]]) -> None:
    schedule = widgets["widget7"]
    assert schedule["ranges"] == SCHEDULE_RANGES and schedule["currentRange"] == "T"
    for key in SCHEDULE_RANGES:
        items = schedule["schedule"][key]
        assert items and all(set(item) == {"id", "title", "time"} for item in items)
        assert all(re.fullmatch(r"\d{1,2}:\d{2} (AM|PM)", item["time"]) for item in items)


async def test_budget_details_table_is_consistent(widgets: dict[str, dict[str, Any]]) -> None:
    table = widgets["widget10"]["table"]
    assert [(c["id"], c["title"]) for c in table["columns"]] == [
        ("budget_type", "Budget Type"),
        ("total_budget", "Total Budget"),
        ("spent_usd", "Spent ($)"),
        ("spent_perc", "Spent (%)"),
        ("remaining_usd", "Remaining ($)"),
        ("remaining_perc", "Remaining (%)"),
    ]
    assert len(table["rows"]) == 5
    for row in table["rows"]:
        assert isinstance(row["id"], int)
        assert all(set(cell) == {"id", "value", "classes", "icon"} for cell in row["cells"])
        cells = {cell["id"]: cell["value"] for cell in row["cells"]}
        total, spent, remaining = (_money(cells[k]) for k in ("total_budget", "spent_usd", "remaining_usd"))
        assert spent + remaining == pytest.approx(total)
        assert _percent(cells["spent_perc"]) == pytest.approx(spent / total * 100, abs=0.006)
        assert _percent(cells["spent_perc"]) + _percent(cells["remaining_perc"]) == pytest.approx(100)
    icons = {cell["icon"] for row in table["rows"] for cell in row["cells"] if cell["id"] == "spent_perc"}
    assert icons <= {"trending_up", "trending_down", "trending_flat"} and "trending_flat" in icons


async def test_budget_distribution_matches_the_budget_table(widgets: dict[str, dict[str, Any]]) -> None:
    chart = widgets["widget8"]["mainChart"]
    shares = chart["datasets"][0]["data"]
    assert round(sum(shares), 1) == 100.0
    rows = widgets["widget10"]["table"]["rows"]
    totals = {row["cells"][0]["value"]: _money(row["cells"][1]["value"]) for row in rows}
    assert chart["labels"] == list(totals)
    grand = sum(totals.values())
    for label, share in zip(chart["labels"], shares, strict=True):
        assert share == pytest.approx(totals[label] / grand * 100, abs=0.15)


async def test_spent_summaries_per_week_range(widgets: dict[str, dict[str, Any]]) -> None:
    spent = widgets["widget9"]
    assert spent["ranges"] == WEEK_RANGES and spent["currentRange"] == "TW"
    for block in ("weeklySpent", "totalSpent", "remaining"):
        assert set(spent[block]["count"]) == set(WEEK_RANGES)
        assert all(re.fullmatch(r"[\d,]+\.\d{2}", value) for value in spent[block]["count"].values())
        assert set(spent[block]["chart"]) == set(WEEK_RANGES)


async def test_team_members_table(widgets: dict[str, dict[str, Any]]) -> None:
    table = widgets["widget11"]["table"]
    columns = ["avatar", "name", "position", "office", "email", "phone"]
    assert [c["id"] for c in table["columns"]] == columns
    assert len(table["rows"]) >= 10
    for row in table["rows"]:
        assert [cell["id"] for cell in row["cells"]] == columns
        cells = {cell["id"]: cell["value"] for cell in row["cells"]}
        assert "@" in cells["email"] and cells["phone"].startswith("+")
        assert cells["avatar"].startswith("/samples/avatars/")


async def test_weather_defaults_and_consistent_units(widgets: dict[str, dict[str, Any]]) -> None:
    weather = widgets["weatherWidget"]
    assert (weather["currentLocation"], weather["tempUnit"], weather["speedUnit"]) == ("NewYork", "C", "KMH")
    city = weather["locations"][weather["currentLocation"]]
    assert city["name"] == "New York"
    assert re.fullmatch(r"\d{1,3}%", city["rainProbability"]) and int(city["rainProbability"][:-1]) <= 100
    assert city["windSpeed"]["MPH"] == round(city["windSpeed"]["KMH"] / 1.609344, 1)
    temps = [city["temp"]] + [day["temp"] for day in city["next5Days"]]
    assert len(city["next5Days"]) == 5
    for temp in temps:
        assert temp["F"] == round(temp["C"] * 9 / 5 + 32)


async def test_answered_from_the_database(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    async with app.state.portal.db.session() as session:
        await SampleStore(session, AREA).put("projects", 99, {"id": 99, "name": "Stored project"})
        await session.commit()
    response = await client.get(f"{API}/projects", headers=staff["manager"].headers)
    assert response.json()[-1] == {"id": 99, "name": "Stored project"}


@pytest.mark.parametrize("path", ["widgets", "projects"])
async def test_needs_a_staff_access_token(path: str, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(f"{API}/{path}")).status_code == 401
    assert (await client.get(f"{API}/{path}", headers=staff["norole"].headers)).status_code == 403
