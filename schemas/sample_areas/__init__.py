"""The models of the template's sample areas (``/api/*``, app/samples): one module per area with the
bodies the server validates and the answers it sends, declared on each route so /openapi.json
describes them. The stored rows themselves are ``schemas.samples.SampleItem``."""
