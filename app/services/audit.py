"""The audit log's one writer, its merged view with the records' history, export and retention.

``record`` adds a row to the caller's session: it commits (or rolls back) with the change it
records, so a failed change leaves no row. Once the transaction commits, the new rows are pushed to
the admins watching the log (Socket.IO room ``admins``), through the project's event sink.
Nothing here updates or deletes a row, except ``prune`` (the retention job).
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Session
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import invalid
from app.realtime import rooms
from app.services import cursors
from app.services.devices import describe_agent
from schemas.audit import AUDIT_KINDS, AuditEvent
from schemas.base import UtcDateTime, utcnow
from schemas.events import AuditAppended
from schemas.query import AuditFilters, AuditLogQuery
from schemas.records import RecordChange
from schemas.users import User

MAX_PAGE = 100
EXPORT_PAGE = 500
MAX_EXPORT_ROWS = 100_000
PRUNE_BATCH = 5_000
MAX_PRUNE_BATCHES = 200
_PENDING = "audit_new"
SINK = "audit_sink"


@dataclass(frozen=True)
class Meta:
    """Where a request came from: the client address (as the rate limits see it) and its user agent."""

    ip: str | None = None
    user_agent: str | None = None


@dataclass(frozen=True)
class Actor:
    """Who made a change: a signed-in user (with where they asked from), or the CLI, or the seed."""

    user_id: int | None
    label: str
    meta: Meta = Meta()


CLI = Actor(user_id=None, label="cli", meta=Meta(user_agent="portal CLI"))
SYSTEM = Actor(user_id=None, label="system")


def _short(value: str | None, size: int) -> str | None:
    return value[:size] if value else None


def record(
    session: AsyncSession,
    kind: str,
    *,
    actor: Actor | None = None,
    target: User | None = None,
    target_label: str | None = None,
    meta: Meta | None = None,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """Add one audit row to ``session``'s transaction (the caller commits it with its change)."""
    assert kind in AUDIT_KINDS, kind
    actor = actor or SYSTEM
    meta = meta or actor.meta
    row = AuditEvent(
        at=utcnow(),
        kind=kind,
        actor_id=actor.user_id,
        actor_label=_short(actor.label, 64),
        target_user_id=target.id if target is not None else None,
        target_label=_short(target.username if target is not None else target_label, 64),
        ip=_short(meta.ip, 64),
        user_agent=_short(meta.user_agent, 300),
        detail=detail or {},
    )
    session.add(row)
    session.sync_session.info.setdefault(_PENDING, []).append(row)
    return row


def user_actor(user: User, meta: Meta) -> Actor:
    return Actor(user_id=user.id, label=user.username, meta=meta)


# --- live: new rows go to the admins once their transaction commits ------------------------------

_tasks: set[asyncio.Task[None]] = set()


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    rows: list[AuditEvent] = session.info.pop(_PENDING, [])
    sink = session.info.get(SINK)
    if not rows or sink is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    entries = [_entry_of_audit(row, {}) for row in rows]
    task = loop.create_task(_push(sink, entries))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


@event.listens_for(Session, "after_soft_rollback")
def _after_rollback(session: Session, _previous: Any) -> None:
    session.info.pop(_PENDING, None)


DRAIN_SECONDS = 3.0


async def drain() -> None:
    """Wait (bounded) for the pushes of committed entries: a short-lived process (the CLI) calls it
    before it exits, so its entries reach the admins watching the log."""
    if _tasks:
        await asyncio.wait(set(_tasks), timeout=DRAIN_SECONDS)


async def _push(sink: Any, entries: list[dict[str, Any]]) -> None:
    for entry in entries:
        try:
            await sink.publish(AuditAppended(entry=entry), room=rooms.ADMINS)
        except Exception:  # a lost push: the page fetches the log again when it reconnects
            return


# --- the merged view ---------------------------------------------------------------------------


def _device(user_agent: str | None) -> str | None:
    return describe_agent(user_agent)[0] if user_agent else None


def _who(user_id: int | None, label: str | None, names: Mapping[int, User]) -> dict[str, Any] | None:
    if user_id is None and not label:
        return None
    user = names.get(user_id) if user_id is not None else None
    return {
        "id": user_id,
        "username": user.username if user is not None else label,
        "displayName": user.display_name if user is not None else label,
    }


def _entry_of_audit(row: AuditEvent, names: Mapping[int, User]) -> dict[str, Any]:
    return {
        "id": f"audit-{row.id}",
        "source": "audit",
        "at": row.at.isoformat(),
        "kind": row.kind,
        "label": AUDIT_KINDS.get(row.kind, row.kind),
        "actor": _who(row.actor_id, row.actor_label, names),
        "target": _who(row.target_user_id, row.target_label, names),
        "ip": row.ip,
        "userAgent": row.user_agent,
        "device": _device(row.user_agent),
        "detail": row.detail,
        "resource": None,
        "recordId": None,
    }


