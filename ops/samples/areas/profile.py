"""Profile page: timeline (activities and posts), photos and videos (albums), about (sections).

Kinds: ``activities`` and ``posts`` make the timeline; ``albums`` the photos and videos; ``about``
holds the general, work and contact sections (one item each, id = section name) and ``groups`` and
``friends`` the two lists of the about page.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from ops.samples.pictures import picture

PEOPLE = [
    ("Alice Freeman", "alice"),
    ("Andrew Green", "andrew"),
    ("Carl Henderson", "carl"),
    ("Danielle Obrien", "danielle"),
    ("Garry Newman", "garry"),
    ("James Lewis", "james"),
    ("Jane Dean", "jane"),
    ("Joyce Walters", "joyce"),
    ("Katherine Ryan", "katherine"),
    ("Vincent Munoz", "vincent"),
]
ACTIVITY = [
    "started following you.",
    "sent you a message.",
    "shared a public post with your group.",
    "commented on your inspection report.",
    "liked your post.",
    "added you to the Field Service group.",
]
POSTS = [
    ("post", "Finished the switchgear refurbishment at the harbour site today. Great teamwork!"),
    ("article", "A short write-up on how we cut calibration turnaround by a third."),
    ("something", "Who is joining the safety briefing on Friday?"),
    ("post", "New thermal camera arrived in Lab 2 - book it through the asset list."),
    ("article", "Lessons learned from the SCADA upgrade for Contoso Rail."),
    ("post", "Photos from the substation monitoring commissioning."),
]
COMMENTS = [
    "Great work, well done!",
    "Thanks for sharing this.",
    "Count me in.",
    "Can we reuse this on the next project?",
    "Impressive result.",
]
ALBUMS = ["Site visits", "Commissioning", "Workshop", "Team day"]
GROUPS = [
    ("Field Service", "Engineering"),
    ("Safety Champions", "Health and safety"),
    ("Firmware Guild", "Software and Firmware"),
    ("Hardware Lab", "Hardware"),
    ("Photography Club", "Social"),
]
BASE = datetime(2026, 11, 1, 9, 0)


def _user(rng: random.Random) -> dict[str, str]:
    name, avatar = rng.choice(PEOPLE)
    return {"name": name, "avatar": picture("avatars", avatar)}


def _time(rng: random.Random) -> str:
    return (BASE - timedelta(minutes=rng.randint(5, 60 * 24 * 30))).strftime("%B %d, %Y at %H:%M")


def _media(rng: random.Random, kind: str = "image") -> dict[str, str]:
    return {"type": kind, "preview": picture("profile", f"photo-{rng.randint(1, 30):02d}")}


def _post(rng: random.Random, n: int, kind: str, message: str) -> dict[str, Any]:
    post: dict[str, Any] = {
        "id": n,
        "user": _user(rng),
        "message": message,
        "time": _time(rng),
        "type": kind,
        "like": rng.randint(0, 120),
        "share": rng.randint(0, 40),
        "comments": [
            {"id": n * 100 + c, "user": _user(rng), "time": _time(rng), "message": rng.choice(COMMENTS)}
            for c in range(1, rng.randint(1, 3) + 1)
        ],
    }
    if kind == "post":
        post["media"] = _media(rng)
    if kind == "article":
        post["article"] = {
            "title": message.split(" - ")[0][:60],
            "subtitle": "Engineering notes",
            "excerpt": message,
            "media": _media(rng),
        }
    return post


def _about() -> list[dict[str, Any]]:
    return [
        {
            "id": "general",
            "gender": "Female",
            "birthday": "February 28th, 1984",
            "locations": ["Leeds, United Kingdom", "Porto, Portugal"],
            "about": "Field engineer who likes tidy cable runs, long site visits and good coffee.",
        },
        {
            "id": "work",
            "occupation": "Senior Field Engineer",
            "skills": "Switchgear, SCADA, PLC programming, thermal imaging",
            "jobs": [
                {"company": "Northwind Utilities", "date": "2019 - Now"},
                {"company": "Contoso Rail", "date": "2014 - 2019"},
                {"company": "Fabrikam Energy", "date": "2010 - 2014"},
            ],
        },
        {
            "id": "contact",
            "address": "1 Harbour Road, Leeds LS1 4AP, United Kingdom",
            "tel": ["+44 113 496 0000", "+44 7700 900123"],
            "websites": ["example.com"],
            "emails": ["field.engineer@example.com", "engineer@example.org"],
        },
    ]


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    activities = [
        {"id": n, "user": _user(rng), "message": rng.choice(ACTIVITY), "time": _time(rng)} for n in range(1, 11)
    ]
    posts = [_post(rng, n, kind, message) for n, (kind, message) in enumerate(POSTS, start=1)]
    albums = [
        {
            "id": n,
            "name": name,
            "info": f"{count} photos",
            "media": [
                {"type": "photo", "title": f"{name} {m}", "preview": _media(rng)["preview"]}
                for m in range(1, count + 1)
            ],
        }
        for n, name in enumerate(ALBUMS, start=1)
        for count in [rng.randint(4, 9)]
    ]
    groups = [
        {"id": n, "name": name, "category": category, "members": f"{rng.randint(5, 60)} members"}
        for n, (name, category) in enumerate(GROUPS, start=1)
    ]
    friends = [
        {"id": n, "name": name, "avatar": picture("avatars", avatar)}
        for n, (name, avatar) in enumerate(PEOPLE, start=1)
    ]
    return {
        "activities": activities,
        "posts": posts,
        "albums": albums,
        "about": _about(),
        "groups": groups,
        "friends": friends,
    }
