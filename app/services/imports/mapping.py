"""Which column of an import file is which field: matched by name, synonyms, or the person's choice."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic.alias_generators import to_camel

from app.services.resources import ResourceSpec
from app.services.tabular import TableError

SYNONYMS = {
    "assets": {"serial": "serialNumber", "technician": "assignedTechnicianId", "cost": "purchaseCost",
               "assignedtechnician": "assignedTechnicianId", "inspection": "nextInspection"},
    "leads": {"client": "clientCompany", "company": "clientCompany", "value": "estimatedValue", "owner": "ownerId",
              "email": "contactEmail", "contact": "contactName", "close": "expectedClose"},
}  # fmt: skip


@dataclass(frozen=True)
class ImportSpec:
    resource: str
    key: str  # the field that finds the record an "update existing" row updates
    user_fields: tuple[str, ...]  # fields holding a user id, checked against active users


IMPORTABLE = {
    "assets": ImportSpec("assets", key="tag", user_fields=("assigned_technician_id",)),
    "leads": ImportSpec("leads", key="id", user_fields=("owner_id",)),
}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def fields(spec: ResourceSpec) -> list[dict[str, Any]]:
    """The importable fields: the create model's, plus ``id`` when it is the update key."""
    found = [
        {"name": info.alias or to_camel(name), "required": info.is_required()}
        for name, info in spec.create_model.model_fields.items()
    ]
    if IMPORTABLE[spec.name].key == "id":
        found.insert(0, {"name": "id", "required": False})
    return found


def auto_mapping(spec: ResourceSpec, headers: list[str]) -> dict[str, str]:
    """Each header's field, matched without regard to case, spaces or punctuation ("" = left out)."""
    names = {_norm(f["name"]): f["name"] for f in fields(spec)}
    names.update({k: v for k, v in SYNONYMS.get(spec.name, {}).items() if _norm(v) in names})
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for header in headers:
        wanted = names.get(_norm(header), "")
        mapping[header] = "" if wanted in taken else wanted
        taken.add(wanted)
    return mapping


def resolve_mapping(spec: ResourceSpec, headers: list[str], asked: Mapping[str, Any]) -> dict[str, str]:
    """The automatic mapping with the person's choices over it; TableError naming what is wrong."""
    mapping = auto_mapping(spec, headers)
    known = {f["name"] for f in fields(spec)}
    for header, wanted in asked.items():
        if header not in mapping:
            raise TableError(f"The mapping names a column the file does not have: {header!r}.")
        if wanted and wanted not in known:
            raise TableError(f"{wanted!r} is not a field of {spec.name} that can be imported.")
        mapping[header] = wanted or ""
    chosen = [f for f in mapping.values() if f]
    twice = sorted({f for f in chosen if chosen.count(f) > 1})
    if twice:
        raise TableError(f"Several columns are mapped to {', '.join(twice)}; map each field once.")
    missing = [f["name"] for f in fields(spec) if f["required"] and f["name"] not in chosen]
    if missing:
        raise TableError(f"No column is mapped to {', '.join(missing)} (required).")
    return mapping
