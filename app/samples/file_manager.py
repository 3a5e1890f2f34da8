"""File manager sample area (``/api/file-manager-app``): a read-only list of files and folders."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.samples.common import endpoint
from app.samples.store import SampleStore

AREA = "file-manager"
PREFIX = "/api/file-manager-app"


async def list_files(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("files")


routes = [Route(f"{PREFIX}/files", endpoint(AREA, list_files), methods=["GET"])]
