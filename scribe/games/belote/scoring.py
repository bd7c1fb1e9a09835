"""A Belote deal's result and score by the FFB's rules (B-P2..B-P4, B-S1..B-S6). Pure.

Scores are per team (0: seats 0 and 2; 1: seats 1 and 3), never per taker/defence, so a
sheet adds them up as they come. A litige's held points and the end are the game's
(``game.py``); the Coinche score is ``coinche.py``'s, on the same :class:`Deal`.

The FFB's worked figures (B-S6), per team with team 0 taking:

>>> s = Settings()
>>> score(Deal(0, 95), s).scores, score(Deal(0, 70, belotes=(1, 0)), s).scores
((95, 67), (20, 162))
>>> r = score(Deal(0, 81), s); r.outcome, r.scores, r.held
('litige', (0, 81), 81)
"""

from __future__ import annotations

from dataclasses import dataclass

from .annonces import value
from .cards import SA
from .settings import Settings

MADE, DEDANS, LITIGE = "made", "dedans", "litige"  # at Coinche a failed contract is "chute": DEDANS
OUTCOMES = (MADE, DEDANS, LITIGE)
DEAL_POINTS = 162  # B-P1, with the dix de der
DEAL_POINTS_SA_JACK_0 = 154  # C-A4: the FFB's SA table, Jacks at 0
BELOTE = 20  # B-P3
POINTS, CAPOT, GENERALE = "points", "capot", "generale"  # C-A1, C-A3: a Coinche contract


@dataclass(frozen=True)
class Deal:
    """A deal as the table tells it (B-F1, C-F1): the takers' team; their card points
    with the dix de der (None when a team took every trick: ``capot`` names it); the
    belotes per team (B-P3; at TA up to four); the team whose annonces score and its
    combinations (B-P4); the trump (display, but for SA/TA). Coinche adds the contract
    (``points`` with its ``amount``, ``capot`` or ``generale``), the coinche ``level``
    (0 none, 1 coinche, 2 surcoinche) and, for a générale, whether the bidder ``alone``
    took every trick."""

    takers: int
    points: int | None = None
    capot: int | None = None
    belotes: tuple[int, int] = (0, 0)
    annonces: int | None = None
    combos: tuple[str, ...] = ()
    trump: str | None = None
    contract: str = POINTS
    amount: int = 0
    level: int = 0
    alone: bool = False

    @property
    def defence(self) -> int:
        return 1 - self.takers


@dataclass(frozen=True)
class Result:
    """What a deal is worth: its outcome, per team the card points (a capot's 252 or 250
    to its team), the totals that decide it (B-S1: card points + belote + annonces), the
    deal's scores before and after rounding, the points a litige holds (unrounded: they
    are rounded when awarded, B-S5), and the teams whose deal score is at most their
    belote because they were dedans or suffered a capot (B-E3)."""

    takers: int
    outcome: str
    card: tuple[int, int]
    totals: tuple[int, int]
    raw: tuple[int, int]
    scores: tuple[int, int]
    held: int = 0
    beaten: tuple[int, ...] = ()

    @property
    def winner(self) -> int | None:
        """The team that won the deal (receives held litige points): the takers if they
        made it, the defence if they were dedans, nobody in a litige (B-S4)."""
        if self.outcome == LITIGE:
            return None
        return self.takers if self.outcome == MADE else 1 - self.takers


def round_score(points: int, rounding: str) -> int:
    """B-S5, C-S7: to the nearest ten, 5 up (``up``: 85 -> 90) or down (``down``: 85 -> 80),
    or not at all (``none``).

    >>> [round_score(p, "up") for p in (84, 85, 77, 223)], round_score(85, "down"), round_score(85, "none")
    ([80, 90, 80, 220], 80, 85)
    """
    if rounding == "none":
        return points
    return (points + (5 if rounding == "up" else 4)) // 10 * 10


def parts(deal: Deal, settings: Settings) -> tuple[list[int], list[int], list[int]]:
    """Per team: card points (B-P1, B-P2), belote (B-P3), annonces (B-P4)."""
    card = [0, 0]
    if deal.capot is not None:
        card[deal.capot] = settings.capot
    else:
        total = DEAL_POINTS_SA_JACK_0 if deal.trump == SA and settings.sa_jack == 0 else DEAL_POINTS
        card[deal.takers] = deal.points or 0
        card[deal.defence] = total - (deal.points or 0)
    belote = [BELOTE * deal.belotes[0], BELOTE * deal.belotes[1]]
    annonces = [0, 0]
    if deal.annonces is not None:
        annonces[deal.annonces] = value(deal.combos, deal.trump)
    return card, belote, annonces


def beaten_teams(deal: Deal, outcome: str) -> tuple[int, ...]:
    """B-E3: the teams that were dedans (chute) or suffered a capot on this deal."""
    out = {deal.takers} if outcome == DEDANS else set()
    if deal.capot is not None:
        out.add(1 - deal.capot)
    return tuple(sorted(out))


def score(deal: Deal, settings: Settings) -> Result:
    """B-S1..B-S5: the takers make it with a strictly higher total; a capot against them
    is dedans (*reading*: they took no trick); equal totals by the ``tie`` setting.

    Made: each team its total; a capot by the takers gives them 252 (or 250) with every
    annonce (the defence's change sides) and their belote, the defence its belote (B-S2).
    Dedans: the takers their belote only (imprenable, B-P3); the defence 162 (252 if it
    took every trick) with both teams' annonces and its belote (B-S3). (Takers who took
    every trick yet are dedans, against annonces worth more: the defence gets the 252,
    contree.org's "252 s'il y a capot du camp qui a envoyé".) Litige: the defence
    its total, the takers' total (their belote included) held (B-S4).
    """
    t, d = deal.takers, deal.defence
    card, belote, annonces = parts(deal, settings)
    totals = (card[0] + belote[0] + annonces[0], card[1] + belote[1] + annonces[1])
    if deal.capot == d or totals[t] < totals[d]:
        outcome = DEDANS
    elif totals[t] > totals[d]:
        outcome = MADE
    else:
        outcome = {"litige": LITIGE, "dedans": DEDANS, "made": MADE}[settings.tie]
    raw = [0, 0]
    held = 0
    if outcome == MADE and deal.capot == t:
        raw[t] = card[t] + sum(annonces) + belote[t]
        raw[d] = belote[d]
    elif outcome == MADE:
        raw = list(totals)
    elif outcome == DEDANS:
        raw[t] = belote[t]
        raw[d] = card[0] + card[1] + sum(annonces) + belote[d]  # 162, or 252 after a capot
    else:
        raw[d] = totals[d]
        held = totals[t]
    beaten = beaten_teams(deal, outcome)
    scores = (round_score(raw[0], settings.rounding), round_score(raw[1], settings.rounding))
    return Result(t, outcome, (card[0], card[1]), totals, (raw[0], raw[1]), scores, held, beaten)
