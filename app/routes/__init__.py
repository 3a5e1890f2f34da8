"""HTTP routes, one module per area; ``ROUTES`` lists them all in the order they are matched."""
