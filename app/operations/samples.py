"""``./ops/portal samples reload``: reload the committed data of the sample areas."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from app.operations.sessions import with_session
from app.samples.loader import available_areas, load_area
from app.settings import Settings


def samples_command(settings: Settings, areas: list[str]) -> None:
    unknown = sorted(set(areas) - set(available_areas()))
    if unknown:
        raise SystemExit(f"unknown sample areas: {', '.join(unknown)} (known: {', '.join(available_areas())})")

    async def work(session: AsyncSession) -> None:
        for area in areas or available_areas():
            counts = await load_area(session, area)
            print(f"{area}: " + ", ".join(f"{n} {kind}" for kind, n in counts.items()))

    with_session(settings, work)
