"""Regenerate the sample areas' data files (fixed randomness): ``python -m ops.samples.generate``.

Each module in ``ops/samples/areas`` has ``generate(rng) -> {kind: [items]}``; its output is
written to ``ops/samples/data/<area>.json``, which the seed loads and ``./ops/portal samples
reload`` reloads. The files are committed so a checkout needs no generation step.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import sys
from pathlib import Path

import ops.samples.areas as areas

DATA = Path(__file__).resolve().parent / "data"
SEED = 20261122


def area_names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(areas.__path__) if not m.name.startswith("_"))


def generate(name: str) -> dict[str, list[dict[str, object]]]:
    module = importlib.import_module(f"ops.samples.areas.{name}")
    # One Random per area, seeded by the area's name: adding an area never changes another's data.
    rng = random.Random(f"{SEED}:{name}")
    result: dict[str, list[dict[str, object]]] = module.generate(rng)
    return result


def main(names: list[str]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name in names or area_names():
        path = DATA / f"{name}.json"
        path.write_text(json.dumps(generate(name), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")


if __name__ == "__main__":
    main(sys.argv[1:])
