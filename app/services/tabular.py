"""CSV and Excel files, read row by row and written as a stream, with their hostile cases refused.

Reading (imports): UTF-8 (with or without BOM) or UTF-16 with a BOM; comma, semicolon or tab
separated; XLSX through openpyxl's read-only mode after the archive's sizes are checked (a small
file may unpack to gigabytes). Each limit gives a :class:`TableError` a person can act on.

Writing (exports): every cell that a spreadsheet would run as a formula (starting with ``=``, ``+``,
``-``, ``@``, tab or carriage return) is prefixed with an apostrophe. XLSX is written by a small
streaming writer (inline strings in one sheet, deflated as it goes) so the first bytes leave at once
and memory stays flat; openpyxl's write-only mode still assembles the archive only at the end.
"""

from __future__ import annotations

import codecs
import csv
import io
import zipfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any
from xml.sax.saxutils import escape

MAX_COLUMNS = 100
MAX_CELL_CHARS = 20_000
MAX_XLSX_UNPACKED = 400 * 1024 * 1024  # bytes of XML an XLSX may unpack to
MAX_XLSX_RATIO = 200  # unpacked / packed: beyond this it is a zip bomb, not a spreadsheet
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
#: what an import reads (told apart by content, see table_format); a file picker offers these
ACCEPTED_FILES = (".csv", ".xlsx", "text/csv", XLSX_MEDIA_TYPE)


class TableError(Exception):
    """The file cannot be read as a table; the message says why and what to do."""


def sniff_format(path: Path, name: str) -> str:
    """``csv`` or ``xlsx`` by the file's first bytes (an XLSX is a zip archive), whatever its name says."""
    with path.open("rb") as f:
        head = f.read(8)
    if head.startswith(b"PK\x03\x04"):
        return "xlsx"
    if head.startswith((b"\xd0\xcf\x11\xe0", b"%PDF")) or b"\x00\x00" in head:
        raise TableError(
            f"{name!r} is neither a CSV file nor an Excel workbook (.xlsx). "
            "Old Excel files (.xls) must be saved as .xlsx or CSV first."
        )
    return "csv"


# --- reading ------------------------------------------------------------------------------------------


