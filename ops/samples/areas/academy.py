"""Academy: four course categories and a dozen courses, each with several HTML steps."""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

CATEGORIES = [
    {"id": 0, "value": "web", "label": "Web", "color": "#2196f3"},
    {"id": 1, "value": "firebase", "label": "Firebase", "color": "#43a047"},
    {"id": 2, "value": "cloud", "label": "Cloud", "color": "#3949ab"},
    {"id": 3, "value": "android", "label": "Android", "color": "#fb8c00"},
]

COURSES = {
    "web": [
        ("Basics of React", "Components, state and effects, from a blank page to a small app."),
        ("TypeScript for JavaScript Developers", "Types, generics and the compiler settings that catch real bugs."),
        ("Accessible Web Forms", "Labels, errors and keyboard use that work for everyone."),
    ],
    "firebase": [
        ("Realtime Chat with Firebase", "Build a chat that syncs between browsers as messages arrive."),
        ("Firebase Authentication in Depth", "Email, social and anonymous sign-in, and linking accounts."),
        ("Cloud Functions for Firebase", "Run code on database events and HTTP calls without a server."),
    ],
    "cloud": [
        ("Deploying Containers to the Cloud", "Package a service in a container and run it behind a load balancer."),
        ("Monitoring with Metrics and Logs", "Dashboards and alerts that tell you what broke and why."),
        ("Infrastructure as Code", "Describe networks, databases and services in files you can review."),
    ],
    "android": [
        ("Your First Android App", "Activities, layouts and the tools to run the app on a device."),
        ("Location and Maps on Android", "Show the user's position and places on a map."),
        ("Background Work on Android", "Schedule work that survives restarts and respects the battery."),
    ],
}

MIDDLE_STEPS = [
    "Get the sample code",
    "Set up the project",
    "Build the first screen",
    "Load and show data",
    "Handle errors",
    "Write the tests",
    "Deploy it",
]

SENTENCES = [
    "Follow the steps below in order; each one builds on the previous one.",
    "Run the project after each change to see the result straight away.",
    "If something does not work, compare your code with the sample.",
    "Keep the browser's developer tools open to watch the network calls.",
    "Commit your work at the end of the step so you can go back to it.",
    "The finished code for this step is in the folder named after it.",
]


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def step_content(rng: random.Random, number: int, title: str) -> str:
    items = "".join(f"<li>{s}</li>" for s in rng.sample(SENTENCES, 3))
    return (
        f"<h1>Step {number} - {title}</h1><br>"
        f"<p>{' '.join(rng.sample(SENTENCES, 2))}</p>"
        f"<ul>{items}</ul>"
        f"<blockquote><p>{rng.choice(SENTENCES)}</p></blockquote>"
    )


def steps(rng: random.Random) -> list[dict[str, object]]:
    middle = sorted(rng.sample(range(len(MIDDLE_STEPS)), rng.randint(2, 5)))
    titles = ["Introduction", *(MIDDLE_STEPS[i] for i in middle), "Wrap up"]
    return [
        {"id": str(index), "title": title, "content": step_content(rng, index + 1, title)}
        for index, title in enumerate(titles)
    ]


def course(rng: random.Random, category: str, title: str, description: str) -> dict[str, object]:
    course_steps = steps(rng)
    updated = date(2024, 1, 15) + timedelta(days=rng.randint(0, 600))
    return {
        "id": "".join(rng.choice("0123456789abcdef") for _ in range(19)),
        "title": title,
        "slug": slug(title),
        "description": description,
        "category": category,
        "length": rng.choice([30, 45, 60, 90, 120]),
        "totalSteps": len(course_steps),
        "activeStep": rng.choice([0, 0, 1, 2]),
        "updated": updated.strftime("%b %d, %Y"),
        "steps": course_steps,
    }


def generate(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    courses = [
        course(rng, category, title, description)
        for category, entries in COURSES.items()
        for title, description in entries
    ]
    rng.shuffle(courses)
    return {"categories": CATEGORIES, "courses": courses}
