"""The family's round of the virtual deck, played on ``rules.trickplay`` over a game's
trick rules (its ``TrickGame``): the state every page, JSON and check reads. Pure."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.trickplay import RoundPlay


@dataclass(frozen=True)
class TrickState(RoundPlay[str]):
    """The play of one round so far (W-P1, R-R2: the seat left of the dealer leads first,
    then each trick's winner), and the trump suit played to (None: no trump)."""

    trump: str | None = None
    waiting: str | None = None  # a choice play waits for before the next card (W-J3, W-J4), None else
    # A game's own (Wizard's ``play_state`` fills them), here because the family's pages and
    # seat answers read them of every game's play: who may change their bid (W-J3), and
    # while "pass" is awaited, the seats yet to pass a card (W-J4).
    cloud_winner: int | None = None
    to_pass: tuple[int, ...] = ()
