"""Devices with push through the API: subscribe, list, rename, remove; the endpoint allow-list; the
bound on devices; preferences; the VAPID keys and the payload's size. (Delivery by the workers:
tests/test_push_delivery.py.)"""

from __future__ import annotations

import base64
import json
import stat
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from starlette.applications import Starlette

from app.services.push import payload
from app.services.push.endpoints import allowed, parse_prefix
from app.services.push.vapid import FILE_NAME, keys_for
from app.settings import Settings
from schemas.options import Role
from tests.push_service import PushService
from tests.support import Account, create_account, running_app, sign_in

pytestmark = pytest.mark.db

PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
MAX_DEVICES = 3


@pytest.fixture(scope="module")
def service() -> Iterator[PushService]:
    with PushService() as started:
        yield started


@pytest.fixture(scope="module")
async def push_api(settings: Settings, service: PushService) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient]]:
    """The API with the local push service allowed and a small bound on devices."""
    custom = settings.model_copy(
        update={"web_push_allowed_endpoints": [f"{service.origin}/push/"], "web_push_max_devices": MAX_DEVICES}
    )
    async with running_app(custom) as pair:
        yield pair


async def _person(push_api: tuple[Starlette, httpx.AsyncClient], role: Role = Role.TECHNICIAN) -> Account:
    app, client = push_api
    return await sign_in(client, await create_account(app, role))


