"""Club nights (issue 36): an event over ordinary games, between the pure rules of
``scribe.events`` and the store (``store/events.py``). The web pages and the JSON API
both call these, so they never disagree.

An event's tables are ordinary games made through ``sharing.new_game``: each has its own
Scribe's link, seats, watch link and everything a game has, and a table's link reaches
that table only. The organiser's link sees and does everything (the tables' Scribe's
links included: fixing an entry at a table is done as that table's Scribe does it, no
other write path); the ranking link (the hall's TV) reads the tables and the standings,
never a token. Rule ids E-F*, E-D*, E-P*, E-R*: docs/rules.md, "Club nights".
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from hashlib import sha256
from typing import Any

from . import events as rules, service, sharing
from .games import GAMES
from .rules.errors import N_, RuleError
from .rules.fields import clean_text, flag, verify_names, whole
from .store import StaleError, events as stored, links as game_links
from .store.events import ORGANISER, RANKING
from .store.games import Database

EVENT_NAME_MAX = 60
MAX_UNITS = 400  # 80 tables of five: more than any hall holds
SETTING_INTS = ("table_min", "table_max", "table_preferred", "bye_points")
SETTING_FLAGS = ("byes", "bye_wins", "zero_sum")

__all__ = ["ORGANISER", "RANKING", "EventNotFound", "MadeEvent", "Shown", "Table", "arrive", "create_event",
           "event_of_game", "links_of", "make_definition", "open_event", "progress", "standings", "start_partie",
           "table_link", "version", "withdraw"]


class EventNotFound(Exception):
    """No live link of this kind to an event (an id, a revoked or a wrong link)."""


@dataclass(frozen=True)
class MadeEvent:
    """A create's answer: the event's id and its two links' tokens; ``new`` False when the
    same create came before (an Idempotency-Key sent again)."""

    event_id: str
    organiser: str
    ranking: str
    new: bool = True


@dataclass(frozen=True)
class Shown:
    """An event as a link holder sees it: ``kind`` is ORGANISER or RANKING. ``version`` is
    the event's whole version (its games' included: ``store.events.version_of``)."""

    id: str
    name: str
    lang: str
    kind: str
    event: rules.Event
    seed: int
    version: int
    own_version: int  # the event row's own: what a change of the event is guarded by
    draws: tuple[rules.Draw, ...]
    tables: tuple[stored.TableRow, ...]

    @property
    def organiser(self) -> bool:
        return self.kind == ORGANISER

    @property
    def next_partie(self) -> int:
        return len(self.draws) + 1


@dataclass(frozen=True)
class Table:
    """A table of a partie and where it stands (E-P1): its units in seat order, its game,
    deals played (of ``deals``), each unit's total, ``over`` once its partie is played out.
    ``scribe``: the table's Scribe's token, for the organiser only (None otherwise)."""

    partie: int
    number: int
    units: tuple[str, ...]
    game_id: str = field(repr=False)
    played: int
    deals: int | None
    target: int | None
    totals: dict[str, int]
    over: bool
    scribe: str | None = field(default=None, repr=False)

    @property
    def state(self) -> str:
        """"waiting" (no deal yet), "playing" or "finished": what a page says of it."""
        return "finished" if self.over else ("playing" if self.played else "waiting")


# --------------------------------------------------------------------------- definitions


def _definition(event: rules.Event, seed: int) -> dict[str, Any]:
    d = asdict(event)
    d["changes"] = [[c["partie"], c["unit"], c["arrives"]] for c in d["changes"]]
    return {**d, "seed": seed}


def _event(d: Mapping[str, Any]) -> tuple[rules.Event, int]:
    s = dict(d["settings"])
    settings = rules.Settings(**{**s, "tie_breaks": tuple(s["tie_breaks"]), "place_points": tuple(s["place_points"])})
    event = rules.Event(d["game"], d["format"], d["parties"], d["deals"], d["target"], tuple(d["entrants"]),
                        tuple(tuple(t) for t in d["teams"]), settings,
                        tuple(rules.Change(p, u, a) for p, u, a in d["changes"]))
    return event, d["seed"]


def _count(value: Any, name: str) -> int | None:
    if value in (None, ""):
        return None
    count = whole(value, name)
    if count < 1:
        raise RuleError(N_("Deals and targets are positive."), field=name)
    return count


def _settings(format: str, given: Any) -> rules.Settings:
    """The format's settings (E-F1..E-F3) with what the organiser changed, each checked."""
    base = rules.defaults(format if format in rules.FORMATS else "any")
    if given in (None, ""):
        return base
    if not isinstance(given, Mapping):
        raise RuleError(N_("Give the settings as an object, each by its name."), field="settings")
    changed: dict[str, Any] = {}
    for name, value in given.items():
        if name in SETTING_INTS:
            changed[name] = whole(value, f"settings.{name}")
        elif name in SETTING_FLAGS:
            changed[name] = flag(value, f"settings.{name}")
        elif name in ("ranking", "draw") and isinstance(value, str):
            changed[name] = value
        elif name in ("tie_breaks", "place_points") and isinstance(value, (list, tuple)):
            read = str if name == "tie_breaks" else (lambda v, n=name: whole(v, f"settings.{n}"))
            if name == "tie_breaks" and not all(isinstance(v, str) for v in value):
                raise RuleError(N_("Unknown ranking, draw or tie-break."), field="settings")
            changed[name] = tuple(read(v) for v in value)
        else:
            raise RuleError(N_("Unknown setting %(name)s."), field="settings", name=str(name)[:40])
    return replace(base, **changed)


