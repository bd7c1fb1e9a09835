"""Issue 19, the table's evening polished, checked by what a person sees in a real
Chromium: at 390x844 the Scribe never hunts for the next thing to tap (a whole 20-round
game of Wizard by taps), the statistics fit a phone, colours mean good or bad for the
player, and on a 1920x1080 TV the cards and totals read from the sofa."""

from __future__ import annotations

import colorsys

import pytest

from .conftest import PHONE
from .tables import play_out

pytestmark = pytest.mark.browser


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def api(page, server: str, method: str, path: str, body=None) -> dict:
    resp = getattr(page.request, method)(server + path, data=body) if body is not None else \
        getattr(page.request, method)(server + path)
    assert resp.ok, (path, resp.status, resp.text())
    return resp.json()


def box(locator) -> dict:
    return locator.evaluate("e => { const r = e.getBoundingClientRect();"
                            " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
                            " width: r.width, height: r.height}; }")


IN_SIGHT = """e => { const r = e.getBoundingClientRect(), bar = document.querySelector('#play > .scorebar');
    const top = bar ? bar.getBoundingClientRect().bottom : 0;
    return r.height > 0 && r.top >= top - 0.5 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


def in_sight(page, locator) -> bool:
    """Wholly inside the window and not under the pinned standings, once the page has
    settled (scribe.js scrolls a few milliseconds after the new page is in)."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.wait_for_function(f"e => ({IN_SIGHT})(e)", arg=locator.element_handle(), timeout=2_000)
    except Timeout:
        return False
    return True


# ------------------------------------------------------------------ 1. the round in sight


def test_a_twenty_round_wizard_game_by_taps_keeps_each_round_in_sight(server, contexts, artifacts):
    """3 players, 20 rounds, every bid and trick tapped: after each entry that starts a
    round, the round's heading (cards, dealer, who bids) and the first bid button are on
    screen under the pinned standings; after the last, the winner and the final standings
    fill the screen."""
    x = expect()
    page = contexts(**PHONE)
    key = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                    "preset": "standard"})["key"]
    page.goto(f"{server}/games/{key}")
    bar = page.locator("#play > .scorebar")
    for number in range(1, 21):
        title = page.locator("#round-title")
        x(title).to_have_text(f"Round {number} of 20")
        if number > 1:
            x(bar).to_be_visible()
        assert in_sight(page, title), (number, box(title), box(bar))
        assert in_sight(page, page.locator("p.deal")), number  # cards and dealer under it
        if number == 8:
            page.screenshot(path=str(artifacts / "polish-phone-round-8.png"))
        for turn in range(3):
            form = page.locator("form.bid")
            first = form.get_by_role("button", name="0", exact=True)
            assert in_sight(page, first), (number, turn, box(first))
            who = form.locator("h2.who").inner_text()
            assert in_sight(page, form.locator("h2.who")), (number, who)
            first.tap()
            if turn < 2:
                x(page.locator("form.bid h2.who")).not_to_have_text(who)
        x(page.locator("form.tricks")).to_be_visible()
        assert in_sight(page, title), (number, "tricks")
        rows = page.locator("form.tricks fieldset.trickrow")
        taker = rows.nth(number % 3)
        assert in_sight(page, taker.locator("legend")) or taker.scroll_into_view_if_needed() is None
        taker.locator("label.chip", has_text=str(number)).last.tap()  # one player takes every trick
        record = page.get_by_role("button", name="Record the tricks")
        record.tap()
    x(page.locator("#round-title")).to_have_text("Final standings")
    x(bar).to_have_count(0)  # the standings are in the final card now
    for sel in ("#round-title", ".winners", "#standings"):
        assert in_sight(page, page.locator(sel)), sel
    final = box(page.locator(".round.final"))
    assert final["height"] >= 844 - 40, final  # the final standings take the screen
    page.screenshot(path=str(artifacts / "polish-phone-final.png"))


