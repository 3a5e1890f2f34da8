"""The RQ queues (lanes) of processing jobs and enqueueing after commit.

Two lanes keep one uploader's slow files from holding everyone else's: every worker takes from the
normal lane first. A file goes to the lane for slow files when its uploader already has
``DOCUMENT_FAST_LANE_PER_UPLOADER`` files waiting, or when it spends the normal lane's CPU budget."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence

from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry as RedisRetry
from rq import Callback, Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import RETRY_AFTER, ApiError
from app.services.documents.progress import ACTIVE
from app.settings import Settings
from app.threads import in_thread
from schemas.base import utcnow
from schemas.records import Document

log = logging.getLogger("portal.documents")


QUEUE_NAME = "documents"  # the normal lane


SLOW_QUEUE_NAME = "documents-slow"  # the lane for slow files (workers take from it when the normal lane is empty)


LANES = (QUEUE_NAME, SLOW_QUEUE_NAME)


PROCESS_JOB = "worker.jobs.process_document"


FAILURE_CALLBACK = "worker.jobs.on_job_failure"


QUEUE_UNAVAILABLE = "Processing is paused: the job queue (Redis) is unavailable. Try the upload again in a moment."


def new_job_id(document_id: int) -> str:
    return f"document-{document_id}-{uuid.uuid4().hex[:12]}"


class JobQueue:
    """The RQ queue of processing jobs (sync Redis: call it from a thread inside the API)."""

    def __init__(self, connection: Redis, settings: Settings) -> None:
        self.connection = connection
        self.settings = settings
        self.queue = Queue(QUEUE_NAME, connection=connection)
        self.slow = Queue(SLOW_QUEUE_NAME, connection=connection)

    @property
    def lanes(self) -> tuple[Queue, Queue]:
        return (self.queue, self.slow)

    @classmethod
    def from_url(cls, redis_url: str, settings: Settings) -> JobQueue:
        # One quick retry (a pooled connection may be stale after a Redis restart), no long backoff.
        return cls(Redis.from_url(redis_url, retry=RedisRetry(NoBackoff(), 1)), settings)

    def require_available(self) -> None:
        """Refuse (503) an upload or a retry while Redis is down, before anything is stored: a file
        accepted then would wait for the workers' sweep long after Redis is back."""
        try:
            self.connection.ping()
        except (RedisConnectionError, RedisTimeoutError) as exc:
            raise ApiError(503, QUEUE_UNAVAILABLE, headers=RETRY_AFTER) from exc

    def enqueue(self, document_id: int, job_id: str, *, slow: bool = False) -> None:
        settings = self.settings
        retries = settings.document_job_retries
        (self.slow if slow else self.queue).enqueue(
            PROCESS_JOB,
            document_id,
            job_id=job_id,
            job_timeout=settings.document_job_timeout,
            retry=Retry(max=retries, interval=settings.document_retry_backoff or 0) if retries else None,
            on_failure=Callback(FAILURE_CALLBACK),
            result_ttl=24 * 3600,
            failure_ttl=7 * 24 * 3600,
            description=f"process document {document_id}",
        )

    def status(self, job_id: str | None) -> str | None:
        """The job's RQ status (``queued``, ``started``, ``failed``...), or None when there is no such job."""
        if not job_id:
            return None
        try:
            job = Job.fetch(job_id, connection=self.connection)
        except NoSuchJobError:
            return None
        status = job.get_status(refresh=False)
        return None if status is None else str(getattr(status, "value", status))

    def release_if_overdue(self, job_id: str, grace_seconds: float) -> bool:
        """Enqueue a retry whose scheduled time passed long ago. RQ's scheduler runs in one worker at a
        time and its lock outlives a killed worker by a minute; meanwhile the retry would just wait."""
        try:
            job = Job.fetch(job_id, connection=self.connection)
            lane = self.slow if job.origin == SLOW_QUEUE_NAME else self.queue
            registry = lane.scheduled_job_registry
            due = registry.get_scheduled_time(job)
        except NoSuchJobError:
            return False
        if (utcnow() - due).total_seconds() < grace_seconds:
            return False
        registry.remove(job)
        lane.enqueue_job(job)
        return True

    def close(self) -> None:
        self.connection.close()


async def enqueue_all(queue: JobQueue, jobs: Sequence[tuple[int, str, bool]]) -> None:
    """Enqueue after commit. A failure leaves the record queued; a worker's sweep enqueues it later."""
    for document_id, job_id, slow in jobs:
        try:
            await in_thread(queue.enqueue, document_id, job_id, slow=slow)
        except Exception:
            log.exception("could not enqueue document %s; the workers' sweep will pick it up", document_id)


async def waiting(session: AsyncSession, uploader_id: int | None) -> int:
    """How many of this uploader's documents are queued or processing."""
    if uploader_id is None:
        return 0
    count = await session.exec(
        select(func.count())
        .select_from(Document)
        .where(col(Document.uploaded_by_id) == uploader_id, col(Document.state).in_(list(ACTIVE)))
    )
    return int(count.one())
