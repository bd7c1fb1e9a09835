"""Rikiki / Oh Hell / Boerenbridge (R-*): the exact-bid game of Wizard's family without
Wizards or Jesters, a small definition over the bids-and-tricks family
(``scribe/games/bidding``): its schedule (``rounds``), its hook (``hook``), its scorings
(``scoring``) and its setup; the sheet, bids, tricks, reveal and corrections are the family's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ..bidding.actions import verify_bid, verify_correction, verify_tricks, verify_trump
from ..bidding.deck import draw_deal, verify_card_back, verify_deal, verify_played, verify_shuffle

_VERIFIERS = {"bid": verify_bid, "tricks": verify_tricks, "trump": verify_trump, "correction": verify_correction,
              # the virtual deck, with a standard pack (R-M1, R-T1)
              "deal": verify_deal, "played": verify_played, "take_back": verify_card_back, "shuffle": verify_shuffle}
KINDS = tuple(_VERIFIERS)
DRAWN = {"deal": draw_deal}  # the service's random source deals, never a client


def verify(sheet: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet (R-B1, R-B2, R-S1, R-T1, R-F2); the entry data to record."""
    check = _VERIFIERS.get(kind)
    if check is None:
        raise RuleError(N_("Unknown action."), field="kind")
    return check(sheet, data)
