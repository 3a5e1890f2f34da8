"""The OpenAPI document (``/openapi.json``) written to a file without a running server.

``./ops/gen-types`` runs ``python -m app.operations.contract FILE`` and turns the document into the UI's
generated types (``ui/src/api/schema.d.ts``), limits and enums (``limits.ts``, ``enums.ts``); ``./ops/test`` does
the same into a temporary folder and fails when the committed files differ. The document is built in
process from the routing table the API serves (no settings, database or Redis are needed), with a fixed
server address, so the same code gives the same bytes on every machine.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from app.main import ROUTES
from app.routes.openapi import build_document

SERVER_URL = "/"


def document() -> dict[str, Any]:
    """The document ``GET /openapi.json`` answers, for the product's routes (not the benchmark-only ones)."""
    return build_document(ROUTES, server_url=SERVER_URL)


def render(value: dict[str, Any]) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    text = render(document())
    if not args or args[0] == "-":
        sys.stdout.write(text)
    else:
        with open(args[0], "w", encoding="utf-8") as out:
            out.write(text)


if __name__ == "__main__":
    main()
