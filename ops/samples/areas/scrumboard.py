"""Scrumboard: two boards, each with its members, labels, several lists and a dozen cards.

Cards carry members, labels, checklists, image and link attachments (cover images are plain
URLs), comments and activities. Every id is a string; times are ISO dates.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from ops.samples.pictures import picture

NOW = datetime(2025, 11, 3, 9, 30)

MEMBERS = [
    ("Alice Freeman", "alice"),
    ("Danielle Obrien", "danielle"),
    ("James Lewis", "james"),
    ("John Doe", "john"),
    ("Katherine Kidd", "katherine"),
    ("Vincent Munoz", "vincent"),
]

LABELS = [
    ("High Priority", "bg-red text-white"),
    ("Design", "bg-orange text-white"),
    ("App", "bg-blue text-white"),
    ("Feature", "bg-purple text-white"),
    ("Bug", "bg-pink text-white"),
    ("Chore", "bg-grey text-white"),
]

BOARDS = [
    (
        "ACME Frontend Application",
        {
            "Design": ["Change background colors", "Redesign the sign-in page", "Icons for the new menu"],
            "Development": [
                "Update generators",
                "Add the settings panel",
                "Lazy-load the charts",
                "Keyboard shortcuts for the mail app",
            ],
            "Upcoming Features": ["Dark theme for the calendar", "Drag and drop uploads", "Offline mode"],
            "Known Bugs": ["Menu flickers on hover", "Dates shift by one day in Safari"],
        },
    ),
    (
        "ACME Backend Application",
        {
            "Backlog": ["Rate limiting for the public API", "Archive old audit logs", "Export to CSV"],
            "In Progress": ["Move sessions to Redis", "Paginate the search results"],
            "Review": ["Retry failed webhooks", "Health check endpoint"],
            "Done": ["Upgrade the database driver", "Structured logging", "Nightly backups"],
        },
    ),
]

CHECK_ITEMS = [
    "Write the acceptance criteria",
    "Agree on the design",
    "Implement it",
    "Add tests",
    "Update the documentation",
    "Demo to the team",
]

COMMENTS = [
    "I can take this one next week.",
    "The design team signed this off yesterday.",
    "Let's keep it small and ship it behind a flag.",
    "Found a related issue, linking it here.",
    "Tested on the staging server, works for me.",
    "Can we pair on this tomorrow morning?",
]


def hex_id(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(24))


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def ago(rng: random.Random, most_minutes: int) -> str:
    return iso(NOW - timedelta(minutes=rng.randint(5, most_minutes)))


def attachments(rng: random.Random) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    if rng.random() < 0.45:
        number = rng.randint(1, 8)
        found.append(
            {
                "id": hex_id(rng),
                "name": f"cover-{number}.jpg",
                "src": picture("scrumboard", f"cover-{number}"),
                "time": ago(rng, 60 * 24 * 20),
                "type": "image",
            }
        )
    if rng.random() < 0.3:
        found.append(
            {
                "id": hex_id(rng),
                "name": "Design guidelines",
                "url": "https://m3.material.io/",
                "time": ago(rng, 60 * 24 * 20),
                "type": "link",
            }
        )
    return found


def checklists(rng: random.Random) -> list[dict[str, object]]:
    result: list[dict[str, object]] = []
    for number in range(rng.choice([0, 0, 1, 1, 2])):
        items = rng.sample(CHECK_ITEMS, rng.randint(2, 5))
        result.append(
            {
                "id": hex_id(rng),
                "name": "Checklist" if number == 0 else f"Checklist {number + 1}",
                "checkItems": [
                    {"id": str(i), "name": name, "checked": rng.random() < 0.4} for i, name in enumerate(items, 1)
                ],
            }
        )
    return result


def activities(rng: random.Random, member_ids: list[str], card_attachments: list[dict[str, object]]) -> list[object]:
    result: list[object] = []
    for message in rng.sample(COMMENTS, rng.randint(0, 3)):
        result.append(
            {
                "id": str(len(result) + 1),
                "type": "comment",
                "idMember": rng.choice(member_ids),
                "message": message,
                "time": ago(rng, 60 * 24 * 10),
            }
        )
    for attachment in card_attachments:
        result.append(
            {
                "id": str(len(result) + 1),
                "type": "attachment",
                "idMember": rng.choice(member_ids),
                "message": f"attached {attachment['name']}",
                "time": attachment["time"],
            }
        )
    return result


def card(rng: random.Random, name: str, member_ids: list[str], label_ids: list[str]) -> dict[str, object]:
    card_attachments = attachments(rng)
    cover = next((str(a["id"]) for a in card_attachments if a["type"] == "image"), "")
    due = NOW + timedelta(days=rng.randint(-10, 30)) if rng.random() < 0.5 else None
    return {
        "id": hex_id(rng),
        "name": name,
        "description": rng.choice(["", f"{name}. See the linked discussion for the details."]),
        "idAttachmentCover": cover,
        "idMembers": rng.sample(member_ids, rng.randint(1, 3)),
        "idLabels": rng.sample(label_ids, rng.randint(0, 2)),
        "attachments": card_attachments,
        "subscribed": rng.random() < 0.5,
        "checklists": checklists(rng),
        "activities": activities(rng, member_ids, card_attachments),
        "due": iso(due) if due else None,
    }


def board(rng: random.Random, name: str, lists: dict[str, list[str]]) -> dict[str, object]:
    members = [
        {"id": hex_id(rng), "name": full, "avatar": picture("avatars", short)} for full, short in rng.sample(MEMBERS, 5)
    ]
    labels = [{"id": hex_id(rng), "name": label, "class": css} for label, css in LABELS]
    member_ids = [str(m["id"]) for m in members]
    label_ids = [str(label["id"]) for label in labels]
    cards: list[dict[str, object]] = []
    board_lists: list[dict[str, object]] = []
    for list_name, card_names in lists.items():
        made = [card(rng, card_name, member_ids, label_ids) for card_name in card_names]
        cards.extend(made)
        board_lists.append({"id": hex_id(rng), "name": list_name, "idCards": [c["id"] for c in made]})
    return {
        "id": hex_id(rng),
        "name": name,
        "uri": name.lower().replace(" ", "-"),
        "settings": {"color": "fuse-dark", "subscribed": True, "cardCoverImages": True},
        "lists": board_lists,
        "cards": cards,
        "members": members,
        "labels": labels,
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    return {"boards": [board(rng, name, lists) for name, lists in BOARDS]}
