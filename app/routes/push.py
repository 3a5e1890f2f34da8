"""Devices with push and how notifications reach a user outside the open portal.

``/push/subscriptions`` (the browser's Web Push subscription, one per device), ``/push/config``
(the VAPID public key the browser subscribes with), ``/push/test`` and ``/notifications/preferences``.
The account page and the admin console manage devices through the same service functions.
"""

from __future__ import annotations

from typing import Any

from app.http import json_response
from app.params import path_int
from app.routes.endpoint import Call, staff
from app.services.push import delivery, preferences, subscriptions
from app.services.push.vapid import keys_for
from schemas.push import (
    PreferencesPublic,
    PreferencesUpdate,
    PushConfig,
    PushTest,
    SubscriptionCreate,
    SubscriptionList,
    SubscriptionPublic,
    SubscriptionRemoved,
    SubscriptionRename,
)


async def push_config(call: Call) -> Any:
    """The VAPID public key (``applicationServerKey``) and how many devices a user may have."""
    settings = call.portal.settings
    return {"publicKey": keys_for(settings).application_server_key, "maxDevices": settings.web_push_max_devices}


async def subscription_list(call: Call) -> Any:
    """The caller's devices with push (name, push service, created, last push, last error); POST adds
    this browser's subscription (201; 200 when the endpoint was known: its keys and owner are updated)."""
    principal = call.principal
    if call.request.method == "GET":
        return {"items": await subscriptions.list_devices(call.session, principal.user_id)}
    await call.limit("write")
    data = await call.body(SubscriptionCreate)
    device, created = await subscriptions.subscribe(
        call.session, call.portal.settings, user_id=principal.user_id, data=data,
        user_agent=call.request.headers.get("user-agent"),
    )  # fmt: skip
    return json_response(device, status=201 if created else 200)


async def subscription_item(call: Call) -> Any:
    """Rename one of the caller's devices (PATCH ``{name}``) or forget it (DELETE)."""
    user_id = call.principal.user_id
    subscription_id = path_int(call.request)
    await call.limit("write")
    if call.request.method == "PATCH":
        data = await call.body(SubscriptionRename)
        return await subscriptions.rename(
            call.session, user_id=user_id, subscription_id=subscription_id, name=data.name
        )
    await subscriptions.remove(call.session, user_id=user_id, subscription_id=subscription_id)
    return {"id": subscription_id, "removed": True}


async def push_test(call: Call) -> Any:
    """Send a test notification to each of the caller's devices (by the workers; 202)."""
    await call.limit("push-test")
    return {"devices": await delivery.send_test(call.session, call.portal.deliveries, call.principal.user_id)}


async def notification_preferences(call: Call) -> Any:
    """Push to my devices: always / when I'm away / never; e-mail when no device has push (PATCH to change)."""
    user_id = call.principal.user_id
    if call.request.method == "GET":
        return preferences.public(await preferences.get(call.session, user_id))
    await call.limit("write")
    data = await call.body(PreferencesUpdate)
    return await preferences.update(call.session, user_id=user_id, data=data)


routes = [
    staff("/push/config", push_config, ["GET"], session=None, answer=PushConfig),
    staff(
        "/push/subscriptions",
        subscription_list,
        ["GET", "POST"],
        body=SubscriptionCreate,
        answer={"GET": SubscriptionList, "POST": SubscriptionPublic},
    ),
    staff(
        "/push/subscriptions/{id}",
        subscription_item,
        ["PATCH", "DELETE"],
        body=SubscriptionRename,
        answer={"PATCH": SubscriptionPublic, "DELETE": SubscriptionRemoved},
    ),
    staff("/push/test", push_test, ["POST"], status=202, answer=PushTest),
    staff(
        "/notifications/preferences",
        notification_preferences,
        ["GET", "PATCH"],
        body=PreferencesUpdate,
        answer=PreferencesPublic,
    ),
]
