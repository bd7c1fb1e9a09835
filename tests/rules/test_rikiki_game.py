"""Rikiki / Oh Hell as a game on the bids-and-tricks family: the digest's worked figures
(R-S4, R-B2) through the game's own sheet, every preset (R-P1), the schedule's limits
(R-F2), trump (R-T1), corrections, undo, sealed bids (R-B1 as W-B7), advance == replay."""

from __future__ import annotations

import random

import pytest

from scribe.games import GAMES
from scribe.rules.errors import RuleError
from scribe.rules.log import REDO, UNDO, Entry, named, verify_redo, verify_undo
from scribe.rules.sealed import SEALED

GAME = GAMES["rikiki"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]


class Table:
    """A game kept as the service keeps it: verify, record, advance."""

    def __init__(self, players=FOUR, first_dealer=3, **options):
        self.setup = GAME.make_setup(players=players, first_dealer=first_dealer, **options)
        self.log: list[Entry] = []
        self.sheet = GAME.replay(self.setup, [])

    def add(self, kind, **data):
        entry = Entry(len(self.log) + 1, kind, GAME.verify(self.sheet, kind, data))
        self.sheet = GAME.advance(self.sheet, entry, self.log)
        self.log.append(entry)
        return self.sheet

    def take_back(self, kind=UNDO):
        target = (verify_undo if kind == UNDO else verify_redo)(self.log)
        entry = Entry(len(self.log) + 1, kind, named(kind, target))
        self.sheet = GAME.advance(self.sheet, entry, self.log)
        self.log.append(entry)

    def bids(self, *values):
        row = self.sheet.current
        for player, bid in zip(row.order, values):
            self.add("bid", round=row.number, player=player, bid=bid)

    def refusal(self, kind, **data) -> RuleError:
        with pytest.raises(RuleError) as info:
            GAME.verify(self.sheet, kind, data)
        return info.value


@pytest.mark.parametrize(("scoring", "points"), [
    ("oh_hell", (13, 0, 10)), ("nomination_whist", (13, 3, 10)), ("boerenbridge", (16, -2, 10)), ("squares", (19, -1, 10)),
])
def test_r_s4_worked_figures_on_the_sheet(scoring, points):
    """Bid 3 took 3; bid 2 took 3; bid 0 took 0 (the fourth seat takes the rest)."""
    t = Table(scoring=scoring, schedule="list", cards=[7], hook_from=None)
    t.bids(3, 2, 0, 2)  # Ana, Ben, Cy, then Dee the dealer
    sheet = t.add("tricks", round=1, tricks=[3, 3, 0, 1])
    assert sheet.rows[0].points[:3] == points and sheet.totals[:3] == points


def test_r_s4_bid_7_took_2_on_the_boerenbridge_5_sheet():
    t = Table(scoring="boerenbridge_5", schedule="list", cards=[9], hook_from=None)
    t.bids(7, 0, 0, 0)
    assert t.add("tricks", round=1, tricks=[2, 3, 3, 1]).rows[0].points[0] == -5


def test_r_s2_custom_scoring_typed_in():
    t = Table(scoring="custom", custom="5, 3, 1, 4", schedule="list", cards=[4], hook_from=None)
    t.bids(2, 1, 0, 0)
    assert t.add("tricks", round=1, tricks=[2, 0, 0, 2]).rows[0].points == (11, -4, 5, -6)


@pytest.mark.parametrize(("cards", "others", "refused"), [
    (5, (2, 0, 1), 2),  # Wikipedia
    (5, (3, 1, 2), None),  # over already: anything
    (7, (0, 3, 2), 2),  # Dutch Wikipedia
])
def test_r_b2_the_dealer_may_not_make_the_bids_total_the_cards(cards, others, refused):
    t = Table(schedule="list", cards=[cards])
    t.bids(*others)
    forbidden = t.sheet.forbidden()
    assert (forbidden and forbidden.value) == refused
    if refused is not None:
        err = t.refusal("bid", round=1, player=3, bid=refused)
        assert err.field == "bid" and "the dealer" in err.template and err.params["name"] == "Dee"
        assert "R-B2" not in err.template % err.params  # a player reads words, never a rule id
    for bid in range(cards + 1):
        if bid != refused:
            GAME.verify(t.sheet, "bid", {"round": 1, "player": 3, "bid": bid})


