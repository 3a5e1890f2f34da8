"""Backup and restore: users, records with history, chat, documents with their files and thumbnails
go into one archive and come back into an empty instance identical, row for row and byte for byte;
on PostgreSQL runs also across engines (PostgreSQL -> SQLite -> PostgreSQL)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from starlette.applications import Starlette

from app.db import is_sqlite, make_sync_engine
from app.operations import backup
from app.services.documents.processing import process_document
from app.settings import ROOT, Settings
from app.storage import StoredFileMissing, open_storage
from tests.fixtures import files
from tests.processes import process_env
from tests.support import Account, make_settings, uploaded
from tests.test_chat import open_chat, send
from tests.test_documents import context
from tests.test_records import create

pytestmark = pytest.mark.db


async def make_data(app: Starlette, settings: Settings, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    """A bit of everything: records with history (a deleted one too), a chat, processed documents."""
    manager, tech, tech2 = staff["manager"], staff["technician"], staff["technician2"]
    asset = await create(client, manager, "assets", tag=f"BK-{uuid.uuid4().hex[:6]}")
    changed = await client.patch(
        f"/assets/{asset['id']}", headers=manager.headers, json={"id": asset["id"], "version": 1, "notes": "änderung"}
    )
    assert changed.status_code == 200, changed.text
    lead = await create(client, manager, "leads")
    assert (await client.delete(f"/leads/{lead['id']}", headers=manager.headers)).status_code in (200, 204)
    chat = (await open_chat(client, tech, tech2))["chat"]
    for words in ("Backup tonight?", "Yes, at 02:00 ✓"):
        assert (await send(client, tech, chat["id"], tech2, words)).status_code == 200
    photo = await client.post(  # a profile photo: a stored file named by users.photo_url
        "/me/photo", headers={**tech.headers, "content-type": "image/png"}, content=files.image("PNG", (40, 30))
    )
    assert photo.status_code == 200, photo.text
    product = {"id": f"bk-{uuid.uuid4().hex[:6]}", "name": "Backup poster"}  # a product picture: named in its JSON
    saved = await client.post("/api/e-commerce-app/product/save", headers=tech.headers, json=product)
    assert saved.status_code == 200, saved.text
    picture = await client.post(
        "/api/e-commerce-app/product/image",
        headers={**tech.headers, "content-type": "image/png"},
        params={"productId": product["id"]},
        content=files.image("PNG", (40, 30)),
    )
    assert picture.status_code == 200, picture.text
    ctx = context(app, settings)
    for name, content in (("manual.pdf", files.pdf(2, marker="backup")), ("log.txt", files.text("restore"))):
        item = await uploaded(client, tech, name, content)
        assert await process_document(ctx, item["id"], job_id=item["progress"]["jobId"]) == "ready"


def all_rows(url: str) -> dict[str, list[dict[str, Any]]]:
    engine = make_sync_engine(url)
    try:
        with engine.connect() as conn:
            return {
                t.name: [dict(r) for r in conn.execute(select(t).order_by(*t.primary_key.columns)).mappings()]
                for t in backup.tables()
            }
    finally:
        engine.dispose()


def last_ids(url: str) -> dict[str, int]:
    engine = make_sync_engine(url)
    try:
        with engine.connect() as conn:
            return backup._last_ids(conn)
    finally:
        engine.dispose()


def stored_files(settings: Settings, rows: dict[str, list[dict[str, Any]]]) -> dict[str, bytes]:
    storage = open_storage(settings)
    keys = [d[c] for d in rows["documents"] for c in ("storage_key", "thumbnail_key") if d[c]]
    # Photos the portal stored (the backup's own rule); another test may leave a made-up photo URL.
    keys += [f"photos/{m.group(1)}" for u in rows["users"] if (m := backup._PHOTO.search(u["photo_url"] or ""))]
    found = {}
    for key in keys:
        with storage.open(key) as f:
            found[key] = f.read()
    # Product pictures (named in the e-commerce items' JSON); ones another run left without a file are skipped.
    for row in rows["sample_items"]:
        if row["area"] == "e-commerce":
            for name in backup._PICTURE.findall(json.dumps(row["data"])):
                try:
                    with storage.open(f"photos/{name}") as f:
                        found[f"photos/{name}"] = f.read()
                except StoredFileMissing:
                    continue
    return found


async def assert_derived_data_rebuilt(target: Settings) -> None:
    """What the database keeps itself (search indexes, counts) follows the restored rows: restore
    writes plain SQL, and the triggers of migration a7f3c2d91e04 index and count every row."""
    from app.db import Database
    from app.services import listing
    from app.services.resources import RESOURCES

    rows = all_rows(target.effective_database_url)
    db = Database(target.effective_database_url)
    try:
        for resource, field in (("assets", "tag"), ("leads", "title"), ("documents", "title")):
            spec = RESOURCES[resource]
            for row in rows[resource][-3:]:
                query = listing.parse_list_query(spec, {"q": str(row[field]), "perPage": "100"})
                async with db.session() as session:
                    found = await listing.list_records(session=session, spec=spec, query=query)
                assert row["id"] in {i["id"] for i in found["items"]}, (resource, row[field])
        with_text = {d["id"] for d in rows["documents"] if d["text"] and "restore" in d["text"]}
        assert with_text
        query = listing.parse_list_query(RESOURCES["documents"], {"q": "restore", "perPage": "100"})
        async with db.session() as session:
            found = await listing.list_records(session=session, spec=RESOURCES["documents"], query=query)
        assert with_text <= {i["id"] for i in found["items"]}
        async with db.reader() as session:
            conn = await session.connection()
            for table, column in (("assets", "status"), ("leads", "stage"), ("documents", "state")):
                counted = await conn.execute(
                    text(
                        "SELECT value, sum(n) FROM record_counts WHERE resource = :t AND field = :f "
                        "GROUP BY value HAVING sum(n) <> 0"
                    ),
                    {"t": table, "f": column},
                )
                actual = await conn.execute(text(f"SELECT {column}, count(*) FROM {table} GROUP BY {column}"))
                assert {k: int(v) for k, v in counted.all()} == dict(actual.all()), table
    finally:
        await db.dispose()


def assert_same(source: Settings, target: Settings) -> None:
    rows = all_rows(source.effective_database_url)
    restored = all_rows(target.effective_database_url)
    for table, expected in rows.items():
        assert restored[table] == expected, f"{table} differs after restore"
    assert stored_files(target, restored) == stored_files(source, rows)
    assert any(d["thumbnail_key"] for d in rows["documents"])  # thumbnails were part of the round trip
    assert any("/photos/" in (u["photo_url"] or "") for u in rows["users"])  # and profile photos
    assert any(key.endswith(".webp") for key in stored_files(target, restored))  # and product pictures
    source_ids, target_ids = last_ids(source.effective_database_url), last_ids(target.effective_database_url)
    for table in ("assets", "leads", "documents", "chat_messages", "notifications"):
        if table in source_ids:
            assert target_ids.get(table, 0) >= source_ids[table], f"{table} could issue an old id again"


@contextmanager
def empty_instance(kind: str, tmp: Path, redis_url: str) -> Iterator[Settings]:
    """A fresh instance: a new data folder, and a new SQLite file or a new PostgreSQL database."""
    if kind == "sqlite":
        yield make_settings(tmp, redis_url, database_url=f"sqlite:///{tmp / 'restored.db'}")
        return
    server = make_url(os.environ["PORTAL_TEST_DATABASE_URL"])
    name = f"portal_restore_{uuid.uuid4().hex[:10]}"
    admin = make_sync_engine(server.render_as_string(hide_password=False))
    with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = server.set(database=name).render_as_string(hide_password=False)
        yield make_settings(tmp, redis_url, database_url=url)
    finally:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def portal_cli(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = process_env(settings)
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


async def test_backup_then_restore_into_an_empty_instance(
    app: Starlette, settings: Settings, client: httpx.AsyncClient, staff: dict[str, Account], tmp_path: Path
) -> None:
    await make_data(app, settings, client, staff)
    archive = tmp_path / "portal.tar.gz"
    made = portal_cli(settings, "backup", str(archive))
    assert made.returncode == 0, made.stderr
    assert "backup written" in made.stdout
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert "manifest.json" in names and "db/users.jsonl" in names and any(n.startswith("files/") for n in names)

    kind = "sqlite" if is_sqlite(settings.effective_database_url) else "postgresql"
    with empty_instance(kind, tmp_path / "one", settings.redis_url) as target:
        done = portal_cli(target, "restore", str(archive))
        assert done.returncode == 0, done.stderr
        assert_same(settings, target)
        await assert_derived_data_rebuilt(target)

        again = portal_cli(target, "restore", str(archive))  # the instance is no longer empty
        assert again.returncode == 1
        assert "not empty" in again.stderr and "--force" in again.stderr
        assert "Traceback" not in again.stderr

        forced = portal_cli(target, "restore", "--force", str(archive))
        assert forced.returncode == 0, forced.stderr
        assert_same(settings, target)
        await assert_derived_data_rebuilt(target)

    if kind == "postgresql":  # across engines: PostgreSQL -> SQLite, and that copy back into PostgreSQL
        with empty_instance("sqlite", tmp_path / "two", settings.redis_url) as lite:
            backup.restore(lite, archive)
            assert_same(settings, lite)
            await assert_derived_data_rebuilt(lite)
            second = tmp_path / "from-sqlite.tar.gz"
            backup.backup(lite, second)
            with empty_instance("postgresql", tmp_path / "three", settings.redis_url) as pg:
                backup.restore(pg, second)
                assert_same(lite, pg)
                await assert_derived_data_rebuilt(pg)


def rewrite(archive: Path, target: Path, change: dict[str, bytes | None]) -> None:
    """A copy of the archive with some members replaced (or dropped), keeping the original manifest."""
    with tarfile.open(archive) as source, tarfile.open(target, "w:gz") as out:
        for member in source.getmembers():
            data = source.extractfile(member).read()  # type: ignore[union-attr]
            if member.name in change:
                if change[member.name] is None:
                    continue
                data = change[member.name] or b""
            member.size = len(data)
            out.addfile(member, io.BytesIO(data))


async def test_damaged_or_foreign_archives_are_refused_before_anything_is_written(
    app: Starlette, settings: Settings, client: httpx.AsyncClient, staff: dict[str, Account], tmp_path: Path
) -> None:
    await make_data(app, settings, client, staff)
    archive = tmp_path / "good.tar.gz"
    backup.backup(settings, archive)
    with tarfile.open(archive) as tar:
        users = tar.extractfile("db/users.jsonl").read()  # type: ignore[union-attr]
        a_file = next(n for n in tar.getnames() if n.startswith("files/"))
    cases = {
        "tampered.tar.gz": ({"db/users.jsonl": users + b'{"id": 999999}\n'}, "does not match its checksum"),
        "truncated.tar.gz": ({a_file: None}, "incomplete"),
        "nomanifest.tar.gz": ({"manifest.json": None}, "no manifest"),
    }
    for name, (change, _message) in cases.items():
        rewrite(archive, tmp_path / name, change)
    (tmp_path / "notes.tar.gz").write_bytes(b"this is not a backup")
    cases["notes.tar.gz"] = ({}, "not a readable portal backup")
    kind = "sqlite" if is_sqlite(settings.effective_database_url) else "postgresql"
    with empty_instance(kind, tmp_path / "target", settings.redis_url) as target:
        for name, (_change, message) in cases.items():
            with pytest.raises(backup.BackupError, match=message):
                backup.restore(target, tmp_path / name)
        restored = portal_cli(target, "restore", str(tmp_path / "missing.tar.gz"))
        assert restored.returncode == 1 and "no backup at" in restored.stderr
        # Nothing was written: the good archive still restores into the (empty) instance.
        backup.restore(target, archive)
        assert_same(settings, target)


async def test_file_manager_uploads_are_in_the_backup(
    app: Starlette, settings: Settings, client: httpx.AsyncClient, staff: dict[str, Account], tmp_path: Path
) -> None:
    """The file manager keeps its uploads in the documents' storage: a backup carries them too."""
    from app.samples.store import SampleStore

    response = await client.post(
        "/api/file-manager-app/upload",
        headers=staff["manager"].headers,
        files=[("file", ("notes.txt", b"kept in the backup"))],
    )
    assert response.status_code == 201, response.text
    async with app.state.portal.db.session() as session:
        item = await SampleStore(session, "file-manager").get("files", response.json()["id"])
    assert item is not None
    archive = tmp_path / "portal.tar.gz"
    backup.backup(settings, archive)
    with tarfile.open(archive) as tar:
        member = tar.extractfile(f"files/{item['storageKey']}")
        assert member is not None and member.read() == b"kept in the backup"
