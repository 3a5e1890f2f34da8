"""Global search: GET /api/search answers the results (id, title, url, excerpt).

The results are the sample content the portal really holds, each pointing at the page that shows it:
the knowledge base's featured articles (``/pages/knowledge-base/<slug>`` opens the article), the
FAQ's questions (``/pages/faq?question=<id>`` opens the answer) and the academy's courses. Without
``q`` it answers every result, as the spec's mock did; with ``q`` only the results whose title or
excerpt contains it, ignoring case.
"""

from __future__ import annotations

import html
import re
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from app.samples.common import endpoint
from app.samples.store import SampleStore
from schemas.sample_areas.simple import SearchQuery, SearchResults

AREA = "search"
MAX_QUERY = 200
EXCERPT = 160


def slug(title: str) -> str:
    """The knowledge base's address of an article (ui/src/features/knowledge-base/api.ts ``articleSlug``)."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def excerpt(content: str) -> str:
    """The first words of an HTML text: a leading heading (the title again) and the markup left out."""
    body = re.sub(r"^\s*<h[1-6][^>]*>.*?</h[1-6]>", "", content, count=1, flags=re.S)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1].rsplit(" ", 1)[0].rstrip(".,;:") + "…"


async def results(store: SampleStore) -> list[dict[str, Any]]:
    """Every result: featured articles, then questions, then courses."""
    session = store.session
    found: list[dict[str, Any]] = []
    for category in await SampleStore(session, "knowledge-base").all("categories"):
        for article in category.get("featuredArticles", []):
            found.append(
                {
                    "id": f"kb-{article['id']}",
                    "title": article["title"],
                    "url": f"/pages/knowledge-base/{slug(article['title'])}",
                    "excerpt": excerpt(article.get("content", "")),
                }
            )
    for faq in await SampleStore(session, "faq").all("faqs"):
        found.append(
            {
                "id": f"faq-{faq['id']}",
                "title": faq["question"],
                "url": f"/pages/faq?question={faq['id']}",
                "excerpt": excerpt(faq.get("answer", "")),
            }
        )
    for course in await SampleStore(session, "academy").all("courses"):
        found.append(
            {
                "id": f"course-{course['id']}",
                "title": course["title"],
                "url": f"/apps/academy/courses/{course['id']}/{course.get('slug') or slug(course['title'])}",
                "excerpt": excerpt(course.get("description", "")),
            }
        )
    return found


def _matches(result: dict[str, Any], needle: str) -> bool:
    return any(needle in str(result.get(field) or "").casefold() for field in ("title", "excerpt"))


async def search(_request: Request, store: SampleStore, query: SearchQuery) -> list[dict[str, Any]]:
    """Search the knowledge base, the FAQ and the academy; ``q`` filters by title or excerpt, ignoring case."""
    needle = query.q.strip().casefold()
    everything = await results(store)
    if not needle:
        return everything
    return [result for result in everything if _matches(result, needle)]


routes = [Route("/api/search", endpoint(AREA, search, answer=SearchResults, query=SearchQuery), methods=["GET"])]
