"""Generated data for the growth benchmark: asset and lead rows (as import files) and documents.

Deterministic (seeded) so two runs measure the same data. Words follow a Zipf-like spread over a
vocabulary of engineering terms and generated words, so a document of 20 KB has about a thousand
distinct words, common words ('inspection') appear in most documents and rare ones in few.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

_TERMS = (
    "inspection report maintenance calibration safety crane hoist pump valve pressure load test electrical "
    "motor bearing replaced checked found wear corrosion seal gasket torque voltage current sensor firmware "
    "update schedule certificate annual weekly operator signed approved rejected defect repair lifting sling "
    "chain hook brake gearbox lubrication oil filter temperature vibration alignment cable insulation fuse "
    "breaker panel relay switch circuit ground earth leakage isolation permit hazard risk assessment method "
    "statement contractor site visit drawing revision specification tolerance measurement gauge meter reading"
)
TERMS = _TERMS.split()
NAMES = ["Crane", "Pump", "Hoist", "Oscilloscope", "Multimeter", "Generator", "Forklift", "Laptop",
         "Compressor", "Welder", "Scaffold", "Winch", "Analyser", "Drill", "Router", "Transformer"]  # fmt: skip
CATEGORIES = ["Test equipment", "Instrumentation", "Power", "Lifting equipment", "Vehicle", "Tooling",
              "IT hardware", "Development board"]  # fmt: skip
STATUSES = ["GREAT", "GOOD", "BAD", "POOR"]
RISKS = ["LL", "L", "H", "HH"]
DEPARTMENTS = ["Hardware", "Software and Firmware"]
STAGES = ["new", "qualified", "proposal", "negotiation", "won", "lost"]
COMPANIES = ["Coho Winery", "Northwind", "Contoso", "Fabrikam", "Tailspin", "Litware", "Adatum", "Wingtip"]
TITLES = ["Annual inspection report", "Maintenance manual", "Calibration certificate", "Wiring diagram",
          "Safety plan", "Risk assessment", "Load test record", "Commissioning report"]  # fmt: skip

ASSET_HEADER = ["tag", "name", "category", "serialNumber", "department", "status", "risk", "location",
                "nextInspection", "purchaseDate", "purchaseCost", "notes"]  # fmt: skip
LEAD_HEADER = ["title", "clientCompany", "contactName", "contactEmail", "estimatedValue", "stage", "lostReason",
               "probability", "risk", "department", "expectedClose"]  # fmt: skip


def asset_rows(count: int, *, seed: int = 17, prefix: str = "AST") -> Iterator[list[str]]:
    rng = random.Random(seed)
    start = date(2026, 1, 1)
    for n in range(count):
        inspection = "" if rng.random() < 0.1 else (start + timedelta(days=rng.randrange(730))).isoformat()
        yield [
            f"{prefix}-{n:06d}",
            f"{rng.choice(NAMES)} {rng.choice(TERMS)} {n % 997}",
            rng.choice(CATEGORIES),
            f"SN{rng.randrange(10**9):09d}",
            rng.choice(DEPARTMENTS),
            rng.choice(STATUSES),
            rng.choice(RISKS),
            f"Site {n % 50}, bay {n % 7}",
            inspection,
            (start - timedelta(days=rng.randrange(3000))).isoformat(),
            f"{rng.randrange(100, 500000)}.{rng.randrange(100):02d}",
            "" if rng.random() < 0.7 else " ".join(rng.choice(TERMS) for _ in range(12)),
        ]


def lead_rows(count: int, *, seed: int = 23) -> Iterator[list[str]]:
    rng = random.Random(seed)
    start = date(2026, 1, 1)
    for n in range(count):
        stage = rng.choice(STAGES)
        company = rng.choice(COMPANIES)
        yield [
            f"{rng.choice(TERMS).title()} {rng.choice(NAMES).lower()} upgrade {n}",
            f"{company} {n % 300}",
            f"Contact {n}",
            f"contact{n}@{company.split()[0].lower()}.example",
            str(rng.randrange(1000, 900000)),
            stage,
            "Budget moved to next year" if stage == "lost" else "",
            str(rng.randrange(0, 101)),
            rng.choice(RISKS),
            rng.choice(DEPARTMENTS),
            (start + timedelta(days=rng.randrange(365))).isoformat(),
        ]


def write_csv(path: Path, header: list[str], rows: Iterator[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return path


class TextMaker:
    """Documents' extracted text: paragraphs drawn from a fixed pool, plus a word of each document's own."""

    def __init__(self, seed: int = 31, vocabulary: int = 4000, pool: int = 600) -> None:
        rng = random.Random(seed)
        words = TERMS + [f"{rng.choice('bcdfgklmnprst')}{rng.choice('aeiou')}{n}x" for n in range(vocabulary)]
        weights = [1 / (rank + 1) for rank in range(len(words))]  # Zipf-like
        self.paragraphs = [" ".join(rng.choices(words, weights=weights, k=90)).capitalize() + "." for _ in range(pool)]
        self.rng = rng

    def text(self, n: int, chars: int = 20_000) -> str:
        out = io.StringIO()
        size = 0
        while size < chars:
            paragraph = self.rng.choice(self.paragraphs)
            out.write(paragraph)
            out.write("\n\n")
            size += len(paragraph) + 2
        out.write(f"Reference doc{n}ref.")
        return out.getvalue()

    def title(self, n: int) -> str:
        return f"{self.rng.choice(TITLES)} {n}"


DOCUMENT_COLUMNS = ["title", "department", "original_name", "media_type", "size", "page_count", "text", "state",
                    "progress", "version", "created_at", "updated_at"]  # fmt: skip


def document_rows(count: int, chars: int, *, start: int = 0) -> Iterator[tuple[object, ...]]:
    maker = TextMaker()
    now = "2026-01-01 00:00:00+00:00"
    for n in range(start, start + count):
        body = maker.text(n, chars)
        yield (maker.title(n), DEPARTMENTS[n % 2], f"doc-{n}.pdf", "application/pdf", len(body), 3, body, "ready",
               "{}", 1, now, now)  # fmt: skip


def load_documents(url: str, count: int, chars: int) -> None:
    """``count`` ready documents with ``chars`` of text each, written with bulk SQL (the database's
    triggers index them as they would a worker's writes)."""
    from sqlalchemy import text as sql

    from app.db import is_sqlite, make_sync_engine

    engine = make_sync_engine(url)
    try:
        if is_sqlite(url):
            placeholders = ", ".join(f":{c}" for c in DOCUMENT_COLUMNS)
            insert = sql(f"INSERT INTO documents ({', '.join(DOCUMENT_COLUMNS)}) VALUES ({placeholders})")
            batch: list[dict[str, object]] = []
            with engine.begin() as conn:
                for row in document_rows(count, chars):
                    batch.append(dict(zip(DOCUMENT_COLUMNS, row, strict=True)))
                    if len(batch) == 500:
                        conn.execute(insert, batch)
                        batch = []
                if batch:
                    conn.execute(insert, batch)
            return
        with engine.begin() as conn:
            raw = conn.connection.driver_connection
            with (
                raw.cursor() as cursor,
                cursor.copy(f"COPY documents ({', '.join(DOCUMENT_COLUMNS)}) FROM STDIN") as copy,
            ):
                for row in document_rows(count, chars):
                    copy.write_row(row)
    finally:
        engine.dispose()
