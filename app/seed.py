"""Demo data for development: one user per role and a realistic set of records (fixed randomness)."""

from __future__ import annotations

import logging
import random
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlmodel import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.service import Principal
from app.auth.tokens import roles_from_groups
from app.realtime.sink import Unheard
from app.samples.loader import load_all
from app.services import records, users
from app.services.resources import ASSETS, DOCUMENTS, LEADS
from app.settings import Settings
from schemas.options import AssetCategory, AssetStatus, Department, LeadStage, Risk, Role
from schemas.users import User

log = logging.getLogger("portal.seed")

DEMO_PASSWORD = "demo-portal-2026"
DEMO_USERS: list[tuple[str, str, Role]] = [
    ("admin", "Avery Admin", Role.ADMIN),
    ("manager", "Morgan Manager", Role.MANAGER),
    ("technician", "Taylor Technician", Role.TECHNICIAN),
    ("contractor", "Casey Contractor", Role.CONTRACTOR),
    ("jreyes", "Jordan Reyes", Role.TECHNICIAN),
    ("sokafor", "Sam Okafor", Role.TECHNICIAN),
    ("lchen", "Lin Chen", Role.MANAGER),
]

_ASSET_NAMES = {
    AssetCategory.TEST_EQUIPMENT: ["Oscilloscope", "Spectrum analyser", "Signal generator", "Power analyser"],
    AssetCategory.INSTRUMENTATION: ["Pressure transmitter", "Flow meter", "Thermal camera", "Data logger"],
    AssetCategory.POWER: ["Bench power supply", "UPS unit", "Portable generator", "Battery bank"],
    AssetCategory.LIFTING: ["Chain hoist", "Scissor lift", "Pallet jack", "Gantry crane"],
    AssetCategory.VEHICLE: ["Service van", "Pickup truck", "Electric utility cart"],
    AssetCategory.TOOLING: ["Torque wrench set", "Crimping tool kit", "Hydraulic press", "Soldering station"],
    AssetCategory.IT_HARDWARE: ["Field laptop", "Rugged tablet", "Network switch", "Build server"],
    AssetCategory.DEVELOPMENT_BOARD: [
        "FPGA dev kit",
        "MCU evaluation board",
        "JTAG debugger",
        "Logic analyser",
    ],
}
_MAKERS = [
    "Keysight",
    "Fluke",
    "Tektronix",
    "Rohde & Schwarz",
    "Siemens",
    "Bosch",
    "Makita",
    "Dell",
    "Xilinx",
]
_SITES = [
    "Workshop A",
    "Workshop B",
    "Lab 1",
    "Lab 2",
    "Yard",
    "Store room",
    "North depot",
    "Client site: Harbour",
]
_CLIENTS = [
    "Northwind Utilities",
    "Contoso Rail",
    "Fabrikam Energy",
    "Tailspin Aero",
    "Harbour Water Board",
    "Litware Robotics",
    "Adatum Mining",
    "Wingtip Ports",
    "Proseware Medical",
    "Coho Wind Farms",
]
_WORK = [
    "PLC retrofit",
    "SCADA upgrade",
    "Firmware audit",
    "Sensor network rollout",
    "Switchgear refurbishment",
    "Predictive maintenance pilot",
    "Control panel build",
    "EMC test campaign",
    "Pump station telemetry",
    "Substation monitoring",
    "Battery storage integration",
    "Conveyor automation",
]
_FIRST = ["Alex", "Priya", "Tom", "Mei", "Lars", "Fatima", "Diego", "Hana", "Omar", "Grace", "Ivan", "Nora"]
_LAST = ["Smith", "Patel", "Nguyen", "Garcia", "Jensen", "Khan", "Rossi", "Tanaka", "Silva", "Brown"]
_DOC_KINDS = [
    "Inspection report",
    "Calibration certificate",
    "Risk assessment",
    "Method statement",
    "Proposal",
]


