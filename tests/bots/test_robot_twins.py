"""The twin test (issue 37): a robot decides from its own seat's view only. Two deals
that differ only in the other seats' hands (two of them swapped) look the same from the
robot's seat, so every decision it makes before those hands show must be the same: its
bid (W-B1, K-B1, R-B1), the trump after a turned Wizard (W-R3), its opening card (W-P1)."""

from __future__ import annotations

import random

import pytest

from scribe.bots import decider
from scribe.games import GAMES
from scribe.rules.log import Entry

ROBOT = 0


def _sheets(game: str, seed: int, number: int = 1, **options):
    """Round ``number``'s deal and its twin (seats 1 and 2 swap hands)."""
    rules = GAMES[game]
    setup = rules.make_setup(players=["Ann", "Bob", "Cy", "Dee"], virtual_deck=True, **options)
    base = rules.replay(setup, [])
    sheet = base
    drawn = rules.DRAWN["deal"](sheet, {"round": number}, random.Random(seed))
    twin = dict(drawn, hands=[drawn["hands"][0], drawn["hands"][2], drawn["hands"][1], *drawn["hands"][3:]])
    made = []
    for data in (drawn, twin):
        entry = Entry(1, "deal", rules.verify(base, "deal", data))
        made.append(rules.replay(setup, [entry]))
    return rules, made


def _decisions(game: str, seed: int, level: str, sheets, rules):
    """The robot's decisions on each sheet, the others bidding 1 and playing their first
    legal card, until the robot has played its first card (or the others' cards would tell
    the twins apart: only decisions made on views equal from its seat are compared)."""
    decide = decider(game)
    out = []
    for sheet in sheets:
        made = []
        for _ in range(40):
            view = rules.view(sheet, (), ROBOT)
            move = decide(view, ROBOT, level, seed)
            if move is not None:
                made.append((move, view.current.hands[ROBOT]))
                if move[0] == "played":
                    break
                entry = Entry(sheet.version + 1, move[0], rules.verify(sheet, *move))
            else:
                row = sheet.current
                seat = next((s for s in range(1, sheet.setup.n) if rules.player_bid_state(sheet, s)[0]
                             or (not rules.seats_bid_alone(sheet) and row.next_bidder == s)), None)
                if seat is None or row.bids_in:
                    break  # a card of another seat next: the twins' views would differ
                bid = 0 if (f := sheet.forbidden()) is not None and f.player == seat and f.value == 1 else 1
                entry = Entry(sheet.version + 1, "bid", rules.verify(sheet, "bid", {"round": row.number,
                                                                                    "player": seat, "bid": bid}))
            sheet = rules.advance(sheet, entry, ())
        out.append(made)
    return out


TABLES = [
    ("wizard", {"first_dealer": 0}),  # round 1: the robot deals, so bids last and sees three bids (W-B1)
    ("wizard", {"first_dealer": 3, "jubilee": ["dragon", "fairy", "cloud", "juggler"]}),  # it leads (W-P1)
    ("skull_king", {"rounds": [6]}),  # six cards: the bid and the opening card searched (K-B1)
    ("rikiki", {"schedule": "list", "cards": [6], "first_dealer": 3}),  # R-B1: the robot bids first and leads
]


@pytest.mark.parametrize(("game", "options"), TABLES, ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_twin_deals_that_look_the_same_from_the_seat_get_the_same_decisions(game, options, level):
    compared = 0
    for seed in range(12):
        rules, sheets = _sheets(game, seed, 1, **options)
        a, b = _decisions(game, seed, level, sheets, rules)
        assert a == b, f"seed {seed}: {a} != {b}"
        compared += len(a)
    assert compared >= 12  # the robot decided on every deal: the test compared something
