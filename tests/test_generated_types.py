"""The UI's types are generated from /openapi.json (./ops/gen-types), so a changed server shape stops
the UI's type check: a copy of the document with one field of ``AssetPublic`` renamed, turned into
types the same way, makes ``tsc`` fail on the UI code that reads that field; the document as it is
passes. The check compiles the UI modules below (and what they import) against the generated file
of a temporary folder; ``node_modules`` is the UI's own, linked."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.operations.contract import document
from app.settings import ROOT

UI = ROOT / "ui"
# UI modules that read fields of the generated record types (my work reads an asset's tag).
PROBES = ["src/features/my-work/api.ts", "src/data/records.ts", "src/data/live.ts"]

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (UI / "node_modules" / "openapi-typescript").is_dir(),
    reason="needs Node.js and the UI's npm packages (./ops/test installs them)",
)


def start_typecheck(contract: dict[str, Any], folder: Path) -> subprocess.Popen[str]:
    """Generates the types of ``contract`` into ``folder/src/api`` (as ./ops/gen-types does) and starts
    tsc over PROBES with ``@/api/*`` pointing there and every other ``@/*`` at the real ui/src."""
    source = folder / "openapi.json"
    source.write_text(json.dumps(contract), encoding="utf-8")
    generated = subprocess.run(
        ["node", "scripts/gen-types.mjs", str(source), str(folder / "src" / "api")],
        cwd=UI,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert generated.returncode == 0, generated.stderr
    (folder / "node_modules").symlink_to(UI / "node_modules", target_is_directory=True)
    config = {
        "extends": str(UI / "tsconfig.app.json"),
        "compilerOptions": {
            "paths": {
                "@/api/*": ["./src/api/*"],
                "@/*": [f"{UI / 'src'}/*"],
                "@chakra-theme/*": [f"{UI}/node_modules/@chakra-ui/react/dist/types/theme/*"],
            }
        },
        "include": [],
        "files": [str(UI / probe) for probe in PROBES],
    }
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return subprocess.Popen(
        ["node", str(UI / "node_modules" / "typescript" / "bin" / "tsc"), "--noEmit", "-p", "tsconfig.json"],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    try:
        stdout, stderr = process.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def renamed_answer_field(contract: dict[str, Any]) -> dict[str, Any]:
    """``contract`` with ``AssetPublic.tag`` renamed ``assetTag``."""
    changed = copy.deepcopy(contract)
    asset = changed["components"]["schemas"]["AssetPublic"]
    asset["properties"]["assetTag"] = asset["properties"].pop("tag")
    asset["required"] = ["assetTag" if name == "tag" else name for name in asset["required"]]
    return changed


@pytest.fixture(scope="module")
def type_checks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """tsc over the document as it is and over the renamed copy, both at once (each tsc is one core)."""
    contract = document()
    running = {
        name: start_typecheck(variant, tmp_path_factory.mktemp(name))
        for name, variant in (("as-is", contract), ("renamed", renamed_answer_field(contract)))
    }
    return {name: finish(process) for name, process in running.items()}


def test_the_generated_types_of_the_document_type_check(
    type_checks: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    result = type_checks["as-is"]
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_renamed_answer_field_fails_the_ui_type_check(
    type_checks: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    result = type_checks["renamed"]
    assert result.returncode != 0, "tsc accepted UI code that reads a field the server no longer sends"
    assert "src/features/my-work/api.ts" in result.stdout
    assert "Property 'tag' does not exist" in result.stdout, result.stdout
