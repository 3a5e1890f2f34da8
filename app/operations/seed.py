"""Demo data for development: one user per role and a realistic set of records (fixed randomness)."""

from __future__ import annotations

import io
import logging
import random
import uuid
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlmodel import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import Principal
from app.auth.tokens import roles_from_groups
from app.db import Database
from app.operations.sessions import with_session
from app.realtime.sink import Unheard
from app.samples.loader import load_all
from app.services import users
from app.services.documents.processing import Processing, process_document
from app.services.documents.upload import StagedFile, UploadForm, create_uploads
from app.services.records import writes as records
from app.services.resources import ASSETS, DOCUMENTS, LEADS
from app.settings import Settings
from app.storage import open_storage
from schemas.options import STAGE_PROBABILITY, AssetCategory, AssetStatus, Department, LeadStage, Risk, Role
from schemas.records import Asset, Lead
from schemas.users import User

log = logging.getLogger("portal.seed")

DEMO_PASSWORD = "demo-portal-2026"
# Managers' departments: each gets the daily summary of overdue inspections in theirs.
DEMO_DEPARTMENTS = {"manager": Department.HARDWARE, "lchen": Department.SOFTWARE_AND_FIRMWARE}
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
                "probability": STAGE_PROBABILITY[stage],
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
    require_seed_packages()  # before the first write: a seed that stops half-way leaves a half-filled database
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
            department=DEMO_DEPARTMENTS.get(username),
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
    uploaders = [_principal(u, settings) for u in created.values() if u.groups[0].endswith(("technician", "manager"))]
    await seed_real_documents(session, settings, uploaders=uploaders, asset_ids=asset_ids, lead_ids=lead_ids)
    await load_all(session)
    log.info("seeded %d users, %d assets, %d opportunities, and the sample areas", len(created), assets, leads)
    return True


def require_seed_packages() -> None:
    """The demo files need fpdf2 (the seed extra), which the production install leaves out."""
    try:
        import fpdf  # noqa: F401
    except ImportError as exc:
        raise RuntimeError("the demo seed needs fpdf2, a development package: install requirements/dev.txt") from exc


# --- real demo documents: files made here (fixed randomness), processed like any upload ---------------

_FINDINGS = [
    "Bearing wear within tolerance; grease replaced.",
    "Minor corrosion on the mounting bracket; treated and painted.",
    "Insulation resistance above 100 megohm on all phases.",
    "Loose terminal found on the supply cable gland; re-torqued to 2.5 Nm.",
    "Vibration at 4.1 mm/s RMS, below the 7.1 mm/s alarm level.",
    "Firmware updated to the current release; configuration backed up.",
    "Earth continuity verified at 0.08 ohm.",
    "Pressure relief valve lifted at 10.2 bar, set point 10 bar.",
    "Display backlight dim; replacement ordered.",
    "Guarding intact; warning labels legible.",
]
_HAZARDS = ["working at height", "live electrical work", "lifting operations", "confined space", "hot work"]


def _principal(user: User, settings: Settings) -> Principal:
    return Principal(
        user_id=user.id or 0,
        session_id="seed",
        username=user.username,
        roles=tuple(roles_from_groups(user.groups, settings.role_group_prefix)),
    )


