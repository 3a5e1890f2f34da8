"""The records' public shape is built without pydantic on the hot path: it must equal the model's JSON."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from pydantic import BaseModel
from starlette.applications import Starlette

from app.services.records.query import user_refs
from app.services.records.shape import to_public
from app.services.records.writes import row_values
from app.services.resources import RESOURCES
from tests.support import Account
from tests.test_records import create

pytestmark = pytest.mark.db


def _model_json(spec: Any, row: Any, refs: dict[int, Any]) -> dict[str, Any]:
    data = row_values(row)
    for column, name in spec.user_refs.items():
        data[name] = refs.get(data[column]) if data[column] is not None else None
    if spec.name == "documents":
        data["has_file"] = row.storage_key is not None
        data["has_thumbnail"] = row.thumbnail_key is not None
    model: type[BaseModel] = spec.public_model
    return model.model_validate(data).model_dump(mode="json", by_alias=True)


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
async def test_fast_public_shape_equals_the_public_model(
    resource: str, app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    spec = RESOURCES[resource]
    extra = (
        {"assignedTechnicianId": staff["technician"].user_id, "purchaseCost": 1234.56} if resource == "assets" else {}
    )
    made = await create(client, staff["manager"], resource, **extra)
    async with app.state.portal.db.session() as session:
        row = await session.get(spec.table, made["id"])
        refs = await user_refs(session, {getattr(row, c) for c in spec.user_refs} - {None})
        fast = (await to_public(session, spec, [row]))[0]
    assert fast == _model_json(spec, row, refs)
    listed = (await client.get(f"/{resource}/{made['id']}", headers=staff["manager"].headers)).json()
    assert listed == fast
    page = await client.get(f"/{resource}", params={"sort": "id", "order": "desc"}, headers=staff["manager"].headers)
    in_list = next(item for item in page.json()["items"] if item["id"] == made["id"])
    assert in_list == fast  # lists build the same shape from joined rows (listing.page_items)
