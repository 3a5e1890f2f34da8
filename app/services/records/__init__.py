"""Assets, documents and opportunities: ``query`` reads, ``shape`` builds the public shape, ``rules``
checks a write, ``writes`` is the one versioned write with its history row, ``batch`` its bulk form."""
