"""Tarot's story: per player the contracts taken and made (and by contract), the deals
made as the called partner at five, the deals won in defence, and the points per deal played; ``rules/story.py``
tells the rest. Deals everyone passed score nothing and are left out (T-C1).

Each contract also counts as a ``BidCount`` under its multiplier (1 Prise, 2 Garde,
4 Garde sans, 6 Garde contre, T-C1), so the group's statistics count contracts made of
those taken, by contract, as they count Wizard's bids.
"""

from __future__ import annotations

from typing import Any

from ...rules.errors import N_
from ...rules.story import BidCount, Fact, Story, tell
from .scoring import CONTRACTS, MULTIPLIER
from .sheet import TarotSheet
from .words_rules import CONTRACT_NAMES, WORDS

CONTRACTS_MADE = N_("Contracts made")
AS_PARTNER = N_("Made as partner")
DEFENDED = N_("Won in defence")
PER_DEAL = N_("Points per deal")


def story(sheet: TarotSheet) -> Story:
    """>>> from scribe.games.tarot import Setup, replay
    >>> s = Setup(("Ana", "Ben", "Cy", "Dee", "Eve"))
    >>> told = story(replay(s, [
    ...     {"kind": "deal", "data": {"taker": 0, "contract": "garde", "partner": 2, "bouts": 2,
    ...                               "attack_points": 49}},
    ...     {"kind": "redeal", "data": {}},
    ...     {"kind": "deal", "data": {"taker": 0, "contract": "prise", "partner": "alone", "bouts": 1,
    ...                               "attack_points": 40}}]))
    >>> told.rounds, [(f.key, f.value, f.of) for f in told.lines[0].facts]  # doctest: +NORMALIZE_WHITESPACE
    ((1, 3), [('contracts_made', 1, 2), ('prise', 0, 1), ('garde', 1, 1), ('as_partner', 0, 0),
              ('defended', 0, 0), ('points_per_deal', -6, None)])
    >>> [(f.value, f.of) for f in told.lines[1].facts if f.key == "defended"]  # Ben defended both; Ana's Prise fell
    [(1, 2)]
    >>> told.lines[0].bids
    (BidCount(bid=1, tried=1, made=0), BidCount(bid=2, tried=1, made=1))
    """
    setup = sheet.setup
    played = [r for r in sheet.rounds if not r.passed]
    taken = [c for c in CONTRACTS if any(r.deal.contract == c for r in played)]
    facts, bids = [], []
    for p in range(setup.n):
        mine = [r for r in played if r.deal.taker == p]
        made = [r for r in mine if r.score.made]
        line = [Fact("contracts_made", CONTRACTS_MADE, len(made), len(mine))]
        line += [Fact(c, CONTRACT_NAMES[c], sum(1 for r in made if r.deal.contract == c),
                      sum(1 for r in mine if r.deal.contract == c)) for c in taken]
        if setup.calls_a_king:
            called = [r for r in played if r.deal.partner == p]
            line.append(Fact("as_partner", AS_PARTNER, sum(1 for r in called if r.score.made), len(called)))
        defended = [r for r in played if p not in (r.deal.taker, r.deal.partner, r.mort)]
        line.append(Fact("defended", DEFENDED, sum(1 for r in defended if not r.score.made), len(defended)))
        sat = [r.points[p] for r in played if r.mort != p]
        line.append(Fact("points_per_deal", PER_DEAL, round(sum(sat) / len(sat)) if sat else 0))
        facts.append(tuple(line))
        bids.append(tuple(BidCount(MULTIPLIER[c], sum(1 for r in mine if r.deal.contract == c),
                                   sum(1 for r in made if r.deal.contract == c))
                          for c in CONTRACTS if any(r.deal.contract == c for r in mine)))
    rows: list[Any] = [(r.number, r.points, r.totals) for r in played]
    return tell(setup.players, rows, False, sheet.finished, sheet.winners, facts, bids, words=WORDS)


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: the same players and number of deals; the first dealer
    one seat on to the right, where the deal goes (T-M2)."""
    return {"players": list(setup.players), "first_dealer": (setup.first_dealer - 1) % setup.n,
            "deals": setup.deals}
