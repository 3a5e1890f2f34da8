"""File manager sample area: GET /api/file-manager-app/files with the spec's fields."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from app.samples.loader import read_area
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "file-manager"
FILES = "/api/file-manager-app/files"
FIELDS = {"id", "name", "type", "owner", "size", "modified", "opened", "created", "extention", "location", "offline"}


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


# --- uploads, downloads, deletes (Fuse's Add button, the details' Download and Delete) -----------

API = "/api/file-manager-app"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


async def upload(
    client: httpx.AsyncClient, who: Account, name: str, content: bytes, folder: str | None = None
) -> httpx.Response:
    data = {"folderId": folder} if folder else {}
    return await client.post(f"{API}/upload", headers=who.headers, files=[("file", (name, content))], data=data)


async def listed(client: httpx.AsyncClient, who: Account) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = (await client.get(FILES, headers=who.headers)).json()
    return items


async def test_folders_hold_items(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    items = await listed(client, staff["contractor"])
    by_id = {item["id"]: item for item in items}
    inside = [item for item in items if item.get("folderId")]
    assert inside and all(by_id[item["folderId"]]["type"] == "folder" for item in inside)
    assert any(by_id[item["folderId"]].get("folderId") for item in inside)  # a folder in a folder


async def test_upload_download_and_delete(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["technician"]
    folder = next(item for item in await listed(client, who) if item["type"] == "folder")
    response = await upload(client, who, "Site report.pdf", PDF, folder["id"])
    assert response.status_code == 201, response.text
    item = response.json()
    assert item["name"] == "Site report.pdf" and item["extention"] == "pdf" and item["type"] == "document"
    assert item["folderId"] == folder["id"] and item["location"] == f"My Files > {folder['name']}"
    assert item["size"] == f"{len(PDF)} b" and item["downloadable"] is True
    assert "storageKey" not in item  # the storage key stays on the server
    assert item in await listed(client, staff["contractor"])

    got = await client.get(f"{API}/download", headers=staff["contractor"].headers, params={"id": item["id"]})
    assert got.status_code == 200 and got.content == PDF
    assert got.headers["content-type"] == "application/pdf"
    assert got.headers["content-disposition"].startswith('attachment; filename="Site report.pdf"')

    gone = await client.post(f"{API}/delete", headers=who.headers, json={"id": item["id"]})
    assert gone.status_code == 200 and gone.json() == {"id": item["id"]}
    assert all(other["id"] != item["id"] for other in await listed(client, who))
    missing = await client.get(f"{API}/download", headers=who.headers, params={"id": item["id"]})
    assert missing.status_code == 404


async def test_upload_at_the_top_and_spreadsheets(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await upload(client, staff["manager"], "stock.csv", b"part,count\nvalve,3\n")
    assert response.status_code == 201, response.text
    assert response.json()["folderId"] is None and response.json()["type"] == "spreadsheet"
    assert response.json()["location"] == "My Files"


async def test_upload_refusals(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["technician"]
    before = await listed(client, who)
    exe = await upload(client, who, "tool.exe", b"MZ\x90\x00rest")
    assert exe.status_code == 415 and "not kept" in exe.json()["message"]
    disguised = await upload(client, who, "report.pdf", b"MZ\x90\x00\x03\x00\x00\x00 a program")
    assert disguised.status_code == 415 and "content" in disguised.json()["message"]
    empty = await upload(client, who, "empty.txt", b"")
    assert empty.status_code == 415
    nowhere = await upload(client, who, "a.txt", b"hello", "no-such-folder")
    assert nowhere.status_code == 422 and nowhere.json()["errors"]["folderId"]
    file_as_folder = next(item for item in before if item["type"] != "folder")
    assert (await upload(client, who, "a.txt", b"hello", file_as_folder["id"])).status_code == 422
    as_json = await client.post(f"{API}/upload", headers=who.headers, json={"file": "a.txt"})
    assert as_json.status_code == 415
    no_file = await client.post(f"{API}/upload", headers=who.headers, files=[("note", (None, b"no file"))])
    assert no_file.status_code == 422
    assert await listed(client, who) == before


async def test_sample_entries_have_nothing_to_download(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["contractor"]
    sample = next(item for item in await listed(client, who) if item["type"] != "folder")
    response = await client.get(f"{API}/download", headers=who.headers, params={"id": sample["id"]})
    assert response.status_code == 404 and "sample entry" in response.json()["message"]
    assert (await client.get(f"{API}/download", headers=who.headers, params={"id": "nope"})).status_code == 404
    assert (await client.get(f"{API}/download", headers=who.headers)).status_code == 404


async def test_delete_rules(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["manager"]
    items = await listed(client, who)
    full = next(
        item for item in items if item["type"] == "folder" and any(i.get("folderId") == item["id"] for i in items)
    )
    refused = await client.post(f"{API}/delete", headers=who.headers, json={"id": full["id"]})
    assert refused.status_code == 422 and refused.json()["message"] == "Empty the folder before deleting it."
    assert (await client.post(f"{API}/delete", headers=who.headers, json={"id": "nope"})).status_code == 404
    assert (await client.post(f"{API}/delete", headers=who.headers, json={"id": 5})).status_code == 422
    assert (await client.post(f"{API}/delete", headers=who.headers, json={})).status_code == 422
    sample = next(item for item in items if item["type"] != "folder")
    assert (await client.post(f"{API}/delete", headers=who.headers, json={"id": sample["id"]})).status_code == 200
    assert await listed(client, who) == [item for item in items if item["id"] != sample["id"]]


async def test_contractors_read_but_do_not_upload_or_delete(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["contractor"]
    before = await listed(client, who)
    assert (await upload(client, who, "a.txt", b"hello")).status_code == 403
    assert (await client.post(f"{API}/delete", headers=who.headers, json={"id": before[-1]["id"]})).status_code == 403
    assert await listed(client, who) == before


@pytest.mark.parametrize(("method", "path"), [("POST", "upload"), ("GET", "download"), ("POST", "delete")])
async def test_new_calls_need_a_staff_token(
    method: str, path: str, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    assert (await client.request(method, f"{API}/{path}")).status_code == 401
    assert (await client.request(method, f"{API}/{path}", headers=staff["norole"].headers)).status_code == 403
