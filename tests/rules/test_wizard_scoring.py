"""Scoring and the score pad: W-S1, W-S3, W-S4, W-U3, and the worked examples."""

import pytest
from rules_helpers import Game

from scribe.games.wizard import round_points

# ------------------------------------------------------------------ W-S1


@pytest.mark.parametrize(
    "bid, tricks, points",
    [
        (0, 0, 20),
        (1, 1, 30),
        (2, 2, 40),
        (5, 5, 70),
        (0, 1, -10),
        (1, 0, -10),
        (2, 1, -10),
        (1, 3, -20),
        (3, 0, -30),
        (0, 20, -200),
        (20, 20, 220),
    ],
)
def test_w_s1_bid_exact_scores_twenty_plus_ten_per_trick(bid, tricks, points):
    assert round_points(bid, tricks) == points


def test_w_s1_points_on_the_sheet():
    g = Game()
    g.round([0, 1, 1], [0, 0, 1])
    row = g.sheet.rows[0]
    assert row.points == (20, -10, 30)
    assert [row.hit(p) for p in range(3)] == [True, False, True]


# ------------------------------------------------------------------ W-S3


def test_w_s3_game_ends_after_the_last_round():
    g = Game(["A", "B", "C", "D", "E", "F"])
    for r in range(1, 11):
        assert not g.sheet.finished and g.sheet.winners == ()
        g.round([0] * 6, [r, 0, 0, 0, 0, 0])
    assert g.sheet.finished and g.sheet.phase == "finished" and g.sheet.current is None
    assert g.sheet.winners == (1, 2, 3, 4, 5)  # everyone but A made every bid


def test_w_s3_tie_gives_several_winners():
    g = Game(rounds=1)
    g.round([0, 0, 0], [0, 0, 1])
    assert g.sheet.finished
    assert g.sheet.totals == (20, 20, -10)
    assert g.sheet.winners == (0, 1)
    assert [(s.rank, s.player, s.total) for s in g.sheet.standings] == [
        (1, 0, 20),
        (1, 1, 20),
        (3, 2, -10),
    ]


def test_w_s3_single_winner():
    g = Game(rounds=2)
    g.round([0, 1, 1], [0, 0, 1])
    g.round([2, 0, 0], [1, 0, 1])
    assert g.sheet.winners == (2,)
    assert g.sheet.standings[0].player == 2


def test_w_s3_leaders_before_the_end_are_not_winners():
    g = Game()
    assert g.sheet.leaders == (0, 1, 2)  # nobody has scored: all level
    g.round([0, 1, 1], [0, 0, 1])
    assert g.sheet.leaders == (2,) and g.sheet.winners == ()


# ------------------------------------------------------------------ W-S4 and the seeds


def seed_000() -> Game:
    """Seed 000: Paul, Thomas, Marie; the pad shows totals and (small box) bids."""
    g = Game(["Paul", "Thomas", "Marie"], edition="amigo")
    # round 1: Paul bids 0, takes nothing; Thomas bids 1, fails; Marie bids 1, takes it
    g.round([0, 1, 1], [0, 0, 1])
    # round 2: Paul bids 2, takes 1; Thomas bids 0, right; Marie bids 0, takes 1
    g.round([2, 0, 0], [1, 0, 1])
    return g


def test_w_s4_seed_000_paul_thomas_marie():
    sheet = seed_000().sheet
    r1, r2 = sheet.rows[0], sheet.rows[1]
    assert (r1.cards, r1.totals, r1.bids) == (1, (20, -10, 30), (0, 1, 1))
    assert (r2.cards, r2.totals, r2.bids) == (2, (10, 10, 20), (2, 0, 0))
    assert r2.points == (-10, 20, -10)
    assert sheet.totals == (10, 10, 20)
    # the pad's third row is empty and being played
    assert sheet.current.number == 3 and sheet.current.bids == (None, None, None)
    assert sheet.current.totals is None


def seed_004() -> Game:
    """Seed 004 (Gigamic 2022, ±1): Arnaud, Anna, Emilie at 10 / 10 / 20 before round 3.

    The seed gives only the totals before round 3; rounds 1-2 here reach them.
    Arnaud bids first in round 3 (he leads the first trick), so Emilie deals it.
    """
    g = Game(["Arnaud", "Anna", "Emilie"], preset="plus_minus_one", first_dealer=0)
    g.round([1, 1, 1], [0, 0, 1])  # -10, -10, 30
    g.round([0, 0, 1], [0, 0, 2])  # +20, +20, -10
    assert g.sheet.totals == (10, 10, 20)
    g.do("trump", card="red")  # "Émilie révèle un 8 rouge"
    g.round([2, 2, 0], [2, 1, 0])
    return g


def test_w_s4_seed_004_arnaud_anna_emilie():
    sheet = seed_004().sheet
    r3 = sheet.rows[2]
    assert r3.dealer == 2 and r3.order == (0, 1, 2)
    assert r3.trump.suit == "red"
    assert r3.bids == (2, 2, 0) and r3.bid_total == 4  # four bid for three tricks
    assert r3.tricks == (2, 1, 0)
    assert r3.points == (40, -10, 20)  # Arnaud 10 + 10 + 20
    assert r3.totals == (50, 0, 40)
    assert sheet.leaders == (0,)


def test_w_s4_seed_004_leader_rule_forbids_nothing_there():
    """Emilie leads before round 3 and bids last, but 2 + 2 already exceed 3 (W-B6)."""
    g = Game(["Arnaud", "Anna", "Emilie"], preset="leader", first_dealer=0)
    g.round([1, 1, 1], [0, 0, 1])
    g.round([0, 0, 1], [0, 0, 2])
    g.bid(2)
    g.bid(2)
    assert g.sheet.strict_leader_before(3) == 2
    assert g.sheet.forbidden() is None
    g.bid(0)


def test_w_s4_pad_rows():
    g = Game(["A", "B", "C", "D"], first_dealer=3)
    sheet = g.sheet
    assert [(r.number, r.cards) for r in sheet.rows] == [(i, i) for i in range(1, 16)]
    assert all(r.totals is None and r.bids == (None,) * 4 for r in sheet.rows)
    assert sheet.totals == (0, 0, 0, 0) and sheet.phase == "bidding"


def test_w_s4_running_totals():
    g = seed_000()
    rows = g.sheet.played
    running = [0, 0, 0]
    for row in rows:
        running = [a + b for a, b in zip(running, row.points)]
        assert row.totals == tuple(running)


# ------------------------------------------------------------------ W-U3


def test_w_u3_unicolore_scores_as_usual():
    g = Game(["A", "B", "C", "D"], unicolore=True)
    assert g.sheet.current.cards == 4
    g.round([1, 1, 1, 0], [1, 1, 2, 0])
    assert g.sheet.rows[0].points == (30, 30, -10, 20)
    g.round([5, 0, 0, 0], [2, 1, 1, 1])
    assert g.sheet.totals == (0, 20, -20, 10)
