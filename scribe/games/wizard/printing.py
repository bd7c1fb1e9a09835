"""How Wizard prints (its ``printing`` part, read by ``scribe.pdf``): the filled sheet is
the page's sheet (W-S4); a blank pad is the sheet of a game with no entries, a row per
round (W-R1), Unicolore's rounds at 3 or 4 players (W-U1, W-U2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...printing import PadOption, PadOptions, Printing
from ...rules.errors import N_, RuleError
from . import MAX_PLAYERS, MIN_PLAYERS, UNICOLORE_PLAYERS, RuleSet, Setup, replay, verify_names

UNICOLORE = PadOption("unicolore", "flag", N_("Unicolore variant (3 or 4 players, 4 to 15 cards, no trump)"),
                      "Wizard's Unicolore variant: 3 or 4 players, 4 to 15 cards",
                      refused=N_("Unicolore is a Wizard variant."))


def pad_extra(n: int, given: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """Unicolore's rounds at 3 or 4 players only (W-U1); no number of rows: the rounds are
    the game's (W-R1)."""
    if given.get("rounds") not in (None, ""):
        raise RuleError(N_("A Wizard pad has a row per round of the game: the players set the rounds."),
                        field="rounds")
    unicolore = bool(given.get("unicolore"))
    if unicolore and n not in UNICOLORE_PLAYERS:
        raise RuleError(N_("Unicolore is for 3 or 4 players."), field="unicolore")
    return {"unicolore": unicolore}, 0


def pad_context(opts: PadOptions) -> dict[str, Any]:
    sheet = replay(Setup(players=opts.names, rules=RuleSet(unicolore=opts.option("unicolore", False))), [])
    return {"sheet": sheet, "rows": len(sheet.rows)}


PRINTING = Printing(
    "pdf/sheet_wizard.html", "pdf/pad_wizard.html", (MIN_PLAYERS, MAX_PLAYERS), N_("A pad is for 3 to 6 players."),
    verify_names, pad_extra, pad_context, lambda sheet: len(sheet.rows), "Wizard", N_("Print a blank Wizard score pad"),
    N_("One page: a row per round with the cards to deal, per player a column for the running total and a small "
       "box for the bid."), (UNICOLORE,))
