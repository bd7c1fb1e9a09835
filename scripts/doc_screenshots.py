"""The French screenshots of the docs (docs/fr/*.png), made again after a change of the pages:

    .venv/bin/python scripts/doc_screenshots.py

It serves the app from this checkout (`scribe serve` on a free loopback port, a throwaway
instance folder), plays a Wizard evening in Debian's Chromium at a phone's 390x844, in French
(locale fr-FR, Accept-Language fr), and saves each screen as a PNG under 150 KB (Pillow's
palette when Chromium's own PNG is bigger). Not a test: tests/test_docs.py checks the files
it leaves and that the French pages show them.

The final standings show a 🏆: install Debian's fonts-noto-color-emoji first, or point
SCRIBE_DOC_FONTS at a folder holding an emoji font (added to fontconfig for this browser
only), else it shows as a box.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# the rounds the browser tests play: one helper, so the pictures show what the tests check
from tests.browser.test_evening import play_wizard_rounds

OUT = ROOT / "docs" / "fr"
CHROMIUM = os.environ.get("SCRIBE_CHROMIUM", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1, "locale": "fr-FR",
         "extra_http_headers": {"Accept-Language": "fr-FR,fr;q=0.9"}}
LIMIT = 150 * 1024
PLAYERS = ["Camille", "Julien", "Léa", "Malik"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(instance: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "scribe", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        cwd=ROOT, env={**os.environ, "SCRIBE_INSTANCE": instance},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit(f"scribe serve did not start (exit {proc.poll()})")
            time.sleep(0.2)


def browser_env(tmp: str) -> dict[str, str] | None:
    """The environment that adds SCRIBE_DOC_FONTS to the system's fonts, for Chromium only."""
    extra = os.environ.get("SCRIBE_DOC_FONTS")
    if not extra:
        return None
    conf = Path(tmp) / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>'
                    f'<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>{extra}</dir>'
                    f'<cachedir>{tmp}/fontcache</cachedir></fontconfig>\n')
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def save(page, name: str) -> None:
    """The window as it is, as a PNG under LIMIT: Chromium's own, else a 256-colour palette."""
    from PIL import Image

    data = page.screenshot()
    if len(data) > LIMIT:
        image = Image.open(io.BytesIO(data)).convert("RGB")
        out = io.BytesIO()
        image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
        data = out.getvalue()
    if len(data) > LIMIT:
        raise SystemExit(f"{name}: {len(data)} bytes, over {LIMIT}")
    (OUT / name).write_bytes(data)
    print(f"docs/fr/{name}: {len(data) // 1024} KB")


def api(page, base: str, method: str, path: str, body=None) -> dict:
    """The JSON API with the page's own cookies (the Scribe's phone)."""
    resp = getattr(page.request, method)(base + path, **({"data": body} if body is not None else {}))
    if not resp.ok:
        raise SystemExit(f"{method.upper()} {path}: {resp.status} {resp.text()}")
    return resp.json()


def tap(page, locator) -> None:
    """One tap, as a person: after the half second a new button ignores taps, then wait
    for the page to show the entry."""
    version = int(page.locator("#play").get_attribute("data-version"))
    page.wait_for_timeout(600)
    locator.click()
    page.wait_for_selector(f'#play[data-version="{version + 1}"]')


def evening(browser, base: str) -> None:
    scribe = browser.new_context(**PHONE).new_page()

    # before the guests arrive: the new game's form, names in their seats, Camille deals first
    scribe.goto(base + "/")
    scribe.get_by_role("link", name="Nouvelle partie de Wizard").click()
    for i, name in enumerate(PLAYERS):
        scribe.locator(f"#p{i}").fill(name)
    scribe.locator("label.chip.dealer").nth(0).click()
    scribe.locator("input[name=preset][value=standard]").check()
    scribe.locator("#p0").blur()
    save(scribe, "nouvelle-partie.png")
    scribe.get_by_role("button", name="Commencer la partie").click()
    scribe.wait_for_selector("#play")
    key = scribe.url.rstrip("/").rsplit("/", 1)[1]

    # the first round on the phone, tap by tap: bids, then tricks
    for bid in ("0", "1", "0", "0"):
        tap(scribe, scribe.locator(f"form.bid button[name=bid][value='{bid}']"))
    tap(scribe, scribe.get_by_role("button", name="Tout le monde a réussi son pari"))

    # a few rounds later, mid-bids: the Scribe's phone as the table sees it
    play_wizard_rounds(scribe, base, key, 4)
    scribe.goto(f"{base}/games/{key}")
    tap(scribe, scribe.locator("form.bid button[name=bid][value='1']"))
    tap(scribe, scribe.locator("form.bid button[name=bid][value='2']"))
    scribe.wait_for_timeout(700)  # the bid buttons fade in
    save(scribe, "partie.png")

    # the phones and the TV: the links page, and the watch link on a second phone
    scribe.goto(f"{base}/games/{key}/links")
    save(scribe, "liens.png")
    watch = api(scribe, base, "get", f"/api/games/{key}/links")["watch"]["token"]
    tv = browser.new_context(**PHONE).new_page()
    tv.goto(f"{base}/w/{watch}")
    tv.wait_for_timeout(500)
    save(tv, "tele.png")

    # the end: a short game played to its last round, the final standings and "Play again"
    short = api(scribe, base, "post", "/api/games",
                {"players": PLAYERS, "first_dealer": 1, "preset": "standard", "rules": {"rounds": 3}})["key"]
    play_wizard_rounds(scribe, base, short, 99)
    scribe.goto(f"{base}/games/{short}")
    scribe.wait_for_timeout(700)
    save(scribe, "fin.png")


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as instance, tempfile.TemporaryDirectory() as scratch:
        proc, base = start_server(instance)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, env=browser_env(scratch),
                                            args=["--no-sandbox", "--disable-background-networking"])
                try:
                    evening(browser, base)
                finally:
                    browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
