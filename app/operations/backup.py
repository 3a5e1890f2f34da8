"""``./ops/portal backup FILE`` and ``restore FILE``: the database and the stored files in one archive.

The archive (``.tar.gz``) holds ``manifest.json`` (format, schema revision, per table its row count,
highest id ever issued and checksum, per stored file its size and checksum), one ``db/<table>.jsonl``
per table (a JSON object per row, tables in foreign-key order) and ``files/<storage key>`` for every
file and thumbnail the documents name. Rows are written as JSON through the tables' own column types,
so a backup of SQLite restores into PostgreSQL and the other way round.

Consistency: SQLite is first copied with its online backup API and the copy is read; PostgreSQL is
read in one REPEATABLE READ transaction. Stored files are written once and never changed (new
uploads get new keys), so copying those the snapshot names after the snapshot is consistent; one
deleted meanwhile is listed as missing in the manifest.

Restore refuses a database that has rows (unless ``--force``, which empties it first), checks every
checksum before it writes anything, migrates the empty database to the backup's revision, inserts
the rows, sets the id sequences so no id is ever issued twice, copies the files, migrates to the
newest revision, and finally compares the row counts with the manifest.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import sqlite3
import tarfile
import tempfile
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Date, DateTime, Integer, Numeric, Table, TypeDecorator, func, select, text
from sqlalchemy.engine import make_url
from sqlmodel import SQLModel

import schemas.audit
import schemas.chat
import schemas.imports
import schemas.inspections
import schemas.push
import schemas.records
import schemas.samples
import schemas.users  # noqa: F401  (each schema module registers its tables)
from app.db import is_sqlite, make_sync_engine
from app.operations.migrations import alembic_config, downgrade, migrate
from app.settings import Settings
from app.storage import Storage, StoredFileMissing, check_key, open_storage

FORMAT = 1
MANIFEST = "manifest.json"
BATCH = 500
# Where rows name stored files: the document's file and its thumbnail.
FILE_COLUMNS = {"documents": ("storage_key", "thumbnail_key")}
# A user's photo uploaded to the portal: its URL ends with the stored name (photos/<32 hex>.png).
_PHOTO = re.compile(r"/photos/([0-9a-f]{32}\.png)$")
# A sample product's picture (app/samples/e_commerce.py): named in the item's JSON (photos/<32 hex>.webp).
_PICTURE = re.compile(r"/photos/([0-9a-f]{32}\.webp)\b")


class BackupError(Exception):
    """A backup or restore that cannot go on; the message says why and what to do."""


def tables() -> list[Table]:
    """The portal's tables, each after the tables it points at."""
    return list(SQLModel.metadata.sorted_tables)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


# --- values ------------------------------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        raise BackupError("binary columns are not supported by the backup format")
    return value


def _decoder(table: Table) -> dict[str, type | None]:
    """Per column, the Python type a JSON string must become again (dates, times, decimals)."""
    kinds: dict[str, type | None] = {}
    for column in table.columns:
        kind = column.type.impl_instance if isinstance(column.type, TypeDecorator) else column.type
        if isinstance(kind, DateTime):
            kinds[column.name] = datetime
        elif isinstance(kind, Date):
            kinds[column.name] = date
        elif isinstance(kind, Numeric) and kind.asdecimal:
            kinds[column.name] = Decimal
        else:
            kinds[column.name] = None
    return kinds


def _decode(row: dict[str, Any], kinds: dict[str, type | None]) -> dict[str, Any]:
    out = {}
    for name, value in row.items():
        if name not in kinds:
            raise BackupError(f"the backup has a column {name!r} that this version's tables do not have")
        kind = kinds[name]
        if isinstance(value, str):
            if kind is datetime:
                value = datetime.fromisoformat(value)
            elif kind is date:
                value = date.fromisoformat(value)
            elif kind is Decimal:
                value = Decimal(value)
        out[name] = value
    return out


# --- reading the source ---------------------------------------------------------------------------


def _schema_revision(conn: Connection) -> str | None:
    try:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # no alembic_version table: never migrated
        return None


def _sequence_name(conn: Connection, table: Table) -> str | None:
    """The PostgreSQL sequence behind ``table.id``, if it has one."""
    column = _serial_column(table)
    if column is None:
        return None
    name: str | None = conn.execute(
        text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table.name, "c": column}
    ).scalar()
    return name


def _serial_column(table: Table) -> str | None:
    keys = list(table.primary_key.columns)
    if len(keys) == 1 and isinstance(keys[0].type, Integer) and not keys[0].foreign_keys:
        return keys[0].name
    return None


