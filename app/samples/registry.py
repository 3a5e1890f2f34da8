"""Collects the routes of every sample-area module in ``app/samples`` (each exposes ``routes``).

Discovery keeps areas independent: adding ``app/samples/<area>.py`` with a ``routes`` list is all
it takes. Modules are imported in name order so the routing table is the same on every process.
"""

from __future__ import annotations

import importlib
import pkgutil

from starlette.routing import BaseRoute

import app.samples as package

INFRASTRUCTURE = {"store", "loader", "registry", "common", "folders"}


def sample_routes() -> list[BaseRoute]:
    routes: list[BaseRoute] = []
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if module_info.name in INFRASTRUCTURE or module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"app.samples.{module_info.name}")
        routes.extend(getattr(module, "routes", []))
    return routes
