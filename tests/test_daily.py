"""The daily inspection run's trigger: the local time in the configured zone, once per day over all workers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime

import pytest
from redis import Redis
from rq import Queue

from app.services.push.queue import QUEUE_NAME
from app.settings import Settings
from worker.daily import AUDIT_KEY, KEY, due_day, prune_audit_daily, schedule_inspections

BERLIN = {"inspection_timezone": "Europe/Berlin", "inspection_notice_time": "07:00"}


@pytest.fixture
def connection(redis_url: str) -> Iterator[Redis]:
    redis = Redis.from_url(redis_url)
    yield redis
    for day in ("2031-01-15", "2031-07-15"):
        redis.delete(KEY.format(day=day))
        Queue(QUEUE_NAME, connection=redis).remove(f"inspections-due-{day}")
    redis.close()


def test_the_run_is_due_at_the_local_time_winter_and_summer() -> None:
    settings = Settings(**BERLIN)
    assert due_day(settings, datetime(2031, 1, 15, 5, 59, tzinfo=UTC)) is None  # 06:59 in Berlin (CET)
    assert due_day(settings, datetime(2031, 1, 15, 6, 0, tzinfo=UTC)) == date(2031, 1, 15)
    assert due_day(settings, datetime(2031, 7, 15, 4, 59, tzinfo=UTC)) is None  # 06:59 in Berlin (CEST)
    assert due_day(settings, datetime(2031, 7, 15, 5, 0, tzinfo=UTC)) == date(2031, 7, 15)
    # Just after midnight UTC it is already the next day in Tokyo, past 07:00.
    tokyo = Settings(inspection_timezone="Asia/Tokyo", inspection_notice_time="07:00")
    assert due_day(tokyo, datetime(2031, 1, 14, 23, 30, tzinfo=UTC)) == date(2031, 1, 15)


def test_bad_times_and_zones_are_refused() -> None:
    for bad in (
        {"inspection_notice_time": "7am"},
        {"inspection_notice_time": "24:00"},
        {"inspection_timezone": "Mars/Olympus"},
    ):
        with pytest.raises(ValueError):
            Settings(**bad)


def test_one_worker_of_several_enqueues_the_day(connection: Redis) -> None:
    settings = Settings(**BERLIN)
    now = datetime(2031, 1, 15, 9, 0, tzinfo=UTC)
    results = [schedule_inspections(connection, settings, now) for _ in range(3)]  # three workers' rounds
    assert results == [date(2031, 1, 15), None, None]
    queue = Queue(QUEUE_NAME, connection=connection)
    assert "inspections-due-2031-01-15" in queue.job_ids
    assert schedule_inspections(connection, Settings(**BERLIN, inspection_notices_enabled=False), now) is None
    assert schedule_inspections(connection, settings, datetime(2031, 7, 15, 4, 0, tzinfo=UTC)) is None  # not yet


def test_the_audit_log_is_pruned_once_a_day_over_all_workers(connection: Redis) -> None:
    now = datetime(2031, 1, 15, 3, 0, tzinfo=UTC)
    asked: list[int] = []

    def prune(days: int) -> int:
        asked.append(days)
        return 7

    settings = Settings(audit_retention_days=90)
    try:
        results = [prune_audit_daily(connection, settings, prune, now) for _ in range(3)]  # three workers' rounds
        assert results == [7, None, None] and asked == [90]

        def failing(days: int) -> int:
            raise RuntimeError("database down")

        tomorrow = datetime(2031, 1, 16, 3, 0, tzinfo=UTC)
        with pytest.raises(RuntimeError):
            prune_audit_daily(connection, settings, failing, tomorrow)
        assert prune_audit_daily(connection, settings, prune, tomorrow) == 7  # a failed run is tried again
    finally:
        for day in ("2031-01-15", "2031-01-16"):
            connection.delete(AUDIT_KEY.format(day=day))
