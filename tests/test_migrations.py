"""Migrations over data that older code allowed (SQLite; the db-marked tests run every migration on
PostgreSQL too, from an empty schema)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from app.db import create_database_if_missing, make_sync_engine
from app.operations.migrations import migrate
from app.settings import Settings
from tests.support import make_settings

BEFORE_CASE_RULE = "a7c3e5d21f04"


def test_asset_tags_that_differ_only_in_case_are_kept_apart(tmp_path: Path, redis_url: str) -> None:
    settings: Settings = make_settings(tmp_path, redis_url, database_url=f"sqlite:///{tmp_path / 'old.db'}")
    migrate(settings, BEFORE_CASE_RULE)
    engine = make_sync_engine(settings.effective_database_url)
    insert = text(
        "INSERT INTO assets (tag, name, category, department, status, risk, version, created_at, updated_at) "
        "VALUES (:tag, 'Pump', 'Power', 'Hardware', 'GOOD', 'L', 1, '2026-01-01', '2026-01-01')"
    )
    with engine.begin() as conn:
        for tag in ["PUMP-7", "pump-7", "Pump-7", "VALVE-1"]:
            conn.execute(insert, {"tag": tag})
    migrate(settings)
    with engine.begin() as conn:
        rows = conn.execute(text("SELECT id, tag FROM assets ORDER BY id")).all()
    assert [tag for _, tag in rows] == ["PUMP-7", f"pump-7~{rows[1][0]}", f"Pump-7~{rows[2][0]}", "VALVE-1"]
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(insert, {"tag": "valve-1"})
    engine.dispose()


@pytest.mark.db
def test_a_missing_postgresql_database_is_created_once() -> None:
    """``./ops/bench --database-url …/bench`` and the per-worker test databases start on a server that
    does not have the database yet; creating it twice must not fail."""
    server_url = os.environ.get("PORTAL_TEST_DATABASE_URL")
    if not server_url:
        pytest.skip("PostgreSQL only (PORTAL_TEST_DATABASE_URL): SQLite creates its file itself")
    name = f"{make_url(server_url).database}_created_{uuid.uuid4().hex[:8]}"
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    server = make_sync_engine(server_url)
    try:
        create_database_if_missing(url)
        create_database_if_missing(url)
        with server.connect() as conn:
            found = conn.execute(text("SELECT count(*) FROM pg_database WHERE datname = :n"), {"n": name}).scalar()
        assert found == 1
    finally:
        with server.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        server.dispose()
