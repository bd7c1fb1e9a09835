"""A deal as a form or a JSON body tells it, checked field by field and across fields
(B-F1, B-F2, C-F1, C-F2): a deal no cards could make is refused next to its field, and
nothing else is read. Pure.

Fields: ``takers`` (team 0 or 1, or ``"passed"``); the takers' ``points`` or the
defence's ``defence_points`` (162 minus them), or ``capot`` (the team that took every
trick); ``belote`` (a team; at TA a pair of counts); ``annonces`` (``{"team", "combos"}``)
when the table plays them; ``trump`` (optional: a suit, or SA/TA when allowed). Coinche
adds ``contract`` (an amount, ``"capot"`` or ``"generale"``), ``level`` (0, 1 or 2, or
``"coinche"``/``"surcoinche"``) and ``alone`` (a générale: the bidder took every trick).

>>> from .setup import make_setup
>>> s = make_setup(["Ana", "Ben", "Cy", "Dee"])
>>> verify(s, {"takers": 1, "defence_points": "67", "belote": 0})
Deal(takers=1, points=95, capot=None, belotes=(1, 0), annonces=None, combos=(), trump=None, contract='points', amount=0, level=0, alone=False)
>>> verify(s, {"takers": 0, "points": 161})
Traceback (most recent call last):
...
scribe.rules.errors.RuleError: No set of tricks makes 161 points.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...rules.cards.standard import PACK_32, SUITS
from ...rules.errors import N_, RuleError
from ...rules.fields import flag, whole
from .annonces import verify_combos
from .cards import DIX_DE_DER, SA, TA, TRUMPS, Rules, deal_points, points
from .scoring import CAPOT, GENERALE, POINTS, Deal
from .settings import COINCHE, Settings
from .setup import Setup

PASSED = "passed"
LEVEL_WORDS = {"none": 0, "coinche": 1, "surcoinche": 2}
MIN_AMOUNT, MAX_AMOUNT = 80, 1000  # C-A1: from 80; the FFB sets no ceiling under capot


@cache
def possible(rules: Rules) -> frozenset[int]:
    """The card points a team can have at this trump (its cards' sums, with or without
    the dix de der; the other team has the rest): 162 but 1 and 161; at SA with the FFB's
    Jack at 0, 0..154 but 1, 2, 5, 149, 152, 153 (B-F2, C-F2).

    >>> sorted(set(range(163)) - possible(Rules("H"))), sorted(set(range(155)) - possible(Rules("SA", sa_jack=0)))
    ([1, 161], [1, 2, 5, 149, 152, 153])
    """
    total = deal_points(rules)
    sums = {0}
    for card in PACK_32:
        p = points(card, rules)
        sums |= {s + p for s in sums}
    own = sums | {s + DIX_DE_DER for s in sums}
    return frozenset(p for p in own if 0 <= p <= total and total - p in own)


def _team(raw: Any, field: str, message: str) -> int:
    if raw in (None, ""):
        raise RuleError(message, field=field)
    team = whole(raw, field)
    if team not in (0, 1):
        raise RuleError(N_("Tap one of the two teams."), field=field)
    return team


def _rules(setup: Setup, trump: str | None) -> Rules:
    s = setup.settings
    return Rules(trump if trump in (SA, TA) else "H", s.sa_jack, s.ta_table, s.undertrump)


def _trump(setup: Setup, raw: Any) -> str | None:
    if raw in (None, ""):
        return None
    text = raw.strip().upper() if isinstance(raw, str) else ""
    if text not in TRUMPS:
        raise RuleError(N_("The trump is a suit (S, H, D or C), SA or TA."), field="trump")
    if text not in SUITS and not (setup.variant == COINCHE and setup.settings.sa_ta):
        raise RuleError(N_("Sans atout and tout atout are not played at this table."), field="trump")
    return text


def _points(data: Mapping[str, Any], rules: Rules, capot: int | None) -> int | None:
    given = [k for k in ("points", "defence_points") if data.get(k) not in (None, "")]
    if capot is not None:
        if given:
            raise RuleError(N_("A capot has no card points to give: every trick went to one team."), field=given[0])
        return None
    if len(given) != 1:
        raise RuleError(N_("Give the takers' points, or the defence's (not both), or capot."), field="points")
    value, total = whole(data[given[0]], given[0]), deal_points(rules)
    if not 0 <= value <= total:
        raise RuleError(N_("Card points are from 0 to %(total)s."), field=given[0], total=total)
    if value not in possible(rules):
        raise RuleError(N_("No set of tricks makes %(points)s points."), field=given[0], points=value)
    return value if given[0] == "points" else total - value


def _belotes(raw: Any, trump: str | None) -> tuple[int, int]:
    """B-P3, C-F2: none or a team; at TA a count per team, four at most; none at SA."""
    if raw in (None, "", "none"):
        return (0, 0)
    if trump == SA:
        raise RuleError(N_("There is no belote at sans atout."), field="belote")
    if isinstance(raw, (list, tuple)):
        if trump != TA or len(raw) != 2:
            raise RuleError(N_("Only one team can have the belote."), field="belote")
        counts = (whole(raw[0], "belote"), whole(raw[1], "belote"))
        if min(counts) < 0 or sum(counts) > 4:
            raise RuleError(N_("At tout atout there are four belotes at most."), field="belote")
        return counts
    team = _team(raw, "belote", N_("Tap the team that had the belote."))
    return (1, 0) if team == 0 else (0, 1)


def _annonces(settings: Settings, raw: Any) -> tuple[int | None, tuple[str, ...]]:
    if raw in (None, "", {}):
        return None, ()
    if not settings.annonces:
        raise RuleError(N_("Annonces are not played at this table."), field="annonces")
    if not isinstance(raw, Mapping):
        raise RuleError(N_("Only the team with the best annonce scores: enter its combinations."), field="annonces")
    team = _team(raw.get("team"), "annonces", N_("Tap the team whose annonces score."))
    return team, verify_combos(raw.get("combos"))


def _contract(settings: Settings, raw: Any, level: int) -> tuple[str, int]:
    if raw in (CAPOT, GENERALE):
        if raw == GENERALE and settings.generale is None:
            raise RuleError(N_("The générale is not played at this table."), field="contract")
        if raw == CAPOT and level and not settings.capot_coinche:
            raise RuleError(N_("A capot may not be coinched at this table."), field="level")
        return raw, 0
    if raw in (None, ""):
        raise RuleError(N_("Tap the contract: an amount, capot or générale."), field="contract")
    amount = whole(raw, "contract")
    top = settings.ceiling or MAX_AMOUNT
    if amount % 10 or not MIN_AMOUNT <= amount <= top:
        raise RuleError(N_("A contract is a multiple of 10 from 80 to %(top)s, or capot."), field="contract", top=top)
    return POINTS, amount


def verify(setup: Setup, data: Mapping[str, Any]) -> Deal | None:
    """The deal told by ``data`` (None when everyone passed), or a RuleError naming the field."""
    if data.get("takers") == PASSED:
        return None
    takers = _team(data.get("takers"), "takers", N_("Tap the team that took, or Passed."))
    trump = _trump(setup, data.get("trump"))
    s = setup.settings
    capot = None if data.get("capot") in (None, "", "none") else _team(data.get("capot"), "capot", N_("Tap the team that took every trick."))
    pts = _points(data, _rules(setup, trump), capot)
    belotes = _belotes(data.get("belote"), trump)
    team, combos = _annonces(s, data.get("annonces"))
    if setup.variant != COINCHE:
        return Deal(takers, pts, capot, belotes, team, combos, trump)
    raw_level = data.get("level")
    level = LEVEL_WORDS[raw_level] if isinstance(raw_level, str) and raw_level in LEVEL_WORDS \
        else whole(raw_level or 0, "level")
    if level not in (0, 1, 2):
        raise RuleError(N_("No coinche, coinche or surcoinche."), field="level")
    contract, amount = _contract(s, data.get("contract"), level)
    alone = flag(data.get("alone"), "alone")
    if alone and contract != GENERALE:
        raise RuleError(N_("Only a générale is played alone."), field="alone")
    if alone and capot != takers:
        raise RuleError(N_("Alone means the bidder took every trick: a capot by the takers."), field="alone")
    return Deal(takers, pts, capot, belotes, team, combos, trump, contract, amount, level, alone)