def test_r_b2_settings_off_and_from_some_number_of_cards():
    off = Table(schedule="list", cards=[3], hook_from=None)
    off.bids(1, 1, 0)
    assert off.sheet.forbidden() is None
    late = Table(schedule="list", cards=[3, 4], hook_from=4)  # Dutch Wikipedia: from more than 3
    late.bids(1, 1, 0)
    assert late.sheet.forbidden() is None
    late.add("bid", round=1, player=3, bid=1)
    late.add("tricks", round=1, tricks=[1, 1, 0, 1])
    late.bids(1, 1, 1)
    assert late.sheet.forbidden().value == 1
    assert late.refusal("bid", round=2, player=0, bid=5).field == "bid"  # 0..n (R-F2)


@pytest.mark.parametrize(("preset", "first", "length", "scoring", "hook"), [
    ("oh_hell", 12, 23, "oh_hell", 1),  # down and up from R-M2's 12 at four
    ("nomination_whist", 7, 7, "nomination_whist", 1),  # down from 7 (The Guardian)
    ("boerenbridge", 1, 23, "boerenbridge", 4),  # up and down, hook from 4 cards, blind one-card round
    ("rikiki", 1, 23, "ascenseur", 1),
])
def test_r_p1_presets(preset, first, length, scoring, hook):
    setup = GAME.make_setup(players=FOUR, preset=preset)
    assert setup.deals[0] == first and setup.round_count == length
    assert setup.rules.scoring == scoring and setup.rules.hook_from == hook and setup.rules.preset == preset
    assert setup.rules.blind == (preset == "boerenbridge")
    changed = GAME.make_setup(players=FOUR, preset=preset, hook_from="off")  # every setting stays a setting
    assert changed.rules.preset == "custom" and changed.rules.hook_from is None


def test_r_m1_three_to_seven_players_and_the_pack():
    for n in (2, 8):
        with pytest.raises(RuleError) as info:
            GAME.make_setup(players=[f"P{i}" for i in range(n)])
        assert info.value.field == "players"
    with pytest.raises(RuleError) as info:
        GAME.make_setup(players=FOUR, pack=36)
    assert info.value.field == "pack"
    assert GAME.make_setup(players=FOUR, pack=32).deals[0] == 7  # R-M2: (32 - 1) // 4


def test_r_f2_a_schedule_above_r_m2s_limit_is_refused():
    for options, field in (({"most": 13}, "most"), ({"schedule": "list", "cards": "1, 13"}, "cards"),
                           ({"schedule": "list", "cards": "1, x"}, "cards"), ({"schedule": "sideways"}, "schedule"),
                           ({"scoring": "custom"}, "custom"), ({"hook_from": 0}, "hook_from")):
        with pytest.raises(RuleError) as info:
            GAME.make_setup(players=FOUR, **options)
        assert info.value.field == field, options
    assert GAME.make_setup(players=FOUR, most=13, every_card=True).deals[0] == 13


def test_r_t1_no_trump_when_every_card_is_dealt_or_on_the_second_peak():
    every = GAME.make_setup(players=FOUR, schedule="down", every_card=True)
    assert [has for *_x, has in every.schedule][:2] == [False, True]
    peak = GAME.make_setup(players=FOUR, schedule="peak_twice", most=3)
    assert peak.deals == (1, 2, 3, 3, 2, 1) and [has for *_x, has in peak.schedule] == [True] * 3 + [False] + [True] * 2
    spades = GAME.make_setup(players=FOUR, schedule="down", every_card=True, trump="spades")
    assert spades.schedule[0][3]
    t = Table(schedule="list", cards=[2])
    assert t.add("trump", round=1, card="hearts").rows[0].trump.suit == "hearts"
    assert t.refusal("trump", round=1, card="wizard").field == "trump"


def test_r_r2_the_deal_passes_left_and_the_dealer_bids_last():
    t = Table(first_dealer=1, schedule="list", cards=[1, 1])
    assert t.sheet.rows[0].order == (2, 3, 0, 1) and t.sheet.rows[1].dealer == 2
    assert t.refusal("bid", round=1, player=1, bid=0).field == "bid"  # not Ben's turn


