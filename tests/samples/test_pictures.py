"""The shipped sample pictures (ops/samples/pictures.py): every picture the sample data names is a
small WebP file in ui/public/samples, none is left unnamed, and no record still names the original
template's unshipped ``assets/images`` files."""

from __future__ import annotations

import json

from ops.samples.pictures import DATA, FOLDER, PUBLIC, file_of, picture, referenced

MAX_PICTURE = 15 * 1024


def test_every_named_picture_is_shipped_small_as_webp() -> None:
    names = referenced()
    assert {name.split("/")[2] for name in names} == {"avatars", "ecommerce", "profile", "scrumboard", "etc"}
    total = 0
    for name in names:
        path = file_of(name)
        assert path.is_file(), f"{name} is named by the sample data but not shipped (python -m ops.samples.pictures)"
        data = path.read_bytes()
        assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", name
        assert len(data) <= MAX_PICTURE, (name, len(data))
        total += len(data)
    assert total <= 1024 * 1024


def test_no_picture_is_left_unnamed_and_no_record_names_an_unshipped_file() -> None:
    shipped = {f"/{p.relative_to(PUBLIC).as_posix()}" for p in FOLDER.rglob("*") if p.is_file()}
    assert shipped == referenced()
    for path in DATA.glob("*.json"):
        assert "assets/images/" not in path.read_text(), path.name
    # Every image field of the data is one of them.
    products = json.loads((DATA / "e-commerce.json").read_text())["products"]
    assert all(image["url"] in shipped for product in products for image in product["images"])
    contacts = json.loads((DATA / "contacts.json").read_text())["contacts"]
    assert all(contact["avatar"] in shipped for contact in contacts)


def test_picture_names_a_file_under_the_samples_folder() -> None:
    assert picture("avatars", "Abbott") == "/samples/avatars/abbott.webp"
