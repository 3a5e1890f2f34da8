"""Project dashboard: the widgets of spec section 2 with the ranges of section 9, and the projects.

Ranges: DY/DT/DTM (due tasks), TW/LW/2W (issues chart, task distribution, spent), T/TM (schedule).
Figures that depend on each other are computed, not typed: the budget table's spent and remaining
amounts and percentages, the budget distribution shares, and the weather's F and MPH values.
"""

from __future__ import annotations

import random
from typing import Any

from ops.samples.pictures import picture

DAY_RANGES = {"DY": "Yesterday", "DT": "Today", "DTM": "Tomorrow"}
WEEK_RANGES = {"TW": "This Week", "LW": "Last Week", "2W": "2 Weeks Ago"}
SCHEDULE_RANGES = {"T": "Today", "TM": "Tomorrow"}
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
DETAIL = "You can show some detailed information about this widget in here."
KMH_PER_MPH = 1.609344

BUDGET_TYPES = [
    ("Wireframing", "bg-blue text-white", "#2196F3"),
    ("Design", "bg-green text-white", "#4CAF50"),
    ("Coding", "bg-red text-white", "#F44336"),
    ("Marketing", "bg-pink text-white", "#E91E63"),
    ("Extra", "bg-orange text-white", "#FF9800"),
]

SCHEDULE = {
    "T": ["Group meeting", "Coffee break", "Public beta release", "Lunch", "Design review", "Site visit debrief"],
    "TM": ["Marketing meeting", "Public announcement", "Lunch", "Meeting with beta testers", "Live stream"],
}

FIRST = ["Jack", "Kathy", "Gary", "Mark", "Kathryn", "Annie", "Howard", "Elizabeth", "Dorothy", "Ruth"]
FIRST += ["Phyllis", "Lillian", "Jeremy", "Arthur", "David", "Daniel", "Ann", "Phillip", "Nora", "Omar"]
LAST = ["Gilbert", "Anderson", "Gonzalez", "Turner", "Martinez", "King", "Dixon", "Morris", "Grant", "Franklin"]
POSITIONS = [
    "Design Manager",
    "Recruiting Manager",
    "Electrical Engineer",
    "Systems Engineer",
    "Quality Control",
    "Programmer Analyst",
    "Field Technician",
    "Project Coordinator",
    "Internal Auditor",
    "Help Desk",
]
OFFICES = ["Berlin", "Leeds", "Porto", "Gdansk", "Lyon", "Aarhus", "Bergen", "Cork", "Graz", "Turin"]
AVATARS = ["alice", "andrew", "carl", "danielle", "garry", "james", "jane", "joyce", "katherine", "vincent"]
PROJECTS = ["Harbour telemetry upgrade", "Substation monitoring", "Conveyor automation", "Field service portal"]


def _range_counts(rng: random.Random, ranges: dict[str, str], low: int, high: int) -> dict[str, int]:
    return {key: rng.randint(low, high) for key in ranges}


def _weekly(rng: random.Random, low: int, high: int) -> list[int]:
    return [rng.randint(low, high) for _ in WEEKDAYS]


