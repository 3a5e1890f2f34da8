# Shared set-up for ./ops/run and ./ops/test: each step is skipped when already done.
# shellcheck shell=bash
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
STAMPS="$ROOT/.venv/.stamps"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }

# start_step NAME COMMAND...: runs COMMAND in the background, its output kept aside; wait_steps waits for
# every step started, shows each one's output in turn and fails when any failed.
STEP_PIDS=()
STEP_NAMES=()
STEP_LOGS=()
start_step() {
  local name="$1" out
  shift
  out="$(mktemp)"
  log "$name: started in the background"
  ("$@") >"$out" 2>&1 &
  STEP_PIDS+=("$!")
  STEP_NAMES+=("$name")
  STEP_LOGS+=("$out")
}
wait_steps() {
  local i failed=0
  for i in "${!STEP_PIDS[@]}"; do
    if wait "${STEP_PIDS[$i]}"; then
      log "${STEP_NAMES[$i]}: passed"
      cat "${STEP_LOGS[$i]}" >&2
    else
      cat "${STEP_LOGS[$i]}" >&2
      log "${STEP_NAMES[$i]}: FAILED"
      failed=1
    fi
    rm -f "${STEP_LOGS[$i]}"
  done
  STEP_PIDS=()
  STEP_NAMES=()
  STEP_LOGS=()
  return "$failed"
}

find_python() {
  for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      echo "$candidate"; return 0
    fi
  done
  echo "Python 3.11 or newer is required" >&2; return 1
}

# The locked Python packages (requirements/dev.txt, every version and hash pinned; ./ops/lock writes it),
# then the project itself, editable, without its dependencies and with the locked build backend.
ensure_python() {
  if [ ! -x "$PY" ]; then
    log "creating the virtual environment"
    "$(find_python)" -m venv "$VENV"
  fi
  mkdir -p "$STAMPS"
  if [ "${PORTAL_LOCK_CHECK:-1}" != 0 ]; then
    "$PY" "$ROOT/ops/pylock.py" check  # a dependency added to pyproject.toml without ./ops/lock stops here
  fi
  local want; want="$(cat "$ROOT/requirements/dev.txt" "$ROOT/pyproject.toml" | sha256sum | cut -c1-16)"
  if [ "$(cat "$STAMPS/python" 2>/dev/null)" != "$want" ]; then
    log "installing the locked Python packages (requirements/dev.txt)"
    "$PY" -m pip install --quiet --disable-pip-version-check --require-hashes -r "$ROOT/requirements/dev.txt"
    "$PY" -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e "$ROOT"
    echo "$want" > "$STAMPS/python"
  fi
}

ensure_node() {
  if ! command -v npm >/dev/null 2>&1; then
    log "installing Node.js and npm"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
  fi
  npm_ci_when_changed "$ROOT/ui" npm "npm packages"
}

# npm ci in DIR (1) when node_modules is missing or package-lock.json changed since the install the
# stamp file STAMP (2) records; WHAT (3) names the packages in the log.
npm_ci_when_changed() {
  local dir="$1" stamp="$STAMPS/$2"
  mkdir -p "$STAMPS"
  local want; want="$(sha256sum "$dir/package-lock.json" | cut -c1-16)"
  if [ ! -d "$dir/node_modules" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "installing $3"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$want" > "$stamp"
  fi
}

# The realtime benchmarks' Node load clients and reference server (ops/benchmarks/node).
ensure_bench_node() {
  npm_ci_when_changed "$ROOT/ops/benchmarks/node" bench-npm "the benchmarks' npm packages"
}

# The OpenID Connect provider of the company sign-in browser test (tests/oidc_provider: oidc-provider).
ensure_test_oidc_provider() {
  npm_ci_when_changed "$ROOT/tests/oidc_provider" oidc-provider-npm "the test OpenID Connect provider's npm packages"
}

build_ui() {
  local dist="$ROOT/ui/dist/index.html"
  if [ ! -f "$dist" ] || [ -n "$(find "$ROOT/ui/src" "$ROOT/ui/index.html" "$ROOT/ui/package.json" "$ROOT/ui/vite.config.ts" "$ROOT/ui/precompress.ts" "$ROOT/ui/public" -newer "$dist" -print -quit 2>/dev/null)" ]; then
    log "building the UI"
    (cd "$ROOT/ui" && npm run --silent build)
  fi
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_wrk() {
  if ! command -v wrk >/dev/null 2>&1; then
    log "installing wrk (HTTP load generator, Debian package) for the benchmarks"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  fi
}

# Debian's nginx and its brotli_static module: tests/test_deploy.py serves the UI with the web image's
# nginx configuration (ops/deploy/ui). Only the package: the test starts its own nginx on a free port.
ensure_nginx() {
  if { ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; } \
    || [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then
    log "installing nginx and its brotli module (Debian packages) for the deploy configuration's test"
    as_root apt-get update -qq
    # Install the package only: a policy-rc.d answering 101 keeps Debian from starting the system
    # nginx on port 80 (which fails the install where that port is taken).
    local policy=/usr/sbin/policy-rc.d placed=0
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null && as_root chmod +x "$policy" && placed=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static >/dev/null
    if [ "$placed" = 1 ]; then as_root rm -f "$policy"; fi
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "installing Chromium (Debian package) for the browser tests"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
}
