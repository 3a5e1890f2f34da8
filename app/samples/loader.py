"""Loads the committed sample data (``ops/samples/data/*.json``) into the sample store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.samples.store import SampleStore
from app.settings import ROOT

DATA = ROOT / "ops" / "samples" / "data"

# The field that identifies an item of a kind, where it is not "id".
KEY_FIELDS: dict[tuple[str, str], str] = {}


def available_areas(data_dir: Path = DATA) -> list[str]:
    return sorted(path.stem for path in data_dir.glob("*.json"))


def read_area(area: str, data_dir: Path = DATA) -> dict[str, list[dict[str, Any]]]:
    content: dict[str, list[dict[str, Any]]] = json.loads((data_dir / f"{area}.json").read_text())
    return content


async def load_area(session: AsyncSession, area: str, data_dir: Path = DATA) -> dict[str, int]:
    """Replace an area's data with the committed sample data; answers the count per kind."""
    store = SampleStore(session, area)
    counts = {}
    for kind, items in read_area(area, data_dir).items():
        await store.replace_all(kind, items, key_field=KEY_FIELDS.get((area, kind), "id"))
        counts[kind] = len(items)
    await session.commit()
    return counts


async def load_all(session: AsyncSession, data_dir: Path = DATA) -> dict[str, dict[str, int]]:
    return {area: await load_area(session, area, data_dir) for area in available_areas(data_dir)}
