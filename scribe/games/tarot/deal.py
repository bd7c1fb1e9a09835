"""A deal as the table tells it, checked field by field and across fields (T-C1, T-C2,
T-S1, T-S3..T-S5): a deal no cards could have dealt is refused next to the field at fault.

``verify_deal`` turns what a form or a JSON body sends into the data recorded (or a
RuleError naming the field at fault); ``deal_of`` reads recorded data back as a
:class:`~.scoring.Deal`. Pure: no Flask, no SQL, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import flag, whole
from .scoring import (
    ATTACK,
    BOUT,
    CONTRACTS,
    DEFENCE,
    GARDE_CONTRE,
    GARDE_SANS,
    POIGNEE_TRUMPS,
    POIGNEES,
    SIDES,
    TOTAL,
    TRUMPS,
    Deal,
    margin,
)
from .setup import Setup

ALONE = "alone"  # the recorded partner of a taker alone at five (T-C2)
CHIEN = {3: 6, 4: 6, 5: 3}  # T-M1: the chien's cards, by players in the deal
POINTS_TEXT_MAX = 12


def _seat(setup: Setup, number: int, raw: Any, field: str, missing: str) -> int:
    if raw in (None, ""):
        raise RuleError(missing, field=field)
    seat = whole(raw, field)
    if not 0 <= seat < setup.n:
        raise RuleError(N_("Tap one of the players."), field=field)
    if seat == setup.sits_out(number):
        raise RuleError(N_("%(name)s deals and sits out this deal."), field=field, name=setup.players[seat])
    return seat


def _partner(setup: Setup, number: int, taker: int, raw: Any) -> int | str | None:
    """T-C2: at five the called King's holder, or alone (their own King, or one in the chien)."""
    if not setup.calls_a_king:
        if raw not in (None, ""):
            raise RuleError(N_("At %(n)s players the taker plays alone: there is no partner."), field="partner",
                            n=setup.playing)
        return None
    if raw == ALONE:
        return ALONE
    seat = _seat(setup, number, raw, "partner", N_("Tap who held the called King, or Alone."))
    return ALONE if seat == taker else seat  # a taker who called their own King plays alone


def halves_of(raw: Any, field: str) -> int:
    """Card points as half points: a whole number, or one ending in .5 (40.5 or 40,5).

    >>> halves_of("40,5", "points"), halves_of(41, "points"), halves_of(36.5, "points")
    (81, 82, 73)
    """
    if isinstance(raw, bool) or raw is None or raw == "":
        raise RuleError(N_("Give the attack's points, 0 to 91."), field=field)
    if isinstance(raw, str):
        if len(raw) > POINTS_TEXT_MAX:
            raise RuleError(N_("Give the points as a number, like 45 or 40.5."), field=field)
        raw = raw.strip().replace(",", ".").replace("½", ".5")
    try:
        value = Decimal(str(raw)) * 2
    except InvalidOperation:
        raise RuleError(N_("Give the points as a number, like 45 or 40.5."), field=field) from None
    if not value.is_finite() or value != value.to_integral_value():
        raise RuleError(N_("Points are counted to the half point: like 45 or 40.5."), field=field)
    return int(value)


def _points(setup: Setup, data: Mapping[str, Any], bouts: int, contract: str) -> int:
    """T-S1: the attack's points (or the defence's: 91 minus), 0..91, halves only at 3 and 5,
    what the bouts alone weigh (4.5 each) on either side, and the chien's cards (T-M1) on
    the side they count for (at least half a point each)."""
    given = [k for k in ("attack_points", "defence_points") if data.get(k) not in (None, "")]
    if len(given) != 1:
        raise RuleError(N_("Give the attack's points, or the defence's (not both)."), field="attack_points")
    field = given[0]
    halves = halves_of(data[field], field)
    if not 0 <= halves <= 2 * TOTAL:
        raise RuleError(N_("Points are from 0 to 91."), field=field)
    if halves % 2 and not setup.half_points:
        raise RuleError(N_("At 4 players the points are whole: there is no half point."), field=field)
    if field == "defence_points":
        halves = 2 * TOTAL - halves
    if not BOUT * bouts <= halves <= 2 * TOTAL - BOUT * (3 - bouts):
        raise RuleError(N_("With %(bouts)s bouts the attack has %(low)s to %(high)s points (a bout is worth 4.5)."),
                        field=field, bouts=bouts, low=_text(BOUT * bouts), high=_text(2 * TOTAL - BOUT * (3 - bouts)))
    _chien(setup, contract, bouts, halves, field)
    return halves


