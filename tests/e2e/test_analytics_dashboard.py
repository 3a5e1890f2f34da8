"""Analytics dashboard in Chromium: widgets 1 to 9 from the API, their range switches, the drawn
world map of visitors and the sortable top-campaigns table."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests


def widget(widgets: list[dict[str, Any]], widget_id: str) -> dict[str, Any]:
    return next(w for w in widgets if w["id"] == widget_id)


async def test_the_analytics_dashboard_shows_every_widget_of_the_api(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    widgets = Api(stack.api_url, "contractor").get("/api/analytics-dashboard-app/widgets")
    await signed_in_at(page, "contractor", "/dashboards/analytics")
    await expect(page.get_by_test_id("analytics-title")).to_have_text("Analytics dashboard")

    # Widget 1: sales per month, the current year first; another year swaps the line.
    sales = widget(widgets, "widget1")
    chart = page.get_by_test_id("sales-chart")
    await expect(chart).to_have_attribute("data-range", sales["currentRange"])
    await expect(chart.locator(".recharts-area-dots circle")).to_have_count(12)
    first_year = next(iter(sales["ranges"]))
    await page.get_by_test_id(f"sales-range-{first_year}").click()
    await expect(chart).to_have_attribute("data-range", first_year)

    # Widgets 2 to 4: each figure with its target.
    conversion = widget(widgets, "widget2")["conversion"]
    await expect(page.get_by_test_id("conversion-value")).to_have_text(f"{conversion['value']:,}")
    await expect(page.get_by_test_id("impressions-value")).to_have_text(
        widget(widgets, "widget3")["impressions"]["value"]
    )
    await expect(page.get_by_test_id("visits-value")).to_have_text(f"{widget(widgets, 'widget4')['visits']['value']:,}")
    await expect(page.get_by_test_id("widget-conversion").locator(".recharts-bar-rectangle")).to_have_count(7)

    # Widget 5: visitors and page views; Last week has one point per weekday.
    await page.get_by_test_id("visitors-range-LW").click()
    await expect(page.get_by_test_id("visitors-chart")).to_have_attribute("data-range", "LW")
    await expect(
        page.get_by_test_id("visitors-chart").locator(".recharts-xAxis .recharts-cartesian-axis-tick")
    ).to_have_count(7)

    # Widget 6: a marker per country on the drawn map, and the ranking.
    markers = widget(widgets, "widget6")["markers"]
    await expect(page.get_by_test_id("visitors-map").locator("circle")).to_have_count(len(markers))
    busiest = max(markers, key=lambda m: m["visitors"])
    await expect(page.get_by_test_id("visitors-list").locator("li").first).to_contain_text(busiest["country"])
    await page.get_by_test_id(f"map-marker-{busiest['code']}").hover()
    await expect(page.get_by_test_id("map-tooltip")).to_contain_text(f"{busiest['visitors']:,} visitors")

    # Widget 7: sessions by device per range.
    devices = widget(widgets, "widget7")
    await expect(page.get_by_test_id("devices-chart")).to_have_attribute("data-cutout", "75")
    share = devices["mainChart"]["L28D"]["datasets"][0]["data"][0]
    await page.get_by_test_id("devices-range").select_option("L28D")
    await expect(page.get_by_test_id("device-desktop-share")).to_have_text(f"{share}%")

    # Widget 8: today's sales and the trend.
    trend = widget(widgets, "widget8")
    await expect(page.get_by_test_id("sales-trend-today")).to_have_text(trend["today"])
    await page.get_by_test_id("sales-trend-range").select_option("1W")
    await expect(page.get_by_test_id("sales-trend-chart")).to_have_attribute("data-range", "1W")

    # Widget 9: top campaigns (title, clicks, conversion), sortable.
    rows = widget(widgets, "widget9")["rows"]
    table = page.get_by_test_id("campaigns-table")
    await expect(table.locator("tbody tr")).to_have_count(len(rows))
    top = max(rows, key=lambda r: r["clicks"])
    await expect(table.locator("tbody tr").first).to_contain_text(top["title"])
    await expect(page.get_by_test_id(f"campaign-{top['id']}-clicks")).to_have_text(f"{top['clicks']:,}")
    await expect(page.get_by_test_id(f"campaign-{top['id']}-conversion")).to_have_text(f"{top['conversion']}%")
    await page.get_by_test_id("campaigns-sort-title").click()
    first_by_title = min(rows, key=lambda r: r["title"])
    await expect(table.locator("tbody tr").first).to_contain_text(first_by_title["title"])

    assert not failures, failures
