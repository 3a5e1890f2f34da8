"""The text of Office Open XML files (.docx, .xlsx, .pptx), read as a stream.

Each XML part is unpacked and fed in 64 KiB pieces to an lxml parser with a *target* (callbacks, no
tree), so memory stays flat however large the part is, and reading stops as soon as the text
reaches its cap. The parser never expands entities, loads a DTD or touches the network, and a part
that declares a DTD at all is refused: Office never writes one, and entity bombs ("billion laughs")
need one. Empty cells are never padded (a sheet declaring ``A1:XFD1048576`` costs what it holds),
and a sheet declaring more cells than allowed is refused before its rows are read.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from app.storage import archive as zips
from app.storage.limits import ContentLimits, LimitExceeded

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
# Tag names built once: the callbacks below run for every element of a part.
W_T, W_P, W_TAB, W_BREAKS = W + "t", W + "p", W + "tab", (W + "br", W + "cr")
S_T, S_RPH, S_SI, S_C, S_V, S_ROW, S_DIMENSION, S_SHEET = (
    S + n for n in ("t", "rPh", "si", "c", "v", "row", "dimension", "sheet")
)
A_T, A_P, A_BR = A + "t", A + "p", A + "br"
P_SLIDE_ID, R_ID, RELATIONSHIP = P + "sldId", R + "id", RELS + "Relationship"

APP_PROPERTIES_BYTES = 64 * 1024  # docProps/app.xml holds a dozen short fields
_PAGES = re.compile(rb"<(?:\w+:)?Pages>\s*(\d{1,7})\s*</(?:\w+:)?Pages>")
_CELL = re.compile(r"^\$?([A-Z]{1,3})\$?(\d{1,7})$")


class Enough(Exception):  # control flow, not an error
    """The text reached its cap: stop reading."""


@dataclass
class TextBudget:
    """The text read so far, in pieces, never more than ``limit`` characters."""

    limit: int
    pieces: list[str] = field(default_factory=list)
    total: int = 0

    def add(self, piece: str) -> None:
        room = self.limit - self.total
        if len(piece) >= room:
            self.pieces.append(piece[:room])
            self.total = self.limit
            raise Enough
        self.pieces.append(piece)
        self.total += len(piece)

    def text(self) -> str:
        return "".join(self.pieces)


class _Target:
    """Parser callbacks shared by every part: refuse a DTD, ignore what a subclass does not handle."""

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise LimitExceeded(
            "xml",
            "The file's XML declares a document type (DTD), which Office never writes; such files are not read "
            "because a DTD can hide an 'entity bomb' that expands a few bytes into gigabytes.",
        )

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        pass

    def end(self, tag: str) -> None:
        pass

    def data(self, data: str) -> None:
        pass

    def close(self) -> None:
        return None


def _parse(archive: zipfile.ZipFile, name: str, target: _Target) -> None:
    """Stream one part through ``target``; :class:`Enough` ends it early, quietly."""
    parser = etree.XMLParser(
        target=target,
        resolve_entities=False,
        load_dtd=False,
        no_network=True,
        huge_tree=False,  # libxml2's own caps on depth and text node size stay on
        remove_comments=True,
        remove_pis=True,
    )
    try:
        for chunk in zips.chunks(archive, name):
            parser.feed(chunk)
        parser.close()
    except Enough:
        return


def _has(archive: zipfile.ZipFile, name: str) -> bool:
    try:
        archive.getinfo(name)
    except KeyError:
        return False
    return True


# --- relationships ----------------------------------------------------------------------------------


class _Relationships(_Target):
    def __init__(self, source: str, most: int) -> None:
        self.base = posixpath.dirname(source)
        self.most = most
        self.targets: dict[str, tuple[str, str]] = {}  # id -> (part name, type)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag != RELATIONSHIP or attrib.get("TargetMode") == "External":
            return
        if len(self.targets) >= self.most:
            raise Enough
        target = attrib.get("Target", "")
        part = target.lstrip("/") if target.startswith("/") else posixpath.join(self.base, target)
        self.targets[attrib.get("Id", "")] = (posixpath.normpath(part), attrib.get("Type", ""))


def _relationships(archive: zipfile.ZipFile, source: str, limits: ContentLimits) -> dict[str, tuple[str, str]]:
    rels = posixpath.join(posixpath.dirname(source), "_rels", posixpath.basename(source) + ".rels")
    target = _Relationships(source, limits.archive_entries)
    if _has(archive, rels):
        _parse(archive, rels, target)
    return target.targets


# --- Word --------------------------------------------------------------------------------------------


class _ParagraphText(_Target):
    """Paragraphs one per line from a text run tag, a paragraph tag and break (and tab) tags; text
    outside the runs (deleted text in Word) is left out. Word and PowerPoint name them differently."""

    TEXT, PARAGRAPH, BREAKS, TABS = "", "", frozenset[str](), frozenset[str]()

    def __init__(self, budget: TextBudget) -> None:
        self.budget = budget
        self.in_text = False
        self.had_text = False

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == self.TEXT:
            self.in_text = True
        elif tag in self.TABS:
            self.budget.add("\t")
        elif tag in self.BREAKS:
            self.budget.add("\n")

    def end(self, tag: str) -> None:
        if tag == self.TEXT:
            self.in_text = False
        elif tag == self.PARAGRAPH and self.had_text:
            self.had_text = False
            self.budget.add("\n")

    def data(self, data: str) -> None:
        if self.in_text:
            self.had_text = True
            self.budget.add(data)


class _WordText(_ParagraphText):
    """Paragraphs (table cells included) one per line; tabs and breaks kept; deleted text left out."""

    TEXT, PARAGRAPH, BREAKS, TABS = W_T, W_P, frozenset(W_BREAKS), frozenset({W_TAB})


def word_pages(archive: zipfile.ZipFile) -> int | None:
    """The page count Word stored in docProps/app.xml when it last saved the file, if any (read bounded)."""
    head = zips.read_bounded(archive, "docProps/app.xml", APP_PROPERTIES_BYTES)
    match = _PAGES.search(head or b"")
    return int(match.group(1)) if match else None


def word_text(archive: zipfile.ZipFile, limits: ContentLimits) -> str:
    budget = TextBudget(limits.text_chars)
    if not _has(archive, "word/document.xml"):
        raise KeyError("word/document.xml")
    _parse(archive, "word/document.xml", _WordText(budget))
    return budget.text()


# --- Excel -------------------------------------------------------------------------------------------


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def declared_cells(ref: str) -> int | None:
    """How many cells a ``<dimension ref="A1:XFD1048576">`` covers; None when it cannot be read."""
    corners = []
    for corner in ref.upper().split(":")[:2]:
        match = _CELL.match(corner.strip())
        if match is None:
            return None
        corners.append((_column_number(match.group(1)), int(match.group(2))))
    if len(corners) == 1:
        return 1
    (c1, r1), (c2, r2) = corners
    return (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)


class _SharedStrings(_Target):
    """The shared string table, kept only up to the text cap (each entry costs its length plus one)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.cost = 0
        self.strings: list[str] = []
        self.buffer: list[str] = []
        self.buffered = 0
        self.in_text = False
        self.in_phonetic = False

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == S_T and not self.in_phonetic:
            self.in_text = True
        elif tag == S_RPH:
            self.in_phonetic = True

    def end(self, tag: str) -> None:
        if tag == S_T:
            self.in_text = False
        elif tag == S_RPH:
            self.in_phonetic = False
        elif tag == S_SI:
            value = "".join(self.buffer)
            self.buffer, self.buffered = [], 0
            self.cost += len(value) + 1
            if self.cost > self.limit:
                raise Enough  # later strings could never make it into the text anyway
            self.strings.append(value)

    def data(self, data: str) -> None:
        if self.in_text:
            self.buffer.append(data)
            self.buffered += len(data)
            if self.buffered > self.limit:
                raise Enough


