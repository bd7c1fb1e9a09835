"""Each phone in its own language (issue 24): one Wizard game open at once on three
players' phones in German (the browser's language), Spanish (the switch's cookie) and
Italian (chosen on the phone with the switch), the TV in Dutch and the Scribe's phone in
French. Every page speaks its reader's language at the same time; a Wizard turned up and
the bids reach every page live, each naming the card as its language's edition prints it
(W-M2: Zauberer, Mago, Stregone, Tovenaar). Then each of the six languages' game page is
photographed at the phone's size."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.support import Translations

from .conftest import PHONE
from .test_table import TV, api, expect

pytestmark = pytest.mark.browser
NAMES = ["Paul", "Thomas", "Marie"]
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scribe" / "translations"


def said(lang: str, msgid: str) -> str:
    """``msgid`` as the catalog of ``lang`` says it (English: itself)."""
    return msgid if lang == "en" else Translations.load(str(TRANSLATIONS), [lang]).gettext(msgid)


def test_one_game_three_phones_three_languages_and_the_tv_in_a_fourth(server, contexts, artifacts):
    x = expect()
    made = api(server, "POST", "/api/games", {"players": NAMES, "first_dealer": 2, "preset": "standard",
                                               "lang": "fr", "edition": "english", "rules": {"rounds": 3}})
    key = made["key"]
    links = api(server, "GET", f"/api/games/{key}/links")

    paul = contexts(**PHONE, locale="de-DE")  # his browser speaks German
    thomas = contexts(**PHONE, locale="en-GB")
    thomas.context.add_cookies([{"name": "lang", "value": "es", "url": server}])  # he chose Spanish before
    marie = contexts(**PHONE, locale="en-US")  # she switches to Italian on the page itself
    tv = contexts(**TV, locale="nl-NL")
    scribe = contexts(**PHONE, locale="fr-FR")
    pages = {"de": paul, "es": thomas, "it": marie, "nl": tv, "fr": scribe}
    for p, page in enumerate((paul, thomas, marie)):
        page.goto(links["players"][p]["url"])
    tv.goto(links["watch"]["url"])
    scribe.goto(f"{server}/games/{key}")

    x(marie.locator("html")).to_have_attribute("lang", "en")
    marie.locator("details.lang > summary").tap()
    italiano = marie.get_by_role("link", name="Italiano")
    x(italiano).to_be_visible()
    box = italiano.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 44  # on a phone, thumb-sized
    assert marie.locator("details.lang nav a").all_inner_texts() == [
        "Deutsch", "English", "Español", "Français", "Italiano", "Nederlands"]
    marie.screenshot(path=str(artifacts / "lang-switch-open.png"))
    italiano.tap()
    for lang, page in pages.items():
        x(page.locator("html")).to_have_attribute("lang", lang)
        if page is not scribe:  # with open bids the Scribe's own page changes only by its own taps
            x(page.locator("html")).to_have_attribute("data-stream", "stream", timeout=15_000)

    # the Scribe turns up a Wizard: every page names it in its own language, live
    api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    scribe.reload()
    card = {"de": "Zauberer", "es": "Mago", "it": "Stregone", "nl": "Tovenaar", "fr": "Wizard"}
    trump = "Trump: %(trump)s"
    for lang, page in pages.items():
        said_trump = said(lang, trump).split("%(trump)s")[0].strip()  # "Trumpf:", "Atout :", ...
        x(page.locator("main")).to_contain_text(said_trump, timeout=15_000)
        x(page.locator("main")).to_contain_text(card[lang])
    for lang in ("de", "es", "it", "nl", "fr"):
        assert said(lang, trump) != trump, f"{lang}: {trump!r} is not translated"

    # the bids, entered by the Scribe, reach every page live; each stays in its language
    for bid in (1, 0, 1):
        api(server, "POST", f"/api/games/{key}/bids", {"bid": bid})
    x(tv.locator("#sheet tr#round-1 td[data-player='2'] .bidbox")).to_have_text("1", timeout=15_000)  # the last bid
    scribe.reload()
    for p, page in enumerate((paul, thomas, marie)):
        x(page.locator(".bidlist li", has_text=NAMES[2]).locator("b")).to_have_text("1", timeout=15_000)
    for lang, page in pages.items():
        x(page.locator("html")).to_have_attribute("lang", lang)
        assert card[lang] in page.locator("main").inner_text()
        if lang != "fr":
            assert "Fou" not in page.content() and "Jester" not in page.content()
    for lang, page in pages.items():
        page.screenshot(path=str(artifacts / f"lang-table-{lang}.png"))


@pytest.mark.parametrize("lang", ["de", "es", "it", "nl", "fr", "en"])
def test_the_game_page_in_each_language_fits_a_phone(server, contexts, artifacts, lang):
    made = api(server, "POST", "/api/games", {"players": ["Anna", "Bert", "Cleo", "Dora"], "first_dealer": 0,
                                               "preset": "plus_minus_one", "lang": lang, "edition": "english"})
    key = made["key"]
    api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "blue"})
    for bid in (1, 0):
        api(server, "POST", f"/api/games/{key}/bids", {"bid": bid})
    page = contexts(**PHONE)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server}])
    page.goto(f"{server}/games/{key}")
    x = expect()
    x(page.locator("html")).to_have_attribute("lang", lang)
    x(page.locator("details.lang > summary abbr")).to_have_text(lang.upper())
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{lang}: the page is {width} px wide on a 390 px phone"
    page.screenshot(path=str(artifacts / f"lang-{lang}.png"), full_page=True)
