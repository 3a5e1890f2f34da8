"""An S3-compatible bucket (``STORAGE_URL=s3://bucket/prefix``); boto3 is imported only here."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, cast

from app.storage.keys import StoredFileMissing, check_key

_MISSING = {"404", "NoSuchKey", "NotFound"}


class S3Storage:
    def __init__(
        self, *, bucket: str, prefix: str, endpoint_url: str | None, region: str | None, staging_dir: Path
    ) -> None:
        try:
            import boto3  # the s3 extra: not in the default production install
        except ImportError as exc:
            raise RuntimeError(
                "STORAGE_URL=s3://... needs boto3, which the default production install leaves out: install "
                "requirements/s3.txt (the image: docker compose build --build-arg LOCK=s3)"
            ) from exc

        self.bucket = bucket
        self.prefix = f"{prefix}/" if prefix else ""
        self.staging_dir = staging_dir
        self.staging_dir.mkdir(parents=True, exist_ok=True)
        self._client: Any = boto3.client("s3", endpoint_url=endpoint_url, region_name=region)

    def _key(self, key: str) -> str:
        return self.prefix + check_key(key)

    @staticmethod
    @contextlib.contextmanager
    def _found(key: str) -> Iterator[None]:
        """The bucket's "no such key" as :class:`StoredFileMissing`; other failures as they are."""
        try:
            yield
        except Exception as exc:
            if str(getattr(exc, "response", {}).get("Error", {}).get("Code")) in _MISSING:
                raise StoredFileMissing(key) from exc
            raise

    def put_file(self, key: str, source: Path, media_type: str) -> None:
        try:
            # upload_file switches to a multipart upload for large files: never whole in memory.
            self._client.upload_file(str(source), self.bucket, self._key(key), ExtraArgs={"ContentType": media_type})
        finally:
            source.unlink(missing_ok=True)

    def put_bytes(self, key: str, data: bytes, media_type: str) -> None:
        self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data, ContentType=media_type)

    def open(self, key: str) -> IO[bytes]:
        with self._found(key):
            answer = self._client.get_object(Bucket=self.bucket, Key=self._key(key))
        return cast(IO[bytes], answer["Body"])

    def size(self, key: str) -> int:
        with self._found(key):
            head = self._client.head_object(Bucket=self.bucket, Key=self._key(key))
        return int(head["ContentLength"])

    @contextlib.contextmanager
    def local_copy(self, key: str) -> Iterator[Path]:
        with tempfile.TemporaryDirectory(dir=self.staging_dir) as folder:
            path = Path(folder) / "file"
            with self._found(key):
                self._client.download_file(self.bucket, self._key(key), str(path))
            yield path

    def delete(self, key: str) -> None:
        self._client.delete_object(Bucket=self.bucket, Key=self._key(key))
