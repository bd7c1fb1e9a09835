"""Issue 10, installable: on localhost (as on HTTPS) Chromium finds nothing missing to
install Scribe; the service worker registers from the root, caches the static shell only
(never a game page nor an API answer) and answers a failed navigation with the offline
page in the table's language."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from .tables import api, new_wizard

pytestmark = pytest.mark.browser


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def _worker_ready(page) -> str:
    """Wait for the service worker to control the page; its script URL."""
    return page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")


def _cached_paths(page) -> list[str]:
    return page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const req of await cache.keys()) { out.push(new URL(req.url).pathname); }
        }
        return out;
    }""")


@pytest.fixture
def profile_phone(browser, tmp_path):
    """A phone with a real profile: Chromium installs nothing from an incognito context,
    which every new_context() is."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **PHONE)
    context.set_default_timeout(10_000)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_chromium_finds_nothing_missing_to_install(server, profile_phone):
    phone = profile_phone
    phone.goto(server + "/")
    assert _worker_ready(phone) == server + "/sw.js"
    cdp = phone.context.new_cdp_session(phone)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest
    icons = json.loads(manifest["data"])["icons"]
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in icons:  # every icon is really there, with its size
        with urllib.request.urlopen(server + icon["src"]) as resp:
            body = resp.read()
        if icon["type"] == "image/png":
            w, h = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"], icon
    touch = phone.locator("link[rel='apple-touch-icon']").get_attribute("href")
    with urllib.request.urlopen(server + touch) as resp:
        assert resp.headers["Content-Type"] == "image/png"


def test_worker_is_served_for_the_root_scope_and_never_stored(server):
    with urllib.request.urlopen(server + "/sw.js") as resp:
        assert resp.headers["Content-Type"].startswith("text/javascript")
        assert resp.headers["Cache-Control"] == "no-cache"


def test_offline_navigation_shows_the_offline_page_and_no_game_is_cached(server, phone):
    key = new_wizard(server)
    phone.goto(server + "/")
    _worker_ready(phone)
    phone.goto(f"{server}/games/{key}")
    expect()(phone.locator("#round-title")).to_have_text("Round 1 of 3")
    phone.evaluate("(url) => fetch(url).then((r) => r.json())", f"/api/games/{key}")

    cached = _cached_paths(phone)
    assert "/static/scribe.css" in cached and "/offline/en" in cached and "/offline/fr" in cached
    assert not [p for p in cached if p.startswith(("/games", "/api", "/w/", "/p/"))], cached

    phone.context.set_offline(True)
    try:
        phone.goto(f"{server}/games/{key}")
        expect()(phone.get_by_role("heading", name="No connection")).to_be_visible()
        assert phone.url == f"{server}/games/{key}"  # reloading tries the game again
        # the shell came from the cache: styled, with its scripts
        assert phone.evaluate("getComputedStyle(document.querySelector('.top')).position") == "sticky"
        assert "Round 1" not in phone.content()  # no copy of the game page anywhere
    finally:
        phone.context.set_offline(False)
    phone.get_by_role("button", name="Try again").tap()
    expect()(phone.locator("#round-title")).to_have_text("Round 1 of 3")


def test_offline_page_speaks_the_chosen_language(server, contexts):
    page = contexts(**PHONE)
    page.goto(server + "/lang/fr?next=/")
    _worker_ready(page)
    # the page told the worker its language, which keeps it for when it is woken offline
    page.wait_for_function("caches.open('scribe-prefs').then((c) => c.match('/lang')).then((r) => r && r.text())"
                           ".then((t) => t === 'fr')")
    page.context.set_offline(True)
    try:
        page.goto(server + "/")
        expect()(page.get_by_role("heading", name="Pas de connexion")).to_be_visible()
        expect()(page.locator("html")).to_have_attribute("lang", "fr")
    finally:
        page.context.set_offline(False)


def test_api_answers_never_come_from_the_worker(server, phone):
    key = new_wizard(server)
    phone.goto(f"{server}/games/{key}")
    _worker_ready(phone)
    phone.reload()
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    before = phone.evaluate("(url) => fetch(url).then((r) => r.json())", f"/api/games/{key}")
    api(server, "POST", f"/api/games/{key}/bids", {"version": before["sheet"]["version"], "player": 1, "bid": 1})
    after = phone.evaluate("(url) => fetch(url).then((r) => r.json())", f"/api/games/{key}")
    assert after["sheet"]["version"] == before["sheet"]["version"] + 1
