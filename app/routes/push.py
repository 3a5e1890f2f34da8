"""Devices with push and how notifications reach a user outside the open portal.

``/push/subscriptions`` (the browser's Web Push subscription, one per device), ``/push/config``
(the VAPID public key the browser subscribes with), ``/push/test`` and ``/notifications/preferences``.
The account page and the admin console manage devices through the same service functions.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.http import json_response, read_model
from app.params import path_int
from app.portal import authenticate, limit, portal_of
from app.services.permissions import require_staff
from app.services.push import delivery, preferences, subscriptions
from app.services.push.vapid import keys_for
from schemas.push import PreferencesUpdate, SubscriptionCreate, SubscriptionRename


async def push_config(request: Request) -> Response:
    """The VAPID public key (``applicationServerKey``) and how many devices a user may have."""
    require_staff(await authenticate(request))
    settings = portal_of(request).settings
    return json_response(
        {"publicKey": keys_for(settings).application_server_key, "maxDevices": settings.web_push_max_devices}
    )


async def subscription_list(request: Request) -> Response:
    """The caller's devices with push (name, push service, created, last push, last error); POST adds
    this browser's subscription (201; 200 when the endpoint was known: its keys and owner are updated)."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    if request.method == "GET":
        async with portal.db.session() as session:
            return json_response({"items": await subscriptions.list_devices(session, principal.user_id)})
    await limit(request, "write", principal)
    data = await read_model(request, SubscriptionCreate)
    async with portal.db.session() as session:
        device, created = await subscriptions.subscribe(
            session, portal.settings, user_id=principal.user_id, data=data,
            user_agent=request.headers.get("user-agent"),
        )  # fmt: skip
    return json_response(device, status=201 if created else 200)


async def subscription_item(request: Request) -> Response:
    """Rename one of the caller's devices (PATCH ``{name}``) or forget it (DELETE)."""
    principal = require_staff(await authenticate(request))
    subscription_id = path_int(request)
    await limit(request, "write", principal)
    portal = portal_of(request)
    if request.method == "PATCH":
        data = await read_model(request, SubscriptionRename)
        async with portal.db.session() as session:
            return json_response(
                await subscriptions.rename(
                    session, user_id=principal.user_id, subscription_id=subscription_id, name=data.name
                )
            )
    async with portal.db.session() as session:
        await subscriptions.remove(session, user_id=principal.user_id, subscription_id=subscription_id)
    return json_response({"id": subscription_id, "removed": True})


async def push_test(request: Request) -> Response:
    """Send a test notification to each of the caller's devices (by the workers; 202)."""
    principal = require_staff(await authenticate(request))
    await limit(request, "push-test", principal)
    portal = portal_of(request)
    async with portal.db.session() as session:
        count = await delivery.send_test(session, portal.deliveries, principal.user_id)
    return json_response({"devices": count}, status=202)


async def notification_preferences(request: Request) -> Response:
    """Push to my devices: always / when I'm away / never; e-mail when no device has push (PATCH to change)."""
    principal = require_staff(await authenticate(request))
    portal = portal_of(request)
    if request.method == "GET":
        async with portal.db.session() as session:
            return json_response(preferences.public(await preferences.get(session, principal.user_id)))
    await limit(request, "write", principal)
    data = await read_model(request, PreferencesUpdate)
    async with portal.db.session() as session:
        return json_response(await preferences.update(session, user_id=principal.user_id, data=data))


routes = [
    Route("/push/config", push_config, methods=["GET"]),
    Route("/push/subscriptions", subscription_list, methods=["GET", "POST"]),
    Route("/push/subscriptions/{id}", subscription_item, methods=["PATCH", "DELETE"]),
    Route("/push/test", push_test, methods=["POST"]),
    Route("/notifications/preferences", notification_preferences, methods=["GET", "PATCH"]),
]
