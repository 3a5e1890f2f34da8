"""Uploaded documents, by stage: ``upload`` (the form, the files, the records), ``queue`` (the RQ lanes),
``processing`` (in the worker), ``progress`` (its steps), ``changes`` (state changes and retries),
``sweep`` (nothing stays active forever) and ``files`` (downloads, deletes).

Life of an upload: ``queued`` (record created, one RQ job enqueued) -> ``processing`` (a worker
claimed it) -> ``ready`` or ``failed`` (with a reason a person can read). Every state change is a
versioned record change with a history entry, pushed after commit with the same ``RecordChanged``
event as any other edit; the worker's changes carry no actor (``actorId: null``). The steps in
between (received, type check, text, thumbnail, done) are progress only: kept in the RQ job's
``meta`` and the record's ``progress`` column, pushed as ``DocumentProgress``, no version change.

Processing is safe to run twice: a job only ever updates the one record it was given, a finished
record is left alone, the thumbnail key follows from the file key, and the final update is
conditional on the record still being ``processing``.

Two lanes (RQ queues) keep one uploader's slow files from holding everyone else's: every worker
takes from the normal lane first. A file goes to the lane for slow files when its uploader already
has ``DOCUMENT_FAST_LANE_PER_UPLOADER`` files waiting, or when it spends the normal lane's CPU budget
(it is moved, not failed). A file over a cap (memory, CPU time, time, archive, pixels...; see
:mod:`app.storage.limits`) ends ``failed`` with the cap in ``progress["limit"]``: never retried by the
worker, and retried by hand only when an admin forces it.
"""
