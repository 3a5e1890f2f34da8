"""``q`` as SQL conditions on each engine's own full-text index (migration a7f3c2d91e04).

Every word of the query must begin a word of the record (case-insensitive): PostgreSQL's
``tsvector @@ to_tsquery('simple', 'word:*')`` on the GIN-indexed ``search_head``/``search_rest``
columns, SQLite's FTS5 prefix query ``"word"*`` on ``<table>_fts``. Neither engine stems words or
drops stop words ('simple' config, unicode61 tokenizer), so both find the same records. Asset tags,
serial numbers and names also match any part of 3 or more characters (pg_trgm ``ILIKE``, FTS5 trigram).

Relevance is a tier per record: the whole query equal to a tag or serial number (assets), then every
word in the identifying fields (``head``), then every word anywhere; newest first within a tier.
Ranking inside a tier by term frequency would have to read every match's vector (a word found in
40,000 documents made one list call cost seconds); the tiers are each served by an index, so a page
costs the same at any size.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Integer, and_, bindparam, false, func, literal_column, not_, or_, text

from app.services.resources import ResourceSpec

MAX_WORDS = 8
MAX_TOKENS = 8
TOKEN = re.compile(r"[^\W_]+")
TRIGRAM_MIN = 3
# Marks around matched words in snippets (private-use characters; the answer carries segments).
MARK_START, MARK_END = "\ue000", "\ue001"


@dataclass(frozen=True)
class Word:
    raw: str
    tokens: tuple[str, ...]

    def prefixed(self) -> list[tuple[str, bool]]:
        """(token, matches as a prefix): the last token of a word may be unfinished (search as you
        type); a token followed by punctuation ('ast' in 'AST-0012') was typed whole, and a single
        character as a prefix would match half the table."""
        last = len(self.tokens) - 1
        return [(token, n == last and len(token) > 1) for n, token in enumerate(self.tokens)]


def parse_words(q: str) -> list[Word]:
    """The query's words (at most 8); a word of punctuation only is left out."""
    words = []
    for raw in q.split()[:MAX_WORDS]:
        tokens = tuple(TOKEN.findall(raw.lower()))[:MAX_TOKENS]
        if tokens:
            words.append(Word(raw=raw, tokens=tokens))
    return words


def _like(raw: str) -> str:
    return "%" + raw.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _fts5_word(word: Word) -> str:
    # Tokens are letters and digits only, so quoting them is enough to keep FTS5 syntax out.
    return "(" + " AND ".join(f'"{token}"' + ("*" if prefix else "") for token, prefix in word.prefixed()) + ")"


def _fts5_phrase(raw: str) -> str:
    return '"' + raw.replace('"', '""') + '"'


def never_null(condition: ColumnElement[bool]) -> ColumnElement[bool]:
    return func.coalesce(condition, false())


