"""How Witty Zibi prints (its ``printing`` part, read by ``scribe.pdf``): a row per round
(Z-S1..Z-S3); the table plays as many rounds as it likes, so a pad has a number of rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import PadOptions, Printing, rows_option
from ...rules.errors import N_, RuleError
from . import MAX_PLAYERS, MIN_PLAYERS, ZibiSheet, verify_names

PAD_ROWS, PAD_MAX_ROWS = 10, 30


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    rounds = given.get("rounds")
    if rounds in (None, ""):
        return {}, PAD_ROWS
    try:
        r = int(str(rounds).strip())
    except ValueError:
        raise RuleError(N_("Please give a whole number."), field="rounds") from None
    if not 1 <= r <= PAD_MAX_ROWS:
        raise RuleError(N_("A Witty Zibi pad has 1 to 30 rows."), field="rounds")
    return {}, r


def pad_context(opts: PadOptions) -> dict[str, Any]:
    return {"rows": opts.rounds, "sheet": None}


def sheet_rows(sheet: ZibiSheet) -> int:
    """The rounds played, then blank rows up to a pad's ten to go on by hand."""
    return max(len(sheet.rounds), PAD_ROWS)


PRINTING = Printing(
    "pdf/sheet_zibi.html", "pdf/pad_zibi.html", (MIN_PLAYERS, MAX_PLAYERS), N_("A Witty Zibi pad is for 4 to 9 players."),
    verify_names, pad_extra, pad_context, sheet_rows, "Witty Zibi", N_("Print a blank Witty Zibi score pad"),
    N_("One page: a row per round for the winning clan, per player the clan token, ✝ if eliminated, the points and "
       "the running total."), (rows_option(PAD_ROWS),), 6)
