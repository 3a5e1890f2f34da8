"""RQ jobs: importable functions that take ids, and the callbacks RQ calls around them.

Each job runs in a work horse forked by the worker, so it builds its own :class:`app.job_portal.JobPortal`
(database engine, Redis publisher, storage, queues) and closes it before it ends. The work itself is
the service layer's (:mod:`app.services.documents`); this module only ties it to RQ: the attempt
number, progress in ``job.meta``, what a failure means for the document, and which failures are caps
(see :mod:`worker.limits`): those are settled at once, never retried.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from datetime import date
from types import TracebackType
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis import Redis
from rq import get_current_job
from rq.exceptions import AbandonedJobError
from rq.job import Job
from rq.timeouts import JobTimeoutException

from app.auth.password_reset import PASSWORD_RESET_TTL, reset_link_user
from app.db import Database
from app.job_portal import JobPortal
from app.services import audit, inspections, mail
from app.services.documents import processing
from app.services.documents.changes import fail_document
from app.services.documents.progress import progress_of, set_progress
from app.services.documents.queue import QUEUE_NAME, SLOW_QUEUE_NAME
from app.services.documents.sweep import sweep
from app.services.imports import passes
from app.services.imports.jobs import finish as finish_import
from app.services.push import delivery
from app.settings import Settings, get_settings
from app.storage.limits import CpuTimeExceeded, cpu_reason, memory_reason, time_reason
from schemas.imports import FINISHED, ImportJob, ImportState
from worker import limits

log = logging.getLogger("portal.worker")

T = TypeVar("T")


async def _with_portal(work: Callable[[JobPortal], Awaitable[T]], connection: Redis | None = None) -> T:
    """Run ``work`` with this job's portal; its queues use ``connection``, else the running job's."""
    if connection is None and (job := get_current_job()) is not None:
        connection = job.connection
    portal = JobPortal.build(get_settings(), connection)
    try:
        return await work(portal)
    finally:
        await portal.close()


def _attempt(job: Job | None, settings: Settings) -> int:
    """1 for the first run of a job, 2 for its first retry, and so on."""
    if job is None or job.retries_left is None:
        return 1
    return max(1, settings.document_job_retries - job.retries_left + 1)


def _progress_of(job: Job | None) -> Callable[[dict[str, Any]], None]:
    """Where a job reports its progress: the RQ job's meta (Redis), which the API reads."""

    def keep(progress: dict[str, Any]) -> None:
        if job is not None:
            job.meta["progress"] = progress
            job.save_meta()

    return keep


def process_document(document_id: int) -> str:
    """Process one uploaded document; answers ``ready``, ``failed``, ``moved`` (to the lane for slow
    files) or ``skipped`` (nothing to do)."""
    job = get_current_job()
    keep_in_job = _progress_of(job)

    async def work(portal: JobPortal) -> str:
        lane = job.origin if job else SLOW_QUEUE_NAME
        ctx = processing.Processing(
            db=portal.db, storage=portal.storage, events=portal.events, settings=portal.settings,
            on_progress=keep_in_job, slow_lane=portal.jobs if lane == QUEUE_NAME else None,
            cpu_seconds=limits.cpu_budget(portal.settings, lane), deliveries=portal.deliveries if job else None,
        )  # fmt: skip
        return await processing.process_document(
            ctx, document_id, job_id=job.id if job else None, attempt=_attempt(job, portal.settings)
        )

    return asyncio.run(_with_portal(work))


def _reason(exc_type: type[BaseException] | None, attempts: int) -> str:
    if exc_type is not None and issubclass(exc_type, AbandonedJobError):
        what = "The worker processing this file stopped unexpectedly"
    else:
        name = exc_type.__name__ if exc_type else "an unknown error"
        what = f"Processing kept failing because of a passing problem ({name})"
    tries = "once" if attempts == 1 else f"{attempts} times"
    return f"{what}; tried {tries}. Retry from the document page."


def _limit_of(exc_type: type[BaseException] | None, job: Job, settings: Settings) -> tuple[str, str] | None:
    """The cap a failure went over, as (limit, reason); None for a passing problem."""
    if exc_type is None:
        return None
    if issubclass(exc_type, JobTimeoutException):
        return "time", time_reason(int(job.timeout or settings.document_job_timeout))
    if issubclass(exc_type, MemoryError):
        return "memory", memory_reason(settings)
    if issubclass(exc_type, CpuTimeExceeded):
        seconds = limits.cpu_budget(settings, job.origin)
        return "cpu", cpu_reason(seconds)
    return None


