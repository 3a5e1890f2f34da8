"""Notes sample data: the spec's six labels and ~26 notes (checklists, images, reminders, archived ones)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from ops.samples.areas._shared import iso
from ops.samples.pictures import picture

# A fixed "now" so the data does not change from one generation to the next.
ANCHOR = datetime(2026, 11, 21, 16, 0, tzinfo=UTC)

LABELS: list[dict[str, Any]] = [
    {"id": 1, "name": "Family", "handle": "family"},
    {"id": 2, "name": "Work", "handle": "work"},
    {"id": 3, "name": "Tasks", "handle": "todos"},
    {"id": 4, "name": "Priority", "handle": "prior"},
    {"id": 5, "name": "Personal", "handle": "personal"},
    {"id": 6, "name": "Friends", "handle": "friends"},
]

TITLES = [
    "Gym plan",
    "Site visit checklist",
    "Shopping list",
    "Ideas for the dashboard",
    "Books to read",
    "Birthday presents",
    "Inspection follow-ups",
    "Meeting notes",
    "Travel to the north depot",
    "Weekend",
    "Passwords policy questions",
    "Garden",
    "Recipes to try",
    "Quarter goals",
    "Car service",
    "",
]
DESCRIPTIONS = [
    "Ea nostrud laboris culpa ad exercitation proident ullamco cillum.",
    "Remember to bring the calibration certificates and the access badge.",
    "Call the supplier about the delayed cable drums.",
    "Ask the team which widgets they use most.",
    "Velit nisi non ullamco nostrud nulla labore esse.",
    "Book the room for Thursday afternoon.",
    "",
]
CHECK_ITEMS = [
    "Find a new company name",
    "Buy new domain name",
    "Print the drawings",
    "Pack safety boots",
    "Charge the thermal camera",
    "Milk",
    "Bread",
    "Coffee beans",
    "Renew the parking permit",
    "Send the monthly report",
]
IMAGES = [
    picture("etc", "early-sunrise"),
    picture("etc", "air-balloon"),
    picture("etc", "mountain"),
    picture("etc", "snow"),
]


def _note(rng: random.Random, index: int, when: datetime) -> dict[str, Any]:
    checklist = (
        [
            {"id": i + 1, "checked": rng.random() < 0.4, "text": text}
            for i, text in enumerate(rng.sample(CHECK_ITEMS, 4))
        ]
        if rng.random() < 0.35
        else []
    )
    reminder = when + timedelta(days=rng.randint(1, 30), hours=rng.randint(0, 10)) if rng.random() < 0.3 else None
    return {
        "id": f"{rng.getrandbits(96):024x}",
        "title": TITLES[index % len(TITLES)],
        "description": rng.choice(DESCRIPTIONS) if checklist == [] else "",
        "archive": rng.random() < 0.15,
        "image": rng.choice(IMAGES) if rng.random() < 0.25 else "",
        "time": iso(when),
        "reminder": iso(reminder) if reminder else None,
        "checklist": checklist,
        "labels": sorted(rng.sample([label["id"] for label in LABELS], rng.choice([0, 1, 1, 2]))),
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    notes = []
    when = ANCHOR
    for index in range(26):
        notes.append(_note(rng, index, when))
        when -= timedelta(hours=rng.randint(3, 60))
    for label in LABELS:
        if not any(label["id"] in n["labels"] for n in notes):
            notes[label["id"]]["labels"].append(label["id"])
    return {"labels": LABELS, "notes": notes}
