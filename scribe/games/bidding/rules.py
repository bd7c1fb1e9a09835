"""The protocol answers every game of the family gives alike (Wizard's and Skull King's
``GameRules`` inherit them). Pure: no Flask, no SQL."""

from __future__ import annotations

from typing import Any

from ...rules.game import GameRules


class BiddingRules(GameRules):
    def seat_plays(self, full: Any, seat: int) -> bool:
        """The virtual deck's cards are in play (W-R4; K-B1: once every bid is in) and
        ``seat`` has a hand to play from or a card to take back."""
        row = full.current
        return bool(full.setup.rules.virtual_deck and row is not None and row.play is not None and row.bids_in
                    and 0 <= seat < full.setup.n)

    @staticmethod
    def past_hands(view: Any, seat: int) -> list[dict[str, Any]]:
        """The hands ``seat`` was dealt in the rounds already scored, from its own view."""
        return [{"round": r.number, "dealt": list(r.hands[seat] or ())} for r in view.rows if r.complete and r.dealt]
