"""Issue 10, awake: the screen stays on while a game page is open. On localhost (a secure
context) through the Screen Wake Lock API, taken again when the page is shown again; on a
LAN address over plain http (not a secure context, no wake lock there) through a muted
looping video started by the first tap. <html data-awake> says which."""

from __future__ import annotations

import socket

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from .tables import links, new_wizard

pytestmark = pytest.mark.browser

# Records the sentinels the page is given, so a test can see them and release one as
# the browser does when the page is hidden.
KEEP_LOCKS = """
window.__locks = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (type) => request(type).then((l) => { window.__locks.push(l); return l; });
}
"""


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def awake(page):
    return page.locator("html")


def test_game_pages_hold_a_wake_lock_on_localhost(server, contexts):
    key = new_wizard(server)
    urls = links(server, key)
    player_url = server + "/p/" + urls["players"][1]["token"]
    for url in (f"{server}/games/{key}", f"{server}/w/{urls['watch']['token']}", player_url):
        page = contexts(**PHONE)
        page.goto(url)
        assert page.evaluate("window.isSecureContext")
        expect()(awake(page)).to_have_attribute("data-awake", "wakelock")


def test_start_page_does_not_keep_the_screen_on(server, phone):
    phone.goto(server + "/")
    expect()(phone.get_by_role("heading").first).to_be_visible()
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.dataset.awake") is None


def _set_visibility(page, state: str) -> None:
    page.evaluate("""(state) => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", state)


def test_wake_lock_taken_again_when_the_page_is_shown_again(server, phone):
    key = new_wizard(server)
    phone.context.add_init_script(KEEP_LOCKS)
    phone.goto(f"{server}/games/{key}")
    expect()(awake(phone)).to_have_attribute("data-awake", "wakelock")
    # hidden: the browser lets the lock go
    _set_visibility(phone, "hidden")
    phone.evaluate("window.__locks[0].release()")
    expect()(awake(phone)).to_have_attribute("data-awake", "released")
    # shown again: a new lock, without a tap
    _set_visibility(phone, "visible")
    expect()(awake(phone)).to_have_attribute("data-awake", "wakelock")
    assert phone.evaluate("window.__locks.length") == 2
    assert phone.evaluate("window.__locks[1].released") is False


@pytest.fixture(scope="module")
def lan_browser(browser):
    """Chromium that reaches the loopback server by this machine's .local name, which
    `scribe serve` answers to: plain http on a name that is not loopback, so not a
    secure context, as a phone on the LAN sees it."""
    name = socket.gethostname() + ".local"
    second = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS + [f"--host-resolver-rules=MAP {name} 127.0.0.1"])
    yield second, name
    second.close()


def test_plain_http_on_the_lan_keeps_awake_with_the_video_after_a_tap(server, lan_browser):
    second, name = lan_browser
    key = new_wizard(server)
    context = second.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(server.replace("127.0.0.1", name) + f"/games/{key}")
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'wakeLock' in navigator") is False
        expect()(awake(page)).to_have_attribute("data-awake", "waiting")
        page.locator("#round-title").tap()  # any first tap starts the video
        expect()(awake(page)).to_have_attribute("data-awake", "fallback")
    finally:
        context.close()