def _names(raw: Any, name: str) -> tuple[str, ...]:
    """Names cleaned as a game's players are, refused at ``name``."""
    try:
        return verify_names(raw)
    except RuleError as err:
        raise RuleError(err.template, field=name, **err.params) from None


def verify_event_name(raw: Any) -> str:
    if raw is not None and not isinstance(raw, str):
        raise RuleError(N_("An event's name must be text."), field="name")
    name = clean_text(raw or "", EVENT_NAME_MAX)
    if name is None:
        raise RuleError(N_("An event's name is at most %(max)s characters."), field="name", max=EVENT_NAME_MAX)
    return name


# The formats played at one game only (its ``EVENT_FORMATS``), and what a form naming
# another game is told (E-F1; E-F2: two teams of two a table)
_ONE_GAME = {"tarot_free": N_("Donnes libres are played at Tarot."),
             "concours": N_("A concours is played at Belote or Coinche.")}


def make_definition(game: Any, format: Any, parties: Any, entrants: Any, deals: Any = None, target: Any = None,
                    teams: Any = (), settings: Any = None) -> rules.Event:
    """An event checked from what a form or a JSON body sent (any type): E-F1..E-F3."""
    if not isinstance(game, str) or game not in GAMES:
        raise RuleError(N_("Unknown game."), field="game")
    if not isinstance(format, str) or format not in rules.FORMATS:
        raise RuleError(N_("Choose one of the formats."), field="format")
    if format in _ONE_GAME and format not in GAMES[game].EVENT_FORMATS:
        raise RuleError(_ONE_GAME[format], field="format")
    units = _names(entrants, "entrants")
    if not 2 <= len(units) <= MAX_UNITS:
        raise RuleError(N_("An event has 2 to %(max)s entrants."), field="entrants", max=MAX_UNITS)
    if format == "concours":
        if not isinstance(teams, (list, tuple)) or len(teams) != len(units):
            raise RuleError(N_("Each team names its players."), field="teams")
        teams = tuple(_names(t, "teams") for t in teams)
        if any(len(t) != 2 for t in teams):
            raise RuleError(N_("A team is two players."), field="teams")
    else:
        teams = ()
    event = rules.make_event(game, format, whole(parties, "parties"), units, _count(deals, "deals"),
                             _count(target, "target"), teams, _settings(format, settings))
    _verify_tables(event)
    return event


