"""French Tarot's forms: a deal in a few taps (the taker, the contract, at five the called
King's holder, the bouts, the points; the rest only when it happens), as rules data.

The rules in words are ``words`` (pages, history, printed sheets).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import gettext as _

from ...rules.errors import N_
from ...rules.totals import totals_json
from .. import tarot
from .words import card_points, deal_text

NEW_LABEL = N_("New game of French Tarot")  # the start page's button


def game_label(variant: str) -> str:
    """The statistics' heading."""
    return _("French Tarot")


TEMPLATES = "tarot"
ROUND_TEMPLATE = "tarot/_watch_round.html"  # the deal on a watcher's and a player's screen
PLAYER_BID_TEMPLATE = None  # contracts are said aloud
ACTIONS = ("deal", "redeal", "end")
NEW_TEMPLATE = "tarot/new.html"
SIZES = ("", *tarot.POIGNEES)  # a player's poignée on the form: none, or its size


def _blank(value: Any) -> Any:
    return value if value not in (None, "") else None


def _deal(form, n: int) -> dict[str, Any]:
    """The deal form as rules data; the points typed are the attack's or, when the
    defence's side is ticked, the defence's (T-S1: 91 minus)."""
    points = "defence_points" if form.get("counted") == "defence" else "attack_points"
    return {
        "taker": _blank(form.get("taker")), "contract": _blank(form.get("contract")),
        "partner": _blank(form.get("partner")), "bouts": _blank(form.get("bouts")),
        points: _blank((form.get("points") or "").strip()),
        "petit": _blank(form.get("petit")), "chelem": _blank(form.get("chelem")),
        "chelem_announced": form.get("chelem_announced") == "on",
        "poignees": [{"player": p, "size": form.get(f"poignee.{p}")} for p in range(n) if form.get(f"poignee.{p}")],
    }


def parse_action(kind: str, form, sheet: tarot.TarotSheet) -> dict[str, Any]:
    return _deal(form, sheet.setup.n) if kind == "deal" else {}


def parse_correction(number: int, form, sheet: tarot.TarotSheet) -> dict[str, Any]:
    if form.get("passed") == "on":
        return {"round": number, "passed": True}
    return {"round": number, **_deal(form, sheet.setup.n)}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """New-game form -> (options for the rules, the form to show again, filled rows). The
    dealer radio names a row: it is mapped to that player's place among the filled rows."""
    rows = form.getlist("players")  # all of them: a 7th name is refused, not dropped
    kept = [i for i, name in enumerate(rows) if name.strip()]
    dealer_raw = form.get("dealer", "random")
    if dealer_raw == "random" or not kept:
        dealer: Any = secrets.randbelow(max(len(kept), 1))  # drawn, as the table draws a card
    else:
        row = int(dealer_raw) if dealer_raw.isdecimal() and len(dealer_raw) < 3 else -1
        dealer = kept.index(row) if row in kept else -1  # a blank row or garbage deals nothing
    shown = {"players": (rows + [""] * tarot.MAX_PLAYERS)[: tarot.MAX_PLAYERS], "dealer": dealer_raw,
             "deals": form.get("deals", ""), "name": form.get("name", "")}
    options = {"players": [rows[i] for i in kept], "first_dealer": dealer, "deals": shown["deals"] or None}
    return options, shown, kept


def blank_form() -> dict[str, Any]:
    return {"players": [""] * tarot.MAX_PLAYERS, "dealer": "random", "deals": "", "name": ""}


def new_context() -> dict[str, Any]:
    return {"max_deals": tarot.MAX_DEALS}


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    dealer = body.get("first_dealer")
    if dealer in (None, "random"):
        players = body.get("players")
        dealer = secrets.randbelow(len(players)) if isinstance(players, list) and players else 0
    return {"players": body.get("players"), "first_dealer": dealer, "deals": body.get("deals")}


