"""The development seed: one user per role, a realistic data set, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.operations.seed import DEMO_PASSWORD, DEMO_USERS, seed_demo_data
from schemas.options import Role
from tests.support import make_settings, prepare_database, running_app


async def test_seed_fills_an_empty_database_once(tmp_path: Path, redis_url: str) -> None:
    settings = make_settings(tmp_path, redis_url, database_url=f"sqlite:///{tmp_path / 'seed.db'}")
    prepare_database(settings)
    async with running_app(settings) as (app, client):
        async with app.state.portal.db.session() as session:
            assert await seed_demo_data(session, settings) is True
            assert await seed_demo_data(session, settings) is False
        for username, _, role in DEMO_USERS[:4]:
            signed = await client.post("/auth/sign-in", json={"username": username, "password": DEMO_PASSWORD})
            assert signed.status_code == 200
            me = await client.get("/me", headers={"Authorization": f"Bearer {signed.json()['accessToken']}"})
            assert me.json()["role"] == role.value
        assert {role for _, _, role in DEMO_USERS} == set(Role)
        headers = {"Authorization": f"Bearer {signed.json()['accessToken']}"}
        assert (await client.get("/assets", headers=headers)).json()["total"] >= 200
        assert (await client.get("/leads", headers=headers)).json()["total"] >= 100
        statuses = {
            s: (await client.get("/assets", headers=headers, params={"status": s})).json()["total"]
            for s in ("GREAT", "GOOD", "BAD", "POOR")
        }
        assert all(count > 0 for count in statuses.values())
        assert (await client.get("/documents", headers=headers)).json()["total"] > 0


@pytest.mark.parametrize("unused", [None])
def test_demo_password_meets_the_policy(unused: None) -> None:
    from app.auth.passwords import check_new_password

    check_new_password(DEMO_PASSWORD, min_length=8, max_length=256)
