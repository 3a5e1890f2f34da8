"""Enumerated values shared by the records, the API's ``GET /options`` and the UI."""

from __future__ import annotations

from enum import StrEnum


class AssetStatus(StrEnum):
    GREAT = "GREAT"
    GOOD = "GOOD"
    BAD = "BAD"
    POOR = "POOR"


STATUS_COLORS = {
    AssetStatus.GREAT: "white",
    AssetStatus.GOOD: "green",
    AssetStatus.BAD: "orange",
    AssetStatus.POOR: "darkred",
}


class InspectionResult(StrEnum):
    """What an inspection found; the asset's status becomes the same value."""

    GOOD = "GOOD"
    BAD = "BAD"
    POOR = "POOR"


class Risk(StrEnum):
    LL = "LL"
    L = "L"
    H = "H"
    HH = "HH"


RISK_LABELS = {Risk.LL: "Very low", Risk.L: "Low", Risk.H: "High", Risk.HH: "Very high"}
RISK_ORDER = [Risk.LL, Risk.L, Risk.H, Risk.HH]


class Department(StrEnum):
    SOFTWARE_AND_FIRMWARE = "Software and Firmware"
    HARDWARE = "Hardware"


class AssetCategory(StrEnum):
    TEST_EQUIPMENT = "Test equipment"
    INSTRUMENTATION = "Instrumentation"
    POWER = "Power"
    LIFTING = "Lifting equipment"
    VEHICLE = "Vehicle"
    TOOLING = "Tooling"
    IT_HARDWARE = "IT hardware"
    DEVELOPMENT_BOARD = "Development board"


class LeadStage(StrEnum):
    NEW = "new"
    QUALIFIED = "qualified"
    PROPOSAL = "proposal"
    NEGOTIATION = "negotiation"
    WON = "won"
    LOST = "lost"


STAGE_LABELS = {stage: stage.value.capitalize() for stage in LeadStage}  # "New", "Qualified"...

#: the probability (percent) an opportunity takes in each stage unless a person set it by hand
STAGE_PROBABILITY = {
    LeadStage.NEW: 10,
    LeadStage.QUALIFIED: 25,
    LeadStage.PROPOSAL: 50,
    LeadStage.NEGOTIATION: 75,
    LeadStage.WON: 100,
    LeadStage.LOST: 0,
}


class NotificationVariant(StrEnum):
    """How a notification is shown: the colour of its dot and of its snackbar."""

    SUCCESS = "success"
    WARNING = "warning"
    ERROR = "error"
    INFO = "info"


class DocumentState(StrEnum):
    QUEUED = "queued"
    PROCESSING = "processing"
    READY = "ready"
    FAILED = "failed"


class Role(StrEnum):
    ADMIN = "admin"
    MANAGER = "manager"
    TECHNICIAN = "technician"
    CONTRACTOR = "contractor"


class UserState(StrEnum):
    FORCE_CHANGE_PASSWORD = "FORCE_CHANGE_PASSWORD"
    CONFIRMED = "CONFIRMED"
    DISABLED = "DISABLED"
