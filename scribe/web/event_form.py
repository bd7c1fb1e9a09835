"""The "new club night" form read into an event (issue 36): every field checked, each
refusal naming its field, so the form comes back with the message beside it.

The format's settings are shown on the form, filled with the format's defaults
(``scribe.events.defaults``): what differs between clubs is never chosen silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from werkzeug.datastructures import MultiDict

from ..events import DRAWS, FORMATS, RANKINGS, TIE_BREAKS, Event, Settings, defaults, make_event, table_sizes
from ..games import GAMES
from ..rules.errors import N_, RuleError
from ..rules.fields import NAME_MAX, clean_text

MAX_ENTRANTS = 400  # 100 tables of 4: more than a hall holds
FIRST = {"tarot_free": (5, 4), "concours": (4, 12), "any": (3, 4)}  # the usual parties, deals (beuselinck.fr; doczz 2880155)


def games_for(format: str) -> tuple[str, ...]:
    """The games an event of ``format`` may be played with (E-F1..E-F3): donnes libres at
    Tarot, a concours at Belote (Coinche is its variant), as each game says; any game for "any"."""
    own = tuple(name for name, game in GAMES.items() if format in game.EVENT_FORMATS)
    return own or tuple(GAMES)


@dataclass
class Shown:
    """The form as sent (or as first shown), to fill it back in."""

    format: str = "tarot_free"
    game: str = field(default_factory=lambda: games_for("tarot_free")[0])
    name: str = ""
    parties: str = ""
    deals: str = ""
    target: str = ""
    entrants: str = ""
    settings: Settings = field(default_factory=Settings)


def blank(format: Any) -> Shown:
    """The form first shown for ``format`` (Tarot donnes libres unless another is named)."""
    fmt = format if format in FORMATS else "tarot_free"
    parties, deals = FIRST[fmt]
    return Shown(fmt, games_for(fmt)[0], "", str(parties), str(deals), "", "", defaults(fmt))


def _number(raw: Any, name: str, low: int, high: int, message: str, optional: bool = False) -> int | None:
    text = str(raw or "").strip()
    if not text and optional:
        return None
    if not text.isdecimal() or len(text) > 4 or not low <= int(text) <= high:
        raise RuleError(message, field=name, low=low, high=high)
    return int(text)


def _lines(raw: str) -> list[str]:
    return [" ".join(line.split()) for line in raw.splitlines() if line.strip()]


def _names(lines: list[str], teams: bool) -> tuple[list[str], list[tuple[str, ...]]]:
    """The units named one a line; a team's line is its two players, "Anne & Bruno"."""
    units, members = [], []
    seen: set[str] = set()
    for line in lines:
        name = clean_text(line, NAME_MAX * 2 + 3 if teams else NAME_MAX)
        if name is None:
            raise RuleError(N_("A name is at most %(max)s characters: %(name)s"), field="entrants",
                            max=NAME_MAX, name=line[:40])
        if name.casefold() in seen:
            raise RuleError(N_("%(name)s is named twice: please tell them apart."), field="entrants", name=name)
        seen.add(name.casefold())
        units.append(name)
        if teams:
            members.append(team_line(name))
    return units, members


def team_line(line: str, field_name: str = "entrants") -> tuple[str, ...]:
    """A team's two players from its line: "Anne & Bruno" (or "Anne et Bruno", "Anne, Bruno").

    >>> team_line("Anne et Bruno"), team_line(" Zoé & Léa ")
    (('Anne', 'Bruno'), ('Zoé', 'Léa'))
    """
    players = tuple(p.strip() for p in line.replace(" et ", "&").replace(",", "&").split("&") if p.strip())
    if len(players) != 2:
        raise RuleError(N_("A team is two players on one line, as in “Anne & Bruno”: %(name)s"),
                        field=field_name, name=line.strip()[:60])
    return players


