"""Contacts sample data: ~40 contacts and the app's user with starred, frequent contacts and groups."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from ops.samples.areas._shared import hex_id
from ops.samples.pictures import picture

FIRST_NAMES = [
    "Abbott", "Arnold", "Barrera", "Blair", "Boyle", "Christy", "Copeland", "Estes", "Dunlap", "Francis",
    "Haley", "Henderson", "Josefina", "Katina", "Lily", "Mai", "Nancy", "Nora", "Odessa", "Reyna",
    "Shauna", "Shepard", "Tillman", "Trevino", "Tyler", "Velazquez", "Wendy", "Yolanda", "Zane", "Quentin",
    "Ingrid", "Pablo", "Greta", "Omar", "Leona", "Victor", "Hana", "Rafael", "Maren", "Dario",
]  # fmt: skip
LAST_NAMES = [
    "Keitch", "Matlock", "Bradbury", "Strangeway", "Winters", "Camacho", "Redcliff", "Stevens", "Garcia",
    "Hayes", "Sheridan", "Cambias", "Lakefield", "Bletchley", "Peterson", "Nox", "Goodman", "Preece",
    "Atherton", "Rosco", "Lee", "Bush", "Smethley", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak",
]  # fmt: skip
NICKNAMES = ["Royalguard", "Pinkie", "Bear", "Doc", "Sparky", "Ace", "Wiz", "Scout", "Boss", "Captain"]
COMPANIES = ["Saois", "Emtrac", "Laotcone", "Gophenode", "Skitpanic", "Northgrid", "Voltline", "Ferrocore"]
JOB_TITLES = [
    "Digital Archivist",
    "Site Engineer",
    "Electrical Inspector",
    "Project Manager",
    "Procurement Officer",
    "Firmware Developer",
    "Safety Advisor",
    "Account Director",
    "Field Technician",
    "Quality Auditor",
]
STREETS = ["8th Street", "Oak Lane", "Harbour Road", "Mill Street", "Station Avenue", "Church Road", "Elm Street"]
TOWNS = ["Stamford, CT 06902", "Albany, NY 12203", "Salem, OR 97301", "Dover, DE 19901", "Austin, TX 78701"]
NOTES = [
    "",
    "",
    "Prefers a call to an email.",
    "Met at the trade fair; interested in the inspection service.",
    "Handles the framework agreement renewals.",
    "Needs site access forms two days in advance.",
]


def _contact(rng: random.Random, first: str) -> dict[str, Any]:
    last = rng.choice(LAST_NAMES)
    company = rng.choice(COMPANIES)
    birthday = date(1960, 1, 1) + timedelta(days=rng.randint(0, 40 * 365)) if rng.random() < 0.6 else None
    return {
        "id": hex_id(rng),
        "name": first,
        "lastName": last,
        "avatar": picture("avatars", first),
        "nickname": rng.choice(NICKNAMES),
        "company": company,
        "jobTitle": rng.choice(JOB_TITLES),
        "email": f"{first.lower()}.{last.lower()}@{company.lower()}.example",
        "phone": f"+1-202-555-{rng.randint(0, 9999):04d}",
        "address": f"{rng.randint(1, 999)} {rng.choice(STREETS)} {rng.choice(TOWNS)}",
        "birthday": birthday.isoformat() if birthday else None,
        "notes": rng.choice(NOTES),
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    contacts = sorted((_contact(rng, first) for first in FIRST_NAMES), key=lambda c: (c["name"], c["lastName"]))
    ids = [c["id"] for c in contacts]
    user = {
        "id": hex_id(rng),
        "name": "John Doe",
        "avatar": picture("avatars", "profile"),
        "starred": rng.sample(ids, 8),
        "frequentContacts": rng.sample(ids, 10),
        "groups": [
            {"id": hex_id(rng), "name": name, "contactIds": rng.sample(ids, rng.randint(3, 7))}
            for name in ("Friends", "Clients", "Recent Workers")
        ],
    }
    return {"contacts": contacts, "user": [user]}
