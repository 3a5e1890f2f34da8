"""Invoices sample area: GET /api/invoices/get-invoice, the sample invoice's figures, the empty answer."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
import pytest

from app.samples.loader import read_area
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "invoices"
URL = "/api/invoices/get-invoice"
LOAD_ONCE = True  # its tests only read
SAMPLE_ID = "5725a6802d10e277a0f35724"


async def fetch(client: httpx.AsyncClient, who: Account, invoice_id: str) -> dict[str, Any]:
    response = await client.get(URL, headers=who.headers, params={"id": invoice_id})
    assert response.status_code == 200, response.text
    invoice: dict[str, Any] = response.json()
    return invoice


def assert_arithmetic(invoice: dict[str, Any]) -> None:
    """Line total = quantity x unit price; subtotal = sum of lines; total = subtotal + tax - discount."""
    for line in invoice["services"]:
        assert Decimal(line["total"]) == Decimal(line["quantity"]) * Decimal(line["unitPrice"])
    subtotal = sum((Decimal(line["total"]) for line in invoice["services"]), Decimal(0))
    assert Decimal(invoice["subtotal"]) == subtotal
    assert Decimal(invoice["total"]) == subtotal + Decimal(invoice["tax"]) - Decimal(invoice["discount"])


async def test_the_sample_invoice_has_the_spec_figures(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    invoice = await fetch(client, staff["contractor"], SAMPLE_ID)
    assert invoice["id"] == SAMPLE_ID
    services = invoice["services"]
    assert len(services) == 4 and all(line["unit"] == "Hour" for line in services)
    assert Decimal(invoice["tax"]) == Decimal("675.60")
    assert Decimal(invoice["discount"]) == Decimal("120.60")
    assert Decimal(invoice["total"]) == Decimal("9000")
    assert_arithmetic(invoice)
    # Numbers are held as text, as the template's invoice page expects.
    amounts = [invoice[k] for k in ("subtotal", "tax", "discount", "total")]
    amounts += [line[k] for line in services for k in ("unitPrice", "quantity", "total")]
    assert all(isinstance(value, str) for value in amounts)
    assert {"number", "date", "dueDate", "from", "client"} <= set(invoice)
    assert {"title", "address", "phone", "email", "website"} <= set(invoice["from"])
    assert {"title", "address", "phone", "email"} <= set(invoice["client"])
    assert invoice["dueDate"] == "Aug 18, 2019"


async def test_every_invoice_adds_up(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    ids = [invoice["id"] for invoice in read_area(AREA)["invoices"]]
    assert len(ids) >= 2
    for invoice_id in ids:
        assert_arithmetic(await fetch(client, staff["manager"], invoice_id))


@pytest.mark.parametrize("params", [{"id": "no-such-invoice"}, {"id": ""}, {}])
async def test_unknown_invoice_answers_200_with_an_empty_body(
    params: dict[str, str], client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    response = await client.get(URL, headers=staff["manager"].headers, params=params)
    assert response.status_code == 200
    assert response.content == b""


async def test_invoices_need_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.get(URL, params={"id": SAMPLE_ID})).status_code == 401
    assert (await client.get(URL, headers=staff["norole"].headers, params={"id": SAMPLE_ID})).status_code == 403
