"""Probes: /healthz answers while the process is up; /readyz only while the database, Redis and the
job queue answer, and names the part that is down (never an address or a secret)."""

from __future__ import annotations

from pathlib import Path

import httpx
from jsonschema import Draft202012Validator

from app.settings import Settings
from tests.processes import free_port
from tests.support import make_settings, running_app


async def test_healthz_is_liveness_without_sign_in(client: httpx.AsyncClient) -> None:
    response = await client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


async def test_readyz_checks_database_redis_and_queue(client: httpx.AsyncClient) -> None:
    response = await client.get("/readyz")
    assert response.status_code == 200, response.text
    assert response.json() == {"status": "ready", "database": "ok", "redis": "ok", "queue": "ok"}


async def test_health_still_answers_for_the_existing_probes(client: httpx.AsyncClient) -> None:
    assert (await client.get("/health")).status_code == 200


async def test_readyz_names_redis_and_queue_when_redis_is_down(settings: Settings, tmp_path: Path) -> None:
    dead = f"redis://:hunter2@127.0.0.1:{free_port()}/0"  # nothing listens there
    async with running_app(settings.model_copy(update={"redis_url": dead, "data_dir": tmp_path})) as (_app, client):
        healthz = await client.get("/healthz")
        response = await client.get("/readyz")
    assert healthz.status_code == 200  # liveness does not depend on the parts
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "ok", "redis": "down", "queue": "down"}
    assert "hunter2" not in response.text and "127.0.0.1" not in response.text


async def test_readyz_503_is_described_with_the_readiness_shape(settings: Settings, tmp_path: Path) -> None:
    """/openapi.json describes /readyz's 503 with Readiness (not the {message} refusal), and the real
    503 answer is valid against what the document says."""
    dead = f"redis://127.0.0.1:{free_port()}/0"
    async with running_app(settings.model_copy(update={"redis_url": dead, "data_dir": tmp_path})) as (_app, client):
        response = await client.get("/readyz")
        document = (await client.get("/openapi.json")).json()
    assert response.status_code == 503
    schema = document["paths"]["/readyz"]["get"]["responses"]["503"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/Readiness"}
    Draft202012Validator({"components": document["components"], **schema}).validate(response.json())
    refused = {"components": document["components"], "$ref": "#/components/schemas/Error"}
    assert not Draft202012Validator(refused).is_valid(response.json())  # no message: not the error shape


async def test_readyz_names_the_database_when_it_is_down(redis_url: str, tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    url = f"postgresql://portal:s3cret@127.0.0.1:{port}/portal"
    async with running_app(make_settings(tmp_path, redis_url, database_url=url)) as (_app, client):
        response = await client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "down", "redis": "ok", "queue": "ok"}
    assert "s3cret" not in response.text and str(port) not in response.text
