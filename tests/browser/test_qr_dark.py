"""Issue 32, item 1: a QR code is scanned at 11 pm too. On the links page at 390x844, in
the light theme, the dark theme the phone asks for (prefers-color-scheme, Scribe on Auto)
and the dark theme chosen on Scribe's own switch, every code is dark modules on a light
quiet zone, whatever colour the card behind it is. Read from the pixels the screen shows,
as a camera would."""

from __future__ import annotations

import io

import pytest

from .conftest import PHONE
from .tables import api

pytestmark = pytest.mark.browser


def luminance(rgb) -> float:
    r, g, b = rgb[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


THEMES = {  # name: (the system's colour scheme, Scribe's own switch)
    "light": ("light", "light"),
    "system dark": ("dark", None),
    "chosen dark": ("light", "dark"),
}


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_qr_code_is_dark_on_a_light_quiet_zone(server, browser, artifacts, theme):
    from PIL import Image

    scheme, chosen = THEMES[theme]
    key = api(server, "POST", "/api/games", {"players": ["Anne", "Bart", "Cleo"], "first_dealer": 0,
                                              "preset": "standard", "rules": {"rounds": 3}})["key"]
    ctx = browser.new_context(**PHONE, color_scheme=scheme)
    if chosen:
        ctx.add_init_script(f"localStorage.setItem('scribe-theme', '{chosen}')")
    try:
        page = ctx.new_page()
        page.goto(f"{server}/games/{key}/links")
        assert page.evaluate("document.documentElement.dataset.theme") == ("light" if theme == "light" else "dark")
        codes = page.locator("img.qr")
        assert codes.count() == 5  # watch, three players, the Scribe
        for i in range(codes.count()):
            code = codes.nth(i)
            code.scroll_into_view_if_needed()
            img = Image.open(io.BytesIO(code.screenshot())).convert("RGB")
            img = img.crop((2, 2, img.width - 2, img.height - 2))  # a fractional top takes in a row of the card
            w, h = img.size
            px = img.load()
            # the quiet zone: the outer band, 4 modules of the smallest code's 41 (a margin of safety off it)
            band = max(2, int(w * 0.07))
            frame = [px[x, y] for y in range(h) for x in range(w)
                     if x < band or y < band or x >= w - band or y >= h - band]
            dark_frame = sum(luminance(p) < 200 for p in frame)
            assert dark_frame == 0, f"{theme}, code {i}: {dark_frame} of {len(frame)} quiet-zone pixels are not light"
            inner = [px[x, y] for y in range(band, h - band) for x in range(band, w - band)]
            dark = sum(luminance(p) < 60 for p in inner) / len(inner)
            light = sum(luminance(p) > 200 for p in inner) / len(inner)
            assert dark > 0.3 and light > 0.3, f"{theme}, code {i}: {dark:.0%} dark and {light:.0%} light modules"
        if theme != "light":
            page.screenshot(path=str(artifacts / f"qr-{theme.replace(' ', '-')}-390.png"))
    finally:
        ctx.close()
