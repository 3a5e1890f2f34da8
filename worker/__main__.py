"""Start one RQ worker on the portal's queues: ``python -m worker``."""

from __future__ import annotations

import logging

from redis import Redis
from rq import Queue, Worker

from app.redis_conn import resolve_url
from app.settings import get_settings

QUEUES = ("documents", "default")


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = get_settings()
    connection = Redis.from_url(resolve_url(settings.redis_url, settings.data_dir))
    queues = [Queue(name, connection=connection) for name in QUEUES]
    Worker(queues, connection=connection).work(with_scheduler=True)


if __name__ == "__main__":
    main()
