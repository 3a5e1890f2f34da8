"""Start one RQ worker on the portal's queues: ``python -m worker``.

RQ's defaults notice a job whose worker died only after more than a minute and clean up every ten
minutes; :class:`PortalWorker` beats every ``WORKER_HEARTBEAT_SECONDS`` and looks for abandoned
jobs every ``WORKER_MAINTENANCE_SECONDS``, so such a job is retried (or failed) well within a
minute. Each maintenance round also sweeps documents whose job was lost (see
:func:`app.services.documents.sweep.sweep`), plans notifications whose delivery was never planned, and
enqueues the daily inspection run once its time has come (:mod:`worker.daily`).

Every work horse runs under a memory and a CPU cap (:mod:`worker.limits`); the worker records each
horse's peak memory and CPU time in its job's ``meta["usage"]`` and the log, and a horse the kernel
ended for going over a cap fails its document at once instead of being retried. The normal lane is
taken first, then the lane for slow files (:data:`QUEUES`); notifications go before both, as a push
should not wait behind a file.
"""

from __future__ import annotations

import logging
import signal
import time
from typing import Any

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rq import Queue, Worker
from rq.job import Job

from app.observability.logs import configure_logging
from app.redis_conn import resolve_url
from app.services.documents.queue import PROCESS_JOB, QUEUE_NAME, SLOW_QUEUE_NAME
from app.services.imports.jobs import QUEUE_NAME as IMPORTS_QUEUE
from app.services.push.queue import QUEUE_NAME as NOTIFICATIONS
from app.settings import get_settings
from worker import daily, jobs, limits

# In this order: notifications (short jobs: a push should not wait behind a file), the documents' normal
# lane, imports (long, rare), then the slow lane's files.
QUEUES = (NOTIFICATIONS, QUEUE_NAME, IMPORTS_QUEUE, SLOW_QUEUE_NAME, "default")

log = logging.getLogger("portal.worker")


class PortalWorker(Worker):
    _horse_usage: Any = None

    def main_work_horse(self, job: Job, queue: Queue) -> None:
        """In the freshly forked horse: the caps first, then RQ's usual work."""
        settings = get_settings()
        limits.apply(settings, limits.cpu_budget(settings, queue.name))
        super().main_work_horse(job, queue)

    def wait_for_horse(self) -> tuple[int | None, int | None, Any]:
        pid, status, usage = super().wait_for_horse()
        if usage is not None:
            self._horse_usage = usage  # the kernel's count for the horse that just ended
        return pid, status, usage

    def monitor_work_horse(self, job: Job, queue: Queue, execution: Any) -> None:
        self._horse_usage = None
        super().monitor_work_horse(job, queue, execution)
        if self._horse_usage is not None:
            self._record_usage(job, limits.usage_figures(self._horse_usage))

    def _record_usage(self, job: Job, figures: dict[str, float]) -> None:
        log.info("job %s: peak %.0f MB resident, %.2f s CPU", job.id, figures["peakRssMb"], figures["cpuSeconds"])
        try:
            if not self.connection.exists(job.key):
                return  # gone already (no result kept): nothing to write to
            job.get_meta(refresh=True)  # the horse wrote progress there; keep it
            job.meta["usage"] = figures
            job.save_meta()
        except Exception:  # a figure for operators; never worth stopping the worker for
            log.warning("could not record the usage of job %s", job.id, exc_info=True)

    def handle_work_horse_killed(self, job: Job, retpid: int, ret_val: int, rusage: Any) -> None:
        """A horse ended by a signal: when a cap ended it, settle the document now and do not retry."""
        super().handle_work_horse_killed(job, retpid, ret_val, rusage)
        if job.func_name != PROCESS_JOB:
            return
        settings = get_settings()
        verdict = limits.judge(ret_val, rusage, settings, limits.cpu_budget(settings, job.origin))
        if verdict is None:
            return  # a passing problem: RQ retries as usual
        try:
            jobs.settle_over_limit(job, verdict.limit, verdict.reason)
        except Exception:  # the sweep fails the document later if this could not
            log.exception("could not settle document job %s after its horse went over a cap", job.id)

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        """A started job's registry entry lives two missed beats past the last one (RQ adds 60 s)."""
        beat = float(self.job_monitoring_interval)
        if job.timeout and job.timeout > 0:
            beat = max(1.0, min(job.timeout - working_time, beat))
        return int(beat) + 2 * int(self.job_monitoring_interval)

    def run_maintenance_tasks(self) -> None:
        super().run_maintenance_tasks()
        try:
            for document_id, action in jobs.sweep_documents(self.connection):
                log.warning("document %s: %s by the sweep", document_id, action)
        except Exception:  # the sweep must never stop the worker; it runs again next round
            log.exception("the document sweep failed")
        try:
            if planned := jobs.plan_pending(self.connection):
                log.warning("%d notifications were still pending: their delivery is planned now", planned)
            if day := daily.schedule_inspections(self.connection, get_settings()):
                log.info("the inspection run of %s is enqueued", day.isoformat())
            pruned = daily.prune_audit_daily(self.connection, get_settings(), jobs.prune_audit)
            if pruned:
                log.info("%d audit entries past their retention were pruned", pruned)
        except Exception:  # as the sweep: next round
            log.exception("notification maintenance failed")


def build_worker(**options: Any) -> PortalWorker:
    settings = get_settings()
    # Without REDIS_URL this starts an embedded server; the work horses, forked from this process,
    # resolve the same URL (app/redis_conn.py keeps the server per process, and a fork inherits it).
    connection = Redis.from_url(resolve_url(settings.redis_url, settings.data_dir))
    queues = [Queue(name, connection=connection) for name in QUEUES]
    maintenance = settings.worker_maintenance_seconds
    return PortalWorker(
        queues,
        connection=connection,
        job_monitoring_interval=settings.worker_heartbeat_seconds,
        maintenance_interval=maintenance,
        # An idle worker wakes every ``maintenance`` seconds (RQ waits worker_ttl - 15 for a job).
        worker_ttl=maintenance + 15,
        **options,
    )


def preload() -> None:
    """Load the parsers and the database driver once, before forking: every job then starts warm."""
    import asyncio

    from app.db import make_async_engine
    from app.storage import content

    content.preload()
    engine = make_async_engine(get_settings().effective_database_url)  # imports the driver; no connection
    asyncio.run(engine.dispose())


def main() -> None:
    configure_logging(get_settings())  # JSON lines in production, like the API's
    preload()
    run_until_stopped()


def run_until_stopped() -> None:
    """RQ quits on a Redis error met outside its dequeue retry (as when Redis restarts): start a fresh
    worker once Redis answers again. Only a stop signal ends the process."""
    while True:
        worker = build_worker()
        try:
            worker.work(with_scheduler=True)
        except (RedisConnectionError, RedisTimeoutError) as exc:  # raised by RQ's own teardown
            log.warning("the worker lost Redis while stopping: %s", exc)
        if worker._shutdown_requested_date is not None:  # SIGTERM or SIGINT: a real stop
            return
        # Between workers RQ's signal handlers are stale: a stop signal now simply ends the process.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        log.warning("the worker stopped on a Redis error; starting a new one when Redis answers")
        wait_for_redis(worker.connection)


def wait_for_redis(connection: Redis) -> None:
    while True:
        try:
            connection.ping()
            return
        except (RedisConnectionError, RedisTimeoutError):
            time.sleep(1)


if __name__ == "__main__":
    main()
