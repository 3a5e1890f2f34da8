"""``q`` as SQL conditions on each engine's own full-text index (migration a7f3c2d91e04).

Every word of the query must begin a word of the record (case-insensitive): PostgreSQL's
``tsvector @@ to_tsquery('simple', 'word:*')`` on the GIN-indexed ``search_head``/``search_rest``
columns, SQLite's FTS5 prefix query ``"word"*`` on ``<table>_fts``. Neither engine stems words or
drops stop words ('simple' config, unicode61 tokenizer), so both find the same records. Asset tags,
serial numbers and names also match any part of 3 or more characters (pg_trgm ``ILIKE``, FTS5 trigram).

Relevance is a tier per record, newest first within a tier:

1. the whole query equals a tag or serial number (assets);
2. every word begins a word of the identifying fields (``head``: tag, name, serial; title, file
   name, notes; title, company, contact);
3. every word begins a word of some field (the rest: location, category, notes; the extracted
   text; email, notes);
4. the words are parts of tags, serial numbers or names (assets: '0012' finds 'AST-00123').

Ranking inside a tier by term frequency would have to read every match's vector (a word found in
40,000 documents made one list call cost seconds); each tier is read from an index in id order, so
a page costs the same at any size.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Integer, and_, bindparam, false, func, literal_column, not_, or_, text

from app.services.resources import ResourceSpec

MAX_WORDS = 8
MAX_TOKENS = 8
TOKEN = re.compile(r"[^\W_]+")
TRIGRAM_MIN = 3
# A snippet: this many characters of the text, starting this many before the first match.
SNIPPET_CHARS, SNIPPET_BEFORE = 280, 100


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


@dataclass(frozen=True)
class Tier:
    """One relevance tier: its condition on the record table (PostgreSQL; SQLite for counts), and on
    SQLite the FTS5 table and query that read it in id order, with the ``extra`` conditions on the
    record table (None: the condition alone, as for the exact tier)."""

    condition: ColumnElement[bool]
    fts: str | None = None
    match: str | None = None
    extra: list[ColumnElement[bool]] = field(default_factory=list)
    not_exact: list[ColumnElement[bool]] = field(default_factory=list)  # the exact tier's rows come first
    costly: bool = False  # testing a row reads the rest vector (a document's text)


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

    def _all_words(self) -> str:
        return " AND ".join(_fts5_word(w) for w in self.words)

    def _head_words(self) -> str:
        return "{" + " ".join(self.spec.search.head) + "} : (" + self._all_words() + ")"

    def words_only(self) -> ColumnElement[bool]:
        """Every word begins a word of the record (no trigram part): the cheapest test of many rows."""
        if not self.postgresql:  # one FTS5 query for all the words
            return self._fts5(self._all_words())
        return and_(*(self._words_in("all", w) for w in self.words))

    def _head_only(self) -> ColumnElement[bool]:
        if not self.postgresql:
            return self._fts5(self._head_words())
        return and_(*(self._words_in("head", w) for w in self.words))

    def _parts(self) -> ColumnElement[bool] | None:
        """Every word of 3 or more characters a part of a tag, serial number or name (the others
        beginning a word anywhere); None when the resource has no such fields or no word is long enough."""
        if not self.spec.search.trigram or not any(len(w.raw) >= TRIGRAM_MIN for w in self.words):
            return None
        long = [w for w in self.words if len(w.raw) >= TRIGRAM_MIN]
        short = [w for w in self.words if len(w.raw) < TRIGRAM_MIN]
        if self.postgresql:
            found = [self._trigram(w) for w in long]
        else:
            found = [self._fts5(" AND ".join(_fts5_phrase(w.raw) for w in long), f"{self.name}_trgm")]
        return and_(*[c for c in found if c is not None], *(self._words_in("all", w) for w in short))

    def _trigram_match(self) -> str:
        return " AND ".join(_fts5_phrase(w.raw) for w in self.words if len(w.raw) >= TRIGRAM_MIN)

    def matches(self) -> ColumnElement[bool]:
        """The records the query finds (the union of the tiers)."""
        parts = self._parts()
        return self.words_only() if parts is None else or_(self.words_only(), parts)

    def exact(self) -> ColumnElement[bool] | None:
        if not self.spec.search.exact:
            return None
        wanted = func.lower(bindparam(None, self.q))
        return or_(*(func.lower(getattr(self.table, c)) == wanted for c in self.spec.search.exact))

    def tiers(self) -> list[Tier]:
        """The relevance tiers, best first; each excludes the ones before it (see the module's docstring)."""
        exact = self.exact()
        not_exact = [] if exact is None else [not_(never_null(exact))]
        head, found = self._head_only(), self.words_only()
        trigram = f"{self.name}_trgm"
        fts = f"{self.name}_fts"
        tiers = [] if exact is None else [Tier(exact)]
        tiers.append(Tier(and_(head, *not_exact), fts, self._head_words(), not_exact=not_exact))
        rest = f"({self._all_words()}) NOT {self._head_words()}"
        costly = self.name == "documents"  # the rest vector is the text
        tiers.append(
            Tier(and_(found, not_(never_null(head)), *not_exact), fts, rest, not_exact=not_exact, costly=costly)
        )
        parts = self._parts()
        if parts is not None:
            short = [self._words_in("all", w) for w in self.words if len(w.raw) < TRIGRAM_MIN]
            outside = [not_(never_null(found))]
            tiers.append(
                Tier(and_(parts, *outside, *not_exact), trigram, self._trigram_match(), [*short, *outside], not_exact)
            )
        return tiers

    # --- snippets -----------------------------------------------------------------------------

    def snippet_sql(self, ids: Sequence[int]) -> tuple[Any, dict[str, Any]] | None:
        """A statement answering (id, a window of the extracted text around the first place one of
        the words appears, whether the window starts inside the text) for ``ids``; ``segments``
        then marks the words in it. The search stops at the first occurrence, so a page of 50
        documents reads each text once and mostly only its beginning."""
        if self.name != "documents" or not ids or not self.words:
            return None
        tokens = list(dict.fromkeys(token for word in self.words for token in word.tokens))
        window = f"substr(t, {{edge}}(pos - {SNIPPET_BEFORE}, 1), {SNIPPET_CHARS}), pos > {SNIPPET_BEFORE + 1}"
        if self.postgresql:
            # OFFSET 0 keeps the subquery and ``|| ''`` holds the decompressed text, so it is
            # decompressed once per row rather than once per use. strpos has no case-insensitive
            # form: the usual spellings of each word are looked for instead.
            variants = [v for token in tokens for v in dict.fromkeys((token, token.capitalize(), token.upper()))]
            found = ", ".join(f"nullif(strpos(t, :t{n}), 0)" for n in range(len(variants)))
            sql = (
                f"SELECT id, {window.format(edge='greatest')} FROM (SELECT id, t, coalesce(least({found}), 1) AS pos "
                "FROM (SELECT id, text || '' AS t FROM documents "
                "WHERE id IN :ids AND text IS NOT NULL OFFSET 0) AS r) AS s"
            )
        else:
            variants = tokens
            found = ", ".join(f"coalesce(nullif(instr(lower(t), :t{n}), 0), 1000000000)" for n in range(len(variants)))
            first = f"min({found}, 1000000000)"
            sql = (
                f"SELECT id, {window.format(edge='max')} FROM (SELECT id, t, "
                f"CASE WHEN {first} = 1000000000 THEN 1 ELSE {first} END AS pos "
                "FROM (SELECT id, text AS t FROM documents WHERE id IN :ids AND text IS NOT NULL) AS r) AS s"
            )
        statement = text(sql).bindparams(bindparam("ids", expanding=True))
        params: dict[str, Any] = {f"t{n}": variant for n, variant in enumerate(variants)}
        params["ids"] = list(ids)
        return statement, params


def highlighter(q: str) -> re.Pattern[str] | None:
    """Words that begin with one of the query's words, as the search matches them (case-insensitive)."""
    tokens = sorted({t for word in parse_words(q) for t in word.tokens}, key=len, reverse=True)
    if not tokens:
        return None
    return re.compile(r"(?<![^\W_])(?:" + "|".join(re.escape(t) for t in tokens) + r")[^\W_]*", re.IGNORECASE)


def split(text: str, pattern: re.Pattern[str], offset: int = 0) -> list[dict[str, Any]]:
    """``text`` as ``[{text, match}]`` parts, the pattern's matches marked."""
    parts: list[dict[str, Any]] = []
    at = 0
    for match in pattern.finditer(text):
        if match.start() > at:
            parts.append({"text": text[at : match.start()], "match": False})
        parts.append({"text": match.group(), "match": True})
        at = match.end()
    if at < len(text):
        parts.append({"text": text[at:], "match": False})
    return parts


def segments(
    window: str, pattern: re.Pattern[str], *, clipped_start: bool, clipped_end: bool
) -> list[dict[str, Any]] | None:
    """A snippet as ``[{text, match}]`` (the UI renders text, never HTML); None without a match."""
    text_ = " ".join(window.split())  # one line: line breaks and runs of spaces as one space
    if clipped_start and " " in text_:
        text_ = text_[text_.index(" ") + 1 :]  # not half a word
    if clipped_end and " " in text_:
        text_ = text_[: text_.rindex(" ")]
    parts = split(text_, pattern)
    if not any(p["match"] for p in parts):
        return None
    if clipped_start:
        parts.insert(0, {"text": "… ", "match": False})
    if clipped_end:
        parts.append({"text": " …", "match": False})
    return parts
