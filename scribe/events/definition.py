"""An event (a club night): the game, its format, its parties and the settings where clubs
differ. Pure data and checks: no Flask, no SQL (ARCHITECTURE.md, "Events over tables").

The formats and what their clubs do (sources, read with the ``search`` tool):

- ``tarot_free``, Tarot *donnes libres*: players at tables of 4, tables of 5 when the count
  is not a multiple of 4; parties of a few deals ("generally five parties of four deals"),
  players moved between parties "so that they meet the others only once"; the ranking is
  "the addition of the scores made at each table" (E-F1; beuselinck.fr/article182.html,
  *Le tournoi en donnes libres*). The federation's own text is the FFT's *Fascicule 2 :
  Donnes libres* (V.O. 1 July 2016, doczz.fr/doc/3782442): only its contents page could be
  read here, so its tie-breaks are settings, none on by default (``TIE_BREAKS``).
- ``concours`` (Belote, Coinche): teams of two, two teams a table, "4 parties of 12 deals";
  the first partie's tables drawn, the next ones either drawn again or "the teams meet in
  the order of the ranking" (E-F2; doczz.fr/doc/2880155, *Règlement du Concours de Belote*,
  art. 4 and 5); ranked by parties won then points, or "not by the number of wins but by
  the total of points" (blacksuccube.blogspot.com, a Nord village concours, 2017).
- ``any``: players at tables of a size the game takes, ranked by total or by place points.

A unit is what the draw places: a player (``tarot_free``, ``any``) or a team (``concours``).
Units are named; names are unique in an event.

>>> e = make_event("tarot", "tarot_free", parties=3, deals=4, entrants=[f"P{i}" for i in range(16)])
>>> e.settings.table_min, e.settings.table_max, e.settings.ranking
(4, 5, 'points')
>>> present(arrive(e, "Zoé", 2), 2)[-1], "Zoé" in present(arrive(e, "Zoé", 2), 1)
('Zoé', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from scribe.rules.errors import N_, RuleError

FORMATS = ("tarot_free", "concours", "any")
# How units are ranked (E-R1..E-R3): the sum of their table scores; parties won, then points;
# place points (a table's places turned into points).
RANKINGS = ("points", "wins_then_points", "place_points")
# Applied in order when the ranking's own key ties (E-R4); past them, a tie shares its rank.
TIE_BREAKS = ("best_partie", "parties_won", "points", "points_against")
# How a partie's tables are drawn (E-D2..E-D4): meeting as rarely as possible, at random,
# or in the order of the ranking (the ASCEE concours's art. 5).
DRAWS = ("fewest_meetings", "random", "ranking")


@dataclass(frozen=True)
class Settings:
    """What differs between clubs: each one a setting, never a silent choice."""

    ranking: str = "points"
    tie_breaks: tuple[str, ...] = ()
    draw: str = "fewest_meetings"
    table_min: int = 4  # units a table, at least
    table_max: int = 5  # at most
    table_preferred: int = 4  # the size the draw makes as many tables of as it can
    byes: bool = False  # a unit may sit out a partie (an odd count of teams)
    bye_wins: bool = True  # a bye counts as a partie won (E-D6)
    bye_points: int = 0  # and brings these points
    zero_sum: bool = False  # each table's scores add up to 0 (Tarot: what one side wins the other pays)
    place_points: tuple[int, ...] = ()  # points of the 1st, 2nd... place at a table; () = units beaten


def defaults(format: str) -> Settings:
    """Each format's usual settings (E-F1, E-F2, E-F3).

    >>> defaults("concours").table_max, defaults("concours").byes, defaults("concours").ranking
    (2, True, 'wins_then_points')
    """
    if format == "tarot_free":
        return Settings(zero_sum=True)
    if format == "concours":
        return Settings(ranking="wins_then_points", tie_breaks=("points_against",), table_min=2,
                        table_max=2, table_preferred=2, byes=True)
    return Settings(ranking="points", table_min=2, table_max=6, table_preferred=4)


@dataclass(frozen=True)
class Change:
    """A unit arriving late, or withdrawing, from a partie on (E-D5)."""

    partie: int
    unit: str
    arrives: bool


@dataclass(frozen=True)
class Event:
    game: str
    format: str
    parties: int
    deals: int | None  # deals a partie, or
    target: int | None  # a target score a partie
    entrants: tuple[str, ...]  # the units at the first partie
    teams: tuple[tuple[str, ...], ...] = ()  # concours: each entrant's players, in order
    settings: Settings = field(default_factory=Settings)
    changes: tuple[Change, ...] = ()


def verify_event(event: Event) -> None:
    """Raise a RuleError saying what is wrong with ``event``, if anything."""
    s = event.settings
    if event.format not in FORMATS:
        raise RuleError(N_("Unknown format %(format)s."), field="format", format=event.format)
    if not 1 <= event.parties <= 50:
        raise RuleError(N_("An event has 1 to 50 parties."), field="parties")
    if (event.deals is None) == (event.target is None):
        raise RuleError(N_("Set either the deals a partie or its target."), field="deals")
    if (event.deals or 1) < 1 or (event.target or 1) < 1:
        raise RuleError(N_("Deals and targets are positive."), field="deals")
    names = [n.strip() for n in event.entrants]
    if not all(names):
        raise RuleError(N_("A name is blank."), field="entrants")
    if len(set(names)) != len(names):
        raise RuleError(N_("Two entrants have the same name."), field="entrants")
    if event.format == "concours" and len(event.teams) != len(event.entrants):
        raise RuleError(N_("Each team names its players."), field="teams")
    if s.ranking not in RANKINGS or s.draw not in DRAWS or not set(s.tie_breaks) <= set(TIE_BREAKS):
        raise RuleError(N_("Unknown ranking, draw or tie-break."), field="settings")
    if not 2 <= s.table_min <= s.table_preferred <= s.table_max:
        raise RuleError(N_("Table sizes must read min <= preferred <= max."), field="settings")


def make_event(game: str, format: str, parties: int, entrants: Sequence[str], deals: int | None = None,
               target: int | None = None, teams: Sequence[Sequence[str]] = (),
               settings: Settings | None = None) -> Event:
    """A checked event with the format's default settings unless given."""
    event = Event(game, format, parties, deals, target, tuple(n.strip() for n in entrants),
                  tuple(tuple(t) for t in teams), settings or defaults(format))
    verify_event(event)
    return event


