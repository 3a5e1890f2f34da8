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

from app.samples.common import Area
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


def _result(kind: str, key: Any, title: str, url: str, text: str) -> dict[str, Any]:
    return {"id": f"{kind}-{key}", "title": title, "url": url, "excerpt": excerpt(text)}


async def results(store: SampleStore) -> list[dict[str, Any]]:
    """Every result: featured articles, then questions, then courses."""
    session = store.session
    articles = [
        article
        for category in await SampleStore(session, "knowledge-base").all("categories")
        for article in category.get("featuredArticles", [])
    ]
    faqs = await SampleStore(session, "faq").all("faqs")
    courses = await SampleStore(session, "academy").all("courses")
    return [
        *(
            _result("kb", a["id"], a["title"], f"/pages/knowledge-base/{slug(a['title'])}", a.get("content", ""))
            for a in articles
        ),
        *(_result("faq", f["id"], f["question"], f"/pages/faq?question={f['id']}", f.get("answer", "")) for f in faqs),
        *(
            _result(
                "course",
                c["id"],
                c["title"],
                f"/apps/academy/courses/{c['id']}/{c.get('slug') or slug(c['title'])}",
                c.get("description", ""),
            )
            for c in courses
        ),
    ]


def _matches(result: dict[str, Any], needle: str) -> bool:
    return any(needle in str(result.get(field) or "").casefold() for field in ("title", "excerpt"))


async def search(_request: Request, store: SampleStore, query: SearchQuery) -> list[dict[str, Any]]:
    """Search the knowledge base, the FAQ and the academy; ``q`` filters by title or excerpt, ignoring case."""
    needle = query.q.strip().casefold()
    everything = await results(store)
    if not needle:
        return everything
    return [result for result in everything if _matches(result, needle)]


area = Area(AREA)
routes = [area.get("/api/search", search, SearchResults, query=SearchQuery)]
