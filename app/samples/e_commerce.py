"""E-commerce sample area (``/api/e-commerce-app``): products and orders.

Rules from the spec: ``product/save`` replaces the product with the same id or adds it, and answers
the product. An unknown ``productId`` or ``orderId`` answers 200 with an empty body, as the mock did.

Images (not in the spec's mock, which had no upload): ``product/image`` takes the image as the body
(PNG, JPEG, WebP or GIF up to 5 MB, checked and re-encoded like a profile photo, app/services/photos.py)
and keeps it in the document storage; ``product/image/remove`` takes it off the product and out of
the storage. The featured image is chosen by ``product/save`` (``featuredImageId``).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from app.errors import ApiError, invalid, not_found
from app.http import read_photo
from app.portal import limit, portal_of
from app.routes.documents import storage_of
from app.samples.common import Area, no_body
from app.samples.store import SampleStore
from app.services import photos
from schemas.sample_areas.e_commerce import (
    MAX_IMAGES,
    ImageRemoval,
    Order,
    OrderQuery,
    Orders,
    Product,
    ProductQuery,
    Products,
)

AREA = "e-commerce"
PREFIX = "/api/e-commerce-app"


async def by_key(store: SampleStore, kind: str, key: str) -> dict[str, Any] | Response:
    item = await store.get(kind, key) if key else None
    return item if item is not None else no_body()


async def list_products(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("products")


async def get_product(_request: Request, store: SampleStore, query: ProductQuery) -> dict[str, Any] | Response:
    return await by_key(store, "products", query.product_id)


async def save_product(request: Request, store: SampleStore, product: Product) -> dict[str, Any]:
    return await store.put("products", product.id, product.model_dump(mode="json"))


async def _product(store: SampleStore, product_id: str, *, lock: bool = True) -> dict[str, Any]:
    product = await store.get("products", product_id, lock=lock) if product_id else None
    if product is None:
        raise not_found("Product not found.")
    return product


def _too_many(product: dict[str, Any]) -> None:
    if len(product.get("images", [])) >= MAX_IMAGES:
        raise invalid(f"A product holds at most {MAX_IMAGES} images: remove one first.", {"images": "Too many."})


async def add_image(request: Request, store: SampleStore, query: ProductQuery) -> dict[str, Any]:
    """Add an image to a product (query ``productId``): the image as the body with its Content-Type.

    PNG, JPEG, WebP or GIF, at most 5 MB and 40 megapixels; kept as a WebP within 1200 px. The first
    image of a product becomes its featured one. Answers the product.
    """
    await limit(request, "upload", request.state.principal)
    product_id = query.product_id
    _too_many(await _product(store, product_id, lock=False))  # refused before the upload is read
    portal = portal_of(request)
    storage = storage_of(request)
    url = await photos.store_picture(storage, portal.settings, await read_photo(request))
    name = url.rsplit("/", 1)[1]
    try:
        # The product is locked only now, for the read-modify-write (not while the image is read and drawn).
        product = await _product(store, product_id)
        _too_many(product)
    except ApiError:
        await photos.delete_picture(storage, name)
        raise
    image = {"id": name.split(".")[0][:16], "url": url, "type": "image"}
    saved = {**product, "images": [*product.get("images", []), image]}
    if saved.get("featuredImageId") is None or not product.get("images"):
        saved["featuredImageId"] = image["id"]
    return await store.put("products", product["id"], saved)


async def remove_image(request: Request, store: SampleStore, body: ImageRemoval) -> dict[str, Any]:
    """Take an image off a product ({productId, imageId}); an uploaded one leaves the storage too."""
    product = await _product(store, body.productId)
    images = product.get("images", [])
    gone = next((image for image in images if str(image.get("id")) == body.imageId), None)
    if gone is None:
        raise not_found("This product has no such image.")
    left = [image for image in images if image is not gone]
    saved = {**product, "images": left}
    if str(product.get("featuredImageId")) == body.imageId:
        saved["featuredImageId"] = left[0]["id"] if left else None
    answer = await store.put("products", product["id"], saved)
    if name := photos.stored_name(str(gone.get("url", "")), portal_of(request).settings):
        await photos.delete_picture(storage_of(request), name)
    return answer


async def list_orders(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return await store.all("orders")


async def get_order(_request: Request, store: SampleStore, query: OrderQuery) -> dict[str, Any] | Response:
    return await by_key(store, "orders", query.order_id)


area = Area(AREA, PREFIX)
routes = [
    area.get("/products", list_products, Products),
    area.get("/product", get_product, Product, query=ProductQuery),
    area.post("/product/save", save_product, Product, body=Product),
    area.post("/product/image", add_image, Product, query=ProductQuery),
    area.post("/product/image/remove", remove_image, Product, body=ImageRemoval),
    area.get("/orders", list_orders, Orders),
    area.get("/order", get_order, Order, query=OrderQuery),
]
