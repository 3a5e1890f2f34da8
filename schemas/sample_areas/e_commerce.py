"""E-commerce sample area (/api/e-commerce-app): products (with images) and orders."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, RootModel

from schemas.query import QueryModel
from schemas.sample_areas.base import Id, Keyed, SampleModel

Amount = Annotated[int | float, Field(ge=0)]  # int stays int: a tax rate of 10 is saved as 10


class Image(SampleModel):
    id: str | int
    url: str
    type: str = "image"


MAX_IMAGES = 12


class Product(SampleModel):
    """A product as the product form sends it; what is left out takes the form's blank values."""

    id: Id
    name: Annotated[str, Field(min_length=1)]
    handle: str = ""
    description: str = ""
    categories: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    featuredImageId: str | int | None = None
    images: list[Image] = Field(default_factory=list, max_length=MAX_IMAGES)
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


class ImageRemoval(SampleModel):
    productId: Id
    imageId: Annotated[str, Field(min_length=1, max_length=64)]


class Products(RootModel[list[Product]]):
    """Every product."""


class Order(Keyed):
    reference: str = ""


class Orders(RootModel[list[Order]]):
    """Every order."""


class ProductQuery(QueryModel):
    product_id: Annotated[str, Field(max_length=120)] = ""


class OrderQuery(QueryModel):
    order_id: Annotated[str, Field(max_length=120)] = ""
