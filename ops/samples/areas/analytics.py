"""Analytics dashboard: widgets 1 to 9 (line, bar, doughnut and map data, a top-campaigns table).

Every chart with a range switch keeps, per range, its own labels and datasets, so switching the
range swaps the whole chart (``mainChart[range] = {labels, datasets}``).
"""

from __future__ import annotations

import random
from typing import Any

MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
HOURS = ["12am", "2am", "4am", "6am", "8am", "10am", "12pm", "2pm", "4pm", "6pm", "8pm", "10pm"]

# Visitors per country for the map widget: country, ISO code and a point inside it.
COUNTRIES = [
    ("United States", "US", 38.0, -97.0),
    ("Canada", "CA", 56.0, -106.0),
    ("Brazil", "BR", -10.0, -55.0),
    ("United Kingdom", "GB", 54.0, -2.0),
    ("Germany", "DE", 51.0, 9.0),
    ("France", "FR", 46.0, 2.0),
    ("Nigeria", "NG", 10.0, 8.0),
    ("India", "IN", 21.0, 78.0),
    ("China", "CN", 35.0, 105.0),
    ("Japan", "JP", 36.0, 138.0),
    ("Australia", "AU", -25.0, 134.0),
    ("South Africa", "ZA", -29.0, 24.0),
]

CAMPAIGNS = [
    "Spring inspection offer",
    "Calibration week",
    "Field service bundle",
    "Safety audit webinar",
    "Switchgear refurbishment",
    "Predictive maintenance pilot",
    "SCADA upgrade briefing",
    "Winter readiness check",
]


def _series(rng: random.Random, n: int, low: float, high: float, digits: int = 0) -> list[float | int]:
    values = [round(rng.uniform(low, high), digits) for _ in range(n)]
    return [int(v) for v in values] if digits == 0 else values


def _line_options(**extra: Any) -> dict[str, Any]:
    options: dict[str, Any] = {
        "spanGaps": False,
        "legend": {"display": False},
        "maintainAspectRatio": False,
        "elements": {"point": {"radius": 3, "borderWidth": 2}, "line": {"tension": 0}},
    }
    options.update(extra)
    return options


def _sales(rng: random.Random) -> dict[str, Any]:
    years = ["2024", "2025", "2026"]
    return {
        "id": "widget1",
        "title": "Sales",
        "chartType": "line",
        "ranges": {year: year for year in years},
        "currentRange": years[-1],
        "mainChart": {
            year: {
                "labels": MONTHS,
                "datasets": [
                    {
                        "label": "Sales",
                        "data": _series(rng, 12, 1.8, 4.2, 1),
                        "fill": "start",
                        "borderColor": "#42a5f5",
                        "backgroundColor": "#42a5f5",
                    }
                ],
            }
            for year in years
        },
        "options": _line_options(plugins={"xLabelsOnTop": {"active": True}}),
    }


def _weekly_bar(rng: random.Random, widget_id: str, title: str, key: str, low: int, high: int) -> dict[str, Any]:
    data = _series(rng, 7, low, high)
    return {
        "id": widget_id,
        "title": title,
        key: {"value": data[-1], "ofTarget": rng.randint(-15, 20)},
        "chartType": "bar",
        "labels": WEEKDAYS,
        "datasets": [{"label": title, "data": data, "backgroundColor": "#3949ab"}],
        "options": {"legend": {"display": False}, "maintainAspectRatio": False},
    }


def _impressions(rng: random.Random) -> dict[str, Any]:
    data = [int(v) for v in _series(rng, 15, 50_000, 150_000)]
    return {
        "id": "widget3",
        "title": "Impressions",
        "impressions": {"value": f"{round(data[-1] / 1000)}k", "ofTarget": rng.randint(-10, 25)},
        "chartType": "line",
        "labels": [f"Jan {day}" for day in range(1, 16)],
        "datasets": [{"label": "Impression", "data": data, "fill": False, "borderColor": "#5c84f1"}],
        "options": _line_options(),
    }


