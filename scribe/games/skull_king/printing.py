"""How Skull King prints (its ``printing`` part, read by ``scribe.pdf``): a row per round
with the cards dealt, per player the bid, the tricks, the bonus points and the total.
Pure, so printing needs nothing from the web layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import PadOptions, Printing, rows_option
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole
from .setup import MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from .sheet import Sheet

PAD_MAX_ROWS = 30


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    rows = given.get("rounds")
    """(no option of its own, rows) of a blank pad: the rule book's 10 rounds unless the table
    chose another list of rounds (1 to 30)."""
    count = ROUNDS if rows in (None, "") else whole(rows, "rounds")
    if not 1 <= count <= PAD_MAX_ROWS:
        raise RuleError(N_("A Skull King pad has 1 to %(max)s rows."), field="rounds", max=PAD_MAX_ROWS)
    return {}, count


def pad_context(opts: PadOptions) -> dict[str, Any]:
    """Round r deals r cards (K-R1) on the rule book's ten rows; other rows are left blank."""
    cards = [r if opts.rounds == ROUNDS else None for r in range(1, opts.rounds + 1)]
    return {"rows": opts.rounds, "sheet": None, "cards": cards}


def sheet_rows(sheet: Sheet) -> int:
    return len(sheet.rows)


PRINTING = Printing(
    "pdf/sheet_skull_king.html", "pdf/pad_skull_king.html", (MIN_PLAYERS, MAX_PLAYERS),
    N_("A Skull King pad is for 2 to 8 players."), verify_names, pad_extra, pad_context, sheet_rows,
    "Skull King", N_("Print a blank Skull King score pad"),
    N_("One page: a row per round with the cards dealt, then per player the bid, the tricks, the bonus points "
       "and the running total."), (rows_option(ROUNDS),), 4)
