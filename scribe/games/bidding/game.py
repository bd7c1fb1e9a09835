"""The ``GameRules`` answers of a bids-and-tricks game played on the family's sheet
(``sheet``, ``reveal``): sealed bids and hands, whose bid and whose card it is, the
restriction. A game declares its ``GAME`` with ``declare``: its name, seats, ``Setup``,
``make_setup``, and its kinds and ``verify`` when they are not the family's (``VERIFIERS``).
Pure: no Flask, no SQL."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ...rules.robots import draw as draw_bot
from . import actions, deck
from .reveal import hands_shown, last_seat_waits, sealed, sealed_entry
from .robots import verify_bot
from .rules import BiddingRules
from .sealing import recorded_before
from .seat import own_cards, took_last
from .setup import deck_id, decks
from .sheet import advance, replay, restriction, summary
from .shown import withdrawn as withdrawn_bids
from .story import rematch, story

Verifier = Callable[[Any, Mapping[str, Any]], dict[str, Any]]

#: The family's entries and their checks (W-B1..W-B6, W-R3, W-S2, R-B1, R-B2; the virtual
#: deck's W-R4, W-P1..W-P6, R-T1): a game adds its own or replaces some in a copy of its own.
VERIFIERS: dict[str, Verifier] = {
    "bid": actions.verify_bid, "tricks": actions.verify_tricks, "trump": actions.verify_trump,
    "correction": actions.verify_correction,
    "deal": deck.verify_deal,  # Scribe's deal, before the bids
    "played": deck.verify_played,  # a card played to the trick, in turn
    "take_back": deck.verify_card_back,  # the seat's own last card, until the next one
    "shuffle": deck.verify_shuffle,  # the next deal is a new one, not the deal taken back
    "bot": verify_bot,  # a seat handed to a robot or back, between deals (issue 37)
}


def verifier(table: Mapping[str, Verifier]) -> Callable[[Any, str, Mapping[str, Any]], dict[str, Any]]:
    """A game's ``verify(sheet, kind, data)`` over its ``table`` of checks."""
    def verify(sheet: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check an action against the sheet; return the entry data to record."""
        check = table.get(kind)
        if check is None:
            raise RuleError(N_("Unknown action."), field="kind")
        return check(sheet, data)
    return verify


class TricksRules(BiddingRules):
    """Bids, tricks, sealed bids (W-B7, R-B1) and the virtual deck, on the family's sheet."""

    KINDS = tuple(VERIFIERS)
    verify = staticmethod(verifier(VERIFIERS))
    QUIET_KINDS = ("played", "take_back")  # cards marked on the phones do not make the Scribe's page stale
    DRAWN: ClassVar[dict[str, Any]] = {"deal": deck.draw_deal, "bot": draw_bot}  # the service's random source deals, never a client
    verify_take_back = staticmethod(deck.verify_take_back)  # a deal stands once bid on
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    summary = staticmethod(summary)
    story = staticmethod(story)
    rematch = staticmethod(rematch)

    def view(self, sheet: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """Hidden and secret bids and dealt hands sealed for ``seat`` (W-B7, W-R4)."""
        return sealed(sheet, seat, log, horizon, entered)

    def view_entry(self, sheet: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
        return sealed_entry(sheet, entry, seat, horizon, entered, withdrawn)

    def withdrawn(self, sheet: Any, log: Any) -> frozenset[int]:
        """Hidden and secret bids taken back before their reveal (W-B7), and a virtual deck's
        hands undone before theirs (W-R4, W-J4): sealed for good."""
        reveal = sheet.setup.rules.reveal
        return withdrawn_bids(reveal, sheet.setup.n, log, bids=reveal != "open")

    def hides_anything(self, sheet: Any) -> bool:
        return sheet.setup.rules.reveal != "open" or sheet.setup.rules.virtual_deck

    def seats_bid_alone(self, sheet: Any) -> bool:
        """Hidden and secret bids (W-B7): each seat bids for itself, in any order."""
        return sheet.setup.rules.reveal != "open"

    def player_bid_state(self, full: Any, seat: int) -> tuple[bool, bool]:
        if full.phase != "bidding" or not self.seats_bid_alone(full) or self.awaits_deal(full):
            return False, False
        row = full.current
        naming = row.trump is not None and row.trump.pending  # W-R3: the suit comes first
        return row.bids[seat] is None and not naming, seat == row.order[-1] and last_seat_waits(full, row)

    def names_trump(self, full: Any) -> tuple[int, str] | None:
        """W-R3: a Wizard turned up, the dealer names the suit (W-J5: the Werewolf's holder)
        before anyone bids."""
        row = full.current
        if row is None or full.phase != "bidding" or row.trump is None or not row.trump.pending:
            return None
        return row.trump.picker(row.dealer), row.trump.card

    def forbidden_bid(self, sheet: Any) -> Any:
        """W-B3..W-B5, R-B2: the bid refused to the seat bidding now, if any."""
        return sheet.forbidden()

    def own_cards(self, view: Any, seat: int) -> dict[str, Any]:
        """The virtual deck (W-R4): the seat's hand and played cards, its turn and which
        cards it may play, from ``seat``'s own view only (``seat.own_cards``)."""
        return own_cards(view, seat, lambda row: list(row.played[seat] or ()),
                         lambda row, _hand, hidden: _turn(view, row, seat, hidden))

    def hand_hidden(self, full: Any, log: Any, seat: int, horizon: int = 0, entered: int = 0) -> bool:
        """W-R4 without making the seat's view: the round in play was dealt before the seat's
        link and is not scored yet (what ``sealed`` and the rows' ``hands_seen`` say)."""
        row = full.current
        if not full.setup.rules.virtual_deck or row is None or not row.dealt:
            return False
        return row.number in recorded_before(log, seat, horizon, entered)[1] and not hands_shown(full, row.number)

    def restriction(self, sheet: Any, row: Any) -> str | None:
        """W-B3..W-B5, R-B2: the bid the last seat may be refused."""
        return None if row is None else restriction(sheet, row)

    def deck(self, setup: Any) -> str:
        """The deck its codes are in: the game's own, its Jubilee deck, a standard pack's (``setup.deck_id``)."""
        return deck_id(setup)


def declare(name: str, package: Any, setup: Any, **own: Callable[..., Any]) -> TricksRules:
    """A game of the family as the registry holds it (``GAME``), declared once for every
    game from its package's names: its ``setup`` module's ``Setup``, ``make_setup`` and
    seats (``MIN_PLAYERS``, ``MAX_PLAYERS``), and whichever of its ``package``'s kinds
    (``KINDS``, ``QUIET_KINDS``, ``DRAWN``) and checks (``verify``, ``verify_take_back``) it
    gives, the family's (``TricksRules``) else. ``own``: the answers a game gives itself
    instead of the family's (Skull King's sheet and story)."""
    given = {key: getattr(package, key) for key in ("KINDS", "QUIET_KINDS", "DRAWN") if hasattr(package, key)}
    answers = {"make_setup": setup.make_setup, **{key: getattr(package, key) for key in ("verify", "verify_take_back")
                                                  if hasattr(package, key)}, **own}
    cls = type(f"{name.title().replace('_', '')}Rules", (TricksRules,), {
        "__doc__": package.__doc__, "__module__": f"{package.__name__}.game", "name": name,
        "seats": (setup.MIN_PLAYERS, setup.MAX_PLAYERS), "Setup": setup.Setup, "decks": decks(setup.Setup), **given,
        **{key: staticmethod(f) for key, f in answers.items()}})  # the package's functions: nothing to wrap
    return cls()


def _turn(view: Any, row: Any, seat: int, hidden: bool) -> dict[str, Any]:
    """Whose turn it is, the cards ``seat`` may play now and why not the others (the game's
    ``setup.legal``), and whether its last card may still be taken back."""
    play = row.play
    playing = row.bids_in and not hidden and play is not None and not (row.trump and row.trump.pending)
    # W-J3, W-J4: play waits for a pass or the Cloud (a game whose play never waits has no ``waiting``)
    waiting = getattr(play, "waiting", None) if playing else None
    passing = waiting == "pass" and seat in play.to_pass
    mine = playing and (passing or (waiting is None and play.turn == seat))
    hand = row.remaining(seat) or ()
    if passing:  # W-J4: any card of the hand goes to the left, not one just received
        legal, why = list(row.passable(seat)), None
    elif mine:
        legal, why = view.setup.legal(play, hand)
    else:
        legal, why = [], None
    # W-J3, W-J4: whether play waits, and for whom, is the round's public play (``play.waiting``)
    return {"my_turn": bool(mine), "legal": legal, "why": why,
            "can_take_back": took_last(row, seat, playing)
            and not (waiting == "pass" and len(play.to_pass) < view.setup.n)}
