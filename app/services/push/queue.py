"""The RQ jobs that carry notifications out of the portal: plan, push to one device, e-mail.

Jobs take ids (the worker reads the rows), run on the ``notifications`` queue, which the workers
take before the documents' lanes (a push should not wait behind a slow file), and have job ids
that say what they are for, so enqueuing one twice while it waits runs it only once more at most
(and each job is safe to run twice: the plan claims its notification, see app/services/push/delivery.py).
"""

from __future__ import annotations

import logging
import uuid
from datetime import date
from typing import Any

from redis import Redis
from redis.backoff import NoBackoff
from redis.retry import Retry as RedisRetry
from rq import Queue, Retry

from app.settings import Settings
from app.threads import in_thread

QUEUE_NAME = "notifications"
DELIVER_JOB = "worker.jobs.deliver_notification"
PUSH_JOB = "worker.jobs.send_push"
NOTIFICATION_MAIL_JOB = "worker.jobs.send_notification_email"
INSPECTION_MAIL_JOB = "worker.jobs.send_inspection_mail"
INSPECTIONS_JOB = "worker.jobs.inspections_due"
PASSWORD_RESET_MAIL_JOB = "worker.jobs.send_password_reset_mail"
MAIL_RETRY_BACKOFF = [30, 120, 600]

log = logging.getLogger("portal.push")


class DeliveryQueue:
    """Enqueues the notification jobs (sync Redis: from the API, call the async ``deliver_later``)."""

    def __init__(self, connection: Redis, settings: Settings) -> None:
        self.connection = connection
        self.settings = settings
        self.queue = Queue(QUEUE_NAME, connection=connection)

    @classmethod
    def from_url(cls, redis_url: str, settings: Settings) -> DeliveryQueue:
        return cls(Redis.from_url(redis_url, retry=RedisRetry(NoBackoff(), 1)), settings)

    def deliver(self, notification_id: int) -> None:
        self.queue.enqueue(
            DELIVER_JOB,
            notification_id,
            job_id=f"deliver-{notification_id}",
            job_timeout=60,
            retry=Retry(max=3, interval=[5, 30, 120]),
            result_ttl=3600,
            failure_ttl=7 * 24 * 3600,
            description=f"deliver notification {notification_id}",
        )

    async def deliver_later(self, notification_id: int) -> None:
        """After commit. A failure only delays it: the workers' sweep plans what is still pending."""
        try:
            await in_thread(self.deliver, notification_id)
        except Exception:
            log.exception("could not enqueue notification %s; the workers' sweep will deliver it", notification_id)

    def push(self, subscription_id: int, notification_id: int | None) -> None:
        """One push to one device, retried on its own (a device that failed never repeats the others')."""
        settings = self.settings
        retries = settings.web_push_retries
        what = notification_id if notification_id is not None else f"test-{uuid.uuid4().hex[:8]}"
        self.queue.enqueue(
            PUSH_JOB,
            subscription_id,
            notification_id,
            job_id=f"push-{what}-{subscription_id}",
            job_timeout=int(settings.web_push_timeout * 2 + 30),
            retry=Retry(max=retries, interval=settings.web_push_retry_backoff or 0) if retries else None,
            result_ttl=3600,
            failure_ttl=7 * 24 * 3600,
            description=f"push notification {notification_id} to device {subscription_id}",
        )

    def notification_mail(self, notification_id: int) -> None:
        job_id, description = f"mail-notification-{notification_id}", f"e-mail notification {notification_id}"
        self._mail(NOTIFICATION_MAIL_JOB, notification_id, job_id=job_id, description=description)

    def inspection_mail(self, user_id: int, day: date) -> None:
        when = day.isoformat()
        description = f"daily inspection mail {when} to user {user_id}"
        self._mail(
            INSPECTION_MAIL_JOB, user_id, when, job_id=f"mail-inspections-{when}-{user_id}", description=description
        )

    def _mail(self, job: str, *args: Any, job_id: str, description: str) -> None:
        """A notification mail job: retried three times with back-off, its failure kept a week."""
        self.queue.enqueue(
            job,
            *args,
            job_id=job_id,
            job_timeout=int(self.settings.smtp_timeout * 3 + 30),
            retry=Retry(max=3, interval=MAIL_RETRY_BACKOFF),
            result_ttl=3600,
            failure_ttl=7 * 24 * 3600,
            description=description,
        )

    def password_reset_mail(self, user_id: int, token: str) -> None:
        """The reset link, mailed by a worker (the job holds the token until it runs; it lives 30 minutes)."""
        self.queue.enqueue(
            PASSWORD_RESET_MAIL_JOB,
            user_id,
            token,
            job_timeout=int(self.settings.smtp_timeout * 3 + 30),
            retry=Retry(max=2, interval=[30, 120]),
            result_ttl=600,
            failure_ttl=3600,
            description=f"password reset mail to user {user_id}",
        )

    def inspections_due(self, day: date) -> None:
        self.queue.enqueue(
            INSPECTIONS_JOB,
            day.isoformat(),
            job_id=f"inspections-due-{day.isoformat()}",
            job_timeout=1800,
            retry=Retry(max=3, interval=[60, 300, 900]),
            result_ttl=7 * 24 * 3600,
            failure_ttl=7 * 24 * 3600,
            description=f"inspections due {day.isoformat()}",
        )

    def close(self) -> None:
        self.connection.close()
