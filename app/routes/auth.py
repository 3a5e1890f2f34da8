"""Sign-in, challenges, token refresh, sign-out (this device or every device) and TOTP enrolment."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.errors import invalid
from app.http import json_response, read_model
from app.portal import authenticate, portal_of
from app.realtime import control
from app.services import users
from schemas.users import ChallengeRequest, RefreshRequest, SignInRequest, TotpVerifyRequest


async def sign_in(request: Request) -> Response:
    body = await read_model(request, SignInRequest)
    result = await portal_of(request).auth.sign_in(username=body.username, password=body.password)
    return json_response(result)


async def challenge(request: Request) -> Response:
    body = await read_model(request, ChallengeRequest)
    if body.new_password is None and body.code is None:
        raise invalid(
            "Answer the challenge with newPassword or code.",
            {"newPassword": "Required.", "code": "Required."},
        )
    result = await portal_of(request).auth.answer_challenge(
        session_value=body.session, new_password=body.new_password, code=body.code
    )
    return json_response(result)


async def refresh(request: Request) -> Response:
    body = await read_model(request, RefreshRequest)
    return json_response(await portal_of(request).auth.refresh(refresh_token=body.refresh_token))


async def sign_out(request: Request) -> Response:
    principal = await authenticate(request)
    portal = portal_of(request)
    await portal.auth.sign_out(principal)
    await portal.realtime.end_session(principal.session_id, reason="signed-out")
    return json_response({"message": "Signed out."})


async def sign_out_everywhere(request: Request) -> Response:
    """Sign out on every device: every session of the user ends and their sockets close on every process."""
    principal = await authenticate(request)
    portal = portal_of(request)
    async with portal.db.session() as session:
        await users.revoke_sessions(session, principal.user_id, "signed out everywhere")
        await session.commit()
    await control.announce_end_user(portal.redis, principal.user_id, "signed-out")
    return json_response({"message": "Signed out on every device."})


async def totp_setup(request: Request) -> Response:
    principal = await authenticate(request)
    return json_response(await portal_of(request).auth.totp_setup(principal))


async def totp_enable(request: Request) -> Response:
    principal = await authenticate(request)
    body = await read_model(request, TotpVerifyRequest)
    await portal_of(request).auth.totp_verify(principal, body.code, enable=True)
    return json_response({"message": "Two-step sign-in is on.", "mfaEnabled": True})


async def totp_disable(request: Request) -> Response:
    principal = await authenticate(request)
    body = await read_model(request, TotpVerifyRequest)
    await portal_of(request).auth.totp_verify(principal, body.code, enable=False)
    return json_response({"message": "Two-step sign-in is off.", "mfaEnabled": False})


routes = [
    Route("/auth/sign-in", sign_in, methods=["POST"]),
    Route("/auth/challenge", challenge, methods=["POST"]),
    Route("/auth/refresh", refresh, methods=["POST"]),
    Route("/auth/sign-out", sign_out, methods=["POST"]),
    Route("/auth/sign-out-everywhere", sign_out_everywhere, methods=["POST"]),
    Route("/auth/totp/setup", totp_setup, methods=["POST"]),
    Route("/auth/totp/verify", totp_enable, methods=["POST"]),
    Route("/auth/totp/disable", totp_disable, methods=["POST"]),
]
