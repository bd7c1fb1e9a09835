"""Belote's and Coinche's virtual deck (issue 34), through the game object as the service
drives it: the deal drawn by the server (B-D1, B-D2; Coinche 8 each), the taking rounds
and the auction (C-A1..C-A4), the play's obligations refused through ``verify``
(B-P1), belote and rebelote said (B-P3), the dix de der (B-P1), the capot (B-P2), the
Scribe's one tap recording what the cards say, the undo rules and each viewer's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scribe.games import GAMES
from scribe.games.belote import deck, play
from scribe.games.belote.cards import card_points, deal_points
from scribe.games.belote.dealing import order
from scribe.rules.cards.standard import PACK_32, shuffled
from scribe.rules.errors import RuleError
from scribe.rules.log import UNDO, Entry, named, verify_undo

RULES = GAMES["belote"]
NAMES = ["Ana", "Ben", "Cy", "Dee"]


class Table:
    """A game played through the game object: each action verified against the sheet
    replayed, the sheet advanced (and held equal to a fresh replay)."""

    def __init__(self, variant: str = "belote", seed: int = 1, **options: Any) -> None:
        self.setup = RULES.make_setup(players=NAMES, variant=variant, virtual_deck=True, **options)
        self.log: list[Entry] = []
        self.sheet = RULES.replay(self.setup, [])
        self.rng = random.Random(seed)
        self.check = True  # each entry's advanced sheet held to a fresh replay (the random walk: once a deal)

    def act(self, kind: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        data = dict(data or {})
        if kind == UNDO:
            target = verify_undo(self.log)
            RULES.verify_take_back(self.sheet, self.log, target)
            recorded = named(UNDO, target)
        else:
            if kind in RULES.DRAWN:
                data = RULES.drawn_again(self.sheet, self.log, kind, data) or RULES.DRAWN[kind](self.sheet, data,
                                                                                                 self.rng)
            recorded = RULES.verify(self.sheet, kind, data)
        entry = Entry(len(self.log) + 1, kind, recorded)
        advanced = RULES.advance(self.sheet, entry, tuple(self.log))
        self.log.append(entry)
        self.sheet = advanced
        if self.check:
            assert advanced == RULES.replay(self.setup, self.log)  # tests/rules/test_advance.py's promise
        return recorded

    def refused(self, kind: str, data: dict[str, Any] | None = None) -> RuleError:
        with pytest.raises(RuleError) as err:
            self.act(kind, data)
        return err.value

    @property
    def table(self) -> deck.DeckDeal:
        assert self.sheet.table is not None
        return self.sheet.table

    def deal(self, hands: list[list[str]] | None = None) -> None:
        """Deal (from the seeded source), or these hands (Coinche: checked as any deal)."""
        if hands is None:
            self.act("deal")
            return
        entry = RULES.verify(self.sheet, "deal", {"round": self.sheet.round_number, "hands": hands})
        self.log.append(Entry(len(self.log) + 1, "deal", entry))
        self.sheet = RULES.replay(self.setup, self.log)

    def say(self, call: str, **more: Any) -> dict[str, Any]:
        return self.act("call", {"player": self.table.speaker, "call": call, **more})

    def play(self, card: str, player: int | None = None) -> dict[str, Any]:
        return self.act("played", {"player": self.table.player if player is None else player, "card": card})

    def play_out(self, rng: random.Random) -> None:
        while self.table.phase == deck.PLAYING:
            legal, _why = self.table.legal(self.table.player)
            self.play(rng.choice(legal))


# ----------------------------------------------------------------- dealing


def test_B_D1_five_cards_each_three_then_two_from_the_dealers_right_and_one_turned_up():
    t = Table(seed=7, first_dealer=2)
    t.deal()
    pack = shuffled(random.Random(7), PACK_32)  # the same source, the same shuffle
    seats = order(2)
    assert [t.table.dealt[s][:3] for s in seats] == [tuple(pack[3 * i:3 * i + 3]) for i in range(4)]
    assert [t.table.dealt[s][3:] for s in seats] == [tuple(pack[12 + 2 * i:14 + 2 * i]) for i in range(4)]
    assert t.table.turned == pack[20]
    assert t.table.phase == "speaking" and t.table.speaker == seats[0]  # the dealer's right speaks first


def test_B_D2_the_taker_gets_the_turned_card_and_two_more_the_others_three():
    t = Table(seed=3)
    t.deal()
    turned = t.table.turned
    t.say("pass")
    taker = t.table.speaker
    t.say("take")
    assert t.table.contract == {"taker": taker, "takers": taker % 2, "trump": turned[-1], "amount": None, "level": 0}
    assert turned in t.table.hands[taker]
    assert [len(h) for h in t.table.hands] == [8, 8, 8, 8]
    assert sorted(c for h in t.table.hands for c in h) == sorted(PACK_32)
    assert t.table.phase == "playing" and t.table.player == order(t.setup.dealer(1))[0]


def test_C_eight_cards_each_and_the_auction_at_once():
    t = Table("coinche", seed=5)
    t.deal()
    assert [len(h) for h in t.table.hands] == [8, 8, 8, 8] and t.table.turned is None
    assert sorted(c for h in t.table.hands for c in h) == sorted(PACK_32)


def test_a_deal_is_refused_without_the_virtual_deck_and_twice_on_one_line():
    plain = RULES.make_setup(players=NAMES)
    sheet = RULES.replay(plain, [])
    with pytest.raises(RuleError) as err:
        RULES.verify(sheet, "deal", RULES.DRAWN["deal"](sheet, {}, random.Random(1)))
    assert err.value.field == "deal" and "no virtual deck" in err.value.message
    t = Table()
    assert "out of date" in t.refused("deal", {"round": 2}).message  # a page of another line
    t.deal()
    assert t.refused("deal").message == "The cards of deal 1 are already dealt."


# ----------------------------------------------------------------- speaking


def test_B_D1_second_round_names_a_suit_and_B_D2_all_passing_twice_voids_the_deal():
    t = Table(seed=2)
    t.deal()
    for _ in range(4):
        t.say("pass")
    other = next(s for s in "SHDC" if s != t.table.turned[-1])
    speaker = t.table.speaker
    t.say("take", suit=other)
    assert t.table.contract["trump"] == other and t.table.contract["taker"] == speaker

    t = Table(seed=2, settings={"second_round": "other"})
    t.deal()
    for _ in range(4):
        t.say("pass")
    err = t.refused("call", {"player": t.table.speaker, "call": "take", "suit": t.table.turned[-1]})
    assert err.field == "call" and "another suit" in err.message
    for _ in range(4):
        t.say("pass")
    assert t.table.phase == "void" and t.table.speaker is None
    assert t.act("result") == {"round": 1, "takers": "passed"}  # the Scribe's one tap
    assert t.sheet.table is None and t.sheet.rounds[0].deal is None and t.sheet.dealer == t.setup.dealer(2)


def test_a_call_out_of_turn_or_after_the_taking_is_refused_by_the_call_field():
    t = Table(seed=4)
    t.deal()
    wrong = (t.table.speaker + 1) % 4
    err = t.refused("call", {"player": wrong, "call": "pass"})
    assert (err.field, err.message) == ("call", "It is not your turn to speak.")
    assert t.refused("call", {"player": t.table.speaker, "call": "bid"}).field == "call"
    t.say("take")
    assert t.refused("call", {"player": 0, "call": "pass"}).message == "The auction is over."


def test_C_A1_C_A2_a_bid_coinched_and_surcoinched_is_the_contract_at_level_two():
    t = Table("coinche", seed=8)
    t.deal()
    bidder = t.table.speaker
    t.say("bid", amount="100", trump="h")
    assert t.table.bid["amount"] == 100 and t.table.phase == "speaking"
    assert "above the last" in t.refused("call", {"player": t.table.speaker, "call": "bid", "amount": 90,
                                                  "trump": "S"}).message
    t.say("pass")  # the bidder's partner's turn now
    assert "opponent" in t.refused("call", {"player": t.table.speaker, "call": "coinche"}).message
    t.say("pass")
    t.say("coinche")  # the last opponent coinches
    assert t.table.speaker == bidder or t.table.speaker % 2 == bidder % 2
    t.say("surcoinche")
    assert t.table.phase == "playing"
    assert t.table.contract == {"taker": bidder, "takers": bidder % 2, "trump": "H", "amount": 100, "level": 2}


def test_C_A1_a_bid_above_what_a_deal_records_is_refused():
    t = Table("coinche")
    t.deal()
    err = t.refused("call", {"player": t.table.speaker, "call": "bid", "amount": "99990", "trump": "S"})
    assert err.field == "call" and "from 80 to 1000" in err.message


def test_C_A1_four_passes_void_the_deal():
    t = Table("coinche")
    t.deal()
    for _ in range(4):
        t.say("pass")
    assert t.table.phase == "void"
    assert t.act("result")["takers"] == "passed"


# ----------------------------------------------------------------- playing

SPADES = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]
#: seat 3 (the dealer 0's right: it speaks and leads first) holds every spade
ALL_SPADES = [["JH", "AH", "10H", "KH", "QH", "9C", "8C", "7C"],
              ["9H", "7H", "8H", "AC", "KC", "QC", "JC", "10C"],
              ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"],
              SPADES]


def _bid_and_lead_every_spade(t, amount, rng) -> None:
    """Seat 3, dealt every spade, bids ``amount`` at spades, the others pass, and it leads
    its eight spades one by one; the others play a legal card at random."""
    t.deal(ALL_SPADES)
    t.say("bid", amount=amount, trump="S")
    for _ in range(3):
        t.say("pass")
    for card in ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"]:
        t.play(card)
        while t.table.player not in (3, None):
            t.play(rng.choice(t.table.legal(t.table.player)[0]))


def test_B_P2_a_capot_is_read_from_the_cards_and_B_P1_dix_de_der():
    t = Table("coinche")
    _bid_and_lead_every_spade(t, "capot", random.Random(0))
    out = t.table.outcome
    assert out["tricks"] == [0, 8] and out["capot"] == 1 and out["points"] == [0, 162]  # 152 and the dix de der
    # seat 3 held the King and Queen of spades: its belote, said as they were played (B-P3)
    assert [(p, w) for p, w, _c in t.table.said] == [(3, "belote"), (3, "rebelote")]
    assert t.table.result_data() == {"takers": 1, "capot": 1, "belote": 1, "trump": "S", "contract": "capot",
                                     "level": 0}
    recorded = t.act("result")
    assert recorded["capot"] == 1 and t.sheet.rounds[0].deal.capot == 1


def test_C_A3_a_generale_made_alone_is_read_from_the_cards():
    t = Table("coinche", preset="pagat")  # Pagat's générale, 1000
    _bid_and_lead_every_spade(t, "generale", random.Random(2))
    data = t.table.result_data()
    assert (data["contract"], data["capot"], data.get("alone")) == ("generale", 1, True)
    assert t.act("result")["alone"] is True and t.sheet.rounds[0].deal.alone


def _positions(variant: str, seeds: range):
    """Deals played at random (every card legal), each position a seat meets: (table,
    the one dealt, the seat to play, its legal cards and reason)."""
    for seed in seeds:
        t = Table(variant, seed=seed)
        t.deal()
        rng = random.Random(seed)
        while t.table.phase == "speaking":
            if variant == "coinche" and not t.table.calls:
                t.say("bid", amount=80, trump=rng.choice("SHDC"))
            elif variant == "belote" and len(t.table.calls) == 1:
                t.say("take")
            else:
                t.say("pass")
        while t.table.phase == "playing":
            seat = t.table.player
            legal, why = t.table.legal(seat)
            yield t, seat, legal, why
            t.play(rng.choice(legal))


@pytest.mark.parametrize("reason", [play.FOLLOW, play.MUST_TRUMP, play.OVERTRUMP, play.GO_HIGHER, play.UNDERTRUMP])
def test_B_P1_a_card_the_obligations_forbid_is_refused_with_their_reason(reason):
    for t, seat, legal, why in _positions("belote", range(200)):
        if why == reason:
            wrong = next(c for c in t.table.hands[seat] if c not in legal)
            err = t.refused("played", {"player": seat, "card": wrong})
            assert (err.field, err.message) == ("card", reason)
            t.play(legal[0], seat)
            return
    pytest.fail(f"no position met: {reason}")


def test_B_P1_partner_master_a_seat_void_in_the_suit_led_may_play_anything():
    for t, seat, legal, why in _positions("belote", range(200)):
        trick = t.table.trick
        hand = t.table.hands[seat]
        trump = t.table.contract["trump"]
        led = trick[0][1][-1] if trick else None
        if (len(trick) >= 2 and led != trump and not any(c[-1] == led for c in hand)
                and any(c[-1] == trump for c in hand) and any(c[-1] != trump for c in hand)):
            from scribe.games.belote.cards import Rules, winner_index
            if trick[winner_index([c for _s, c in trick], Rules(trump))][0] == (seat + 2) % 4:
                assert sorted(legal) == sorted(hand) and why is None
                t.play(next(c for c in hand if c[-1] != trump), seat)  # a discard, the partner master
                return
    pytest.fail("no partner master met")


def test_a_card_out_of_turn_or_not_held_is_refused_and_a_card_taken_back_until_the_next():
    t = Table(seed=11)
    t.deal()
    t.say("take")
    first = t.table.player
    other = (first - 1) % 4
    err = t.refused("played", {"player": other, "card": t.table.hands[other][0]})
    assert err.field == "card" and "turn to play" in err.message
    assert "not in your hand" in t.refused("played", {"player": first, "card": t.table.hands[other][0]}).message
    card = t.table.hands[first][0]
    t.play(card)
    assert t.table.can_take_back(first)
    t.act("take_back", {"player": first})
    assert card in t.table.hands[first] and t.table.player == first and t.table.trick == ()
    t.play(card)
    t.play(t.table.legal(other)[0][0])
    err = t.refused("take_back", {"player": first})
    assert err.field == "card" and "Too late" in err.message


def test_B_P3_belote_and_rebelote_are_said_for_the_seat_that_holds_both():
    for seed in range(300):
        t = Table("coinche", seed=seed)
        t.deal()
        holder = next((s for s in range(4) for trump in "SHDC"
                       if {"K" + trump, "Q" + trump} <= set(t.table.hands[s])), None)
        if holder is None:
            continue
        trump = next(tr for tr in "SHDC" if {"K" + tr, "Q" + tr} <= set(t.table.hands[holder]))
        t.say("bid", amount=80, trump=trump)
        for _ in range(3):
            t.say("pass")
        t.play_out(random.Random(seed))
        words = [(p, w) for p, w, _c in t.table.said]
        assert words == [(holder, "belote"), (holder, "rebelote")]
        assert t.table.outcome["belote"][holder % 2] == 1
        assert t.act("result")["belote"] == holder % 2
        return
    pytest.fail("no deal with a King and Queen of one suit in one hand")


# ----------------------------------------------------------------- the Scribe's tap


def test_the_result_tap_records_what_tally_tricks_says_and_is_refused_mid_deal():
    t = Table(seed=21)
    t.deal()
    err = t.refused("result")
    assert err.field == "round" and "still being played" in err.message
    t.say("take")
    rng = random.Random(1)
    for _ in range(5):
        t.play(rng.choice(t.table.legal(t.table.player)[0]))
    assert t.refused("result").field == "round"
    typed = t.refused("result", {"takers": 0, "points": 100})
    on_phones = "The cards of this deal are on the phones: play the last trick, or undo the deal."
    assert (typed.field, typed.message) == ("round", on_phones)
    t.play_out(rng)
    assert t.table.phase == "played"
    out, contract = t.table.outcome, t.table.contract
    assert sum(out["points"]) == deal_points(t.table.rules)
    # the tally of the tricks as played: each trick's cards and winner
    assert out == play.tally_tricks([p for _l, p, _w in t.table.tricks], [w for _l, _p, w in t.table.tricks],
                                    t.table.rules)
    # a record imported replays its result over its cards: accepted when it says what they say
    said = {k: v for k, v in t.table.result_data().items()}
    assert RULES.verify(t.sheet, "result", said) == {"round": 1, **said}
    if out["capot"] is None:
        other = {**said, "points": 162 - said["points"] if said["points"] != 81 else 100}
        assert t.refused("result", other).message == on_phones
    recorded = t.act("result")
    takers = contract["takers"]
    if out["capot"] is None:
        assert recorded["points"] == out["points"][takers]
    assert recorded["takers"] == takers and recorded["trump"] == contract["trump"]
    assert t.sheet.table is None and len(t.sheet.rounds) == 1
    # the record is a hand-entered result: typed by hand, the same line
    hand = Table(seed=21)
    hand.act("result", {k: v for k, v in recorded.items() if k != "round"})
    assert hand.sheet.rounds == t.sheet.rounds


def test_undoing_a_deal_is_refused_once_spoken_on_and_a_deal_undone_is_dealt_again_the_same():
    t = Table(seed=31)
    t.deal()
    first = t.table.dealt
    t.act(UNDO)
    assert t.sheet.table is None and RULES.deals_again(t.sheet, t.log)
    t.deal()
    assert t.table.dealt == first  # undoing is no way to a new hand
    t.say("pass")
    t.act(UNDO)  # the call may be taken back...
    err = t.refused(UNDO)  # ...but not the deal: someone spoke on it
    assert err.field == "undo" and "spoken" in err.message


# ----------------------------------------------------------------- seeing


def test_each_viewer_sees_only_its_own_hand_and_the_scribe_none():
    t = Table(seed=41)
    t.deal()
    t.say("take")
    for seat in range(4):
        view = RULES.view(t.sheet, t.log, seat)
        assert view.table.hands[seat] == t.table.hands[seat]
        assert all(h is None for p, h in enumerate(view.table.hands) if p != seat)
        assert view.table.drawn is None  # the stock is never in a view
        cards = RULES.own_cards(view, seat)
        assert cards["current"]["hand"] == list(t.table.hands[seat]) and not cards["current"]["hidden"]
        entry = RULES.view_entry(t.sheet, t.log[0], seat)
        assert entry.data["hands"][seat] == t.log[0].data["hands"][seat] and entry.data["stock"] is None
        assert all(h is None for p, h in enumerate(entry.data["hands"]) if p != seat)
    scribe = RULES.view(t.sheet, t.log, None)
    assert all(h is None for h in scribe.table.hands) and scribe.table.turned == t.table.turned
    assert all(h is None for h in RULES.view_entry(t.sheet, t.log[0], None).data["hands"])
    passed = RULES.view(t.sheet, (), 2)  # the Scribe's phone passed to a seat: its own hand
    assert passed.table.hands[2] == t.table.hands[2] and RULES.own_cards(passed, 2)["current"]["hand"]
    late = RULES.view(t.sheet, t.log, 1, horizon=len(t.log))  # a link made after the deal
    assert late.table.hands[1] is None and RULES.own_cards(late, 1)["current"]["hidden"]
    assert RULES.hides_anything(t.sheet) and RULES.awaits_deal(t.sheet) is False


# ----------------------------------------------------------------- whole deals at random


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(["belote", "coinche"]), seed=st.integers(0, 2**32 - 1),
       preset=st.sampled_from([None, "pagat"]))
def test_random_legal_play_of_whole_deals_counts_every_card_and_replays_to_the_same_sheet(variant, seed, preset):
    options = {"preset": preset} if preset and variant == "coinche" else {}
    t = Table(variant, seed=seed, **options)
    t.check = False
    rng = random.Random(seed)
    for _deal in range(3):
        if t.sheet.finished:
            break
        t.deal()
        while t.table.phase == "speaking":
            word = rng.choice(["pass", "pass", "take", "bid"])
            try:
                if variant == "belote":
                    t.say("take" if word in ("take", "bid") else "pass", suit=rng.choice("SHDC")
                          if len(t.table.calls) >= 4 else None)
                else:
                    t.say("bid" if word == "bid" else "pass", amount=rng.choice([80, 100, 120, "capot"]),
                          trump=rng.choice(["S", "H", "D", "C", "SA", "TA"]))
            except RuleError:
                t.say("pass")
        t.play_out(rng)
        if t.table.phase == "played":
            out = t.table.outcome
            # B-P1: every card's points and the dix de der (B-P2: a capot is one team's tricks, all eight)
            assert sum(out["points"]) == deal_points(t.table.rules)
            # B-P1: each team's card points are those of the tricks it won, the last trick's 10 more
            won = [0, 0]
            for _leader, plays, winner in t.table.tricks:
                won[winner % 2] += card_points((c for _s, c in plays), t.table.rules)
            won[t.table.tricks[-1][2] % 2] += 10
            assert out["points"] == won
            assert sum(out["tricks"]) == 8 and (out["capot"] is None) == (0 not in out["tricks"])
        recorded = t.act("result")
        assert RULES.replay(t.setup, t.log) == t.sheet
        for seat in (None, 0, 1, 2, 3):
            assert RULES.view(t.sheet, t.log, seat) == RULES.view(RULES.replay(t.setup, t.log), t.log, seat)
        assert recorded["round"] == len(t.sheet.rounds)