def settle_over_limit(job: Job, limit: str, reason: str) -> str:
    """Fail the job's document with the cap it went over, or (CPU in the normal lane) move it to the
    lane for slow files. The job itself is not retried: ``retries_left`` drops to 0."""
    attempt = _attempt(job, get_settings())
    job.retries_left = 0
    document_id = int(job.args[0])
    log.warning("document %s: job %s went over the %s limit", document_id, job.id, limit)

    async def work(portal: JobPortal) -> str:
        slow_lane = portal.jobs if limit == "cpu" and job.origin == QUEUE_NAME else None
        return await processing.settle_over_limit(
            db=portal.db, events=portal.events, document_id=document_id, job_id=job.id, attempt=attempt,
            limit=limit, reason=reason, slow_lane=slow_lane,
        )  # fmt: skip

    return asyncio.run(_with_portal(work, job.connection))


FailureCallback = Callable[[Job, Redis, type[BaseException] | None, BaseException | None, TracebackType | None], None]


def _failure_callback(handle: Callable[[Job, type[BaseException] | None], None]) -> FailureCallback:
    """RQ's failure callback (job, connection, exception type, value, traceback) around ``handle``,
    which needs only the job and what it raised."""

    @functools.wraps(handle)
    def callback(
        job: Job,
        _connection: Redis,
        exc_type: type[BaseException] | None,
        _exc_value: BaseException | None,
        _traceback: TracebackType | None,
    ) -> None:
        handle(job, exc_type)

    return callback


@_failure_callback
def on_job_failure(job: Job, exc_type: type[BaseException] | None) -> None:
    """RQ calls this when a processing job raised, timed out or was abandoned by a dead worker.

    With retries left, RQ runs the job again after a pause: the document stays ``processing`` and
    its progress says so. Without, the document becomes ``failed`` with a reason."""
    document_id = int(job.args[0])
    settings = get_settings()
    over = _limit_of(exc_type, job, settings)
    if over is not None:
        settle_over_limit(job, *over)
        return
    attempt = _attempt(job, settings)
    retrying = bool(job.retries_left and job.retries_left > 0)
    log.warning("document %s: job %s failed (%s), retrying=%s", document_id, job.id, exc_type, retrying)

    async def work(portal: JobPortal) -> None:
        async with portal.db.session() as session:
            if retrying:
                progress = progress_of("retrying", job_id=job.id, attempt=attempt)
                await set_progress(session, document_id, progress, events=portal.events)
            else:
                reason = _reason(exc_type, attempt)
                await fail_document(session, document_id, reason, events=portal.events, job_id=job.id, attempt=attempt)

    asyncio.run(_with_portal(work))


def sweep_documents(connection: Redis) -> list[tuple[int, str]]:
    """Enqueue again or fail documents whose job was lost or ended without finishing them."""

    async def work(portal: JobPortal) -> list[tuple[int, str]]:
        return await sweep(db=portal.db, queue=portal.jobs, events=portal.events, settings=portal.settings)

    return asyncio.run(_with_portal(work, connection))


def run_import(job_id: str) -> str:
    """Check (and, unless a dry run, write) one CSV/Excel import; answers its final state."""
    job = get_current_job()
    report = _progress_of(job)

    async def work(portal: JobPortal) -> str:
        storage = portal.storage
        async with portal.db.session() as session:
            row = await session.get(ImportJob, job_id)
            if row is None or row.file_key is None or row.state in FINISHED:
                return "skipped"
            key = row.file_key
        with storage.local_copy(key) as path:
            async with portal.db.session() as session:
                done = await passes.run(
                    session=session, job_id=job_id, path=path, events=portal.events,
                    max_rows=portal.settings.max_import_rows, progress=report,
                )  # fmt: skip
        state = ImportState.FAILED if done is None else ImportState(done.state)
        if state != ImportState.READY:  # a dry run keeps its file for Import; everything else is done with it
            storage.delete(key)
        return state.value

    return asyncio.run(_with_portal(work))


@_failure_callback
def on_import_failure(job: Job, exc_type: type[BaseException] | None) -> None:
    """RQ calls this when an import raised, timed out or was abandoned: nothing was committed (the
    writing transaction never finished), so the job is marked failed and its file removed."""
    job_id = str(job.args[0])
    if exc_type is not None and issubclass(exc_type, JobTimeoutException):
        reason = f"The import took longer than the {get_settings().import_job_timeout}-second limit"
    elif exc_type is not None and issubclass(exc_type, AbandonedJobError):
        reason = "The worker running the import stopped unexpectedly"
    else:
        reason = f"The import failed ({exc_type.__name__ if exc_type else 'unknown error'})"
    log.warning("import %s: job failed (%s)", job_id, exc_type)

    async def work(portal: JobPortal) -> None:
        async with portal.db.session() as session:
            row = await session.get(ImportJob, job_id)
            if row is None or row.state in FINISHED:
                return
            key = row.file_key
            row.file_key = None
            await finish_import(session, row, ImportState.FAILED, message=f"{reason}; nothing was written.")
        if key:
            portal.storage.delete(key)

    asyncio.run(_with_portal(work, job.connection))