def _chien(setup: Setup, contract: str, bouts: int, halves: int, field: str) -> None:
    """The chien's cards count for the attack (its écart in a Prise or a Garde, where no bout
    may go; the chien itself in a Garde sans) or for the defence (Garde contre): that side
    holds them besides its bouts, half a point at least each (fewer if the chien held bouts)."""
    chien = CHIEN[setup.playing]
    if contract == GARDE_CONTRE:
        defence = 3 - bouts
        high = _whole(2 * TOTAL - BOUT * defence - max(0, chien - defence), setup, up=True)
        if halves > high:
            raise RuleError(N_("In a Garde contre the %(cards)s cards of the chien go to the defence: the attack has "
                               "at most %(points)s points."), field=field, cards=chien, points=_text(high))
        return
    others = chien if contract != GARDE_SANS else max(0, chien - bouts)  # in a Garde sans the chien may hold bouts
    low = _whole(BOUT * bouts + others, setup, up=False)
    if halves < low:
        raise RuleError(N_("The %(cards)s cards of the chien (or of the écart) count for the attack: it has at least "
                           "%(points)s points."), field=field, cards=chien, points=_text(low))


def _text(halves: int) -> str:
    return str(halves // 2) + (".5" if halves % 2 else "")


def points_value(halves: int) -> int | float:
    """Half points as the number recorded and shown: 81 -> 40.5, 82 -> 41."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _side(raw: Any, field: str) -> str | None:
    if raw in (None, "", "none"):
        return None
    if raw not in SIDES:
        raise RuleError(N_("The attack or the defence."), field=field)
    return raw


def _poignees(setup: Setup, number: int, raw: Any) -> list[dict[str, Any]]:
    """T-S4: at most one poignée per player in the deal; all of them together cannot show
    more trumps than the deck holds (21 and the Excuse)."""
    if raw in (None, ""):
        return []
    if not isinstance(raw, (list, tuple)):
        raise RuleError(N_("Poignées are a list of who showed which."), field="poignees")
    shown: dict[int, str] = {}
    for item in raw:
        if not isinstance(item, Mapping):
            raise RuleError(N_("Poignées are a list of who showed which."), field="poignees")
        seat = _seat(setup, number, item.get("player"), "poignees", N_("Say who showed the poignée."))
        size = item.get("size")
        if size not in POIGNEES:
            raise RuleError(N_("A poignée is simple, double or triple."), field="poignees")
        if seat in shown:
            raise RuleError(N_("%(name)s can show only one poignée."), field="poignees", name=setup.players[seat])
        shown[seat] = size
    trumps = POIGNEE_TRUMPS[setup.playing]
    need = sum(trumps[size] for size in shown.values())
    if need > TRUMPS:
        raise RuleError(N_("These poignées show %(need)s trumps at %(n)s players: there are only 22 (21 trumps and "
                           "the Excuse)."), field="poignees", need=need, n=setup.playing)
    return [{"player": p, "size": shown[p]} for p in sorted(shown)]


def _whole(halves: int, setup: Setup, up: bool) -> int:
    """A bound as the table can enter it: at four the points are whole (T-S1), and the
    Excuse left alone to a side (4.5) is rounded as the table rounds it: either way."""
    if halves % 2 and not setup.half_points:
        return halves + (1 if up else -1)
    return halves


def _physical(setup: Setup, contract: str, bouts: int, halves: int, petit: str | None, chelem: str | None) -> None:
    """Cross-field impossibilities: what the Petit and a chelem say about who holds which card.

    The Petit is a bout: the side taking it in the last trick holds it (T-S3, T-S1). A side
    that took every trick (T-S5) leaves the other only the Excuse it played (which stays
    with its side) and what the chien gives it: the chien goes to the defence in a Garde
    contre and counts for the attack in a Garde sans; in a Prise or a Garde the attack
    keeps its écart, where no bout may go. A card is worth at most 4.5 (a bout, a King).
    """
    if petit == ATTACK and bouts == 0:
        raise RuleError(N_("The Petit is a bout: if the attack took it in the last trick, it has at least 1 bout."),
                        field="petit")
    if petit == DEFENCE and bouts == 3:
        raise RuleError(N_("The Petit is a bout: if the defence took it in the last trick, the attack has at most "
                           "2 bouts."), field="petit")
    chien = CHIEN[setup.playing]
    if chelem == ATTACK:
        if contract != GARDE_CONTRE and bouts < 2:
            raise RuleError(N_("If the attack took every trick, it has at least 2 bouts: the defence keeps at most "
                               "the Excuse."), field="chelem")
        # the Excuse if the defence has a bout, and the chien in a Garde contre
        kept = (bouts < 3) + (chien if contract == GARDE_CONTRE else 0)
        low = _whole(2 * TOTAL - BOUT * kept, setup, up=False)
        if halves < low:
            raise RuleError(N_("If the attack took every trick, it has at least %(points)s points: the defence keeps "
                               "at most the Excuse (and the chien in a Garde contre)."), field="chelem",
                            points=_text(low))
    if chelem == DEFENCE:
        if contract != GARDE_SANS and bouts > 1:
            raise RuleError(N_("If the defence took every trick, the attack has at most 1 bout: the Excuse (no bout "
                               "goes in the écart)."), field="chelem")
        # the Excuse if the attack has a bout, and the écart (the chien in a Garde sans)
        kept = (bouts > 0) + (0 if contract == GARDE_CONTRE else chien)
        high = _whole(BOUT * kept, setup, up=True)
        if halves > high:
            raise RuleError(N_("If the defence took every trick, the attack has at most %(points)s points: only the "
                               "écart (the chien in a Garde sans, nothing in a Garde contre) and the Excuse."),
                            field="chelem", points=_text(high))


def verify_deal(setup: Setup, number: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """The data of deal ``number`` as recorded, or a RuleError naming the field.

    >>> s = Setup(("Ana", "Ben", "Cy", "Dee", "Eve"))
    >>> told = {"taker": 0, "contract": "garde", "partner": "2", "bouts": 2, "attack_points": "40,5"}
    >>> verify_deal(s, 1, told)["attack_points"], verify_deal(s, 1, {**told, "partner": "0"})["partner"]
    (40.5, 'alone')
    >>> verify_deal(Setup(("Ana", "Ben", "Cy", "Dee")), 1, {"taker": 0, "contract": "garde", "bouts": 2,
    ...                                                    "attack_points": 40.5})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: At 4 players the points are whole: there is no half point.
    """
    taker = _seat(setup, number, data.get("taker"), "taker", N_("Tap who took."))
    contract = data.get("contract")
    if contract not in CONTRACTS:
        raise RuleError(N_("Tap the contract: Prise, Garde, Garde sans or Garde contre."), field="contract")
    partner = _partner(setup, number, taker, data.get("partner"))
    if data.get("bouts") in (None, ""):
        raise RuleError(N_("Tap how many bouts the attack took (0 to 3)."), field="bouts")
    bouts = whole(data.get("bouts"), "bouts")
    if not 0 <= bouts <= 3:
        raise RuleError(N_("There are 3 bouts: the Petit, the 21 and the Excuse."), field="bouts")
    halves = _points(setup, data, bouts, contract)
    petit = _side(data.get("petit"), "petit")
    chelem = _side(data.get("chelem"), "chelem")
    announced = flag(data.get("chelem_announced"), "chelem_announced")
    if chelem is not None and petit is not None and petit != chelem:  # T-S3, T-S5: the last trick was theirs
        raise RuleError(N_("The chelem says the other side took every trick, the last one too."), field="petit")
    made, _by = margin(halves, bouts)
    if chelem == ATTACK and not made:
        raise RuleError(N_("The attack took every trick, yet the points say the contract failed."), field="chelem")
    if chelem == DEFENCE and made:
        raise RuleError(N_("The defence took every trick, yet the points say the contract was made."), field="chelem")
    _physical(setup, contract, bouts, halves, petit, chelem)
    poignees = _poignees(setup, number, data.get("poignees"))
    return {"taker": taker, "contract": contract, "partner": partner, "bouts": bouts,
            "attack_points": points_value(halves), "petit": petit, "poignees": poignees, "chelem": chelem,
            "chelem_announced": announced}


def deal_of(d: Mapping[str, Any]) -> Deal:
    """Recorded data as a Deal (the replay trusts what ``verify_deal`` recorded)."""
    partner = d.get("partner")
    return Deal(d["taker"], d["contract"], d["bouts"], round(2 * d["attack_points"]),
                None if partner in (None, ALONE) else partner, d.get("petit"),
                tuple((p["player"], p["size"]) for p in d.get("poignees") or ()), d.get("chelem"),
                bool(d.get("chelem_announced")))
