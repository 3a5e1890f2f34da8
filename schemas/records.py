"""Assets, documents and opportunities (leads): tables and API models, one ladder per entity.

Each entity has ``<Entity>Base`` (the fields a user edits), the table, ``<Entity>Create``,
``<Entity>Update`` (every field optional, plus ``id`` and the ``version`` the edit was based on) and
``<Entity>Public``. The base classes are SQLModel models with camelCase aliases, so the same
field definitions validate input, build table rows and shape answers.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import EmailStr, JsonValue, PlainSerializer, model_validator
from pydantic import Field as PydanticField
from pydantic.alias_generators import to_camel
from sqlalchemy import JSON, Boolean, Column, ForeignKey, Index, Integer, Numeric, String, Text, false, func
from sqlmodel import Field, SQLModel
from sqlmodel._compat import SQLModelConfig

from schemas.base import DB_INT_MAX, ApiModel, UtcDateTime, utcnow
from schemas.options import AssetCategory, AssetStatus, Department, DocumentState, InspectionResult, LeadStage, Risk
from schemas.query import Flag, QueryModel
from schemas.users import UserRef

Money = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]

_CAMEL = SQLModelConfig(alias_generator=to_camel, populate_by_name=True, from_attributes=True)
_INPUT = SQLModelConfig(alias_generator=to_camel, populate_by_name=True, extra="forbid", str_strip_whitespace=True)


# Ids are never reused after a delete (SQLite would otherwise hand out max(id)+1 again), so history,
# pushed events and links that name a deleted record can never be mistaken for a newer one.
NEVER_REUSE_IDS = {"sqlite_autoincrement": True}

# The columns a list can be sorted by. Each has an index on (column, id) (migration a7f3c2d91e04):
# it serves the order in both directions with ``id`` as the tie-breaker, the keyset condition of the
# next page, and the column's filter. Long text (notes, extracted text) is searched, not sorted.
SORTABLE: dict[str, tuple[str, ...]] = {
    "assets": (
        "tag", "name", "category", "serial_number", "department", "status", "risk", "location",
        "assigned_technician_id", "next_inspection", "purchase_date", "purchase_cost", "created_at", "updated_at",
    ),
    "documents": (
        "title", "state", "department", "asset_id", "lead_id", "uploaded_by_id", "original_name", "media_type",
        "size", "page_count", "created_at", "updated_at",
    ),
    "leads": (
        "title", "client_company", "contact_name", "contact_email", "stage", "estimated_value", "probability",
        "risk", "department", "owner_id", "expected_close", "created_at", "updated_at",
    ),
}  # fmt: skip


def _table_args(table: str, *extra: Index) -> tuple[Any, ...]:
    indexes = [Index(f"ix_{table}_{column}_id", column, "id") for column in SORTABLE[table]]
    return (*indexes, *extra, NEVER_REUSE_IDS)


def _user_fk(*, index: bool = False) -> Any:
    # A fresh Column per table: sqlmodel builds it from these arguments for each subclass.
    return Field(default=None, foreign_key="users.id", ondelete="SET NULL", index=index, nullable=True)


class RecordMeta(SQLModel):
    """Columns every record carries: identity, optimistic-lock version and audit stamps."""

    id: int | None = Field(default=None, primary_key=True)
    version: int = Field(default=1)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    created_by_id: int | None = _user_fk()
    updated_by_id: int | None = _user_fk()


class PublicMeta(ApiModel):
    id: int
    version: int
    created_at: datetime
    updated_at: datetime
    created_by: UserRef | None = None
    updated_by: UserRef | None = None


class UpdateMeta(SQLModel):
    model_config = _INPUT
    id: int = Field(le=DB_INT_MAX)
    version: int = Field(ge=1, le=DB_INT_MAX)


# --- Assets ----------------------------------------------------------------------------------------


class AssetBase(SQLModel):
    model_config = _CAMEL
    tag: str = Field(min_length=1, max_length=32)
    name: str = Field(min_length=1, max_length=200)
    category: AssetCategory = Field(sa_column=Column(String(40), nullable=False))
    serial_number: str | None = Field(default=None, max_length=100)
    department: Department = Field(sa_column=Column(String(40), nullable=False))
    status: AssetStatus = Field(default=AssetStatus.GOOD, sa_column=Column(String(8), nullable=False))
    risk: Risk = Field(default=Risk.L, sa_column=Column(String(4), nullable=False))
    location: str | None = Field(default=None, max_length=200)
    assigned_technician_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    next_inspection: date | None = None
    purchase_date: date | None = None
    purchase_cost: Money | None = Field(default=None, ge=0, max_digits=12, decimal_places=2)
    notes: str | None = Field(default=None, max_length=10_000)
    # The last inspection ("Inspection done" in My work, app/services/inspections.py): a versioned
    # update of these fields, so the asset's history is the inspection log.
    last_inspected_on: date | None = None
    last_inspection_result: InspectionResult | None = Field(default=None, sa_column=Column(String(8), nullable=True))
    last_inspection_note: str | None = Field(default=None, max_length=2000)
    last_inspection_document_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)  # a photo (a document)


class Asset(RecordMeta, AssetBase, table=True):
    __tablename__ = "assets"
    __table_args__ = _table_args(
        "assets",
        Index("uq_assets_tag_lower", func.lower(Column("tag")), unique=True),  # migration 3e7c1a9d5b20
        Index("ix_assets_lower_serial_number", func.lower(Column("serial_number"))),
    )
    tag: str = Field(sa_column=Column(String(32), unique=True, nullable=False))
    assigned_technician_id: int | None = _user_fk()
    purchase_cost: Decimal | None = Field(default=None, sa_column=Column(Numeric(14, 2), nullable=True))
    notes: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    last_inspection_note: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # No foreign key: documents point at assets already, and a deleted photo only ends the link.
    last_inspection_document_id: int | None = None


class AssetCreate(AssetBase):
    model_config = _INPUT


class AssetUpdate(UpdateMeta):
    tag: str | None = Field(default=None, min_length=1, max_length=32)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    category: AssetCategory | None = None
    serial_number: str | None = Field(default=None, max_length=100)
    department: Department | None = None
    status: AssetStatus | None = None
    risk: Risk | None = None
    location: str | None = Field(default=None, max_length=200)
    assigned_technician_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    next_inspection: date | None = None
    purchase_date: date | None = None
    purchase_cost: Decimal | None = Field(default=None, ge=0, max_digits=12, decimal_places=2)
    notes: str | None = Field(default=None, max_length=10_000)
    last_inspected_on: date | None = None
    last_inspection_result: InspectionResult | None = None
    last_inspection_note: str | None = Field(default=None, max_length=2000)
    last_inspection_document_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)


class AssetPublic(PublicMeta, AssetBase):
    model_config = _CAMEL
    assigned_technician: UserRef | None = None


# --- Documents -------------------------------------------------------------------------------------


class DocumentBase(SQLModel):
    model_config = _CAMEL
    title: str = Field(min_length=1, max_length=200)
    department: Department = Field(sa_column=Column(String(40), nullable=False))
    asset_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    lead_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    notes: str | None = Field(default=None, max_length=10_000)


class Document(RecordMeta, DocumentBase, table=True):
    __tablename__ = "documents"
    __table_args__ = _table_args("documents")
    asset_id: int | None = Field(default=None, sa_column=Column(Integer, ForeignKey("assets.id", ondelete="SET NULL")))
    lead_id: int | None = Field(default=None, sa_column=Column(Integer, ForeignKey("leads.id", ondelete="SET NULL")))
    notes: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    original_name: str | None = Field(default=None, max_length=255)
    media_type: str | None = Field(default=None, max_length=120)
    size: int | None = None
    sha256: str | None = Field(default=None, sa_column=Column(String(64), index=True, nullable=True))
    page_count: int | None = None
    text: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    storage_key: str | None = Field(default=None, max_length=200)
    thumbnail_key: str | None = Field(default=None, max_length=200)
    state: DocumentState = Field(default=DocumentState.READY, sa_column=Column(String(12), nullable=False))
    failure_reason: str | None = Field(default=None, max_length=500)
    progress: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    duplicate_of_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("documents.id", ondelete="SET NULL"), nullable=True),
    )
    uploaded_by_id: int | None = _user_fk()


class DocumentCreate(DocumentBase):
    model_config = _INPUT


class DocumentUpdate(UpdateMeta):
    title: str | None = Field(default=None, min_length=1, max_length=200)
    department: Department | None = None
    asset_id: int | None = None
    lead_id: int | None = None
    notes: str | None = Field(default=None, max_length=10_000)


class DocumentPublic(PublicMeta, DocumentBase):
    model_config = _CAMEL
    original_name: str | None = None
    media_type: str | None = None
    size: int | None = None
    sha256: str | None = None
    page_count: int | None = None
    state: DocumentState
    failure_reason: str | None = None
    progress: dict[str, Any] = {}
    duplicate_of_id: int | None = None
    has_file: bool = False
    has_thumbnail: bool = False
    uploaded_by: UserRef | None = None


# --- Opportunities (leads) -------------------------------------------------------------------------


class LeadBase(SQLModel):
    model_config = _CAMEL
    title: str = Field(min_length=1, max_length=200)
    client_company: str = Field(min_length=1, max_length=200)
    contact_name: str | None = Field(default=None, max_length=120)
    contact_email: EmailStr | None = Field(default=None, max_length=254)
    contact_phone: str | None = Field(default=None, max_length=40)
    estimated_value: Money = Field(default=Decimal(0), ge=0, max_digits=12, decimal_places=2)
    stage: LeadStage = Field(default=LeadStage.NEW, sa_column=Column(String(12), nullable=False))
    lost_reason: str | None = Field(default=None, max_length=500)
    probability: int = Field(default=10, ge=0, le=100)
    risk: Risk = Field(default=Risk.L, sa_column=Column(String(4), nullable=False))
    department: Department = Field(sa_column=Column(String(40), nullable=False))
    owner_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    expected_close: date | None = None
    notes: str | None = Field(default=None, max_length=10_000)


class Lead(RecordMeta, LeadBase, table=True):
    __tablename__ = "leads"
    __table_args__ = _table_args("leads")
    #: the probability was set by a person, not taken from the stage: a move to another stage keeps it
    probability_manual: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))
    contact_email: str | None = Field(default=None, max_length=254)
    estimated_value: Decimal = Field(default=Decimal(0), sa_column=Column(Numeric(14, 2), nullable=False))
    owner_id: int | None = _user_fk()
    notes: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class LeadCreate(LeadBase):
    model_config = _INPUT

    @model_validator(mode="after")
    def _lost_needs_reason(self) -> LeadCreate:
        if self.stage == LeadStage.LOST and not self.lost_reason:
            raise ValueError("Say why the opportunity was lost (lostReason).")
        return self


class LeadUpdate(UpdateMeta):
    title: str | None = Field(default=None, min_length=1, max_length=200)
    client_company: str | None = Field(default=None, min_length=1, max_length=200)
    contact_name: str | None = Field(default=None, max_length=120)
    contact_email: EmailStr | None = Field(default=None, max_length=254)
    contact_phone: str | None = Field(default=None, max_length=40)
    estimated_value: Decimal | None = Field(default=None, ge=0, max_digits=12, decimal_places=2)
    stage: LeadStage | None = None
    lost_reason: str | None = Field(default=None, max_length=500)
    probability: int | None = Field(default=None, ge=0, le=100)
    risk: Risk | None = None
    department: Department | None = None
    owner_id: int | None = Field(default=None, ge=1, le=DB_INT_MAX)
    expected_close: date | None = None
    notes: str | None = Field(default=None, max_length=10_000)


class LeadPublic(PublicMeta, LeadBase):
    model_config = _CAMEL
    probability_manual: bool = False
    contact_email: str | None = None
    owner: UserRef | None = None


# --- History ---------------------------------------------------------------------------------------


class RecordChange(SQLModel, table=True):
    """One committed create, update or delete: who, when, and each field from what to what."""

    __tablename__ = "record_changes"
    __table_args__ = (
        Index("ix_record_changes_at_id", "at", "id"),
        Index("ix_record_changes_record", "resource", "record_id", "at", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    resource: str = Field(sa_column=Column(String(16), nullable=False))
    record_id: int
    action: str = Field(max_length=8)
    actor_id: int | None = _user_fk()
    at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    changes: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class ChangePublic(ApiModel):
    id: int
    resource: str
    record_id: int
    action: Literal["create", "update", "delete"]
    actor: UserRef | None = None
    at: datetime
    changes: dict[str, tuple[JsonValue, JsonValue]]  # field -> [before, after]


class History(ApiModel):
    """A record's changes, newest first (``GET /<resource>/{id}/history``)."""

    items: list[ChangePublic]


