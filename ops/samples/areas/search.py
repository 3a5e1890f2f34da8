"""Global search results: id, title, url, excerpt (the mock answers the whole list)."""

from __future__ import annotations

import random
from typing import Any

TOPICS = [
    ("Switchgear refurbishment checklist", "Steps, torque values and test sheets for refurbishing 11 kV switchgear."),
    ("Thermal camera quick start", "How to set emissivity, capture a scan and attach it to an inspection report."),
    ("Calibration certificates explained", "What each field of a calibration certificate means and when it expires."),
    ("SCADA upgrade: lessons learned", "Notes from the Contoso Rail upgrade: cut-over plan, rollback and training."),
    ("Risk levels LL to HH", "How the four risk levels are assigned to assets and what each one requires."),
    ("Booking test equipment", "Reserve oscilloscopes, analysers and generators from the shared asset pool."),
    ("Working at height", "Permits, harness checks and rescue plans for scissor lifts and gantry work."),
    ("Firmware release process", "Branching, signing and field roll-out of controller firmware."),
    ("Writing a method statement", "A template and worked example for a site method statement."),
    ("Predictive maintenance pilot", "Vibration sensors, thresholds and alerting for pump stations."),
    ("Substation monitoring", "Telemetry points, alarms and the weekly report of the monitoring service."),
    ("Expense claims for site visits", "Mileage, meals and lodging: what can be claimed and how fast it is paid."),
    ("Onboarding a new technician", "Accounts, tools, safety induction and the first two weeks on site."),
    ("Handling a failed inspection", "Quarantine the asset, raise the risk level and plan the repair."),
    ("Document uploads", "Supported file types, size limits and how processing extracts the text."),
    ("Opportunity stages", "New, qualified, proposal, negotiation, won and lost: when to move a lead on."),
    ("Conveyor automation proposal", "Scope, budget and schedule of the conveyor automation proposal."),
    ("EMC test campaign", "Pre-compliance scans, the chamber booking and the final report."),
    ("Battery storage integration", "Sizing, protection settings and commissioning tests for battery banks."),
    ("Team chat etiquette", "Channels, mentions and response times for the Team Chat panel."),
    ("Keyboard shortcuts", "Add pages as shortcuts from the toolbar star and reach them in one click."),
    ("Changing your password", "Choose a new password of at least 8 characters that others would not guess."),
    ("Two-step sign-in", "Turn on an authenticator app code for your account."),
    ("Quick panel", "Today's date, events, notes and the quick-setting toggles in one side panel."),
]


def _slug(title: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-").replace("--", "-")


def generate(rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    topics = list(TOPICS)
    rng.shuffle(topics)
    return {
        "results": [
            {"id": n, "title": title, "url": f"/pages/knowledge-base/{_slug(title)}", "excerpt": excerpt}
            for n, (title, excerpt) in enumerate(topics, start=1)
        ]
    }