RESOURCE_WORDS = {"assets": "Asset", "documents": "Document", "leads": "Opportunity"}
RECORD_WORDS = {"create": "created", "update": "updated", "delete": "deleted"}


@dataclass(frozen=True)
class AuditQuery:
    actor: int | None
    target: int | None
    kind: str | None
    start: datetime | None
    end: datetime | None
    q: str | None
    per_page: int
    cursor: str | None

    def fingerprint(self) -> str:
        return cursors.fingerprint("audit", self.actor, self.target, self.kind, self.start, self.end, self.q)


def parse_query(params: AuditFilters) -> AuditQuery:
    """The log's query from its parsed filters (schemas/query.py); 422 for a kind the log does not list."""
    kind = params.kind or None
    if kind is not None and kind not in AUDIT_KINDS and kind not in ("record", "auth", "user"):
        errors = {"kind": "Use one of the kinds the log lists (or auth, user, record)."}
        raise invalid("Check the audit log filters: kind.", errors)
    per_page = params.per_page if isinstance(params, AuditLogQuery) else 50
    cursor = (params.cursor or None) if isinstance(params, AuditLogQuery) else None
    return AuditQuery(params.actor, params.target, kind, params.start, params.end, params.q or None, per_page, cursor)


_KEY_TYPES = [UtcDateTime(), sa.String(), sa.Integer()]


def _merged() -> Any:
    audit = select(  # type: ignore[call-overload]
        col(AuditEvent.at).label("at"),
        sa.literal("audit").label("src"),
        col(AuditEvent.id).label("id"),
        col(AuditEvent.kind).label("kind"),
        col(AuditEvent.actor_id).label("actor_id"),
        col(AuditEvent.actor_label).label("actor_label"),
        col(AuditEvent.target_user_id).label("target_user_id"),
        col(AuditEvent.target_label).label("target_label"),
        col(AuditEvent.ip).label("ip"),
        col(AuditEvent.user_agent).label("user_agent"),
        sa.cast(sa.null(), sa.String(16)).label("resource"),
        sa.cast(sa.null(), sa.Integer()).label("record_id"),
    )
    changes = select(  # type: ignore[call-overload]
        col(RecordChange.at).label("at"),
        sa.literal("record").label("src"),
        col(RecordChange.id).label("id"),
        (sa.literal("record.") + col(RecordChange.action)).label("kind"),
        col(RecordChange.actor_id).label("actor_id"),
        sa.cast(sa.null(), sa.String(64)).label("actor_label"),
        sa.cast(sa.null(), sa.Integer()).label("target_user_id"),
        sa.cast(sa.null(), sa.String(64)).label("target_label"),
        sa.cast(sa.null(), sa.String(64)).label("ip"),
        sa.cast(sa.null(), sa.String(300)).label("user_agent"),
        col(RecordChange.resource).label("resource"),
        col(RecordChange.record_id).label("record_id"),
    )
    return audit, changes


def _filtered(query: AuditQuery) -> Any:
    audit, changes = _merged()
    include_records = query.target is None and (query.kind is None or query.kind.startswith("record"))
    include_audit = query.kind is None or not query.kind.startswith("record")
    parts = []
    if include_audit:
        parts.append(audit)
    if include_records:
        parts.append(changes)
    if not parts:
        parts.append(audit.where(sa.false()))
    sub = sa.union_all(*parts).subquery("log") if len(parts) > 1 else parts[0].subquery("log")
    conditions: list[Any] = []
    if query.actor is not None:
        conditions.append(sub.c.actor_id == query.actor)
    if query.target is not None:
        conditions.append(sub.c.target_user_id == query.target)
    if query.kind is not None:
        if query.kind in AUDIT_KINDS:
            conditions.append(sub.c.kind == query.kind)
        else:
            conditions.append(sub.c.kind.like(f"{query.kind}.%"))
    if query.start is not None:
        conditions.append(sub.c.at >= query.start)
    if query.end is not None:
        conditions.append(sub.c.at <= query.end)
    if query.q:
        needle = "%" + query.q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        conditions.append(
            sa.or_(
                *(
                    sa.func.lower(sa.func.coalesce(column, "")).like(needle, escape="\\")
                    for column in (sub.c.kind, sub.c.actor_label, sub.c.target_label, sub.c.ip, sub.c.resource)
                )
            )
        )
    return sub, conditions


async def _rows(session: AsyncSession, query: AuditQuery, limit: int, after: tuple[Any, ...] | None) -> list[Any]:
    sub, conditions = _filtered(query)
    if after is not None:
        at, src, row_id = after
        conditions.append(
            sa.or_(
                sub.c.at < at,
                sa.and_(sub.c.at == at, sa.or_(sub.c.src < src, sa.and_(sub.c.src == src, sub.c.id < row_id))),
            )
        )
    statement = (
        sa.select(sub).where(*conditions).order_by(sub.c.at.desc(), sub.c.src.desc(), sub.c.id.desc()).limit(limit)
    )
    return list((await session.exec(statement)).all())  # type: ignore[call-overload]


