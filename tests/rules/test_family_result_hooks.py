"""Issue 33: one tricks entry for the bids-and-tricks family, with the tricks nobody won and
the whole result checked once (bidding/actions.py); each game adds only its words and its
own fields through its setup's hooks (bidding/definition.py): Skull King its bonuses, Loot
and Cannonballs (K-S2..K-S4), Wizard its Jubilee cards (W-J2, W-J3, W-J5, W-J6), which
live in wizard/jubilee.py, not in the family's modules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scribe.games import skull_king, wizard
from scribe.games.bidding import actions as family, sheet as family_sheet
from scribe.games.rikiki.game import GAME as RIKIKI
from scribe.games.rikiki.setup import make_setup as rikiki_setup
from scribe.games.skull_king import actions as sk_actions, sheet as sk_sheet
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

FAMILY = Path(family.__file__).parent
JUBILEE_WORDS = re.compile(r"jubilee|cloud|bomb|juggler|werewolf", re.IGNORECASE)
#: What the family's pages (bidding/web.py, game.py, schema.py) still read of every game's
#: row and play: fields a game fills, named as Wizard first named them.
READ_BY_PAGES = ("    cloud: tuple[int, int] | None = None", "    cloud_winner: int | None = None",
                 "    jubilee: tuple[str, ...]  # a game's own extra cards in play (W-J6); () for most")


@pytest.mark.parametrize("name", ["actions", "sheet", "rows", "result", "inputs", "shown", "play", "definition",
                                  "base"])
def test_the_familys_rules_modules_name_no_jubilee_card(name):
    lines = (FAMILY / f"{name}.py").read_text(encoding="utf-8").splitlines()
    named = [line for line in lines if JUBILEE_WORDS.search(line) and line not in READ_BY_PAGES]
    assert named == []


def test_skull_king_keeps_only_its_bonuses_in_its_actions():
    assert sk_actions.verify_tricks is family.verify_tricks
    assert sk_actions.verify_correction is family.verify_correction
    assert sk_actions.verify_bids is family.verify_bids
    assert not hasattr(sk_actions, "_destroyed") and not hasattr(sk_actions, "_adds_up")
    assert issubclass(sk_sheet.RoundRow, family_sheet.RoundRow)  # the family's row, with its own fields


def _bid_rikiki(players: int = 3):
    setup = rikiki_setup([f"P{i}" for i in range(players)])
    log: list[Entry] = []
    sheet = RIKIKI.replay(setup, log)
    row = sheet.rows[0]
    for p in row.order:
        bid = 1 if p == row.order[-1] and row.cards == 1 else 0  # the hook: the dealer may not make it even
        log.append(Entry(len(log) + 1, "bid", RIKIKI.verify(sheet, "bid", {"round": 1, "player": p, "bid": bid})))
        sheet = RIKIKI.replay(setup, log)
    return sheet


def test_rikiki_has_no_trick_nobody_won_and_says_so_without_naming_a_wizard_card():
    sheet = _bid_rikiki()
    cards = sheet.rows[0].cards
    with pytest.raises(RuleError) as err:
        RIKIKI.verify(sheet, "tricks", {"tricks": [cards, 0, 0], "destroyed": 1})
    assert err.value.field == "destroyed" and not JUBILEE_WORDS.search(err.value.message)
    assert RIKIKI.verify(sheet, "tricks", {"tricks": [cards, 0, 0]})["tricks"] == [cards, 0, 0]


def test_each_game_keeps_its_own_words_for_tricks_nobody_won():
    wz = wizard.make_setup(["Paul", "Thomas", "Marie"], jubilee=["bomb"])
    log = [Entry(i + 1, "bid", {"round": 1, "player": p, "bid": 0}) for i, p in enumerate((1, 2, 0))]
    sheet = wizard.replay(wz, log)
    with pytest.raises(RuleError) as err:  # W-J2: one Bomb, one trick at most
        wizard.verify(sheet, "tricks", {"tricks": [0, 0, 0], "destroyed": 2})
    assert err.value.field == "destroyed" and "Bomb" in err.value.message
    assert wizard.verify(sheet, "tricks", {"tricks": [0, 0, 0], "destroyed": "on"})["destroyed"] == 1
    sk = skull_king.make_setup(["Anne", "Morgan", "Calvin"], rounds="3")
    sheet = skull_king.advance(skull_king.replay(sk, []), Entry(1, "bids", {"round": 1, "bids": [1, 1, 1]}))
    with pytest.raises(RuleError) as err:  # K-T1: no Kraken, no White Whale
        skull_king.verify(sheet, "tricks", {"tricks": [1, 1, 0], "destroyed": 1})
    assert "Kraken" in err.value.message


def test_a_jubilee_round_and_row_are_wizards_own():
    s = wizard.make_setup(["Paul", "Thomas", "Marie"], jubilee=["cloud"])
    sheet = wizard.replay(s, [])
    assert type(sheet.state.rounds[0]).__module__ == "scribe.games.wizard.jubilee"
    assert type(sheet.rows[0]).__module__ == "scribe.games.wizard.jubilee"
    r = rikiki_setup(["A", "B", "C"])
    assert type(RIKIKI.replay(r, []).rows[0]) is family_sheet.RoundRow


def test_a_blank_count_waits_for_a_kraken_count_not_for_an_unticked_bomb():
    """W-J2: the Bomb's trick is a box, unticked means none, so the blank is filled in;
    K-T1: the Kraken's is a count, so a blank waits until it is said."""
    wz = wizard.make_setup(["Paul", "Thomas", "Marie"], jubilee=["bomb"], rounds=3)
    log = [Entry(i + 1, "bid", {"round": 1, "player": p, "bid": 0}) for i, p in enumerate((1, 2, 0))]
    log += [Entry(4, "tricks", {"round": 1, "tricks": [0, 1, 0]})]
    log += [Entry(5 + i, "bid", {"round": 2, "player": p, "bid": 0}) for i, p in enumerate((2, 0, 1))]
    sheet = wizard.replay(wz, log)
    assert wizard.verify(sheet, "tricks", {"tricks": [1, "", 0]})["tricks"] == [1, 1, 0]
    sk = skull_king.make_setup(["Anne", "Morgan", "Calvin"], rounds="3", kraken=True)
    sheet = skull_king.advance(skull_king.replay(sk, []), Entry(1, "bids", {"round": 1, "bids": [1, 1, 1]}))
    with pytest.raises(RuleError) as err:
        skull_king.verify(sheet, "tricks", {"tricks": [1, "", 1]})
    assert err.value.field == "tricks.1"
