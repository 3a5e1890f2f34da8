#!/bin/sh
# Starts the web image: writes the UI's server block and headers from the templates with where the API
# is (PUBLIC_API_URL), then runs nginx in the foreground. `entrypoint.sh render` only writes them.
# A malformed address stops the start here instead of reaching browsers.
set -eu

TEMPLATES="${PORTAL_UI_TEMPLATES:-/etc/nginx/portal}"
OUT="${PORTAL_UI_CONF_DIR:-/etc/nginx/portal}"
PORT="${UI_PORT:-3000}"
ROOT="${UI_DIST:-/srv/ui}"
HSTS_SECONDS="${HSTS_MAX_AGE:-31536000}"

: "${PUBLIC_API_URL:?set PUBLIC_API_URL, e.g. https://api.portal.example.com}"
# Only these characters: the address goes into a JavaScript string and nginx directives as it is.
if ! printf '%s' "$PUBLIC_API_URL" | grep -Eq '^https?://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$'; then
  echo "PUBLIC_API_URL is not a plain http(s) address: $PUBLIC_API_URL" >&2
  exit 1
fi
case "$PORT" in *[!0-9]* | '') echo "UI_PORT must be a port number" >&2; exit 1 ;; esac
case "$HSTS_SECONDS" in *[!0-9]* | '') echo "HSTS_MAX_AGE must be a number of seconds" >&2; exit 1 ;; esac

# Company sign-in (OpenID Connect): with OIDC_ISSUER set, /config.js names the provider for the login
# page's "Sign in with ..." button (the API checks the rest of the OIDC_* settings).
oidc_name=""
if [ -n "${OIDC_ISSUER:-}" ]; then
  name="${OIDC_DISPLAY_NAME:-company sign-in}"
  if ! printf '%s' "$name" | grep -Eq '^[A-Za-z0-9 ._()-]{1,60}$'; then
    echo "OIDC_DISPLAY_NAME may use letters, digits, spaces and . _ ( ) - (at most 60): $name" >&2
    exit 1
  fi
  oidc_name=", \"oidcName\": \"$name\""
fi

api_origin="$(printf '%s' "$PUBLIC_API_URL" | sed -E 's#^(https?://[^/]+).*#\1#')"
ws_origin="$(printf '%s' "$api_origin" | sed -E 's#^http#ws#')"
hsts=""
# HSTS in production only, as the API sends it: on a development http://localhost it would pin HTTPS.
if [ "${PORTAL_ENV:-production}" = production ] && [ "$HSTS_SECONDS" != 0 ]; then
  hsts="add_header Strict-Transport-Security \"max-age=$HSTS_SECONDS; includeSubDomains\" always;"
fi

mkdir -p "$OUT"
sed -e "s|@PORT@|$PORT|g" -e "s|@ROOT@|$ROOT|g" -e "s|@PUBLIC_API_URL@|$PUBLIC_API_URL|g" -e "s|@OIDC_NAME@|$oidc_name|g" \
  -e "s|include /etc/nginx/portal/|include $OUT/|g" \
  "$TEMPLATES/server.conf.template" > "$OUT/ui-server.conf"
sed -e "s|@API_ORIGIN@|$api_origin|g" -e "s|@WS_ORIGIN@|$ws_origin|g" -e "s|@HSTS@|$hsts|g" \
  "$TEMPLATES/headers.conf.template" > "$OUT/ui-headers.conf"

if [ "${1:-}" = render ]; then
  exit 0
fi
exec nginx -g 'daemon off;'
