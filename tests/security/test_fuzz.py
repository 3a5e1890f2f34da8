"""Property-based fuzzing of every operation in /openapi.json, once per role (schemathesis).

Each role's pass checks every answer: never a 5xx, only documented statuses and content types,
error bodies in the documented ``{message, errors}`` shape, and no secured call answered without
a valid token (``ignored_auth`` replays each case without and with a broken token). This pass is
small (``EXAMPLES`` per operation); ``./ops/fuzz`` runs the long one.
"""

from __future__ import annotations

import pytest

from tests.security.conftest import FuzzPortal
from tests.security.fuzzing import ROLES, fuzz_role

EXAMPLES = 3


@pytest.mark.parametrize("role", ROLES)
def test_every_operation_holds_to_its_description(role: str, fuzz_portal: FuzzPortal) -> None:
    run = fuzz_role(
        fuzz_portal.url, role, fuzz_portal.token(role), examples=EXAMPLES, seed=2026, folder=fuzz_portal.folder
    )
    assert run.operations > 100, run.output  # the whole description was read, not an empty one
    assert run.passed, f"{run.failures}\n{run.output}"
