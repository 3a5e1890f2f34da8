"""``GET /documents/{id}/text``: a document's extracted text, a page at a time, with ``q``'s matches.

The answer carries the page as segments (``[{text, match}]``) so the UI renders text, never HTML,
and the start of every match in the whole text (the first ``MAX_MATCHES``), so next/previous can
jump to the page that holds a match. A match is a word that begins with one of the query's words,
as in the list's search.
"""

from __future__ import annotations

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import not_found
from app.services.textsearch import highlighter
from schemas.records import Document

MAX_MATCHES = 1000
WORD_EDGE = 200  # a page ends at a space within this many characters of its length, not inside a word


def _segments(page: str, start: int, spans: list[tuple[int, int]]) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    at = 0
    for begin, end in spans:
        begin, end = max(begin - start, 0), min(end - start, len(page))
        if end <= 0 or begin >= len(page):
            continue
        if begin > at:
            parts.append({"text": page[at:begin], "match": False})
        parts.append({"text": page[begin:end], "match": True})
        at = end
    if at < len(page):
        parts.append({"text": page[at:], "match": False})
    return parts


async def text_page(*, session: AsyncSession, document_id: int, offset: int, limit: int, q: str) -> dict[str, Any]:
    document = await session.get(Document, document_id)
    if document is None:
        raise not_found(f"No document with id {document_id}.")
    text = document.text or ""
    end = min(offset + limit, len(text))
    if end < len(text):  # finish the page at a space, so a word is never cut in two
        space = text.rfind(" ", max(offset, end - WORD_EDGE), end)
        end = space + 1 if space > offset else end
    page = text[offset:end]
    pattern = highlighter(q) if q else None
    spans: list[tuple[int, int]] = []
    matches: list[int] = []
    count = 0
    if pattern is not None:
        for match in pattern.finditer(text):
            count += 1
            if len(matches) < MAX_MATCHES:
                matches.append(match.start())
            if match.end() > offset and match.start() < end:
                spans.append((match.start(), match.end()))
    return {
        "id": document_id,
        "length": len(text),
        "offset": offset,
        "limit": limit,
        "end": end,
        "nextOffset": end if end < len(text) else None,
        "prevOffset": max(offset - limit, 0) if offset > 0 else None,
        "segments": _segments(page, offset, spans),
        "q": q,
        "matches": matches,
        "matchCount": count,
    }