class Matcher:
    """The conditions for one query on one resource and engine."""

    def __init__(self, spec: ResourceSpec, q: str, dialect: str) -> None:
        self.spec = spec
        self.table = spec.table
        self.name = spec.name
        self.q = q.strip()
        self.words = parse_words(q)
        self.postgresql = dialect == "postgresql"

    @property
    def empty(self) -> bool:
        return not self.words

    # --- one word -----------------------------------------------------------------------------

    def _tsquery(self, word: Word) -> Any:
        query = " & ".join(token + (":*" if prefix else "") for token, prefix in word.prefixed())
        return func.to_tsquery(literal_column("'simple'::regconfig"), bindparam(None, query))

    def _vector(self, part: str) -> Any:
        return literal_column(f"{self.name}.search_{part}")

    def _fts5(self, expression: str, table: str | None = None) -> ColumnElement[bool]:
        fts = table or f"{self.name}_fts"
        matches = text(f"SELECT rowid FROM {fts} WHERE {fts} MATCH :m").bindparams(
            bindparam("m", expression, unique=True)
        )
        return self.table.id.in_(matches.columns(rowid=Integer))  # type: ignore[attr-defined]

    def _trigram(self, word: Word) -> ColumnElement[bool] | None:
        if not self.spec.search.trigram or len(word.raw) < TRIGRAM_MIN:
            return None
        if self.postgresql:
            pattern = _like(word.raw)
            return or_(*(getattr(self.table, c).ilike(pattern, escape="\\") for c in self.spec.search.trigram))
        return self._fts5(_fts5_phrase(word.raw), f"{self.name}_trgm")

    def _words_in(self, part: str, word: Word) -> ColumnElement[bool]:
        """The word in the head fields (``part='head'``) or in any searched field (``'all'``)."""
        if self.postgresql:
            head = self._vector("head").op("@@")(self._tsquery(word))
            if part == "head":
                return head
            return or_(head, self._vector("rest").op("@@")(self._tsquery(word)))
        if part == "head":
            columns = " ".join(self.spec.search.head)
            return self._fts5(f"{{{columns}}} : {_fts5_word(word)}")
        return self._fts5(_fts5_word(word))

    # --- the whole query ----------------------------------------------------------------------

    def words_only(self) -> ColumnElement[bool]:
        """Every word begins a word of the record (no trigram part): the cheapest test of many rows."""
        if not self.postgresql:  # one FTS5 query for all the words
            return self._fts5(" AND ".join(_fts5_word(w) for w in self.words))
        return and_(*(self._words_in("all", w) for w in self.words))

    def _each(self, part: str) -> ColumnElement[bool]:
        conditions = []
        for word in self.words:
            found = self._words_in(part, word)
            trigram = self._trigram(word)
            conditions.append(found if trigram is None else or_(found, trigram))
        return and_(*conditions)

    def matches(self) -> ColumnElement[bool]:
        """The records the query finds (the union of the tiers)."""
        if not self.spec.search.trigram:
            return self.words_only()
        return self._each("all")

    def exact(self) -> ColumnElement[bool] | None:
        if not self.spec.search.exact:
            return None
        wanted = func.lower(bindparam(None, self.q))
        return or_(*(func.lower(getattr(self.table, c)) == wanted for c in self.spec.search.exact))

    def tiers(self) -> list[ColumnElement[bool]]:
        """The relevance tiers, best first; each excludes the ones before it."""
        head = self._each("head") if self.spec.search.trigram else self._head_only()
        found = self.matches()
        exact = self.exact()
        if exact is None:
            return [head, and_(found, not_(never_null(head)))]
        return [
            exact,
            and_(head, not_(never_null(exact))),
            and_(found, not_(never_null(head)), not_(never_null(exact))),
        ]

    def costly(self, tier: int) -> bool:
        """Whether testing a row for this tier reads the documents' text vector (the last tier)."""
        return self.name == "documents" and tier == len(self.tiers()) - 1

    def _head_only(self) -> ColumnElement[bool]:
        if not self.postgresql:
            columns = " ".join(self.spec.search.head)
            return self._fts5(f"{{{columns}}} : (" + " AND ".join(_fts5_word(w) for w in self.words) + ")")
        return and_(*(self._words_in("head", w) for w in self.words))

    # --- snippets -----------------------------------------------------------------------------

    def snippet_sql(self, ids: Sequence[int]) -> tuple[Any, dict[str, Any]] | None:
        """A statement answering (id, marked fragment of the extracted text) for ``ids``."""
        if self.name != "documents" or not ids or not self.words:
            return None
        tokens = [token for word in self.words for token in word.tokens]
        if self.postgresql:
            # ts_headline reads all the text it is given: give it a window around the first place a
            # word appears (strpos stops there) and read the text once per row (OFFSET 0 keeps the
            # subquery, ``|| ''`` holds the decompressed text instead of decompressing it per use).
            variants = [v for token in tokens for v in dict.fromkeys((token, token.capitalize(), token.upper()))]
            found = ", ".join(f"nullif(strpos(t, :t{n}), 0)" for n in range(len(variants)))
            sql = (
                "SELECT id, ts_headline('simple', substr(t, greatest(pos - 100, 1), 320), "
                "to_tsquery('simple', :query), :options), pos > 101 "
                f"FROM (SELECT id, t, coalesce(least({found}), 1) AS pos "
                "FROM (SELECT id, text || '' AS t FROM documents "
                "WHERE id IN :ids AND text IS NOT NULL OFFSET 0) AS r) AS s"
            )
            params: dict[str, Any] = {f"t{n}": variant for n, variant in enumerate(variants)}
            params.update(
                query=" | ".join(f"{token}:*" for token in tokens),
                options=f"StartSel={MARK_START}, StopSel={MARK_END}, MaxWords=30, MinWords=12, ShortWord=0",
            )
        else:
            sql = (
                f"SELECT rowid, snippet(documents_fts, 3, '{MARK_START}', '{MARK_END}', '', 24), 1 "
                "FROM documents_fts WHERE documents_fts MATCH :query AND rowid IN :ids"
            )
            params = {"query": "{text} : (" + " OR ".join(f'"{token}"*' for token in tokens) + ")"}
        statement = text(sql).bindparams(bindparam("ids", expanding=True))
        params["ids"] = list(ids)
        return statement, params


def segments(marked: str, *, clipped_start: bool) -> list[dict[str, Any]] | None:
    """A marked fragment as ``[{text, match}]`` (the UI renders text, never HTML); None without a match."""
    parts: list[dict[str, Any]] = []
    rest = marked.strip()
    while rest:
        start = rest.find(MARK_START)
        if start < 0:
            parts.append({"text": rest.replace(MARK_END, ""), "match": False})
            break
        if start:
            parts.append({"text": rest[:start].replace(MARK_END, ""), "match": False})
        end = rest.find(MARK_END, start)
        end = len(rest) if end < 0 else end
        parts.append({"text": rest[start + 1 : end], "match": True})
        rest = rest[end + 1 :]
    if not any(p["match"] for p in parts):
        return None
    parts = [p for p in parts if p["text"]]
    if clipped_start and parts:
        parts.insert(0, {"text": "… ", "match": False})
    parts.append({"text": " …", "match": False})
    return parts
