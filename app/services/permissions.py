"""Who may do what. The UI hides what a role cannot use; these checks are the ones that count.

All four roles read every product record. Technicians also edit the assets assigned to them (the
field-work fields only), upload documents and edit the documents they uploaded. Managers create,
edit and delete every record. Admins also manage users.
"""

from __future__ import annotations

from app.auth.identity import Principal
from app.errors import forbidden
from schemas.options import Role

RANK = {Role.CONTRACTOR: 0, Role.TECHNICIAN: 1, Role.MANAGER: 2, Role.ADMIN: 3}

# What an inspection changes (app/services/inspections.py: "Inspection done" in My work).
INSPECTION_FIELDS = frozenset(
    {
        "status",
        "next_inspection",
        "last_inspected_on",
        "last_inspection_result",
        "last_inspection_note",
        "last_inspection_document_id",
    }
)
# What a technician may change on an asset assigned to them.
TECHNICIAN_ASSET_FIELDS = frozenset({"status", "risk", "location", "notes", "next_inspection"}) | INSPECTION_FIELDS
# What an uploader (technician) may change on their own document.
UPLOADER_DOCUMENT_FIELDS = frozenset({"title", "department", "asset_id", "lead_id", "notes"})


def at_least(principal: Principal, role: Role) -> bool:
    """Spec section 6 hierarchy: admin ⊃ manager ⊃ technician ⊃ contractor, judged on the first role."""
    return principal.role is not None and RANK[principal.role] >= RANK[role]


def require(principal: Principal, role: Role, action: str) -> None:
    if not at_least(principal, role):
        raise forbidden(f"Your role ({principal.role or 'none'}) cannot {action}.")


def require_staff(principal: Principal) -> Principal:
    """Product records are for the four staff roles; a token without a role gets nothing."""
    if principal.role is None:
        raise forbidden("Your account has no role. Ask an administrator to assign one.")
    return principal


RECORD_RESOURCES = ("assets", "documents", "leads")


def readable(principal: Principal) -> tuple[str, ...]:
    """The record resources a person may read (lists, search, exports): today every staff role reads
    every record; a rule that changes here changes it everywhere."""
    return RECORD_RESOURCES if principal.role is not None else ()


def view_of(principal: Principal) -> str:
    """What a person's record answers depend on, for the answer cache and ETags (app/services/answers.py):
    answers are shared only between callers with the same view. Today the role alone (every staff
    role reads every record in full); a rule that makes a role's view depend on the person (their
    own records only, hidden fields) must add the user id here for that role."""
    return f"role:{principal.role or 'none'}"


def can_create(principal: Principal, resource: str) -> bool:
    needed = Role.TECHNICIAN if resource == "documents" else Role.MANAGER
    return at_least(principal, needed)


def check_update(principal: Principal, resource: str, *, owner_id: int | None, fields: set[str]) -> None:
    """Refuse an edit the role may not make; ``owner_id`` is the assignee or uploader of the record."""
    if at_least(principal, Role.MANAGER):
        return
    if principal.role == Role.TECHNICIAN and owner_id == principal.user_id:
        allowed = {"assets": TECHNICIAN_ASSET_FIELDS, "documents": UPLOADER_DOCUMENT_FIELDS}.get(resource)
        if allowed is not None:
            refused = sorted(fields - allowed)
            if not refused:
                return
            raise forbidden(f"Technicians cannot change: {', '.join(refused)}.")
    if principal.role == Role.TECHNICIAN and resource == "assets":
        raise forbidden("Technicians can only edit assets assigned to them.")
    if principal.role == Role.TECHNICIAN and resource == "documents":
        raise forbidden("Technicians can only edit documents they uploaded.")
    raise forbidden(f"Your role ({principal.role or 'none'}) cannot edit {resource}.")