# ------------------------------------------------------------------ 2. the TV


TV = {"viewport": {"width": 1920, "height": 1080}}


def play_rounds(page, server, key, upto: int) -> dict:
    """Rounds through the API until ``upto`` is in play (or the game is over): everyone bids
    0, one player takes every trick."""
    sheet = api(page, server, "get", f"/api/games/{key}/sheet")
    while sheet["current_round"] is not None and sheet["current_round"] < upto:
        row = sheet["rounds"][sheet["current_round"] - 1]
        for p in row["order"]:
            api(page, server, "post", f"/api/games/{key}/bids", {"player": p, "bid": 0})
        tricks = [0] * len(sheet["players"])
        tricks[row["number"] % len(tricks)] = row["cards"]
        sheet = api(page, server, "post", f"/api/games/{key}/tricks", {"tricks": tricks})["sheet"]
    return sheet


def test_the_tv_shows_the_trick_in_cards_sized_for_the_room(server, contexts, artifacts):
    """A virtual-deck round of 5 cards at a table of four, three cards on the table: on a
    1920x1080 TV each card face is at least 150 px wide and taller than wide, the totals
    are large, and the page fits the screen."""
    x = expect()
    scribe = contexts(**PHONE)
    names = ["Ana", "Ben", "Cat", "Dan"]
    key = api(scribe, server, "post", "/api/games", {"players": names, "first_dealer": 0, "preset": "standard",
                                                      "rules": {"virtual_deck": True, "rounds": 5}})["key"]
    for _ in range(5):  # rounds 1-4 played out on the Scribe's phone; round 5 dealt (5 cards each) and bid
        sheet = api(scribe, server, "post", f"/api/games/{key}/deal", {})["sheet"]
        row = sheet["rounds"][sheet["current_round"] - 1]
        if row["trump"] and row["trump"]["card"] == "wizard":
            api(scribe, server, "post", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
        for p in row["order"]:
            api(scribe, server, "post", f"/api/games/{key}/bids", {"player": p, "bid": 0})
        if row["number"] < 5:
            play_out(server, key)  # typed tricks wait for the last card (W-R4)
    links = api(scribe, server, "get", f"/api/games/{key}/links")
    phones = [contexts(**PHONE) for _ in names]
    for _ in range(3):
        turn = api(scribe, server, "get", f"/api/games/{key}/sheet")["rounds"][4]["play"]["turn"]
        token = links["players"][turn]["token"]
        mine = api(phones[turn], server, "get", f"/api/player/{token}")
        api(phones[turn], server, "post", f"/api/player/{token}/played",
            {"round": 5, "card": mine["cards"]["current"]["legal"][0], "version": mine["sheet"]["version"]})
    tv = contexts(**TV)
    tv.goto(links["watch"]["url"])
    faces = tv.locator("#trick .on-table .suit")
    x(faces).to_have_count(3)
    for face in faces.all():
        b = box(face)
        assert b["width"] >= 150 and b["height"] > b["width"] and b["bottom"] <= 1080, b
    total = tv.locator("#sheet tfoot td.total").first
    assert float(total.evaluate("e => getComputedStyle(e).fontSize")[:-2]) >= 28
    assert tv.evaluate("document.scrollingElement.scrollHeight") <= 1080, "the page itself scrolls"
    tv.screenshot(path=str(artifacts / "polish-tv-trick.png"))


def test_the_tv_fills_its_screen_and_ends_on_one_final_standings(server, contexts, artifacts):
    """While the game is played the score race fills the room under the round and the
    standings (no blank quarter); once it is over "Final standings" is said once, the
    heading the page moved to carries no focus ring, and the race still fills its place."""
    x = expect()
    scribe = contexts(**PHONE)
    key = api(scribe, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                      "preset": "standard", "rules": {"rounds": 8}})["key"]
    play_rounds(scribe, server, key, 5)
    tv = contexts(**TV)
    tv.goto(api(scribe, server, "get", f"/api/games/{key}/links")["watch"]["url"])
    race = tv.locator("#watch .watch-story svg.race")
    x(race).to_be_visible()
    b, left = box(race), box(tv.locator("#watch .watch-story"))
    assert b["height"] >= 250 and b["bottom"] <= 1080 and left["bottom"] >= 1080 - 40, (b, left)
    assert tv.evaluate("document.scrollingElement.scrollHeight") <= 1080
    tv.screenshot(path=str(artifacts / "polish-tv-playing.png"))

    play_rounds(scribe, server, key, 99)  # the TV follows by itself
    x(tv.locator("#round-title")).to_have_text("Final standings", timeout=15_000)
    x(tv.get_by_role("heading", name="Final standings")).to_have_count(1)  # said once, not twice
    x(tv.locator(".winners")).to_be_visible()
    focused = tv.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return [e.tagName, s.outlineStyle, s.outlineWidth]; }""")
    assert focused[0] == "BODY" or focused[1] == "none" or focused[2] == "0px", focused
    assert box(race)["height"] >= 250 and tv.evaluate("document.scrollingElement.scrollHeight") <= 1080
    tv.screenshot(path=str(artifacts / "polish-tv-final.png"))


# ------------------------------------------------------------------ 3. statistics on a phone


def one_round_wizard(page, server, tricks) -> None:
    key = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Jean-Baptiste"], "first_dealer": 0,
                                                    "preset": "standard", "rules": {"rounds": 1}})["key"]
    for p in (1, 2, 0):
        api(page, server, "post", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    api(page, server, "post", f"/api/games/{key}/tricks", {"tricks": tricks})


@pytest.mark.parametrize("text_size", ["100%", "200%"])
def test_the_statistics_fit_a_phone_in_the_readers_numbers(server, contexts, artifacts, text_size):
    """Two Wizard games and a Skyjo game of this phone: no page wider than 390 px at 100%
    and 200% text, each player's row under 120 px (100%), the bids by size behind a tap,
    and in French the average written 5,0 (Babel), the win rate 50 %."""
    x = expect()
    page = contexts(**PHONE)
    one_round_wizard(page, server, [1, 0, 0])  # Ana misses (-10), Ben and Jean-Baptiste make 0 (20)
    one_round_wizard(page, server, [0, 1, 0])
    sk = api(page, server, "post", "/api/games", {"game": "points", "preset": "skyjo", "players": ["Ana", "Ben"]})["key"]
    api(page, server, "post", f"/api/games/{sk}/actions/round", {"points": [101, 7], "closer": 1})
    page.goto(f"{server}/stats")
    page.evaluate(f"document.documentElement.style.fontSize = '{text_size}'")
    x(page.locator(".stats-group")).to_have_count(2)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    rows = page.locator(".stats-player")
    x(rows).to_have_count(5)
    if text_size == "100%":
        for row in rows.all():
            assert box(row)["height"] < 120, (row.get_attribute("data-name"), box(row))
    ana = page.locator(".stats-group[data-game='wizard'] .stats-player[data-name='Ana']")
    x(ana.locator(".sp-average")).to_have_text("5.0")
    bids = ana.locator(".sp-bids")
    x(bids).to_be_hidden()  # behind a tap
    ana.locator("summary").tap()
    x(bids).to_be_visible()
    x(bids).to_contain_text("bid 0: 1 of 2")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / f"polish-phone-stats-{text_size[:-1]}.png"), full_page=True)

    page.goto(f"{server}/lang/fr?next=/stats")
    page.goto(f"{server}/stats")
    ana = page.locator(".stats-group[data-game='wizard'] .stats-player[data-name='Ana']")
    x(ana.locator(".sp-average")).to_have_text("5,0")
    x(ana.locator(".sp-rate")).to_have_text("50\u00a0%")
    page.screenshot(path=str(artifacts / f"polish-phone-stats-fr-{text_size[:-1]}.png"), full_page=True)


# ------------------------------------------------------------------ 4. colours that mean something


def colour(locator, prop: str = "color") -> tuple[int, ...]:
    raw = locator.evaluate("(e, p) => getComputedStyle(e)[p]", prop)
    return tuple(int(float(v)) for v in raw[raw.index("(") + 1:-1].split(",")[:3])


def hue(rgb) -> tuple[float, float]:
    """The colour's hue in degrees and its saturation (HLS)."""
    h, _l, sat = colorsys.rgb_to_hls(*(v / 255 for v in rgb))
    return h * 360, sat


