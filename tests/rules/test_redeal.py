"""A deal taken back is dealt again alike (issue 32; W-R1, W-R4, K-R1): undoing a deal is
no way to a new hand; a new one needs Scribe's "shuffle" entry, which the whole table sees."""

from __future__ import annotations

import random

import pytest

from scribe.games import GAMES
from scribe.rules.errors import RuleError
from scribe.rules.log import UNDO, Entry

SETUPS = {
    "wizard": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard", "virtual_deck": True,
               "rounds": 3},
    "skull_king": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "virtual_deck": True, "rounds": "2, 3"},
}


def record(rules, setup, log: list[Entry], kind: str, data: dict, seed: int = 0) -> list[Entry]:
    """``log`` with one more entry, drawn as the service draws it (``drawn_again`` first)."""
    sheet = rules.replay(setup, log)
    if kind in rules.DRAWN:
        data = rules.drawn_again(sheet, log, kind, data) or rules.DRAWN[kind](sheet, data, random.Random(seed))
    return [*log, Entry(len(log) + 1, kind, rules.verify(sheet, kind, data))]


@pytest.mark.parametrize("game", SETUPS)
def test_w_r4_k_r1_a_deal_undone_and_dealt_again_gives_the_same_hands(game):
    rules = GAMES[game]
    setup = rules.make_setup(**SETUPS[game])
    log = record(rules, setup, [], "deal", {}, seed=1)
    first = rules.replay(setup, log).current.hands
    log = [*log, Entry(len(log) + 1, UNDO, {"takes_back": 1})]
    assert not rules.replay(setup, log).current.dealt and rules.deals_again(rules.replay(setup, log), log)
    log = record(rules, setup, log, "deal", {}, seed=2)  # another seed: the deal taken back all the same
    assert rules.replay(setup, log).current.hands == first


@pytest.mark.parametrize("game", SETUPS)
def test_w_r1_k_r1_a_shuffle_makes_the_next_deal_a_new_one_and_the_row_says_so(game):
    rules = GAMES[game]
    setup = rules.make_setup(**SETUPS[game])
    log = record(rules, setup, [], "deal", {}, seed=1)
    first = rules.replay(setup, log).current.hands
    log = [*log, Entry(2, UNDO, {"takes_back": 1})]
    log = record(rules, setup, log, "shuffle", {"round": 1})
    sheet = rules.replay(setup, log)
    assert sheet.current.shuffled == 1 and not rules.deals_again(sheet, log)
    log = record(rules, setup, log, "deal", {}, seed=2)
    assert rules.replay(setup, log).current.hands != first
    assert rules.replay(setup, log).current.shuffled == 1  # still told, next to the new deal


@pytest.mark.parametrize("game", SETUPS)
def test_a_shuffle_only_before_the_deal_and_the_bids(game):
    rules = GAMES[game]
    setup = rules.make_setup(**SETUPS[game])
    log = record(rules, setup, [], "deal", {}, seed=1)
    with pytest.raises(RuleError, match="already dealt"):
        rules.verify(rules.replay(setup, log), "shuffle", {"round": 1})
    plain = rules.make_setup(**{**SETUPS[game], "virtual_deck": False})
    with pytest.raises(RuleError, match="no virtual deck"):
        rules.verify(rules.replay(plain, []), "shuffle", {"round": 1})
