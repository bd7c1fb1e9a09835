"""How a Belote or Coinche game prints (its ``printing`` part, read by ``scribe.pdf``): the
smallest sheet and pad, two columns per team. Pure, so printing needs nothing from the web
layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import Printing, rows_option
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole
from .setup import PLAYERS
from .sheet import BeloteSheet

PAD_ROWS, PAD_MAX_ROWS = 20, 30


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """(no option of its own, rows) of a blank pad: 1 to 30 rows (20 by default)."""
    rows = given.get("rounds")
    count = PAD_ROWS if rows in (None, "") else whole(rows, "rounds")
    if not 1 <= count <= PAD_MAX_ROWS:
        raise RuleError(N_("A Belote pad has 1 to %(max)s rows."), field="rounds", max=PAD_MAX_ROWS)
    return {}, count


def pad_context(opts: Any) -> dict[str, Any]:
    return {"rows": opts.rounds, "sheet": None, "players": opts.players}


def sheet_rows(sheet: BeloteSheet) -> int:
    """The deals played; a game still going gets blank rows to go on by hand."""
    played = len(sheet.rounds)
    return played if sheet.finished else max(played, sheet.setup.deals or PAD_ROWS)


PRINTING = Printing(
    "pdf/sheet_belote.html", "pdf/pad_belote.html", (PLAYERS, PLAYERS),
    N_("A Belote pad is for 4 players, in two teams."), verify_names, pad_extra, pad_context, sheet_rows,
    N_("Belote"), N_("Print a blank Belote score pad"),
    N_("One page: a row per deal, the two teams side by side (Nous / Eux), each deal's points and the "
       "running totals."), (rows_option(PAD_ROWS),), 4)
