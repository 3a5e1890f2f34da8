"""lists at real volumes: sort and filter indexes, full-text search, counts kept by the database, imports

Revision ID: a7f3c2d91e04
Revises: 3e7c1a9d5b20
Create Date: 2026-11-25 09:00:00

- Every sortable column of assets, documents and leads gets an index on (column, id): it serves the
  column's order with ``id`` as the tie-breaker (both directions) and the keyset condition
  ``(column, id) > (:value, :id)``; the single-column indexes it replaces are dropped (the filters
  use the same indexes). ``record_changes`` gets (at, id) for the dashboard's recent changes and
  (resource, record_id, at, id) for a record's history.
- Full-text search kept by the database, so rows written by any path (API, worker, import, restore,
  plain SQL) are searchable at once. PostgreSQL: two tsvector columns per table (``search_head``:
  the identifying fields; ``search_rest``: the others), set by a BEFORE trigger and indexed with GIN,
  plus pg_trgm indexes for parts of asset tags, serial numbers and names. SQLite: FTS5 tables with
  external content (``<table>_fts``, and ``assets_trgm`` with the trigram tokenizer) kept by triggers.
- ``record_counts``: the dashboard's and the lists' counts per field value, kept by triggers.
  PostgreSQL appends one delta row per (field, value) per statement (transition tables: no row lock
  shared by concurrent writers; ``app/services/counts.py`` folds the deltas); SQLite keeps one row per
  (field, value) (one writer at a time).
- ``import_jobs``: the state of CSV/Excel imports.

SQLite note for later migrations: ``batch_alter_table(..., recreate=...)`` on assets, documents or
leads drops their triggers; such a migration must run ``create_sqlite_objects`` of this one again.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import schemas.base

revision: str = "a7f3c2d91e04"
down_revision: str | None = "3e7c1a9d5b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SORTED: dict[str, list[str]] = {
    "assets": [
        "tag", "name", "category", "serial_number", "department", "status", "risk", "location",
        "assigned_technician_id", "next_inspection", "purchase_date", "purchase_cost", "created_at", "updated_at",
    ],
    "documents": [
        "title", "state", "department", "asset_id", "lead_id", "uploaded_by_id", "original_name", "media_type",
        "size", "page_count", "created_at", "updated_at",
    ],
    "leads": [
        "title", "client_company", "contact_name", "contact_email", "stage", "estimated_value", "probability",
        "risk", "department", "owner_id", "expected_close", "created_at", "updated_at",
    ],
}  # fmt: skip
REPLACED: dict[str, list[str]] = {
    "assets": ["assigned_technician_id", "category", "department", "risk", "status"],
    "documents": ["asset_id", "department", "lead_id", "state", "uploaded_by_id"],
    "leads": ["department", "owner_id", "risk", "stage"],
}
# Search fields: the head (what names the record) ranks above the rest.
HEAD: dict[str, list[str]] = {
    "assets": ["tag", "name", "serial_number"],
    "documents": ["title", "original_name", "notes"],
    "leads": ["title", "client_company", "contact_name"],
}
REST: dict[str, list[str]] = {
    "assets": ["location", "category", "notes"],
    "documents": ["text"],
    "leads": ["contact_email", "notes"],
}
TRIGRAM = ["tag", "serial_number", "name"]  # assets: parts of these match (pg_trgm / FTS5 trigram)
# GIN indexes gather new entries in a pending list (bulk writes: an import's 1,000-row INSERT took
# half the time with it) that every search reads until it is merged; a small list (512 kB) keeps that read short.
GIN_OPTIONS = "fastupdate = on, gin_pending_list_limit = 512"
# Extracted text beyond this is left out of the PostgreSQL vector (a tsvector holds at most 1 MB).
TEXT_INDEXED_CHARS = 1_000_000
# Counted fields per table; leads also sum their value and probability-weighted value.
COUNTED: dict[str, list[str]] = {
    "assets": ["status", "risk", "department", "category", "next_inspection"],
    "documents": ["state", "department"],
    "leads": ["stage", "risk", "department"],
}
DATE_FIELDS = {"next_inspection"}


def _pg_vector(table: str, fields: list[str], row: str) -> str:
    parts = []
    for field in fields:
        value = f"{row}.{field}"
        if field == "text":
            value = f"left({value}, {TEXT_INDEXED_CHARS})"
        parts.append(f"coalesce({value}, '')")
    joined = " || ' ' || ".join(parts)
    # Word separators as SQLite's unicode61 sees them: 'AST-00123' is the words 'ast' and '00123'
    # (PostgreSQL's parser would read '-00123' as a signed number), 'a.b@x.com' is a, b, x and com.
    return f"to_tsvector('simple'::regconfig, translate({joined}, '-_./@', '     '))"


def _create_postgresql_search() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for table in HEAD:
        op.execute(f"ALTER TABLE {table} ADD COLUMN search_head tsvector, ADD COLUMN search_rest tsvector")
        fields = HEAD[table] + REST[table]
        rest = _pg_vector(table, REST[table], "NEW")
        if table == "documents":
            # A text too rich for one tsvector is indexed by its first part rather than refusing the write.
            rest_block = (
                f"BEGIN NEW.search_rest := {rest}; "
                "EXCEPTION WHEN program_limit_exceeded THEN "
                "NEW.search_rest := to_tsvector('simple'::regconfig, "
                "translate(left(coalesce(NEW.text, ''), 100000), '-_./@', '     ')); END;"
            )
        else:
            rest_block = f"NEW.search_rest := {rest};"
        op.execute(
            f"""
            CREATE FUNCTION {table}_search_vectors() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              NEW.search_head := {_pg_vector(table, HEAD[table], "NEW")};
              {rest_block}
              RETURN NEW;
            END $$
            """
        )
        op.execute(
            f"CREATE TRIGGER {table}_search BEFORE INSERT OR UPDATE OF {', '.join(fields)} ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION {table}_search_vectors()"
        )
        # Existing rows: an update of one searched column fires the trigger.
        op.execute(f"UPDATE {table} SET {HEAD[table][0]} = {HEAD[table][0]}")
        op.execute(f"CREATE INDEX ix_{table}_search_head ON {table} USING gin (search_head) WITH ({GIN_OPTIONS})")
        op.execute(f"CREATE INDEX ix_{table}_search_rest ON {table} USING gin (search_rest) WITH ({GIN_OPTIONS})")
    for column in TRIGRAM:
        op.execute(f"CREATE INDEX ix_assets_{column}_trgm ON assets USING gin ({column} gin_trgm_ops) WITH ({GIN_OPTIONS})")


def _fts_triggers(fts: str, table: str, columns: list[str]) -> None:
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    insert = f"INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new});"
    delete = f"INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old});"
    op.execute(f"CREATE TRIGGER {fts}_ai AFTER INSERT ON {table} BEGIN {insert} END")
    op.execute(f"CREATE TRIGGER {fts}_ad AFTER DELETE ON {table} BEGIN {delete} END")
    op.execute(f"CREATE TRIGGER {fts}_au AFTER UPDATE OF {cols} ON {table} BEGIN {delete} {insert} END")


def create_sqlite_search() -> None:
    # detail = column: searches need which columns hold a word, never where in them (no phrase
    # queries; snippets are cut by the service): a word of 50,000 texts then reads a far smaller
    # doclist (a prefix query read every position list first: 16 ms -> 2 ms).
    words = "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', detail = column"
    for table in HEAD:
        columns = HEAD[table] + REST[table]
        op.execute(
            f"CREATE VIRTUAL TABLE {table}_fts USING fts5({', '.join(columns)}, "
            f"content = '{table}', content_rowid = 'id', {words})"
        )
        _fts_triggers(f"{table}_fts", table, columns)
        op.execute(f"INSERT INTO {table}_fts({table}_fts) VALUES ('rebuild')")
    op.execute(
        f"CREATE VIRTUAL TABLE assets_trgm USING fts5({', '.join(TRIGRAM)}, "
        "content = 'assets', content_rowid = 'id', tokenize = 'trigram')"
    )
    _fts_triggers("assets_trgm", "assets", TRIGRAM)
    op.execute("INSERT INTO assets_trgm(assets_trgm) VALUES ('rebuild')")


def _value_sql(field: str, row: str, postgresql: bool) -> str:
    if field in DATE_FIELDS and postgresql:
        return f"to_char({row}.{field}, 'YYYY-MM-DD')"
    return f"{row}.{field}"


def _amounts(table: str, row: str) -> tuple[str, str]:
    if table == "leads":
        return f"{row}.estimated_value", f"{row}.estimated_value * {row}.probability / 100.0"
    return "0", "0"


def _create_postgresql_counts() -> None:
    for table, fields in COUNTED.items():

        def deltas(rows: str, sign: str) -> str:
            amount, weighted = _amounts(table, "r")
            values = ", ".join(f"('{f}', {_value_sql(f, 'r', True)})" for f in fields)
            return (
                f"SELECT v.field, v.value, {sign}1 AS n, {sign}({amount}) AS amount, {sign}({weighted}) AS weighted "
                f"FROM {rows} r CROSS JOIN LATERAL (VALUES {values}) AS v(field, value)"
            )

        def insert(sources: list[str]) -> str:
            return (
                "INSERT INTO record_counts (resource, field, value, n, amount, weighted) "
                f"SELECT '{table}', field, value, sum(n), sum(amount), sum(weighted) "
                f"FROM ({' UNION ALL '.join(sources)}) AS d GROUP BY field, value "
                "HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(weighted) <> 0;"
            )

        op.execute(
            f"""
            CREATE FUNCTION {table}_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN
                {insert([deltas("new_rows", "+")])}
              ELSIF TG_OP = 'DELETE' THEN
                {insert([deltas("old_rows", "-")])}
              ELSE
                {insert([deltas("new_rows", "+"), deltas("old_rows", "-")])}
              END IF;
              RETURN NULL;
            END $$
            """
        )
        for event, tables in (
            ("INSERT", "NEW TABLE AS new_rows"),
            ("DELETE", "OLD TABLE AS old_rows"),
            ("UPDATE", "NEW TABLE AS new_rows OLD TABLE AS old_rows"),
        ):
            op.execute(
                f"CREATE TRIGGER {table}_counts_{event.lower()} AFTER {event} ON {table} "
                f"REFERENCING {tables} FOR EACH STATEMENT EXECUTE FUNCTION {table}_count_changes()"
            )


def _sqlite_count_statements(table: str, fields: list[str], row: str, sign: str) -> str:
    amount, weighted = _amounts(table, row)
    statements = []
    for field in fields:
        key = f"resource = '{table}' AND field = '{field}' AND value IS {row}.{field}"
        statements.append(
            "INSERT INTO record_counts (resource, field, value, n, amount, weighted) "
            f"SELECT '{table}', '{field}', {row}.{field}, 0, 0, 0 "
            f"WHERE NOT EXISTS (SELECT 1 FROM record_counts WHERE {key});"
        )
        statements.append(
            f"UPDATE record_counts SET n = n {sign} 1, amount = amount {sign} ({amount}), "
            f"weighted = weighted {sign} ({weighted}) WHERE {key};"
        )
    return " ".join(statements)


def create_sqlite_counts() -> None:
    for table, fields in COUNTED.items():
        watched = fields + (["estimated_value", "probability"] if table == "leads" else [])
        add = _sqlite_count_statements(table, fields, "new", "+")
        remove = _sqlite_count_statements(table, fields, "old", "-")
        op.execute(f"CREATE TRIGGER {table}_counts_ai AFTER INSERT ON {table} BEGIN {add} END")
        op.execute(f"CREATE TRIGGER {table}_counts_ad AFTER DELETE ON {table} BEGIN {remove} END")
        op.execute(
            f"CREATE TRIGGER {table}_counts_au AFTER UPDATE OF {', '.join(watched)} ON {table} "
            f"BEGIN {remove} {add} END"
        )


def _fill_counts(postgresql: bool) -> None:
    for table, fields in COUNTED.items():
        amount, weighted = _amounts(table, table)
        for field in fields:
            op.execute(
                "INSERT INTO record_counts (resource, field, value, n, amount, weighted) "
                f"SELECT '{table}', '{field}', {_value_sql(field, table, postgresql)}, count(*), "
                f"coalesce(sum({amount}), 0), coalesce(sum({weighted}), 0) "
                f"FROM {table} GROUP BY {_value_sql(field, table, postgresql)}"
            )


def create_sqlite_objects() -> None:
    """FTS tables and count triggers (a later migration that rebuilds a record table runs this again)."""
    create_sqlite_search()
    create_sqlite_counts()


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table, columns in SORTED.items():
        for column in REPLACED[table]:
            op.drop_index(f"ix_{table}_{column}", table_name=table)
        for column in columns:
            op.create_index(f"ix_{table}_{column}_id", table, [column, "id"])
    # The whole query equal to a serial number (lower(tag) has its unique index since 3e7c1a9d5b20).
    op.create_index("ix_assets_lower_serial_number", "assets", [sa.text("lower(serial_number)")])
    op.drop_index("ix_record_changes_record_id", table_name="record_changes")
    op.create_index("ix_record_changes_at_id", "record_changes", ["at", "id"])
    op.create_index("ix_record_changes_record", "record_changes", ["resource", "record_id", "at", "id"])

    op.create_table(
        "record_counts",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True),
        sa.Column("resource", sa.String(16), nullable=False),
        sa.Column("field", sa.String(32), nullable=False),
        sa.Column("value", sa.String(64), nullable=True),
        sa.Column("n", sa.BigInteger(), nullable=False),
        sa.Column("amount", sa.Numeric(20, 2), nullable=False),
        sa.Column("weighted", sa.Numeric(24, 4), nullable=False),
    )
    op.create_index("ix_record_counts_key", "record_counts", ["resource", "field", "value"])
    _fill_counts(postgresql)
    if postgresql:
        _create_postgresql_search()
        _create_postgresql_counts()
    else:
        create_sqlite_objects()

    op.create_table(
        "import_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("resource", sa.String(16), nullable=False),
        sa.Column("actor_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("dry_run", sa.Boolean(), nullable=False),
        sa.Column("update_existing", sa.Boolean(), nullable=False),
        sa.Column("file_name", sa.String(255), nullable=False),
        sa.Column("file_key", sa.String(200), nullable=True),
        sa.Column("file_format", sa.String(8), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("total_rows", sa.Integer(), nullable=True),
        sa.Column("processed_rows", sa.Integer(), nullable=False),
        sa.Column("created_count", sa.Integer(), nullable=False),
        sa.Column("updated_count", sa.Integer(), nullable=False),
        sa.Column("error_count", sa.Integer(), nullable=False),
        sa.Column("errors", sa.JSON(), nullable=False),
        sa.Column("preview", sa.JSON(), nullable=False),
        sa.Column("message", sa.String(500), nullable=True),
        sa.Column("created_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", schemas.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("finished_at", schemas.base.UtcDateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_import_jobs_created_at", "import_jobs", ["created_at"])


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.drop_table("import_jobs")
    if postgresql:
        for table in COUNTED:
            for event in ("insert", "delete", "update"):
                op.execute(f"DROP TRIGGER {table}_counts_{event} ON {table}")
            op.execute(f"DROP FUNCTION {table}_count_changes()")
        for column in TRIGRAM:
            op.execute(f"DROP INDEX ix_assets_{column}_trgm")
        for table in HEAD:
            op.execute(f"DROP TRIGGER {table}_search ON {table}")
            op.execute(f"DROP FUNCTION {table}_search_vectors()")
            op.execute(f"ALTER TABLE {table} DROP COLUMN search_head, DROP COLUMN search_rest")
    else:
        for table in COUNTED:
            for event in ("ai", "ad", "au"):
                op.execute(f"DROP TRIGGER {table}_counts_{event}")
        for fts in [f"{t}_fts" for t in HEAD] + ["assets_trgm"]:
            for event in ("ai", "ad", "au"):
                op.execute(f"DROP TRIGGER {fts}_{event}")
            op.execute(f"DROP TABLE {fts}")
    op.drop_table("record_counts")
    op.drop_index("ix_record_changes_record", table_name="record_changes")
    op.drop_index("ix_record_changes_at_id", table_name="record_changes")
    op.create_index("ix_record_changes_record_id", "record_changes", ["record_id"])
    op.drop_index("ix_assets_lower_serial_number", table_name="assets")
    for table, columns in SORTED.items():
        for column in columns:
            op.drop_index(f"ix_{table}_{column}_id", table_name=table)
        for column in REPLACED[table]:
            op.create_index(f"ix_{table}_{column}", table, [column])
