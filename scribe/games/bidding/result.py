"""What every game of the family answers alike about its game as a whole: a sheet's round
in play, phase, totals, leaders, winners and standings (``BidSheet``, which a game's frozen
sheet inherits), the games list's summary of a sheet, and the options of a new game posted
to the API (its rule switches checked, the first dealer drawn when not named). A game passes
what is its own (its rule switches, its other named options). Pure: no Flask, no SQL."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from functools import cached_property
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from ...rules.standings import Standing, before_last, ranked


def top(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats sharing the highest of ``totals``.

    >>> top((20, 40, 40))
    (1, 2)
    """
    best = max(totals)
    return tuple(p for p, t in enumerate(totals) if t == best)


class BidSheet:
    """What a sheet of the family answers from its ``rows`` (each a ``rows.BidRow`` with
    its running ``totals``) and its ``setup`` alone. A sheet never changes once replayed
    (frozen): what is worked out once is kept."""

    setup: Any
    rows: tuple[Any, ...]

    @cached_property
    def current(self) -> Any:
        """The round being played: the first without its result; None when finished."""
        return next((r for r in self.rows if not r.complete), None)

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def phase(self) -> str:
        row = self.current
        if row is None:
            return "finished"
        return "bidding" if not row.bids_in else "tricks"

    @cached_property
    def played(self) -> tuple[Any, ...]:
        return tuple(r for r in self.rows if r.complete)

    @cached_property
    def totals(self) -> tuple[int, ...]:
        played = self.played
        return played[-1].totals if played else (0,) * self.setup.n

    @cached_property
    def leaders(self) -> tuple[int, ...]:
        """Players sharing the highest total (all of them before any round)."""
        return top(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """Highest total after the last round; a tie gives several winners."""
        return self.leaders if self.finished else ()

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """Players by total, ties sharing a rank (1, 1, 3)."""
        running = [r.totals for r in self.played if r.totals is not None]
        return ranked(self.totals, before=before_last(running, self.setup.n))

    def forbidden(self) -> Any:
        """The bid refused to the seat bidding now (a game with the last bidder's
        restriction says; none in a game without it, K-B1)."""
        return None

    def row(self, number: Any) -> Any:
        """The row of round ``number``, or a refusal if there is no such round."""
        n = whole(number, "round")
        if not 1 <= n <= len(self.rows):
            raise RuleError(N_("There is no round %(round)s in this game."), field="round", round=n)
        return self.rows[n - 1]


def summary(sheet: Any) -> dict[str, Any]:
    """What the games list shows without replaying every game."""
    row = sheet.current
    return {
        "phase": sheet.phase,
        "round": row.number if row else len(sheet.rows),
        "rounds": len(sheet.rows),
        "leaders": [sheet.setup.players[p] for p in sheet.leaders] if sheet.played else [],
        "players": list(sheet.setup.players),
    }


def api_options(body: dict[str, Any], switches: Collection[str], **named: Any) -> dict[str, Any]:
    """POST /api/games body -> make_setup options: the players, the first dealer (drawn at
    random when the body names none or "random"), ``named`` (a game's own options taken
    from the body) and the body's ``rules``, whose every key must be one of ``switches``:
    an unknown switch is refused, not ignored."""
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise RuleError(N_("Rules must be an object."), field="rules")
    unknown = sorted(set(rules) - set(switches))
    if unknown:
        raise RuleError(N_("Unknown option %(option)s."), field=f"rules.{unknown[0]}", option=unknown[0])
    dealer = body.get("first_dealer")
    if dealer in (None, "random"):
        players = body.get("players")
        dealer = secrets.randbelow(len(players)) if isinstance(players, list) and players else 0
    return {"players": body.get("players"), "first_dealer": dealer, **named, **rules}
