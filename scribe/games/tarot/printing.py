"""How a Tarot game prints (its ``printing`` part, read by ``scribe.pdf``): its templates,
the rows of a pad and of a filled sheet. Pure, so printing needs nothing from the web layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import Printing, rows_option
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .sheet import TarotSheet

PAD_ROWS, PAD_MAX_ROWS = 20, 30  # an evening's deals; 30 rows still fit one page


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    rows = given.get("rounds")
    """(no option of its own, rows) of a blank pad: 1 to 30 rows (20 by default)."""
    count = PAD_ROWS if rows in (None, "") else whole(rows, "rounds")
    if not 1 <= count <= PAD_MAX_ROWS:
        raise RuleError(N_("A Tarot pad has 1 to %(max)s rows."), field="rounds", max=PAD_MAX_ROWS)
    return {}, count


def pad_context(opts: Any) -> dict[str, Any]:
    return {"rows": opts.rounds, "sheet": None, "players": opts.players}


def sheet_rows(sheet: TarotSheet) -> int:
    """The deals played; a game still going gets blank rows to go on by hand, up to its
    agreed number of deals (T-E1), else up to a pad's."""
    played = len(sheet.rounds)
    return played if sheet.finished else max(played, sheet.setup.deals or PAD_ROWS)


PRINTING = Printing(
    "pdf/sheet_tarot.html", "pdf/pad_tarot.html", (MIN_PLAYERS, MAX_PLAYERS),
    N_("A Tarot pad is for 3 to 6 players."), verify_names, pad_extra, pad_context, sheet_rows,
    N_("French Tarot"), N_("Print a blank Tarot score pad"),
    N_("One page: a row per deal with the taker, the contract, the partner at five, the bouts, the points and "
       "the result, then per player the deal's points and the running total; each row sums to zero."),
    (rows_option(PAD_ROWS),), 4)