def test_corrections_and_undo_keep_every_score():
    t = Table(schedule="list", cards=[3, 3], scoring="nomination_whist")
    t.bids(1, 1, 0, 0)
    t.add("tricks", round=1, tricks=[1, 1, 0, 1])
    t.bids(0, 0, 0, 2)
    assert t.refusal("correction", round=1, bids=[1, 1, 0, 1], tricks=[1, 1, 0, 1]).field == "bids.3"  # the hook
    t.add("correction", round=1, bids=[1, 1, 1, 1], tricks=[1, 1, 1, 0])
    assert t.sheet.rows[0].totals == (11, 11, 11, 0) and t.sheet.rows[0].corrected
    t.take_back()
    assert t.sheet.rows[0].totals == (11, 11, 10, 1)
    t.take_back(REDO)
    assert t.sheet.rows[0].totals == (11, 11, 11, 0)
    assert GAME.replay(t.setup, t.log) == t.sheet


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_r_b1_sealed_bids_as_w_b7(mode):
    t = Table(schedule="list", cards=[2], reveal=mode)
    t.add("bid", round=1, player=2, bid=1)  # any order
    assert GAME.view(t.sheet, t.log, seat=0).rows[0].bids == (None, None, SEALED, None)
    assert GAME.view(t.sheet, t.log, seat=2).rows[0].bids[2] == 1
    t.add("bid", round=1, player=0, bid=1)
    assert t.refusal("bid", round=1, player=3, bid=0).field == "bid"  # the dealer waits: the hook binds it
    t.add("bid", round=1, player=1, bid=0)
    assert t.refusal("bid", round=1, player=3, bid=0).field == "bid"  # 1 + 1 + 0 + 0 = 2: hooked
    t.add("bid", round=1, player=3, bid=1)
    shown = GAME.view(t.sheet, t.log, seat=0).rows[0].bids
    assert (shown == (1, 0, 1, 1)) == (mode == "hidden")
    t.add("tricks", round=1, tricks=[1, 0, 0, 1])
    assert GAME.view(t.sheet, t.log, seat=0).rows[0].bids == (1, 0, 1, 1)


@pytest.mark.parametrize("options", [{"preset": "boerenbridge"}, {"schedule": "list", "cards": [2, 1], "hook_from": None,
                                                                   "scoring": "custom", "custom": [1, 2, 3, 4]}])
def test_play_again_keeps_every_setting_and_passes_the_deal(options):
    setup = GAME.make_setup(players=FOUR, first_dealer=3, **options)
    again = GAME.make_setup(**GAME.rematch(setup))
    assert again.rules == setup.rules and again.players == setup.players and again.first_dealer == 0


@pytest.mark.parametrize("preset", ["oh_hell", "nomination_whist", "boerenbridge", "rikiki"])
def test_advance_equals_replay_over_a_random_game(preset):
    rng = random.Random(preset)
    t = Table(players=FOUR[:3] + ["Eve"], preset=preset, reveal=rng.choice(["open", "hidden"]))
    while not t.sheet.finished:
        row = t.sheet.current
        if not row.bids_in:
            player = row.next_bidder if t.setup.rules.reveal == "open" else next(
                p for p in row.order if row.bids[p] is None)
            choices = [b for b in range(row.cards + 1) if t.sheet.forbidden() is None or player != row.order[-1]
                       or b != t.sheet.forbidden().value]
            t.add("bid", round=row.number, player=player, bid=rng.choice(choices))
        else:
            cuts = sorted(rng.randint(0, row.cards) for _ in range(3))
            t.add("tricks", round=row.number, tricks=[b - a for a, b in zip([0, *cuts], [*cuts, row.cards])])
        if rng.random() < 0.1 and t.sheet.can_undo:
            t.take_back()
        assert t.sheet == GAME.replay(t.setup, t.log)
    assert t.sheet.winners and GAME.story(t.sheet).lines


def test_r_m1_a_deal_holds_the_packs_cards_once_and_turns_one_while_one_is_left():
    t = Table(schedule="list", cards=[1, 7], pack=32, virtual_deck=True)
    hands = [["AS"], ["KS"], ["QS"], ["JS"]]
    assert t.add("deal", round=1, hands=hands, turned="7H").rows[0].trump.suit == "hearts"  # R-T1
    fresh = Table(schedule="list", cards=[1], pack=32, virtual_deck=True)
    for bad in ({"hands": hands, "turned": "AS"}, {"hands": [["AS"], ["KS"], ["QS"], ["2S"]], "turned": "7H"},
                {"hands": hands, "turned": None}, {"hands": [["AS"], ["KS"], ["QS"], ["ZZ"]], "turned": "7H"}):
        assert fresh.refusal("deal", round=1, **bad).field == "deal", bad  # twice, not in 32 cards, none turned
    assert fresh.refusal("bid", round=1, player=0, bid=0).field == "bid"  # the cards come first
