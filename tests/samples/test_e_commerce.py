"""E-commerce sample area: every call of /api/e-commerce-app, the tax and shipping figures, the order statuses."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from tests.samples.calls import AreaCalls
from tests.support import Account

pytestmark = pytest.mark.db

calls = AreaCalls("e-commerce", "/api/e-commerce-app", who="contractor", kind="products")
AREA, API = calls.area, calls.api
get, stored = calls.get, calls.stored

STATUS_NAMES = {
    1: "Awaiting check payment",
    2: "Payment accepted",
    3: "Preparing the order",
    4: "Shipped",
    5: "Delivered",
    6: "Canceled",
    7: "Refunded",
    8: "Payment error",
    9: "On pre-order (paid)",
    10: "Awaiting bank wire payment",
    11: "Awaiting payment through an online payment provider",
    12: "Remote payment accepted",
    13: "On pre-order (not paid)",
    14: "Awaiting Cash-on-delivery payment",
}


def cents(value: float | str | Decimal) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


async def test_products_carry_the_tax_rate_and_shipping_fee(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    products = await get(client, who, "products")
    assert len(products) >= 20
    for product in products:
        assert product["taxRate"] == 10
        assert product["extraShippingFee"] == 3
        assert cents(product["priceTaxIncl"]) == cents(Decimal(str(product["priceTaxExcl"])) * Decimal("1.1"))
        assert product["images"] and product["featuredImageId"] in {image["id"] for image in product["images"]}
        assert isinstance(product["active"], bool) and isinstance(product["quantity"], int)
    assert any(p["active"] for p in products) and not all(p["active"] for p in products)


async def test_one_product(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    products = await get(client, who, "products")
    for product in products[:5]:
        assert await get(client, who, "product", productId=product["id"]) == product


@pytest.mark.parametrize(("path", "param"), [("product", "productId"), ("order", "orderId")])
async def test_unknown_product_or_order_answers_an_empty_body(
    path: str, param: str, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    for params in ({param: "no-such-id"}, {}):
        response = await client.get(f"{API}/{path}", headers=who, params=params)
        assert response.status_code == 200 and response.content == b""


async def test_save_replaces_the_product_with_the_same_id(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    changes = {"name": "Renamed print", "priceTaxExcl": 20, "priceTaxIncl": 22, "active": True}
    await calls.saves_in_place(app, client, who, "product/save", 3, **changes)


async def test_save_adds_a_new_product_at_the_end(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    body = {"id": "new-1", "name": "Sunrise - Poster", "priceTaxExcl": 10, "priceTaxIncl": 11, "taxRate": 10}
    response = await client.post(f"{API}/product/save", headers=who, json=body)
    assert response.status_code == 200, response.text
    saved = response.json()
    # What the form leaves out takes its blank values, so the list page can show every product.
    assert saved == {
        **body,
        "handle": "",
        "description": "",
        "categories": [],
        "tags": [],
        "featuredImageId": None,
        "images": [],
        "comparedPrice": 0,
        "quantity": 0,
        "sku": "",
        "width": "",
        "height": "",
        "depth": "",
        "weight": "",
        "extraShippingFee": 0,
        "active": False,
    }
    after = await stored(app)
    assert after[:-1] == before and after[-1] == saved
    assert await get(client, who, "product", productId="new-1") == saved


@pytest.mark.parametrize(
    "body",
    [
        {"name": "No id"},
        {"id": "p1"},
        {"id": "p1", "name": ""},
        {"id": "p1", "name": "P", "priceTaxExcl": "10"},
        {"id": "p1", "name": "P", "priceTaxIncl": -1},
        {"id": "p1", "name": "P", "quantity": 1.5},
        {"id": "p1", "name": "P", "active": "yes"},
        {"id": "p1", "name": "P", "images": [{"id": "0"}]},
        {"id": "p1", "name": "P", "categories": "Poster"},
        "a string",
    ],
)
async def test_a_malformed_save_changes_nothing(
    body: Any, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await stored(app)
    response = await client.post(f"{API}/product/save", headers=who, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == before


async def test_orders_add_up(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    orders = await get(client, who, "orders")
    assert len(orders) >= 20
    products = {p["id"]: p for p in await get(client, who, "products")}
    for order in orders:
        for line in order["products"]:
            assert line["id"] in products and line["name"] == products[line["id"]]["name"]
            assert Decimal(line["total"]) == Decimal(line["price"]) * line["quantity"]
        subtotal = sum((Decimal(line["total"]) for line in order["products"]), Decimal(0))
        assert Decimal(order["subtotal"]) == subtotal
        assert Decimal(order["total"]) == subtotal + Decimal(order["tax"]) - Decimal(order["discount"])
        assert order["payment"]["amount"] == order["total"]
        customer = order["customer"]
        assert {"id", "firstName", "lastName", "avatar", "company", "jobTitle", "email", "phone"} <= set(customer)
        for place in ("invoiceAddress", "shippingAddress"):
            assert {"address", "lat", "lng"} <= set(customer[place])
        assert {"tracking", "carrier", "weight", "fee", "date"} <= set(order["shippingDetails"][0])


async def test_order_statuses_have_the_spec_names(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    orders = await get(client, who, "orders")
    seen = {}
    for order in orders:
        assert order["status"], order["id"]
        for status in order["status"]:
            assert status["name"] == STATUS_NAMES[status["id"]]
            assert status["color"] and status["date"]
            seen[status["id"]] = status["color"]
        # The latest status comes first.
        dates = [status["date"] for status in order["status"]]
        assert dates == sorted(dates, reverse=True)
    assert sorted(seen) == list(range(1, 15))


async def test_one_order(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    orders = await get(client, who, "orders")
    for order in orders[:5]:
        assert await get(client, who, "order", orderId=order["id"]) == order


test_every_call_needs_a_staff_token = calls.staff_only()


# --- Product images: upload (checked, re-encoded, stored), featured, removal --------------------


def _jpeg(size: tuple[int, int] = (2400, 1200)) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, (20, 120, 200)).save(out, format="JPEG")
    return out.getvalue()


async def upload(client: httpx.AsyncClient, who: Account, product_id: str, data: bytes, media: str) -> httpx.Response:
    return await client.post(
        f"{API}/product/image",
        headers={**who.headers, "content-type": media},
        params={"productId": product_id},
        content=data,
    )


async def test_an_uploaded_image_is_reencoded_stored_and_can_be_removed(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    import io

    from PIL import Image

    who = staff["technician"]
    blank = {"id": "img-test", "name": "Blank canvas"}
    assert (await client.post(f"{API}/product/save", headers=who.headers, json=blank)).status_code == 200
    response = await upload(client, who, "img-test", _jpeg(), "image/jpeg")
    assert response.status_code == 200, response.text
    product = response.json()
    [image] = product["images"]
    assert product["featuredImageId"] == image["id"] and image["type"] == "image"
    served = await client.get("/photos/" + image["url"].rsplit("/", 1)[-1])
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    assert Image.open(io.BytesIO(served.content)).size == (1200, 600)
    # A second image keeps the featured one; it is chosen with product/save; the product shows both.
    second = (await upload(client, who, "img-test", _jpeg((300, 300)), "image/jpeg")).json()["images"][1]
    stored = await client.get(f"{API}/product", headers=staff["contractor"].headers, params={"productId": "img-test"})
    assert [i["id"] for i in stored.json()["images"]] == [image["id"], second["id"]]
    assert stored.json()["featuredImageId"] == image["id"]
    # Removing the featured image makes the next one featured and takes the file away.
    body = {"productId": "img-test", "imageId": image["id"]}
    left = (await client.post(f"{API}/product/image/remove", headers=who.headers, json=body)).json()
    assert [i["id"] for i in left["images"]] == [second["id"]] and left["featuredImageId"] == second["id"]
    assert (await client.get("/photos/" + image["url"].rsplit("/", 1)[-1])).status_code == 404
    again = await client.post(f"{API}/product/image/remove", headers=who.headers, json=body)
    assert again.status_code == 404


async def test_image_upload_refuses_what_is_not_a_usable_image(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["manager"]
    assert (await upload(client, who, "1", b"<svg onload=alert(1)>", "image/png")).status_code == 422
    assert (await upload(client, who, "1", b"GIF89a", "text/html")).status_code == 415
    assert (await upload(client, who, "1", b"", "image/png")).status_code == 422
    assert (await upload(client, who, "1", b"x" * (5 * 1024 * 1024 + 1), "image/png")).status_code == 413
    assert (await upload(client, who, "no-such-product", _jpeg((10, 10)), "image/jpeg")).status_code == 404
    assert (await upload(client, who, "", _jpeg((10, 10)), "image/jpeg")).status_code == 404
    bad = await client.post(f"{API}/product/image/remove", headers=who.headers, json={"productId": "1"})
    assert bad.status_code == 422


async def test_a_product_holds_at_most_twelve_images(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["admin"]
    images = [{"id": str(n), "url": f"/assets/images/ecommerce/{n}.jpg"} for n in range(12)]
    full = {"id": "full", "name": "Full", "images": images}
    assert (await client.post(f"{API}/product/save", headers=who.headers, json=full)).status_code == 200
    response = await upload(client, who, "full", _jpeg((10, 10)), "image/jpeg")
    assert response.status_code == 422 and "at most 12" in response.json()["message"]


async def test_image_calls_need_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    assert (await client.post(f"{API}/product/image", params={"productId": "1"}, content=b"x")).status_code == 401
    refused = await upload(client, staff["norole"], "1", _jpeg((10, 10)), "image/jpeg")
    assert refused.status_code == 403
    removal = await client.post(f"{API}/product/image/remove", json={"productId": "1", "imageId": "0"})
    assert removal.status_code == 401