def _last_ids(conn: Connection) -> dict[str, int]:
    """The highest id each table ever issued (deleted rows included), where the database tracks it."""
    found: dict[str, int] = {}
    if conn.dialect.name == "sqlite":
        for name, seq in conn.execute(text("SELECT name, seq FROM sqlite_sequence")):
            found[name] = int(seq)
        return found
    for table in tables():
        sequence = _sequence_name(conn, table)
        if sequence is not None:
            last, called = conn.execute(text(f"SELECT last_value, is_called FROM {sequence}")).one()
            found[table.name] = int(last) if called else 0
    return found


@contextmanager
def _snapshot(url: str) -> Iterator[Connection]:
    """A connection that sees one consistent state of the database."""
    if is_sqlite(url):
        source = make_url(url).database or ""
        if not Path(source).exists():
            raise BackupError(f"there is no database at {source}")
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "snapshot.db"
            with sqlite3.connect(source) as src, sqlite3.connect(copy) as dst:
                src.backup(dst)  # the online backup API: a consistent copy while others write
            src.close()
            dst.close()
            engine = make_sync_engine(f"sqlite:///{copy}")
            try:
                with engine.connect() as conn:
                    yield conn
            finally:
                engine.dispose()
        return
    engine = make_sync_engine(url)
    try:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
            conn.execute(text("SET TRANSACTION READ ONLY"))
            yield conn
    finally:
        engine.dispose()


