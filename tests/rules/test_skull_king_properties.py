"""Hypothesis properties of Skull King's rules: rounds dealt and played with real cards
are accepted as played and scored per K-S1..K-S4 with tricks per K-T1; an incremental
replay equals a fresh one; a correction moves the totals as a fresh replay does."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st
from skull_helpers import random_round

from scribe.games.skull_king import Setup, advance, make_setup, replay, verify
from scribe.rules import log as logmod
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

FAST = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

WORTH = {"fourteens": 10, "black14": 20, "mermaids": 20, "pirates": 30, "skull_king": 40}  # K-S2, as printed


@st.composite
def setups(draw, min_players: int = 3) -> Setup:
    n = draw(st.integers(min_players, 8))
    scoring = draw(st.sampled_from(["skull_king", "rascal"]))
    return make_setup(
        [f"P{i}" for i in range(n)], first_dealer=draw(st.integers(0, n - 1)), scoring=scoring,
        cannonball=scoring == "rascal" and draw(st.booleans()),
        bonus_on_miss=scoring == "skull_king" and draw(st.booleans()),
        kraken=draw(st.booleans()), white_whale=draw(st.booleans()), loot=draw(st.booleans()))


def expected_points(setup: Setup, cards: int, bid: int, tricks: int, bonus: dict, cannonball: bool) -> int:
    """The rule book's scoring written out again, independently of the package (K-S1, K-S2, K-S4)."""
    b = sum(WORTH[k] * v for k, v in bonus.items())
    exact, off = bid == tricks, abs(bid - tricks)
    if setup.rules.scoring == "rascal":
        if cannonball:
            return 15 * cards + b if exact else 0
        return 10 * cards + b if off == 0 else (10 * cards + b) // 2 if off == 1 else 0
    if bid == 0:
        base = 10 * cards if tricks == 0 else -10 * cards
    else:
        base = 20 * bid if exact else -10 * off
    return base + (b if exact or setup.rules.bonus_on_miss else 0)


def play(draw, setup: Setup, rounds: int, rng: random.Random) -> list[Entry]:
    """``rounds`` rounds, each dealt and played with random legal cards, its result as
    worked out; the bids (often the tricks the play gave, so that bonuses and Loot count)
    one seat at a time in a random order, or all at once."""
    log: list[Entry] = []

    def record(kind: str, raw: dict) -> None:
        log.append(Entry(len(log) + 1, kind, verify(replay(setup, log), kind, raw)))

    for number in range(1, min(rounds, setup.round_count) + 1):
        cards = setup.cards(number)
        _state, result = random_round(setup, number, rng)  # played first, so bids can hit it
        bids = [draw(st.one_of(st.just(t), st.integers(0, cards))) for t in result["tricks"]]
        if draw(st.booleans()):
            record("bids", {"bids": bids})
        else:
            for p in draw(st.permutations(range(setup.n))):
                record("bid", {"player": p, "bid": bids[p]})
        if setup.rules.cannonball:
            result["cannonball"] = draw(st.lists(st.integers(0, setup.n - 1), unique=True))
        record("tricks", result)
    return log


@FAST
@given(data=st.data(), setup=setups(), rng=st.randoms(use_true_random=False))
def test_k_t1_k_s1_to_k_s4_rounds_played_with_real_cards_are_accepted_and_scored(data, setup, rng):
    log = play(data.draw, setup, data.draw(st.integers(1, 10)), rng)
    sheet = replay(setup, log)
    running = [0] * setup.n
    for row in sheet.played:
        assert sum(row.tricks) == row.cards - row.destroyed  # K-T1
        assert row.destroyed <= setup.rules.beasts
        entry = next(e for e in reversed(log) if e.kind == "tricks" and e.data["round"] == row.number)
        bonuses, alliances = entry.data["bonuses"], entry.data["loot"]
        made = [row.bids[p] == row.tricks[p] for p in range(setup.n)]
        for p in range(setup.n):
            loot = sum(20 for a, b in alliances if p in (a, b) and made[a] and made[b])  # K-S3
            points = expected_points(setup, row.cards, row.bids[p], row.tricks[p], bonuses[p], p in row.cannonball)
            assert row.points[p] == points + loot
        running = [t + p for t, p in zip(running, row.points)]
        assert row.totals == tuple(running)
    assert sheet.totals == tuple(running)
    if sheet.finished:  # K-E1
        assert sheet.winners == tuple(p for p in range(setup.n) if running[p] == max(running))


