"""``python -m app.cli`` (what ``./ops/portal`` and ``./ops/run`` call): the commands live in :mod:`app.operations`."""

from app.operations.cli import main

if __name__ == "__main__":
    main()
