"""``python -m app.devstack`` (the container image and compose): the API alone, see :mod:`app.operations.devstack`."""

from app.operations.devstack import serve_api

if __name__ == "__main__":
    serve_api()
