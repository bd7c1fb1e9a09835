"""Issue 33: Skull King's sheet and entries on the bids-and-tricks family's one base: one
round record and replay/advance loop (bidding/base.py), one tricks entry with destroyed
tricks, one bid check and one correction's bids, each game's own words and extras passed
in. The figures a table checks stay Skull King's (K-T1, K-S1, K-B1)."""

from __future__ import annotations

import pytest

from scribe.games import skull_king, wizard
from scribe.games.bidding import actions as family, base
from scribe.games.skull_king import actions as sk_actions, sheet as sk_sheet
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry


def test_one_base_round_and_loop_for_every_game():
    sk = skull_king.replay(skull_king.make_setup(["Anne", "Morgan", "Calvin"]), [])
    wz = wizard.replay(wizard.make_setup(["Paul", "Thomas", "Marie"]), [])
    assert isinstance(sk.state, base.State) and isinstance(wz.state, base.State)
    assert all(isinstance(r, base.Round) for r in (*sk.state.rounds, *wz.state.rounds))
    assert sk_sheet.Record.__mro__[1] is base.Round  # Skull King adds only its bonuses, Loot, Cannonballs


def test_skull_king_entries_are_the_familys_with_its_words():
    assert sk_actions.verify_bid is family.verify_bid
    assert not hasattr(sk_actions, "_tricks")  # the family's verify_trick_counts counts Skull King's tricks
    s = skull_king.make_setup(["Anne", "Morgan", "Calvin"])
    sheet = skull_king.replay(s, [])
    with pytest.raises(RuleError) as err:  # K-B1: everyone bids at once, so a bid names its seat
        skull_king.verify(sheet, "bid", {"bid": 0})
    assert err.value.field == "player" and "everyone bids at once" in err.value.message
    with pytest.raises(RuleError) as err:
        skull_king.verify(sheet, "bid", {"player": 0, "bid": 2})
    assert "the cards dealt" in err.value.message


def test_kraken_trick_through_the_one_tricks_entry():
    """K-T1: a destroyed trick is won by nobody; a blank count is filled in from the rest."""
    s = skull_king.make_setup(["Anne", "Morgan", "Calvin"], rounds="3", kraken=True)
    sheet = skull_king.advance(skull_king.replay(s, []), Entry(1, "bids", {"round": 1, "bids": [1, 1, 0]}))
    data = skull_king.verify(sheet, "tricks", {"tricks": [1, "", 0], "destroyed": 1})
    assert data["tricks"] == [1, 1, 0] and data["destroyed"] == 1
    assert skull_king.advance(sheet, Entry(2, "tricks", data)).totals == (20, 20, 30)
