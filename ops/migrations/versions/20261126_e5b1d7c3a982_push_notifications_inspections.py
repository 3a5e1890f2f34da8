"""push notifications off the tab, e-mail preferences, inspections and the field view

Revision ID: e5b1d7c3a982
Revises: a7f3c2d91e04
Create Date: 2026-11-26 09:00:00

- ``push_subscriptions``: one row per browser (unique endpoint) with its RFC 8291 keys and the last
  push or error; ``notification_preferences``: push always / away / never, e-mail on or off.
- ``notifications.delivery``: what the workers did outside the open portal; rows already stored
  are "done" (nobody is pushed about old news), and a partial index finds the pending ones.
- ``assets``: the last inspection (date, result, note, photo document); ``users.department`` (a
  manager's daily summary covers it); ``inspection_intervals`` per category (admins' choices);
  ``daily_notices``: the once-a-day keys of the daily inspection run.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import schemas.base

revision: str = "e5b1d7c3a982"
down_revision: str | None = "a7f3c2d91e04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PENDING = "delivery = 'pending'"


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("endpoint", sa.String(length=1024), nullable=False),
        sa.Column("p256dh", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("auth", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column("user_agent", sqlmodel.sql.sqltypes.AutoString(length=400), nullable=True),
        sa.Column("created_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("last_push_at", schemas.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=True),
        sa.Column("last_error_at", schemas.base.UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("endpoint"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_push_subscriptions_user_id", "push_subscriptions", ["user_id"])
    op.create_table(
        "notification_preferences",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("push", sa.String(length=8), nullable=False),
        sa.Column("email", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "inspection_intervals",
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("updated_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_by_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["updated_by_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("category"),
    )
    op.create_table(
        "daily_notices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("created_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("day", "kind", "subject_id", name="uq_daily_notices_day_kind_subject"),
    )
    op.create_index("ix_daily_notices_user_id", "daily_notices", ["user_id"])
    with op.batch_alter_table("notifications") as batch_op:
        batch_op.add_column(sa.Column("delivery", sa.String(length=12), nullable=False, server_default="done"))
    op.create_index(
        "ix_notifications_pending",
        "notifications",
        ["created_at"],
        sqlite_where=sa.text(PENDING),
        postgresql_where=sa.text(PENDING),
    )
    with op.batch_alter_table("assets") as batch_op:
        batch_op.add_column(sa.Column("last_inspected_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("last_inspection_result", sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column("last_inspection_note", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("last_inspection_document_id", sa.Integer(), nullable=True))
    with op.batch_alter_table("users") as batch_op:
        batch_op.add_column(sa.Column("department", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch_op:
        batch_op.drop_column("department")
    with op.batch_alter_table("assets") as batch_op:
        batch_op.drop_column("last_inspection_document_id")
        batch_op.drop_column("last_inspection_note")
        batch_op.drop_column("last_inspection_result")
        batch_op.drop_column("last_inspected_on")
    op.drop_index("ix_notifications_pending", table_name="notifications")
    with op.batch_alter_table("notifications") as batch_op:
        batch_op.drop_column("delivery")
    op.drop_index("ix_daily_notices_user_id", table_name="daily_notices")
    op.drop_table("daily_notices")
    op.drop_table("inspection_intervals")
    op.drop_table("notification_preferences")
    op.drop_index("ix_push_subscriptions_user_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
