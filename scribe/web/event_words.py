"""The words of club nights' pages (issue 36): formats, rankings, draws, tie-breaks and a
table's progress, as an organiser reads them (never a setting's internal name)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, ngettext

from .games import web_for


def format_names() -> dict[str, str]:
    return {"tarot_free": _("Tarot, donnes libres"), "concours": _("Concours (teams of two)"),
            "any": _("Any game")}


def format_hints() -> dict[str, str]:
    return {
        "tarot_free": _("Players at tables of 4 (of 5 when the count asks), redrawn each partie so that they meet "
                        "as rarely as possible; ranked on the sum of their table scores."),
        "concours": _("Teams of two, two teams a table, for Belote or Coinche: the tables drawn each partie; ranked "
                      "by parties won, then points."),
        "any": _("Players at tables of any game Scribe keeps, redrawn each partie; ranked on their total."),
    }


def ranking_names() -> dict[str, tuple[str, str]]:
    return {
        "points": (_("Points"), _("The sum of each player’s scores at their tables.")),
        "wins_then_points": (_("Parties won, then points"), _("A partie is won by the best score at its table.")),
        "place_points": (_("Places"), _("Each table’s places turned into points: one for each player beaten.")),
    }


def draw_names() -> dict[str, tuple[str, str]]:
    return {
        "fewest_meetings": (_("Meet as rarely as possible"), _("Each partie, the tables are drawn so that players "
                                                               "who already met sit apart where they can.")),
        "random": (_("At random"), _("Each partie drawn afresh, whoever met before.")),
        "ranking": (_("In the order of the ranking"), _("After the first partie, the 1st meets the 2nd, the 3rd "
                                                        "the 4th…")),
    }


def tie_break_names() -> dict[str, str]:
    return {"best_partie": _("The best single partie"), "parties_won": _("Parties won"),
            "points": _("Points scored"), "points_against": _("Fewest points conceded")}


def game_names(games: Any) -> dict[str, str]:
    return {g: web_for(g).game_label("") for g in games}


def progress(table: Any) -> str:
    """Where a table stands, as its card and the TV say it: waiting, deal 3 of 4, finished."""
    if table.state == "finished":
        return _("finished")
    if table.state == "waiting":
        return _("waiting")
    deal = table.played + 1
    if table.deals:
        return _("deal %(deal)s of %(deals)s", deal=min(deal, table.deals), deals=table.deals)
    return _("deal %(deal)s, to %(target)s", deal=deal, target=table.target)


def summary(event: Any, names: dict[str, str]) -> str:
    """The evening in one line: game, format, parties and their length, entrants."""
    length = (ngettext("%(num)s deal", "%(num)s deals", event.deals) if event.deals
              else _("to %(target)s", target=event.target))
    units = len(event.entrants)
    who = (ngettext("%(num)s team", "%(num)s teams", units) if event.format == "concours"
           else ngettext("%(num)s player", "%(num)s players", units))
    return _("%(game)s · %(format)s · %(parties)s of %(length)s · %(who)s", game=names[event.game],
             format=format_names()[event.format],
             parties=ngettext("%(num)s partie", "%(num)s parties", event.parties), length=length, who=who)
