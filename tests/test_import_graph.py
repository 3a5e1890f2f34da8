"""The Python import graph of app/, worker/, schemas/ and ops/ has no circle.

The graph is read with ``ast`` from the module level (the imports that run when a module is first
imported; ``if TYPE_CHECKING:`` blocks never run). A second test adds the imports inside functions:
an import moved into a function to dodge a circle still leaves the circle, and fails there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from app.settings import ROOT

PACKAGES = ("app", "worker", "schemas", "ops")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "node_modules" not in path.parts:
                found[module_name(path)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_level_imports(body: list[ast.stmt], *, in_functions: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Imports run at import time: the top level and the blocks in it (if, try, with), never a
    function's or a class's body, nor ``if TYPE_CHECKING:``; ``in_functions``: those in function
    and class bodies too (still not ``if TYPE_CHECKING:``)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from module_level_imports(node.body, in_functions=in_functions)
            yield from module_level_imports(node.orelse, in_functions=in_functions)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from module_level_imports(block, in_functions=in_functions)
        elif isinstance(node, ast.With):
            yield from module_level_imports(node.body, in_functions=in_functions)
        elif in_functions and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from module_level_imports(node.body, in_functions=True)
        elif in_functions:  # loops and other blocks inside a function
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    yield from module_level_imports(block, in_functions=True)
            for handler in getattr(node, "handlers", []):
                yield from module_level_imports(handler.body, in_functions=True)


def _ours(name: str, known: dict[str, Path]) -> set[str]:
    """The module of ours that ``name`` names, or the package of ours it lies in (``app.x.y`` where
    ``y`` is a function: ``app.x``); nothing for a module not ours."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        if (prefix := ".".join(parts[:n])) in known:
            return {prefix}
    return set()


def imports_of(name: str, path: Path, known: dict[str, Path], *, in_functions: bool = False) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in module_level_imports(tree.body, in_functions=in_functions):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= _ours(alias.name, known)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*anchor, *([base] if base else [])])
        for alias in node.names:
            found |= _ours(f"{base}.{alias.name}", known)  # a module (``from app import db``) or a name in one
    found.discard(name)
    return found


def import_graph(*, in_functions: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known, in_functions=in_functions) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules (Tarjan), as a path back to its start."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep graph cannot reach the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group: set[str] = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_path_through(group, graph) for group in groups]


def _path_through(group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """The shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return sorted(group)


def test_the_reader_sees_module_level_imports_only() -> None:
    source = """
from typing import TYPE_CHECKING
import app.db
if TYPE_CHECKING:
    import app.portal
try:
    import app.errors
except ImportError:
    pass
def later():
    for _ in range(1):
        import app.main
"""
    body = ast.parse(source).body
    found = {a.name for node in module_level_imports(body) for a in node.names}
    assert found == {"TYPE_CHECKING", "app.db", "app.errors"}
    found = {a.name for node in module_level_imports(body, in_functions=True) for a in node.names}
    assert found == {"TYPE_CHECKING", "app.db", "app.errors", "app.main"}


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_has_no_circle() -> None:
    graph = import_graph()
    assert "app.operations.cli" in graph and "worker.jobs" in graph  # the graph covers the packages
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(circle) for circle in found)


def test_no_import_inside_a_function_hides_a_circle() -> None:
    """Imports inside functions are fine for a heavy or optional package (boto3, fpdf), never to
    break a circle: with them counted, the graph still has none."""
    found = circles(import_graph(in_functions=True))
    assert not found, "import circles held together by imports inside functions:\n" + "\n".join(
        " -> ".join(circle) for circle in found
    )
