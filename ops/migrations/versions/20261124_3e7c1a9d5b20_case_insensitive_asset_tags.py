"""asset tags unique without regard to case; chat history paged by (chat_id, id)

Revision ID: 3e7c1a9d5b20
Revises: a7c3e5d21f04
Create Date: 2026-11-24 16:30:00

"T-100" and "t-100" were two assets; a unique index on lower(tag) makes them one tag (the service
checks the same way, so the index only decides a race). Tags that already collide keep the oldest
asset's; each later one gets its id appended ("t-100~57"), so the upgrade never fails on old data.
The second index serves GET /api/chat/get-chat's pages: the newest messages of one chat before an id.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3e7c1a9d5b20"
down_revision: str | None = "a7c3e5d21f04"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # lower() is each database's own (SQLite folds ASCII only), as in the service's check.
    op.execute(
        "UPDATE assets SET tag = substr(tag, 1, 20) || '~' || CAST(id AS VARCHAR(11)) "
        "WHERE id NOT IN (SELECT min(id) FROM assets GROUP BY lower(tag))"
    )
    op.create_index("uq_assets_tag_lower", "assets", [sa.text("lower(tag)")], unique=True)
    op.create_index("ix_chat_messages_chat_id_id", "chat_messages", ["chat_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_chat_id_id", table_name="chat_messages")
    op.drop_index("uq_assets_tag_lower", table_name="assets")