def _visitors(rng: random.Random) -> dict[str, Any]:
    ranges = {"TD": "Today", "YD": "Yesterday", "LW": "Last week"}
    charts = {}
    for key in ranges:
        labels = WEEKDAYS if key == "LW" else HOURS
        charts[key] = {
            "labels": labels,
            "datasets": [
                {"label": "Visitors", "data": _series(rng, len(labels), 180, 420), "fill": "start"},
                {"label": "Page views", "data": _series(rng, len(labels), 1800, 4200), "fill": "start"},
            ],
        }
    return {
        "id": "widget5",
        "title": "Visitors & Page views",
        "chartType": "line",
        "ranges": ranges,
        "currentRange": "TD",
        "mainChart": charts,
        "options": _line_options(tooltips={"mode": "index", "intersect": False}),
    }


def _countries(rng: random.Random) -> dict[str, Any]:
    markers = []
    for n, (name, code, lat, lng) in enumerate(COUNTRIES, start=1):
        visitors = rng.randint(40, 900)
        markers.append(
            {
                "id": n,
                "country": name,
                "code": code,
                "lat": lat,
                "lng": lng,
                "visitors": visitors,
                "label": str(visitors),
            }
        )
    return {"id": "widget6", "title": "Visitors by country", "markers": markers}


def _split(rng: random.Random, parts: int) -> list[float]:
    """Shares in percent, one decimal, summing to exactly 100."""
    weights = [rng.uniform(1, 10) for _ in range(parts)]
    total = sum(weights)
    tenths = [round(w / total * 1000) for w in weights]
    tenths[0] += 1000 - sum(tenths)
    return [t / 10 for t in tenths]


def _devices(rng: random.Random) -> dict[str, Any]:
    ranges = {"TD": "Today", "YD": "Yesterday", "L7D": "Last 7 days", "L28D": "Last 28 days", "L90D": "Last 90 days"}
    labels = ["Desktop", "Mobile", "Tablet"]
    return {
        "id": "widget7",
        "title": "Sessions by device",
        "chartType": "doughnut",
        "ranges": ranges,
        "currentRange": "TD",
        "mainChart": {
            key: {
                "labels": labels,
                "datasets": [
                    {
                        "data": _split(rng, 3),
                        "change": [round(rng.uniform(-5, 5), 1) for _ in labels],
                        "backgroundColor": ["#3949ab", "#e53935", "#43a047"],
                    }
                ],
            }
            for key in ranges
        },
        "options": {"cutoutPercentage": 75, "legend": {"display": False}, "maintainAspectRatio": False},
    }


def _sales_trend(rng: random.Random) -> dict[str, Any]:
    ranges = {"1D": "1 Day", "1W": "1 Week", "1M": "1 Month"}
    shapes = {"1D": (HOURS, 60, 95), "1W": (WEEKDAYS, 520, 580), "1M": ([f"Week {n}" for n in range(1, 5)], 1500, 1700)}
    charts = {
        key: {
            "labels": labels,
            "datasets": [{"label": ranges[key], "data": _series(rng, len(labels), low, high), "fill": False}],
        }
        for key, (labels, low, high) in shapes.items()
    }
    today = int(charts["1D"]["datasets"][0]["data"][-1]) * 150
    return {
        "id": "widget8",
        "title": "How are your sales?",
        "chartType": "line",
        "ranges": ranges,
        "currentRange": "1D",
        "mainChart": charts,
        "today": f"{today:,}",
        "change": {"value": rng.randint(100, 400), "percentage": round(rng.uniform(0.5, 4), 2)},
        "options": _line_options(),
    }


def _campaigns(rng: random.Random) -> dict[str, Any]:
    rows = [
        {"id": n, "title": title, "clicks": rng.randint(80, 4000), "conversion": rng.randint(0, 95)}
        for n, title in enumerate(rng.sample(CAMPAIGNS, 6), start=1)
    ]
    rows.sort(key=lambda row: -int(row["clicks"]))
    return {"id": "widget9", "title": "Top campaigns", "rows": rows}


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    return {
        "widgets": [
            _sales(rng),
            _weekly_bar(rng, "widget2", "Conversion", "conversion", 220, 500),
            _impressions(rng),
            _weekly_bar(rng, "widget4", "Visits", "visits", 230, 460),
            _visitors(rng),
            _countries(rng),
            _devices(rng),
            _sales_trend(rng),
            _campaigns(rng),
        ]
    }
