"""Wizard's Jubilee cards in a real Chromium at 390x844 (W-J1..W-J6).

On the score sheet: the Jubilee cards ticked on the new-game form and shown with the
rules, the Werewolf's trump tapped, the Bomb's trick ticked (the tricks total one fewer),
the Cloud's change tapped and shown beside the bid, a change refused next to its field.
On the virtual deck: a round whose deal holds the Cloud, played on three phones: the
Cloud tapped as a suit, its trick's winner changing the bid on the Scribe's phone, the
round scored on the changed bid.
"""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .test_table import api, expect

pytestmark = pytest.mark.browser
NAMES = ("Anna", "Ben", "Chloé")


def _finish(page) -> None:
    """End the one-tap guard's fade on what just appeared (never awaited: BRIEF)."""
    page.evaluate("document.getAnimations().forEach(a => a.finish())")


def _tap(page, locator) -> None:
    _finish(page)
    locator.tap()


def _bid(page, value: int) -> None:
    _tap(page, page.locator("form.bid").get_by_role("button", name=str(value), exact=True))


def _tricks(page, name: str, value: int) -> None:
    row = page.locator("form.tricks fieldset.trickrow", has=page.locator("legend", has_text=name))
    _tap(page, row.get_by_text(str(value), exact=True))


def test_w_j_a_jubilee_score_sheet_round_by_tapping(server, contexts, artifacts):
    x = expect()
    page = contexts(**PHONE)
    page.goto(server + "/games/new")
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.locator(".seat").nth(2).get_by_text("deals", exact=True).tap()
    _tap(page, page.locator('input[name="preset"][value="standard"]'))
    _tap(page, page.get_by_text("Jubilee edition cards"))
    for card in ("Bomb", "Cloud", "Werewolf"):  # W-J6: the table picks them, nothing is ticked for it
        _tap(page, page.locator("details.jubilee label.option", has_text=card).locator("strong"))
    _tap(page, page.get_by_text("More options"))
    rounds = page.get_by_label("Rounds (leave empty for the whole game)")
    rounds.tap()
    rounds.press_sequentially("2")
    _tap(page, page.get_by_role("button", name="Start the game"))
    x(page.locator("#round-title")).to_have_text("Round 1 of 2")
    x(page.locator("p.rules")).to_contain_text("Jubilee cards: Bomb, Cloud, Werewolf")

    # W-J5: the Werewolf's holder named no trump
    _tap(page, page.locator("form.trump").get_by_role("button", name="Werewolf: no trump named"))
    x(page.locator("form.trump summary")).to_contain_text("no trump (named for the Werewolf)")
    for value in (0, 1, 0):  # Anna, Ben, Chloé
        _bid(page, value)

    # W-J2: the Bomb took the only trick; a count of 1 is then more than the tricks won
    x(page.locator("form.tricks")).to_be_visible()
    _tap(page, page.locator("form.tricks label.bomb strong"))
    _tricks(page, "Ben", 1)
    _tricks(page, "Anna", 0)
    _tricks(page, "Chloé", 0)
    _tap(page, page.locator("form.tricks").get_by_role("button", name="Record the tricks"))
    x(page.locator('form.tricks p.err[data-field^="tricks"]')).to_be_visible()
    _tricks(page, "Ben", 0)
    _tap(page, page.locator("form.tricks").get_by_role("button", name="Record the tricks"))
    x(page.locator("#round-title")).to_have_text("Round 2 of 2")
    x(page.locator("#sheet tr#round-1 td.cards .bomb")).to_have_text("−1")
    x(page.locator("#sheet tr#round-1 td[data-player='0'] .total")).to_have_text("20")
    x(page.locator("#sheet tr#round-1 td[data-player='1'] .total")).to_have_text("-10")

    # round 2: Anna deals; Ben, Chloé, Anna bid; Anna wins the Cloud's trick and goes 1 -> 2
    _tap(page, page.locator("form.trump").get_by_role("button", name="red", exact=True))
    for value in (0, 0, 1):  # Ben, Chloé, Anna
        _bid(page, value)
    _tricks(page, "Anna", 2)
    cloud = page.locator("form.tricks fieldset.cloud")
    _tap(page, cloud.get_by_text("Ben", exact=True))  # Ben took no trick: refused, said next to it
    _tap(page, cloud.get_by_text("+1", exact=True))
    _tricks(page, "Ben", 0)
    _tricks(page, "Chloé", 0)
    _tap(page, page.locator("form.tricks").get_by_role("button", name="Record the tricks"))
    refusal = page.locator('form.tricks p.err[data-field="cloud.player"]')
    x(refusal).to_have_text("Ben took no trick, so did not win the Cloud's trick.")
    page.screenshot(path=str(artifacts / "browser-jubilee-cloud-refused.png"))
    _tap(page, page.locator("form.tricks fieldset.cloud").get_by_text("Anna", exact=True))
    _tap(page, page.locator("form.tricks").get_by_role("button", name="Record the tricks"))
    x(page.locator("#round-title")).to_have_text("Final standings")
    anna = page.locator("#sheet tr#round-2 td[data-player='0']")
    x(anna.locator(".bidbox")).to_have_text("1→2")  # the bid and the bid after the Cloud (W-J3)
    x(anna.locator(".total")).to_have_text(str(20 + 40))
    page.screenshot(path=str(artifacts / "browser-jubilee-sheet.png"), full_page=True)


