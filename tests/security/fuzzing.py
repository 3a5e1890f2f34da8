"""Schemathesis against a running portal, once per role: no 5xx, every answer as ``/openapi.json`` says.

``./ops/test`` runs a bounded pass (tests/security/test_fuzz.py); ``./ops/fuzz`` runs the long one on
a fresh portal of its own and prints the figures recorded in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROLES = ("admin", "manager", "technician", "contractor")
# No 5xx; only documented statuses, content types and error shapes; no secured call open without a token.
CHECKS = ",".join(
    (
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
        "ignored_auth",
    )
)
# Calls that end the fuzzing user's own sessions; their own tests cover them (test_auth, test_token_forgery).
# Calls that end sessions, or change the role or password of another fuzzing user (the admin's pass
# would sign the other roles' users out): their own tests cover them (tests/test_admin.py).
EXCLUDED_PATHS = (
    "/auth/sign-out",
    "/auth/sign-out-everywhere",
    "/admin/users/{id}",
    "/admin/users/{id}/reset-password",
    "/admin/users/{id}/sessions",
    "/admin/users/{id}/sessions/{sid}",
    "/me/password",
)


@dataclass
class RoleRun:
    role: str
    operations: int
    cases: int
    failures: list[str]
    errors: int
    exit_code: int
    output: str

    @property
    def passed(self) -> bool:
        return self.exit_code == 0 and not self.failures and not self.errors


def schemathesis_command(base_url: str, token: str, *, examples: int, seed: int, report: Path) -> list[str]:
    command = [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base_url}/openapi.json"]
    command += ["--url", base_url, "-H", f"Authorization: Bearer {token}", "--checks", CHECKS]
    command += ["--max-examples", str(examples), "--seed", str(seed), "--workers", "1", "--no-shrink"]
    command += ["--phases", "examples,coverage,fuzzing", "--suppress-health-check", "all"]
    # Both valid cases (bodies and query strings generated from the declared pydantic models' schemas,
    # which reach the handlers and write) and invalid ones (which must be refused with a 4xx).
    command += ["--mode", "all"]
    for path in EXCLUDED_PATHS:
        command += ["--exclude-path", path]
    return [*command, "--report", "json", "--report-json-path", str(report)]


def fuzz_role(base_url: str, role: str, token: str, *, examples: int, seed: int, folder: Path) -> RoleRun:
    report = folder / f"fuzz-{role}.json"
    command = schemathesis_command(base_url, token, examples=examples, seed=seed, report=report)
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600, check=False)
    data = json.loads(report.read_text()) if report.exists() else {}
    failures = [
        f"{failure['code']} {failure['title']}: {', '.join(failure['operations'])}"
        for failure in data.get("failures", [])
    ]
    return RoleRun(
        role=role,
        operations=int(data.get("operations", {}).get("tested", 0)),
        cases=int(data.get("test_cases", {}).get("generated", 0)),
        failures=failures,
        errors=len(data.get("errors", [])),
        exit_code=done.returncode,
        output=done.stdout[-6000:] + done.stderr[-2000:],
    )


def fuzz(base_url: str, tokens: dict[str, str], *, examples: int, seed: int, folder: Path) -> list[RoleRun]:
    return [
        fuzz_role(base_url, role, token, examples=examples, seed=seed, folder=folder) for role, token in tokens.items()
    ]


def summary(runs: list[RoleRun], examples: int) -> str:
    lines = [f"{'role':<12} {'operations':>10} {'cases':>7}  result"]
    for run in runs:
        verdict = "ok" if run.passed else f"FAILED: {'; '.join(run.failures) or f'exit {run.exit_code}'}"
        lines.append(f"{run.role:<12} {run.operations:>10} {run.cases:>7}  {verdict}")
    total = sum(run.cases for run in runs)
    failed = sum(len(run.failures) + run.errors for run in runs)
    lines.append(f"{len(runs)} roles x up to {examples} examples per operation: {total} cases, {failed} failures")
    return "\n".join(lines)


def main() -> int:
    """``./ops/fuzz``: a fresh portal (own database, Redis and data folder), fuzzed as each demo user."""
    parser = argparse.ArgumentParser(prog="ops/fuzz", description=main.__doc__)
    parser.add_argument("--examples", type=int, default=100, help="examples per operation and role (default 100)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--roles", default=",".join(ROLES), help="comma-separated demo users (default all four)")
    parser.add_argument(
        "--database-url", help="a PostgreSQL database to empty and use (default: SQLite in a temporary folder)"
    )
    args = parser.parse_args()

    from ops.benchmarks.stack import portal, sign_in

    with portal(api_processes=1, database_url=args.database_url) as instance, tempfile.TemporaryDirectory() as reports:
        url = instance.api_urls[0]
        tokens = {role: sign_in(url, role) for role in args.roles.split(",")}
        runs = fuzz(url, tokens, examples=args.examples, seed=args.seed, folder=Path(reports))
    for run in runs:
        if not run.passed:
            print(run.output)
    print(summary(runs, args.examples))
    return 0 if all(run.passed for run in runs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
