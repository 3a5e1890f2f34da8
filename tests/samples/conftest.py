"""Sample-area tests: each module names its ``AREA`` (or ``AREAS``), reset to the committed data before
every test (once per module where ``LOAD_ONCE`` is set: read-only modules); the ``who`` fixture answers
the headers of the role its ``calls`` (an ``AreaCalls``) name."""

from __future__ import annotations

from types import ModuleType

import pytest
from starlette.applications import Starlette

from tests.support import Account, load_sample_area


def _areas(module: ModuleType) -> list[str]:
    return list(getattr(module, "AREAS", None) or ([module.AREA] if hasattr(module, "AREA") else []))


@pytest.fixture(scope="module", autouse=True)
async def sample_area_once(request: pytest.FixtureRequest, app: Starlette) -> None:
    if getattr(request.module, "LOAD_ONCE", False):
        for area in _areas(request.module):
            await load_sample_area(app, area)


@pytest.fixture(autouse=True)
async def fresh_sample_area(request: pytest.FixtureRequest, app: Starlette) -> None:
    if not getattr(request.module, "LOAD_ONCE", False):
        for area in _areas(request.module):
            await load_sample_area(app, area)


@pytest.fixture
def who(request: pytest.FixtureRequest, staff: dict[str, Account]) -> dict[str, str]:
    return staff[request.module.calls.who].headers
