"""Operations: request ids, structured logs and Prometheus metrics for the API and the workers."""
