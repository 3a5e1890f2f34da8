"""Real server processes for tests that need sockets or a browser: the portal's launcher
(:mod:`app.operations.launcher`) with the tests' environment, and the tests' queue cleanup."""

from __future__ import annotations

import os

from app.operations.launcher import (
    WorkerProcess,
    api_command,
    free_port,
    running_workers,
    serving,
    start_worker,
    ui_command,
    wait_until_up,
    worker_command,
)
from app.settings import Settings

__all__ = [
    "WorkerProcess",
    "api_command",
    "clear_document_jobs",
    "free_port",
    "process_env",
    "running_workers",
    "serving",
    "start_worker",
    "ui_command",
    "wait_until_up",
    "worker_command",
]


def process_env(settings: Settings, **extra: str) -> dict[str, str]:
    """Environment for a child process that uses the same database, Redis and data folder."""
    return {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(settings.data_dir),
        "DATABASE_URL": settings.effective_database_url,
        "REDIS_URL": settings.redis_url,
        # Every test client comes from 127.0.0.1: the rate limits are tested on their own
        # (tests/security/test_rate_limits.py), not left to trip other tests.
        "RATE_LIMITS_ENABLED": "false",
        **extra,
    }


def clear_document_jobs(redis_url: str, database_url: str | None = None) -> None:
    """Drop jobs other tests left in the documents queue (uploads they never meant to process) and,
    given the database, fail those documents too: otherwise a worker's sweep finds them queued with
    no job and requeues them all ahead of the test's own upload. The same for the notifications that
    in-process apps handed to the workers (the notifications queue goes first, and the workers'
    sweep plans pending ones): they are marked done."""
    from redis import Redis
    from rq import Queue

    if database_url is not None:
        from sqlalchemy import text

        from app.db import make_sync_engine

        engine = make_sync_engine(database_url)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE documents SET state = 'failed', failure_reason = 'Left unprocessed by another test.' "
                    "WHERE state IN ('queued', 'processing')"
                )
            )
            conn.execute(text("UPDATE notifications SET delivery = 'done' WHERE delivery = 'pending'"))
        engine.dispose()

    connection = Redis.from_url(redis_url)
    try:
        for lane in ("documents", "documents-slow", "notifications"):
            queue = Queue(lane, connection=connection)
            queue.empty()
            for job_id in queue.scheduled_job_registry.get_job_ids():
                queue.scheduled_job_registry.remove(job_id)
    finally:
        connection.close()
