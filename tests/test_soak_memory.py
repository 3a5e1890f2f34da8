"""The soak's memory verdict for PostgreSQL (ops/reliability/soak.py): a pool growing to its size is
not a leak; growth per backend, or in the server's own processes, is."""

from __future__ import annotations

from ops.reliability.soak import postgres_rows


def _sample(backends: int, per_backend_mb: float, server_mb: float = 7.0) -> dict[str, float]:
    return {
        "postgres": server_mb + backends * per_backend_mb,
        "postgres.server": server_mb,
        "postgres.backends": float(backends),
        "postgres.backends_mb": backends * per_backend_mb,
    }


def test_a_pool_growing_to_its_size_is_not_a_leak() -> None:
    # 20 -> 50 backends of ~2 MB each: +60 MB in all, over the plain 25 MB margin, yet flat per backend.
    is_flat, rows = postgres_rows(_sample(20, 2.0), _sample(50, 2.2), _sample(10, 1.8))
    assert is_flat, rows
    assert rows[0][1] == "10 -> 20 -> 50"


def test_growth_per_backend_is_a_leak() -> None:
    is_flat, rows = postgres_rows(_sample(20, 2.0), _sample(20, 3.5), _sample(20, 2.0))
    assert not is_flat and "not flat" in rows[1][2]


def test_growth_of_the_servers_own_processes_is_a_leak() -> None:
    is_flat, rows = postgres_rows(_sample(20, 2.0), _sample(20, 2.0, server_mb=40.0), _sample(20, 2.0))
    assert not is_flat and "not flat" in rows[2][2]
