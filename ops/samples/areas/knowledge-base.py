"""Knowledge base: four categories with the spec's article counts and five featured articles each.

Spec: Your Account 17, Selling 12, Buying 19, Item Support 24 articles; every category points to
/pages/knowledge-base. Featured articles carry HTML content.
"""

from __future__ import annotations

import random

PATH = "/pages/knowledge-base"

CATEGORIES = [
    (
        "Your Account",
        17,
        [
            "How do I create an account?",
            "Changing your email address",
            "Keeping your account secure",
            "Turning on two-step sign-in",
            "Closing your account",
        ],
    ),
    (
        "Selling",
        12,
        [
            "Listing your first item",
            "Setting a fair price",
            "Writing a description that sells",
            "Handling returns",
            "When do I get paid?",
        ],
    ),
    (
        "Buying",
        19,
        [
            "Finding what you need",
            "Paying for your order",
            "Tracking a delivery",
            "Asking the seller a question",
            "Getting a refund",
        ],
    ),
    (
        "Item Support",
        24,
        [
            "What the item support covers",
            "Requesting help with an item",
            "How long does support last?",
            "Extending item support",
            "Reporting a broken item",
        ],
    ),
]

SENTENCES = [
    "This article walks you through it step by step.",
    "It takes a few minutes and you can stop at any time.",
    "Your changes are saved as soon as you confirm them.",
    "If something looks wrong, contact support with the reference shown on the page.",
    "Most questions are answered by the articles linked below.",
    "You will receive an email confirming every change.",
    "The same steps work on a phone, a tablet and a computer.",
    "Administrators can do this on your behalf when needed.",
]


def content(rng: random.Random, title: str) -> str:
    steps = "".join(f"<li>{sentence}</li>" for sentence in rng.sample(SENTENCES, 3))
    return (
        f"<h2>{title}</h2>"
        f"<p>{' '.join(rng.sample(SENTENCES, 2))}</p>"
        f"<ol>{steps}</ol>"
        f"<p><strong>Tip:</strong> {rng.choice(SENTENCES)}</p>"
    )


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    categories: list[dict[str, object]] = []
    article_id = 0
    for category_id, (title, count, featured) in enumerate(CATEGORIES, start=1):
        articles = []
        for article_title in featured:
            article_id += 1
            articles.append({"id": article_id, "title": article_title, "content": content(rng, article_title)})
        categories.append(
            {"id": category_id, "title": title, "path": PATH, "articlesCount": count, "featuredArticles": articles}
        )
    return {"categories": categories}
