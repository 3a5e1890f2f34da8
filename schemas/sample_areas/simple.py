"""The read-only sample areas: dashboards, FAQ, knowledge base, icons, invoices and the global search."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, RootModel

from schemas.query import QueryModel
from schemas.sample_areas.base import Keyed

MAX_SEARCH = 200


class Widgets(RootModel[list[Keyed]]):
    """Dashboard widgets in order, each with its own data (charts per range, tables, figures)."""


class Project(BaseModel):
    id: str | int
    name: str


class Projects(RootModel[list[Project]]):
    """The projects of the project selector."""


class Faq(Keyed):
    question: str
    answer: str


class Faqs(RootModel[list[Faq]]):
    """The questions with their answers."""


class KnowledgeCategories(RootModel[list[Keyed]]):
    """The knowledge base's categories with their featured articles."""


class Icon(Keyed):
    name: str


class Icons(RootModel[list[Icon]]):
    """The icon catalogue."""


class Invoice(Keyed):
    """An invoice of the invoice page."""


class InvoiceQuery(QueryModel):
    id: Annotated[str, Field(max_length=120)] = ""


class SearchResult(BaseModel):
    id: str
    title: str
    url: str
    excerpt: str


class SearchResults(RootModel[list[SearchResult]]):
    """The results: featured articles, then questions, then courses."""


class SearchQuery(QueryModel):
    q: Annotated[str, Field(max_length=MAX_SEARCH, description="Only results whose title or excerpt hold it.")] = ""
