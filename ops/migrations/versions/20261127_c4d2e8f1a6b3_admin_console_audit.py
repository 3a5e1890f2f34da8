"""admin console: the audit log, and where each session was opened and last used

Revision ID: c4d2e8f1a6b3
Revises: e5b1d7c3a982
Create Date: 2026-11-27 09:00:00

- ``audit_events``: append-only authentication and administration events (app/services/audit.py),
  indexed for the log's one order (at, id) and its filters (actor, target, kind).
- ``auth_sessions.ip``, ``user_agent``, ``last_used_at``: the sessions lists of the console and of
  the account page (rows already stored have none).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import schemas.base

revision: str = "c4d2e8f1a6b3"
down_revision: str | None = "e5b1d7c3a982"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_label", sa.String(length=64), nullable=True),
        sa.Column("target_user_id", sa.Integer(), nullable=True),
        sa.Column("target_label", sa.String(length=64), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("user_agent", sa.String(length=300), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["actor_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["target_user_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_audit_events_at_id", "audit_events", ["at", "id"])
    op.create_index("ix_audit_events_actor", "audit_events", ["actor_id", "at"])
    op.create_index("ix_audit_events_target", "audit_events", ["target_user_id", "at"])
    op.create_index("ix_audit_events_kind", "audit_events", ["kind", "at"])
    with op.batch_alter_table("auth_sessions") as batch:
        batch.add_column(sa.Column("ip", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("user_agent", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("last_used_at", schemas.base.UtcDateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("auth_sessions") as batch:
        batch.drop_column("last_used_at")
        batch.drop_column("user_agent")
        batch.drop_column("ip")
    op.drop_index("ix_audit_events_kind", table_name="audit_events")
    op.drop_index("ix_audit_events_target", table_name="audit_events")
    op.drop_index("ix_audit_events_actor", table_name="audit_events")
    op.drop_index("ix_audit_events_at_id", table_name="audit_events")
    op.drop_table("audit_events")
