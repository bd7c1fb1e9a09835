"""How Rikiki prints: the family's grid (W-S4's layout: R-F1's cards, dealer, trump, bids
and totals); a blank pad has a row per round of the Rikiki / Ascenseur schedule (R-R1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import PadOptions, Printing
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names
from ..bidding.sheet import replay
from .setup import MAX_PLAYERS, MIN_PLAYERS, PRESETS, RuleSet, Setup


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    if given.get("rounds") not in (None, ""):
        raise RuleError(N_("A pad has a row per round of the game: the players set the rounds."), field="rounds")
    return {}, 0


def pad_context(opts: PadOptions) -> dict[str, Any]:
    sheet = replay(Setup(players=opts.names, rules=RuleSet(**PRESETS["rikiki"])), [])
    return {"sheet": sheet, "rows": len(sheet.rows)}


PRINTING = Printing(
    "pdf/sheet_rikiki.html", "pdf/pad_rikiki.html", (MIN_PLAYERS, MAX_PLAYERS), N_("A pad is for 3 to 7 players."),
    verify_names, pad_extra, pad_context, lambda sheet: len(sheet.rows), "Oh Hell / Rikiki",
    N_("Print a blank Oh Hell score pad"),
    N_("One page: a row per round (1 card up to the most and back down), per player a column for the running "
       "total and a small box for the bid."), default_players=4)
