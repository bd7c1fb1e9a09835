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
    waiting: str | None = None  # "pass" (the Juggler, W-J4) or "cloud" (W-J3): play waits for it
    cloud_winner: int | None = None  # who won the Cloud's trick (W-J3)
    to_pass: tuple[int, ...] = ()  # while waiting for the Juggler's passes: the seats yet to pass (W-J4)
