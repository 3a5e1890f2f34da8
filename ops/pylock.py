"""The Python lock: requirements/*.txt compiled from pyproject.toml with every version and hash pinned.

``./ops/lock`` runs ``compile``; ``ops/lib.sh`` runs ``check`` before it installs, so a dependency
added to pyproject.toml without a new lock stops ./ops/run, ./ops/test and CI with a clear message
instead of installing something else than what was tested.

The development lock is resolved first and the others are constrained by it, so a package has the
same version in every file. Existing pins are kept unless ``--upgrade`` or ``--upgrade-package NAME``
is given (passed to uv). Only the standard library here: ``check`` runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
FOLDER = ROOT / "requirements"
DEV = "dev.txt"
# file -> the pyproject.toml extras it holds besides the production dependencies; dev.txt comes first.
LOCKS: dict[str, list[str]] = {
    DEV: ["dev"],  # everything: tests, lint, the embedded Redis, the demo seed, S3 (the dev extra names them)
    "prod.txt": [],  # the image's default install
    "s3.txt": ["s3"],  # production with STORAGE_URL=s3://... (the image's LOCK=s3 build argument)
}
DIGEST_LINE = "# pyproject.toml dependencies: "


def dependencies_digest(pyproject: Path = PYPROJECT) -> str:
    """What the lock is compiled from: requires-python, the dependencies and the extras (not the tool settings)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    wanted = {key: project.get(key) for key in ("requires-python", "dependencies", "optional-dependencies")}
    return hashlib.sha256(json.dumps(wanted, sort_keys=True).encode()).hexdigest()[:16]


def recorded_digest(lock: Path) -> str | None:
    if not lock.exists():
        return None
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.startswith(DIGEST_LINE):
            return line.removeprefix(DIGEST_LINE).strip()
    return None


def stale_locks(folder: Path = FOLDER, pyproject: Path = PYPROJECT) -> list[str]:
    want = dependencies_digest(pyproject)
    return [name for name in LOCKS if recorded_digest(folder / name) != want]


def minimum_python(pyproject: Path = PYPROJECT) -> str:
    spec = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["requires-python"]
    found = re.search(r">=\s*(\d+\.\d+)", spec)
    if found is None:
        raise SystemExit(f"requires-python in pyproject.toml needs a lower bound (>=3.X), not {spec!r}")
    return found.group(1)


def record_digest(lock: Path, digest: str) -> None:
    """Writes the digest line under uv's header (replacing an older one)."""
    lines = [line for line in lock.read_text(encoding="utf-8").splitlines() if not line.startswith(DIGEST_LINE)]
    at = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    lines.insert(at, DIGEST_LINE + digest)
    lock.write_text("\n".join(lines) + "\n", encoding="utf-8")


def compile_locks(uv: str, upgrade: list[str]) -> None:
    FOLDER.mkdir(exist_ok=True)
    digest = dependencies_digest()
    for name, extras in LOCKS.items():
        command = [
            uv,
            "pip",
            "compile",
            "pyproject.toml",
            "--quiet",
            "--universal",  # one lock for every platform (the image is Linux, developers may not be)
            "--python-version",
            minimum_python(),
            "--generate-hashes",
            "--custom-compile-command",
            "./ops/lock",
            "--output-file",
            f"requirements/{name}",
        ]
        for extra in extras:
            command += ["--extra", extra]
        if name == DEV:
            command += upgrade
        else:
            command += ["--constraint", f"requirements/{DEV}"]
        print("+", " ".join(command[1:]), file=sys.stderr)
        subprocess.run(command, cwd=ROOT, check=True)
        record_digest(FOLDER / name, digest)


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        stale = stale_locks()
        if stale:
            print(
                f"pyproject.toml's dependencies changed since requirements/{stale[0]} was compiled: "
                "run ./ops/lock and commit requirements/",
                file=sys.stderr,
            )
            return 1
        return 0
    if argv[:1] == ["compile"]:
        uv = str(Path(sys.executable).parent / "uv")
        compile_locks(uv, argv[1:])
        return 0
    print("usage: pylock.py check | compile [--upgrade | --upgrade-package NAME ...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
