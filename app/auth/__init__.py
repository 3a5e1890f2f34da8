"""The portal's own user pool: passwords, tokens, TOTP, throttling and the sign-in flows."""
