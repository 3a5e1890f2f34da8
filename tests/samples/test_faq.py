"""FAQ sample area: GET /api/faq answers a dozen questions with their answers."""

from __future__ import annotations

import httpx
import pytest

from tests.support import Account

pytestmark = pytest.mark.db

AREA = "faq"
LOAD_ONCE = True  # its tests only read


async def test_faq_lists_questions_with_answers(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get("/api/faq", headers=staff["contractor"].headers)
    assert response.status_code == 200
    faqs = response.json()
    assert len(faqs) == 12
    assert [f["id"] for f in faqs] == list(range(1, 13))
    assert all(f["question"].endswith("?") and len(f["answer"]) > 20 for f in faqs)
    assert len({f["question"] for f in faqs}) == 12


async def test_faq_needs_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get("/api/faq")).status_code == 401
    assert (await client.get("/api/faq", headers=staff["norole"].headers)).status_code == 403
