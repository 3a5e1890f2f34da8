"""Calendar sample data: ~6 events a month over a year around a fixed date (meetings, all-day and multi-day)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from ops.samples.areas._shared import iso

# A fixed window so the data does not change from one generation to the next; it spans the months
# before and after the data was made so the calendar looks alive for a good while.
FIRST_MONTH = (2026, 8)
MONTHS = 12

MEETINGS = [
    "Weekly site meeting",
    "Design review",
    "Client call",
    "Safety briefing",
    "Sprint planning",
    "Lunch with the hardware team",
    "Budget review",
    "Supplier visit",
    "Firmware demo",
    "One-to-one",
]
ALL_DAY = ["Substation inspection", "Training day", "Trade fair", "Company offsite", "Public holiday"]
DESCRIPTIONS = [
    "Room 2.14, bring the latest drawings.",
    "Video link in the invitation.",
    "Hard hats and boots required on site.",
    "Agenda: schedule, risks, open issues.",
]


def _month_events(rng: random.Random, year: int, month: int) -> list[dict[str, Any]]:
    events = []
    for _ in range(rng.randint(5, 7)):
        day = datetime(year, month, rng.randint(1, 28), tzinfo=UTC)
        if rng.random() < 0.25:
            length = rng.choice([1, 1, 2, 3])
            event: dict[str, Any] = {
                "title": rng.choice(ALL_DAY),
                "allDay": True,
                "start": iso(day),
                "end": iso(day + timedelta(days=length)),
            }
        else:
            start = day + timedelta(hours=rng.randint(8, 16), minutes=rng.choice([0, 30]))
            event = {
                "title": rng.choice(MEETINGS),
                "allDay": False,
                "start": iso(start),
                "end": iso(start + timedelta(minutes=rng.choice([30, 60, 90, 120]))),
            }
        if rng.random() < 0.4:
            event["desc"] = rng.choice(DESCRIPTIONS)
        events.append({"id": f"{rng.getrandbits(96):024x}", **event})
    return events


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    events = []
    year, month = FIRST_MONTH
    for _ in range(MONTHS):
        events.extend(_month_events(rng, year, month))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    events.sort(key=lambda e: e["start"])
    return {"events": events}