class _HashingReader(io.RawIOBase):
    """Reads a stream and hashes what passed, so a file is read once for the archive and its checksum."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.digest = hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        chunk = self.stream.read(len(buffer))
        buffer[: len(chunk)] = chunk
        self.digest.update(chunk)
        return len(chunk)


@dataclass
class Summary:
    rows: dict[str, int] = field(default_factory=dict)
    files: int = 0
    file_bytes: int = 0
    missing_files: list[str] = field(default_factory=list)
    revision: str | None = None
    seconds: float = 0.0

    def describe(self) -> str:
        total = sum(self.rows.values())
        text_ = (
            f"{total} rows in {len(self.rows)} tables, {self.files} files ({self.file_bytes / 1e6:.1f} MB), "
            f"schema revision {self.revision}, {self.seconds:.1f} s"
        )
        if self.missing_files:
            text_ += f"; {len(self.missing_files)} files named by documents were missing: {self.missing_files[:5]}"
        return text_


def backup(settings: Settings, target: Path, storage: Storage | None = None) -> Summary:
    """Write the archive to ``target`` (written beside it, then renamed: never half a backup)."""
    started = time.monotonic()
    storage = storage or open_storage(settings)
    summary = Summary()
    manifest: dict[str, Any] = {"format": FORMAT, "created": datetime.now(UTC).isoformat(), "tables": {}, "files": {}}
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.partial")
    try:
        with tempfile.TemporaryDirectory() as tmp, tarfile.open(partial, "w:gz", compresslevel=6) as archive:
            keys: list[tuple[str, str]] = []
            with _snapshot(settings.effective_database_url) as conn:
                summary.revision = _schema_revision(conn)
                if summary.revision is None:
                    raise BackupError("the database has no schema yet (run ./ops/portal migrate): nothing to back up")
                manifest["schemaRevision"] = summary.revision
                manifest["source"] = conn.dialect.name
                last_ids = _last_ids(conn)
                for table in tables():
                    path = Path(tmp) / f"{table.name}.jsonl"
                    count = 0
                    with path.open("w", encoding="utf-8") as out:
                        order = [c for c in table.primary_key.columns]
                        for row in conn.execute(select(table).order_by(*order)).mappings():
                            out.write(json.dumps({k: _encode(v) for k, v in row.items()}, ensure_ascii=False))
                            out.write("\n")
                            count += 1
                            for column in FILE_COLUMNS.get(table.name, ()):
                                if row[column]:
                                    keys.append((row[column], _media_type(table.name, column, row)))
                            if table.name == "users" and (photo := _PHOTO.search(row.get("photo_url") or "")):
                                keys.append((f"photos/{photo.group(1)}", "image/png"))  # app/services/photos.py
                            if table.name == "sample_items" and row.get("area") == "e-commerce":
                                for name in _PICTURE.findall(json.dumps(row.get("data"))):
                                    keys.append((f"photos/{name}", "image/webp"))
                            if table.name == "sample_items" and (uploaded := _sample_file(row)):
                                keys.append(uploaded)  # the file manager's uploads (app/samples/file_manager.py)
                    manifest["tables"][table.name] = {
                        "rows": count,
                        "sha256": _sha256(path),
                        "lastId": last_ids.get(table.name),
                    }
                    summary.rows[table.name] = count
                    archive.add(path, arcname=f"db/{table.name}.jsonl")
            for key, media_type in dict.fromkeys(keys):
                try:
                    size = storage.size(key)
                    stream = storage.open(key)
                except StoredFileMissing:
                    summary.missing_files.append(key)
                    continue
                with stream:
                    reader = _HashingReader(stream)
                    info = tarfile.TarInfo(f"files/{key}")
                    info.size = size
                    info.mtime = int(time.time())
                    archive.addfile(info, io.BufferedReader(reader))
                manifest["files"][key] = {"size": size, "sha256": reader.digest.hexdigest(), "mediaType": media_type}
                summary.files += 1
                summary.file_bytes += size
            manifest["missingFiles"] = summary.missing_files
            data = json.dumps(manifest, indent=2).encode()
            info = tarfile.TarInfo(MANIFEST)
            info.size = len(data)
            info.mtime = int(time.time())
            archive.addfile(info, io.BytesIO(data))
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    summary.seconds = time.monotonic() - started
    return summary


def _sample_file(row: Any) -> tuple[str, str] | None:
    """The stored file a sample item names (a file manager upload), with its media type."""
    data = row.get("data")
    if isinstance(data, str):
        data = json.loads(data)
    key = data.get("storageKey") if isinstance(data, dict) else None
    if not isinstance(key, str):
        return None
    try:
        check_key(key)
    except ValueError:
        return None
    return key, str(data.get("mediaType") or "application/octet-stream")


def _media_type(table: str, column: str, row: Any) -> str:
    if column == "thumbnail_key":
        return "image/png"
    return str(row.get("media_type") or "application/octet-stream")


# --- restoring ------------------------------------------------------------------------------------


_MEMBER = re.compile(r"^(manifest\.json|db/[a-z_]+\.jsonl|files/[0-9a-z][0-9a-z/]*(\.png|\.webp)?)$")


def _unpack(source: Path, into: Path) -> tuple[dict[str, Any], dict[str, Path]]:
    """Read the archive once, from start to end, into a folder; check it against its manifest."""
    if not source.is_file():
        raise BackupError(f"no backup at {source}")
    paths: dict[str, Path] = {}
    try:
        with tarfile.open(source, "r|gz") as archive:
            for member in archive:
                if not member.isfile() or not _MEMBER.match(member.name) or ".." in member.name:
                    raise BackupError(f"the backup holds {member.name!r}, which no portal backup has")
                stream = archive.extractfile(member)
                assert stream is not None
                path = into / f"{len(paths)}"
                with path.open("wb") as out:
                    while chunk := stream.read(1024 * 1024):
                        out.write(chunk)
                paths[member.name] = path
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise BackupError(f"{source} is not a readable portal backup ({exc})") from exc
    if MANIFEST not in paths:
        raise BackupError(f"{source} has no manifest: not a portal backup")
    manifest: dict[str, Any] = json.loads(paths.pop(MANIFEST).read_text())
    if manifest.get("format") != FORMAT:
        raise BackupError(f"backup format {manifest.get('format')} is not supported (this version reads {FORMAT})")
    expected = {f"db/{name}.jsonl": info["sha256"] for name, info in manifest["tables"].items()}
    expected |= {f"files/{key}": info["sha256"] for key, info in manifest["files"].items()}
    if extra := sorted(set(paths) - set(expected)):
        raise BackupError(f"the backup holds {', '.join(extra[:5])}, which its manifest does not list")
    if missing := sorted(set(expected) - set(paths)):
        raise BackupError(f"the backup lacks {', '.join(missing[:5])}: the file is incomplete")
    for name, digest in expected.items():
        if _sha256(paths[name]) != digest:
            raise BackupError(f"{name} in the backup does not match its checksum: the file is damaged")
    if unknown := set(manifest["tables"]) - {t.name for t in tables()}:
        raise BackupError(f"the backup has tables this version does not know: {', '.join(sorted(unknown))}")
    return manifest, paths


def _revisions(settings: Settings) -> list[str]:
    """Every schema revision this version knows, newest first (the history is linear)."""
    script = ScriptDirectory.from_config(alembic_config(settings))
    return [rev.revision for rev in script.walk_revisions()]


def _move_schema_to(settings: Settings, current: str | None, wanted: str) -> None:
    """Put the (empty) database at the backup's revision: up from nothing or older, down from newer."""
    order = _revisions(settings)
    if current is not None and current in order and order.index(current) < order.index(wanted):
        downgrade(settings, wanted)
    else:
        migrate(settings, wanted)


