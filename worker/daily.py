"""Work done once a day at a local time, whichever of several workers gets there first.

Every worker calls :func:`schedule_inspections` in each maintenance round (every
``WORKER_MAINTENANCE_SECONDS``). Once the local time in ``INSPECTION_TIMEZONE`` has passed
``INSPECTION_NOTICE_TIME``, the first worker to set the day's Redis key (SET NX) enqueues the day's
run; the others find the key taken. A worker that was down at that time runs it when it comes back
the same day. The run itself is safe to repeat (its notices have unique keys in the database), so a
lost key never sends anything twice.

Why not ``rq cron``: it is a process of its own with no lock between several of them, and its cron
fields follow the process's local time zone rather than a setting.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

from redis import Redis

from app.services.push.queue import DeliveryQueue
from app.settings import Settings

KEY = "portal:daily:inspections:{day}"
KEY_SECONDS = 3 * 24 * 3600


def due_day(settings: Settings, now: datetime) -> date | None:
    """The local date whose run is due at ``now`` (None before the day's time)."""
    local = now.astimezone(settings.inspection_zone)
    return local.date() if local.time() >= settings.inspection_time else None


def schedule_inspections(connection: Redis, settings: Settings, now: datetime | None = None) -> date | None:
    """Enqueue the day's inspection run once over all workers; answers the day when this call did it."""
    if not settings.inspection_notices_enabled:
        return None
    day = due_day(settings, now or datetime.now(UTC))
    if day is None:
        return None
    key = KEY.format(day=day.isoformat())
    if not connection.set(key, "1", nx=True, ex=KEY_SECONDS):
        return None
    try:
        DeliveryQueue(connection, settings).inspections_due(day)
    except Exception:
        connection.delete(key)  # the next round (of any worker) tries again
        raise
    return day


AUDIT_KEY = "portal:daily:audit-prune:{day}"


def prune_audit_daily(
    connection: Redis, settings: Settings, prune: Callable[[int], int], now: datetime | None = None
) -> int | None:
    """Prune the audit log (entries older than ``AUDIT_RETENTION_DAYS``) once a day over all workers;
    answers how many entries went when this call ran it."""
    day = (now or datetime.now(UTC)).date()
    key = AUDIT_KEY.format(day=day.isoformat())
    if not connection.set(key, "1", nx=True, ex=KEY_SECONDS):
        return None
    try:
        return prune(settings.audit_retention_days)
    except Exception:
        connection.delete(key)  # the next round (of any worker) tries again
        raise
