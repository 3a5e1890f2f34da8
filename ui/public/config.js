// Runtime configuration of the staff portal UI.
// The server that serves the built UI replaces this file to point at its API.
window.PORTAL_CONFIG = { apiBase: "http://localhost:5000" };