def cell_text(value: Any) -> str:
    """A cell as the text a person typed: dates as ISO dates, whole numbers without '.0'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


class Table:
    """A header row and the data rows after it: ``(row number in the file, [cell text])``."""

    def __init__(self, headers: list[str], rows: Iterator[list[str]], first_row: int = 2) -> None:
        self.headers = headers
        self._rows = rows
        self._first = first_row

    def rows(self, max_rows: int) -> Iterator[tuple[int, list[str]]]:
        number = self._first - 1
        count = 0
        for cells in self._rows:
            number += 1
            if not any(c.strip() for c in cells):
                continue  # blank lines are not rows
            count += 1
            if count > max_rows:
                raise TableError(f"The file has more than {max_rows:,} rows. Split it into smaller files.")
            if len(cells) > MAX_COLUMNS:
                raise TableError(f"Row {number} has more than {MAX_COLUMNS} columns.")
            yield number, cells


def _headers(raw: list[str]) -> list[str]:
    headers = [h.strip() for h in raw]
    while headers and not headers[-1]:
        headers.pop()
    if not any(headers):
        raise TableError("The first row must name the columns (for example tag, name, category).")
    if len(headers) > MAX_COLUMNS:
        raise TableError(f"The file has more than {MAX_COLUMNS} columns.")
    return headers


def _text_stream(path: Path) -> IO[str]:
    with path.open("rb") as f:
        head = f.read(4)
    encoding = "utf-16" if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else "utf-8-sig"
    return path.open("r", encoding=encoding, errors="strict", newline="")


def _csv_rows(path: Path) -> Iterator[list[str]]:
    csv.field_size_limit(MAX_CELL_CHARS + 1)
    with _text_stream(path) as stream:
        try:
            sample = stream.read(8192)
        except UnicodeDecodeError as exc:
            raise _encoding_error(exc, 1) from exc
        stream.seek(0)
        try:  # only the separator is guessed; quoting is always the spreadsheets' own ("" inside "...")
            delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t").delimiter
        except csv.Error:
            delimiter = ","
        reader = csv.reader(stream, csv.excel, delimiter=delimiter)
        line = 1
        while True:
            try:
                cells = next(reader)
            except StopIteration:
                return
            except UnicodeDecodeError as exc:
                raise _encoding_error(exc, reader.line_num + 1) from exc
            except csv.Error as exc:
                if "field larger" in str(exc):
                    raise TableError(
                        f"Row {reader.line_num}: a cell is longer than {MAX_CELL_CHARS:,} characters."
                    ) from exc
                raise TableError(f"Row {reader.line_num} is not valid CSV: {exc}.") from exc
            line = reader.line_num
            if any("\x00" in c for c in cells):
                raise TableError(f"Row {line} contains a NUL character: is this really a CSV file?")
            yield cells


def _encoding_error(exc: UnicodeDecodeError, line: int) -> TableError:
    return TableError(
        f"The file is not UTF-8 text (an invalid byte near line {line}). In Excel choose "
        "'CSV UTF-8 (Comma delimited)' when saving, or upload the .xlsx workbook itself."
    )


def _check_archive(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if "xl/workbook.xml" not in {i.filename for i in infos}:
                raise TableError("The archive is not an Excel workbook (.xlsx).")
            unpacked = sum(i.file_size for i in infos)
            packed = max(1, sum(i.compress_size for i in infos))
    except zipfile.BadZipFile as exc:
        raise TableError("The Excel file is damaged (not a readable .xlsx archive).") from exc
    if unpacked > MAX_XLSX_UNPACKED or unpacked / packed > MAX_XLSX_RATIO:
        raise TableError("The workbook unpacks to far more data than a spreadsheet of this size holds; refused.")


@contextmanager
def open_table(path: Path, file_format: str) -> Iterator[Table]:
    """The table in a CSV file or in the first sheet of a workbook; :class:`TableError` when unreadable."""
    if file_format == "csv":
        rows = _csv_rows(path)
        try:
            headers = _headers(next(rows))
        except StopIteration as exc:
            raise TableError("The file is empty.") from exc
        yield Table(headers, rows)
        return
    _check_archive(path)
    import openpyxl

    try:
        with path.open("rb") as handle:
            workbook = openpyxl.load_workbook(handle, read_only=True, data_only=True)
            try:
                sheet = workbook.worksheets[0]
                values = sheet.iter_rows(values_only=True)

                def texts() -> Iterator[list[str]]:
                    for row in values:
                        cells = [cell_text(v) for v in row]
                        while cells and not cells[-1]:
                            cells.pop()
                        if any(len(c) > MAX_CELL_CHARS for c in cells):
                            raise TableError(f"A cell is longer than {MAX_CELL_CHARS:,} characters.")
                        yield cells

                rows = texts()
                try:
                    headers = _headers(next(rows))
                except StopIteration as exc:
                    raise TableError("The first sheet of the workbook is empty.") from exc
                yield Table(headers, rows)
            finally:
                workbook.close()
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError) as exc:
        if isinstance(exc, TableError):
            raise
        raise TableError(f"The Excel file could not be read ({type(exc).__name__}).") from exc


# --- writing ------------------------------------------------------------------------------------------


def defuse(value: str) -> str:
    """A text cell that no spreadsheet will run as a formula."""
    return "'" + value if value.startswith(FORMULA_START) else value


def _export_value(value: Any) -> Any:
    if isinstance(value, str):
        return defuse(value)
    return value


def csv_chunk(rows: Iterable[list[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow(["" if v is None else _export_value(v) for v in row])
    return out.getvalue().encode("utf-8")


CSV_START = codecs.BOM_UTF8  # Excel opens UTF-8 CSV correctly only with the BOM

_XML_BAD = dict.fromkeys([*range(0, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])


def _column_name(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


_EPOCH = datetime(1899, 12, 30)


def _cell_xml(ref: str, value: Any) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float | Decimal):
        return f'<c r="{ref}"><v>{value}</v></c>'
    if isinstance(value, datetime):
        naive = value.replace(tzinfo=None)
        serial = (naive - _EPOCH).total_seconds() / 86400
        return f'<c r="{ref}" s="2"><v>{serial:.8f}</v></c>'
    if isinstance(value, date):
        return f'<c r="{ref}" s="1"><v>{(value - _EPOCH.date()).days}</v></c>'
    text = escape(defuse(str(value)).translate(_XML_BAD))
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


_STATIC_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'styles" Target="styles.xml"/></Relationships>'
    ),
    "xl/styles.xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
        '<borders count="1"><border/></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>"
    ),
}


class _Sink(io.RawIOBase):
    """Collects what zipfile writes until the caller takes it (zipfile needs only write)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.parts.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        data = b"".join(self.parts)
        self.parts.clear()
        return data


class XlsxStream:
    """A one-sheet workbook written as it goes: ``start()``, ``rows()`` any number of times, ``finish()``;
    each returns the bytes ready to send."""

    def __init__(self, sheet_name: str) -> None:
        self.sink = _Sink()
        self.archive = zipfile.ZipFile(self.sink, mode="w", compression=zipfile.ZIP_DEFLATED)
        self.sheet_name = escape(sheet_name[:31])
        self.row = 0
        self.entry: IO[bytes] | None = None

    def start(self, header: list[str]) -> bytes:
        for name, body in _STATIC_PARTS.items():
            self.archive.writestr(name, body)
        self.archive.writestr(
            "xl/workbook.xml",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            f'<sheets><sheet name="{self.sheet_name}" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        self.entry = self.archive.open("xl/worksheets/sheet1.xml", mode="w", force_zip64=True)
        self.entry.write(
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        )
        return self.rows([header])

    def rows(self, rows: Iterable[list[Any]]) -> bytes:
        assert self.entry is not None
        parts = []
        for row in rows:
            self.row += 1
            cells = "".join(_cell_xml(f"{_column_name(n)}{self.row}", v) for n, v in enumerate(row))
            parts.append(f'<row r="{self.row}">{cells}</row>')
        self.entry.write("".join(parts).encode("utf-8"))
        return self.sink.take()

    def finish(self) -> bytes:
        assert self.entry is not None
        self.entry.write(b"</sheetData></worksheet>")
        self.entry.close()
        self.archive.close()
        return self.sink.take()
