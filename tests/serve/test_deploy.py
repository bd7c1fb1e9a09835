"""deploy/: the systemd unit names options and variables the app really reads, and both
Caddyfiles are valid for the caddy the tests install, pointing at the unit's port."""

from __future__ import annotations

import json
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


def unit() -> dict[str, list[str]]:
    """The [Service] section of the unit: each key with all its values, in order."""
    values: dict[str, list[str]] = {}
    section = None
    for raw in (DEPLOY / "scribe.service").read_text().splitlines():
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


def environment() -> dict[str, str]:
    env = {}
    for value in unit()["Environment"]:
        for word in shlex.split(value):
            name, _, val = word.partition("=")
            env[name] = val
    return env


def exec_start() -> list[str]:
    (line,) = unit()["ExecStart"]
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


def test_unit_passes_systemd_analyze(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if not analyze:
        pytest.skip("systemd-analyze is not installed")
    text = (DEPLOY / "scribe.service").read_text()
    copy = tmp_path / "scribe.service"  # verify wants the program to exist: stand in /bin/true
    copy.write_text(text.replace(exec_start()[0], shutil.which("true")))
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
