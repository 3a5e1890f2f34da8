"""company sign-in: users of the identity provider, matched by (issuer, subject)

Revision ID: c4d8e2f61a37
Revises: b4d2e6f8a1c3
Create Date: 2026-11-28 09:00:00

- ``external_identities``: one row per (issuer, subject) an OpenID Connect provider vouched for,
  pointing at the portal user created at that identity's first sign-in (app/auth/oidc.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import schemas.base

revision: str = "c4d8e2f61a37"
down_revision: str | None = "b4d2e6f8a1c3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "external_identities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("issuer", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("subject", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("created_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("last_sign_in_at", schemas.base.UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("issuer", "subject", name="uq_external_identities_issuer_subject"),
    )
    op.create_index("ix_external_identities_user_id", "external_identities", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_external_identities_user_id", table_name="external_identities")
    op.drop_table("external_identities")
