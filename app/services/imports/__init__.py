"""CSV/Excel imports of assets and opportunities: accepted by the API, run by a worker, all or nothing.

Life of an import: the API stores the file and a ``validating`` job row, and enqueues an RQ job.
The worker reads the file twice, never holding more than one batch of rows:

1. **validate** every row (the create model's own rules, references, keys repeated in the file,
   keys already taken) and keep every error with its row number and column (the first
   ``MAX_ERRORS``, and their count). Any error: ``failed``, nothing written. A dry run stops here
   as ``ready-to-commit``; ``POST /imports/{id}/commit`` runs it again for real.
2. **write** (``importing``) every row in ONE transaction through
   :func:`app.services.records.batch.write_batch` (each record with its history entry), batch by
   batch; the job row becomes ``done`` in that same transaction.
   After the commit, one ``records`` push per batch (never one per row) tells every list and the
   dashboard to refetch.

Progress goes to the RQ job's meta (Redis), since the writing transaction holds SQLite's only write
lock until it commits; ``GET /imports/{id}`` adds it to the job row.

The package: ``mapping`` (which column is which field), ``jobs`` (the job row: created by the API,
read and committed through it, finished by the worker), ``passes`` (the worker's two passes).
"""
