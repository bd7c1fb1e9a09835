"""Scribe behind a real Caddy over HTTPS, driven by Debian's Chromium at a phone's size.

``scribe serve`` listens on loopback with the public URL ``https://scribe.test:<caddy port>``
and 127.0.0.1 as its trusted proxy; Caddy terminates TLS with its own CA (``tls internal``).
The name scribe.test (mapped to 127.0.0.1 inside Chromium) matters: localhost and
127.0.0.1 count as secure contexts even over plain http, so the control page loaded
directly over http proves the HTTPS check can fail.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import ssl
import subprocess
import time

import pytest

from .conftest import Server, free_port
from .tools import caddy, chromium, missing

pytestmark = pytest.mark.browser

NAMES = ("Paul", "Thomas", "Marie")


def caddyfile(data: str, http_port: int, https_port: int, upstream: int) -> str:
    return f"""{{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system {{
		root {data}
	}}
	http_port {http_port}
	https_port {https_port}
}}

scribe.test:{https_port} {{
	tls internal
	reverse_proxy 127.0.0.1:{upstream}
}}
"""


def https_get(port: int, path: str, headers=None):
    """GET through Caddy, SNI scribe.test, the certificate of Caddy's own CA not checked."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conn = http.client.HTTPConnection("scribe.test", port, timeout=10)
    conn.sock = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10),
                                server_hostname="scribe.test")
    try:
        conn.request("GET", path, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, resp.headers, resp.read()
    finally:
        conn.close()


def from_other_address(port: int, path: str, headers: dict):
    """A plain http request from 127.0.0.2: a peer that is not the trusted proxy."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.2", 0))
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.sock = sock
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


@pytest.fixture
def stack(tmp_path):
    """scribe serve + Caddy in front of it; yields (caddy https port, scribe's own port, server)."""
    binary = caddy()
    cport, hport = free_port(), free_port()
    server = Server(tmp_path, "--host", "127.0.0.1", "--public-url", f"https://scribe.test:{cport}",
                    env={"SCRIBE_TRUSTED_PROXIES": "127.0.0.1", "SCRIBE_ALLOWED_HOSTS": "scribe.test"})
    try:
        server.wait_ready()
        conf = tmp_path / "Caddyfile"
        conf.write_text(caddyfile(str(tmp_path / "caddy-data"), hport, cport, server.port))
        env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
               "XDG_CONFIG_HOME": str(tmp_path / "xdg-config")}
        log = (tmp_path / "caddy.log").open("wb")
        proc = subprocess.Popen([binary, "run", "--config", str(conf), "--adapter", "caddyfile"], env=env,
                                stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
        try:
            deadline = time.monotonic() + 30
            while True:
                if proc.poll() is not None:
                    pytest.fail("caddy exited:\n" + (tmp_path / "caddy.log").read_text())
                try:
                    if https_get(cport, "/healthz")[0] == 200:
                        break
                except (OSError, ssl.SSLError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail("caddy did not answer:\n" + (tmp_path / "caddy.log").read_text())
                time.sleep(0.2)
            yield cport, server.port, server
        finally:
            proc.terminate()
            proc.wait(10)
            log.close()
    finally:
        server.stop()


def in_own_thread(fn):
    """Run ``fn`` in a thread of its own and return or raise what it did: tests/browser keeps a
    session-wide Playwright open on the main thread, and the sync API refuses a second one there."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


def with_phone(play):
    """Chromium resolving scribe.test to loopback, at a phone's viewport, Caddy's CA accepted."""
    binary = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the Python package playwright is not installed")
    with sync_playwright() as pw:
        try:
            browser = pw.chromium.launch(executable_path=binary, headless=True, args=[
                "--no-sandbox", "--disable-background-networking", "--disable-gpu",
                "--host-resolver-rules=MAP scribe.test 127.0.0.1"])
        except Exception as err:  # noqa: BLE001  a broken install is as bad as a missing one
            missing(f"Chromium at {binary} did not start: {err}")
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                      ignore_https_errors=True)
        context.set_default_timeout(10_000)
        try:
            return play(context.new_page())
        finally:
            context.close()
            browser.close()


def test_a_game_played_through_caddy_over_https(stack):
    cport, direct, server = stack
    base = f"https://scribe.test:{cport}"
    game_id = in_own_thread(lambda: with_phone(lambda page: play_a_round(page, base, direct)))
    check_forwarded_headers(cport, direct, server, game_id)


def play_a_round(page, base: str, direct: int) -> str:
    """Secure context over Caddy (not over plain http), a round of Wizard, HSTS, Secure cookie."""
    from playwright.sync_api import expect

    # the control: the same server straight over http is NOT a secure context
    page.goto(f"http://scribe.test:{direct}/")
    assert page.evaluate("window.isSecureContext") is False

    first = page.goto(base + "/")
    assert page.evaluate("window.isSecureContext") is True
    assert first.headers["strict-transport-security"] == "max-age=31536000"

    # a new Wizard game from the form: names clockwise, Thomas deals, ±1
    page.get_by_role("link", name=re.compile("new game", re.IGNORECASE)).first.tap()
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.locator(".seat").nth(1).get_by_text("deals", exact=True).tap()
    page.get_by_text("±1", exact=True).tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("p.deal")).to_contain_text("Dealer: Thomas")
    assert page.url.startswith(base + "/games/")
    game_id = page.url.rsplit("/", 1)[1]

    # round 1: Marie, Paul, Thomas bid; Thomas may not bid 0 (W-B3)
    for name, value in (("Marie", 0), ("Paul", 1), ("Thomas", 1)):
        expect(page.locator("form.bid h2.who")).to_have_text(f"{name} bids")
        page.locator("form.bid").get_by_role("button", name=str(value), exact=True).tap()
    for name, value in (("Marie", 0), ("Paul", 1)):
        row = page.locator("form.tricks fieldset.trickrow", has=page.locator("legend", has_text=name))
        row.get_by_text(str(value), exact=True).tap()
    page.get_by_role("button", name="Record the tricks").tap()
    for player, total in enumerate((30, -10, 20)):  # W-S1: 20 + 10 per trick, or -10 per trick off
        expect(page.locator(f"#sheet tr#round-1 td[data-player='{player}'] .total")).to_have_text(str(total))

    # every cookie set over HTTPS is Secure: the language switch's, and the session's once set
    page.goto(base + "/lang/en?next=/")
    cookies = {c["name"]: c for c in page.context.cookies(base)}
    assert "lang" in cookies
    assert all(c["secure"] and c["sameSite"] == "Lax" for c in cookies.values()), cookies
    return game_id


def check_forwarded_headers(cport: int, direct: int, server, game_id: str) -> None:
    base = f"https://scribe.test:{cport}"
    # Caddy's X-Forwarded-* are honoured: links handed to other phones are https on the public name
    status, _, body = https_get(cport, f"/api/games/{game_id}/links")
    assert status == 200 and json.loads(body)["watch"]["url"].startswith(base + "/w/")
    # ...and ignored from any other peer, which cannot make itself https or another host
    status, body = from_other_address(direct, f"/api/games/{game_id}/links", {
        "Host": f"scribe.test:{direct}", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "scribe.test:443",
        "X-Forwarded-For": "203.0.113.77"})
    assert status == 200
    assert json.loads(body)["watch"]["url"].startswith(f"http://scribe.test:{direct}/w/")
    log = server.wait_log(lambda log: "GET /api/games/<token>/links 200" in log)
    assert re.search(r"GET /api/games/<token>/links 200 [\d.]+ms 127\.0\.0\.2$", log, re.MULTILINE)
    assert "203.0.113.77" not in log


def test_the_tv_follows_the_game_on_its_stream_through_caddy_over_http2(stack):
    """Push as deployed: the TV's page and its stream over HTTP/2 through Caddy, each bid
    shown as it is entered, not one poll sent."""
    cport, direct, _server = stack
    base = f"https://scribe.test:{cport}"
    _status, _, body = request_direct(direct, "POST", "/api/games", {"players": list(NAMES), "first_dealer": 0})
    key = json.loads(body)["key"]
    _, _, links = https_get(cport, f"/api/games/{key}/links")
    watch = json.loads(links)["watch"]["url"]
    assert watch.startswith(base + "/w/")

    def follow(page):
        from playwright.sync_api import expect

        polls, streams = [], []
        page.on("request", lambda r: re.search(r"/sheet\?v=\d+$", r.url) and polls.append(r.url))
        cdp = page.context.new_cdp_session(page)  # the protocol each response came over
        cdp.on("Network.responseReceived", lambda e: e["type"] == "EventSource" and streams.append(
            e["response"].get("protocol")))
        cdp.send("Network.enable")
        page.goto(watch)
        expect(page.locator("html")).to_have_attribute("data-stream", "stream")
        assert streams == ["h2"], streams
        for version, (player, bid) in enumerate(((1, 0), (2, 1), (0, 1)), start=1):
            request_direct(direct, "POST", f"/api/games/{key}/bids", {"player": player, "bid": bid})
            expect(page.locator("#watch")).to_have_attribute("data-version", str(version))
        assert page.locator("#watch").get_attribute("data-live").startswith("/w/")
        return polls

    assert in_own_thread(lambda: with_phone(follow)) == []


def request_direct(port: int, method: str, path: str, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, json.dumps(body).encode() if body is not None else None,
                     {"Content-Type": "application/json", "Host": "localhost"})
        resp = conn.getresponse()
        return resp.status, resp.headers, resp.read()
    finally:
        conn.close()
