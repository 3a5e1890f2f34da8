"""The deploy files: the web image's nginx configuration served for real (Debian's nginx with its
brotli_static module, as the image has them) answering like app/ui_server.py, and the Dockerfile,
.dockerignore and compose.yaml agreeing with each other and with the lock.

``docker build`` needs an engine this machine does not have; ./ops/test runs ``docker compose config``
where the compose plugin exists."""

from __future__ import annotations

import fnmatch
import gzip
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml

from app.settings import ROOT, Settings
from app.ui_server import create_ui_app
from tests.processes import free_port, serving

DEPLOY = ROOT / "ops" / "deploy"
DOCKERFILE = (DEPLOY / "Dockerfile").read_text()
DIST = ROOT / "ui" / "dist"
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
API = "https://api.portal.test"
SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options")


def render(folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The image's entrypoint, writing the server block and headers into ``folder`` instead of /etc/nginx."""
    return subprocess.run(
        ["sh", str(DEPLOY / "ui" / "entrypoint.sh"), "render"],
        env={
            "PATH": os.environ["PATH"],
            "PORTAL_UI_TEMPLATES": str(DEPLOY / "ui"),
            "PORTAL_UI_CONF_DIR": str(folder),
            "UI_DIST": str(DIST),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.fixture(scope="module")
def nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(binary).exists() and BROTLI_MODULE.exists(), (
        "needs Debian's nginx and its brotli module (./ops/test installs them): "
        "apt-get install nginx-light libnginx-mod-http-brotli-static"
    )
    assert (DIST / "index.html").exists(), "build the UI first (./ops/test does): ui/dist/index.html is missing"
    folder = tmp_path_factory.mktemp("nginx")
    port = free_port()
    rendered = render(folder, PUBLIC_API_URL=API, UI_PORT=str(port), PORTAL_ENV="production")
    assert rendered.returncode == 0, rendered.stderr
    # The image's nginx.conf with this test's paths: its own pid, logs and temporary files, no root.
    main = (DEPLOY / "ui" / "nginx.conf").read_text()
    main = main.replace("user www-data;\n", "").replace("pid /run/nginx.pid;", f"pid {folder}/nginx.pid;")
    main = main.replace("include /etc/nginx/modules-enabled/*.conf;", f"load_module {BROTLI_MODULE};")
    main = main.replace("include /etc/nginx/portal/ui-server.conf;", f"include {folder}/ui-server.conf;")
    main = main.replace(
        "access_log /dev/stdout;",
        "access_log off;\n"
        + "".join(
            f"  {kind}_temp_path {folder}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        ),
    )
    (folder / "nginx.conf").write_text(main)
    command = [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", "stderr", "-g", "daemon off;"]
    url = f"http://127.0.0.1:{port}"
    with serving([("nginx", command, f"{url}/config.js")], dict(os.environ), folder):
        yield url


def start_chunk() -> str:
    found = re.search(r'<script type="module"[^>]*src="(/assets/[^"]+\.js)"', (DIST / "index.html").read_text())
    assert found
    return found[1]


def get(url: str, accept: str) -> tuple[httpx.Response, bytes]:
    with httpx.Client() as client, client.stream("GET", url, headers={"Accept-Encoding": accept}) as response:
        return response, b"".join(response.iter_raw())


def test_nginx_sends_the_precompressed_variant_the_browser_accepts(nginx: str) -> None:
    chunk = start_chunk()
    original = (DIST / chunk.lstrip("/")).read_bytes()
    for accept, encoding in (("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip"), ("identity", None)):
        response, body = get(nginx + chunk, accept)
        assert response.status_code == 200
        assert response.headers.get("content-encoding") == encoding, accept
        expected = {"br": ".br", "gzip": ".gz", None: ""}[encoding]
        assert body == (DIST / (chunk.lstrip("/") + expected)).read_bytes()
        assert response.headers["vary"] == "Accept-Encoding"
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(get(nginx + chunk, "gzip")[1]) == original


async def test_nginx_answers_as_the_ui_server_does(nginx: str, settings: Settings) -> None:
    """Same security headers, cache rules, SPA fallback, 404s and /config.js as app/ui_server.py."""
    app = create_ui_app(settings.model_copy(update={"public_api_url": API, "portal_env": "production"}), dist=DIST)
    async with (
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ui.test") as python_server,
        httpx.AsyncClient(base_url=nginx) as web,
    ):
        paths = ("/", "/login", "/apps/assets/12", start_chunk(), "/config.js", "/favicon.svg")
        for path in (*paths, "/sw.js", "/manifest.webmanifest", "/icons/icon-192.png"):
            ours, theirs = await python_server.get(path), await web.get(path)
            assert theirs.status_code == ours.status_code == 200, path
            if path in ("/manifest.webmanifest", "/icons/icon-192.png"):  # (JavaScript: either name is fine)
                assert theirs.headers["content-type"] == ours.headers["content-type"], path
            for header in (*SECURITY_HEADERS, "cache-control", "strict-transport-security"):
                assert theirs.headers.get(header) == ours.headers.get(header), (path, header)
            assert theirs.content == ours.content or path == "/config.js", path
        # The same configuration, written differently: JSON spacing is the only liberty.
        assert (await web.get("/config.js")).text.replace(" ", "") == (
            await python_server.get("/config.js")
        ).text.replace(" ", "")
        for missing in ("/assets/no-such-chunk.js", "/robots.txt"):
            assert (await web.get(missing)).status_code == (await python_server.get(missing)).status_code == 404


@pytest.mark.parametrize(
    "address",
    ['https://api.example.com/"};alert(1);//', "javascript:alert(1)", "https://api.example.com/ x", ""],
)
def test_the_web_image_refuses_a_malformed_api_address(tmp_path: Path, address: str) -> None:
    done = render(tmp_path, PUBLIC_API_URL=address)
    assert done.returncode != 0
    assert "PUBLIC_API_URL" in done.stderr
    assert not (tmp_path / "ui-server.conf").exists()


def test_the_web_image_names_the_company_sign_in_when_configured(tmp_path: Path) -> None:
    assert render(tmp_path, PUBLIC_API_URL=API).returncode == 0
    assert '{"apiBase": "' + API + '"};' in (tmp_path / "ui-server.conf").read_text()
    issuer = "https://sso.example.com/realms/staff"
    assert render(tmp_path, PUBLIC_API_URL=API, OIDC_ISSUER=issuer, OIDC_DISPLAY_NAME="Example SSO").returncode == 0
    assert '{"apiBase": "' + API + '", "oidcName": "Example SSO"};' in (tmp_path / "ui-server.conf").read_text()
    for name in ('Evil"};alert(1);//', "A & B", "x" * 61):
        done = render(tmp_path / "bad", PUBLIC_API_URL=API, OIDC_ISSUER=issuer, OIDC_DISPLAY_NAME=name)
        assert done.returncode != 0 and "OIDC_DISPLAY_NAME" in done.stderr


def test_hsts_only_in_production(tmp_path: Path) -> None:
    assert render(tmp_path, PUBLIC_API_URL=API, PORTAL_ENV="development").returncode == 0
    assert "Strict-Transport-Security" not in (tmp_path / "ui-headers.conf").read_text()
    assert render(tmp_path, PUBLIC_API_URL=API, HSTS_MAX_AGE="0").returncode == 0
    assert "Strict-Transport-Security" not in (tmp_path / "ui-headers.conf").read_text()


# --- Dockerfile, .dockerignore, compose.yaml: read, since nothing here can build an image ---------------


def stages() -> set[str]:
    return set(re.findall(r"^FROM \S+ AS (\S+)$", DOCKERFILE, flags=re.MULTILINE))


def ignored(path: str) -> bool:
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()]
    patterns = [p for p in patterns if p and not p.startswith("#")]
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(fnmatch.fnmatch(prefix, pattern) for pattern in patterns for prefix in prefixes)


def test_compose_builds_stages_that_exist() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    targets = {
        service["build"]["target"] for service in compose["services"].values() if isinstance(service.get("build"), dict)
    }
    assert targets == {"runtime", "web"}
    assert targets <= stages()
    assert compose["x-portal"]["build"]["args"]["LOCK"] == "${PYTHON_LOCK:-prod}"


def test_the_image_installs_the_lock_before_the_code_and_compiles_nothing() -> None:
    install = DOCKERFILE.index("--require-hashes")
    assert "--only-binary :all:" in DOCKERFILE and '-r "/tmp/requirements/${LOCK}.txt"' in DOCKERFILE
    assert re.search(r"^ARG LOCK=prod$", DOCKERFILE, flags=re.MULTILINE)
    assert (ROOT / "requirements" / "prod.txt").exists() and (ROOT / "requirements" / "s3.txt").exists()
    assert install < DOCKERFILE.index("COPY app/")
    for compiler in ("build-essential", "gcc", "g++", "python3-dev"):
        assert compiler not in DOCKERFILE
    assert re.search(r"^FROM node:(\d+)-", DOCKERFILE, flags=re.MULTILINE)[1] in {"24", "26"}  # type: ignore[index]


def test_every_file_the_dockerfile_copies_is_in_the_build_context() -> None:
    sources = []
    for line in DOCKERFILE.splitlines():
        if line.startswith("COPY ") and "--from=" not in line:
            sources += line.split()[1:-1]
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not ignored(source.rstrip("/")), f"{source} is left out by .dockerignore"


@pytest.mark.parametrize("path", ["ui/node_modules", ".venv", "data", "ui/dist", ".git", "app/__pycache__", "tests"])
def test_the_build_context_leaves_out_what_the_image_makes_itself(path: str) -> None:
    assert ignored(path)
