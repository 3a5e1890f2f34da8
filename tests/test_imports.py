"""CSV and Excel imports (run by real RQ workers) and exports, on SQLite and PostgreSQL: all or
nothing with row-numbered errors, dry run then commit, update by tag, column mapping, hostile files,
one push per batch, exports of exactly the filtered rows, and ten at once."""

from __future__ import annotations

import asyncio
import csv
import io
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import openpyxl
import pytest
from starlette.applications import Starlette

from app.settings import Settings
from schemas.options import Role
from tests.processes import WorkerProcess, process_env, running_workers
from tests.realtime_support import Cluster, Sockets, tokens_for
from tests.support import Account, create_account, unique

pytestmark = pytest.mark.db

MAX_ROWS = 3000
HEADER = ["tag", "name", "category", "department", "status", "risk", "serialNumber", "nextInspection", "purchaseCost"]


@pytest.fixture(scope="module")
def workers(settings: Settings, run_dir: Path, redis_url: str) -> Iterator[list[WorkerProcess]]:
    logs = run_dir / "import-workers"
    logs.mkdir(exist_ok=True)
    env = process_env(settings, MAX_IMPORT_ROWS=str(MAX_ROWS), WORKER_HEARTBEAT_SECONDS="1")
    with running_workers(env, logs, redis_url, count=2) as started:
        yield started


def csv_bytes(rows: list[list[Any]], header: list[str] = HEADER, encoding: str = "utf-8") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode(encoding)


def asset(tag: str, **values: Any) -> list[Any]:
    row = {"tag": tag, "name": f"Hoist {tag}", "category": "Lifting equipment", "department": "Hardware",
           "status": "GOOD", "risk": "L", "serialNumber": "", "nextInspection": "2030-05-01",
           "purchaseCost": "1200.50"}  # fmt: skip
    row.update(values)
    return [row[h] for h in HEADER]


async def upload(
    client: httpx.AsyncClient, who: Account, content: bytes, *, name: str = "assets.csv", resource: str = "assets",
    **form: Any,
) -> httpx.Response:  # fmt: skip
    data = {k: str(v).lower() if isinstance(v, bool) else v for k, v in form.items()}
    return await client.post(f"/{resource}/import", headers=who.headers, files={"file": (name, content)}, data=data)


