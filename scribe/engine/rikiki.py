"""Rikiki (Oh Hell) between engine players (R-M1, R-R1, R-R2, R-T1, R-B1, R-B2, R-S1..R-S3):
rounds dealt from a standard pack by the game's schedule, the card after the hands turned
for trump (or spades always, or none when every card is dealt), bids in turn from the
dealer's left with the dealer hooked, tricks played on the family's play engine by the
standard pack's definition, and the rules' own scoring.

>>> from scribe.rules.cards import make_rng
>>> g = play_rikiki_game(4, [RikikiHeuristic()] * 4, make_rng(3), preset="nomination_whist")
>>> len(g.rounds), [r.cards for r in g.rounds][:3], all(sum(r.won) == r.cards for r in g.rounds)
(7, [7, 6, 5], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scribe.games.rikiki.hook import hooked_bid
from scribe.games.rikiki.setup import Setup, make_setup
from scribe.rules.cards import standard
from scribe.rules.cards.standard_tricks import STANDARD_TRICKS, trump_suit
from scribe.rules.errors import N_, RuleError
from scribe.rules.trickplay import RoundPlay

from .family import GamePlayed, TrickView, play_rounds, play_tricks
from .family_search import TrickSearch, copy_tricks
from .policies import aim, bid_near


class RikikiView(TrickView):
    """The public state of a round in progress: ``number``, ``cards`` dealt each,
    ``dealer``, ``turned`` (the card turned up, or None), ``trump`` (its suit's initial, or
    None; given as an initial or a name, ``"H"`` or ``"hearts"``), ``bids`` (per seat, None until made, R-B1), ``forbidden_bid`` (what the
    bidder being asked may not bid: the dealer's hook, R-B2), ``hook_from`` (the rules'
    hook, None when off), and the tricks' (``won``, ``leader``, ``trick``, ``seats``, ``done``)."""

    __slots__ = ("bids", "cards", "dealer", "forbidden_bid", "hook_from", "number", "trump", "turned")

    def __init__(self, players: int, number: int, cards: int, dealer: int, turned: str | None, trump: str | None,
                 hook_from: int | None = 1) -> None:
        super().__init__(players)
        self.number, self.cards, self.dealer, self.turned = number, cards, dealer, turned
        self.trump = trump_suit(trump)  # a sheet may say the suit's name ("hearts"): its initial here
        self.hook_from = hook_from
        self.bids: list[int | None] = [None] * players
        self.forbidden_bid: int | None = None
        self.leader = (dealer + 1) % players  # R-R2

    def would_win(self, card: str) -> bool:
        """True if ``card`` played now would take the trick on the table so far."""
        return STANDARD_TRICKS.winner([*self.trick, card], self.trump).winner == len(self.trick)


def strength(card: str, trump: str | None) -> int:
    """How hard a card is to beat, for ordering a hand: trumps, then by rank (ace high)."""
    suit, value = standard.CARD[card]
    return value + (100 if suit == trump else 0)


class RikikiHeuristic:
    """A simple player: bids its likely winners (trumps by rank, aces and kings of the
    other suits, worth less at a big table), then plays to make the bid as Wizard's
    heuristic does (``policies.aim``). Deterministic."""

    __slots__ = ()

    def _chance(self, card: str, view: RikikiView) -> float:
        suit, value = standard.CARD[card]
        if suit == view.trump:
            return 0.3 + 0.65 * (value - 2) / 12
        return max(0.0, (value - 11) / 3) * (0.8 - 0.08 * view.players)

    def bid(self, hand: Sequence[str], view: RikikiView, seat: int) -> int:
        return bid_near(sum(self._chance(c, view) for c in hand), view.cards, view.forbidden_bid)

    def play(self, legal: Sequence[str], hand: Sequence[str], view: RikikiView, seat: int) -> str:
        want = view.won[seat] < (view.bids[seat] or 0)
        trump = view.trump
        return aim(sorted(legal, key=lambda c: strength(c, trump)), want, not view.trick, view.would_win)


@dataclass(frozen=True, slots=True)
class RikikiRound:
    """One round played: the deal, the card turned, the trump, the bids, the tricks and the points."""

    number: int
    cards: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    turned: str | None
    trump: str | None
    bids: tuple[int, ...]
    play: RoundPlay[str]
    points: tuple[int, ...]

    @property
    def won(self) -> tuple[int, ...]:
        return self.play.won


def round_view(setup: Setup, number: int, turned: str | None) -> RikikiView:
    """A round's fresh view: its cards, dealer, the card turned and the trump (R-T1)."""
    trump = setup.turned_trump(turned) if setup.has_trump(number) else None
    return RikikiView(setup.n, number, setup.cards(number), setup.dealer(number), turned,
                      trump and trump.suit, setup.rules.hook_from)