def entry_text(e, setup: tarot.Setup) -> str:
    """One line of the history, in words."""
    d = e.data
    if e.kind == "end":
        return _("The table ends the game after deal %(round)s", round=d.get("after"))
    if e.kind == "redeal" or d.get("passed"):
        what = _("everyone passed: redeal")
    else:
        what = deal_text(tarot.scored_row(setup, d["round"], d), setup.players)
    if e.kind == "correction":
        return _("Deal %(round)s corrected: %(what)s", round=d["round"], what=what)
    return _("Deal %(round)s: %(what)s", round=d["round"], what=what)


def _deal_json(r: tarot.Row, setup: tarot.Setup) -> dict[str, Any]:
    deal, told = r.deal, r.score
    base = {"number": r.number, "dealer": r.dealer, "sits_out": r.mort, "passed": r.passed,
            "points": list(r.points), "totals": list(r.totals), "balance": r.balance, "leaders": list(r.leaders),
            "corrected": r.corrected}
    if deal is None:
        return {**base, "taker": None, "contract": None, "partner": None, "alone": False, "bouts": None,
                "attack_points": None, "needed": None, "made": None, "margin": None, "multiplier": None,
                "amount": None, "scores": None, "petit": None, "poignees": [], "chelem": None,
                "chelem_announced": False}
    return {**base, "taker": deal.taker, "contract": deal.contract, "partner": deal.partner,
            "alone": deal.partner is None and setup.calls_a_king,
            "bouts": deal.bouts, "attack_points": tarot.points_value(deal.halves), "needed": told.needed,
            "made": told.made, "margin": told.margin, "multiplier": deal.multiplier, "amount": told.amount,
            "scores": {"contract": told.contract, "petit": told.petit, "poignee": told.poignee, "chelem": told.chelem},
            "petit": deal.petit, "poignees": [{"player": p, "size": s} for p, s in deal.poignees],
            "chelem": deal.chelem, "chelem_announced": deal.chelem_announced}


def sheet_json(sheet: tarot.TarotSheet) -> dict[str, Any]:
    """The Tarot sheet as JSON, field for field what the page shows."""
    setup = sheet.setup
    return totals_json(sheet, {
        "first_dealer": setup.first_dealer,
        "deals_to_play": setup.deals,
        "dealer": sheet.dealer,
        "sits_out": sheet.mort,
        "speaks_first": sheet.speaks_first,
        "rounds": [_deal_json(r, setup) for r in sheet.rounds],
    }, {"winners": list(sheet.winners), "ended_at": sheet.ended_at})


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Deal 3"."""
    return _("Deal %(round)s", round=summary.get("round"))


def form_values(values: Any, row: tarot.Row | None) -> dict[str, Any]:
    """What the deal form shows checked: what was just typed (after a refusal), else the
    deal being corrected, else nothing."""
    if values:
        v = dict(values)
        if v.get("defence_points") is not None:
            v.update(points=v["defence_points"], counted="defence")
        else:
            v.update(points=v.get("attack_points"), counted="attack")
        v["poignee"] = {str(p["player"]): p["size"] for p in v.get("poignees") or ()}
        return {k: ("" if x is None else x) for k, x in v.items()}
    if row is None or row.passed:
        return {"counted": "attack", "poignee": {}, "passed": bool(row and row.passed)}
    d = row.deal
    return {"taker": d.taker, "contract": d.contract, "bouts": d.bouts, "counted": "attack",
            "partner": "alone" if d.partner is None else d.partner,
            "points": card_points(tarot.points_value(d.halves)), "petit": d.petit or "", "chelem": d.chelem or "",
            "chelem_announced": d.chelem_announced, "poignee": {str(p): s for p, s in d.poignees}}


FILTERS: dict[str, Any] = {}
GLOBALS = {"tarot_form": form_values, "tarot_contracts": tarot.CONTRACTS, "tarot_sizes": SIZES,
           "tarot_trumps": tarot.POIGNEE_TRUMPS}