def reddish(rgb) -> bool:
    h, sat = hue(rgb)
    return sat > 0.35 and (h < 15 or h > 340)


def greenish(rgb) -> bool:
    h, sat = hue(rgb)
    return sat > 0.25 and 90 <= h <= 165


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_increase_in_skyjo_is_bad_news_and_in_wizard_good(server, browser, theme):
    """Skyjo, the lowest total wins: the round that added 80 to Ana is red on the sheet and
    in the standings, Ben's 3 too; Wizard, the highest wins: +20 is green, -10 red."""
    context = browser.new_context(**PHONE)
    context.add_init_script(f"localStorage.setItem('scribe-theme', '{theme}')")
    page = context.new_page()
    try:
        sk = api(page, server, "post", "/api/games", {"game": "points", "preset": "skyjo", "players": ["Ana", "Ben"]})["key"]
        api(page, server, "post", f"/api/games/{sk}/actions/round", {"points": [40, 3], "closer": 0})  # doubled: 80
        api(page, server, "post", f"/api/games/{sk}/actions/round", {"points": [-5, 2], "closer": 1})
        page.goto(f"{server}/games/{sk}")
        mark = page.locator("#round-1 td[data-player='0'] .pts")
        expect()(mark).to_contain_text("×2 = 80")
        assert reddish(colour(mark)), colour(mark)
        assert reddish(colour(page.locator("#round-1 td[data-player='1'] .pts")))
        assert greenish(colour(page.locator("#round-2 td[data-player='0'] .pts")))  # -5: good news
        ben = page.locator("#standings li[data-player='1'] .change")  # 2, doubled (P-S1): +4
        expect()(ben).to_have_text("+4")
        assert reddish(colour(ben)), colour(ben)
        assert greenish(colour(page.locator("#standings li[data-player='0'] .change")))

        wz = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                       "preset": "standard", "rules": {"rounds": 3}})["key"]
        for p in (1, 2, 0):
            api(page, server, "post", f"/api/games/{wz}/bids", {"player": p, "bid": 0})
        api(page, server, "post", f"/api/games/{wz}/tricks", {"tricks": [1, 0, 0]})
        page.goto(f"{server}/games/{wz}")
        assert reddish(colour(page.locator("#standings li[data-player='0'] .change")))  # -10
        assert greenish(colour(page.locator("#standings li[data-player='1'] .change")))  # +20
    finally:
        context.close()


