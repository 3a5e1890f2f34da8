"""One row per measured figure, printed as one Markdown table and saved as JSON for the docs."""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass
class Figure:
    """A measured figure, the bar it must meet and what it is compared with.

    ``met`` is None when the figure has no bar (a peer or limit shown for comparison only).
    """

    area: str  # "Fan-out", "Chat", "Connections", "API lists", "UI", "Start", "Uploads"
    name: str  # what was measured, with the setup: "p99 PATCH answer -> receipt, 2 API processes"
    value: float
    unit: str  # "ms", "req/s", "KB", "s", "MB", "count"
    bar: str = ""  # "<= 100 ms"
    met: bool | None = None
    compared_with: str = ""  # "Node socket.io + Redis adapter: 41 ms (ours 0.9x)"

    def value_text(self) -> str:
        if self.unit in ("count", "req/s") or abs(self.value) >= 100:
            return f"{self.value:,.0f} {self.unit}"
        return f"{self.value:.1f} {self.unit}"


def each_backend(
    measure: Callable[[str, str | None, BenchOptions], list[Figure]], options: BenchOptions
) -> list[Figure]:
    """``measure`` on SQLite, then on the PostgreSQL of ``--database-url`` when one is given."""
    figures = measure("SQLite", None, options)
    if options.database_url:
        figures += measure("PostgreSQL", options.database_url, options)
    return figures


def ratio(ours: float, theirs: float) -> str:
    """'1.3x' style ratio of two figures; guards against a zero denominator."""
    return f"{ours / theirs:.2f}x" if theirs else "n/a"


def machine() -> str:
    load = os.getloadavg()[0]
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {load:.1f} at the start"
    )


def table(figures: list[Figure]) -> str:
    lines = ["| area | figure | value | bar | met | compared with |", "|---|---|---:|---|---|---|"]
    for f in figures:
        met = "" if f.met is None else ("yes" if f.met else "**no**")
        lines.append(f"| {f.area} | {f.name} | {f.value_text()} | {f.bar} | {met} | {f.compared_with} |")
    return "\n".join(lines)


def save(figures: list[Figure], path: Path, machine_at_start: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"machine": machine_at_start, "figures": [asdict(f) for f in figures]}, indent=2))


@dataclass(frozen=True)
class BenchOptions:
    quick: bool = False  # small sizes for the smoke check inside ./ops/test
    database_url: str | None = None  # PostgreSQL to measure as well (schema dropped)
    redis_url: str | None = None  # a Redis server instead of the embedded one
