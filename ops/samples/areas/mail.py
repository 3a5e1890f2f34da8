"""Mail sample data: the spec's folders, filters and labels (with their ids) and a mailbox of ~60 mails."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from ops.samples.areas._shared import hex_id
from ops.samples.pictures import picture

# A fixed "now" so the data does not change from one generation to the next.
ANCHOR = datetime(2026, 11, 20, 17, 30, tzinfo=UTC)
ME = {"name": "me", "email": "staff@portal.example"}

FOLDERS: list[dict[str, Any]] = [
    {"id": 0, "handle": "inbox", "title": "Inbox", "translate": "INBOX", "icon": "inbox"},
    {"id": 1, "handle": "sent", "title": "Sent", "translate": "SENT", "icon": "send"},
    {"id": 2, "handle": "drafts", "title": "Drafts", "translate": "DRAFTS", "icon": "email_open"},
    {"id": 3, "handle": "spam", "title": "Spam", "translate": "SPAM", "icon": "error"},
    {"id": 4, "handle": "trash", "title": "Trash", "translate": "TRASH", "icon": "delete"},
]
FILTERS: list[dict[str, Any]] = [
    {"id": 0, "handle": "starred", "title": "Starred", "translate": "STARRED", "icon": "star"},
    {"id": 1, "handle": "important", "title": "Important", "translate": "IMPORTANT", "icon": "label"},
]
# The spec: note, one named after an online payment provider, invoice, one named after an online retailer.
LABELS: list[dict[str, Any]] = [
    {"id": 0, "handle": "note", "title": "Note", "color": "#7cb342"},
    {"id": 1, "handle": "paypal", "title": "Paypal", "color": "#d84315"},
    {"id": 2, "handle": "invoice", "title": "Invoice", "color": "#607d8b"},
    {"id": 3, "handle": "amazon", "title": "Amazon", "color": "#03a9f4"},
]

PEOPLE = [
    ("Alice", "Freeman"),
    ("Arnold", "Matlock"),
    ("Barrera", "Bradbury"),
    ("Blair", "Strangeway"),
    ("Boyle", "Winters"),
    ("Carl", "Henderson"),
    ("Christy", "Camacho"),
    ("Copeland", "Redcliff"),
    ("Estes", "Stevens"),
    ("Garry", "Newman"),
    ("Helen", "Sheridan"),
    ("Henderson", "Cambias"),
    ("Josefina", "Lakefield"),
    ("Katina", "Bletchley"),
    ("Lily", "Peterson"),
    ("Mai", "Nox"),
    ("Nora", "Franklin"),
    ("Odessa", "Goodman"),
    ("Reyna", "Preece"),
    ("Shauna", "Atherton"),
    ("Shepard", "Rosco"),
    ("Tillman", "Lee"),
    ("Trevino", "Bush"),
    ("Velazquez", "Smethley"),
]
DOMAINS = ["creapond.example", "withinpixels.example", "northgrid.example", "voltline.example"]

SUBJECTS = [
    "Commits that need to be pushed",
    "Inspection schedule for the north substation",
    "Quote for the SCADA retrofit",
    "Your payment has been received",
    "Invoice #{n} is ready",
    "Your order has shipped",
    "Minutes of the weekly site meeting",
    "Firmware release 4.{n} notes",
    "Calibration certificates for the thermal cameras",
    "Request for a site visit",
    "Updated drawings for the control cabinet",
    "Safety induction for new contractors",
    "Change request {n}: cable routing",
    "Reminder: timesheets due Friday",
    "Supplier onboarding documents",
    "Welcome to the team!",
    "Draft: proposal for Contoso Rail",
    "Question about the risk register",
    "Hardware test results",
    "Spare parts order confirmation",
]
SENTENCES = [
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
    "Please have a look at the attached files before our call.",
    "The site team confirmed the access window for next week.",
    "Let me know if anything in the schedule needs to move.",
    "We still need the signed method statement from the subcontractor.",
    "The readings are within tolerance except for panel B.",
    "I have updated the tracker with the latest figures.",
    "Could you confirm the delivery address for the spare parts?",
    "Thanks again for the quick turnaround on this.",
    "Fusce non tortor eget urna ullamcorper tincidunt vitae nec nunc.",
]
ATTACHMENTS = [
    {"type": "image", "fileName": "site-photo", "preview": picture("etc", "early-sunrise"), "size": "1.1Mb"},
    {"type": "image", "fileName": "cabinet-layout", "preview": picture("etc", "air-balloon"), "size": "880Kb"},
    {"type": "pdf", "fileName": "inspection-report.pdf", "preview": picture("etc", "pdf"), "size": "2.4Mb"},
    {"type": "pdf", "fileName": "quote.pdf", "preview": picture("etc", "pdf"), "size": "310Kb"},
    {"type": "sheet", "fileName": "readings.xlsx", "preview": picture("etc", "sheet"), "size": "96Kb"},
]
# Rough share of each folder in a mailbox: mostly inbox.
FOLDER_WEIGHTS = [0.55, 0.15, 0.1, 0.08, 0.12]


def _person(first: str, last: str, domain: str) -> dict[str, str]:
    return {
        "name": f"{first} {last}",
        "avatar": picture("avatars", first),
        "email": f"{first.lower()}.{last.lower()}@{domain}",
    }


def _message(rng: random.Random, first: str) -> str:
    paragraphs = [" ".join(rng.sample(SENTENCES, rng.randint(2, 4))) for _ in range(rng.randint(1, 3))]
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return f"<p>Hi {first},</p>{body}<p>Best regards,</p>"


def _mail(rng: random.Random, index: int, when: datetime) -> dict[str, Any]:
    first, last = rng.choice(PEOPLE)
    folder = rng.choices([f["id"] for f in FOLDERS], FOLDER_WEIGHTS)[0]
    sender = _person(first, last, rng.choice(DOMAINS))
    outgoing = folder in (1, 2)  # sent and drafts are written by "me"
    attachments = [{**a, "url": ""} for a in rng.sample(ATTACHMENTS, rng.randint(1, 3))] if rng.random() < 0.3 else []
    labels = sorted(rng.sample([label["id"] for label in LABELS], rng.choice([0, 0, 1, 1, 2])))
    return {
        "id": hex_id(rng),
        "from": {"name": "me", "avatar": picture("avatars", "profile"), "email": ME["email"]} if outgoing else sender,
        "to": [{"name": sender["name"], "email": sender["email"]}] if outgoing else [ME],
        "subject": rng.choice(SUBJECTS).format(n=1000 + index),
        "message": _message(rng, first if outgoing else "team"),
        "time": when.isoformat().replace("+00:00", "Z"),
        "read": outgoing or rng.random() < 0.6,
        "starred": rng.random() < 0.25,
        "important": rng.random() < 0.25,
        "hasAttachments": bool(attachments),
        "attachments": attachments,
        "labels": labels,
        "folder": folder,
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    mails = []
    when = ANCHOR
    for index in range(60):
        mails.append(_mail(rng, index, when))
        when -= timedelta(minutes=rng.randint(20, 60 * 20))
    # Make sure every folder, filter and label shows at least one mail.
    for folder in FOLDERS:
        if not any(m["folder"] == folder["id"] for m in mails):
            mails[folder["id"] * 3]["folder"] = folder["id"]
    for label in LABELS:
        if not any(label["id"] in m["labels"] for m in mails):
            mails[label["id"] * 2]["labels"].append(label["id"])
    return {"folders": FOLDERS, "filters": FILTERS, "labels": LABELS, "mails": mails}