def test_information_warning_and_error_each_look_their_own_and_clans_are_not_the_error_red(server, phone):
    """A forbidden bid's reason (±1 rule) is information, a bid a correction made illegal a
    warning, a refused entry an error: three backgrounds, three side bars, and only the
    error in red. In Witty Zibi, clan A's chip is not the red of "eliminated"."""
    page = phone
    # information: the last bidder of a ±1 game
    key = api(page, server, "post", "/api/games", {"players": ["A", "B", "C"], "first_dealer": 2,
                                                    "preset": "plus_minus_one", "rules": {"rounds": 3}})["key"]
    api(page, server, "post", f"/api/games/{key}/bids", {"player": 0, "bid": 0})
    api(page, server, "post", f"/api/games/{key}/bids", {"player": 1, "bid": 0})
    page.goto(f"{server}/games/{key}")
    info = page.locator("form.bid .why")
    expect()(info).to_contain_text("may not bid 1")
    looks = {"info": (colour(info, "backgroundColor"), colour(info, "borderLeftColor"), colour(info))}
    # warning: leader rule, a correction of round 1 makes A's later bid illegal (W-B4)
    key = api(page, server, "post", "/api/games", {"players": ["A", "B", "C"], "first_dealer": 2,
                                                    "preset": "leader", "rules": {"rounds": 3}})["key"]
    for bids, tricks in (((1, 0, 0), [0, 0, 1]), ((1, 1, 0), [0, 1, 1])):
        sheet = api(page, server, "get", f"/api/games/{key}/sheet")
        order = sheet["rounds"][sheet["current_round"] - 1]["order"]
        for p, b in zip(order, bids):
            api(page, server, "post", f"/api/games/{key}/bids", {"player": p, "bid": b})
        api(page, server, "post", f"/api/games/{key}/tricks", {"tricks": tricks})
    api(page, server, "post", f"/api/games/{key}/rounds/1/correction", {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    page.goto(f"{server}/games/{key}")
    warn = page.locator(".sheet-wrap > .warn").first  # under the sheet, beside its scroll box
    expect()(warn).to_contain_text("no longer allowed")
    looks["warning"] = (colour(warn, "backgroundColor"), colour(warn, "borderLeftColor"), colour(warn))
    # error: a refused filter on the statistics page
    page.goto(f"{server}/stats?players=99")
    err = page.locator("p.err[data-field='players']")
    expect()(err).to_be_visible()
    looks["error"] = (colour(err, "backgroundColor"), colour(err, "borderLeftColor"), colour(err))
    for part in range(3):
        assert len({look[part] for look in looks.values()}) == 3, looks
    assert reddish(looks["error"][1]) and not reddish(looks["info"][1]) and not reddish(looks["warning"][1]), looks

    z = api(page, server, "post", "/api/games", {"game": "zibi", "players": ["Ana", "Ben", "Cy", "Dee"]})["key"]
    page.goto(f"{server}/games/{z}")
    page.locator("form.result summary").tap()
    row = page.locator("fieldset.zres[data-player='0']")
    row.locator("label.chip.clan-A span").tap()
    row.locator("label.chip.out span").tap()
    clan, out = (colour(row.locator(f"label.{c} span"), "backgroundColor") for c in ("clan-A", "out"))
    assert reddish(out) and not reddish(clan) and clan != out, (clan, out)


# ------------------------------------------------------------------ 5. sending links


SHARE_STUB = """Object.defineProperty(navigator, 'share', {configurable: true, value: (d) => {
    window.__shared = (window.__shared || []).concat([d]); return Promise.resolve(); }});
  Object.defineProperty(navigator, 'canShare', {configurable: true, value: () => true});"""


def test_every_link_can_be_shared_or_copied_and_revoke_stays_quiet_and_asks(server, browser, artifacts):
    """On a phone whose browser has a share sheet (Web Share API): each link's card keeps
    its QR code and offers Share (the sheet gets the link) and Copy (the clipboard gets
    it, "Link copied." said); Revoke is no red alarm button and still asks first."""
    x = expect()
    context = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(SHARE_STUB)
    page = context.new_page()
    try:
        key = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                        "preset": "standard"})["key"]
        page.goto(f"{server}/games/{key}/links")
        cards = page.locator(".linkcard")
        x(cards).to_have_count(5)  # watch, three players, the Scribe's
        for card in cards.all():
            x(card.locator("img.qr")).to_be_visible()
            x(card.get_by_role("button", name="Share")).to_be_visible()
            x(card.get_by_role("button", name="Copy")).to_be_visible()
        ben = page.locator("#link-1")
        url = ben.locator(".url a").get_attribute("href")
        ben.get_by_role("button", name="Share").tap()
        shared = page.evaluate("window.__shared")
        assert shared and shared[-1]["url"] == url and "Ben" in shared[-1]["title"], shared
        ben.get_by_role("button", name="Copy").tap()
        x(ben.locator(".copied")).to_have_text("Link copied.")
        assert page.evaluate("navigator.clipboard.readText()") == url
        page.screenshot(path=str(artifacts / "polish-phone-links.png"))

        revoke = page.locator("#link-watch").get_by_role("button", name="Revoke")
        assert not reddish(colour(revoke, "backgroundColor")) and not reddish(colour(revoke))
        watch = page.locator("#link-watch .url a").get_attribute("href")
        revoke.tap()
        x(page.get_by_role("heading", name="Revoke the watch link?")).to_be_visible()
        page.get_by_role("link", name="Cancel").tap()
        x(page.locator("#link-watch .url a")).to_have_attribute("href", watch)  # nothing revoked
    finally:
        context.close()


