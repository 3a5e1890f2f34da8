"""Web Push (RFC 8030/8291/8292): devices, the endpoint allow-list, VAPID keys, payloads, sending."""
