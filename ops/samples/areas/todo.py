"""To-do sample data: the spec's folder, filters and labels and ~40 to-dos around a fixed date."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from ops.samples.areas._shared import iso

# A fixed "now" so the data does not change from one generation to the next.
ANCHOR = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)

FOLDERS: list[dict[str, Any]] = [{"id": 0, "handle": "all", "title": "All", "icon": "view_headline"}]
FILTERS: list[dict[str, Any]] = [
    {"id": 0, "handle": "starred", "title": "Starred", "icon": "star"},
    {"id": 1, "handle": "important", "title": "Priority", "icon": "error"},
    {"id": 2, "handle": "dueDate", "title": "Scheduled", "icon": "schedule"},
    {"id": 3, "handle": "today", "title": "Today", "icon": "today"},
    {"id": 4, "handle": "completed", "title": "Done", "icon": "check"},
    {"id": 5, "handle": "deleted", "title": "Deleted", "icon": "delete"},
]
LABELS: list[dict[str, Any]] = [
    {"id": 1, "handle": "frontend", "title": "Frontend", "color": "#388E3C"},
    {"id": 2, "handle": "backend", "title": "Backend", "color": "#F44336"},
    {"id": 3, "handle": "api", "title": "API", "color": "#FF9800"},
    {"id": 4, "handle": "issue", "title": "Issue", "color": "#0091EA"},
    {"id": 5, "handle": "mobile", "title": "Mobile", "color": "#9C27B0"},
]

VERBS = ["Review", "Update", "Fix", "Prepare", "Test", "Document", "Plan", "Migrate", "Refactor", "Deploy"]
OBJECTS = [
    "the asset import script",
    "inspection reminders",
    "the login page copy",
    "the leads pipeline chart",
    "document thumbnails",
    "the mobile navigation drawer",
    "API rate limits",
    "the quarterly risk report",
    "firmware update notes",
    "the staff directory",
    "search suggestions",
    "the chat presence indicator",
    "calibration records",
    "the settings panel",
    "upload size checks",
]
NOTES = [
    "Id nulla nulla proident deserunt deserunt proident in quis. Cillum reprehenderit labore id anim laborum.",
    "Check with the site team before changing anything in production.",
    "Pair with the hardware group on the test bench.",
    "Keep the old behaviour behind a setting until the next release.",
    "Bring the numbers to Monday's stand-up.",
    "",
]


def _todo(rng: random.Random, index: int) -> dict[str, Any]:
    start = ANCHOR + timedelta(days=rng.randint(-20, 10), hours=rng.randint(0, 8))
    due = start + timedelta(days=rng.randint(1, 14)) if rng.random() < 0.7 else None
    return {
        "id": f"{rng.getrandbits(96):024x}",
        "title": f"{VERBS[index % len(VERBS)]} {rng.choice(OBJECTS)}",
        "notes": rng.choice(NOTES),
        "startDate": iso(start),
        "dueDate": iso(due) if due else None,
        "completed": rng.random() < 0.3,
        "starred": rng.random() < 0.25,
        "important": rng.random() < 0.3,
        "deleted": rng.random() < 0.1,
        "labels": sorted(rng.sample([label["id"] for label in LABELS], rng.choice([0, 1, 1, 2]))),
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    todos = [_todo(rng, index) for index in range(40)]
    # Every filter and label shows something: at least one deleted, one due on the anchor day, each label.
    todos[1]["deleted"] = True
    todos[2]["dueDate"] = iso(ANCHOR.replace(hour=17))
    for label in LABELS:
        if not any(label["id"] in t["labels"] for t in todos if not t["deleted"]):
            todos[label["id"] * 3]["labels"].append(label["id"])
    return {"folders": FOLDERS, "filters": FILTERS, "labels": LABELS, "todos": todos}
