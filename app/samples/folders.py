"""What the mail and to-do areas share: items in folders with labels, chosen by handle, moved and
labelled in bulk (the selected items that still exist; another user may have deleted some)."""

from __future__ import annotations

from typing import Any

from app.errors import invalid
from app.samples.store import SampleStore


async def ids(store: SampleStore, kind: str) -> set[int]:
    return {item["id"] for item in await store.all(kind)}


async def handle_id(store: SampleStore, kind: str, handle: str) -> int | None:
    """The id of the folder, filter or label with this handle (None: matches nothing)."""
    return next((item["id"] for item in await store.all(kind) if item["handle"] == handle), None)


async def check_refs(store: SampleStore, *, folder: int | None = None, labels: list[int] | None = None) -> None:
    """422 when an item names a folder or labels the area does not have."""
    if folder is not None and folder not in await ids(store, "folders"):
        raise invalid(f"Unknown folder: {folder}.", {"folder": "Use the id of an existing folder."})
    unknown = sorted(set(labels or []) - await ids(store, "labels"))
    if unknown:
        raise invalid(f"Unknown labels: {unknown}.", {"labels": "Use the ids of existing labels."})


async def _selected(items: SampleStore, kind: str, selected: list[str]) -> list[dict[str, Any]]:
    wanted = set(selected)
    return [item for item in await items.all(kind) if item["id"] in wanted]


async def move(items: SampleStore, area: SampleStore, kind: str, selected: list[str], folder_id: int) -> None:
    """``set-folder``: the selected items of ``items`` into the folder ``folder_id`` of ``area``."""
    if folder_id not in await ids(area, "folders"):
        raise invalid(f"Unknown folder: {folder_id}.", {"folderId": "Use the id of an existing folder."})
    for item in await _selected(items, kind, selected):
        await items.put(kind, item["id"], {**item, "folder": folder_id})


def toggled(labels: list[int], label_id: int) -> list[int]:
    return [x for x in labels if x != label_id] if label_id in labels else [*labels, label_id]


async def toggle_label(items: SampleStore, area: SampleStore, kind: str, selected: list[str], label_id: int) -> None:
    """``toggle-label``: the label added to the selected items without it, taken off the others."""
    if label_id not in await ids(area, "labels"):
        raise invalid(f"Unknown label: {label_id}.", {"labelId": "Use the id of an existing label."})
    for item in await _selected(items, kind, selected):
        await items.put(kind, item["id"], {**item, "labels": toggled(item.get("labels", []), label_id)})
