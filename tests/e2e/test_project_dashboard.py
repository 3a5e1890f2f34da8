"""Project dashboard in Chromium: every figure from the API, the range switches, the project
switcher, the budget and team tabs, the live clock and the weather's unit switches."""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


def widget(widgets: list[dict[str, Any]], widget_id: str) -> dict[str, Any]:
    return next(w for w in widgets if w["id"] == widget_id)


async def test_the_project_dashboard_shows_the_api_figures_and_switches(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "manager")
    widgets = api.get("/api/project-dashboard-app/widgets")
    projects = api.get("/api/project-dashboard-app/projects")
    await signed_in_at(page, "manager", "/dashboards/project")

    await expect(page.get_by_test_id("project-dashboard-title")).to_contain_text("Welcome back")
    due = widget(widgets, "widget1")
    await expect(page.get_by_test_id("due-tasks-range")).to_have_value("DT")
    await expect(page.get_by_test_id("due-tasks-count")).to_have_text(str(due["data"]["count"]["DT"]))
    await page.get_by_test_id("due-tasks-range").select_option("DY")
    await expect(page.get_by_test_id("due-tasks-count")).to_have_text(str(due["data"]["count"]["DY"]))
    await expect(page.get_by_test_id("due-tasks-extra")).to_have_text(
        f"Completed: {due['data']['extra']['count']['DY']}"
    )
    for widget_id, test_id in [("widget2", "overdue"), ("widget3", "issues"), ("widget4", "features")]:
        await expect(page.get_by_test_id(f"{test_id}-count")).to_have_text(
            str(widget(widgets, widget_id)["data"]["count"])
        )

    # Issues chart: This Week by default; Last Week swaps the supporting counts.
    issues = widget(widgets, "widget5")
    await expect(page.get_by_test_id("issues-range-TW")).to_have_attribute("aria-pressed", "true")
    await expect(page.get_by_test_id("issues-created-count")).to_have_text(
        str(issues["supporting"]["created"]["count"]["TW"])
    )
    await page.get_by_test_id("issues-range-LW").click()
    await expect(page.get_by_test_id("issues-created-count")).to_have_text(
        str(issues["supporting"]["created"]["count"]["LW"])
    )
    await expect(page.get_by_test_id("issues-main-chart")).to_have_attribute("data-range", "LW")
    await expect(page.get_by_test_id("issues-main-chart").locator(".recharts-bar-rectangle")).to_have_count(14)

    # Task distribution: TW by default, cut out 66 %.
    distribution = widget(widgets, "widget6")
    await expect(page.get_by_test_id("task-distribution-range")).to_have_value("TW")
    await expect(page.get_by_test_id("task-distribution-chart")).to_have_attribute("data-cutout", "66")
    await expect(page.get_by_test_id("task-distribution-footer-0")).to_have_text(
        f"{distribution['footerLeft']['count']['TW']:,}"
    )
    schedule = widget(widgets, "widget7")
    await expect(page.get_by_test_id("schedule-list").locator("li")).to_have_count(len(schedule["schedule"]["T"]))
    await page.get_by_test_id("schedule-range").select_option("TM")
    await expect(page.get_by_test_id("schedule-list").locator("li")).to_have_count(len(schedule["schedule"]["TM"]))

    # The project switcher lists the API's projects.
    await expect(page.get_by_test_id("project-switcher")).to_contain_text(projects[0]["name"])
    await page.get_by_test_id("project-switcher").click()
    await page.get_by_test_id(f"project-option-{projects[1]['id']}").click()
    await expect(page.get_by_test_id("project-switcher")).to_contain_text(projects[1]["name"])

    # Weather: New York, C and KMH by default; switch to F and MPH.
    weather = widget(widgets, "weatherWidget")
    place = weather["locations"][weather["currentLocation"]]
    await expect(page.get_by_test_id("weather-location")).to_have_text("New York")
    await expect(page.get_by_test_id("weather-temp")).to_have_text(f"{place['temp']['C']}°C")
    await expect(page.get_by_test_id("weather-wind")).to_have_text(f"{place['windSpeed']['KMH']} km/h")
    await page.get_by_test_id("weather-temp-F").click()
    await expect(page.get_by_test_id("weather-temp")).to_have_text(f"{place['temp']['F']}°F")
    await expect(page.get_by_test_id("weather-forecast")).to_contain_text(f"{place['next5Days'][0]['temp']['F']}°F")
    await page.get_by_test_id("weather-speed-MPH").click()
    await expect(page.get_by_test_id("weather-wind")).to_have_text(f"{place['windSpeed']['MPH']} mph")

    # The clock ticks.
    clock = page.get_by_test_id("live-clock-time")
    first = await clock.inner_text()
    await expect(clock).not_to_have_text(first, timeout=3000)

    # Budget summary: distribution, spent and the budget-details table with the spec's columns.
    await page.get_by_test_id("tab-budget").click()
    details = widget(widgets, "widget10")
    table = page.get_by_test_id("budget-table")
    for column in ["Budget Type", "Total Budget", "Spent ($)", "Spent (%)", "Remaining ($)", "Remaining (%)"]:
        await expect(table.locator("thead")).to_contain_text(column)
    await expect(table.locator("tbody tr")).to_have_count(len(details["table"]["rows"]))
    first_row = details["table"]["rows"][0]["cells"]
    await expect(page.get_by_test_id("budget-row-1")).to_contain_text(first_row[1]["value"])
    spent = widget(widgets, "widget9")
    await expect(page.get_by_test_id("spent-total-count")).to_have_text(f"${spent['totalSpent']['count']['TW']}")
    await page.get_by_test_id("spent-range").select_option("2W")
    await expect(page.get_by_test_id("spent-total-count")).to_have_text(f"${spent['totalSpent']['count']['2W']}")

    # Team members: every row, with name and email.
    await page.get_by_test_id("tab-team").click()
    team = widget(widgets, "widget11")
    await expect(page.get_by_test_id("team-table").locator("tbody tr")).to_have_count(len(team["table"]["rows"]))
    cells = {c["id"]: c["value"] for c in team["table"]["rows"][0]["cells"]}
    await expect(page.get_by_test_id("team-row-1")).to_contain_text(cells["name"])
    await expect(
        page.get_by_test_id("team-row-1").get_by_role("link", name=re.compile(re.escape(cells["email"])))
    ).to_be_visible()

    assert not failures, failures