def play_rikiki_round(setup: Setup, number: int, policies: Sequence[Any], rng: random.Random) -> RikikiRound:
    """Deal round ``number`` (R-M1, R-T1), bid in turn with the dealer hooked (R-B1, R-B2),
    play it from the dealer's left (R-R2) and score it (R-S2, R-S3)."""
    n, cards = setup.n, setup.cards(number)
    dealt = standard.deal(n, cards, rng, standard.PACKS[setup.rules.pack])
    turned = dealt.turned if setup.has_trump(number) and setup.fixed_trump() is None else None
    view = round_view(setup, number, turned)
    order = setup.bidding_order(number)
    for seat in order:
        made = [b for b in view.bids if b is not None]
        view.forbidden_bid = hooked_bid(made, cards, view.hook_from) if seat == order[-1] else None
        b = policies[seat].bid(dealt.hands[seat], view, seat)
        if not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= cards or b == view.forbidden_bid:
            raise RuleError(N_("Seat %(seat)s bid %(bid)r: a bid is 0 to %(cards)s, and not %(forbidden)s."),
                            field="policy", seat=seat, bid=b, cards=cards, forbidden=view.forbidden_bid)
        view.bids[seat] = b
    view.forbidden_bid = None
    bids: tuple[int, ...] = tuple(view.bids)  # type: ignore[arg-type]  # all made by now
    play = play_tricks(STANDARD_TRICKS, [list(h) for h in dealt.hands], order[0], policies, view, view.trump)
    return RikikiRound(number, cards, view.dealer, dealt.hands, turned, view.trump, bids, play,
                       tuple(setup.points(bids[s], play.won[s]) for s in range(n)))


def rikiki_setup(players: int, first_dealer: int = 0, preset: str | None = None, **rules: Any) -> Setup:
    """The rules' setup for an engine game of ``players`` seats (R-M1: 3 to 7)."""
    return make_setup([f"P{i + 1}" for i in range(players)] if isinstance(players, int) else players,
                      first_dealer, preset, **rules)


def play_rikiki_game(players: int, policies: Sequence[Any], rng: random.Random | None = None, *,
                     first_dealer: int = 0, setup: Setup | None = None, preset: str | None = None,
                     **rules: Any) -> GamePlayed:
    """A whole game by the setup's schedule (R-R1), the deal passing left (R-R2).

    ``rules``: the setup's switches (``scoring="squares"``, ``hook_from=None``, ``pack=32``, ...).

    >>> from scribe.rules.cards import make_rng
    >>> g = play_rikiki_game(3, [RikikiHeuristic()] * 3, make_rng(2), preset="rikiki", trump="spades", most=3)
    >>> [r.cards for r in g.rounds], {r.trump for r in g.rounds}
    ([1, 2, 3, 2, 1], {'S'})
    """
    setup = setup or rikiki_setup(players, first_dealer, preset, **rules)
    return play_rounds(setup, policies, rng, play_rikiki_round)


class RikikiSearch(TrickSearch):
    """Rikiki's searching player (``family_search``): every card; the bid in turn (R-B1),
    never the dealer's hooked number (R-B2), the bids it cannot see modelled by the
    heuristic; the trump turned, spades always or none (R-T1); the table's scoring (R-S2,
    R-S3). ``setup``: the game's (its pack, hook and scoring)."""

    tricks = STANDARD_TRICKS
    heuristic = RikikiHeuristic()
    categories = 4  # the four suits

    __slots__ = ()

    def deck(self) -> Sequence[str]:
        return standard.PACKS[self.setup.rules.pack]

    def visible(self, view: RikikiView) -> list[str]:
        return [view.turned] if view.turned else []

    def context(self, view: RikikiView) -> str | None:
        return view.trump

    @staticmethod
    def category(card: str) -> int:
        return standard.SUITS.index(standard.CARD[card][0])

    def void(self, before: Sequence[str], card: str) -> int | None:
        if before and standard.CARD[card][0] != standard.CARD[before[0]][0]:
            return self.category(before[0])
        return None

    def copy(self, view: RikikiView) -> RikikiView:
        return copy_tricks(view, RikikiView(view.players, view.number, view.cards, view.dealer, view.turned,
                                             view.trump, view.hook_from))

    def legal_bids(self, view: RikikiView, seat: int) -> list[int]:
        forbidden = self._hooked(view, seat)
        return [b for b in range(view.cards + 1) if b != forbidden]

    @staticmethod
    def _hooked(view: RikikiView, seat: int) -> int | None:
        """R-B2: the dealer, bidding last, may not make the bids total the cards dealt."""
        if seat != view.dealer:
            return None
        return hooked_bid([b for s, b in enumerate(view.bids) if s != seat and b is not None], view.cards,
                          view.hook_from)

    def bid_rest(self, sim: RikikiView, hands: dict[int, list[str]], seat: int, bid: int) -> None:
        """The bids not known yet, in turn from the dealer's left (R-B1): those after the
        seat, and those before it while bids stay sealed until all are in (W-B7's modes)."""
        sim.bids[seat] = bid
        n = sim.players
        for step in range(1, n + 1):
            s = (sim.dealer + step) % n
            if sim.bids[s] is None:
                sim.forbidden_bid = self._hooked(sim, s)
                sim.bids[s] = self.heuristic.bid(hands[s], sim, s)
        sim.forbidden_bid = None

    def points(self, sim: RikikiView, seat: int) -> int:
        return self.setup.points(sim.bids[seat], sim.won[seat])

    def public(self, view: RikikiView) -> tuple[Any, ...]:
        return view.turned, view.trump, view.hook_from
