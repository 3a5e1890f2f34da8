"""Migrations over data that older code allowed (SQLite; the db-marked tests run every migration on
PostgreSQL too, from an empty schema)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from app.db import make_sync_engine
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
