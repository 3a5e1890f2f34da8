"""The three record resources described as data: table, models, search, filters and ownership."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic.alias_generators import to_camel
from sqlmodel import SQLModel

from schemas.options import AssetCategory, AssetStatus, Department, DocumentState, LeadStage, Risk
from schemas.records import (
    SORTABLE,
    Asset,
    AssetCreate,
    AssetPublic,
    AssetUpdate,
    Document,
    DocumentCreate,
    DocumentPublic,
    DocumentUpdate,
    Lead,
    LeadCreate,
    LeadPublic,
    LeadUpdate,
)


@dataclass(frozen=True)
class SearchFields:
    """What ``q`` searches (migration a7f3c2d91e04 keeps the database's indexes of these fields).

    A record whose ``head`` fields hold every word ranks above one that needs its ``rest`` fields;
    ``trigram`` fields also match any part of a word of 3 or more characters; ``exact`` fields that
    equal the whole query rank first of all.
    """

    head: tuple[str, ...]
    rest: tuple[str, ...]
    trigram: tuple[str, ...] = ()
    exact: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResourceSpec:
    name: str
    label: str
    table: type[SQLModel]
    create_model: type[SQLModel]
    update_model: type[SQLModel]
    public_model: type[SQLModel]
    search: SearchFields
    enum_filters: dict[str, type[StrEnum]]
    id_filters: tuple[str, ...]
    # user-reference column -> name of the nested {id, displayName} field in the answer
    user_refs: dict[str, str]
    # column holding the user who owns the record for the technician rules (assignee / uploader)
    owner_column: str | None = None
    # columns referencing other records, checked on write: column -> resource name
    record_refs: dict[str, str] = field(default_factory=dict)
    unique_columns: tuple[str, ...] = ()
    # Fields whose counts per value the database keeps (record_counts): the first is the one whose
    # counts add up to the whole table.
    counted: tuple[str, ...] = ()

    @property
    def sortable(self) -> dict[str, str]:
        """camelCase sort key -> column name: ``id`` and every column with a (column, id) index."""
        return {"id": "id", **{to_camel(c): c for c in SORTABLE[self.name]}}


_META_REFS = {"created_by_id": "created_by", "updated_by_id": "updated_by"}

ASSETS = ResourceSpec(
    name="assets",
    label="asset",
    table=Asset,
    create_model=AssetCreate,
    update_model=AssetUpdate,
    public_model=AssetPublic,
    search=SearchFields(
        head=("tag", "name", "serial_number"),
        rest=("location", "category", "notes"),
        trigram=("tag", "serial_number", "name"),
        exact=("tag", "serial_number"),
    ),
    enum_filters={"status": AssetStatus, "risk": Risk, "department": Department, "category": AssetCategory},
    id_filters=("assigned_technician_id",),
    user_refs={"assigned_technician_id": "assigned_technician", **_META_REFS},
    owner_column="assigned_technician_id",
    unique_columns=("tag",),
    counted=("status", "risk", "department", "category", "next_inspection"),
)

DOCUMENTS = ResourceSpec(
    name="documents",
    label="document",
    table=Document,
    create_model=DocumentCreate,
    update_model=DocumentUpdate,
    public_model=DocumentPublic,
    search=SearchFields(head=("title", "original_name", "notes"), rest=("text",)),
    enum_filters={"state": DocumentState, "department": Department},
    id_filters=("asset_id", "lead_id", "uploaded_by_id"),
    user_refs={"uploaded_by_id": "uploaded_by", **_META_REFS},
    owner_column="uploaded_by_id",
    record_refs={"asset_id": "assets", "lead_id": "leads"},
    counted=("state", "department"),
)

LEADS = ResourceSpec(
    name="leads",
    label="opportunity",
    table=Lead,
    create_model=LeadCreate,
    update_model=LeadUpdate,
    public_model=LeadPublic,
    search=SearchFields(head=("title", "client_company", "contact_name"), rest=("contact_email", "notes")),
    enum_filters={"stage": LeadStage, "risk": Risk, "department": Department},
    id_filters=("owner_id",),
    user_refs={"owner_id": "owner", **_META_REFS},
    counted=("stage", "risk", "department"),
)

RESOURCES: dict[str, ResourceSpec] = {spec.name: spec for spec in (ASSETS, DOCUMENTS, LEADS)}
TABLES: dict[str, Any] = {spec.name: spec.table for spec in RESOURCES.values()}
