"""Invoices: GET /api/invoices/get-invoice?id= answers the matching invoice.

Spec section 8: an unknown id (or none) is not an error: 200 with an empty body.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from app.samples.common import Area, no_body
from app.samples.store import SampleStore
from schemas.sample_areas.simple import Invoice, InvoiceQuery

AREA = "invoices"


async def get_invoice(_request: Request, store: SampleStore, query: InvoiceQuery) -> dict[str, Any] | Response:
    invoice_id = query.id
    invoice = await store.get("invoices", invoice_id) if invoice_id else None
    return invoice if invoice is not None else no_body()


area = Area(AREA)
routes = [area.get("/api/invoices/get-invoice", get_invoice, Invoice, query=InvoiceQuery)]
