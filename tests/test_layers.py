"""The service layer and the worker stand below the HTTP layer: they never import it (nor the web
framework), so the worker does not load it and a service can be called from anywhere."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BELOW_HTTP = ("app/services", "worker")
FORBIDDEN = ("app.http", "app.routes", "starlette")


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports (at any depth: function-local imports count too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _forbidden(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in FORBIDDEN)


def test_services_and_worker_do_not_import_the_http_layer() -> None:
    files = [path for folder in BELOW_HTTP for path in sorted((ROOT / folder).rglob("*.py"))]
    assert files
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in files
        for line, module in _imports(path)
        if _forbidden(module)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_each_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import starlette.requests\nfrom app import http\nfrom app.routes.endpoint import route\n"
        "def later():\n    from starlette.concurrency import run_in_threadpool\n"
    )
    assert [module for _line, module in _imports(sample) if _forbidden(module)] == [
        "starlette.requests",
        "app.http",
        "app.routes.endpoint",
        "app.routes.endpoint.route",
        "starlette.concurrency",
        "starlette.concurrency.run_in_threadpool",
    ]


def test_the_worker_does_not_load_the_http_layer() -> None:
    """Importing the worker's jobs (and through them every service they use) loads no route module,
    not ``app.http`` and not the web framework."""
    code = (
        "import sys, worker.jobs, worker.__main__\n"
        f"print('\\n'.join(m for m in sys.modules if m.startswith({FORBIDDEN!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