class TextSegment(ApiModel):
    """A piece of a snippet or a text page: a part that matches ``q``, or the text between matches."""

    text: str
    match: bool


class Page(ApiModel):
    """A page of a record list (app/services/listing/): numbered (``page``) or by ``cursor``."""

    total: int
    total_is_exact: bool  # false: an estimate (a text search over many rows)
    page: int | None  # null when paged by cursor
    per_page: int
    next_cursor: str | None
    prev_cursor: str | None


class AssetPage(Page):
    items: list[AssetPublic]


class DocumentListed(DocumentPublic):
    """A document in a list; with ``q``, the words around its first match in its text."""

    snippet: list[TextSegment] | None = None


class DocumentPage(Page):
    items: list[DocumentListed]


class LeadPage(Page):
    items: list[LeadPublic]


class DocumentsUploaded(ApiModel):
    """The documents of one upload, queued for processing (``POST /documents/upload``)."""

    items: list[DocumentPublic]


class DocumentText(ApiModel):
    """A page of a document's extracted text, with the matches of ``q`` (``GET /documents/{id}/text``)."""

    id: int
    length: int
    offset: int
    limit: int
    end: int
    next_offset: int | None
    prev_offset: int | None
    segments: list[TextSegment]
    q: str
    matches: list[int]  # where matches start (the first ones)
    match_count: int


class SearchHit(ApiModel):
    kind: Literal["asset", "lead", "document"]
    id: int
    link: str  # the page of the record
    title: str
    context: str
    snippet: list[TextSegment] | None = None  # documents: the words around the match


class SearchGroup(ApiModel):
    resource: Literal["assets", "documents", "leads"]
    label: str
    total: int
    total_is_exact: bool
    items: list[SearchHit]  # the best few
    more: str | None  # the list page with every match, when there are more


class SearchResults(ApiModel):
    """The toolbar search's answer (``GET /search``): a group per kind of record with matches."""

    q: str
    groups: list[SearchGroup]


class RetryQuery(QueryModel):
    force: Flag = PydanticField(False, description="Admins: queue a file that went over a cap too.")


class SearchQuery(QueryModel):
    q: str = PydanticField("", description="Words every match contains (at most 200 characters).")


PAGES: dict[str, type[Page]] = {"assets": AssetPage, "documents": DocumentPage, "leads": LeadPage}
