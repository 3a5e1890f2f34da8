"""Invoices: the spec's sample invoice plus two more, amounts held as text with consistent arithmetic.

Sample invoice (spec section 9): 4 service lines billed by the Hour, tax 675.60, discount 120.60,
total 9000. Lines are quantity x unitPrice, the subtotal is their sum (8445.00) and the total is
subtotal + tax - discount; the tax is 8 % of the subtotal.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal

CENT = Decimal("0.01")
TAX_RATE = Decimal("0.08")

SENDER = {
    "title": "Meridian Engineering Ltd.",
    "address": "2810 Country Club Road Cranford, NJ 07016",
    "phone": "+1 908 555 0142",
    "email": "accounts@meridian-engineering.example",
    "website": "www.meridian-engineering.example",
}

SAMPLE_LINES = [
    ("Prototype & Design", "Wireframes, visual design and a clickable prototype", "25", "75.00"),
    ("Coding", "Front-end and back-end development of the agreed screens", "40", "87.50"),
    ("Testing", "Automated and manual testing on desktop and phone", "20", "71.00"),
    ("Documentation & Training", "User guide and two training sessions for the staff", "22", "75.00"),
]

CLIENTS = [
    {
        "title": "John Doe",
        "address": "9301 Wood Street Philadelphia, PA 19111",
        "phone": "+55 552 455 87",
        "email": "johndoe@mail.example",
    },
    {
        "title": "Contoso Rail",
        "address": "14 Harbour Lane, Bristol BS1 5TT",
        "phone": "+44 117 496 0123",
        "email": "accounts@contoso-rail.example",
    },
    {
        "title": "Northwind Power",
        "address": "77 Mill Road, Leeds LS2 7HY",
        "phone": "+44 113 496 0456",
        "email": "billing@northwind-power.example",
    },
]

EXTRA_SERVICES = [
    ("Site survey", "Survey of the plant and its instrumentation"),
    ("Firmware update", "Update and verification of the controllers' firmware"),
    ("Calibration", "Calibration of the field instruments with certificates"),
    ("Commissioning", "Start-up support and acceptance tests"),
    ("Training", "On-site training for the operators"),
]


def money(value: Decimal) -> str:
    return str(value.quantize(CENT))


def day(value: date) -> str:
    return value.strftime("%b %d, %Y")


def service(index: int, title: str, detail: str, quantity: str, unit_price: str) -> dict[str, object]:
    total = Decimal(quantity) * Decimal(unit_price)
    return {
        "id": str(index),
        "title": title,
        "detail": detail,
        "unit": "Hour",
        "unitPrice": money(Decimal(unit_price)),
        "quantity": quantity,
        "total": money(total),
    }


def invoice(
    invoice_id: str, number: str, issued: date, client: dict[str, str], lines: list[dict[str, object]], discount: str
) -> dict[str, object]:
    subtotal = sum((Decimal(str(line["total"])) for line in lines), Decimal(0))
    tax = (subtotal * TAX_RATE).quantize(CENT)
    return {
        "id": invoice_id,
        "number": number,
        "date": day(issued),
        "dueDate": day(issued + timedelta(days=30)),
        "from": SENDER,
        "client": client,
        "services": lines,
        "subtotal": money(subtotal),
        "tax": money(tax),
        "discount": money(Decimal(discount)),
        "total": money(subtotal + tax - Decimal(discount)),
    }


def generated_lines(rng: random.Random) -> list[dict[str, object]]:
    picked = rng.sample(EXTRA_SERVICES, 3)
    return [
        service(index, title, detail, str(rng.randint(4, 40)), rng.choice(["45.00", "62.50", "80.00", "95.00"]))
        for index, (title, detail) in enumerate(picked, start=1)
    ]


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    sample_lines = [service(i, *line) for i, line in enumerate(SAMPLE_LINES, start=1)]
    invoices = [invoice("5725a6802d10e277a0f35724", "P9-0004", date(2019, 7, 19), CLIENTS[0], sample_lines, "120.60")]
    for offset, client in enumerate(CLIENTS[1:], start=5):
        invoice_id = "".join(rng.choice("0123456789abcdef") for _ in range(24))
        issued = date(2019, 8, 1) + timedelta(days=rng.randint(0, 120))
        discount = money(Decimal(rng.randint(0, 20000)) / 100)
        invoices.append(invoice(invoice_id, f"P9-{offset:04d}", issued, client, generated_lines(rng), discount))
    return {"invoices": invoices}
