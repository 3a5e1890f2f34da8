"""The memory and CPU caps of a work horse (the process RQ forks for each job), and reading how one died.

The caps are the kernel's: ``RLIMIT_AS`` bounds the horse's address space, so an allocation past it
fails (Python raises ``MemoryError``; C code sees a null pointer) instead of the host running out of
memory; ``RLIMIT_CPU`` sends SIGXCPU when the CPU budget is spent, which raises
:class:`~app.storage.limits.CpuTimeExceeded` in the job, and SIGKILL ``GRACE_SECONDS`` later should
the job be stuck in C code that never returns to Python. The grace is for recording the failure.
"""

from __future__ import annotations

import os
import resource
import signal
from dataclasses import dataclass
from types import FrameType
from typing import Any

from app.services.documents.queue import QUEUE_NAME
from app.services.imports.jobs import QUEUE_NAME as IMPORTS_QUEUE
from app.services.push.queue import QUEUE_NAME as NOTIFICATIONS
from app.settings import Settings
from app.storage.limits import CpuTimeExceeded, cpu_reason, memory_reason

GRACE_SECONDS = 5
MB = 1024 * 1024
#: a reader killed by one of these after using more than this share of the memory cap ran out of it
CRASH_SIGNALS = (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGKILL)
MEMORY_SHARE = 0.5


#: the daily inspection run walks every asset due (a few ms each); pushes and mails take far less
NOTIFICATIONS_CPU_SECONDS = 900


def cpu_budget(settings: Settings, queue_name: str) -> int:
    """The normal lane's short CPU budget, or the full one in the lane for slow files."""
    if queue_name == QUEUE_NAME:
        return settings.document_fast_lane_cpu_seconds
    if queue_name == NOTIFICATIONS:
        return NOTIFICATIONS_CPU_SECONDS
    if queue_name == IMPORTS_QUEUE:  # a CSV/Excel import may use all of its wall-clock limit
        return settings.import_job_timeout
    return settings.document_job_cpu_seconds


def _cpu_spent(signum: int, frame: FrameType | None) -> None:
    # No second SIGXCPU while the failure is recorded: the soft limit rises to the hard one (SIGKILL).
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))
    raise CpuTimeExceeded


def apply(settings: Settings, cpu_seconds: int) -> None:
    """Cap this process (a freshly forked work horse): its address space and its CPU time."""
    memory = settings.document_job_memory_mb * MB
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime)  # a forked child starts from 0; kept exact anyway
    resource.setrlimit(resource.RLIMIT_CPU, (spent + cpu_seconds, spent + cpu_seconds + GRACE_SECONDS))
    signal.signal(signal.SIGXCPU, _cpu_spent)


@dataclass(frozen=True)
class Verdict:
    limit: str  # "cpu" or "memory"
    reason: str


def judge(status: int | None, usage: Any, settings: Settings, cpu_seconds: int) -> Verdict | None:
    """Why a horse the kernel ended died, when it was one of the caps; None for anything else (a
    passing problem: RQ retries the job as usual)."""
    if status is None or not os.WIFSIGNALED(status) or usage is None:
        return None
    sig = os.WTERMSIG(status)
    cpu = float(usage.ru_utime + usage.ru_stime)
    if sig == signal.SIGXCPU or (sig == signal.SIGKILL and cpu >= cpu_seconds):
        return Verdict("cpu", cpu_reason(cpu_seconds))
    peak_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
    if sig in CRASH_SIGNALS and peak_mb >= MEMORY_SHARE * settings.document_job_memory_mb:
        return Verdict("memory", memory_reason(settings))
    return None


def usage_figures(usage: Any) -> dict[str, float]:
    """A finished horse's peak memory (resident, MB) and CPU time (s), as the kernel counted them."""
    return {
        "peakRssMb": round(usage.ru_maxrss / 1024, 1),
        "cpuSeconds": round(float(usage.ru_utime + usage.ru_stime), 2),
    }
