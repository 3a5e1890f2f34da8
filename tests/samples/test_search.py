"""Global search: GET /api/search answers the knowledge base's articles, the FAQ's questions and the
academy's courses, each with the address of the page that shows it; ``q`` filters by title or excerpt."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from app.samples.loader import read_area
from app.samples.search import slug
from tests.support import Account

pytestmark = pytest.mark.db

URL = "/api/search"
AREAS = ("knowledge-base", "faq", "academy")


async def search(client: httpx.AsyncClient, who: Account, **params: str) -> list[dict[str, Any]]:
    response = await client.get(URL, headers=who.headers, params=params)
    assert response.status_code == 200, response.text
    results: list[dict[str, Any]] = response.json()
    return results


async def test_without_q_every_result_with_the_page_that_shows_it(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    results = await search(client, staff["contractor"])
    articles = [a for c in read_area("knowledge-base")["categories"] for a in c["featuredArticles"]]
    faqs = read_area("faq")["faqs"]
    courses = read_area("academy")["courses"]
    assert len(results) == len(articles) + len(faqs) + len(courses)
    for result in results:
        assert set(result) == {"id", "title", "url", "excerpt"}
        assert result["title"] and result["excerpt"] and "<" not in result["excerpt"]
    by_id = {r["id"]: r for r in results}
    assert by_id[f"kb-{articles[0]['id']}"]["url"] == f"/pages/knowledge-base/{slug(articles[0]['title'])}"
    assert by_id[f"faq-{faqs[0]['id']}"]["url"] == f"/pages/faq?question={faqs[0]['id']}"
    course = courses[0]
    assert by_id[f"course-{course['id']}"]["url"] == f"/apps/academy/courses/{course['id']}/{course['slug']}"
    assert by_id[f"course-{course['id']}"]["excerpt"] == course["description"]
    assert await search(client, staff["contractor"], q="   ") == results  # a blank query filters nothing


async def test_q_matches_titles_and_excerpts_ignoring_case(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    results = await search(client, staff["technician"], q="RESET MY password")
    assert [r["title"] for r in results] == ["How do I reset my password?"]
    every = await search(client, staff["technician"])
    expected = [r for r in every if "account" in r["title"].lower() or "account" in r["excerpt"].lower()]
    assert await search(client, staff["technician"], q="Account") == expected and len(expected) >= 2


async def test_no_match_is_an_empty_list(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert await search(client, staff["manager"], q="no-such-thing-anywhere") == []


async def test_an_overlong_query_is_refused(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    response = await client.get(URL, headers=staff["manager"].headers, params={"q": "x" * 201})
    assert response.status_code == 422
    assert "at most 200" in response.json()["message"]


async def test_needs_a_staff_access_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(URL)).status_code == 401
    assert (await client.get(URL, headers=staff["norole"].headers)).status_code == 403
