"""The signed-in user's session: ``GET /me`` (startup check) and ``PATCH /me`` (shortcuts, settings)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.http import json_response, read_model
from app.portal import authenticate, portal_of
from app.services import users
from schemas.users import MeUpdate


async def me(request: Request) -> Response:
    principal = await authenticate(request)
    portal = portal_of(request)
    async with portal.db.session() as session:
        if request.method == "GET":
            return json_response(await users.get_me(session=session, settings=portal.settings, principal=principal))
        data = await read_model(request, MeUpdate)
        result = await users.update_me(session=session, settings=portal.settings, principal=principal, data=data)
        # Built before the commit: /me is the UI's start-up call, and a change whose answer cannot be
        # written must not be stored (it would break every later start-up of this user).
        response = json_response(result)
        await session.commit()
    return response


routes = [Route("/me", me, methods=["GET", "PATCH"])]