def _asset_rows(rng: random.Random, technicians: list[int], count: int) -> list[dict[str, Any]]:
    today = date.today()
    rows = []
    for n in range(1, count + 1):
        category = rng.choice(list(AssetCategory))
        base = rng.choice(_ASSET_NAMES[category])
        status = rng.choices(list(AssetStatus), weights=[3, 6, 2, 1])[0]
        risk = rng.choices(list(Risk), weights=[4, 5, 2, 1])[0]
        if status is AssetStatus.POOR:
            risk = rng.choice([Risk.H, Risk.HH])
        purchased = today - timedelta(days=rng.randint(60, 3000))
        rows.append(
            {
                "tag": f"AST-{n:05d}",
                "name": f"{rng.choice(_MAKERS)} {base}",
                "category": category.value,
                "serialNumber": f"SN{rng.randint(100000, 999999)}-{rng.choice('ABCDEFGH')}",
                "department": rng.choice(list(Department)).value,
                "status": status.value,
                "risk": risk.value,
                "location": rng.choice(_SITES),
                "assignedTechnicianId": rng.choice([*technicians, None]),
                "nextInspection": (today + timedelta(days=rng.randint(-30, 180))).isoformat(),
                "purchaseDate": purchased.isoformat(),
                "purchaseCost": str(Decimal(rng.randint(150, 85000)) + Decimal("0.00")),
                "notes": rng.choice(["", "Calibrated on arrival.", "Spare unit.", "Check cable wear monthly."]),
            }
        )
    return rows


_STAGE_PROBABILITY = {
    LeadStage.NEW: 10,
    LeadStage.QUALIFIED: 25,
    LeadStage.PROPOSAL: 50,
    LeadStage.NEGOTIATION: 75,
    LeadStage.WON: 100,
    LeadStage.LOST: 0,
}


def _lead_rows(rng: random.Random, owners: list[int], count: int) -> list[dict[str, Any]]:
    today = date.today()
    rows = []
    for _ in range(count):
        stage = rng.choices(list(LeadStage), weights=[5, 4, 3, 2, 2, 1])[0]
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        client = rng.choice(_CLIENTS)
        domain = client.lower().replace(" ", "") + ".example"
        rows.append(
            {
                "title": f"{rng.choice(_WORK)} for {client}",
                "clientCompany": client,
                "contactName": f"{first} {last}",
                "contactEmail": f"{first.lower()}.{last.lower()}@{domain}",
                "contactPhone": f"+1 555 {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
                "estimatedValue": str(rng.randint(8, 900) * 1000),
                "stage": stage.value,
                "lostReason": "Lost on price to a local competitor." if stage is LeadStage.LOST else None,
                "probability": _STAGE_PROBABILITY[stage],
                "risk": rng.choice(list(Risk)).value,
                "department": rng.choice(list(Department)).value,
                "ownerId": rng.choice(owners),
                "expectedClose": (today + timedelta(days=rng.randint(-20, 200))).isoformat(),
                "notes": rng.choice(["", "Site visit booked.", "Awaiting tender documents.", "Budget approved."]),
            }
        )
    return rows


async def seed_demo_data(session: AsyncSession, settings: Settings, *, assets: int = 220, leads: int = 120) -> bool:
    """Fill an empty database; answers False (and changes nothing) when users already exist."""
    if (await session.exec(select(func.count()).select_from(User))).one():
        return False
    created: dict[str, User] = {}
    for username, name, role in DEMO_USERS:
        user, _ = await users.create_user(
            session=session,
            settings=settings,
            username=username,
            email=f"{username}@portal.example",
            display_name=name,
            role=role,
            password=DEMO_PASSWORD,
            must_change_password=False,
        )
        created[username] = user
    admin = created["admin"]
    actor = Principal(
        user_id=admin.id or 0,
        session_id="seed",
        username=admin.username,
        roles=tuple(roles_from_groups(admin.groups, settings.role_group_prefix)),
    )
    quiet = Unheard()  # the seed runs before any API process or client exists
    rng = random.Random(20261122)
    technicians = [u.id or 0 for u in created.values() if u.groups[0].endswith(Role.TECHNICIAN.value)]
    managers = [u.id or 0 for u in created.values() if u.groups[0].endswith((Role.MANAGER.value, "admin"))]
    asset_ids = []
    for row in _asset_rows(rng, technicians, assets):
        asset_ids.append(
            (await records.create_record(session=session, spec=ASSETS, data=row, actor=actor, events=quiet))["id"]
        )
    lead_ids = []
    for row in _lead_rows(rng, managers, leads):
        lead_ids.append(
            (await records.create_record(session=session, spec=LEADS, data=row, actor=actor, events=quiet))["id"]
        )
    for n in range(40):
        kind = rng.choice(_DOC_KINDS)
        linked_asset = rng.choice(asset_ids) if kind != "Proposal" else None
        row = {
            "title": f"{kind} {n + 1:03d}",
            "department": rng.choice(list(Department)).value,
            "assetId": linked_asset,
            "leadId": rng.choice(lead_ids) if linked_asset is None else None,
            "notes": "Paper original kept in the site office.",
        }
        await records.create_record(session=session, spec=DOCUMENTS, data=row, actor=actor, events=quiet)
    await load_all(session)
    log.info("seeded %d users, %d assets, %d opportunities, and the sample areas", len(created), assets, leads)
    return True
