"""How a points game prints (its ``printing`` part, read by ``scribe.pdf``): its templates,
the rows of a pad and of a filled sheet. Pure, so printing needs nothing from the web layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import Printing, rows_option
from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from .setup import MAX_PLAYERS, MIN_PLAYERS, verify_names
from .sheet import PointsSheet

PAD_ROWS, PAD_MAX_ROWS = 15, 30  # a Skyjo game is rarely longer; 30 rows still fit one page


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    rows = given.get("rounds")
    """(no option of its own, rows) of a blank pad: 1 to 30 rows (15 by default)."""
    count = PAD_ROWS if rows in (None, "") else whole(rows, "rounds")
    if not 1 <= count <= PAD_MAX_ROWS:
        raise RuleError(N_("A points pad has 1 to %(max)s rows."), field="rounds", max=PAD_MAX_ROWS)
    return {}, count


def pad_context(opts: Any) -> dict[str, Any]:
    return {"rows": opts.rounds, "sheet": None}


def sheet_rows(sheet: PointsSheet) -> int:
    """The rounds played; a game still going gets blank rows to go on by hand: up to its
    number of rounds (P-2, Custom), else up to a pad's."""
    played = len(sheet.rounds)
    return played if sheet.finished else max(played, sheet.setup.rounds or PAD_ROWS)


PRINTING = Printing(
    "pdf/sheet_points.html", "pdf/pad_points.html", (MIN_PLAYERS, MAX_PLAYERS), N_("A points pad is for 2 to 12 players."),
    verify_names, pad_extra, pad_context, sheet_rows, N_("Points game"), N_("Print a blank points score pad"),
    N_("One page: a row per round, per player the points and the running total, for Skyjo, "
       "6 qui prend! or any game scored by adding points."), (rows_option(PAD_ROWS),), 4)
