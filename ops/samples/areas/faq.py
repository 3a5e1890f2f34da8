"""FAQ: a dozen questions with their answers (GET /api/faq)."""

from __future__ import annotations

import random

QUESTIONS = [
    (
        "How do I reset my password?",
        "Ask an administrator to issue a temporary password. You will be asked to choose a new one (at least 8"
        " characters) when you next sign in.",
    ),
    (
        "Why does the portal ask me for a new password on first sign-in?",
        "Accounts created by an administrator start with a temporary password. The first sign-in replaces it with"
        " one only you know.",
    ),
    (
        "Which role do I need to edit an asset?",
        "Managers and administrators edit every asset. Technicians edit the field-work details of the assets"
        " assigned to them. Contractors read everything but change nothing.",
    ),
    (
        "How do I upload a document?",
        "Open Documents and drop a file on the upload area. The file is processed in the background; its state"
        " moves from queued to ready and the page updates by itself.",
    ),
    (
        "Can I link a document to an asset or an opportunity?",
        "Yes. Open the document and pick the asset or the opportunity it belongs to. The link shows on both pages.",
    ),
    (
        "What do the asset statuses mean?",
        "GREAT and GOOD mean the asset is fit for use, BAD means it needs attention soon and POOR means it should"
        " not be used until it is repaired.",
    ),
    (
        "What are the risk levels?",
        "LL, L, H and HH, from lowest to highest. The level reflects how much harm a failure of the asset could cause.",
    ),
    (
        "Why did my change to a record fail with a conflict?",
        "Someone else saved the same record after you opened it. Reload the record to see their change, then apply"
        " yours again. Nothing is ever overwritten silently.",
    ),
    (
        "How do I start a conversation in Team Chat?",
        "Open the chat panel on the right, pick a colleague and type your message below. Contacts you already talk"
        " with are listed first.",
    ),
    (
        "How do I add a page to my shortcuts?",
        "Use the star in the toolbar: search for a page and star it. Your shortcuts follow you to every device.",
    ),
    (
        "Can I change the layout of the portal?",
        "Yes. Open the settings panel from the floating button and choose a layout, its options, the theme and the"
        " direction. Not all option combinations are available.",
    ),
    (
        "Who do I contact when something does not work?",
        "Write to your administrator in Team Chat, with the page you were on and what you expected to happen.",
    ),
]


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    return {
        "faqs": [
            {"id": index, "question": question, "answer": answer}
            for index, (question, answer) in enumerate(QUESTIONS, start=1)
        ]
    }
