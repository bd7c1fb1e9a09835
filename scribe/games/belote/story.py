"""Belote's and Coinche's story: per player (a player's record is its team's in a game; the
group's statistics add a player's up over games with any partner) the contracts taken
and made (by contract at Coinche: ``BidCount`` under the contract's value *A*, C-S1), the
coinches won, the capots and the points per deal; the chart draws the two teams' running
totals, a line each. ``rules/story.py`` tells the rest. Deals everyone passed score
nothing and are left out (B-D2).
"""

from __future__ import annotations

from typing import Any

from ...rules.errors import N_
from ...rules.story import BidCount, Fact, Story, story_names, tell
from .coinche import contract_value
from .scoring import MADE
from .settings import COINCHE
from .setup import TEAMS, team_of
from .sheet import BeloteSheet, Row
from .words_rules import TAKEN, WORDS

CONTRACTS_MADE = N_("Contracts made")
COINCHES_WON = N_("Coinches won")
CAPOTS = N_("Capots")
PER_DEAL = N_("Points per deal")


def _won(row: Row, team: int) -> bool:
    """The team won the deal: the takers made it, or the defence beat it (a litige: nobody)."""
    return row.result is not None and row.result.winner == team


def _coinches(row: Row, team: int) -> bool:
    """C-A2: the team said the deal's last word: the defence coinched it, the takers surcoinched."""
    d = row.deal
    return d is not None and (d.level == 1 and team != d.takers or d.level == 2 and team == d.takers)


def story(sheet: BeloteSheet) -> Story:
    """>>> from .setup import make_setup
    >>> from .sheet import replay
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], variant="coinche")
    >>> told = story(replay(s, [
    ...     {"kind": "result", "data": {"takers": 0, "points": 113, "contract": 110}},
    ...     {"kind": "result", "data": {"takers": "passed"}},
    ...     {"kind": "result", "data": {"takers": 0, "points": 60, "contract": 120, "level": 1}},
    ...     {"kind": "result", "data": {"takers": 1, "capot": 1, "contract": 90}}]))
    >>> told.rounds, told.running[-1], told.sides
    ((1, 3, 4), (220, 950, 220, 950), (('Ana & Cy', (0, 2)), ('Ben & Dee', (1, 3))))
    >>> [(f.key, f.value, f.of) for f in told.lines[0].facts]
    [('contracts_made', 1, 2), ('coinches_won', 0, 0), ('capots', 0, None), ('points_per_deal', 73, None)]
    >>> [(f.key, f.value, f.of) for f in told.lines[1].facts]  # C-S3: 120 coinched, lost: 560 to Ben & Dee
    [('contracts_made', 1, 1), ('coinches_won', 1, 1), ('capots', 1, None), ('points_per_deal', 317, None)]
    >>> told.lines[0].bids, told.variant
    ((BidCount(bid=110, tried=1, made=1), BidCount(bid=120, tried=1, made=0)), 'coinche')
    """
    setup = sheet.setup
    coinche = setup.variant == COINCHE
    played = [r for r in sheet.rounds if not r.passed]
    team_facts, team_bids = [], []
    for team in (0, 1):
        taken = [r for r in played if r.deal.takers == team]  # type: ignore[union-attr]
        made = [r for r in taken if r.result.outcome == MADE]  # type: ignore[union-attr]
        line = [Fact("contracts_made", CONTRACTS_MADE, len(made), len(taken))]
        if coinche:
            said = [r for r in played if _coinches(r, team)]
            line.append(Fact("coinches_won", COINCHES_WON, sum(1 for r in said if _won(r, team)), len(said),
                             summed=True))
        line.append(Fact("capots", CAPOTS, sum(1 for r in played if r.deal.capot == team), summed=True))  # type: ignore[union-attr]
        points = sum(r.points[team] for r in played)  # never below zero: halves go up, as a table rounds
        line.append(Fact("points_per_deal", PER_DEAL, (2 * points + len(played)) // (2 * len(played)) if played else 0))
        team_facts.append(tuple(line))

        def size(r: Row) -> int:
            return contract_value(r.deal, setup.settings) if coinche else TAKEN  # type: ignore[arg-type]

        sizes = sorted({size(r) for r in taken})
        team_bids.append(tuple(BidCount(s, sum(1 for r in taken if size(r) == s), sum(1 for r in made if size(r) == s))
                               for s in sizes))
    seats = range(len(setup.players))
    rows: list[Any] = [(r.number, r.player_points, r.player_totals) for r in played]
    sides = tuple((name, TEAMS[t]) for t, name in enumerate(setup.team_names))
    return tell(story_names(sheet), rows, False, sheet.finished, sheet.winners,
                [team_facts[team_of(p)] for p in seats], [team_bids[team_of(p)] for p in seats], setup.variant, WORDS, sides)


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: the same table, end and settings; the first dealer one
    seat on to the right, where the deal goes (B-M1)."""
    return {"players": list(setup.players), "first_dealer": (setup.first_dealer - 1) % 4,
            "target": setup.target, "deals": setup.deals, "variant": setup.variant,
            "settings": setup.settings.for_variant(setup.variant),
            "names": list(setup.names) if setup.names else None,
            **({"virtual_deck": True} if setup.virtual_deck else {})}  # how the table deals, kept
