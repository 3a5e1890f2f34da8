"""sample users of the mock auth in a pool of their own; the kind of each sign-in session

Revision ID: a7c3e5d21f04
Revises: 5c2a9e1f7b31
Create Date: 2026-11-23 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import schemas.base

revision: str = "a7c3e5d21f04"
down_revision: str | None = "5c2a9e1f7b31"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sample_users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uuid", sa.String(length=36), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("display_name", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
        sa.Column("photo_url", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
        sa.Column("role", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("password_hash", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("shortcuts", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("email"),
        sa.UniqueConstraint("uuid"),
    )
    # Existing sessions were all opened by the portal's sign-in.
    with op.batch_alter_table("auth_sessions") as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=16), nullable=False, server_default="portal"))


def downgrade() -> None:
    with op.batch_alter_table("auth_sessions") as batch_op:
        batch_op.drop_column("kind")
    op.drop_table("sample_users")
