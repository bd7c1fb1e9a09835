"""How Belote and Coinche print (their ``printing`` part, read by ``scribe.pdf``): the
federation's feuille de marque, two columns Us / Them (Nous / Eux), a row per deal, for a
game (``sheet_belote.html``) or blank (``pad_belote.html``). Pure, so printing needs
nothing from the web layer.

A blank pad's options: ``rounds`` (rows, 1 to 30, 20 by default, as Tarot's) and
``coinche`` (a flag: the contract and coinche columns of C-F1); the four names given
name the teams, the 1st and 3rd one, the 2nd and 4th the other (B-M1: partners sit
opposite).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import PadOption, Printing, rows_option
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole
from .settings import COINCHE
from .setup import PLAYERS
from .sheet import BeloteSheet

PAD_ROWS, PAD_MAX_ROWS = 20, 30  # a game to 1000 takes 12 to 20 deals; 30 rows still fit one page
COINCHE_OPTION = PadOption("coinche", "flag", N_("Coinche: a column for the contract and one for the coinche"),
                           "the contract and coinche columns of Coinche",
                           refused=N_("Only a Belote pad has Coinche's columns."))


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """(the coinche flag, rows) of a blank pad: 1 to 30 rows (20 by default).

    >>> pad_extra(4, {"coinche": True, "rounds": "12"})
    ({'coinche': True}, 12)
    >>> pad_extra(4, {"rounds": 31})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A Belote pad has 1 to 30 rows.
    """
    rows = given.get("rounds")
    count = PAD_ROWS if rows in (None, "") else whole(rows, "rounds")
    if not 1 <= count <= PAD_MAX_ROWS:
        raise RuleError(N_("A Belote pad has 1 to %(max)s rows."), field="rounds", max=PAD_MAX_ROWS)
    return {"coinche": bool(given.get("coinche"))}, count


def team_names(names: tuple[str, ...]) -> tuple[str, str]:
    """The teams a pad's names make (partners opposite), blank where a name is missing.

    >>> team_names(("Ana", "Ben", "Cy", "Dee")), team_names(("Ana", "", "", ""))
    (('Ana & Cy', 'Ben & Dee'), ('', ''))
    """
    def team(a: str, b: str) -> str:
        return f"{a} & {b}" if a and b else ""
    return team(names[0], names[2]), team(names[1], names[3])


def pad_context(opts: Any) -> dict[str, Any]:
    return {"rows": opts.rounds, "sheet": None, "teams": team_names(opts.names), "coinche": opts.option("coinche")}


def sheet_rows(sheet: BeloteSheet) -> int:
    """The deals on the sheet; a game still going gets blank rows to go on by hand, up to
    its agreed number of deals (B-E2) with room for the passed ones, else up to a pad's."""
    played = len(sheet.rounds)
    if sheet.finished:
        return played
    wanted = PAD_ROWS if sheet.setup.deals is None else sheet.setup.deals + played - sheet.played
    return max(played, min(wanted, PAD_MAX_ROWS))


def is_coinche(sheet: BeloteSheet) -> bool:
    return sheet.setup.variant == COINCHE


PRINTING = Printing(
    "pdf/sheet_belote.html", "pdf/pad_belote.html", (PLAYERS, PLAYERS),
    N_("A Belote pad is for four players, in two teams of two."), verify_names, pad_extra, pad_context, sheet_rows,
    N_("Belote and Coinche"), N_("Print a blank Belote or Coinche score pad"),
    N_("One page, the feuille de marque: a row per deal with the dealer, the takers, at Coinche the contract "
       "and the coinche, the takers' points and the result, then per team (Us, Them) the deal's points and the "
       "running total, and the points a litige holds."),
    (rows_option(PAD_ROWS), COINCHE_OPTION), 4)