async def test_a_device_is_added_listed_renamed_and_removed(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService
) -> None:
    _, client = push_api
    tech = await _person(push_api)
    device = service.device()
    headers = {**tech.headers, "User-Agent": PHONE}
    added = await client.post("/push/subscriptions", json=device.subscription(), headers=headers)
    assert added.status_code == 201, added.text
    body = added.json()
    assert body["name"] == "Chrome Mobile 131 on Android 14 (Pixel 8)"  # guessed from the user agent
    assert body["service"] == "127.0.0.1" and body["lastPushAt"] is None and body["lastError"] is None
    assert "endpoint" not in body and "p256dh" not in json.dumps(body)  # the keys stay on the server
    # The browser subscribing again (new keys, same endpoint) is the same device.
    again = await client.post(
        "/push/subscriptions", json={**device.subscription(), "name": "Work phone"}, headers=headers
    )
    assert again.status_code == 200 and again.json()["id"] == body["id"] and again.json()["name"] == "Work phone"
    listed = (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"]
    assert [d["id"] for d in listed] == [body["id"]]
    renamed = await client.patch(f"/push/subscriptions/{body['id']}", json={"name": "Van tablet"}, headers=tech.headers)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Van tablet"
    # Someone else's device is no business of another user: 404, not 403 (it does not exist for them).
    other = await _person(push_api)
    assert (await client.delete(f"/push/subscriptions/{body['id']}", headers=other.headers)).status_code == 404
    assert (
        await client.patch(f"/push/subscriptions/{body['id']}", json={"name": "x"}, headers=other.headers)
    ).status_code == 404
    removed = await client.delete(f"/push/subscriptions/{body['id']}", headers=tech.headers)
    assert removed.status_code == 200
    assert (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"] == []
    assert (await client.delete(f"/push/subscriptions/{body['id']}", headers=tech.headers)).status_code == 404


async def test_only_allowed_push_services_are_accepted(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService
) -> None:
    _, client = push_api
    tech = await _person(push_api)
    keys = service.device().subscription()["keys"]
    refused = [
        f"http://127.0.0.1:{service.port + 1}/push/x",  # another port of the same host
        f"{service.origin}/admin/x",  # outside the allowed path
        "http://169.254.169.254/latest/meta-data/",  # the cloud's metadata service
        "http://localhost:5000/assets",  # the portal itself
        f"http://user@127.0.0.1:{service.port}/push/x",
        f"{service.origin}.evil.test/push/x",
        "https://fcm.googleapis.com/fcm/send/x",  # a real vendor, but not on this server's list
        "file:///etc/passwd",
        "javascript:alert(1)",
    ]
    for endpoint in refused:
        answer = await client.post(
            "/push/subscriptions", json={"endpoint": endpoint, "keys": keys}, headers=tech.headers
        )
        assert answer.status_code == 422, (endpoint, answer.text)
        assert "endpoint" in answer.json().get("errors", {}), answer.text
    assert (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"] == []


def test_the_default_list_names_the_browser_vendors_push_services() -> None:
    prefixes = Settings().web_push_allowed_endpoints
    for endpoint in [
        "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",  # Chrome, Android, Samsung Internet, Opera
        "https://fcm.googleapis.com/wp/dGVzdA",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",  # Firefox
        "https://wns2-bn3p.notify.windows.com/w/?token=BQYAAAB",  # Edge on Windows
        "https://web.push.apple.com/QGuQyavXutnMH",  # Safari
    ]:
        assert allowed(endpoint, prefixes), endpoint
    for endpoint in [
        "http://fcm.googleapis.com/fcm/send/x",  # not https
        "https://fcm.googleapis.com.evil.test/x",
        "https://fcm.googleapis.com@evil.test/x",
        "https://notify.windows.com/w/",  # the wildcard needs a subdomain
        "https://x.evilnotify.windows.com/w/",
        "https://10.0.0.1/fcm/send/x",
        "https://web.push.apple.com:8443/x",
    ]:
        assert not allowed(endpoint, prefixes), endpoint
    for bad in ["fcm.googleapis.com/", "https://a.*.example/", "https://x.example/path"]:
        with pytest.raises(ValueError):
            parse_prefix(bad)
    with pytest.raises(ValueError):
        Settings(web_push_allowed_endpoints=["ftp://push.example/"])


async def test_keys_that_are_no_keys_are_refused(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService
) -> None:
    _, client = push_api
    tech = await _person(push_api)
    good = service.device().subscription()
    not_a_point = base64.urlsafe_b64encode(b"\x04" + b"\x01" * 64).rstrip(b"=").decode()
    for change in [
        {"keys": {**good["keys"], "p256dh": not_a_point}},
        {"keys": {**good["keys"], "p256dh": "%%%" * 30}},
        {"keys": {**good["keys"], "auth": base64.urlsafe_b64encode(b"short").decode() + "A" * 12}},
        {"keys": {"auth": good["keys"]["auth"]}},
        {"endpoint": 42},
        {"name": "x" * 81},
        {"surprise": True},
    ]:
        answer = await client.post("/push/subscriptions", json={**good, **change}, headers=tech.headers)
        assert answer.status_code == 422, (change, answer.text)
    assert (await client.post("/push/subscriptions", content=b"[]", headers=tech.headers)).status_code == 422


async def test_devices_per_user_are_bounded_and_a_browser_moves_to_whoever_subscribes(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService
) -> None:
    _, client = push_api
    first, second = await _person(push_api), await _person(push_api)
    devices = [service.device() for _ in range(MAX_DEVICES + 1)]
    for device in devices[:MAX_DEVICES]:
        assert (
            await client.post("/push/subscriptions", json=device.subscription(), headers=first.headers)
        ).status_code == 201
    over = await client.post("/push/subscriptions", json=devices[-1].subscription(), headers=first.headers)
    assert over.status_code == 409 and str(MAX_DEVICES) in over.json()["message"]
    # The second user signs in on the first user's browser: the device is theirs now, not both.
    moved = await client.post("/push/subscriptions", json=devices[0].subscription(), headers=second.headers)
    assert moved.status_code == 200
    assert len((await client.get("/push/subscriptions", headers=first.headers)).json()["items"]) == MAX_DEVICES - 1
    assert len((await client.get("/push/subscriptions", headers=second.headers)).json()["items"]) == 1


async def test_preferences_and_the_test_button(push_api: tuple[Starlette, httpx.AsyncClient]) -> None:
    _, client = push_api
    tech = await _person(push_api)
    assert (await client.get("/notifications/preferences", headers=tech.headers)).json() == {
        "push": "away",
        "email": True,
    }
    changed = await client.patch("/notifications/preferences", json={"push": "always"}, headers=tech.headers)
    assert changed.json() == {"push": "always", "email": True}
    changed = await client.patch("/notifications/preferences", json={"email": False}, headers=tech.headers)
    assert changed.json() == {"push": "always", "email": False}
    assert (
        await client.patch("/notifications/preferences", json={"push": "sometimes"}, headers=tech.headers)
    ).status_code == 422
    # Listed notifications still answer beside the preferences (no route shadows the other).
    assert (await client.get("/notifications", headers=tech.headers)).status_code == 200
    test = await client.post("/push/test", headers=tech.headers)
    assert test.status_code == 409 and "No device" in test.json()["message"]


async def test_every_push_call_needs_a_staff_role(push_api: tuple[Starlette, httpx.AsyncClient]) -> None:
    app, client = push_api
    nobody = await sign_in(client, await create_account(app, None))
    for method, path in [
        ("GET", "/push/config"),
        ("GET", "/push/subscriptions"),
        ("POST", "/push/test"),
        ("GET", "/notifications/preferences"),
    ]:
        assert (await client.request(method, path)).status_code == 401
        assert (await client.request(method, path, headers=nobody.headers)).status_code == 403


async def test_the_config_names_the_vapid_public_key(push_api: tuple[Starlette, httpx.AsyncClient]) -> None:
    app, client = push_api
    tech = await _person(push_api)
    config = (await client.get("/push/config", headers=tech.headers)).json()
    expected = keys_for(app.state.portal.settings).application_server_key
    assert config == {"publicKey": expected, "maxDevices": MAX_DEVICES}
    raw = base64.urlsafe_b64decode(expected + "==")
    assert len(raw) == 65 and raw[0] == 4  # an uncompressed P-256 point, as pushManager.subscribe takes


def test_vapid_key_generated_once_private_and_taken_from_the_environment(tmp_path: Path) -> None:
    keys = keys_for(Settings(data_dir=tmp_path))
    path = tmp_path / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert keys_for(Settings(data_dir=tmp_path)).application_server_key == keys.application_server_key
    raw = keys.private_key.private_numbers().private_value.to_bytes(32, "big")
    from_env = keys_for(Settings(data_dir=tmp_path / "other", vapid_private_key=base64.urlsafe_b64encode(raw).decode()))
    assert from_env.application_server_key == keys.application_server_key
    assert not (tmp_path / "other").exists()  # nothing generated when the key is given
    with pytest.raises(RuntimeError):
        keys_for(Settings(data_dir=tmp_path, vapid_private_key="bm90IGEga2V5"))
    rsa_like = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    with pytest.raises(RuntimeError):
        keys_for(Settings(data_dir=tmp_path, vapid_private_key=rsa_like.decode()))
    with pytest.raises(ValueError):
        Settings(vapid_subject="admin@example.com")  # neither mailto: nor https:


def test_a_long_notification_still_fits_one_push_message() -> None:
    device_key = ec.generate_private_key(ec.SECP256R1())
    auth = b"0123456789abcdef"
    raw = payload.encode(
        title="T" * 500, body="ü" * 4000, url="/assets/7", tag=payload.tag_for("/assets/7", 9), notification_id=9,
        kind="asset.assigned",
    )  # fmt: skip
    assert len(raw) <= payload.MAX_PAYLOAD_BYTES
    message = json.loads(raw)
    assert message["tag"] == "assets-7" and message["url"] == "/assets/7" and message["body"].endswith("…")
    assert len(message["title"]) <= 120
    point = device_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    encrypted = http_ece.encrypt(
        raw, private_key=ec.generate_private_key(ec.SECP256R1()), auth_secret=auth, version="aes128gcm", dh=point
    )
    assert len(encrypted) <= 4096  # RFC 8030: what every push service must accept
    assert payload.tag_for(None, 9) == "notification-9" and len(payload.topic_for("assets-7")) <= 32


async def test_notifications_whose_delivery_was_never_planned_are_found_or_expire(
    push_api: tuple[Starlette, httpx.AsyncClient],
) -> None:
    """The workers' sweep (worker/__main__.py) plans what an enqueue lost to a Redis outage left pending."""
    from datetime import timedelta

    from sqlmodel import col, select

    from app.services.push import delivery
    from schemas.base import utcnow
    from schemas.chat import Notification

    app, _ = push_api
    tech = await _person(push_api)
    portal = app.state.portal
    now = utcnow()
    ages = {"fresh": timedelta(seconds=1), "lost": timedelta(minutes=5), "stale": timedelta(hours=3)}
    async with portal.db.session() as session:
        rows = {
            name: Notification(
                user_id=tech.user_id, kind="asset.assigned", title=name, message="m", created_at=now - age
            )
            for name, age in ages.items()
        }
        session.add_all(rows.values())
        await session.commit()
        ids = {name: row.id for name, row in rows.items()}
        found = await delivery.pending(session, portal.settings)
        assert ids["lost"] in found and ids["fresh"] not in found and ids["stale"] not in found
        states = dict(
            (
                await session.exec(
                    select(Notification.title, Notification.delivery).where(col(Notification.id).in_(ids.values()))
                )
            ).all()
        )
    assert states == {"fresh": "pending", "lost": "pending", "stale": "expired"}  # too old to push: never