async def _entries(session: AsyncSession, rows: list[Any]) -> list[dict[str, Any]]:
    audit_ids = [r.id for r in rows if r.src == "audit"]
    full: dict[int, AuditEvent] = {}
    if audit_ids:
        found = await session.exec(select(AuditEvent).where(col(AuditEvent.id).in_(audit_ids)))
        full = {row.id or 0: row for row in found}
    change_ids = [r.id for r in rows if r.src == "record"]
    changes: dict[int, RecordChange] = {}
    if change_ids:
        found_changes = await session.exec(select(RecordChange).where(col(RecordChange.id).in_(change_ids)))
        changes = {row.id or 0: row for row in found_changes}
    user_ids = {i for r in rows for i in (r.actor_id, r.target_user_id) if i is not None}
    names: dict[int, User] = {}
    if user_ids:
        names = {u.id or 0: u for u in await session.exec(select(User).where(col(User.id).in_(user_ids)))}
    entries = []
    for r in rows:
        if r.src == "audit" and r.id in full:
            entries.append(_entry_of_audit(full[r.id], names))
            continue
        change = changes.get(r.id)
        action = change.action if change is not None else r.kind.removeprefix("record.")
        entries.append(
            {
                "id": f"record-{r.id}",
                "source": "record",
                "at": r.at.isoformat(),
                "kind": r.kind,
                "label": f"{RESOURCE_WORDS.get(r.resource, 'Record')} {RECORD_WORDS.get(action, action)}",
                "actor": _who(r.actor_id, None, names),
                "target": None,
                "ip": None,
                "userAgent": None,
                "device": None,
                "detail": {"changes": change.changes} if change is not None else {},
                "resource": r.resource,
                "recordId": r.record_id,
            }
        )
    return entries


async def list_log(session: AsyncSession, query: AuditQuery) -> dict[str, Any]:
    """One page of the merged log, newest first; ``nextCursor`` continues it (None at the end)."""
    after = None
    if query.cursor:
        after = cursors.decode(query.cursor, query.fingerprint(), _KEY_TYPES).key
    rows = await _rows(session, query, query.per_page + 1, after)
    more = len(rows) > query.per_page
    rows = rows[: query.per_page]
    next_cursor = None
    if more and rows:
        last = rows[-1]
        next_cursor = cursors.encode(query.fingerprint(), after=True, key=(last.at, last.src, last.id))
    return {"items": await _entries(session, rows), "nextCursor": next_cursor, "kinds": AUDIT_KINDS}


CSV_COLUMNS = ["at", "kind", "label", "actor", "target", "ip", "device", "resource", "recordId", "detail"]


def _csv_line(values: list[Any]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    # A cell starting with = + - @ is a formula to a spreadsheet: quote it as text.
    writer.writerow(["'" + v if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") else v for v in values])
    return buffer.getvalue()


async def export_csv(db: Any, query: AuditQuery) -> AsyncIterator[bytes]:
    """The whole filtered log as CSV, page by page (each page its own short read), bounded."""
    import json

    yield _csv_line(CSV_COLUMNS).encode()
    after = None
    sent = 0
    while sent < MAX_EXPORT_ROWS:
        async with db.reader() as session:
            rows = await _rows(session, query, EXPORT_PAGE, after)
            entries = await _entries(session, rows)
        for entry in entries:
            yield _csv_line(
                [
                    entry["at"],
                    entry["kind"],
                    entry["label"],
                    (entry["actor"] or {}).get("username") or "",
                    (entry["target"] or {}).get("username") or "",
                    entry["ip"] or "",
                    entry["device"] or "",
                    entry["resource"] or "",
                    entry["recordId"] or "",
                    json.dumps(entry["detail"], default=str) if entry["detail"] else "",
                ]
            ).encode()
        sent += len(rows)
        if len(rows) < EXPORT_PAGE:
            return
        last = rows[-1]
        after = (last.at, last.src, last.id)


# --- retention -----------------------------------------------------------------------------------


async def prune(session: AsyncSession, *, days: int, now: datetime | None = None) -> int:
    """Delete the rows older than ``days`` (in bounded batches); answers how many went."""
    cutoff = (now or utcnow()) - timedelta(days=days)
    removed = 0
    for _ in range(MAX_PRUNE_BATCHES):
        oldest = select(AuditEvent.id).where(col(AuditEvent.at) < cutoff).limit(PRUNE_BATCH)
        result = await session.exec(sa.delete(AuditEvent).where(col(AuditEvent.id).in_(oldest.scalar_subquery())))
        await session.commit()
        removed += int(result.rowcount or 0)
        if (result.rowcount or 0) < PRUNE_BATCH:
            break
    return removed
