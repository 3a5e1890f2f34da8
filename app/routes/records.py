"""``/{resource}`` and ``/{resource}/{id}`` for assets, documents and leads, exactly as the spec lists."""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.responses import Response
from starlette.routing import BaseRoute

from app.http import answer_response, json_response, read_body
from app.params import path_int
from app.routes.endpoint import STAFF, Call, route
from app.services import listing
from app.services.records import query, writes
from app.services.resources import RESOURCES, ResourceSpec
from schemas.records import PAGES, History


def _writing(call: Call, session: AsyncSession, spec: ResourceSpec) -> dict[str, Any]:
    """What every record write takes besides its data: the session, the resource, who writes, and
    where the change is announced (``record`` events) and notified."""
    portal = call.portal
    return {
        "session": session,
        "spec": spec,
        "actor": call.principal,
        "events": portal.events,
        "notify_with": portal.notifier,
    }


async def collection(call: Call, *, spec: ResourceSpec) -> Response:
    request, principal, portal = call.request, call.principal, call.portal
    if request.method == "GET":
        query = listing.parse_list_query(spec, call.query(listing.query_model(spec)))

        async def read_list() -> dict[str, Any]:
            # A search sets its plan for its own transaction; a plain list needs none.
            async with portal.db.session() if query.q else portal.db.reader() as session:
                return await listing.list_records(session=session, spec=spec, query=query)

        answer = await portal.answers.respond(
            request.headers.get("if-none-match"), principal, spec.name, ("list", query.key()), read_list
        )
        return answer_response(answer)
    await call.limit("write")
    data = await read_body(request)
    async with portal.db.session() as session:
        created = await writes.create_record(data=data, **_writing(call, session, spec))
    return json_response(created, status=201)


async def item(call: Call, *, spec: ResourceSpec) -> Response:
    request, principal, portal = call.request, call.principal, call.portal
    record_id = path_int(request)
    if request.method != "GET":
        await call.limit("write")
    if request.method == "GET":

        async def read_item() -> dict[str, Any]:
            async with portal.db.reader() as session:
                return await query.get_record(session=session, spec=spec, record_id=record_id)

        answer = await portal.answers.respond(
            request.headers.get("if-none-match"), principal, spec.name, ("item", record_id), read_item
        )
        return answer_response(answer)
    async with portal.db.session() as session:
        if request.method == "DELETE":
            deleted = await writes.delete_record(record_id=record_id, **_writing(call, session, spec))
            return json_response(deleted)
        data = await read_body(request)
        updated = await writes.update_record(record_id=record_id, data=data, **_writing(call, session, spec))
        return json_response(updated)


async def history(call: Call, *, spec: ResourceSpec) -> Any:
    record_id = path_int(call.request)
    return {"items": await query.record_history(session=call.session, spec=spec, record_id=record_id)}


def _routes() -> list[BaseRoute]:
    routes: list[BaseRoute] = []
    for name, spec in RESOURCES.items():
        # DELETE /documents/{id} is app/routes/documents.py's (it also removes the stored files).
        methods = ["GET"] if name == "documents" else ["GET", "DELETE"]
        routes += [
            route(
                f"/{name}",
                partial(collection, spec=spec),
                ["GET", "POST"],
                rule=STAFF,
                body=spec.create_model,
                query={"GET": listing.query_model(spec)},
                answer={"GET": PAGES[name], "POST": spec.public_model},
            ),
            route(
                f"/{name}/{{id}}",
                partial(item, spec=spec),
                [*methods, "PATCH"],
                rule=STAFF,
                body=spec.update_model,
                # DELETE answers the record as it was.
                answer={"GET": spec.public_model, "PATCH": spec.public_model, "DELETE": spec.public_model},
            ),
            route(
                f"/{name}/{{id}}/history",
                partial(history, spec=spec),
                ["GET"],
                rule=STAFF,
                session="write",
                answer=History,
            ),
        ]
    return routes


routes = _routes()
