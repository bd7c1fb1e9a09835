"""deploy/: the systemd unit names options and variables the app really reads, and both
Caddyfiles are valid for the caddy the tests install, pointing at the unit's port."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess

import pytest

from scribe import ENVIRONMENT, create_app
from scribe.cli import serve

from .conftest import ROOT
from .tools import caddy

DEPLOY = ROOT / "deploy"
SERVE_ENV = {"HOST", "PORT", "THREADS", "WORKERS", "CONNECTION_LIMIT", "PUBLIC_URL"}


def unit(name: str = "scribe.service") -> dict[str, list[str]]:
    """The [Service] section of the unit: each key with all its values, in order."""
    values: dict[str, list[str]] = {}
    section = None
    for raw in (DEPLOY / name).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        assert _, f"not key=value: {raw!r}"
        if section == "Service":
            values.setdefault(key, []).append(value)
    return values


def environment(name: str = "scribe.service") -> dict[str, str]:
    env = {}
    for value in unit(name)["Environment"]:
        for word in shlex.split(value):
            name, _, val = word.partition("=")
            env[name] = val
    return env


def exec_start(name: str = "scribe.service") -> list[str]:
    (line,) = unit(name)["ExecStart"]
    return shlex.split(line)


def test_unit_runs_scribe_serve_from_the_venv_on_loopback_as_its_own_user():
    u = unit()
    argv = exec_start()
    assert argv[0].endswith("/.venv/bin/scribe") and argv[1] == "serve"
    options = serve.make_context("serve", argv[2:]).params  # every option exists (click refuses an unknown one)
    assert options["host"] == "127.0.0.1" and options["no_qr"]
    assert u["User"] == ["scribe"] and u["Restart"] == ["on-failure"]
    for hardening in ("NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp"):
        assert u[hardening][0] in ("yes", "strict"), hardening


def test_unit_environment_is_what_the_app_reads(monkeypatch, tmp_path):
    env = environment()
    for name in env:
        if name.startswith("SCRIBE_"):
            setting = name.removeprefix("SCRIBE_")
            assert setting in ENVIRONMENT or setting in SERVE_ENV, f"{name} is read by nothing"
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path))
    app = create_app()
    assert app.config["PUBLIC_URL"] == env["SCRIBE_PUBLIC_URL"]
    assert app.config["CREATE_LIMIT"] == "30 per 10 minutes"
    assert app.config["SESSION_COOKIE_SECURE"] is True
    client = app.test_client()
    via_caddy = client.get("/healthz", headers={"Host": "127.0.0.1:8000", "X-Forwarded-Proto": "https",
                                                "X-Forwarded-Host": "scribe.example.org"},
                           environ_base={"REMOTE_ADDR": env["SCRIBE_TRUSTED_PROXIES"]})
    assert via_caddy.status_code == 200 and via_caddy.headers["Strict-Transport-Security"]
    options = serve.make_context("serve", []).params  # the serve options' defaults come from the unit's environment
    assert (options["workers"], options["threads"], options["connection_limit"]) == (
        int(env["SCRIBE_WORKERS"]), int(env["SCRIBE_THREADS"]), int(env["SCRIBE_CONNECTION_LIMIT"]))


@pytest.mark.parametrize("name", ["scribe.service", "scribe-node.service"])
def test_unit_passes_systemd_analyze(name, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if not analyze:
        pytest.skip("systemd-analyze is not installed")
    text = (DEPLOY / name).read_text()
    copy = tmp_path / "scribe.service"  # verify wants the program to exist: stand in /bin/true
    copy.write_text(text.replace(exec_start(name)[0], shutil.which("true"))
                    .replace("EnvironmentFile=/etc/scribe.env", "EnvironmentFile=-/etc/scribe.env"))
    out = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "scribe.service" not in out.stderr, out.stderr


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.lan"])
def test_caddyfiles_are_valid_and_proxy_to_the_units_port(name, tmp_path):
    binary = caddy()
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "PATH": "/usr/bin:/bin"}
    path = str(DEPLOY / name)
    out = subprocess.run([binary, "validate", "--config", path, "--adapter", "caddyfile"], capture_output=True,
                         text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    adapted = subprocess.run([binary, "adapt", "--config", path, "--adapter", "caddyfile"], capture_output=True,
                             text=True, env=env, timeout=60)
    config = json.loads(adapted.stdout)
    argv = exec_start()
    port = argv[argv.index("--port") + 1]
    assert f'"dial":"127.0.0.1:{port}"' in json.dumps(config, separators=(",", ":"))


def test_the_hosting_page_documents_every_environment_variable():
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    for name in [*ENVIRONMENT, *SERVE_ENV]:
        assert f"SCRIBE_{name}" in hosting, name


def test_node_unit_takes_the_database_url_and_shared_key_from_its_required_file(monkeypatch, tmp_path):
    """deploy/scribe-node.service: SCRIBE_DATABASE_URL and SCRIBE_SECRET_KEY from /etc/scribe.env,
    which must exist (no leading dash: a node without them must not start on a database of its own)."""
    u = unit("scribe-node.service")
    assert u["EnvironmentFile"] == ["/etc/scribe.env"]
    header = (DEPLOY / "scribe-node.service").read_text().split("[Unit]")[0]
    for name in ("SCRIBE_DATABASE_URL=postgresql://", "SCRIBE_SECRET_KEY=", "SCRIBE_HOST="):
        assert name in header, name
    argv = exec_start("scribe-node.service")
    assert argv[0].endswith("/.venv/bin/scribe") and argv[1] == "serve"
    env = environment("scribe-node.service")
    for name in env:
        if name.startswith("SCRIBE_"):
            setting = name.removeprefix("SCRIBE_")
            assert setting in ENVIRONMENT or setting in SERVE_ENV, f"{name} is read by nothing"
    for name, value in {**env, "SCRIBE_DATABASE_URL": "postgresql://scribe@10.0.0.5/scribe",
                        "SCRIBE_HOST": "10.0.0.11"}.items():
        monkeypatch.setenv(name, value)
    options = serve.make_context("serve", argv[2:]).params  # host and port from the environment
    assert (options["host"], options["port"]) == ("10.0.0.11", int(env["SCRIBE_PORT"]))
    from scribe.config import configured_app

    config = configured_app({"INSTANCE_PATH": str(tmp_path)}).config
    assert config["DATABASE_URL"] == "postgresql://scribe@10.0.0.5/scribe"


def test_the_nodes_caddyfile_balances_two_upstreams_with_active_health_checks(tmp_path):
    binary = caddy()
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "PATH": "/usr/bin:/bin"}
    path = str(DEPLOY / "Caddyfile.nodes")
    out = subprocess.run([binary, "adapt", "--config", path, "--adapter", "caddyfile", "--validate"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    (proxy,) = [h for h in _handlers(json.loads(out.stdout)) if h.get("handler") == "reverse_proxy"]
    port = unit("scribe-node.service")["Environment"]
    assert "SCRIBE_PORT=8000" in port
    assert [u["dial"] for u in proxy["upstreams"]] == ["10.0.0.11:8000", "10.0.0.12:8000"]
    active = proxy["health_checks"]["active"]
    assert active["uri"] == "/healthz" and active["headers"]["Host"] == ["localhost"]
    assert proxy["load_balancing"]["try_duration"]


def _handlers(node):
    """Every handler object anywhere in Caddy's JSON config."""
    if isinstance(node, dict):
        if "handler" in node:
            yield node
        for value in node.values():
            yield from _handlers(value)
    elif isinstance(node, list):
        for value in node:
            yield from _handlers(value)


RELEASE = ("make wheel", ".venv/bin/pip install --require-hashes -r locks/hosted.txt",
           ".venv/bin/pip install --no-deps dist/scribe-*.whl")


@pytest.mark.parametrize("name", ["scribe.service", "scribe-node.service"])
def test_unit_installs_the_release_as_the_hosting_page_does_and_points_at_sections_that_exist(name):
    """The header installs the wheel over the hosted lock (not the checkout: `pip install .`),
    with the same commands as docs/hosting.md, and each "page, "Section"" it names exists."""
    header = (DEPLOY / name).read_text().split("[Unit]")[0]
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    for command in RELEASE:
        assert command in header and command in hosting, command
    assert "pip install ." not in header
    pointers = re.findall(r"([\w/.-]+\.md), \"([^\"]+)\"", header)
    assert pointers
    for page, section in pointers:
        headings = re.findall(r"^#+ (.+)$", (ROOT / page).read_text(), re.MULTILINE)
        assert section in headings, f"{name}: {page}, {section!r}"