@FAST
@given(data=st.data(), n=st.integers(2, 8), rounds=st.integers(1, 10))
def test_k_t1_tricks_entered_by_hand_sum_to_the_cards_less_the_destroyed(data, n, rounds):
    """Any split of the tricks is accepted exactly when it is one K-T1 allows (two players:
    Graybeard's ghost takes the rest, never more than were won)."""
    setup = make_setup([f"P{i}" for i in range(n)], kraken=True)
    log: list[Entry] = []
    for number in range(1, rounds + 1):
        cards = setup.cards(number)
        log.append(Entry(len(log) + 1, "bids", verify(replay(setup, log), "bids", {"bids": [0] * n})))
        destroyed = data.draw(st.integers(0, min(1, cards)))
        tricks = data.draw(st.lists(st.integers(0, cards), min_size=n, max_size=n))
        ok = sum(tricks) == cards - destroyed if n > 2 else sum(tricks) <= cards - destroyed
        ok = ok and max(tricks) <= cards - destroyed
        try:
            data_ = verify(replay(setup, log), "tricks", {"tricks": tricks, "destroyed": destroyed})
        except RuleError as err:
            assert not ok and err.field.startswith("tricks")
            return
        assert ok
        log.append(Entry(len(log) + 1, "tricks", data_))
        row = replay(setup, log).rows[number - 1]
        assert row.ghost == (cards - destroyed - sum(tricks) if n == 2 else 0)


def _actions(draw, setup: Setup, rng: random.Random, steps: int) -> list[Entry]:
    """A random log the way a table makes one: rounds, undos, redos and corrections."""
    log: list[Entry] = []
    for _ in range(steps):
        sheet = replay(setup, log)
        choice = draw(st.sampled_from(["play", "play", "undo", "redo", "correct"]))
        if choice == "undo" and sheet.can_undo:
            log.append(Entry(len(log) + 1, logmod.UNDO, logmod.named(logmod.UNDO, logmod.verify_undo(log))))
        elif choice == "redo" and sheet.can_redo:
            log.append(Entry(len(log) + 1, logmod.REDO, logmod.named(logmod.REDO, logmod.verify_redo(log))))
        elif choice == "correct" and sheet.played:
            row = draw(st.sampled_from(sheet.played))
            _s, result = random_round(setup, row.number, rng)
            bids = draw(st.lists(st.integers(0, row.cards), min_size=setup.n, max_size=setup.n))
            try:
                data = verify(sheet, "correction", {"round": row.number, "bids": bids, **result})
            except RuleError:
                continue  # nothing changed
            log.append(Entry(len(log) + 1, "correction", data))
        elif sheet.current is not None:
            row = sheet.current
            if row.bids_in:
                _s, result = random_round(setup, row.number, rng)
                log.append(Entry(len(log) + 1, "tricks", verify(sheet, "tricks", result)))
            else:
                p = row.bids.index(None)
                bid = draw(st.integers(0, row.cards))
                log.append(Entry(len(log) + 1, "bid", verify(sheet, "bid", {"player": p, "bid": bid})))
    return log


@FAST
@given(data=st.data(), setup=setups(), rng=st.randoms(use_true_random=False))
def test_an_incremental_replay_equals_a_fresh_one(data, setup, rng):
    log = _actions(data.draw, setup, rng, data.draw(st.integers(1, 40)))
    sheet = replay(setup, [])
    for i, entry in enumerate(log):
        sheet = advance(sheet, entry, log[:i])
        assert sheet == replay(setup, log[: i + 1])


@FAST
@given(data=st.data(), setup=setups(), rng=st.randoms(use_true_random=False))
def test_a_correction_moves_the_totals_as_a_fresh_replay_does(data, setup, rng):
    """Correcting round r gives the sheet of a game where round r was entered so."""
    log = play(data.draw, setup, data.draw(st.integers(1, 6)), rng)
    sheet = replay(setup, log)
    row = data.draw(st.sampled_from(sheet.played))
    _s, result = random_round(setup, row.number, rng)
    bids = data.draw(st.lists(st.integers(0, row.cards), min_size=setup.n, max_size=setup.n))
    try:
        fix = verify(sheet, "correction", {"round": row.number, "bids": bids, **result})
    except RuleError as err:
        assert err.field == "round"  # the correction changed nothing
        return
    corrected = replay(setup, [*log, Entry(len(log) + 1, "correction", fix)])
    fresh: list[Entry] = []
    for e in log:
        if e.data.get("round") == row.number:
            if e.kind == "tricks":
                fresh.append(Entry(len(fresh) + 1, "bids", {"round": row.number, "bids": fix["bids"]}))
                fresh.append(Entry(len(fresh) + 1, "tricks", {k: v for k, v in fix.items() if k != "bids"}))
            continue
        fresh.append(Entry(len(fresh) + 1, e.kind, e.data))
    again = replay(setup, fresh)
    assert corrected.totals == again.totals
    assert [r.points for r in corrected.rows] == [r.points for r in again.rows]
    assert corrected.rows[row.number - 1].corrected and not again.rows[row.number - 1].corrected
