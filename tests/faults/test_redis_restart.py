"""Redis restarted in the middle of live chat (2 API processes, a worker, our own redis-server).

While Redis is down: messages are still stored (200), calls that need Redis answer 503 with a
message, never 500. The API processes close their sockets (pushes would be lost unnoticed); once
Redis is back every process subscribes again within seconds, the clients reconnect and fetch what
they missed, live pushes flow again through both processes, and the worker takes jobs again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.settings import Settings
from tests.faults.conftest import WORKER_FAST
from tests.faults.servers import RedisServer
from tests.faults.stack import ApiProcess, ChatClient, poll
from tests.fixtures import files
from tests.processes import process_env, running_workers

pytestmark = pytest.mark.faults


async def _send(url: str, sender: dict[str, Any], chat_id: str, contact_id: int, text: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=url, headers=sender["headers"], timeout=20) as http:
        body = {"chatId": chat_id, "contactId": contact_id, "message": {"who": sender["id"], "message": text}}
        return await http.post("/api/chat/send-message", json=body)


async def test_redis_restart_in_live_chat_loses_no_message_and_answers_503_not_500(
    fault_settings: Settings, fault_redis: RedisServer, fault_dir: Path, apis: list[ApiProcess], pair: list[Any]
) -> None:
    alice, bob = pair
    async with httpx.AsyncClient(base_url=apis[0].url, headers=alice["headers"]) as http:
        chat_id = (await http.get("/api/chat/get-chat", params={"contactId": bob["id"]})).json()["chat"]["id"]
    # Alice's socket stays on api0 and Bob's on api1: a push from one to the other crosses both.
    alice_client = ChatClient([apis[0].url], alice["tokens"])
    bob_client = ChatClient([apis[1].url], bob["tokens"])
    await alice_client.start()
    await bob_client.start()
    env = process_env(fault_settings, **WORKER_FAST)
    with running_workers(env, fault_dir, fault_redis.url):
        try:
            before = await _send(apis[0].url, alice, chat_id, bob["id"], "before the outage")
            assert before.status_code == 200, before.text
            await bob_client.wait_for({before.json()["message"]["id"]})

            fault_redis.stop()
            dropped = await poll(
                lambda: not alice_client.connected and not bob_client.connected, 10, "dropping the sockets"
            )
            during: set[int] = set()
            for n, api in enumerate(apis * 2):
                sent = await _send(
                    api.url, alice if n % 2 else bob, chat_id, bob["id"] if n % 2 else alice["id"], f"x{n}"
                )
                assert sent.status_code == 200, sent.text  # stored (200): the push is what waits for Redis
                during.add(sent.json()["message"]["id"])
            async with httpx.AsyncClient(base_url=apis[1].url, headers=bob["headers"], timeout=20) as http:
                contacts = await http.get("/api/chat/contacts")  # statuses live in Redis
                upload = await http.post(
                    "/documents/upload",
                    data={"department": "Hardware"},
                    files=[("file", ("Outage.pdf", files.pdf(1, marker="outage")))],
                )
                missed = await http.get("/api/chat/messages", params={"after": 0})  # the database alone
            for refused in (contacts, upload):
                assert refused.status_code == 503, refused.text
                assert "unavailable" in refused.json()["message"] and refused.headers["retry-after"] == "5"
            assert missed.status_code == 200 and during <= {i["message"]["id"] for i in missed.json()["items"]}

            fault_redis.start()
            back = await poll(lambda: alice_client.connected and bob_client.connected, 15, "reconnecting")
            await bob_client.wait_for(during)
            await alice_client.wait_for(during)
            after: set[int] = set()
            for n, api in enumerate(apis * 2):  # posted on each process, pushed to sockets on both
                sent = await _send(api.url, alice, chat_id, bob["id"], f"after {n}")
                assert sent.status_code == 200, sent.text
                after.add(sent.json()["message"]["id"])
            await bob_client.wait_for(after, seconds=10)
            await alice_client.wait_for(after, seconds=10)
            assert after <= bob_client.pushed and after <= alice_client.pushed  # live again, not fetched

            async with httpx.AsyncClient(base_url=apis[0].url, headers=bob["headers"], timeout=20) as http:
                assert (await http.get("/api/chat/contacts")).status_code == 200
                upload = await http.post(
                    "/documents/upload",
                    data={"department": "Hardware"},
                    files=[("file", ("After.pdf", files.pdf(1, marker="after-outage")))],
                )
                assert upload.status_code == 201, upload.text
                document_id = upload.json()["items"][0]["id"]
                for _ in range(150):  # the worker lived through the outage and takes jobs again
                    state = (await http.get(f"/documents/{document_id}")).json()["state"]
                    if state in ("ready", "failed"):
                        break
                    await asyncio.sleep(0.2)
                assert state == "ready"
        finally:
            await alice_client.close()
            await bob_client.close()
    assert dropped < 5 and back < 10, (dropped, back)
    for api in apis:
        assert api.errors_logged() == [], api.errors_logged()
    print(f"\nsockets dropped {dropped:.1f} s after Redis died; back {back:.1f} s after it restarted")
