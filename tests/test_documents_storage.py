"""The storage interface: the local folder (keys only, never paths) and an S3 bucket (moto, in-process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.services.documents.processing import Processing, process_document
from app.settings import Settings
from app.storage import Storage, StoredFileMissing, check_key, new_file_key, open_storage, thumbnail_key
from app.storage.local import LocalStorage
from tests.fixtures import files
from tests.support import Account, make_settings, running_app, sign_in


def _exercise(storage: Storage, tmp_path: Path) -> None:
    key = new_file_key()
    staged = storage.staging_dir / "upload"
    staged.write_bytes(b"hello storage")
    storage.put_file(key, staged, "text/plain")
    assert not staged.exists()  # consumed
    assert storage.size(key) == 13
    with storage.open(key) as handle:
        assert handle.read() == b"hello storage"
    with storage.local_copy(key) as path:
        assert path.read_bytes() == b"hello storage"
    thumb = thumbnail_key(key)
    storage.put_bytes(thumb, b"\x89PNG", "image/png")
    assert storage.size(thumb) == 4
    storage.delete(key)
    storage.delete(key)  # already gone: no error
    with pytest.raises(StoredFileMissing):
        storage.open(key)
    with pytest.raises(StoredFileMissing):
        storage.size(key)
    with pytest.raises(StoredFileMissing), storage.local_copy(key):
        pass


def test_local_storage(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path / "store", staging_dir=tmp_path / "store" / ".incoming")
    _exercise(storage, tmp_path)


@pytest.mark.parametrize("key", ["../etc/passwd", "files/../../x", "/etc/passwd", "files//x", "files/A", "other/x"])
def test_keys_are_checked(key: str, tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path / "store", staging_dir=tmp_path / "store" / ".incoming")
    with pytest.raises(ValueError, match="not a storage key"):
        storage.open(key)
    with pytest.raises(ValueError):
        check_key(key)


def test_storage_url_choices(tmp_path: Path) -> None:
    base = Settings(portal_env="test", data_dir=tmp_path)
    default = open_storage(base)
    assert isinstance(default, LocalStorage) and default.root == (tmp_path / "documents").resolve()
    folder = open_storage(base.model_copy(update={"storage_url": f"file://{tmp_path / 'elsewhere'}"}))
    assert isinstance(folder, LocalStorage) and folder.root == (tmp_path / "elsewhere").resolve()
    with pytest.raises(ValueError, match="STORAGE_URL must"):
        open_storage(base.model_copy(update={"storage_url": "ftp://host/x"}))
    with pytest.raises(ValueError, match="name a bucket"):
        open_storage(base.model_copy(update={"storage_url": "s3:///prefix"}))


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from moto import mock_aws

    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "eu-west-1",
    }.items():
        monkeypatch.setenv(name, value)
    with mock_aws():
        import boto3

        boto3.client("s3", region_name="eu-west-1").create_bucket(
            Bucket="portal-docs", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"}
        )
        yield


def test_s3_storage(aws: None, tmp_path: Path) -> None:
    settings = Settings(
        portal_env="test", data_dir=tmp_path, storage_url="s3://portal-docs/staff", s3_region="eu-west-1"
    )
    storage = open_storage(settings)
    _exercise(storage, tmp_path)
    import boto3

    key = new_file_key()
    staged = storage.staging_dir / "again"
    staged.write_bytes(b"x")
    storage.put_file(key, staged, "text/plain")
    listed = boto3.client("s3", region_name="eu-west-1").list_objects_v2(Bucket="portal-docs")
    assert f"staff/{key}" in [o["Key"] for o in listed["Contents"]]


@pytest.mark.db
async def test_upload_and_processing_on_s3(
    aws: None, settings: Settings, redis_url: str, staff: dict[str, Account]
) -> None:
    on_s3 = make_settings(
        settings.data_dir,
        redis_url,
        database_url=settings.effective_database_url,
        storage_url="s3://portal-docs/uploads",
        s3_region="eu-west-1",
    )
    async with running_app(on_s3) as (app, client):
        who = await sign_in(client, staff["technician"])
        response = await client.post(
            "/documents/upload",
            headers=who.headers,
            data={"department": "Hardware"},
            files=[("file", ("On S3.pdf", files.pdf(2, marker="bucketed")))],
        )
        assert response.status_code == 201, response.text
        item = response.json()["items"][0]
        portal = app.state.portal
        ctx = Processing(db=portal.db, storage=open_storage(on_s3), events=portal.events, settings=on_s3)
        assert await process_document(ctx, item["id"], job_id=item["progress"]["jobId"]) == "ready"
        download = await client.get(f"/documents/{item['id']}/file", headers=who.headers)
        assert download.status_code == 200 and download.content.startswith(b"%PDF")
        thumb = await client.get(f"/documents/{item['id']}/thumbnail", headers=who.headers)
        assert thumb.status_code == 200 and thumb.content.startswith(b"\x89PNG")