def test_without_a_share_sheet_copy_is_still_offered(server, phone):
    """A browser with no Web Share API (a laptop; any browser on plain http): no Share
    button that would do nothing, Copy still there."""
    key = api(phone, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                     "preset": "standard"})["key"]
    phone.goto(f"{server}/games/{key}/links")
    card = phone.locator("#link-watch")
    expect()(card.get_by_role("button", name="Copy")).to_be_visible()
    expect()(card.get_by_role("button", name="Share")).to_be_hidden()


# ------------------------------------------------------------------ 6. the points form


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_points_form_shows_the_chosen_presets_options_and_the_rows_needed(server, browser, javascript):
    """Skyjo's option only while Skyjo is chosen, the custom game's only while it is; two
    name rows to start with (the fewest), one more as each is filled; the same without
    JavaScript, and the game starts with the names typed."""
    x = expect()
    context = browser.new_context(**PHONE, java_script_enabled=javascript)
    page = context.new_page()
    try:
        page.goto(f"{server}/games/new?game=points")
        skyjo_only, custom_only = page.locator("[data-only='skyjo']"), page.locator("[data-only='custom']")
        x(page.get_by_label("Skyjo")).to_be_checked()
        x(skyjo_only).to_be_visible()
        x(custom_only).to_be_hidden()
        page.get_by_text("Another points game", exact=True).click()
        x(custom_only).to_be_visible()
        x(skyjo_only).to_be_hidden()
        page.get_by_text("6 qui prend!", exact=True).click()
        x(custom_only).to_be_hidden()
        x(skyjo_only).to_be_hidden()
        page.get_by_text("Skyjo", exact=True).click()

        rows = page.locator(".seat:has(input[name='players'])").locator("visible=true")
        x(rows).to_have_count(2)
        for i, name in enumerate(["Ana", "Ben", "Cat"]):
            page.locator(f"#p{i}").fill(name)
            x(rows).to_have_count(max(2, i + 2))  # the rows filled and one to spare
        page.locator("#p1").fill("")  # a gap: no new row below it
        x(rows).to_have_count(3)
        page.locator("#p1").fill("Ben")
        page.get_by_role("button", name="Start the game").click()
        x(page.locator("#round-title")).to_have_text("Round 1")
        x(page.locator("form.points label[for^='pts']")).to_have_text(["Ana", "Ben", "Cat"])
    finally:
        context.close()


