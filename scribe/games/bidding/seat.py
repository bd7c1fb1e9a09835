"""A seat of the family, as an entry names it and as its own phone sees it: the round in
play and the seat an entry names, checked against the sheet, and a seat's own cards on the
virtual deck (its hand, whose turn it is, whether its last card may be taken back). Written
once for every game of the family; a game passes what is its own (which cards are legal).
Pure: no Flask, no SQL."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from .rules import BiddingRules
from .setup import deck_id


def current_round(sheet: Any, data: Mapping[str, Any]) -> Any:
    """The round an in-play action names: it must be the round being played."""
    row = sheet.current
    if row is None:
        raise RuleError(N_("The game is over: correct a round instead."), field="round")
    if data.get("round") is not None and sheet.row(data["round"]).number != row.number:
        raise RuleError(N_("Round %(round)s is not being played: this page is out of date."),
                        field="round", round=data["round"])
    return row


def seat(sheet: Any, value: Any, field_name: str = "player") -> int:
    """The seat ``value`` names (0 to n-1), or a refusal naming ``field_name``."""
    p = whole(value, field_name)
    if not 0 <= p < sheet.setup.n:
        raise RuleError(N_("There is no such player."), field=field_name)
    return p


def card_named(data: Mapping[str, Any], longest: int, how: str) -> str:
    """The card a seat's tap names (``data["card"]``, as sent), or a refusal: none named, or
    longer than any card's code of the deck (``longest``), answered with ``how`` (how the
    game's deck writes a card), never by echoing the input back."""
    raw = data.get("card")
    if not isinstance(raw, str) or not raw.strip():
        raise RuleError(N_("Choose a card."), field="card")
    if len(raw.strip()) > longest:
        raise RuleError(how, field="card")
    return raw


# A game's answer for the seat whose hand is ``hand`` in ``row``: "my_turn", "legal", "why"
# and "can_take_back" (``hidden``: the hand was dealt before the seat's link, sealed from it).
Turn = Callable[[Any, list[str], bool], dict[str, Any]]


def own_cards(view: Any, seat: int, played: Callable[[Any], list[str]], turn: Turn) -> dict[str, Any]:
    """The virtual deck: the round's remaining hand and the cards ``seat`` played
    (``played(row)``), whether it is this seat's turn and which cards it may play
    (``turn``: the game's rules), and the hands of rounds already scored, from ``seat``'s
    own view only (a hand is never read from another viewer's sheet), with the ``deck`` their
    codes are in."""
    if not view.setup.rules.virtual_deck:
        return {"virtual_deck": False}
    if not view.redacted or view.viewer != seat:
        raise ValueError("read a player's cards from that player's own view")
    row = view.current
    now = None
    if row is not None and row.dealt:
        hidden = row.hands[seat] is None  # dealt before this seat's link: sealed from it
        hand = list(row.remaining(seat) or ())
        now = {"round": row.number, "hand": hand, "played": played(row), "dealt": list(row.hands[seat] or ()),
               "can_mark": row.bids_in and not hidden, "hidden": hidden, **turn(row, hand, hidden)}
    # the deck names the table its codes are read in (docs/cards.md): B7 is blue in one, black in another
    return {"virtual_deck": True, "deck": deck_id(view.setup), "current": now, "past": BiddingRules.past_hands(view, seat)}


def took_last(row: Any, seat: int, playing: bool) -> bool:
    """Whether ``seat`` played the last card of a round still in play, so that it may take
    it back (a game may add its own conditions)."""
    last = row.play.last_play if playing else None
    return bool(last and last[0] == seat and not row.complete)
