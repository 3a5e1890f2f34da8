"""E-commerce: thirty products and forty orders.

Spec: product tax rate 10 and extra shipping fee 3, priceTaxIncl = priceTaxExcl x 1.10 (to the
cent); order statuses 1 to 14 with their names (every one appears in some order's history). Order
amounts are text, as in the template: line total = price x quantity, subtotal = sum of lines,
tax = 10 % of the subtotal, total = subtotal + tax - discount, and the payment is the total.
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ops.samples.pictures import picture

TAX_RATE = 10
EXTRA_SHIPPING_FEE = 3
CENT = Decimal("0.01")

STATUSES = {
    1: ("Awaiting check payment", "blue-500"),
    2: ("Payment accepted", "green-500"),
    3: ("Preparing the order", "orange-500"),
    4: ("Shipped", "purple-500"),
    5: ("Delivered", "green-800"),
    6: ("Canceled", "pink-500"),
    7: ("Refunded", "red-500"),
    8: ("Payment error", "red-900"),
    9: ("On pre-order (paid)", "purple-300"),
    10: ("Awaiting bank wire payment", "blue-500"),
    11: ("Awaiting payment through an online payment provider", "blue-500"),
    12: ("Remote payment accepted", "green-500"),
    13: ("On pre-order (not paid)", "purple-300"),
    14: ("Awaiting Cash-on-delivery payment", "blue-500"),
}

# How an order moves, by payment method; an order is somewhere along one of these.
JOURNEYS = [
    ("Check", [1, 2, 3, 4, 5]),
    ("Bank wire", [10, 2, 3, 4, 5]),
    ("Online payment provider", [11, 12, 3, 4, 5]),
    ("Cash on delivery", [14, 3, 4, 5]),
    ("Credit Card", [13, 9, 3, 4]),
    ("Check", [1, 6]),
    ("Credit Card", [2, 3, 7]),
    ("Online payment provider", [11, 8]),
]

PRINTS = [
    ("A Walk Amongst Friends", "Nature"),
    ("Lago di Braies", "Nature"),
    ("Never Stop Changing", "Nature"),
    ("Reaching", "Nature"),
    ("Morain Lake", "Nature"),
    ("Yosemite", "Nature"),
    ("Braies Lake", "Nature"),
    ("Fall Glow", "Nature"),
    ("First Snow", "Nature"),
    ("Lago di Sorapis", "Nature"),
    ("Lonely Trees", "Nature"),
    ("Mist", "Nature"),
    ("Morning Dew", "Nature"),
    ("Quiet Harbour", "Nature"),
    ("Northern Lights", "Nature"),
    ("Old Town Bridge", "Cities"),
    ("Harbour Cranes", "Cities"),
    ("Night Tram", "Cities"),
    ("Rooftops", "Cities"),
    ("Station Clock", "Cities"),
    ("Cooling Towers", "Industry"),
    ("Wind Farm", "Industry"),
    ("Turbine Hall", "Industry"),
    ("Steel Works", "Industry"),
    ("Pylons at Dusk", "Industry"),
]
KINDS = ["Canvas Print", "Poster"]

CUSTOMERS = [
    (
        "Dollie",
        "Bullock",
        "Saois",
        "Digital Archivist",
        "704 6th Ave, New York, NY 10010, USA",
        40.7424739,
        -73.9928392,
    ),
    (
        "Abbott",
        "Keitch",
        "Nagole",
        "Software Engineer",
        "1 Infinite Loop, Cupertino, CA 95014, USA",
        37.331686,
        -122.030656,
    ),
    (
        "Arnold",
        "Matlock",
        "Laotcone",
        "Graphic Artist",
        "222 W Merchandise Mart Plaza, Chicago, IL 60654, USA",
        41.888524,
        -87.63549,
    ),
    (
        "Barrera",
        "Bradbury",
        "Unizim",
        "Graphic Designer",
        "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
        37.422,
        -122.084,
    ),
    (
        "Blair",
        "Strangeway",
        "Conedubdax",
        "Visual Designer",
        "350 5th Ave, New York, NY 10118, USA",
        40.748441,
        -73.985664,
    ),
    (
        "Boyle",
        "Winters",
        "Newo",
        "Catalogue Illustrator",
        "1 Microsoft Way, Redmond, WA 98052, USA",
        47.639583,
        -122.128381,
    ),
    (
        "Christy",
        "Camacho",
        "Uniplus",
        "Content Developer",
        "100 Universal City Plaza, Universal City, CA 91608, USA",
        34.138117,
        -118.353378,
    ),
    (
        "Copeland",
        "Redcliff",
        "Dingoveco",
        "Ink Technician",
        "600 Montgomery St, San Francisco, CA 94111, USA",
        37.795184,
        -122.402793,
    ),
    (
        "Estes",
        "Stevens",
        "Golex",
        "Electrical Engineer",
        "233 S Wacker Dr, Chicago, IL 60606, USA",
        41.878876,
        -87.635915,
    ),
    ("Helen", "Sheridan", "Quickbit", "Machine Operator", "1 Main St, Cambridge, MA 02142, USA", 42.362297, -71.083745),
    (
        "Henderson",
        "Cambias",
        "Zillacom",
        "Sales Manager",
        "400 Broad St, Seattle, WA 98109, USA",
        47.620506,
        -122.349277,
    ),
    (
        "Josefina",
        "Lakefield",
        "Ranstrong",
        "Project Manager",
        "2 Park Ave, New York, NY 10016, USA",
        40.745975,
        -73.981783,
    ),
]
CARRIERS = ["TNT", "DHL", "USPS", "FedEx", "UPS"]


def money(value: Decimal) -> str:
    return str(value.quantize(CENT, rounding=ROUND_HALF_UP))


def with_tax(price: Decimal) -> Decimal:
    return (price * (100 + TAX_RATE) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def handle(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def product(rng: random.Random, index: int, title: str, theme: str, kind: str) -> dict[str, object]:
    name = f"{title} - {kind}"
    image = handle(title)
    images = [
        {"id": str(i), "url": picture("ecommerce", image if i == 0 else f"{image}-{i}"), "type": "image"}
        for i in range(rng.randint(2, 4))
    ]
    excl = Decimal(rng.randint(499, 4999)) / 100
    incl = with_tax(excl)
    size = rng.choice([(22, 24), (30, 40), (40, 50), (50, 70), (61, 91)])
    return {
        "id": str(index),
        "name": name,
        "handle": handle(name),
        "description": f"{kind} of '{title}', printed on archival {'canvas' if kind == 'Canvas Print' else 'paper'}"
        f" with fade-resistant inks. Ready to hang, {size[0]} x {size[1]} cm.",
        "categories": [kind, theme],
        "tags": [handle(kind), theme.lower()],
        "featuredImageId": "0",
        "images": images,
        "priceTaxExcl": float(excl),
        "priceTaxIncl": float(incl),
        "taxRate": TAX_RATE,
        "comparedPrice": float((incl * Decimal("1.4")).quantize(CENT)),
        "quantity": rng.randint(0, 40),
        "sku": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(6)),
        "width": f"{size[0]}cm",
        "height": f"{size[1]}cm",
        "depth": f"{rng.randint(2, 5)}cm",
        "weight": f"{rng.randint(1, 6)}kg",
        "extraShippingFee": EXTRA_SHIPPING_FEE,
        "active": rng.random() > 0.15,
    }


def customer(index: int) -> dict[str, object]:
    first, last, company, job, address, lat, lng = CUSTOMERS[index]
    place = {"address": address, "lat": lat, "lng": lng}
    return {
        "id": index + 1,
        "firstName": first,
        "lastName": last,
        "avatar": picture("avatars", first),
        "company": company,
        "jobTitle": job,
        "email": f"{first.lower()}.{last.lower()}@{company.lower()}.example",
        "phone": f"+1-202-555-{1000 + index * 37:04d}",
        "invoiceAddress": place,
        "shippingAddress": dict(place),
    }


def stamp(value: datetime) -> str:
    return value.strftime("%Y/%m/%d %H:%M:%S")


def order(rng: random.Random, index: int, products: list[dict[str, Any]], journey: int) -> dict[str, object]:
    method, steps = JOURNEYS[journey]
    # The first orders walk every journey to its end, so every status appears; the rest stop anywhere.
    reached = steps if index <= len(JOURNEYS) else steps[: rng.randint(1, len(steps))]
    placed = datetime(2025, 1, 6, 9, 0) + timedelta(minutes=rng.randint(0, 60 * 24 * 300))
    times = [placed]
    for _ in reached[1:]:
        times.append(times[-1] + timedelta(minutes=rng.randint(60, 60 * 72)))
    history = [
        {"id": status, "name": STATUSES[status][0], "color": STATUSES[status][1], "date": stamp(when)}
        for status, when in zip(reached, times, strict=True)
    ]
    lines = []
    for item in rng.sample(products, rng.randint(1, 3)):
        price = Decimal(str(item["priceTaxExcl"]))
        quantity = rng.randint(1, 3)
        lines.append(
            {
                "id": item["id"],
                "name": item["name"],
                "price": money(price),
                "quantity": quantity,
                "total": money(price * quantity),
                "image": item["images"][0]["url"],
            }
        )
    subtotal = sum((Decimal(str(line["total"])) for line in lines), Decimal(0))
    tax = subtotal * TAX_RATE / 100
    discount = Decimal(rng.choice([0, 0, 5, 10, 15])) * subtotal / 100
    total = Decimal(money(subtotal)) + Decimal(money(tax)) - Decimal(money(discount))
    items = sum(int(str(line["quantity"])) for line in lines)
    return {
        "id": str(index),
        "reference": "".join(rng.choice("0123456789abcdef") for _ in range(8)),
        "subtotal": money(subtotal),
        "tax": money(tax),
        "discount": money(discount),
        "total": money(total),
        "date": stamp(placed),
        "customer": customer(rng.randrange(len(CUSTOMERS))),
        "products": lines,
        "status": list(reversed(history)),  # the latest status first
        "payment": {
            "transactionId": "".join(rng.choice("0123456789abcdef") for _ in range(8)),
            "amount": money(total),
            "method": method,
            "date": stamp(times[1] if len(times) > 1 else placed),
        },
        "shippingDetails": [
            {
                "tracking": "" if 4 not in reached else f"{rng.randint(10**11, 10**12 - 1)}",
                "carrier": rng.choice(CARRIERS),
                "weight": f"{rng.randint(100, 1500) / 100:.2f}",
                "fee": money(Decimal(EXTRA_SHIPPING_FEE * items)),
                "date": stamp(placed),
            }
        ],
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    catalogue = [(title, theme, kind) for title, theme in PRINTS for kind in KINDS]
    picked = sorted(rng.sample(range(len(catalogue)), 30))
    products = [product(rng, n, *catalogue[i]) for n, i in enumerate(picked, start=1)]
    orders = [
        order(rng, n, products, (n - 1) % len(JOURNEYS) if n <= len(JOURNEYS) else rng.randrange(len(JOURNEYS)))
        for n in range(1, 41)
    ]
    return {"products": products, "orders": orders}