# ------------------------------------------------------------------ 7. the new layouts, for everyone


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_new_layouts_pass_axe_and_keep_44px_targets(server, browser, theme):
    """The statistics with players in them, the links page with Share, a game's final
    standings, and the TV at 1920x1080 in play and over: no serious axe violation, in the
    light and the dark theme; every tap target on the phone pages at least 44x44 px."""
    from .test_accessibility import SMALL_TARGETS, _axe

    def context(**size):
        ctx = browser.new_context(**size, bypass_csp=True, service_workers="block")
        ctx.add_init_script(f"localStorage.setItem('scribe-theme', '{theme}')")
        ctx.add_init_script(SHARE_STUB)
        ctx.set_default_timeout(10_000)
        return ctx

    phone_ctx, tv_ctx = context(**PHONE), context(viewport={"width": 1920, "height": 1080})
    try:
        page = phone_ctx.new_page()
        one_round_wizard(page, server, [1, 0, 0])
        key = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                        "preset": "standard", "rules": {"rounds": 2}})["key"]
        play_rounds(page, server, key, 2)
        tv = tv_ctx.new_page()
        tv.goto(api(page, server, "get", f"/api/games/{key}/links")["watch"]["url"])
        report = {}
        for name, path in (("statistics", "/stats"), ("links", f"/games/{key}/links"),
                           ("points form", "/games/new?game=points"), ("final", None)):
            if path is None:
                play_rounds(page, server, key, 99)
                path = f"/games/{key}"
            page.goto(server + path)
            page.wait_for_load_state("networkidle")
            page.evaluate("document.querySelectorAll('main details').forEach((d) => { d.open = true; })")  # breakdowns too
            found = _axe(page) + page.evaluate(SMALL_TARGETS)
            if found:
                report[name] = found
        expect()(tv.locator("#round-title")).to_have_text("Final standings", timeout=15_000)
        if found := _axe(tv):
            report["tv"] = found
        assert not report, "\n".join(f"{name}: {v}" for name, vs in report.items() for v in vs)
    finally:
        phone_ctx.close()
        tv_ctx.close()