def row_counts(conn: Connection) -> dict[str, int]:
    return {t.name: int(conn.execute(select(func.count()).select_from(t)).scalar_one()) for t in tables()}


def _rows(path: Path, table: Table) -> Iterable[dict[str, Any]]:
    kinds = _decoder(table)
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield _decode(json.loads(line), kinds)


def _insert(conn: Connection, path: Path, table: Table) -> None:
    # Columns pointing at the same table (a document's duplicate_of) are set in a second pass, so the
    # order of rows does not matter when foreign keys are enforced (PostgreSQL).
    self_refs = [fk.parent.name for fk in table.foreign_keys if fk.column.table is table]
    keys = [c.name for c in table.primary_key.columns]
    later: list[dict[str, Any]] = []
    batch: list[dict[str, Any]] = []
    for row in _rows(path, table):
        if self_refs and any(row.get(c) is not None for c in self_refs):
            later.append({**{k: row[k] for k in keys}, **{c: row[c] for c in self_refs}})
            row = {**row, **dict.fromkeys(self_refs)}
        batch.append(row)
        if len(batch) >= BATCH:
            conn.execute(table.insert(), batch)
            batch = []
    if batch:
        conn.execute(table.insert(), batch)
    for update in later:
        where = [table.c[k] == update[k] for k in keys]
        conn.execute(table.update().where(*where).values({c: update[c] for c in self_refs}))


def _set_sequences(conn: Connection, manifest: dict[str, Any]) -> None:
    """Ids continue after the highest one the source ever issued, deleted rows included."""
    for table in tables():
        column = _serial_column(table)
        if column is None:
            continue
        highest = conn.execute(select(func.max(table.c[column]))).scalar() or 0
        last = max(int(manifest["tables"].get(table.name, {}).get("lastId") or 0), int(highest))
        if conn.dialect.name == "sqlite":
            if table.dialect_options["sqlite"].get("autoincrement") and last:
                conn.execute(text("DELETE FROM sqlite_sequence WHERE name = :t"), {"t": table.name})
                conn.execute(
                    text("INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :n)"), {"t": table.name, "n": last}
                )
        else:
            sequence = _sequence_name(conn, table)
            if sequence is not None and last:
                conn.execute(text("SELECT setval(:s, :n, true)"), {"s": sequence, "n": last})


def restore(settings: Settings, source: Path, *, force: bool = False, storage: Storage | None = None) -> Summary:
    started = time.monotonic()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=settings.data_dir, prefix=".restore-") as tmp:
        manifest, paths = _unpack(source, Path(tmp))
        revision = manifest["schemaRevision"]
        if revision not in _revisions(settings):
            raise BackupError(
                f"the backup's schema revision {revision} is unknown to this version of the portal (a newer "
                "one made it): restore it with that version"
            )
        engine = make_sync_engine(settings.effective_database_url, for_migrations=True)  # SQLite: no FK actions
        try:
            with engine.begin() as conn:
                current = _schema_revision(conn)
                present = {name: n for name, n in row_counts(conn).items() if n} if current else {}
            if present and not force:
                raise BackupError(
                    "the database is not empty ("
                    + ", ".join(f"{n} {name}" for name, n in sorted(present.items()))
                    + "): restore into an empty instance, or pass --force to replace its contents"
                )
            if present:
                with engine.begin() as conn:
                    for table in reversed(tables()):
                        conn.execute(table.delete())
            _move_schema_to(settings, current, revision)
            with engine.begin() as conn:
                for table in tables():
                    if table.name in manifest["tables"]:
                        _insert(conn, paths[f"db/{table.name}.jsonl"], table)
                _set_sequences(conn, manifest)
                counts = row_counts(conn)
        finally:
            engine.dispose()
        wanted = {name: info["rows"] for name, info in manifest["tables"].items()}
        if {k: v for k, v in counts.items() if k in wanted} != wanted:
            raise BackupError(f"row counts after restore differ from the manifest: {counts} != {wanted}")
        storage = storage or open_storage(settings)
        summary = Summary(rows=counts, revision=revision, missing_files=list(manifest.get("missingFiles", [])))
        for key, info in manifest["files"].items():
            # put_file consumes the unpacked file (a rename when the store is a folder on this disk).
            storage.put_file(check_key(key), paths[f"files/{key}"], info.get("mediaType") or "application/octet-stream")
            summary.files += 1
            summary.file_bytes += int(info["size"])
    migrate(settings)  # a backup from an older version is brought up to date
    summary.seconds = time.monotonic() - started
    return summary
