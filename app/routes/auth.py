"""Sign-in, challenges, token refresh, sign-out (this device or every device) and TOTP enrolment."""

from __future__ import annotations

import logging
from typing import TypeVar

from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from app.auth.oidc import FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_TTL_SECONDS, CompanySignIn, OidcRefused, valid_binding
from app.auth.passwords import check_new_password, password_strength
from app.errors import ApiError, invalid
from app.http import json_response
from app.portal import Portal, request_meta
from app.realtime import control
from app.routes.endpoint import CREDENTIALS, PUBLIC, SIGNED_IN, Call, route
from app.services import audit, users
from schemas.query import OidcCallbackQuery, OidcStartQuery
from schemas.users import (
    ChallengeRequest,
    ForgotPasswordRequest,
    Message,
    MfaState,
    OidcExchangeRequest,
    PasswordCheck,
    PasswordCheckRequest,
    PasswordResetDone,
    RefreshRequest,
    ResetPasswordRequest,
    SignInRequest,
    SignInStep,
    Tokens,
    TotpSetup,
    TotpSetupRequest,
    TotpVerifyRequest,
    UnlockRequest,
    User,
)

log = logging.getLogger("portal.auth.oidc")


async def sign_in(call: Call) -> Response:
    """Sign in with username (or email) and password: tokens, or the next challenge.

    401 for a wrong name or password (alike), 429 while locked or over the rate limit (Retry-After),
    403 for a disabled account, 503 when too many sign-ins wait for password checking.
    """
    request = call.request
    await call.limit("sign-in", per_user=False)
    body = await call.body(SignInRequest)
    portal = call.portal
    address = portal.limits.client_address(request)
    result = await portal.auth.sign_in(
        username=body.username, password=body.password, address=address, user_agent=request.headers.get("user-agent")
    )
    return json_response(result)


async def challenge(call: Call) -> Response:
    """Answer a sign-in challenge: newPassword, or the code of an authenticator app (3 tries per challenge)."""
    request = call.request
    await call.limit("challenge", per_user=False)
    body = await call.body(ChallengeRequest)
    if body.new_password is None and body.code is None:
        raise invalid(
            "Answer the challenge with newPassword or code.",
            {"newPassword": "Required.", "code": "Required."},
        )
    portal = call.portal
    result = await portal.auth.answer_challenge(
        session_value=body.session,
        new_password=body.new_password,
        code=body.code,
        address=portal.limits.client_address(request),
        user_agent=request.headers.get("user-agent"),
    )
    return json_response(result)


async def password_check(call: Call) -> Response:
    """The password policy's verdict on a candidate new password, for the strength meter.

    The same rules as every place a password is chosen (app/auth/passwords.py); nothing is stored and
    nothing about any account is told. Public (the new-password step comes before a session), so
    limited per client address (429).
    """
    await call.limit("password-check", per_user=False)
    body = await call.body(PasswordCheckRequest)
    settings = call.portal.settings
    username = body.username.split("@", 1)[0]
    score, _ = password_strength(body.password, user_inputs=[username])
    try:
        check_new_password(
            body.password,
            min_length=settings.password_min_length,
            max_length=settings.password_max_length,
            username=username,
        )
    except ApiError as exc:
        field = exc.errors.get("newPassword") if exc.errors else None
        return json_response(PasswordCheck(ok=False, score=min(score, 1), reason=field or exc.message))
    return json_response(PasswordCheck(ok=True, score=score, reason=""))


RESET_SENT = (
    "If an account with that e-mail address or username exists, a link to reset its password is on its way. "
    "It works once, for 30 minutes."
)


async def forgot_password(call: Call) -> Response:
    """Ask for a password reset link by e-mail: body {email} (the address or the username).

    Always 202 with the same message, whether or not an account matched: the answer never tells who
    has an account. The lookup and the mail happen after the answer is sent (a worker mails the link;
    with EMAIL_BACKEND=log it is written to the worker's log). Limited per client address (429).
    """
    await call.limit("password-reset", per_user=False)
    body = await call.body(ForgotPasswordRequest)
    portal = call.portal
    meta = request_meta(call.request)

    async def send_link() -> None:
        try:
            found = await portal.auth.request_password_reset(body.email, meta=meta)
            if found is not None:
                await run_in_threadpool(portal.deliveries.password_reset_mail, *found)
        except Exception:
            log.exception("password reset request failed")

    response = json_response({"message": RESET_SENT}, 202)
    response.background = BackgroundTask(send_link)
    return response


