"""File manager sample area (/api/file-manager-app): folders and files."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, RootModel

from schemas.query import QueryModel
from schemas.sample_areas.base import Keyed, SampleModel


class ItemRef(SampleModel):
    id: Annotated[str, Field(min_length=1, max_length=64)]


class FileItem(Keyed):
    """A file or folder as the page sees it (the storage key stays on the server)."""

    name: str
    type: str
    downloadable: bool = False


class FileItems(RootModel[list[FileItem]]):
    """Every file and folder."""


class DownloadQuery(QueryModel):
    id: Annotated[str, Field(max_length=120)] = ""
