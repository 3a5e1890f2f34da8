"""The device a user agent names, as people say it: "Chrome 131 on Linux", "Mobile Safari 17 on iOS 17 (iPhone)"."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=2048)
def describe_agent(user_agent: str | None) -> tuple[str, str | None, str | None, bool]:
    """(device line, browser, operating system, is a phone or tablet) from a user agent, by ua-parser."""
    if not user_agent:
        return "Unknown device", None, None, False
    from ua_parser import parse  # its rules load on first use (about 0.2 s): not at import time

    parsed = parse(user_agent[:400])
    agent, system, device = parsed.user_agent, parsed.os, parsed.device
    browser = f"{agent.family} {agent.major}".strip() if agent and agent.family != "Other" else None
    os_name = " ".join(p for p in (system.family, system.major) if p) if system and system.family != "Other" else None
    mobile = bool(
        device and device.family not in ("Other", "Spider") and system and system.family in {"iOS", "Android"}
    )
    model = device.family if mobile and device else None
    parts = [browser or user_agent.split("/", 1)[0][:40] or "Unknown browser"]
    if os_name:
        parts.append(f"on {os_name}")
    if model:
        parts.append(f"({model})")
    return " ".join(parts), browser, os_name, mobile
