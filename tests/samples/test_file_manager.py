"""File manager sample area: GET /api/file-manager-app/files with the spec's fields."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from tests.support import Account, load_sample_area

pytestmark = pytest.mark.db

AREA = "file-manager"
FILES = "/api/file-manager-app/files"
FIELDS = {"id", "name", "type", "owner", "size", "modified", "opened", "created", "extention", "location", "offline"}


@pytest.fixture(autouse=True)
async def fresh_files(app: Starlette) -> None:
    await load_sample_area(app, AREA)


async def test_files(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(FILES, headers=staff["contractor"].headers)
    assert response.status_code == 200
    files = response.json()
    assert files == read_area(AREA)["files"]
    assert len(files) >= 10
    assert all(FIELDS | {"preview"} <= set(f) for f in files)
    assert {f["type"] for f in files} == {"folder", "document", "spreadsheet"}
    assert len({f["id"] for f in files}) == len(files)
    assert all(isinstance(f["offline"], bool) for f in files)
    assert all(f["size"] == "" for f in files if f["type"] == "folder")


async def test_files_need_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(FILES)).status_code == 401
    assert (await client.get(FILES, headers=staff["norole"].headers)).status_code == 403
    assert (await client.post(FILES, headers=staff["manager"].headers, json={})).status_code == 405
