"""E-commerce sample area (``/api/e-commerce-app``): products and orders.

Rules from the spec: ``product/save`` replaces the product with the same id or adds it, and answers
the product. An unknown ``productId`` or ``orderId`` answers 200 with an empty body, as the mock did.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.samples.common import SampleModel, endpoint, no_body, read
from app.samples.store import SampleStore

AREA = "e-commerce"
PREFIX = "/api/e-commerce-app"

Id = Annotated[str, Field(min_length=1)]
Amount = Annotated[int | float, Field(ge=0)]  # int stays int: a tax rate of 10 is saved as 10


class Image(SampleModel):
    id: str | int
    url: str
    type: str = "image"


class Product(SampleModel):
    """A product as the product form sends it; what is left out takes the form's blank values."""

    id: Id
    name: Annotated[str, Field(min_length=1)]
    handle: str = ""
    description: str = ""
    categories: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    featuredImageId: str | int | None = None
    images: list[Image] = Field(default_factory=list)
    priceTaxExcl: Amount = 0
    priceTaxIncl: Amount = 0
    taxRate: Amount = 0
    comparedPrice: Amount = 0
    quantity: Annotated[int, Field(ge=0)] = 0
    sku: str = ""
    width: str = ""
    height: str = ""
    depth: str = ""
    weight: str = ""
    extraShippingFee: Amount = 0
    active: bool = False


async def by_query(request: Request, store: SampleStore, kind: str, param: str) -> dict[str, Any] | Response:
    key = request.query_params.get(param, "")
    item = await store.get(kind, key) if key else None
    return item if item is not None else no_body()


async def list_products(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("products")


async def get_product(request: Request, store: SampleStore) -> dict[str, Any] | Response:
    return await by_query(request, store, "products", "productId")


async def save_product(request: Request, store: SampleStore) -> dict[str, Any]:
    product = await read(request, Product)
    return await store.put("products", product.id, product.model_dump(mode="json"))


async def list_orders(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("orders")


async def get_order(request: Request, store: SampleStore) -> dict[str, Any] | Response:
    return await by_query(request, store, "orders", "orderId")


routes = [
    Route(f"{PREFIX}/products", endpoint(AREA, list_products), methods=["GET"]),
    Route(f"{PREFIX}/product", endpoint(AREA, get_product), methods=["GET"]),
    Route(f"{PREFIX}/product/save", endpoint(AREA, save_product), methods=["POST"]),
    Route(f"{PREFIX}/orders", endpoint(AREA, list_orders), methods=["GET"]),
    Route(f"{PREFIX}/order", endpoint(AREA, get_order), methods=["GET"]),
]