async def finished(client: httpx.AsyncClient, who: Account, job_id: str, seconds: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job: dict[str, Any] = (await client.get(f"/imports/{job_id}", headers=who.headers)).json()
        if job["state"] in ("ready-to-commit", "done", "failed"):
            return job
        await asyncio.sleep(0.2)
    raise AssertionError(f"import {job_id} did not finish: {job}")


async def imported(client: httpx.AsyncClient, who: Account, content: bytes, **options: Any) -> dict[str, Any]:
    response = await upload(client, who, content, **options)
    assert response.status_code == 202, response.text
    return await finished(client, who, response.json()["jobId"])


async def tags_like(client: httpx.AsyncClient, who: Account, marker: str) -> list[str]:
    answer = (await client.get("/assets", headers=who.headers, params={"q": marker, "perPage": 100})).json()
    return sorted(i["tag"] for i in answer["items"])


async def test_import_is_all_or_nothing_with_row_numbered_errors(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("imp")
    rows = [
        asset(f"{m}-1"),
        asset(f"{m}-2", status="SHINY"),  # row 3: not a status
        asset(f"{m}-3", name=""),  # row 4: name is required
        asset(f"{m}-1"),  # row 5: the same tag again
        asset(f"{m}-5", nextInspection="31/02/2030", purchaseCost="-4"),  # row 6: two errors
        asset(f"{m}-6"),
    ]
    job = await imported(client, manager, csv_bytes(rows), dryRun=True)
    assert job["state"] == "failed" and job["errorCount"] == 5
    errors = {(e["row"], e["column"]) for e in job["errors"]}
    assert errors == {(3, "status"), (4, "name"), (5, "tag"), (6, "nextInspection"), (6, "purchaseCost")}
    assert all(e["message"] for e in job["errors"])
    assert await tags_like(client, manager, m) == []  # nothing written
    again = await imported(client, manager, csv_bytes(rows))  # not a dry run: still nothing written
    assert again["state"] == "failed" and again["errorCount"] == 5
    assert await tags_like(client, manager, m) == []

    fixed = [asset(f"{m}-{n}") for n in range(1, 7)]
    dry = await imported(client, manager, csv_bytes(fixed), dryRun=True)
    assert dry["state"] == "ready-to-commit" and dry["totalRows"] == 6 and dry["created"] == 6
    assert dry["preview"]["headers"] == HEADER and len(dry["preview"]["rows"]) == 6
    assert dry["preview"]["mapping"]["serialNumber"] == "serialNumber"
    assert await tags_like(client, manager, m) == []
    committed = await client.post(f"/imports/{dry['jobId']}/commit", headers=manager.headers)
    assert committed.status_code == 202, committed.text
    done = await finished(client, manager, dry["jobId"])
    assert done["state"] == "done" and done["created"] == 6 and done["errorCount"] == 0
    assert await tags_like(client, manager, m) == sorted(f"{m}-{n}" for n in range(1, 7))
    # each created record has its history entry, by the person who imported it
    one = (await client.get("/assets", headers=manager.headers, params={"q": f"{m}-3"})).json()["items"][0]
    history = (await client.get(f"/assets/{one['id']}/history", headers=manager.headers)).json()["items"]
    assert [h["action"] for h in history] == ["create"] and history[0]["actor"]["id"] == manager.user_id
    assert history[0]["changes"]["tag"] == [None, f"{m}-3"]
    assert (await client.post(f"/imports/{dry['jobId']}/commit", headers=manager.headers)).status_code == 409


async def test_update_existing_by_tag(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("upd")
    assert (await imported(client, manager, csv_bytes([asset(f"{m}-1"), asset(f"{m}-2")])))["state"] == "done"
    changed = csv_bytes([asset(f"{m}-1", status="POOR"), asset(f"{m}-2"), asset(f"{m}-3")])
    refused = await imported(client, manager, changed)
    assert refused["state"] == "failed" and {e["row"] for e in refused["errors"]} == {2, 3}
    assert "update existing" in refused["errors"][0]["message"]
    done = await imported(client, manager, changed, updateExisting=True)
    assert done["state"] == "done" and (done["created"], done["updated"]) == (1, 1), (
        done["message"],
        done["errors"],
    )  # unchanged rows stay
    first = (await client.get("/assets", headers=manager.headers, params={"q": f"{m}-1"})).json()["items"][0]
    assert first["status"] == "POOR" and first["version"] == 2
    history = (await client.get(f"/assets/{first['id']}/history", headers=manager.headers)).json()["items"]
    assert history[0]["action"] == "update" and history[0]["changes"] == {"status": ["GOOD", "POOR"]}


async def test_column_mapping_and_excel(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("map")
    header = ["Asset Tag", "NAME", "Category", "department", "Serial_Number", "Colour"]
    content = csv_bytes([[f"{m}-1", "Winch", "Lifting equipment", "Hardware", "SN1", "red"]], header=header)
    automatic = await imported(client, manager, content, dryRun=True)
    assert automatic["state"] == "failed" and "tag" in automatic["message"]  # 'Asset Tag' is not 'tag'
    preview = automatic["preview"]  # what the page needs to let the person choose
    assert preview["headers"] == header and preview["rows"] == [
        [f"{m}-1", "Winch", "Lifting equipment", "Hardware", "SN1", "red"]
    ]
    assert preview["mapping"]["Asset Tag"] == "" and preview["mapping"]["Serial_Number"] == "serialNumber"
    assert {"name": "tag", "required": True} in preview["fields"]
    mapping = '{"Asset Tag": "tag", "Colour": ""}'
    job = await imported(client, manager, content, mapping=mapping)
    assert job["state"] == "done", job
    assert job["preview"]["mapping"] == {
        "Asset Tag": "tag", "NAME": "name", "Category": "category", "department": "department",
        "Serial_Number": "serialNumber", "Colour": "",
    }  # fmt: skip
    item = (await client.get("/assets", headers=manager.headers, params={"q": f"{m}-1"})).json()["items"][0]
    assert item["serialNumber"] == "SN1"
    bad = await upload(client, manager, content, mapping="{not json")
    assert bad.status_code == 422
    wrong = await imported(client, manager, content, mapping='{"Asset Tag": "password"}')
    assert wrong["state"] == "failed" and "password" in wrong["message"]

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER)
    sheet.append([f"{m}-x1", "Crane", "Lifting equipment", "Hardware", "GOOD", "HH", 12345, None, 99])
    sheet.append([f"{m}-x2", "Pump", "Power", "Hardware", "BAD", "L", "A-7", None, 10.5])
    sheet.cell(row=2, column=8).value = __import__("datetime").datetime(2031, 2, 3)
    stream = io.BytesIO()
    book.save(stream)
    job = await imported(client, manager, stream.getvalue(), name="assets.xlsx")
    assert job["state"] == "done" and job["format"] == "xlsx", job
    crane = (await client.get("/assets", headers=manager.headers, params={"q": f"{m}-x1"})).json()["items"][0]
    assert crane["serialNumber"] == "12345" and crane["nextInspection"] == "2031-02-03" and crane["risk"] == "HH"


def _zip_bomb() -> bytes:
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", "<a>" + "0" * 50_000_000 + "</a>")
    return stream.getvalue()


async def test_hostile_files_get_clear_errors(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("bad")
    latin = csv_bytes([asset(f"{m}-1", name="Kran Größe")], encoding="latin-1")
    job = await imported(client, manager, latin)
    assert job["state"] == "failed" and "UTF-8" in job["message"]
    huge = csv_bytes([asset(f"{m}-2", name="x" * 30_000)])
    job = await imported(client, manager, huge)
    assert job["state"] == "failed" and "longer than" in job["message"]
    many = csv_bytes([asset(f"{m}-r{n}") for n in range(MAX_ROWS + 1)])
    job = await imported(client, manager, many)
    assert job["state"] == "failed" and f"{MAX_ROWS:,}" in job["message"]
    job = await imported(client, manager, _zip_bomb(), name="bomb.xlsx")
    assert job["state"] == "failed" and "refused" in job["message"]
    job = await imported(client, manager, b"PK\x03\x04 not really a zip", name="broken.xlsx")
    assert job["state"] == "failed" and "damaged" in job["message"]
    job = await imported(client, manager, b"\n\n\n")
    assert job["state"] == "failed"
    for content, name in ((b"\xd0\xcf\x11\xe0old excel", "old.xls"), (b"", "empty.csv")):
        refused = await upload(client, manager, content, name=name)
        assert refused.status_code == 422, refused.text
    no_file = await client.post("/assets/import", headers=manager.headers, data={"dryRun": "true"})
    assert no_file.status_code in (415, 422)
    for role in ("technician", "contractor"):
        assert (await upload(client, staff[role], csv_bytes([asset(f"{m}-z")]))).status_code == 403
    assert (await client.post("/documents/import", headers=manager.headers)).status_code in (404, 405)
    assert (await client.get("/imports/not-a-job", headers=manager.headers)).status_code == 404
    assert (await client.get(f"/imports/{'0' * 32}", headers=manager.headers)).status_code == 404
    assert await tags_like(client, manager, m) == []


async def test_leads_import_and_update_by_id(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("lead")
    header = ["title", "Client", "stage", "lostReason", "department", "estimatedValue", "probability"]
    rows = [
        [f"{m} one", "Coho", "new", "", "Hardware", "1000", "10"],
        [f"{m} two", "Coho", "lost", "", "Hardware", "5", "5"],
    ]
    job = await imported(client, manager, csv_bytes(rows, header), resource="leads", name="leads.csv")
    assert job["state"] == "failed" and [e["row"] for e in job["errors"]] == [3]  # lost needs a reason
    rows[1][3] = "Went elsewhere"
    response = await upload(client, manager, csv_bytes(rows, header), resource="leads", name="leads.csv")
    job = await finished(client, manager, response.json()["jobId"])
    assert job["state"] == "done" and job["created"] == 2
    found = (await client.get("/leads", headers=manager.headers, params={"q": m})).json()["items"]
    first = next(i for i in found if i["title"] == f"{m} one")
    update = csv_bytes([[first["id"], f"{m} one", "Coho", "won", "", "Hardware", "1000", "90"]], ["id", *header])
    response = await upload(client, manager, update, resource="leads", name="leads.csv", updateExisting=True)
    job = await finished(client, manager, response.json()["jobId"])
    assert job["state"] == "done" and job["updated"] == 1, job
    assert (await client.get(f"/leads/{first['id']}", headers=manager.headers)).json()["stage"] == "won"


async def test_one_push_per_batch_never_one_per_row(
    workers: list[WorkerProcess], cluster: Cluster, app: Starlette, connect: Sockets, staff: dict[str, Account]
) -> None:
    manager = await create_account(app, Role.MANAGER)
    viewer = await create_account(app, Role.CONTRACTOR)
    token = (await tokens_for(cluster.urls[0], manager.username))["accessToken"]
    watcher = await connect(cluster.urls[1], (await tokens_for(cluster.urls[1], viewer.username))["accessToken"])
    m = unique("push")
    content = csv_bytes([asset(f"{m}-{n:04d}") for n in range(2500)])
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers={"Authorization": f"Bearer {token}"}) as http:
        response = await http.post("/assets/import", files={"file": ("a.csv", content)})
        assert response.status_code == 202, response.text
        job_id = response.json()["jobId"]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            job = (await http.get(f"/imports/{job_id}")).json()
            if job["state"] in ("done", "failed"):
                break
            await asyncio.sleep(0.3)
    assert job["state"] == "done" and job["created"] == 2500, job
    await asyncio.sleep(1)
    batches = [e for e in watcher.channels["records"] if e["actorId"] == manager.user_id]
    assert [len(e["created"]) for e in batches] == [1000, 1000, 500]
    assert all(e["type"] == "records.changed" and e["resource"] == "assets" for e in batches)
    mine = [e for e in watcher.events if e.get("actorId") == manager.user_id]
    assert mine == []  # no push per row


def parse_csv(content: bytes) -> list[dict[str, str]]:
    assert content.startswith(b"\xef\xbb\xbf")
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


async def test_export_returns_exactly_the_filtered_rows(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("exp")
    rows = [asset(f"{m}-{n:03d}", status="POOR" if n % 3 else "GOOD", name=f"Pump {m} {n}") for n in range(250)]
    rows.append(asset(f"{m}-evil", status="POOR", name='=HYPERLINK("http://x","y")'))
    job = await imported(client, manager, csv_bytes(rows))
    assert job["state"] == "done", (job["message"], job["errors"])
    params = {"q": m, "status": "POOR", "sort": "tag", "order": "desc"}
    expected: list[int] = []
    cursor = None
    while True:
        page = (
            await client.get(
                "/assets",
                headers=manager.headers,
                params={**params, "perPage": 100, **({"cursor": cursor} if cursor else {})},
            )
        ).json()
        expected += [i["id"] for i in page["items"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    contractor = staff["contractor"]  # every role that reads the list may export it
    response = await client.get("/assets/export", headers=contractor.headers, params={**params, "format": "csv"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    exported = parse_csv(response.content)
    assert [int(r["id"]) for r in exported] == expected and len(expected) == 167
    assert list(exported[0])[:3] == ["id", "tag", "name"]
    evil = next(r for r in exported if r["tag"] == f"{m}-evil")
    assert evil["name"].startswith("'=")  # a spreadsheet shows it, never runs it
    xlsx = await client.get("/assets/export", headers=contractor.headers, params={**params, "format": "xlsx"})
    assert xlsx.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(xlsx.content), read_only=True)
    values = list(book.worksheets[0].iter_rows(values_only=True))
    assert values[0][:2] == ("id", "tag")
    assert [int(v[0]) for v in values[1:]] == expected
    cost = values[0].index("purchaseCost")
    assert values[1][cost] == 1200.5  # numbers stay numbers in Excel
    assert (await client.get("/assets/export", headers=contractor.headers, params={"format": "pdf"})).status_code == 422
    assert (
        await client.get("/assets/export", headers=contractor.headers, params={"sort": "password"})
    ).status_code == 422
    assert (await client.get("/assets/export")).status_code == 401


async def test_ten_imports_and_exports_at_once(
    workers: list[WorkerProcess], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    m = unique("ten")

    async def one_import(n: int) -> dict[str, Any]:
        return await imported(client, manager, csv_bytes([asset(f"{m}-{n}-{k}") for k in range(40)]))

    async def one_export(n: int) -> int:
        response = await client.get(
            "/leads/export", headers=manager.headers, params={"format": "csv" if n % 2 else "xlsx"}
        )
        assert response.status_code == 200
        return len(response.content)

    results = await asyncio.gather(*(one_import(n) for n in range(5)), *(one_export(n) for n in range(5)))
    jobs = [r for r in results if isinstance(r, dict)]
    assert [j["state"] for j in jobs] == ["done"] * 5 and sum(j["created"] for j in jobs) == 200
    assert all(isinstance(r, int) and r > 0 for r in results if not isinstance(r, dict))
    total = (await client.get("/assets", headers=manager.headers, params={"q": m, "perPage": 1})).json()["total"]
    assert total == 200
