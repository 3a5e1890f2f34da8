"""Knowledge base sample area: GET /api/knowledge-base with the spec's categories and counts."""

from __future__ import annotations

import httpx
import pytest

from tests.support import Account

pytestmark = pytest.mark.db

AREA = "knowledge-base"
LOAD_ONCE = True  # its tests only read


async def test_categories_carry_the_spec_counts(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get("/api/knowledge-base", headers=staff["technician"].headers)
    assert response.status_code == 200
    categories = response.json()
    assert [(c["title"], c["articlesCount"]) for c in categories] == [
        ("Your Account", 17),
        ("Selling", 12),
        ("Buying", 19),
        ("Item Support", 24),
    ]
    assert all(c["path"] == "/pages/knowledge-base" for c in categories)
    assert len({c["id"] for c in categories}) == 4


async def test_five_featured_articles_with_html_each(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    categories = (await client.get("/api/knowledge-base", headers=staff["manager"].headers)).json()
    articles = [a for c in categories for a in c["featuredArticles"]]
    assert all(len(c["featuredArticles"]) == 5 for c in categories)
    assert len({a["id"] for a in articles}) == 20
    for article in articles:
        assert article["title"]
        assert article["content"].startswith("<h2>") and "</p>" in article["content"]


async def test_knowledge_base_needs_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get("/api/knowledge-base")).status_code == 401
    assert (await client.get("/api/knowledge-base", headers=staff["norole"].headers)).status_code == 403