def everyone(event: Event) -> tuple[str, ...]:
    """Every unit that has been in the event, in order of arrival."""
    out = list(event.entrants)
    out += [c.unit for c in event.changes if c.arrives and c.unit not in out]
    return tuple(out)


def present(event: Event, partie: int) -> tuple[str, ...]:
    """The units playing ``partie`` (1-based), after arrivals and withdrawals (E-D5)."""
    here = list(event.entrants)
    for c in sorted(event.changes, key=lambda c: c.partie):
        if c.partie > partie:
            break
        if c.arrives and c.unit not in here:
            here.append(c.unit)
        elif not c.arrives and c.unit in here:
            here.remove(c.unit)
    return tuple(here)


def arrive(event: Event, unit: str, partie: int, players: Sequence[str] = ()) -> Event:
    """``event`` with ``unit`` joining from ``partie`` on: its earlier parties count 0 (E-D5)."""
    unit = unit.strip()
    if not unit or unit in everyone(event):
        raise RuleError(N_("%(name)s is already in the event."), field="name", name=unit)
    if not 1 <= partie <= event.parties:
        raise RuleError(N_("No partie %(partie)s."), field="partie", partie=partie)
    teams = event.teams + ((tuple(players),) if event.format == "concours" else ())
    return replace(event, teams=teams, changes=event.changes + (Change(partie, unit, True),))


def withdraw(event: Event, unit: str, partie: int) -> Event:
    """``event`` without ``unit`` from ``partie`` on; what it played stays ranked (E-D5)."""
    if unit not in present(event, partie):
        raise RuleError(N_("%(name)s is not playing partie %(partie)s."), field="name", name=unit, partie=partie)
    return replace(event, changes=event.changes + (Change(partie, unit, False),))