# ------------------------------------------------------------------ 8. small words, as they read


def test_a_hand_is_not_struck_through_while_the_bids_are_made(server, contexts):
    """Virtual deck: while the table bids, a player's cards are cards to look at, not
    refused ones: no line through them, full strength."""
    scribe, ben = contexts(**PHONE), contexts(**PHONE)
    key = api(scribe, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat"], "first_dealer": 0,
                                                      "preset": "standard", "rules": {"virtual_deck": True}})["key"]
    api(scribe, server, "post", f"/api/games/{key}/deal", {})
    ben.goto(api(scribe, server, "get", f"/api/games/{key}/links")["players"][1]["url"])
    card = ben.locator("#hand button[data-card]").first
    expect()(card).to_be_disabled()  # played once every bid is in
    style = card.evaluate("e => [getComputedStyle(e).textDecorationLine, getComputedStyle(e).opacity]")
    assert style == ["none", "1"], style
    scribe.goto(f"{server}/games/{key}")
    expect()(scribe.locator("p.deal .cards")).to_have_text("1 card each, dealt by Scribe")


def test_the_phone_to_pass_reads_cat_comma_dan(server, contexts):
    """Hidden bids on the Scribe's phone: "Or pass it to: Cat, Dan", the comma against the
    name before it, as written (the links' padding once made it read "Cat , Dan")."""
    page = contexts(**PHONE)
    key = api(page, server, "post", "/api/games", {"players": ["Ana", "Ben", "Cat", "Dan"], "first_dealer": 0,
                                                    "preset": "standard", "rules": {"reveal": "hidden"}})["key"]
    page.goto(f"{server}/games/{key}")
    passto = page.locator(".passto")
    expect()(passto).to_contain_text("Or pass it to:")
    gaps = passto.evaluate("""p => [...p.querySelectorAll('a')].filter((a) => a.nextSibling && a.nextSibling.nodeType === 3
        && a.nextSibling.textContent.startsWith(',')).map((a) => { const r = document.createRange();
        r.setStart(a.nextSibling, 0); r.setEnd(a.nextSibling, 1);
        const name = document.createRange(); name.selectNodeContents(a);
        return r.getBoundingClientRect().left - name.getBoundingClientRect().right; })""")
    assert gaps and all(g < 1 for g in gaps), gaps
