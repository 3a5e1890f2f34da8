"""E-commerce in Chromium: the products table (search, sort, paging, bulk activation), the product
form (tax-included price following the tax rate, featured image, save), the orders table with its
coloured status chips, and an order with its details, products and invoice."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at, watch_requests

PREFIX = "/api/e-commerce-app"


def make_product(api: Api, name: str, **fields: Any) -> dict[str, Any]:
    """A product of this test's own (so no other test's data is touched)."""
    product = {
        "id": f"e2e-{uuid.uuid4().hex[:10]}",
        "name": name,
        "handle": name.lower().replace(" ", "-"),
        "description": "Made by a browser test.",
        "categories": ["Poster", "Test"],
        "tags": ["poster"],
        "featuredImageId": "0",
        "images": [
            {"id": "0", "url": "/assets/images/ecommerce/e2e.jpg", "type": "image"},
            {"id": "1", "url": "/assets/images/ecommerce/e2e-1.jpg", "type": "image"},
        ],
        "priceTaxExcl": 20,
        "priceTaxIncl": 22,
        "taxRate": 10,
        "comparedPrice": 30,
        "quantity": 5,
        "sku": "E2E001",
        "width": "30cm",
        "height": "40cm",
        "depth": "2cm",
        "weight": "1kg",
        "extraShippingFee": 3,
        "active": True,
        **fields,
    }
    response = api.client.post(f"{PREFIX}/product/save", json=product)
    assert response.status_code == 200, response.text
    saved: dict[str, Any] = response.json()
    return saved


async def test_changing_the_tax_rate_moves_the_tax_included_price_and_saves(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "manager")
    product = make_product(api, f"Tax Rate Print {uuid.uuid4().hex[:6]}")
    await signed_in_at(page, "manager", "/apps/e-commerce/products")

    # Find it through the search and open it.
    await page.get_by_test_id("products-search").fill(product["name"])
    row = page.get_by_test_id(f"product-row-{product['id']}")
    await expect(row).to_be_visible()
    await expect(page.get_by_test_id("products-table").locator("tbody tr")).to_have_count(1)
    await expect(page.get_by_test_id(f"product-price-{product['id']}")).to_have_text("$22.00")
    await page.get_by_test_id(f"product-name-{product['id']}").click()
    await expect(page).to_have_url(re.compile(f"/apps/e-commerce/products/{product['id']}$"))
    await expect(page.get_by_test_id("product-title")).to_have_text(product["name"])
    await expect(page.get_by_test_id("product-save")).to_be_disabled()

    # Pricing: the tax-included price follows the tax rate.
    await page.get_by_test_id("product-tab-pricing").click()
    await expect(page.get_by_test_id("field-priceTaxIncl")).to_have_value("22")
    await page.get_by_test_id("field-taxRate").fill("25")
    await expect(page.get_by_test_id("field-priceTaxIncl")).to_have_value("25")
    await page.get_by_test_id("field-priceTaxExcl").fill("48")
    await expect(page.get_by_test_id("field-priceTaxIncl")).to_have_value("60")
    await expect(page.get_by_test_id("price-summary")).to_have_text("$48.00 + 25% tax = $60.00")

    # Images: the second becomes the featured one.
    await page.get_by_test_id("product-tab-images").click()
    await page.get_by_test_id("product-image-1").click()
    await expect(page.get_by_test_id("product-image-1")).to_have_attribute("aria-pressed", "true")
    # Inventory and shipping.
    await page.get_by_test_id("product-tab-inventory").click()
    await page.get_by_test_id("field-quantity").fill("12")
    await page.get_by_test_id("product-tab-shipping").click()
    await expect(page.get_by_test_id("field-width")).to_have_value("30cm")

    await page.get_by_test_id("product-save").click()
    await expect(page.get_by_text(f"{product['name']} saved.")).to_be_visible()
    await expect(page.get_by_test_id("product-save")).to_be_disabled()
    saved = api.get(f"{PREFIX}/product", productId=product["id"])
    assert saved["taxRate"] == 25
    assert saved["priceTaxExcl"] == 48
    assert saved["priceTaxIncl"] == 60
    assert saved["featuredImageId"] == "1"
    assert saved["quantity"] == 12

    # A name is required.
    await page.get_by_test_id("product-tab-basic").click()
    await page.get_by_test_id("field-name").fill("")
    await page.get_by_test_id("product-save").click()
    await expect(page.get_by_test_id("error-name")).to_be_visible()
    assert not failures, failures


async def test_the_products_table_sorts_pages_and_deactivates_in_bulk(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "admin")
    tag = uuid.uuid4().hex[:6]
    first = make_product(api, f"Bulk Print {tag} A", priceTaxExcl=10, priceTaxIncl=11)
    second = make_product(api, f"Bulk Print {tag} B", priceTaxExcl=30, priceTaxIncl=33)
    total = len(api.get(f"{PREFIX}/products"))
    await signed_in_at(page, "admin", "/apps/e-commerce/products")
    await expect(page.get_by_test_id("products-table").locator("tbody tr")).to_have_count(10)
    await expect(page.get_by_test_id("pagination-info")).to_have_text(f"1–10 of {total}")
    await page.get_by_test_id("page-next").click()
    await expect(page).to_have_url(re.compile(r"page=2"))
    await expect(page.get_by_test_id("pagination-info")).to_have_text(f"11–20 of {total}")

    await page.get_by_test_id("products-search").fill(f"Bulk Print {tag}")
    await expect(page.get_by_test_id("products-table").locator("tbody tr")).to_have_count(2)
    # Each click is seen before the next (two quick clicks on a busy machine could land on one render).
    price_header = page.locator("th", has=page.get_by_test_id("sort-price"))
    await page.get_by_test_id("sort-price").click()
    await expect(price_header).to_have_attribute("aria-sort", "ascending")
    await page.get_by_test_id("sort-price").click()
    await expect(price_header).to_have_attribute("aria-sort", "descending")
    await expect(page.get_by_test_id("products-table").locator("tbody tr").first).to_contain_text(second["name"])

    await page.get_by_test_id("select-page").check()
    await expect(page.get_by_test_id("products-selected")).to_have_text("2 selected")
    await page.get_by_test_id("bulk-deactivate").click()
    await expect(page.get_by_text("2 products deactivated.")).to_be_visible()
    await expect(page.get_by_test_id(f"product-active-{first['id']}")).to_have_text("Inactive")
    await expect(page.get_by_test_id(f"product-active-{second['id']}")).to_have_text("Inactive")
    assert not api.get(f"{PREFIX}/product", productId=first["id"])["active"]
    assert not api.get(f"{PREFIX}/product", productId=second["id"])["active"]
    assert not failures, failures


async def test_orders_show_their_status_chips_and_an_order_its_invoice(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "technician")
    orders = api.get(f"{PREFIX}/orders")
    order = next(o for o in orders if o["id"] == "1")
    await signed_in_at(page, "technician", "/apps/e-commerce/orders")
    await expect(page.get_by_test_id("orders-title")).to_have_text("Orders")
    await expect(page.get_by_test_id("pagination-info")).to_have_text(f"1–10 of {len(orders)}")

    await page.get_by_test_id("orders-search").fill(order["reference"])
    await expect(page.get_by_test_id("orders-table").locator("tbody tr")).to_have_count(1)
    chip = page.get_by_test_id(f"order-status-{order['id']}")
    await expect(chip).to_have_text(order["status"][0]["name"])
    colour = await chip.evaluate("el => getComputedStyle(el).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), colour
    await expect(page.get_by_test_id(f"order-total-{order['id']}")).to_have_text(f"${float(order['total']):,.2f}")

    await page.get_by_test_id(f"order-row-{order['id']}").click()
    await expect(page.get_by_test_id("order-title")).to_have_text(f"Order #{order['id']}")
    customer = order["customer"]
    await expect(page.get_by_test_id("order-customer-name")).to_have_text(
        f"{customer['firstName']} {customer['lastName']}"
    )
    await expect(page.get_by_test_id("order-address")).to_have_text(customer["shippingAddress"]["address"])
    await expect(page.get_by_test_id("order-status-history").locator("li")).to_have_count(len(order["status"]))
    await expect(page.get_by_test_id("order-payment-method")).to_have_text(order["payment"]["method"])
    await expect(page.get_by_test_id("order-shipping")).to_contain_text(order["shippingDetails"][0]["carrier"])

    await page.get_by_test_id("order-tab-products").click()
    await expect(page.get_by_test_id("order-products").locator("tbody tr")).to_have_count(len(order["products"]))
    await page.get_by_test_id("order-tab-invoice").click()
    await expect(page.get_by_test_id("order-invoice")).to_contain_text(order["reference"])
    await expect(page.get_by_test_id("order-invoice").get_by_test_id("invoice-total")).to_have_text(
        f"${float(order['total']):,.2f}"
    )
    # Printing shows the invoice alone.
    await page.emulate_media(media="print")
    await expect(page.locator("[data-print-portal]")).to_be_visible()
    await expect(page.locator("#root")).to_be_hidden()
    await page.emulate_media(media="screen")
    assert not failures, failures


def _picture(colour: tuple[int, int, int], size: tuple[int, int] = (640, 480)) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


async def test_images_are_uploaded_featured_and_removed_and_stay_after_a_reload(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    api = Api(stack.api_url, "manager")
    product = make_product(api, "Image Test Poster", images=[], featuredImageId=None)
    await signed_in_at(page, "manager", f"/apps/e-commerce/products/{product['id']}")
    await page.get_by_test_id("product-tab-images").click()
    await expect(page.get_by_test_id("product-no-images")).to_be_visible()
    # A file that is not an image is refused before it leaves the browser.
    await page.get_by_test_id("product-image-input").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}]
    )
    await expect(page.get_by_text("notes.txt is not a PNG, JPEG, WebP or GIF image.")).to_be_visible()
    await page.get_by_test_id("product-image-input").set_input_files(
        files=[
            {"name": "red.png", "mimeType": "image/png", "buffer": _picture((200, 30, 30))},
            {"name": "blue.png", "mimeType": "image/png", "buffer": _picture((30, 30, 200))},
        ]
    )
    await expect(page.get_by_text("2 images added.")).to_be_visible()
    stored = api.get(f"{PREFIX}/product", productId=product["id"])
    first, second = stored["images"]
    assert stored["featuredImageId"] == first["id"] and first["url"].endswith(".webp")
    tiles = page.get_by_test_id("product-images").locator("img")
    await expect(tiles).to_have_count(2)
    await expect(tiles.first).to_have_attribute("src", first["url"])
    assert await tiles.first.evaluate("img => img.complete && img.naturalWidth") == 640
    await expect(page.get_by_test_id(f"product-image-{first['id']}")).to_have_attribute("aria-pressed", "true")

    # The second becomes the featured one, saved with the form.
    await page.get_by_test_id(f"product-image-{second['id']}").click()
    await page.get_by_test_id("product-save").click()
    await expect(page.get_by_text("Image Test Poster saved.")).to_be_visible()
    await page.reload()
    await page.get_by_test_id("product-tab-images").click()
    await expect(page.get_by_test_id(f"product-image-{second['id']}")).to_have_attribute("aria-pressed", "true")

    # Removing the featured image asks first, then the other one is featured; a reload keeps it so.
    await page.get_by_test_id(f"product-image-remove-{second['id']}").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page.get_by_text("Image removed.")).to_be_visible()
    await expect(page.get_by_test_id(f"product-image-{second['id']}")).to_have_count(0)
    await page.reload()
    await page.get_by_test_id("product-tab-images").click()
    await expect(page.get_by_test_id("product-images").locator("img")).to_have_count(1)
    await expect(page.get_by_test_id(f"product-image-{first['id']}")).to_have_attribute("aria-pressed", "true")
    assert api.get(f"{PREFIX}/product", productId=product["id"])["featuredImageId"] == first["id"]
    assert not failures, failures


async def test_the_order_shows_its_address_on_a_map_drawn_here(page: Page, stack: Stack) -> None:
    """Issue 23: a map in the page (drawn from the bundled outlines, no tile server), with the pin."""
    failures = watch_requests(page)
    outside: list[str] = []
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None,
    )
    order = next(o for o in Api(stack.api_url, "technician").get(f"{PREFIX}/orders") if o["id"] == "1")
    shipping, invoice = order["customer"]["shippingAddress"], order["customer"]["invoiceAddress"]
    await signed_in_at(page, "technician", f"/apps/e-commerce/orders/{order['id']}")
    addresses = page.get_by_test_id("order-addresses")
    the_map = addresses.get_by_test_id("order-map")
    await expect(the_map).to_have_attribute("data-lat", str(shipping["lat"]))
    await expect(the_map.locator("svg path").first).to_be_visible()
    assert await the_map.locator("svg path").count() > 20  # country outlines, not a blank box
    await expect(the_map.get_by_test_id("order-map-pin")).to_be_visible()
    await expect(the_map).to_contain_text("not its streets")
    await expect(the_map).to_contain_text("United States")
    # The pin sits in the middle of the drawn region.
    box = await the_map.locator("svg").bounding_box()
    pin = await the_map.get_by_test_id("order-map-pin").locator("circle").first.bounding_box()
    assert box and pin
    assert abs((pin["x"] + pin["width"] / 2) - (box["x"] + box["width"] / 2)) < 4
    await expect(addresses.get_by_role("link", name="Open in a map")).to_have_count(0)
    await addresses.get_by_text("Invoice", exact=True).click()
    await expect(the_map).to_have_attribute("data-lng", str(invoice["lng"]))
    await page.reload()
    await expect(page.get_by_test_id("order-map").get_by_test_id("order-map-pin")).to_be_visible()
    assert not outside, outside
    assert not failures, failures