# --- notifications outside the portal (app/services/push) -------------------------------------------


def deliver_notification(notification_id: int) -> str:
    """Plan how one stored notification leaves the portal (push, e-mail or nothing) and enqueue it."""

    async def work(portal: JobPortal) -> str:
        redis = aioredis.Redis.from_url(portal.redis_url)
        try:
            async with portal.db.session() as session:
                return await delivery.plan(session, redis, portal.settings, portal.deliveries, notification_id)
        finally:
            await redis.aclose()

    return asyncio.run(_with_portal(work))


def send_push(subscription_id: int, notification_id: int | None) -> str:
    """One push to one device; raises on a failure that may pass, so RQ retries it after its backoff."""

    async def work(portal: JobPortal) -> str:
        return await delivery.send_to_device(portal.db, portal.settings, subscription_id, notification_id)

    return asyncio.run(_with_portal(work))


def _send_mail(
    compose: Callable[[Database, Settings], Awaitable[tuple[str, str, str] | None]], *, notice: bool = True
) -> str:
    async def work(portal: JobPortal) -> tuple[tuple[str, str, str] | None, Settings]:
        return await compose(portal.db, portal.settings), portal.settings

    found, settings = asyncio.run(_with_portal(work))
    if found is None:
        return "nothing to send"
    to, subject, text = found
    return mail.send(
        settings, mail.Mail(to=to, subject=subject, text=text, notice=notice)
    )  # SMTP errors raise: RQ retries


def send_notification_email(notification_id: int) -> str:
    async def compose(db: Database, settings: Settings) -> tuple[str, str, str] | None:
        async with db.session() as session:
            return await delivery.notification_mail(session, settings, notification_id)

    return _send_mail(compose)


def send_inspection_mail(user_id: int, day: str) -> str:
    async def compose(db: Database, settings: Settings) -> tuple[str, str, str] | None:
        async with db.session() as session:
            return await inspections.inspection_mail(session, settings, user_id, date.fromisoformat(day))

    return _send_mail(compose)


def send_password_reset_mail(user_id: int, token: str) -> str:
    """The password reset link (app/routes/auth.py), only while the token is still unused and live."""

    async def compose(db: Database, settings: Settings) -> tuple[str, str, str] | None:
        user = await reset_link_user(db, token)
        if user is None or user.id != user_id or not user.email:
            return None
        link = f"{settings.ui_url}/pages/auth/reset-password?token={token}"
        text = (
            f"Hello {user.display_name or user.username},\n\n"
            "someone (we hope you) asked to reset the password of your staff portal account "
            f"({user.username}). Choose a new password here:\n\n{link}\n\n"
            f"The link works once, for {PASSWORD_RESET_TTL // 60} minutes. Setting a new password signs "
            "you out on every device.\nIf you did not ask for this, ignore this e-mail: your password stays as it is."
        )
        return user.email, "Reset your staff portal password", text

    return _send_mail(compose, notice=False)


def inspections_due(day: str) -> dict[str, int]:
    """The daily inspection run for one local date (see :func:`app.services.inspections.daily_run`)."""

    async def work(portal: JobPortal) -> dict[str, int]:
        day_ = date.fromisoformat(day)
        return await inspections.daily_run(portal.db, portal.events, portal.deliveries, portal.settings, day_)

    return asyncio.run(_with_portal(work))


def plan_pending(connection: Redis) -> int:
    """Enqueue the plan of notifications still pending (their enqueue was lost); expire old ones."""

    async def work(portal: JobPortal) -> int:
        async with portal.db.session() as session:
            found = await delivery.pending(session, portal.settings)
        for notification_id in found:
            portal.deliveries.deliver(notification_id)
        return len(found)

    return asyncio.run(_with_portal(work, connection))


def prune_audit(days: int) -> int:
    """Delete the audit entries older than ``days`` (bounded batches); answers how many went."""

    async def work(portal: JobPortal) -> int:
        async with portal.db.session() as session:
            return await audit.prune(session, days=days)

    return asyncio.run(_with_portal(work))