def _verify_tables(event: rules.Event) -> None:
    """The game takes the tables the event would make, of its least and its most units, with
    its deals or target (Tarot at 3 to 6, Belote at two teams...): said at creation, in the
    game's own words, not when the first partie is started."""
    s, units = event.settings, rules.everyone(event)
    for size in sorted({s.table_min, s.table_max}):
        if len(units) < size:
            continue
        try:
            GAMES[event.game].make_setup(**_options(event, units[:size]))
        except RuleError as err:
            where = err.field if err.field in ("deals", "target") else "settings"
            raise RuleError(err.template, field=where, **err.params) from None


# --------------------------------------------------------------------------- create and open


def create_event(db: Database, key: str, name: Any, lang: str, game: Any, format: Any, parties: Any,
                 entrants: Any, deals: Any = None, target: Any = None, teams: Any = (), settings: Any = None,
                 made_from: str | None = None, made_with: str | None = None) -> MadeEvent:
    """Check and store a new event with its organiser's and ranking links. With
    ``made_from`` (an API client's Idempotency-Key, hashed) a create sent again answers the
    event made first; the same key with another request (``made_with``) is refused."""
    event = make_definition(game, format, parties, entrants, deals, target, teams, settings)
    label = verify_event_name(name) or GAMES[event.game].name.title()
    seed = secrets.randbelow(2**31)  # the draws' seed: the same history always draws the same (E-D2)
    try:
        event_id, tokens = stored.create(db, key, label, lang, _definition(event, seed), made_from, made_with)
    except stored.EventMade as made:
        if made.made_with != made_with:
            raise RuleError(N_("This Idempotency-Key already made another event: send a new key for a new event."),
                            field="Idempotency-Key") from None
        tokens = stored.tokens(db, key, made.event_id)
        return MadeEvent(made.event_id, tokens[ORGANISER], tokens[RANKING], False)
    return MadeEvent(event_id, tokens[ORGANISER], tokens[RANKING])


def _shown(db: Database, kind: str, row: stored.EventRow) -> Shown:
    event, seed = _event(row.definition)
    tables = tuple(stored.tables(db, row.id))
    draws = tuple(rules.Draw(p, tuple(t.units for t in tables if t.partie == p), byes)
                  for p, byes in stored.parties(db, row.id))
    return Shown(row.id, row.name, row.lang, kind, event, seed, stored.version_of(db, row.id) or 0, row.version,
                 draws, tables)


def open_event(db: Database, token: Any, kinds: Sequence[str] = (ORGANISER, RANKING)) -> Shown:
    """The event a live link of one of ``kinds`` opens; EventNotFound otherwise (an event's
    id, a game's link, a ranking link where the organiser's is needed: all the same)."""
    found = stored.find(db, token)
    if found is None or found[0] not in kinds:
        raise EventNotFound()
    return _shown(db, *found)


def version(db: Database, token: Any, kinds: Sequence[str] = (ORGANISER, RANKING)) -> int:
    """The event's whole version for a live link of one of ``kinds`` (a poll's one cheap
    read: checked as ``open_event`` does, so a board's poll is another link's 404, not 204)."""
    found = stored.find(db, token)
    if found is None or found[0] not in kinds:
        raise EventNotFound()
    return stored.version_of(db, found[1].id) or 0


def event_of_game(db: Database, game_ids: Sequence[str]) -> dict[str, str]:
    """{game id: its event's id} for the games that are an event's tables (the push hub)."""
    return stored.events_of(db, game_ids)


def links_of(db: Database, key: str, shown: Shown) -> dict[str, str]:
    """The organiser's and the ranking links' tokens: the organiser's page only."""
    _organiser(shown)
    return stored.tokens(db, key, shown.id)


def _organiser(shown: Shown) -> None:
    if not shown.organiser:
        raise EventNotFound()


