"""The signed-in user's session: ``GET /me`` (startup check) and ``PATCH /me`` (shortcuts, settings)."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from app.http import json_response
from app.routes.endpoint import SIGNED_IN, Call, route
from app.services import users
from schemas.users import Me, MeUpdate


async def me(call: Call) -> Response | Any:
    settings = call.portal.settings
    if call.request.method == "GET":
        return json_response(await users.get_me(session=call.session, settings=settings, principal=call.principal))
    data = await call.body(MeUpdate)
    # Answered through the wrapper, which builds the answer before the commit: /me is the UI's start-up
    # call, and a change whose answer cannot be written must not be stored (it would break every later
    # start-up of this user).
    return await users.update_me(session=call.session, settings=settings, principal=call.principal, data=data)


routes = [route("/me", me, ["GET", "PATCH"], rule=SIGNED_IN, session="write", body=MeUpdate, answer=Me)]