def _due_tasks(rng: random.Random) -> dict[str, Any]:
    counts = _range_counts(rng, DAY_RANGES, 15, 30)
    completed: dict[str, int | str] = {key: rng.randint(2, counts[key] // 2) for key in ("DY", "DT")}
    completed["DTM"] = "-"  # nothing can be completed tomorrow yet
    return {
        "id": "widget1",
        "title": "Due Tasks",
        "ranges": DAY_RANGES,
        "currentRange": "DT",
        "data": {"name": "Due Tasks", "count": counts, "extra": {"name": "Completed", "count": completed}},
        "detail": DETAIL,
    }


def _counter(widget_id: str, title: str, name: str, count: int, extra: str, extra_count: int) -> dict[str, Any]:
    return {
        "id": widget_id,
        "title": title,
        "data": {"name": name, "count": count, "extra": {"name": extra, "count": extra_count}},
        "detail": DETAIL,
    }


def _issues_chart(rng: random.Random) -> dict[str, Any]:
    main = {}
    for key in WEEK_RANGES:
        opened = _weekly(rng, 18, 50)
        closed = [rng.randint(4, max(5, value // 2)) for value in opened]
        main[key] = {
            "labels": WEEKDAYS,
            "datasets": [
                {"type": "bar", "label": "Issues", "data": opened, "backgroundColor": "#42BFF7"},
                {"type": "bar", "label": "Closed issues", "data": closed, "backgroundColor": "#C6ECFD"},
            ],
        }
    supporting = {}
    for key, name in [
        ("created", "CREATED"),
        ("closed", "CLOSED"),
        ("reOpened", "RE-OPENED"),
        ("wontFix", "WON'T FIX"),
        ("needsTest", "NEEDS TEST"),
        ("fixed", "FIXED"),
    ]:
        charts = {
            r: {"labels": WEEKDAYS, "datasets": [{"label": name, "data": _weekly(rng, 1, 9)}]} for r in WEEK_RANGES
        }
        counts = {r: sum(charts[r]["datasets"][0]["data"]) for r in WEEK_RANGES}
        supporting[key] = {"name": name, "count": counts, "chart": charts}
    return {
        "id": "widget5",
        "title": "Github Issues",
        "ranges": WEEK_RANGES,
        "currentRange": "TW",
        "mainChart": main,
        "supporting": supporting,
    }


def _task_distribution(rng: random.Random) -> dict[str, Any]:
    labels = ["Frontend", "Backend", "API", "Issues"]
    colors = ["#F44336", "#9C27B0", "#03A9F4", "#E91E63"]
    main = {
        key: {
            "labels": labels,
            "datasets": [{"data": [rng.randint(12, 42) for _ in labels], "backgroundColor": colors}],
        }
        for key in WEEK_RANGES
    }
    added = _range_counts(rng, WEEK_RANGES, 450, 620)
    return {
        "id": "widget6",
        "title": "Task Distribution",
        "ranges": WEEK_RANGES,
        "currentRange": "TW",
        "mainChart": main,
        "options": {"cutoutPercentage": 66, "legend": {"display": True, "position": "bottom"}},
        "footerLeft": {"title": "Tasks Added", "count": added},
        "footerRight": {"title": "Tasks Completed", "count": {k: rng.randint(150, v // 2) for k, v in added.items()}},
    }


def _schedule(rng: random.Random) -> dict[str, Any]:
    schedule = {}
    for key, titles in SCHEDULE.items():
        hours = sorted(rng.sample(range(8, 20), len(titles)))
        items = []
        for n, (title, hour) in enumerate(zip(titles, hours, strict=True), start=1):
            minute = rng.choice([0, 15, 30, 45])
            label = f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
            items.append({"id": n, "title": title, "time": label})
        schedule[key] = items
    return {"id": "widget7", "title": "Schedule", "ranges": SCHEDULE_RANGES, "currentRange": "T", "schedule": schedule}


def _money(value: float) -> str:
    return f"${value:,.2f}"


def _shares(values: list[float]) -> list[float]:
    """Percent shares with one decimal that add up to exactly 100 (the rounding rest goes to the largest)."""
    tenths = [round(v / sum(values) * 1000) for v in values]
    tenths[tenths.index(max(tenths))] += 1000 - sum(tenths)
    return [t / 10 for t in tenths]


def _budget(rng: random.Random) -> list[dict[str, Any]]:
    """Budget distribution (widget8) and budget details (widget10) from the same figures."""
    rows = []
    totals = []
    for n, (name, classes, _color) in enumerate(BUDGET_TYPES, start=1):
        total = rng.randint(60, 360) * 100.0
        # The last budget type is untouched so far: one row shows the flat (0 %) trend.
        spent = 0.0 if n == len(BUDGET_TYPES) else round(total * rng.uniform(0.05, 0.98), 2)
        remaining = round(total - spent, 2)
        spent_pct = round(spent / total * 100, 2)
        trend = "trending_up" if spent_pct >= 50 else ("trending_flat" if spent_pct == 0 else "trending_down")
        trend_class = {"trending_up": "text-green", "trending_flat": "text-blue", "trending_down": "text-red"}[trend]
        cells = [
            ("budget_type", name, classes, ""),
            ("total_budget", _money(total), "font-semibold", ""),
            ("spent_usd", _money(spent), "", ""),
            ("spent_perc", f"{spent_pct:.2f}%", trend_class, trend),
            ("remaining_usd", _money(remaining), "", ""),
            ("remaining_perc", f"{100 - spent_pct:.2f}%", "", ""),
        ]
        rows.append({"id": n, "cells": [{"id": c, "value": v, "classes": k, "icon": i} for c, v, k, i in cells]})
        totals.append(total)
    shares = _shares(totals)
    distribution = {
        "id": "widget8",
        "title": "Budget Distribution",
        "mainChart": {
            "labels": [name for name, _, _ in BUDGET_TYPES],
            "datasets": [{"data": shares, "backgroundColor": [color for _, _, color in BUDGET_TYPES]}],
        },
        "options": {"cutoutPercentage": 0, "legend": {"display": True, "position": "bottom"}},
    }
    columns = [
        ("budget_type", "Budget Type"),
        ("total_budget", "Total Budget"),
        ("spent_usd", "Spent ($)"),
        ("spent_perc", "Spent (%)"),
        ("remaining_usd", "Remaining ($)"),
        ("remaining_perc", "Remaining (%)"),
    ]
    details = {
        "id": "widget10",
        "title": "Budget Details",
        "table": {"columns": [{"id": c, "title": t} for c, t in columns], "rows": rows},
    }
    return [distribution, details]


def _spent(rng: random.Random) -> dict[str, Any]:
    def block(title: str, low: float, high: float) -> dict[str, Any]:
        return {
            "title": title,
            "count": {key: f"{rng.uniform(low, high):,.2f}" for key in WEEK_RANGES},
            "chart": {
                key: {"labels": WEEKDAYS, "datasets": [{"label": title, "data": _weekly(rng, 1, 8)}]}
                for key in WEEK_RANGES
            },
        }

    return {
        "id": "widget9",
        "title": "Spent",
        "ranges": WEEK_RANGES,
        "currentRange": "TW",
        "weeklySpent": block("WEEKLY SPENT", 1200, 4000),
        "totalSpent": block("TOTAL SPENT", 28000, 36000),
        "remaining": block("REMAINING", 80000, 95000),
    }


def _phone(rng: random.Random) -> str:
    return f"+{rng.randint(10, 99)} {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"


def _team(rng: random.Random) -> dict[str, Any]:
    columns = [
        ("avatar", ""),
        ("name", "Name"),
        ("position", "Position"),
        ("office", "Office"),
        ("email", "Email"),
        ("phone", "Phone"),
    ]
    rows = []
    for n in range(1, 21):
        first, last = FIRST[n - 1], rng.choice(LAST)
        values = {
            "avatar": picture("avatars", rng.choice(AVATARS)),
            "name": f"{first} {last}",
            "position": rng.choice(POSITIONS),
            "office": rng.choice(OFFICES),
            "email": f"{first[0].lower()}{last.lower()}{n}@example.com",
            "phone": _phone(rng),
        }
        rows.append({"id": n, "cells": [{"id": c, "value": values[c]} for c, _ in columns]})
    return {
        "id": "widget11",
        "title": "Team Members",
        "table": {"columns": [{"id": c, "title": t} for c, t in columns], "rows": rows},
    }


def _temp(celsius: int) -> dict[str, int]:
    return {"C": celsius, "F": round(celsius * 9 / 5 + 32)}


def _weather(rng: random.Random) -> dict[str, Any]:
    kmh = rng.randint(5, 30)
    days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"]
    icons = ["rainy", "cloudy", "windy3", "rainy2", "sunny"]
    return {
        "id": "weatherWidget",
        "locations": {
            "NewYork": {
                "name": "New York",
                "icon": "rainy2",
                "temp": _temp(rng.randint(12, 26)),
                "windSpeed": {"KMH": kmh, "MPH": round(kmh / KMH_PER_MPH, 1)},
                "windDirection": rng.choice(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]),
                "rainProbability": f"{rng.randint(10, 98)}%",
                "next5Days": [
                    {"name": day, "icon": rng.choice(icons), "temp": _temp(rng.randint(10, 27))} for day in days
                ],
            }
        },
        "currentLocation": "NewYork",
        "tempUnit": "C",
        "speedUnit": "KMH",
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    distribution, details = _budget(rng)
    widgets = [
        _due_tasks(rng),
        _counter("widget2", "Overdue", "Tasks", rng.randint(2, 9), "Yesterday's overdue", rng.randint(0, 4)),
        _counter("widget3", "Issues", "Open", rng.randint(20, 40), "Closed today", rng.randint(0, 6)),
        _counter("widget4", "Features", "Proposals", rng.randint(30, 50), "Implemented", rng.randint(4, 12)),
        _issues_chart(rng),
        _task_distribution(rng),
        _schedule(rng),
        distribution,
        _spent(rng),
        details,
        _team(rng),
        _weather(rng),
    ]
    projects = [{"id": n, "name": name} for n, name in enumerate(PROJECTS, start=1)]
    return {"widgets": widgets, "projects": projects}
