"""Render scribe/static/icon.svg into the PNG icons the manifest and iOS need (run once, commit
the PNGs): Debian's Chromium draws them, so the app needs no image library at run time.

    python3 scripts/make_icons.py
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "scribe" / "static"
SVG = (STATIC / "icon.svg").read_text()
# name: (size, maskable). A maskable icon keeps its drawing inside the central 80 %
# circle that launchers crop to, on a full-bleed background.
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "maskable-512.png": (512, True), "apple-touch-icon.png": (180, True)}


def page_html(size: int, maskable: bool) -> str:
    src = "data:image/svg+xml;base64," + base64.b64encode(SVG.encode()).decode()
    if not maskable:
        return f'<body style="margin:0;background:transparent"><img src="{src}" width="{size}" height="{size}"></body>'
    inner = round(size * 0.7)
    return (f'<body style="margin:0;background:#2d2150;width:{size}px;height:{size}px;display:grid;'
            f'place-items:center"><img src="{src}" width="{inner}" height="{inner}"></body>')


def main() -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, (size, maskable) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(size, maskable))
            page.screenshot(path=str(STATIC / "icons" / name), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
