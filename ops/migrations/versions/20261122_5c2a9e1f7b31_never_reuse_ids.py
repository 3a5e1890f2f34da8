"""never reuse record ids on SQLite (AUTOINCREMENT)

Revision ID: 5c2a9e1f7b31
Revises: 158603890438
Create Date: 2026-11-22 16:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "5c2a9e1f7b31"
down_revision: str | None = "158603890438"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("assets", "documents", "leads", "chat_messages", "notifications")


def _recreate(autoincrement: bool) -> None:
    # Only SQLite reuses ids; PostgreSQL sequences never do, so there is nothing to change there.
    if op.get_bind().dialect.name != "sqlite":
        return
    for table in TABLES:
        with op.batch_alter_table(table, recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}):
            pass


def upgrade() -> None:
    _recreate(True)


def downgrade() -> None:
    _recreate(False)
