"""Prometheus metrics of one API process, or of all processes on the machine.

With several uvicorn worker processes (``API_PROCESSES`` > 1) each process counts in its own memory
and a scrape reaches only one of them, so counters would jump between processes' values. In that
case ``PROMETHEUS_MULTIPROC_DIR`` names a folder (``./ops/run`` and the container set it, emptied
at start): prometheus_client then keeps every value in a memory-mapped file per process there, and
``/metrics`` sums the files of all processes. The variable is read when prometheus_client is first
imported, so it must be in the environment before the processes start.

Queue figures (jobs waiting, running, failed) are read from RQ's keys in Redis at scrape time:
they are the same whichever process answers.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "<unmatched>"  # the route label of a path no route answers (404s, CORS preflights)

REQUESTS = Counter(
    "portal_http_requests_total", "HTTP requests answered, by route template and status", ["method", "route", "status"]
)
LATENCY = Histogram(
    "portal_http_request_duration_seconds",
    "Time from the request's arrival to the end of its answer, by route template",
    ["method", "route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
SOCKETS = Gauge("portal_sockets_connected", "Authenticated Socket.IO connections open", multiprocess_mode="livesum")


def multiprocess_enabled() -> bool:
    return bool(os.environ.get(MULTIPROCESS_ENV))


class QueueCollector(Collector):
    """The RQ figures read for one scrape."""

    def __init__(self, counts: dict[str, dict[str, int]]) -> None:
        self.counts = counts

    def collect(self) -> Iterable[Metric]:
        for state, help_text in (
            ("queued", "Jobs waiting in the RQ queue"),
            ("started", "Jobs being worked on"),
            ("failed", "Jobs in the failed registry (retries used up)"),
        ):
            family = GaugeMetricFamily(f"portal_jobs_{state}", help_text, labels=["queue"])
            for queue, figures in self.counts.items():
                family.add_metric([queue], figures[state])
            yield family


def render(queue_counts: dict[str, dict[str, int]]) -> bytes:
    """The exposition text: this process's (or every process's) metrics, then the queue figures."""
    if multiprocess_enabled():
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    queues = CollectorRegistry()
    queues.register(QueueCollector(queue_counts))
    return generate_latest(registry) + generate_latest(queues)


def process_exiting() -> None:
    """Drop this process's live gauges from the shared folder (its sockets are gone with it)."""
    if multiprocess_enabled():
        multiprocess.mark_process_dead(os.getpid())
