"""One generator per sample area: ``generate(rng) -> {kind: [items]}``, deterministic for a given rng."""
