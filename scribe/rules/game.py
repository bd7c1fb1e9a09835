"""What a game is to the rest of Scribe: one object behind this written protocol.

Code outside a game's package asks its game object (found in ``games.GAMES`` by name,
or by the name a sheet carries, ``sheet.GAME``) and never names the game's classes.
A game subclasses ``GameRules`` and overrides what it has; the defaults here are what a
game without that feature does (no sealed bids, no cards, nothing drawn).

Pure: no Flask, no SQL, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar

from .errors import RuleError
from .log import Entry
from .story import WORDS, Story, Words


class GameRules:
    """The protocol. Required: ``name``, ``seats``, ``Setup``, ``KINDS``, ``make_setup``,
    ``replay``, ``verify``, ``summary``, ``story``. The rest has defaults (``advance``:
    a fresh replay)."""

    name: ClassVar[str]
    seats: ClassVar[tuple[int, int]]  # fewest and most players
    Setup: ClassVar[Any]  # with ``from_dict`` and ``as_dict``: what the store keeps
    KINDS: ClassVar[tuple[str, ...]]  # the entry kinds this game records (undo/redo are everyone's)
    WORDS: ClassVar[Words] = WORDS  # its rounds' and bids' names in its story and the group's statistics
    QUIET_KINDS: ClassVar[tuple[str, ...]] = ()  # entries that do not make a page stale
    # the club-night formats played at this game only (E-F1, E-F2); every game takes "any" (E-F3)
    EVENT_FORMATS: ClassVar[tuple[str, ...]] = ()
    SEAT_KINDS: ClassVar[tuple[str, ...]] = ()  # a seat's own taps (its cards): the Scribe makes them only for a seat with no phone
    # entries drawn by the server, never sent by a client: kind -> (sheet, data, rng) -> data
    DRAWN: ClassVar[Mapping[str, Callable[[Any, Mapping[str, Any], Any], dict[str, Any]]]] = {}

    # ----------------------------------------------------------------- setup and play

    def make_setup(self, **options: Any) -> Any:
        raise NotImplementedError

    def replay(self, setup: Any, log: Any) -> Any:
        """The sheet: a pure function of the setup and the log."""
        raise NotImplementedError

    def advance(self, sheet: Any, entry: Entry, log: Any = ()) -> Any:
        """The sheet after one more ``entry``, from ``sheet``, the sheet of ``log``: it must
        equal ``replay(sheet.setup, [*log, entry])`` (tests/rules/test_advance.py holds every
        game to it). A write goes on from the sheet it has instead of replaying the whole
        log. Default: that replay."""
        return self.replay(sheet.setup, (*log, entry))

    def verify(self, sheet: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """The entry's data as recorded, or a RuleError saying why not."""
        raise NotImplementedError

    def can(self, sheet: Any, kind: str, data: Mapping[str, Any]) -> bool:
        """Whether ``verify`` would accept it (for a page that greys out a button)."""
        try:
            self.verify(sheet, kind, data)
        except RuleError:
            return False
        return True

    def verify_take_back(self, sheet: Any, log: Any, target: Entry) -> None:
        """Refuse an undo of ``target`` the game cannot allow (default: any is fine)."""

    def summary(self, sheet: Any) -> dict[str, Any]:
        """What the games list shows: phase, round, leaders."""
        raise NotImplementedError

    def story(self, sheet: Any) -> Story:
        """The game's story (``rules/story.py``): running totals, each player's best and
        worst round and the game's own facts, from the rounds with points."""
        raise NotImplementedError

    def rematch(self, setup: Any) -> dict[str, Any]:
        """The options of the next game at the same table (``make_setup``'s keywords):
        by default the same setup; a game with a first dealer moves it one seat on."""
        return dict(setup.as_dict())

    def event_table(self, players: list[str], deals: int | None, target: int | None) -> dict[str, Any]:
        """A club night's table of this game: the ``make_setup`` options for its players in
        seat order and the partie's deals or target. Default: the players only (the table
        plays its partie and the organiser's page counts the deals); a game that counts its
        own deals or target takes them, so the table's sheet says when the partie is over."""
        return {"players": players}

    def lowest_wins(self, sheet: Any) -> bool:
        """Whether the lowest total wins (so points gained are bad news for their player):
        what a page colours good or bad by. Default: the highest total wins."""
        return False

    def ended(self, sheet: Any) -> bool:
        """Whether the table may start the next game from this one: the game is over
        (a game without an end overrides this)."""
        return sheet.phase == "finished"

    # ----------------------------------------------------------------- a viewer's view

    def view(self, sheet: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """The sheet as ``seat`` may see it (None: the Scribe or a watcher). ``horizon``:
        the viewer's link came after that entry, so what its seat recorded up to it stays
        sealed from it; ``entered``: the seat was claimed after that entry, so what was
        entered for it before (on the Scribe's phone) stays sealed from it too. What the
        whole table has seen once stays seen: a reveal is public and for good. Default:
        nothing is hidden."""
        return sheet

    def view_entry(self, sheet: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
        """One log entry as ``seat`` may read it, judged against the whole sheet and the
        log's ``withdrawn`` entries (sealed for good)."""
        return entry

    def view_log(self, sheet: Any, log: Any, seat: int | None = None, horizon: int = 0,
                 entered: int = 0) -> list[Entry]:
        """The log as ``seat`` may read it: the one place a log is redacted for a viewer
        (pages, history, JSON, CSV, streams and the record all read it from here)."""
        log = list(log)
        gone = self.withdrawn(sheet, log)
        return [self.view_entry(sheet, e, seat, horizon, entered, gone) for e in log]

    def withdrawn(self, sheet: Any, log: Any) -> frozenset[int]:
        """The entries whose sealed values were taken back before the table saw them (a
        bid undone before its reveal): never shown to anyone after the reveal either, and
        carried without those values by a game's record. Default: none."""
        return frozenset()

    def stand_in(self, sheet: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """For an import: what is recorded for a withdrawn entry that a record carries
        without its sealed value (one the rules accept there, never shown: the entry stays
        sealed), or None when ``data`` is no such entry. Default: there is none."""
        return None

    def hides_anything(self, sheet: Any) -> bool:
        """Whether some viewer sees less than the whole sheet (sealed bids, dealt hands)."""
        return False

    # ----------------------------------------------------------------- seats at the table

    def seats_bid_alone(self, sheet: Any) -> bool:
        """Whether each seat enters its own sealed bid (on its phone, or the Scribe's
        phone passed round), in any order. Default: no bids of that kind."""
        return False

    def player_bid_state(self, full: Any, seat: int) -> tuple[bool, bool]:
        """(may bid now, must wait for the others) for ``seat``'s own phone."""
        return False, False

    def may_change_bid(self, full: Any, seat: int) -> bool:
        """Whether ``seat`` may change its own sealed bid now (until the last bid is in).
        Default: no sealed bids."""
        return False

    def names_trump(self, full: Any) -> tuple[int, str] | None:
        """The seat that names the trump suit now and the card turned up that makes it
        (a Wizard turned, W-R3), or None: nobody is to name one. Default: never."""
        return None

    def drawn_again(self, sheet: Any, log: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """For a ``DRAWN`` entry: the data drawn before that this one must repeat (a deal
        taken back and dealt again gives the same cards), or None to draw afresh. Default:
        always afresh."""
        return None

    def deals_again(self, sheet: Any, log: Any) -> bool:
        """Whether the next deal repeats one taken back (see ``drawn_again``). Default: no."""
        return False

    def awaits_deal(self, full: Any) -> bool:
        """Whether the round in play waits for Scribe's deal before anyone may bid (a
        virtual deck's cards come before the bids). Default: no cards dealt by Scribe."""
        return False

    def seat_plays(self, full: Any, seat: int) -> bool:
        """Whether ``seat`` has cards of its own in play now (a virtual deck's hand to play
        from, or a card to take back), so the Scribe's phone may be passed to it for them.
        Default: no cards at the table."""
        return False

    def forbidden_bid(self, sheet: Any) -> Any:
        """The one bid the seat bidding now may not make (with ``.value``, shown disabled
        with the game's reason), or None. Default: no bid is ever forbidden."""
        return None

    def own_cards(self, view: Any, seat: int) -> dict[str, Any]:
        """A seat's own cards, from that seat's view. Default: no cards at the table."""
        return {"virtual_deck": False}

    def hand_hidden(self, full: Any, log: Any, seat: int, horizon: int = 0, entered: int = 0) -> bool:
        """Whether ``seat``'s phone may not see its hand of the deal in play (dealt before its
        link), so its player plays it on the Scribe's phone. Default: as its own view says
        (a game answers it cheaper from the whole sheet: the Scribe's page asks it of every
        claimed seat at each render)."""
        view = self.view(full, log, seat, horizon, entered)
        return bool((self.own_cards(view, seat).get("current") or {}).get("hidden"))

    #: The decks this game's card codes may be read in, by the names of docs/cards.md's
    #: tables (the API document's ``deck`` and ``card`` descriptions). Default: none.
    decks: tuple[str, ...] = ()

    def deck(self, setup: Any) -> str | None:
        """The deck ``setup``'s card codes are read in (one of ``decks``): what the sheet's
        JSON says beside the cards it carries, since a code may name another card in
        another deck. Default: None, no card codes."""
        return None

    def restriction(self, sheet: Any, row: Any) -> str | None:
        """The rule that may forbid the last seat one bid in ``row``, if any."""
        return None
