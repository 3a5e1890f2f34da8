"""``wrk`` against one URL of the portal: the HTTP load of the list and scale benchmarks."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass


@dataclass
class Load:
    """What one ``wrk`` run measured: latency percentiles (ms), throughput and the failed answers
    (non-2xx/3xx answers and socket errors)."""

    p50: float
    p99: float
    rps: float
    errors: int


def _ms(text: str) -> float:
    """wrk's latency figure ('812.00us', '12.5ms', '1.02s', '1.10m') in milliseconds."""
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def _percentile(out: str, which: int) -> float:
    # The latency distribution's own lines ("72.50%" or "85.99%" in the thread stats also end alike).
    return _ms(re.search(rf"(?m)^\s+{which}%\s+(\S+)", out).group(1))  # type: ignore[union-attr]


def wrk(url: str, token: str, seconds: int, connections: int = 8) -> Load:
    """``connections`` connections (one thread) for ``seconds`` seconds, signed in with ``token``."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (./ops/bench installs it with apt-get)")
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency",
         "-H", f"Authorization: Bearer {token}", url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = int(bad.group(1)) if bad else 0
    errors += sum(int(n) for n in socket_errors.groups()) if socket_errors else 0
    return Load(p50=_percentile(out, 50), p99=_percentile(out, 99), rps=rps, errors=errors)