def _guard(shown: Shown, version: Any) -> None:
    """A change sent with the event's own version it was made on: an older one is a stale
    page or a double tap (409, nothing saved)."""
    if version in (None, ""):
        return
    if isinstance(version, bool) or not isinstance(version, (int, str)):
        raise RuleError(N_("Please give a whole number."), field="version")
    if whole(version, "version") != shown.own_version:
        raise StaleError(shown.own_version)


# --------------------------------------------------------------------------- tables


def _options(event: rules.Event, units: Sequence[str]) -> dict[str, Any]:
    """A table's game options: its players in seat order (a concours table's two teams
    sit crossed, partners facing, B-M1) and the partie's deals or target where the game
    counts them itself, so the table's own sheet says when it is over."""
    if event.format == "concours":
        teams = dict(zip(rules.everyone(event), event.teams))
        a, b = (teams[u] for u in units)
        players: list[str] = [a[0], b[0], a[1], b[1]]
    else:
        players = list(units)
    options = GAMES[event.game].event_table(players, event.deals, event.target)
    return {k: v for k, v in options.items() if v is not None}


def _table(db: Database, key: str, shown: Shown, row: stored.TableRow) -> Table:
    """Where a table stands, read from its game's sheet (E-P1)."""
    game, sheet, _log = service.load(db, row.game_id, deleted_ok=True, game=None)
    totals = tuple(sheet.totals)
    played = getattr(sheet, "played", len(sheet.rounds))
    # a unit's first player sits at the seat of its number (a concours team at k and k + 2,
    # ``_options``), and every game gives each seat its own or its team's total
    scores = dict(zip(row.units, totals))
    over = rules.partie_over(shown.event, played, totals) or service.rules_for(game).ended(sheet)
    token = game_links.token_of(key, game_links.live_scribe(db, row.game_id)) if shown.organiser else None
    return Table(row.partie, row.table, row.units, row.game_id, played, shown.event.deals, shown.event.target,
                 scores, over, token)


def progress(db: Database, key: str, shown: Shown, partie: int | None = None) -> list[Table]:
    """Every table of ``partie`` (default: the last drawn) and where it stands; the
    tables' Scribe's tokens for the organiser only."""
    partie = len(shown.draws) if partie is None else partie
    return [_table(db, key, shown, t) for t in shown.tables if t.partie == partie]


def table_link(db: Database, key: str, shown: Shown, partie: Any, table: Any) -> str:
    """The Scribe's link of a table, for the organiser to fix an entry there as the
    table's Scribe would (no other write path); refused to anyone else."""
    _organiser(shown)
    p, t = whole(partie, "partie"), whole(table, "table")
    row = next((r for r in shown.tables if (r.partie, r.table) == (p, t)), None)
    if row is None:
        raise RuleError(N_("No table %(table)s."), field="table", table=t)
    token = game_links.token_of(key, game_links.live_scribe(db, row.game_id))
    if token is None:
        raise RuleError(N_("This table's Scribe's link was revoked."), field="table")
    return token


def _results(db: Database, shown: Shown, finished_only: bool) -> list[rules.TableResult]:
    out = []
    for row in shown.tables:
        table = _table(db, "", replace(shown, kind=RANKING), row)
        if table.over or not finished_only:
            result = rules.TableResult(row.partie, row.table, table.totals)
            rules.verify_result(shown.event, result, shown.draws[row.partie - 1])  # E-R5: a table's sum is 0
            out.append(result)
    return out


def standings(db: Database, shown: Shown) -> tuple[rules.Line, ...]:
    """The ranking now (E-R1..E-R5, E-D6): every table's scores as they stand, the tables
    still playing included (the hall's TV follows each deal)."""
    return rules.rank(shown.event, _results(db, shown, finished_only=False), shown.draws)


def _order(db: Database, shown: Shown) -> list[str]:
    return [line.unit for line in standings(db, shown)]


# --------------------------------------------------------------------------- the organiser's changes


