"""``/{resource}`` and ``/{resource}/{id}`` for assets, documents and leads, exactly as the spec lists."""

from __future__ import annotations

from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from app.auth.service import Principal
from app.http import json_response, read_body
from app.params import path_int
from app.portal import authenticate, limit, portal_of
from app.services import listing, records
from app.services.permissions import require_staff
from app.services.resources import RESOURCES, ResourceSpec


async def _staff(request: Request) -> Principal:
    return require_staff(await authenticate(request))


async def collection(request: Request, *, spec: ResourceSpec) -> Response:
    principal = await _staff(request)
    portal = portal_of(request)
    if request.method == "GET":
        query = listing.parse_list_query(spec, request.query_params)

        async def read_list() -> dict[str, Any]:
            # A search sets its plan for its own transaction; a plain list needs none.
            async with portal.db.session() if query.q else portal.db.reader() as session:
                return await listing.list_records(session=session, spec=spec, query=query)

        return await portal.answers.respond(request, principal, spec.name, ("list", query.key()), read_list)
    await limit(request, "write", principal)
    data = await read_body(request)
    async with portal.db.session() as session:
        created = await records.create_record(
            session=session,
            spec=spec,
            data=data,
            actor=principal,
            events=portal.events,
            notify_with=portal.notifier,
        )
    return json_response(created, status=201)


async def item(request: Request, *, spec: ResourceSpec) -> Response:
    principal = await _staff(request)
    record_id = path_int(request)
    portal = portal_of(request)
    if request.method != "GET":
        await limit(request, "write", principal)
    if request.method == "GET":

        async def read_item() -> dict[str, Any]:
            async with portal.db.reader() as session:
                return await records.get_record(session=session, spec=spec, record_id=record_id)

        return await portal.answers.respond(request, principal, spec.name, ("item", record_id), read_item)
    async with portal.db.session() as session:
        if request.method == "DELETE":
            deleted = await records.delete_record(
                session=session,
                spec=spec,
                record_id=record_id,
                actor=principal,
                events=portal.events,
                notify_with=portal.notifier,
            )
            return json_response(deleted)
        data = await read_body(request)
        updated = await records.update_record(
            session=session,
            spec=spec,
            record_id=record_id,
            data=data,
            actor=principal,
            events=portal.events,
            notify_with=portal.notifier,
        )
        return json_response(updated)


async def history(request: Request, *, spec: ResourceSpec) -> Response:
    await _staff(request)
    record_id = path_int(request)
    async with portal_of(request).db.session() as session:
        return json_response({"items": await records.record_history(session=session, spec=spec, record_id=record_id)})


def _routes() -> list[BaseRoute]:
    routes: list[BaseRoute] = []
    for name, spec in RESOURCES.items():
        routes += [
            Route(f"/{name}", partial(collection, spec=spec), methods=["GET", "POST"]),
            Route(f"/{name}/{{id}}", partial(item, spec=spec), methods=["GET", "PATCH", "DELETE"]),
            Route(f"/{name}/{{id}}/history", partial(history, spec=spec), methods=["GET"]),
        ]
    return routes


routes = _routes()
