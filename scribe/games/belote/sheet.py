"""The Belote and Coinche sheet: a pure function of the setup and the recorded entries
(B-D2, B-S1..B-S6, B-E1..B-E3, C-K1..C-S8, C-E1), on ``game.run``.

Entry kinds (``KINDS``): "result" a deal as the table tells it, played or passed;
"correction" the same fields for a past deal (``data["round"]``, 1-based). With the
virtual deck (issue 34, ``deck``): "deal" Scribe shuffles and deals the line's cards
(drawn by the server, never sent), "call" a seat takes or passes (B-D1, B-D2) or bids
(C-A1..C-A4), "played" and "take_back" a seat's card; the deal being played is the
sheet's ``table``, and the Scribe's "result" tap records what its cards say. Undo and
redo are everyone's (``rules.log``).

A deal is recorded as its fields checked and written out plainly (:func:`record`), the
way ``entry.verify`` reads them, so a record imported or replayed is checked again by the
same code and a deal's score never depends on how its fields were first typed.

Totals are per team (``team_totals``) and, for what every game shares (standings, the
statistics, the games list), per player: a player's total is its team's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from ...rules.cards.standard import parse
from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import flag, whole
from ...rules.log import REDO, UNDO, Entry, applied
from ...rules.standings import Standing, before_last, ranked
from ...rules.totals import TotalsSheet, totals_summary
from . import deck, robots as seats, tally as pure
from .cards import TA
from .entry import PASSED, verify as verify_deal
from .scoring import POINTS, Deal
from .settings import COINCHE
from .setup import TEAMS, Setup, team_of

RESULT, CORRECTION = "result", "correction"
DEAL, CALL, PLAYED, TAKE_BACK = "deal", "call", "played", "take_back"  # the virtual deck's (issue 34)
BOT = seats.BOT  # a seat handed to a robot, or back to people, between deals (issue 37)
KINDS = (RESULT, CORRECTION, DEAL, CALL, PLAYED, TAKE_BACK, BOT)
DECK_KINDS = (DEAL, CALL, PLAYED, TAKE_BACK)
#: the fields of a deal typed by hand: none may come with the tap that records a deal of the virtual deck
DEAL_FIELDS = ("takers", "points", "defence_points", "capot", "belote", "trump", "contract", "level", "alone",
               "passed")


@dataclass(frozen=True)
class Row(pure.Row):
    """One deal on the sheet (``game.Row``: its dealer, deal, result, litige points held
    and awarded, the teams' points and running totals) and whether it was corrected."""

    corrected: bool = False

    @property
    def player_points(self) -> tuple[int, ...]:
        """Each seat's points on the line: its team's."""
        return tuple(self.points[team_of(p)] for p in range(4))

    @property
    def player_totals(self) -> tuple[int, ...]:
        return tuple(self.totals[team_of(p)] for p in range(4))


def _rows(game: pure.Game, corrected: Iterable[int]) -> tuple[Row, ...]:
    fixed = set(corrected)
    names = [f.name for f in fields(pure.Row)]
    return tuple(Row(**{n: getattr(r, n) for n in names}, corrected=r.number in fixed) for r in game.rows)


@dataclass(frozen=True)
class BeloteSheet(TotalsSheet):
    """Everything the score sheet shows, computed from the setup and the entries; its
    totals, leaders and winners are the teams' (``TotalsSheet``'s phase and ``row``)."""

    GAME: ClassVar[str] = "belote"  # its game in games.GAMES
    NO_ROW: ClassVar[str] = N_("There is no deal %(round)s in this game.")
    setup: Setup
    game: pure.Game
    rounds: tuple[Row, ...]
    version: int = 0
    can_undo: bool = False
    can_redo: bool = False
    #: the virtual deck: the line's deal being spoken or played (None: not dealt, or no deck)
    table: deck.DeckDeal | None = None
    #: the deals recorded from the virtual deck: (line, what each seat was dealt)
    past: tuple[tuple[int, tuple[tuple[str, ...] | None, ...]], ...] = ()
    viewer: int | None = None  # a viewer's view: whose (None: the Scribe's, or the full sheet)
    redacted: bool = False  # a viewer's view (``game.view``), not the full sheet
    #: the seats robots play (issue 37): seat -> {"level", "seed"}; public, as who sits where
    robots: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def team_totals(self) -> tuple[int, int]:
        return self.game.totals

    @property
    def totals(self) -> tuple[int, ...]:
        """Per seat: its team's total."""
        t = self.game.totals
        return tuple(t[team_of(p)] for p in range(4))

    @property
    def held(self) -> int:
        """B-S4: litige points held for the next deal's winner."""
        return self.game.held

    @property
    def blocked(self) -> tuple[bool, bool]:
        """B-E3: the teams at the target on their belote alone, which cannot win yet."""
        return self.game.blocked

    @property
    def played(self) -> int:
        """The deals played: passed ones are not counted (B-D2, B-E2)."""
        return self.rounds[-1].counted if self.rounds else 0

    @property
    def deal_number(self) -> int:
        """The next deal as the table counts them (passed deals left out)."""
        return self.played + 1

    @property
    def finished(self) -> bool:
        return self.game.over

    @property
    def dealer(self) -> int:
        """Who deals next: the deal passes to the right (B-M1, B-D2)."""
        return self.setup.dealer(self.round_number)

    @property
    def speaks_first(self) -> int:
        return self.setup.speaks_first(self.round_number)

    @property
    def winning_team(self) -> int | None:
        """B-E1..B-E3, C-E1: the team that won, once the game is over."""
        return self.game.winner

    @property
    def leading_teams(self) -> tuple[int, ...]:
        t = self.game.totals
        return tuple(team for team in (0, 1) if t[team] == max(t))

    @property
    def leaders(self) -> tuple[int, ...]:
        return tuple(sorted(p for team in self.leading_teams for p in TEAMS[team]))

    @property
    def winners(self) -> tuple[int, ...]:
        return TEAMS[self.game.winner] if self.game.winner is not None else ()

    @property
    def standings(self) -> tuple[Standing, ...]:
        before = before_last([r.player_totals for r in self.rounds], 4)
        return ranked(self.totals, False, before)

    @property
    def sides(self) -> tuple[tuple[str, tuple[int, int]], ...]:
        """The two teams with their seats: the standings show a line per team (B-M1)."""
        return tuple((name, TEAMS[t]) for t, name in enumerate(self.setup.team_names))

    def row(self, number: Any) -> Row:
        """The deal ``number`` on the sheet, or a refusal."""
        return super().row(number)


def record(setup: Setup, deal: Deal | None) -> dict[str, Any]:
    """A checked deal written out as the fields ``entry.verify`` reads (what is stored).

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], variant="coinche")
    >>> d = verify_deal(s, {"takers": "1", "defence_points": "52", "contract": "110", "level": "coinche",
    ...                     "belote": "1"})
    >>> record(s, d)
    {'takers': 1, 'points': 110, 'belote': 1, 'contract': 110, 'level': 1}
    >>> verify_deal(s, record(s, d)) == d
    True
    """
    if deal is None:
        return {"takers": PASSED}
    out: dict[str, Any] = {"takers": deal.takers}
    if deal.capot is not None:
        out["capot"] = deal.capot
    else:
        out["points"] = deal.points
    if deal.trump == TA and sum(deal.belotes):
        out["belote"] = list(deal.belotes)
    elif sum(deal.belotes):
        out["belote"] = 0 if deal.belotes[0] else 1
    if deal.annonces is not None:
        out["annonces"] = {"team": deal.annonces, "combos": list(deal.combos)}
    if deal.trump:
        out["trump"] = deal.trump
    if setup.variant == COINCHE:
        out["contract"] = deal.amount if deal.contract == POINTS else deal.contract
        out["level"] = deal.level
        if deal.alone:
            out["alone"] = True
    return out


def deal_of(setup: Setup, data: Mapping[str, Any]) -> Deal | None:
    """The deal a recorded entry holds (None: passed)."""
    if flag(data.get("passed"), "passed"):
        return None
    return verify_deal(setup, data)


def _deals(sheet: BeloteSheet) -> list[Deal | None]:
    return [r.deal for r in sheet.rounds]


def verify(sheet: BeloteSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record.

    >>> from .setup import make_setup
    >>> sheet = replay(make_setup(["Ana", "Ben", "Cy", "Dee"]), [])
    >>> verify(sheet, "result", {"takers": "0", "points": "95", "belote": "none"})
    {'round': 1, 'takers': 0, 'points': 95}
    >>> verify(sheet, "result", {"takers": "passed"})
    {'round': 1, 'takers': 'passed'}
    >>> verify(sheet, "correction", {"round": 1, "takers": 0, "points": 95})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: There is no deal 1 in this game.
    """
    setup = sheet.setup
    if kind == RESULT:
        if sheet.finished:  # B-E1, B-E2, C-E1
            raise RuleError(N_("The game is over: correct a deal or undo to go on."), field="round")
        if sheet.table is not None:
            data = _from_cards(sheet, sheet.table, data)
        return {"round": sheet.round_number, **record(setup, deal_of(setup, data))}
    if kind in DECK_KINDS:
        return _verify_deck(sheet, kind, data)
    if kind == BOT:
        return seats.verify(sheet, data)
    if kind == CORRECTION:
        row = sheet.row(data.get("round"))
        deal = deal_of(setup, data)
        if deal == row.deal:
            raise Unchanged(N_("Nothing was changed."), field="round")
        deals = _deals(sheet)
        deals[row.number - 1] = deal
        game = pure.Game(setup, (), None, (False, False))
        for number, d in enumerate(deals, 1):
            if game.over:  # the deals after it would be after the game's end
                raise RuleError(N_("With this correction the game ends at deal %(round)s, before the deals "
                                   "recorded after it: undo those first."), field="round", round=number - 1)
            game = pure.extend(game, d)
        return {"round": row.number, **record(setup, deal)}
    raise RuleError(N_("Unknown action."), field="kind")


def _from_cards(sheet: BeloteSheet, table: deck.DeckDeal, data: Mapping[str, Any]) -> dict[str, Any]:
    """The Scribe's tap on a deal of the virtual deck: the deal's fields from its cards
    and calls (``DeckDeal.result_data``), the annonces as the table tells them (B-P4).
    Fields typed by hand are refused unless they say just that (a record imported: its
    result replayed over its cards)."""
    found = table.result_data()
    typed = any(data.get(k) not in (None, "") for k in DEAL_FIELDS)
    if found is not None and found.get("takers") != PASSED and data.get("annonces") not in (None, "", {}):
        found["annonces"] = data["annonces"]
    if typed and not (found is not None and _same_deal(sheet.setup, data, found)):
        raise RuleError(N_("The cards of this deal are on the phones: play the last trick, or undo the deal."),
                        field="round")
    if found is None:
        raise RuleError(N_("Deal %(round)s is still being played: it is recorded once every card is down."),
                        field="round", round=table.round)
    return found


def _same_deal(setup: Setup, typed: Mapping[str, Any], found: Mapping[str, Any]) -> bool:
    try:
        return record(setup, deal_of(setup, typed)) == record(setup, deal_of(setup, found))
    except RuleError:
        return False


def _line(sheet: BeloteSheet, data: Mapping[str, Any], field: str) -> int:
    """The line an entry of the virtual deck names: the one being played."""
    if sheet.finished:
        raise RuleError(N_("The game is over: correct a deal or undo to go on."), field="round")
    number = sheet.round_number
    raw = data.get("round")
    if raw not in (None, "") and whole(raw, "round") != number:
        raise RuleError(N_("Deal %(round)s is not being played: this page is out of date."), field="round",
                        round=raw)
    return number


def _seat(data: Mapping[str, Any]) -> int:
    p = whole(data.get("player"), "player")
    if not 0 <= p < 4:
        raise RuleError(N_("There is no such player."), field="player")
    return p


def _verify_deck(sheet: BeloteSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A deal, a call, a card or a card taken back on the virtual deck (B-D1, B-D2,
    C-A1..C-A4, B-P1..B-P3), as recorded, or a refusal naming the field."""
    setup = sheet.setup
    field = "deal" if kind == DEAL else "call" if kind == CALL else "card"
    if not setup.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field=field)
    number = _line(sheet, data, field)
    table = sheet.table
    if kind == DEAL:
        if table is not None:
            raise RuleError(N_("The cards of deal %(round)s are already dealt."), field="deal", round=number)
        checked = deck.check_drawn(setup, number, data)
        deck.start(setup, number, checked)  # a deal the replay accepts
        return checked
    if table is None:
        raise RuleError(N_("The cards of this deal are not dealt yet."), field=field)
    player = _seat(data)
    if kind == CALL:
        said = table.call(setup, player, data)
        return {"round": number, "player": player, **said.calls[-1][1]}
    if kind == PLAYED:
        raw = data.get("card")
        if isinstance(raw, str) and len(raw.strip()) > 3:  # never echo a long input back
            raise RuleError(N_("Choose a card."), field="card")
        card = parse(raw, 32)
        table.play(setup, player, card)
        return {"round": number, "player": player, "card": card}
    table.take_back(setup, player)
    return {"round": number, "player": player}


def _on_table(setup: Setup, table: deck.DeckDeal | None, lines: int, kind: str, d: Mapping[str, Any]
              ) -> deck.DeckDeal:
    """The virtual deck's deal after one of its entries (each checked again)."""
    if kind == DEAL:
        return deck.start(setup, lines + 1, deck.check_drawn(setup, lines + 1, d))
    if table is None:
        raise RuleError(N_("The cards of this deal are not dealt yet."), field="round")
    player = whole(d.get("player"), "player")
    if kind == CALL:
        return table.call(setup, player, d)
    if kind == PLAYED:
        return table.play(setup, player, d.get("card"))
    return table.take_back(setup, player)


def _recorded(table: deck.DeckDeal | None, past: Sequence[Any]) -> tuple[Any, ...]:
    """The deals recorded from the virtual deck, with the one just recorded."""
    return tuple(past) if table is None else (*past, (table.round, table.dealt))


def replay(setup: Setup, entries: Iterable[Any]) -> BeloteSheet:
    """The sheet after the entries (``log.Entry`` objects, or mappings with ``kind`` and
    ``data``); undo/redo entries are resolved first. A correction rescores its deal and
    everything after it (a litige's held points, B-E3's block and the end depend on it).

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], target=501)
    >>> sheet = replay(s, [{"kind": "result", "data": {"takers": 0, "points": 81}},
    ...                    {"kind": "result", "data": {"takers": "passed"}},
    ...                    {"kind": "result", "data": {"takers": 1, "points": 100}}])
    >>> [r.points for r in sheet.rounds], sheet.team_totals, sheet.totals, sheet.dealer
    ([(0, 81), (0, 0), (62, 181)], (62, 262), (62, 262, 62, 262), 1)
    """
    entries = list(entries)
    log = applied(entries)
    deals: list[Deal | None] = []
    corrected: set[int] = set()
    table: deck.DeckDeal | None = None
    past: tuple[Any, ...] = ()
    robots: dict[int, dict[str, Any]] = {}
    for kind, d in log.entries:
        if kind == RESULT:
            deals.append(deal_of(setup, d))
            past, table = _recorded(table, past), None
        elif kind in DECK_KINDS:
            table = _on_table(setup, table, len(deals), kind, d)
        elif kind == CORRECTION:
            n = whole(d.get("round"), "round")
            if not 1 <= n <= len(deals):
                raise RuleError(N_("There is no deal %(round)s in this game."), field="round", round=n)
            deals[n - 1] = deal_of(setup, d)
            corrected.add(n)
        elif kind == BOT:
            robots = seats.apply(robots, d)
        else:
            raise RuleError(N_("Unknown action."), field="kind")
    game = pure.run(setup, deals)
    return BeloteSheet(setup, game, _rows(game, corrected), len(entries), log.can_undo, log.can_redo, table, past,
                       robots=robots)


def advance(sheet: BeloteSheet, entry: Entry, log: Sequence[Entry] = ()) -> BeloteSheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log``. A deal adds a row; a correction reruns the deals
    (already checked) from the start; an undo or a redo is replayed afresh.

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"])
    >>> one = advance(replay(s, []), Entry(1, "result", {"round": 1, "takers": 0, "points": 95}))
    >>> one.team_totals, advance(one, Entry(2, "correction", {"round": 1, "takers": "passed"})).team_totals
    ((95, 67), (0, 0))
    """
    setup, d = sheet.setup, entry.data or {}
    if entry.kind in (UNDO, REDO):
        return replay(setup, [*log, entry])
    corrected = {r.number for r in sheet.rounds if r.corrected}
    table, past = sheet.table, sheet.past
    if entry.kind in DECK_KINDS:  # the deal on the table moves; the sheet's lines do not
        table = _on_table(setup, table, len(sheet.rounds), entry.kind, d)
        return replace(sheet, table=table, version=sheet.version + 1, can_undo=True, can_redo=False)
    if entry.kind == BOT:
        return replace(sheet, robots=seats.apply(sheet.robots, d), version=sheet.version + 1, can_undo=True,
                       can_redo=False)
    if entry.kind == RESULT:
        game = pure.extend(sheet.game, deal_of(setup, d))
        past, table = _recorded(table, past), None
    elif entry.kind == CORRECTION:
        n = whole(d.get("round"), "round")
        deals = _deals(sheet)
        deals[n - 1] = deal_of(setup, d)
        corrected.add(n)
        game = pure.run(setup, deals)
    else:
        raise RuleError(N_("Unknown action."), field="kind")
    return BeloteSheet(setup, game, _rows(game, corrected), sheet.version + 1, True, False, table, past,
                       robots=sheet.robots)


def summary(sheet: BeloteSheet) -> dict[str, Any]:
    """What the games list shows without replaying: phase, deal, leaders (the winners once
    finished)."""
    return totals_summary(sheet, sheet.deal_number)
