"""File manager sample data: folders, documents and spreadsheets with the spec's fields.

The spec spells the extension field ``extention``; the data keeps that spelling so the UI reads it.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from ops.samples.pictures import picture

# A fixed "today" so the data does not change from one generation to the next.
ANCHOR = date(2026, 11, 20)
PREVIEW = picture("etc", "sample-file-preview")
OWNERS = ["me", "Emily Bennett", "Carl Henderson", "Helen Sheridan", "public"]

FOLDERS = ["Work Documents", "Public Documents", "Site Photos", "Inspection Reports"]
DOCUMENTS = [
    ("Ongoing projects", "docx"),
    ("Shopping list", "txt"),
    ("Method statement - substation", "pdf"),
    ("Meeting notes 2026-11-12", "docx"),
    ("Safety induction", "pdf"),
    ("Firmware release notes", "md"),
    ("Proposal - Contoso Rail", "docx"),
]
SPREADSHEETS = [
    ("Invoices", "xlsx"),
    ("Crop circles", "xlsx"),
    ("Calibration register", "xlsx"),
    ("Budget 2027", "ods"),
    ("Spare parts stock", "csv"),
]
LOCATIONS = ["My Files > Documents", "My Files > Shared", "My Files > Projects", "My Files"]


def _text(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"  # 'July 8, 2017', as the template shows dates


def _file(rng: random.Random, index: int, name: str, kind: str, extension: str) -> dict[str, Any]:
    created = ANCHOR - timedelta(days=rng.randint(30, 400))
    modified = created + timedelta(days=rng.randint(0, (ANCHOR - created).days))
    opened = modified + timedelta(days=rng.randint(0, (ANCHOR - modified).days))
    size = "" if kind == "folder" else f"{rng.randint(12, 2400) / 100:.1f} Mb"
    return {
        "id": str(index),
        "name": name,
        "type": kind,
        "owner": rng.choice(OWNERS),
        "size": size,
        "modified": _text(modified),
        "opened": _text(opened),
        "created": _text(created),
        "extention": extension,
        "location": rng.choice(LOCATIONS),
        "offline": rng.random() < 0.4,
        "preview": PREVIEW,
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    entries = [(name, "folder", "") for name in FOLDERS]
    entries += [(name, "document", ext) for name, ext in DOCUMENTS]
    entries += [(name, "spreadsheet", ext) for name, ext in SPREADSHEETS]
    files = [_file(rng, index, *entry) for index, entry in enumerate(entries, start=1)]
    files.insert(len(FOLDERS), {**ARCHIVE, "preview": PREVIEW})  # the folders first
    _place(files)
    return {"files": files}


# Folders hold files (issue 23: the file manager's folders and breadcrumb): a folder inside a folder
# too. The item id -> the id of the folder it sits in; the rest sit at the top ("My Files").
ARCHIVE = {
    "id": "17",
    "name": "Archive",
    "type": "folder",
    "owner": "Emily Bennett",
    "size": "",
    "modified": "May 2, 2026",
    "opened": "September 1, 2026",
    "created": "January 12, 2026",
    "extention": "",
    "offline": False,
}
PLACED = {"7": "4", "8": "1", "9": "4", "11": "1", "13": "17", "17": "1"}


def _place(files: list[dict[str, Any]]) -> None:
    """Each item's folderId and its location, the path of folder names from the top."""
    by_id = {item["id"]: item for item in files}

    def path(item_id: str | None) -> str:
        return "My Files" if item_id is None else f"{path(PLACED.get(item_id))} > {by_id[item_id]['name']}"

    for item in files:
        item["folderId"] = PLACED.get(item["id"])
        item["location"] = path(item["folderId"])