def _cloud_deal(server, key, phones, tries: int = 400) -> dict[int, list[str]]:
    """Deal round 1 until a hand holds the Cloud (an undo takes a deal back before any
    bid, and a shuffle makes the next deal a new one): the server draws from its
    cryptographic source, the test only chooses which deal to keep. Each hand is read on
    its own phone (its link's JSON, its cookies)."""
    for _ in range(tries):
        api(server, "POST", f"/api/games/{key}/deal", {})
        hands = {p: phone.request.get(f"{server}/api/player/{tok}").json()["cards"]["current"]["hand"]
                 for p, (phone, tok) in enumerate(phones)}
        if any("CL" in h for h in hands.values()):
            return hands
        api(server, "POST", f"/api/games/{key}/undo", {})
        api(server, "POST", f"/api/games/{key}/actions/shuffle", {})  # else the same cards again
    raise AssertionError(f"no deal of {tries} held the Cloud")


def test_w_j3_a_virtual_deck_cloud_round_on_three_phones(server, contexts, artifacts):
    x = expect()
    made = api(server, "POST", "/api/games", {"players": list(NAMES), "first_dealer": 2, "preset": "standard",
                                               "rules": {"virtual_deck": True, "jubilee": ["cloud"], "rounds": 1}})
    key = made["key"]
    links = api(server, "GET", f"/api/games/{key}/links")
    tokens = [p["token"] for p in links["players"]]
    phones = []
    for p in range(3):  # each phone opens its link first: it holds the seat
        phone = contexts(**PHONE)
        phone.goto(links["players"][p]["url"])
        phones.append(phone)
    hands = _cloud_deal(server, key, list(zip(phones, tokens)))
    holder = next(p for p, h in hands.items() if "CL" in h)
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    trump = sheet["rounds"][0]["trump"]
    if trump and trump["suit"] is None and trump["card"] == "wizard":  # W-R3: the dealer names it
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    for phone in phones:
        phone.reload()
    for p in (0, 1, 2):
        api(server, "POST", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    scribe = contexts(**PHONE)
    scribe.goto(server + f"/games/{key}")
    for seat in (0, 1, 2):  # Anna leads (left of Chloé, the dealer)
        me = phones[seat]
        x(me.locator("#hand .your-turn")).to_be_visible(timeout=15_000)
        if seat == holder:  # W-J3: the Cloud is tapped as the suit its player names
            names = me.locator('#hand button[data-card^="CL"]')
            x(names).to_have_count(4)  # one card: tapped, it asks which suit (issue 32, item 9)
            _tap(me, me.locator('#hand .card-choice summary'))
            _tap(me, me.locator('#hand button[data-card="CLG"]'))
        else:
            _tap(me, me.locator("#hand button[data-card]:enabled").first)
        x(me.locator("#hand .played")).to_be_visible()
    winner = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["play"]["cloud_winner"]
    assert winner is not None
    scribe.reload()  # the Scribe's phone says who changes the bid, on which phone
    x(scribe.locator("p.play-for")).to_contain_text(f"{NAMES[winner]} won the Cloud’s trick")
    me = phones[winner]
    form = me.locator("form.cloud-change")
    x(form).to_contain_text("You won the Cloud’s trick", timeout=15_000)
    _tap(me, form.get_by_role("button", name="-1"))  # bid 0: never below 0, said next to it
    x(me.locator('#hand p.err[data-field="card"]')).to_contain_text("can only be +1")
    _tap(me, me.locator("form.cloud-change").get_by_role("button", name="+1"))
    x(me.locator("form.cloud-change")).to_have_count(0)
    x(scribe.get_by_role("button", name="Confirm the tricks")).to_be_visible(timeout=15_000)
    _tap(scribe, scribe.get_by_role("button", name="Confirm the tricks"))
    x(scribe.locator("#round-title")).to_have_text("Final standings")
    cell = scribe.locator(f"#sheet tr#round-1 td[data-player='{winner}']")
    x(cell.locator(".bidbox")).to_have_text("0→1")
    x(cell.locator(".total")).to_have_text("30")  # one trick on a bid of 1 after the Cloud (W-S1)
    scribe.screenshot(path=str(artifacts / "browser-jubilee-virtual-cloud.png"), full_page=True)