def start_partie(db: Database, key: str, shown: Shown, partie: Any = None, version: Any = None) -> list[Table]:
    """Draw the next partie (E-D1..E-D6) and make its tables' games, players seated in the
    drawn order, the first seated dealing first. Refused while a table of the last partie
    plays on or past the last partie (E-P2). ``partie``: the one the organiser means to
    start; that partie already drawn (a double tap, a retry) answers its tables again."""
    _organiser(shown)
    if partie not in (None, ""):
        wanted = whole(partie, "partie")
        if 1 <= wanted <= len(shown.draws):
            return progress(db, key, shown, wanted)
        if wanted != shown.next_partie:
            raise RuleError(N_("No partie %(partie)s."), field="partie", partie=wanted)
    _guard(shown, version)
    rules.verify_next_draw(shown.event, shown.draws, _results(db, shown, finished_only=True))
    order = _order(db, shown) if shown.draws else None
    draw = rules.draw_next(shown.event, shown.draws, shown.seed, order)
    made = []
    for number, units in enumerate(draw.tables, 1):
        # one game per table for good: a start that failed half-way and is sent again
        # finds the games it made (m008), never a second set
        seated = sha256("\x00".join(units).encode()).hexdigest()[:16]
        game = sharing.new_game(db, key, shown.event.game, f"{shown.name} · {draw.partie}.{number}", shown.lang,
                                made_from=f"event:{shown.id}:{draw.partie}:{number}:{seated}",
                                **_options(shown.event, units))
        made.append((game.game_id, units))
    try:
        stored.add_partie(db, shown.id, shown.own_version, draw.partie, draw.byes, made)
    except StaleError:
        again = _again(db, shown)
        if len(again.draws) >= draw.partie:  # the same start, sent twice at once: answered as done
            return progress(db, key, again, draw.partie)
        raise
    return progress(db, key, _again(db, shown), draw.partie)


def _again(db: Database, shown: Shown) -> Shown:
    """``shown`` read again from the store, for the same link holder."""
    row = stored.get(db, shown.id)
    if row is None:
        raise EventNotFound()
    return _shown(db, shown.kind, row)


def _between(shown: Shown, partie: Any) -> int:
    """The partie a roster change takes effect from: the next one to draw, by default."""
    p = shown.next_partie if partie in (None, "") else whole(partie, "partie")
    if p <= len(shown.draws):
        raise RuleError(N_("Partie %(partie)s is already drawn: change the players before the next one."),
                        field="partie", partie=p)
    return p


def arrive(db: Database, shown: Shown, name: Any, partie: Any = None, players: Any = (), version: Any = None) -> Shown:
    """A late arrival joins from ``partie`` on (E-D5): the parties before count 0."""
    _organiser(shown)
    _guard(shown, version)
    unit = _names([name], "name")[0]
    if len(rules.everyone(shown.event)) >= MAX_UNITS:
        raise RuleError(N_("An event has 2 to %(max)s entrants."), field="name", max=MAX_UNITS)
    team = ()
    if shown.event.format == "concours":
        team = _names(players, "players")
        if len(team) != 2:
            raise RuleError(N_("A team is two players."), field="players")
    event = rules.arrive(shown.event, unit, _between(shown, partie), team)
    return _changed(db, shown, event)


def withdraw(db: Database, shown: Shown, name: Any, partie: Any = None, version: Any = None) -> Shown:
    """A unit leaves from ``partie`` on (E-D5); what it played stays ranked."""
    _organiser(shown)
    _guard(shown, version)
    if not isinstance(name, str):
        raise RuleError(N_("A name must be text."), field="name")
    event = rules.withdraw(shown.event, name.strip(), _between(shown, partie))
    return _changed(db, shown, event)


def _changed(db: Database, shown: Shown, event: rules.Event) -> Shown:
    own = stored.update(db, shown.id, shown.own_version, _definition(event, shown.seed))
    return replace(shown, event=event, own_version=own, version=stored.version_of(db, shown.id) or 0)
