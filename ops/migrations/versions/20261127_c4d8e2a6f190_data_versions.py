"""data versions: one number per record resource, bumped by the database with every write

Revision ID: c4d8e2a6f190
Revises: c4d8e2f61a37
Create Date: 2026-11-27 09:00:00

``data_versions`` holds (resource, version) for assets, documents and leads. The API's answer
cache (``app/services/answers.py``) keeps a list or item answer while its resource's version is
unchanged, so every write that can change a list must bump it in its own transaction. Triggers do
it, so no path can leave it behind: the API, the document worker, imports, restores, the CLI and
plain SQL all write these tables.

- A write to assets, documents or leads (insert, update, delete, truncate) bumps that resource.
- A change of a user's name or photo (joined into every list's user references) or a deleted user
  bumps all three.
- A bump sets ``version = max(version + 1, now in microseconds)``: numbers only grow, even when the
  table is dropped and made again (a restore that moves the schema down and up), so an answer kept
  under an old number can never match a new one.
- PostgreSQL: a deferred constraint trigger per row, which bumps once per transaction and resource
  (a transaction-local setting remembers it) when the transaction commits: the row lock on the
  version is held for the commit only, not for the whole write (an import), and the new number
  becomes visible together with the data. TRUNCATE (no row triggers) bumps at once.
- SQLite (one writer at a time): a row trigger per insert, update and delete.

SQLite note for later migrations: ``batch_alter_table(..., recreate=...)`` on assets, documents,
leads or users drops their triggers; such a migration must run ``create_sqlite_triggers`` again.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c4d8e2a6f190"
down_revision: str | None = "c4d8e2f61a37"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RESOURCES = ("assets", "documents", "leads")
USER_COLUMNS = ("display_name", "photo_url")  # what lists show of a referenced user
PG_NOW = "(extract(epoch from clock_timestamp()) * 1000000)::bigint"
SQLITE_NOW = "CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER)"


def _sqlite_bump(resources: Sequence[str]) -> str:
    names = ", ".join(f"'{r}'" for r in resources)
    return f"UPDATE data_versions SET version = max(version + 1, {SQLITE_NOW}) WHERE resource IN ({names});"


def create_sqlite_triggers() -> None:
    for table in RESOURCES:
        bump = _sqlite_bump([table])
        for suffix, event in (("ai", "INSERT"), ("au", "UPDATE"), ("ad", "DELETE")):
            op.execute(f"CREATE TRIGGER {table}_version_{suffix} AFTER {event} ON {table} BEGIN {bump} END")
    bump = _sqlite_bump(RESOURCES)
    op.execute(f"CREATE TRIGGER users_version_au AFTER UPDATE OF {', '.join(USER_COLUMNS)} ON users BEGIN {bump} END")
    op.execute(f"CREATE TRIGGER users_version_ad AFTER DELETE ON users BEGIN {bump} END")


def _create_postgresql_triggers() -> None:
    op.execute(
        f"""
        CREATE FUNCTION bump_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          name text;
        BEGIN
          FOREACH name IN ARRAY TG_ARGV LOOP
            IF TG_OP = 'TRUNCATE' OR current_setting('portal.version_bumped_' || name, true) IS DISTINCT FROM 'on' THEN
              UPDATE data_versions SET version = greatest(version + 1, {PG_NOW}) WHERE resource = name;
              PERFORM set_config('portal.version_bumped_' || name, 'on', true);
            END IF;
          END LOOP;
          RETURN NULL;
        END $$
        """
    )
    for table in RESOURCES:
        op.execute(
            f"CREATE CONSTRAINT TRIGGER {table}_version AFTER INSERT OR UPDATE OR DELETE ON {table} "
            f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_versions('{table}')"
        )
        op.execute(
            f"CREATE TRIGGER {table}_version_truncate AFTER TRUNCATE ON {table} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions('{table}')"
        )
    everything = ", ".join(f"'{r}'" for r in RESOURCES)
    op.execute(
        f"CREATE CONSTRAINT TRIGGER users_version AFTER UPDATE OF {', '.join(USER_COLUMNS)} OR DELETE ON users "
        f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_versions({everything})"
    )


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    table = op.create_table(
        "data_versions",
        sa.Column("resource", sa.String(length=16), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("resource"),
    )
    now = op.get_bind().execute(sa.text(f"SELECT {PG_NOW if postgresql else SQLITE_NOW}")).scalar_one()
    op.bulk_insert(table, [{"resource": r, "version": int(now)} for r in RESOURCES])
    if postgresql:
        _create_postgresql_triggers()
    else:
        create_sqlite_triggers()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in RESOURCES:
            op.execute(f"DROP TRIGGER {table}_version ON {table}")
            op.execute(f"DROP TRIGGER {table}_version_truncate ON {table}")
        op.execute("DROP TRIGGER users_version ON users")
        op.execute("DROP FUNCTION bump_data_versions()")
    else:
        for table in RESOURCES:
            for suffix in ("ai", "au", "ad"):
                op.execute(f"DROP TRIGGER {table}_version_{suffix}")
        op.execute("DROP TRIGGER users_version_au")
        op.execute("DROP TRIGGER users_version_ad")
    op.drop_table("data_versions")
