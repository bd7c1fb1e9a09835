"""Skull King in the engine: whole games between random and heuristic players, played on
the family's play engine, whose results the score sheet accepts and scores exactly as the
engine did (K-R1, K-B1, K-S1..K-S4, K-T1, K-E1); and ``scribe simulate --game skull_king``."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scribe.engine.simulate import main, simulate
from scribe.engine.skull_king import (
    SkullKingHeuristic,
    SkullKingRandom,
    play_skull_king_game,
    skull_king_setup,
)
from scribe.games.skull_king import replay, verify
from scribe.games.skull_king.play import SKULL_KING_TRICKS, play_round, verify_card
from scribe.rules.cards import make_rng
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

RULES = st.fixed_dictionaries({
    "scoring": st.sampled_from(["skull_king", "rascal"]), "kraken": st.booleans(),
    "white_whale": st.booleans(), "loot": st.booleans()})


def sheet_of(game):
    """The game entered on the score sheet as a table would: the bids at once, then the
    result the cards gave, each checked by the rules."""
    log: list[Entry] = []
    for r in game.rounds:
        for kind, raw in (("bids", {"bids": list(r.bids)}), ("tricks", r.result)):
            log.append(Entry(len(log) + 1, kind, verify(replay(game.setup, log), kind, raw)))
    return replay(game.setup, log)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), rules=RULES, seed=st.integers(0, 10**6), heuristic=st.lists(st.booleans(), min_size=8))
def test_k_s1_to_k_s4_k_e1_a_simulated_game_scores_on_the_sheet_as_in_the_engine(n, rules, seed, heuristic):
    rng = make_rng(seed)
    policies = [SkullKingHeuristic() if heuristic[i] else SkullKingRandom(rng) for i in range(n)]
    game = play_skull_king_game(n, policies, rng, first_dealer=seed % n, **rules)
    sheet = sheet_of(game)
    assert [row.points for row in sheet.rows] == [r.points for r in game.rounds]
    assert sheet.totals == game.totals and sheet.finished and sheet.winners == game.winners  # K-E1


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), rules=RULES, seed=st.integers(0, 10**6))
def test_k_r1_k_t1_every_card_dealt_is_played_legally_and_every_trick_is_won_or_destroyed(n, rules, seed):
    rng = make_rng(seed)
    game = play_skull_king_game(n, [SkullKingRandom(rng) for _ in range(n)], rng, **rules)
    setup = game.setup
    assert [r.cards for r in game.rounds] == list(setup.deal)
    for r in game.rounds:
        assert r.dealer == setup.dealer(r.number) and r.play.done[0].leader == setup.order(r.number)[0]
        assert sum(r.won) + r.destroyed == r.cards and r.destroyed <= setup.rules.beasts  # K-T1
        hands = [list(h) for h in r.hands]
        plays = [p for t in r.play.done for p in t.plays]
        assert Counter(str(SKULL_KING_TRICKS.hand_form(c)) for _s, c in plays) == Counter(str(c) for h in hands for c in h)
        first = setup.order(r.number)[0]
        for i, (seat, card) in enumerate(plays):  # the rules' own check accepts every card, in turn
            state = play_round(n, first, plays[:i], r.cards)
            assert verify_card(state, hands[seat], seat, str(card)) == card
            hands[seat].remove(SKULL_KING_TRICKS.hand_form(card))


def test_k_b1_bids_are_made_unseen_and_revealed_together():
    seen = []

    class Watcher(SkullKingHeuristic):
        def bid(self, hand, view, seat):
            seen.append(list(view.bids))
            return super().bid(hand, view, seat)

        def play(self, legal, hand, view, seat):
            seen.append(list(view.bids))
            return super().play(legal, hand, view, seat)

    game = play_skull_king_game(4, [Watcher()] * 4, make_rng(3))
    bidding = [s for s in seen if None in s]
    assert bidding and all(s == [None] * 4 for s in bidding)
    assert [None not in s for s in seen].count(True) == sum(r.cards * 4 for r in game.rounds)


def test_the_heuristic_player_makes_its_bids_more_often_and_scores_more_than_random_ones():
    report = simulate(4, 100, seed=1, game="skull_king", policy="heuristic,random,random,random")
    h, *others = report.bid_accuracy_by_seat
    assert h > max(others) + 0.2
    assert report.average_score[0] > max(report.average_score[1:])


def test_a_player_that_breaks_the_rules_is_refused():
    class Cheat(SkullKingRandom):
        def play(self, legal, hand, view, seat):
            return next((c for c in hand if c not in legal), legal[0])

    class Greedy(SkullKingRandom):
        def bid(self, hand, view, seat):
            return view.cards + 1

    rng = make_rng(0)
    with pytest.raises(RuleError, match="not one of its legal cards"):
        for seed in range(20):
            play_skull_king_game(5, [Cheat(make_rng(seed)) for _ in range(5)], make_rng(seed))
    with pytest.raises(RuleError, match="A bid is a whole number from 0 to 1"):
        play_skull_king_game(3, [Greedy(rng)] * 3, rng)


@pytest.mark.parametrize("players", [2, 9])
def test_the_engine_refuses_a_table_it_cannot_play(players):
    with pytest.raises(RuleError, match="3 to 8 players"):
        skull_king_setup(players)


# --------------------------------------------------------------------------- the command

def test_the_same_seed_gives_the_same_skull_king_report_and_wizard_is_unchanged():
    a = simulate(5, 30, seed=4, game="skull_king", kraken=True, loot=True)
    b = simulate(5, 30, seed=4, game="skull_king", kraken=True, loot=True)
    assert a.average_score == b.average_score and a.options["kraken"] and a.game == "skull_king"
    assert simulate(4, 20, seed=1).average_score == simulate(4, 20, seed=1, game="wizard").average_score


def test_scribe_simulate_game_skull_king(capsys):
    assert main(["--game", "skull_king", "--players", "6", "--games", "5", "--seed", "2", "--policy", "heuristic",
                 "--scoring", "rascal", "--white-whale"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Skull King: 5 games, 6 players, seed 2")
    assert "scoring=rascal" in out and "white_whale=True" in out and out.count("heuristic") == 6


@pytest.mark.parametrize("args, says", [
    (["--game", "skull_king", "--players", "2"], "3 to 8 players, not 2"),
    (["--game", "skull_king", "--bid-rule", "plus_minus_one"], "bid_rule is not an option of Skull King"),
    (["--game", "skull_king", "--unicolore"], "unicolore is not an option of Skull King"),
    (["--loot"], "loot is not an option of Wizard"),
    (["--game", "skull_king", "--policy", "clever"], "Policies"),
])
def test_scribe_simulate_refuses_what_the_game_has_not(args, says, capsys):
    assert main([*args, "--games", "1"]) == 2
    assert says in capsys.readouterr().err


def test_the_scribe_command_plays_skull_king():
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "simulate", "--game", "skull_king", "--players", "8",
                          "--games", "3", "--seed", "1"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Skull King: 3 games, 8 players" in out.stdout and "bids exact" in out.stdout


def test_jobs_give_the_same_skull_king_report():
    one = simulate(3, 60, seed=5, game="skull_king", jobs=1)
    two = simulate(3, 60, seed=5, game="skull_king", jobs=2)
    assert one.average_score == two.average_score and two.jobs == 2