class _SheetText(_Target):
    """One line per row: the row's non-empty cells, tab-separated. Stops after ``max_cells`` cells."""

    def __init__(self, title: str, strings: list[str], budget: TextBudget, max_cells: int) -> None:
        self.title = title
        self.strings = strings
        self.budget = budget
        self.max_cells = max_cells
        self.cells = 0
        self.row: list[str] = []
        self.kind: str | None = None
        self.value: list[str] = []
        self.valued = 0
        self.collect = False

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == S_C:
            self.kind = attrib.get("t")
            self.value, self.valued = [], 0
        elif tag == S_V or (tag == S_T and self.kind == "inlineStr"):
            self.collect = True
        elif tag == S_DIMENSION:
            ref = attrib.get("ref", "")
            cells = declared_cells(ref)
            if cells is not None and cells > self.max_cells:
                raise LimitExceeded(
                    "cells",
                    f"The sheet '{self.title[:60]}' declares {cells:,} cells ({ref[:40]}); "
                    f"at most {self.max_cells:,} are allowed in one sheet.",
                )

    def end(self, tag: str) -> None:
        if tag in (S_V, S_T):
            self.collect = False
        elif tag == S_C:
            self.cells += 1
            if self.cells > self.max_cells:
                raise Enough
            raw = "".join(self.value)
            if self.kind == "s":
                index = int(raw) if raw.strip().isdigit() and raw.isascii() else -1
                raw = self.strings[index] if 0 <= index < len(self.strings) else ""
            if raw:
                self.row.append(raw)
        elif tag == S_ROW:
            line = "\t".join(self.row).rstrip()
            self.row = []
            if line:
                self.budget.add(line + "\n")

    def data(self, data: str) -> None:
        if self.collect:
            self.value.append(data)
            self.valued += len(data)
            if self.valued > self.budget.limit:
                raise Enough