def _pdf(title: str, subtitle: str, sections: list[tuple[str, list[str]]], colour: tuple[int, int, int]) -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_auto_page_break(auto=True, margin=15)
    for heading, paragraphs in sections:
        pdf.add_page()
        pdf.set_fill_color(*colour)
        pdf.rect(0, 0, 210, 28, style="F")
        pdf.set_text_color(255, 255, 255)
        pdf.set_font("helvetica", "B", 18)
        pdf.set_xy(12, 8)
        pdf.cell(0, 10, title[:60])
        pdf.set_text_color(30, 30, 30)
        pdf.set_xy(12, 36)
        pdf.set_font("helvetica", "", 10)
        pdf.cell(0, 6, subtitle[:100], new_x="LMARGIN", new_y="NEXT")
        pdf.ln(4)
        pdf.set_font("helvetica", "B", 13)
        pdf.cell(0, 8, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", "", 11)
        for paragraph in paragraphs:
            pdf.multi_cell(0, 6, paragraph, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    return bytes(pdf.output())


def _photo(rng: random.Random, label: str) -> bytes:
    from PIL import Image, ImageDraw

    width, height = 960, 640
    picture = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(picture)
    for y in range(height):  # sky to ground
        shade = int(150 + 80 * y / height) if y < height * 0.6 else int(90 + 40 * y / height)
        colour = (shade // 2, shade - 30, shade) if y < height * 0.6 else (shade, shade - 10, shade // 2)
        draw.line([(0, y), (width, y)], fill=colour)
    for _ in range(rng.randint(3, 6)):  # plant and buildings
        x, w, h = rng.randint(0, width - 200), rng.randint(80, 260), rng.randint(90, 300)
        base = int(height * 0.62)
        grey = rng.randint(90, 200)
        draw.rectangle((x, base - h, x + w, base), fill=(grey, grey, grey + 10), outline=(40, 40, 40))
        for wx in range(x + 10, x + w - 20, 30):
            draw.rectangle((wx, base - h + 15, wx + 14, base - h + 35), fill=(230, 220, 120))
    draw.rectangle((0, height - 48, width, height), fill=(20, 20, 20))
    draw.text((16, height - 36), label, fill=(255, 255, 255))
    buffer = io.BytesIO()
    picture.save(buffer, format="JPEG", quality=82)
    return buffer.getvalue()


def _docx(title: str, paragraphs: list[str]) -> bytes:
    import docx

    document = docx.Document()
    document.add_heading(title, level=1)
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _xlsx(rng: random.Random, tag: str, quantity: str, unit: str) -> bytes:
    import openpyxl

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Readings"
    sheet.append(["Asset", "Date", f"{quantity} ({unit})", "Within limits"])
    start = date.today() - timedelta(days=120)
    for week in range(16):
        value = round(rng.uniform(2.0, 9.0), 2)
        sheet.append([tag, (start + timedelta(days=7 * week)).isoformat(), value, "yes" if value < 7.1 else "no"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


async def _demo_files(
    session: AsyncSession, rng: random.Random, asset_ids: list[int], lead_ids: list[int]
) -> list[tuple[str, bytes, dict[str, Any]]]:
    """(file name, bytes, form fields) for each demo document."""

    made: list[tuple[str, bytes, dict[str, Any]]] = []
    for asset_id in rng.sample(asset_ids, 16):
        asset = await session.get(Asset, asset_id)
        assert asset is not None
        fields = {"department": str(asset.department), "assetId": str(asset_id)}
        who = f"{asset.tag} {asset.name}"
        kind = len(made) % 4
        if kind == 0:
            findings = rng.sample(_FINDINGS, 4)
            content = _pdf(
                "Inspection report",
                f"{who}, serial {asset.serial_number}, at {asset.location}",
                [
                    ("Scope", [f"Periodic inspection of the {asset.name} ({asset.category!s}).", *findings[:2]]),
                    ("Findings", [*findings[2:], f"Next inspection due {asset.next_inspection}."]),
                ],
                (22, 92, 160),
            )
            made.append(
                (f"Inspection report {asset.tag}.pdf", content, {**fields, "title": f"Inspection report {who}"})
            )
        elif kind == 1:
            certificate = rng.randint(10000, 99999)
            found, left = rng.uniform(0.01, 0.4), rng.uniform(0.0, 0.1)
            content = _pdf(
                "Calibration certificate",
                f"{who}, serial {asset.serial_number}",
                [
                    (
                        "Results",
                        [
                            f"Reference standard traceable to the national laboratory, certificate {certificate}.",
                            f"As found error {found:.2f} %, as left error {left:.2f} %.",
                            "The instrument meets the manufacturer's specification.",
                        ],
                    )
                ],
                (18, 120, 80),
            )
            made.append(
                (f"Calibration {asset.tag}.pdf", content, {**fields, "title": f"Calibration certificate {who}"})
            )
        elif kind == 2:
            label = f"{asset.tag} at {asset.location}"
            made.append((f"Site photo {asset.tag}.jpg", _photo(rng, label), {**fields, "title": f"Site photo {who}"}))
        else:
            content = _xlsx(rng, asset.tag, "Vibration", "mm/s")
            made.append((f"Readings {asset.tag}.xlsx", content, {**fields, "title": f"Vibration readings {who}"}))
    for lead_id in rng.sample(lead_ids, 8):
        lead = await session.get(Lead, lead_id)
        assert lead is not None
        fields = {"department": str(lead.department), "leadId": str(lead_id)}
        if len(made) % 2 == 0:
            content = _pdf(
                "Proposal",
                f"{lead.title}, prepared for {lead.client_company}",
                [
                    (
                        "Summary",
                        [f"We propose to deliver the {lead.title.lower()} in three phases.", rng.choice(_FINDINGS)],
                    ),
                    ("Scope of work", [f"Survey, design, installation and commissioning for {lead.client_company}."]),
                    ("Price", [f"Estimated value {lead.estimated_value:,.2f} excluding tax, valid for 60 days."]),
                ],
                (120, 60, 140),
            )
            made.append((f"Proposal {lead_id}.pdf", content, {**fields, "title": f"Proposal: {lead.title}"}))
        else:
            hazards = rng.sample(_HAZARDS, 2)
            content = _docx(
                f"Method statement: {lead.title}",
                [
                    f"Client: {lead.client_company}. Contact: {lead.contact_name}.",
                    f"Main hazards: {hazards[0]} and {hazards[1]}; permits are issued before work starts.",
                    "All staff hold current site inductions; isolation follows the lock-out procedure.",
                ],
            )
            made.append(
                (f"Method statement {lead_id}.docx", content, {**fields, "title": f"Method statement: {lead.title}"})
            )
    for day in range(6):
        when = date.today() - timedelta(days=7 * day)
        lines = [f"{when.isoformat()} site log"] + [rng.choice(_FINDINGS) for _ in range(8)]
        made.append(
            (
                f"Site log {when.isoformat()}.txt",
                "\n".join(lines).encode(),
                {"department": Department.HARDWARE.value, "title": f"Site log {when.isoformat()}"},
            )
        )
    return made


async def seed_real_documents(
    session: AsyncSession,
    settings: Settings,
    *,
    uploaders: list[Principal],
    asset_ids: list[int],
    lead_ids: list[int],
) -> int:
    """Upload a few dozen generated files through the upload service and process each one in-process
    (the seed runs before any worker), so the demo has previews, page counts and searchable text."""
    rng = random.Random(5150)
    storage = open_storage(settings)
    quiet = Unheard()
    db = Database(settings.effective_database_url)
    processing = Processing(db=db, storage=storage, events=quiet, settings=settings, notify_uploader=False)
    count = 0
    try:
        for name, content, fields in await _demo_files(session, rng, asset_ids, lead_ids):
            staged = storage.staging_dir / uuid.uuid4().hex
            staged.write_bytes(content)
            form = UploadForm(
                fields={k: [v] for k, v in fields.items()},
                files=[StagedFile(name=name, path=staged, size=len(content))],
            )
            actor = rng.choice(uploaders)
            items = await create_uploads(
                session=session, form=form, actor=actor, storage=storage, queue=None, events=quiet
            )
            await session.commit()  # end the read transaction before the processing session writes
            for item in items:
                await process_document(processing, item["id"], job_id=item["progress"]["jobId"])
                count += 1
    finally:
        await db.dispose()
    log.info("seeded %d real documents with files", count)
    return count


def seed(settings: Settings) -> None:
    """``./ops/portal seed``: the demo data, in an empty database only."""

    async def work(session: AsyncSession) -> None:
        done = await seed_demo_data(session, settings)
        print("demo data loaded" if done else "database already has users: seed skipped")

    with_session(settings, work)