async def reset_password(call: Call) -> Response:
    """Choose a new password with the token of a reset link: body {token, newPassword}.

    The password rules of every new password apply (422 with the reason); a used, expired or unknown
    token answers 400. Every session of the account ends: sign in again with the new password.
    """
    await call.limit("challenge", per_user=False)
    body = await call.body(ResetPasswordRequest)
    portal = call.portal
    user_id, ended = await portal.auth.reset_password(body.token, body.new_password, meta=request_meta(call.request))
    if ended:
        portal.auth.live.forget_user(user_id)
        await control.announce_end_user(portal.redis, user_id, "revoked")
    return json_response({"message": "Your password is changed. Sign in with it.", "sessionsEnded": ended})


async def unlock(call: Call) -> Response:
    """Resume a locked screen: body {password}, the signed-in user's password.

    403 when it is wrong (counted like a failed sign-in, under the same lockout); 429 over the limit.
    """
    await call.limit("sign-in", per_user=False)
    body = await call.body(UnlockRequest)
    portal = call.portal
    await portal.auth.confirm_password(
        call.principal, body.password, address=portal.limits.client_address(call.request)
    )
    return json_response({"message": "Unlocked."})


async def refresh(call: Call) -> Response:
    request = call.request
    body = await call.body(RefreshRequest)
    portal = call.portal
    meta = request_meta(request)
    tokens = await portal.auth.refresh(refresh_token=body.refresh_token, address=meta.ip, user_agent=meta.user_agent)
    return json_response(tokens)


async def sign_out(call: Call) -> Response:
    request = call.request
    principal = call.principal
    portal = call.portal
    await portal.auth.sign_out(principal, request_meta(request))
    await portal.realtime.end_session(principal.session_id, reason="signed-out")
    return json_response({"message": "Signed out."})


async def sign_out_everywhere(call: Call) -> Response:
    """Sign out on every device: every session of the user ends and their sockets close on every process."""
    request = call.request
    principal = call.principal
    portal = call.portal
    async with portal.db.session() as session:
        user = await session.get(User, principal.user_id)
        if user is not None:
            await users.end_sessions(
                session=session,
                user=user,
                actor=audit.user_actor(user, request_meta(request)),
                reason="signed out everywhere",
            )
    # This process forgets at once: its next call must not wait for the announcement to come back.
    portal.auth.live.forget_user(principal.user_id)
    await control.announce_end_user(portal.redis, principal.user_id, "signed-out")
    return json_response({"message": "Signed out on every device."})


# The bodies of the two-step sign-in changes: each carries the current password.
Confirmed = TypeVar("Confirmed", TotpSetupRequest, TotpVerifyRequest)


async def _confirmed(call: Call, model: type[Confirmed]) -> Confirmed:
    """A two-step sign-in change: counted under the sign-in limit, its body parsed, and the caller's
    current password checked (under the lockout) before anything changes."""
    await call.limit("sign-in", per_user=False)
    body = await call.body(model)
    portal = call.portal
    await portal.auth.confirm_password(
        call.principal, body.password, address=portal.limits.client_address(call.request)
    )
    return body


async def totp_setup(call: Call) -> Response:
    """Start enrolling an authenticator app: body {password} (the current password); answers the secret.

    403 when the password is wrong (counted like a failed sign-in), 409 when two-step sign-in is on.
    """
    await _confirmed(call, TotpSetupRequest)
    return json_response(await call.portal.auth.totp_setup(call.principal))


async def totp_enable(call: Call) -> Response:
    """Turn two-step sign-in on: body {code, password}, a code from the app just enrolled."""
    body = await _confirmed(call, TotpVerifyRequest)
    await call.portal.auth.totp_verify(call.principal, body.code, enable=True, meta=request_meta(call.request))
    return json_response({"message": "Two-step sign-in is on.", "mfaEnabled": True})


async def totp_disable(call: Call) -> Response:
    """Turn two-step sign-in off: body {code, password}, a current code and the current password."""
    body = await _confirmed(call, TotpVerifyRequest)
    await call.portal.auth.totp_verify(call.principal, body.code, enable=False, meta=request_meta(call.request))
    return json_response({"message": "Two-step sign-in is off.", "mfaEnabled": False})


def company_sign_in(portal: Portal) -> CompanySignIn:
    oidc = portal.oidc
    if oidc is None:
        raise ApiError(404, "Company sign-in is not configured on this portal (OIDC_ISSUER).")
    return oidc