class _Workbook(_Target):
    def __init__(self, most: int) -> None:
        self.most = most
        self.sheets: list[tuple[str, str]] = []  # (name, relationship id)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == S_SHEET:
            if len(self.sheets) >= self.most:
                raise Enough
            self.sheets.append((attrib.get("name", "Sheet"), attrib.get(R_ID, "")))


def sheet_text(archive: zipfile.ZipFile, limits: ContentLimits) -> str:
    if not _has(archive, "xl/workbook.xml"):
        raise KeyError("xl/workbook.xml")
    book = _Workbook(limits.archive_entries)
    _parse(archive, "xl/workbook.xml", book)
    rels = _relationships(archive, "xl/workbook.xml", limits)
    strings: list[str] = []
    shared = next((part for part, kind in rels.values() if kind.endswith("/sharedStrings")), "xl/sharedStrings.xml")
    if _has(archive, shared):
        table = _SharedStrings(limits.text_chars)
        _parse(archive, shared, table)
        strings = table.strings
    budget = TextBudget(limits.text_chars)
    try:
        for title, rid in book.sheets:
            part = rels.get(rid, ("", ""))[0]
            if not part or not _has(archive, part):
                continue
            budget.add(f"# {title}\n")
            _parse(archive, part, _SheetText(title, strings, budget, limits.sheet_cells))
    except Enough:
        pass
    return budget.text()


# --- PowerPoint ----------------------------------------------------------------------------------------


class _Presentation(_Target):
    def __init__(self, most: int) -> None:
        self.most = most
        self.slides: list[str] = []  # relationship ids, in show order

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == P_SLIDE_ID:
            if len(self.slides) >= self.most:
                raise Enough
            self.slides.append(attrib.get(R_ID, ""))


class _SlideText(_ParagraphText):
    TEXT, PARAGRAPH, BREAKS = A_T, A_P, frozenset({A_BR})


def slides(archive: zipfile.ZipFile, limits: ContentLimits) -> tuple[str, int]:
    """The slides' text and how many slides the presentation shows."""
    if not _has(archive, "ppt/presentation.xml"):
        raise KeyError("ppt/presentation.xml")
    show = _Presentation(limits.archive_entries)
    _parse(archive, "ppt/presentation.xml", show)
    rels = _relationships(archive, "ppt/presentation.xml", limits)
    budget = TextBudget(limits.text_chars)
    try:
        for rid in show.slides:
            part = rels.get(rid, ("", ""))[0]
            if part and _has(archive, part):
                _parse(archive, part, _SlideText(budget))
    except Enough:
        pass
    return budget.text(), len(show.slides)


def xml_error(exc: Any) -> LimitExceeded | None:
    """libxml2's own defences (entity amplification, huge nodes) as a limit; None for plain damage."""
    text = str(exc).lower()
    if any(sign in text for sign in ("amplification", "huge text", "excessive depth", "entity loop")):
        return LimitExceeded(
            "xml",
            "The file's XML goes over the parser's safety limits (entity expansion, nesting depth or node size), "
            "so it was not read.",
        )
    return None
