"""The database schema: Alembic's configuration for these settings, and the upgrade every command runs first."""

from __future__ import annotations

import argparse

from alembic import command
from alembic.config import Config

from app.settings import ROOT, Settings


def alembic_config(settings: Settings) -> Config:
    config = Config(str(ROOT / "ops" / "alembic.ini"))
    config.cmd_opts = argparse.Namespace(x=[f"url={settings.effective_database_url}"])
    return config


def migrate(settings: Settings, revision: str = "head") -> None:
    """Bring the database schema to the newest revision, or to ``revision`` (SQLite or PostgreSQL)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(settings), revision)


def downgrade(settings: Settings, revision: str) -> None:
    """Take the schema down to ``revision`` (a restore into a database newer than its backup)."""
    command.downgrade(alembic_config(settings), revision)
