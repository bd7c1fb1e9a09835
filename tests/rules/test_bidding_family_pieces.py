"""The family's shared pieces as Skull King uses them (games/bidding/seat.py, result.py):
a seat's tap read the same way in every game of the family, a game's summary, its API
options, its sheet's totals and winners (K-E1)."""

from __future__ import annotations

import pytest
from skull_helpers import Game

from scribe.games.bidding import result, seat
from scribe.games.skull_king import verify
from scribe.rules.errors import RuleError


def refused(g: Game, kind: str, **data) -> RuleError:
    with pytest.raises(RuleError) as err:
        verify(g.sheet, kind, data)
    return err.value


def in_play() -> Game:
    """A virtual-deck round dealt and bid: Ben (seat 1) leads."""
    g = Game(("Ana", "Ben", "Cy"), virtual_deck=True)
    g.do("deal", round=1, hands=[["G3"], ["P9"], ["Y2"]])
    g.bids([0, 1, 0])
    return g


def test_k_t1_a_card_tap_names_a_card_of_the_deck_or_is_refused_without_echo():
    g = in_play()
    assert (refused(g, "played", player=1, card="").template, refused(g, "played", player=1, card="").field) == \
        ("Choose a card.", "card")
    assert refused(g, "played", player=1, card=7).template == "Choose a card."
    long = refused(g, "played", player=1, card="<script>" * 3)
    assert long.field == "card" and "<script>" not in long.template  # how a card is written, not the input
    assert long.template.startswith("Write a card as a suit letter and a rank")


def test_k_t1_the_tap_names_a_seat_and_the_round_in_play():
    g = in_play()
    assert refused(g, "played", player=3, card="P9").template == "There is no such player."
    assert refused(g, "played", player="x", card="P9").field == "player"
    stale = refused(g, "played", round=2, player=1, card="P9")
    assert stale.field == "round" and stale.template == "Round %(round)s is not being played: this page is out of date."
    assert seat.seat(g.sheet, "2") == 2


def test_k_e1_the_sheet_totals_leaders_and_winners_come_from_the_family():
    g = Game(("Ana", "Ben", "Cy"), rounds=[1, 1])
    g.round([1, 0, 0], [1, 0, 0])
    sheet = g.sheet
    assert isinstance(sheet, result.BidSheet)
    assert sheet.totals == (20, 10, 10) and sheet.leaders == (0,) and sheet.winners == ()  # not over yet
    assert result.summary(sheet) == {"phase": "bidding", "round": 2, "rounds": 2, "leaders": ["Ana"],
                                     "players": ["Ana", "Ben", "Cy"]}
    g.round([0, 1, 0], [0, 1, 0])
    assert g.sheet.finished and g.sheet.winners == (0, 1) and g.sheet.leaders == (0, 1)  # a tie: two winners
    assert result.summary(g.sheet)["phase"] == "finished"
    with pytest.raises(RuleError) as err:
        g.sheet.row(3)
    assert err.value.field == "round"


def test_api_options_refuse_an_unknown_switch_and_draw_a_dealer_when_none_is_named():
    with pytest.raises(RuleError) as err:
        result.api_options({"players": ["A", "B"], "rules": {"kraken": True, "krakken": True}}, {"kraken"})
    assert err.value.field == "rules.krakken"
    with pytest.raises(RuleError) as err:
        result.api_options({"players": ["A", "B"], "rules": ["kraken"]}, {"kraken"})
    assert err.value.field == "rules"
    options = result.api_options({"players": ["A", "B", "C"], "rules": {"kraken": True}}, {"kraken"}, preset=None)
    assert options["players"] == ["A", "B", "C"] and options["kraken"] is True and "preset" in options
    assert 0 <= options["first_dealer"] < 3
    assert result.api_options({"players": ["A", "B"], "first_dealer": 1}, ())["first_dealer"] == 1
