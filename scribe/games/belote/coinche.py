"""A Coinche (or contrée) deal's result and score (C-K1, C-S1..C-S7), on Belote's
:class:`~.scoring.Deal` with its contract, coinche level and settings. Pure.

*A* is the contract (the bid; 250 for capot; the générale's agreed value); *m* is 1, 2 or
the surcoinche factor (4, or 3). The FFB's worked figures (C-S8), team 0 taking:

>>> s = make_settings("coinche")
>>> score(Deal(0, 113, amount=110), s).scores, score(Deal(0, 83, amount=100, annonces=0, combos=("tierce",)), s).scores
((220, 50), (200, 80))
>>> score(Deal(0, 89, amount=90), s).scores, score(Deal(0, 60, amount=120, level=1), s).scores
((0, 250), (0, 560))
"""

from __future__ import annotations

from .scoring import CAPOT, DEDANS, GENERALE, LITIGE, MADE, Deal, Result, beaten_teams, parts, round_score
from .settings import (
    Settings,
    make_settings,  # noqa: F401  (the doctests)
)

LEVELS = (0, 1, 2)  # none, coinche, surcoinche (C-A2)
CAPOT_CONTRACT = 250  # A for a capot bid (C-S1..C-S3)


def contract_value(deal: Deal, settings: Settings) -> int:
    """*A*: the bid, 250 for a capot, the générale's agreed value (C-A3)."""
    if deal.contract == CAPOT:
        return CAPOT_CONTRACT
    if deal.contract == GENERALE:
        return settings.generale or 0
    return deal.amount


def multiplier(deal: Deal, settings: Settings) -> int:
    """*m*: 1, 2 coinched, the surcoinche factor (C-A2)."""
    return (1, 2, settings.surcoinche)[deal.level]


def outcome(deal: Deal, settings: Settings, counted: tuple[int, int]) -> str:
    """C-K1, C-S6: made when (a) the takers' counted total reaches the bid (capot: every
    trick; générale: every trick by the bidder alone) and (b), when on, beats the
    defence's. A capot against the takers fails (*reading*); rounding never makes one.
    Equal totals with (a) met: the ``tie`` setting, the litige only uncoinched in
    points-made mode, elsewhere a failure unless "tie = made" (*reading*)."""
    t, d = deal.takers, deal.defence
    if deal.capot == d:
        return DEDANS
    if deal.contract == CAPOT:
        return MADE if deal.capot == t else DEDANS
    if deal.contract == GENERALE:
        return MADE if deal.capot == t and deal.alone else DEDANS
    if counted[t] < deal.amount:
        return DEDANS
    if not settings.beat_defence or counted[t] > counted[d]:
        return MADE
    if counted[t] < counted[d] or settings.tie == "dedans":
        return DEDANS
    if settings.tie == "made":
        return MADE
    return LITIGE if deal.level == 0 and settings.mode == "made" else DEDANS


def score(deal: Deal, settings: Settings) -> Result:
    """C-S1..C-S7, with C-S4's settings (base 160/250 or 162/252; the multiplier on the
    whole score or on A only, the belote then outside it; belote imprenable or prenable)
    and C-S5's mode (points made + contract, or the contract only)."""
    t, d = deal.takers, deal.defence
    card, belote, annonces = parts(deal, settings)
    totals = (card[0] + belote[0] + annonces[0], card[1] + belote[1] + annonces[1])
    counted = tuple(card[i] + belote[i] * settings.belote_counts + annonces[i] * settings.annonces_count
                    for i in (0, 1))
    result = outcome(deal, settings, counted)  # type: ignore[arg-type]
    a, m = contract_value(deal, settings), multiplier(deal, settings)
    winner = t if result == MADE else d
    raw = [0, 0]
    held = 0
    if result == LITIGE:  # C-S6: the defence its total, the takers' total held, A never held
        raw[d], held = totals[d], totals[t]
    elif settings.mode == "contract":  # C-S5: A x m to the deal's winner; belote and annonces only helped
        raw[winner] = a * m
    elif result == MADE and m == 1:  # C-S1
        if deal.capot == t:  # the defence's annonces change sides
            raw[t], raw[d] = card[t] + sum(annonces) + belote[t] + a, belote[d]
        else:
            raw[t], raw[d] = totals[t] + a, totals[d]
    else:  # C-S2 made and coinched, C-S3 failed
        kept = belote[t] if result == MADE or settings.belote_kept else 0
        bel = belote[winner] + (0 if result == MADE or settings.belote_kept else belote[t])
        raw[t] = kept if result == DEDANS else 0
        raw[d] = belote[d] if result == MADE else 0
        base = settings.base
        if deal.capot is not None:
            base = settings.capot_base  # 250 when the winner took every trick (C-S2; C-S3 *reading*)
        if result == DEDANS and deal.contract in (CAPOT, GENERALE):
            base = settings.capot_base if settings.lost_capot == "full" else settings.base  # 500 or 410
        if settings.multiply == "all":
            raw[winner] += (base + sum(annonces) + bel + a) * m
        else:
            raw[winner] += base + sum(annonces) + bel + a * m
    scores = (round_score(raw[0], settings.rounding), round_score(raw[1], settings.rounding))
    return Result(t, result, (card[0], card[1]), totals, (raw[0], raw[1]), scores, held, beaten_teams(deal, result))
