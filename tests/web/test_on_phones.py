"""Which claimed seats play their cards on their own phones, asked at every render of the
Scribe's page (issue 35): answered from the whole sheet, not by making each seat's view,
and the same answer its view gives (W-R4: a hand dealt before the seat's link is not seen)."""

from __future__ import annotations

import pytest
from table_driver import Table

from scribe.games import rules_of
from scribe.games.bidding import game as bidding_game
from scribe.games.wizard import Entry, make_setup, replay
from scribe.rules.game import GameRules


def test_the_scribes_page_makes_no_seats_view_to_know_who_plays_on_phones(app, monkeypatch):
    t = Table(app, {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
                    "rules": {"virtual_deck": True}}, ways=("api",))
    for seat in range(t.n):
        t.claim(seat)
    t.deal()
    made = []
    real = bidding_game.sealed

    def counted(sheet, viewer=None, *args, **kwargs):
        made.append(viewer)
        return real(sheet, viewer, *args, **kwargs)

    monkeypatch.setattr(bidding_game, "sealed", counted)
    page = t.scribe.get(f"/games/{t.key}")
    assert page.status_code == 200
    assert [v for v in made if v is not None] == []  # no seat's view made for the Scribe's page


def _log(scored: bool) -> list[Entry]:
    log = [Entry(1, "deal", {"round": 1, "hands": [["W"], ["J"], ["G2"]], "turned": "Y3"})]
    log += [Entry(2 + p, "bid", {"round": 1, "player": p, "bid": 0}) for p in range(3)]
    return log + ([Entry(5, "tricks", {"round": 1, "tricks": [1, 0, 0]})] if scored else [])


@pytest.mark.parametrize("scored", [False, True], ids=["in_play", "scored"])
@pytest.mark.parametrize("horizon", [0, 1], ids=["link_before_the_deal", "link_after_the_deal"])
def test_a_hand_hidden_from_a_seat_as_its_own_view_says(scored, horizon):
    setup = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2, virtual_deck=True, rounds=3)
    log = _log(scored)
    full = replay(setup, log)
    rules = rules_of(full)
    for seat in range(3):
        assert rules.hand_hidden(full, log, seat, horizon) == GameRules.hand_hidden(rules, full, log, seat, horizon)
    assert rules.hand_hidden(full, log, 0, horizon) == (horizon == 1 and not scored)