async def oidc_start(call: Call) -> Response:
    """Company sign-in (OpenID Connect), first step: a redirect to the identity provider.

    Opened by the login page as a page, with ``binding``: 16 to 200 random characters (A-Z a-z 0-9 _ -)
    the page keeps and later sends to /auth/oidc/exchange. 404 when company sign-in is not configured.
    """
    await call.limit("sign-in", per_user=False)
    oidc = company_sign_in(call.portal)
    binding = call.query(OidcStartQuery).binding
    if not valid_binding(binding):
        raise invalid("Start company sign-in from the login page.", {"binding": "16 to 200 of A-Z a-z 0-9 _ -."})
    assert binding is not None
    try:
        started = await oidc.start(binding)
    except OidcRefused as refused:
        log.warning("company sign-in could not start: %s", refused)
        return RedirectResponse(oidc.login_url(reason=refused.reason), status_code=303)
    response = RedirectResponse(started.url, status_code=303)
    response.set_cookie(
        FLOW_COOKIE,
        started.flow_id,
        max_age=FLOW_TTL_SECONDS,
        path=FLOW_COOKIE_PATH,
        secure=oidc.redirect_uri.startswith("https://"),
        httponly=True,
        samesite="lax",  # sent on the provider's redirect back (a top-level GET), never on cross-site posts
    )
    return response


async def oidc_callback(call: Call) -> Response:
    """Company sign-in, the provider's answer: back to the login page with a one-time code, or with
    ``oidc_error`` (denied, expired, invalid, unavailable, disabled, email-taken)."""
    request = call.request
    oidc = company_sign_in(call.portal)
    params = call.query(OidcCallbackQuery).model_dump(exclude_none=True)
    try:
        code = await oidc.callback(params, request.cookies.get(FLOW_COOKIE), request_meta(request))
        target = oidc.login_url(code=code)
    except OidcRefused as refused:
        log.warning("company sign-in refused: %s", refused)
        target = oidc.login_url(reason=refused.reason)
    response = RedirectResponse(target, status_code=303)
    response.delete_cookie(FLOW_COOKIE, path=FLOW_COOKIE_PATH)
    return response


async def oidc_exchange(call: Call) -> Response:
    """Company sign-in, last step: body {code, binding} (the login page's) -> the portal's tokens.

    401 when the code is unknown, used, older than two minutes or sent without its binding; 403 for a disabled account.
    """
    request = call.request
    await call.limit("sign-in", per_user=False)
    company_sign_in(call.portal)
    body = await call.body(OidcExchangeRequest)
    tokens = await call.portal.auth.exchange_external(code=body.code, binding=body.binding, meta=request_meta(request))
    return json_response(tokens)


routes = [
    route("/auth/sign-in", sign_in, ["POST"], rule=CREDENTIALS, body=SignInRequest, answer=SignInStep),
    route("/auth/challenge", challenge, ["POST"], rule=CREDENTIALS, body=ChallengeRequest, answer=SignInStep),
    route(
        "/auth/password-check", password_check, ["POST"], rule=PUBLIC, body=PasswordCheckRequest, answer=PasswordCheck
    ),
    route(
        "/auth/forgot-password",
        forgot_password,
        ["POST"],
        rule=PUBLIC,
        body=ForgotPasswordRequest,
        status=202,
        answer=Message,
    ),
    route(
        "/auth/reset-password",
        reset_password,
        ["POST"],
        rule=PUBLIC,
        body=ResetPasswordRequest,
        answer=PasswordResetDone,
    ),
    route("/auth/unlock", unlock, ["POST"], rule=SIGNED_IN, body=UnlockRequest, answer=Message),
    route("/auth/refresh", refresh, ["POST"], rule=CREDENTIALS, body=RefreshRequest, answer=Tokens),
    route("/auth/sign-out", sign_out, ["POST"], rule=SIGNED_IN, answer=Message),
    route("/auth/sign-out-everywhere", sign_out_everywhere, ["POST"], rule=SIGNED_IN, answer=Message),
    route("/auth/oidc/start", oidc_start, ["GET"], rule=PUBLIC, query=OidcStartQuery),
    route("/auth/oidc/callback", oidc_callback, ["GET"], rule=PUBLIC, query=OidcCallbackQuery),
    route("/auth/oidc/exchange", oidc_exchange, ["POST"], rule=CREDENTIALS, body=OidcExchangeRequest, answer=Tokens),
    route("/auth/totp/setup", totp_setup, ["POST"], rule=SIGNED_IN, body=TotpSetupRequest, answer=TotpSetup),
    route("/auth/totp/verify", totp_enable, ["POST"], rule=SIGNED_IN, body=TotpVerifyRequest, answer=MfaState),
    route("/auth/totp/disable", totp_disable, ["POST"], rule=SIGNED_IN, body=TotpVerifyRequest, answer=MfaState),
]
