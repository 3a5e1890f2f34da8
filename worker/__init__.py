"""RQ worker: background jobs (document processing) run here, outside the API processes."""
