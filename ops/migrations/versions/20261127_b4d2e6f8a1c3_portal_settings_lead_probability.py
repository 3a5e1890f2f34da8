"""portal-wide settings; whether an opportunity's probability was set by hand

Revision ID: b4d2e6f8a1c3
Revises: c4d2e8f1a6b3
Create Date: 2026-11-27 09:00:00

- ``portal_settings``: app-wide settings an administrator chooses (key -> JSON value), such as hiding the
  template's sample areas from everyone's navigation.
- ``leads.probability_manual``: the probability was typed by a person rather than taken from the stage,
  so moving the opportunity to another stage keeps it (the UI asks). Rows already stored are marked by
  hand when their probability differs from their stage's default.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import schemas.base

revision: str = "b4d2e6f8a1c3"
down_revision: str | None = "c4d2e8f1a6b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The stage defaults at the time of this migration (schemas.records.STAGE_PROBABILITY).
_DEFAULTS = {"new": 10, "qualified": 25, "proposal": 50, "negotiation": 75, "won": 100, "lost": 0}


def upgrade() -> None:
    op.create_table(
        "portal_settings",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", sa.JSON(), nullable=True),
        sa.Column("updated_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_by_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["updated_by_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("key"),
    )
    # A plain ALTER TABLE on both databases: a batch operation would rebuild the table on SQLite and lose
    # its search and counts triggers.
    op.add_column("leads", sa.Column("probability_manual", sa.Boolean(), nullable=False, server_default=sa.false()))
    matches = " OR ".join(f"(stage = '{stage}' AND probability = {value})" for stage, value in _DEFAULTS.items())
    op.execute(f"UPDATE leads SET probability_manual = NOT ({matches})")  # noqa: S608 - constants only


def downgrade() -> None:
    op.drop_column("leads", "probability_manual")
    op.drop_table("portal_settings")
