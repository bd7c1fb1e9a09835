"""A robot in a seat of a virtual-deck Wizard game (issue 37). Pure: no Flask, no SQL.

The searching player (``engine.search.SearchPolicy``: determinised search over the
unseen cards, W-P1..W-P6, W-S1) answers the bid, the card and the trump after a turned
Wizard (W-R3), on a ``RoundView`` made from the seat's own view: its hand, the card
turned, the bids it may see, the tricks played. The level is its budget (worlds per
decision: ``engine.worlds.LEVELS``). Where it does not search (the Jubilee cards, W-J1..W-J6,
and Unicolore, W-U1..W-U3) the family's plain choices answer (``simple``), always one
of the legal ones."""

from __future__ import annotations

import random
from typing import Any

from ..engine.options import PlayOptions
from ..engine.search import SearchPolicy
from ..engine.tricks import winner_unchecked
from ..engine.view import RoundView
from ..rules.cards import jubilee, parse_card, parse_suit
from .family import Turn, answer, dice, known_bids, legal_bids, nearest, rules_of, turn_at
from .simple import decide_simply

_SUIT = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}


def _suit(card: str) -> str | None:
    return _SUIT.get(card[:1]) if card[1:2].isdigit() else None


def _strong(card: str) -> bool:
    return card == "W" or (card[1:].isdigit() and int(card[1:]) >= 12)


def play_form(card: str, rng: random.Random) -> str:
    """A Jubilee card played as the suit its player names (the Cloud, the Juggler: W-J3, W-J4)."""
    named = len(card) == 2 and jubilee.kind(card) in jubilee.NAMED_VALUE
    return card + rng.choice("BGRY") if named else card


def searched(view: Any) -> bool:
    """Whether the search plays this game: the 60 cards, no Jubilee card, no Unicolore."""
    rules = view.setup.rules
    return not rules.jubilee and not rules.unicolore


def round_view(view: Any, t: Turn) -> RoundView:
    """The engine's view of the round from the seat's own view: nothing it may not see."""
    setup, row = view.setup, t.row
    switches = setup.rules
    restricted = rules_of(view).restriction(view, row)  # W-B3..W-B5: the last bidder's, if any

    def forbidden(bids: Any, cards: int) -> int | None:
        value = cards - sum(bids)
        if restricted is None or not 0 <= value <= cards or (value == 0 and switches.zero_exception):
            return None
        return value

    trump = parse_suit(row.trump.suit) if row.trump is not None and row.trump.suit else None
    turned = parse_card(row.turned) if row.turned and row.turned[:1] in "WJBGRY" else None
    options = PlayOptions(no_wizard_on_trump_lead=switches.no_wizard_on_trump_lead, forbidden=forbidden)
    rv = RoundView(setup.n, row.number, row.cards, row.dealer, trump, turned, options, winner_unchecked)
    rv.bids = known_bids(row)
    banned = [b for b in range(row.cards + 1) if b not in legal_bids(view, t)]
    rv.forbidden_bid = banned[0] if banned else None
    play = row.play
    if play is not None:
        rv.won = list(play.won)
        rv.leader = play.leader
        rv.trick = [parse_card(c) for _s, c in play.trick]
        rv.played = [parse_card(c) for done in play.done for _s, c in done.plays]
    return rv


def decide(view: Any, seat: int, level: str, seed: int) -> tuple[str, dict[str, Any]] | None:
    """The entry ``seat``'s phone would send now, or None when it has nothing to do."""
    t = turn_at(view, seat, level)
    if t is None:
        return None
    # the search names a trump only after a Wizard turned up (W-R3), not a Jubilee card
    if not searched(view) or t.what not in ("trump", "bid", "play") or (t.what == "trump" and t.row.turned != "W"):
        return decide_simply(view, t, dice(seed, seat, level, view), _strong, _suit, play_form)
    player = SearchPolicy.at(level, seed)
    hand = [parse_card(c) for c in t.row.remaining(seat) or ()]
    rv = round_view(view, t)
    if t.what == "trump":
        return answer(t, suit=_SUIT[str(player.choose_trump(hand, rv, seat).value)])
    if t.what == "bid":
        return answer(t, bid=nearest(player.bid(hand, rv, seat), legal_bids(view, t)))
    legal = [parse_card(c) for c in t.choices]
    card = str(player.play(legal, hand, rv, seat))
    return answer(t, card=card if card in t.choices else t.choices[0])