def _settings(form: MultiDict, fmt: str) -> Settings:
    base = defaults(fmt)
    ranking, draw = form.get("ranking", base.ranking), form.get("draw", base.draw)
    if ranking not in RANKINGS:
        raise RuleError(N_("Choose how the players are ranked."), field="ranking")
    if draw not in DRAWS:
        raise RuleError(N_("Choose how the tables are drawn."), field="draw")
    breaks = tuple(b for b in TIE_BREAKS if b in form.getlist("tie_breaks"))
    if set(form.getlist("tie_breaks")) - set(TIE_BREAKS):
        raise RuleError(N_("Choose the tie-breaks from the list."), field="tie_breaks")
    message = N_("Give a number from %(low)s to %(high)s.")
    low = _number(form.get("table_min", base.table_min), "table_min", 2, 12, message)
    high = _number(form.get("table_max", base.table_max), "table_max", 2, 12, message)
    preferred = _number(form.get("table_preferred", base.table_preferred), "table_preferred", 2, 12, message)
    if not low <= preferred <= high:
        raise RuleError(N_("The usual table size lies between the smallest and the largest."),
                        field="table_preferred")
    sent = form.get("sent") == "1"  # an unticked box sends nothing: only a form sent says "off"
    return replace(base, ranking=ranking, draw=draw, tie_breaks=breaks, table_min=low, table_max=high,
                   table_preferred=preferred, byes=form.get("byes") == "on" if sent else base.byes,
                   zero_sum=form.get("zero_sum") == "on" if sent else base.zero_sum)


def shown(form: MultiDict) -> Shown:
    """The form as sent, for showing it again; settings unreadable fall back to the format's."""
    fmt = form.get("format") if form.get("format") in FORMATS else "tarot_free"
    try:
        settings = _settings(form, fmt)
    except RuleError:
        settings = defaults(fmt)
    return Shown(fmt, str(form.get("game") or ""), str(form.get("name") or "")[:60], str(form.get("parties") or ""),
                 str(form.get("deals") or ""), str(form.get("target") or ""),
                 str(form.get("entrants") or "")[:20_000], settings)


def parse(form: MultiDict) -> tuple[Event, str]:
    """The event the form describes and its name; a RuleError naming the field if not."""
    fmt = form.get("format")
    if fmt not in FORMATS:
        raise RuleError(N_("Choose the format of the evening."), field="format")
    game = form.get("game")
    if game not in games_for(fmt):
        raise RuleError(N_("Choose a game this format is played with."), field="game")
    name = clean_text(str(form.get("name") or ""), 60)
    if name is None:
        raise RuleError(N_("A name is at most %(max)s characters."), field="name", max=60)
    parties = _number(form.get("parties"), "parties", 1, 50, N_("Give a number of parties from %(low)s to %(high)s."))
    deals = _number(form.get("deals"), "deals", 1, 99, N_("Give a number of deals from %(low)s to %(high)s."),
                    optional=True)
    target = _number(form.get("target"), "target", 1, 99_999, N_("Give a target from %(low)s to %(high)s."),
                     optional=True)
    if (deals is None) == (target is None):
        raise RuleError(N_("Give either the deals of a partie or the score it is played to, not both."),
                        field="deals")
    raw = form.get("entrants")
    if not isinstance(raw, str):
        raise RuleError(N_("Write the players' names, one a line."), field="entrants")
    units, teams = _names(_lines(raw), fmt == "concours")
    if len(units) > MAX_ENTRANTS:
        raise RuleError(N_("At most %(max)s entrants."), field="entrants", max=MAX_ENTRANTS)
    settings = _settings(form, fmt)
    low, high = GAMES[game].seats
    seats = (settings.table_min * (2 if fmt == "concours" else 1), settings.table_max * (2 if fmt == "concours" else 1))
    if seats[0] < low or seats[1] > high:
        raise RuleError(N_("This game is played by %(low)s to %(high)s players a table."),
                        field="table_min" if seats[0] < low else "table_max", low=low, high=high)
    if len(units) < settings.table_min:
        raise RuleError(N_("Write at least %(count)s names, one a line."), field="entrants", count=settings.table_min)
    if not settings.byes and table_sizes(len(units), low=settings.table_min, high=settings.table_max,
                                         preferred=settings.table_preferred) is None:
        raise RuleError(N_("%(count)s players cannot be seated at tables of %(low)s to %(high)s."), field="entrants",
                        count=len(units), low=settings.table_min, high=settings.table_max)
    return make_event(game, fmt, parties, units, deals=deals, target=target, teams=teams, settings=settings), name
