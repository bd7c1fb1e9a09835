"""Skull King on the web: its new-game form, what the round's taps post (as the data the
rules verify), the bonuses in as few taps as possible, and its sheet as JSON."""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import gettext as _

from ...formatting import card, cards_text, translate
from ...rules.errors import N_
from ...rules.sealed import SEALED
from ...rules.standings import standings_and_undo
from ..bidding import result, web as family
from . import MAX_PLAYERS, RuleSet, most_cards
from .play import tally
from .scoring import BONUS_KINDS
from .setup import hands
from .sheet import RoundRow, Sheet
from .words import bonus_text, card_label

NEW_LABEL = N_("New game of Skull King")  # the start page's button
game_label = family.titled("Skull King")
# its own pages (the bonuses, "Yo-ho-ho!"): its folder, the round on a watcher's and a
# player's screen, a seat's own bid on its phone (K-B1), its new-game form
TEMPLATES = "skull_king"
ROUND_TEMPLATE, PLAYER_BID_TEMPLATE, NEW_TEMPLATE = (f"skull_king/{page}.html" for page in
                                                     ("_watch_round", "_player_bid", "new"))
ACTIONS = ("bid", "bids", "tricks", "deal", "shuffle", "played", "take_back")
SEATS = MAX_PLAYERS
#: The bonuses a player's row counts (K-S2), most to fewest on the form; the black 14 and
#: the Skull King taken by a Mermaid are one card each: one tap on who took it.
COUNTED = ("fourteens", "mermaids", "pirates")
ONE_CARD = ("black14", "skull_king")
VIRTUAL_DECK = True  # Scribe deals to the phones and the cards are played trick by trick (3 to 8 players)


def _int_or_raw(value: Any) -> Any:
    return None if value in (None, "") else value


def _bonuses(form, n: int) -> Any:
    """Per seat the counts tapped, zeros left out; the one-card bonuses name their seat (a
    seat that is none is handed to the rules as such, which refuse it by its field)."""
    out: list[dict[str, Any]] = [{} for _ in range(n)]
    for p in range(n):
        for kind in COUNTED:
            v = form.get(f"bonus.{p}.{kind}")
            if v not in (None, "", "0"):
                out[p][kind] = v
    for kind in ONE_CARD:
        who = form.get(kind)
        if who not in (None, "", "none"):
            if not (who.isdecimal() and int(who) < n):
                return {who[:10]: {kind: 1}}
            out[int(who)][kind] = 1
    return out


def _loot(form) -> list[list[Any]]:
    pairs = []
    for i in range(2):
        a, b = form.get(f"loot.{i}.by"), form.get(f"loot.{i}.to")
        if a in (None, "") and b in (None, ""):
            continue
        pairs.append([_int_or_raw(a), _int_or_raw(b)])
    return pairs


def _result(form, sheet: Sheet, row: RoundRow | None) -> dict[str, Any]:
    n = sheet.setup.n
    if form.get("made") == "bids" and row is not None:  # everyone made their bid: tricks = bids
        tricks: list[Any] = [None if b is SEALED else b for b in row.bids]
    else:
        tricks = [_int_or_raw(form.get(f"tricks.{p}")) for p in range(n)]
    return {"tricks": tricks, "destroyed": _int_or_raw(form.get("destroyed")), "bonuses": _bonuses(form, n),
            "loot": _loot(form), "cannonball": [p for p in range(n) if form.get(f"cannonball.{p}") == "on"]}


def parse_action(kind: str, form, sheet: Sheet) -> dict[str, Any]:
    """One tap of the round panel as rules data (types are checked by the rules): a bid and
    the virtual deck's taps are the family's; "Yo-ho-ho!" and the round's result (the
    bonuses, the Loot, the Cannonballs) Skull King's own."""
    if kind == "bids":
        return {"round": form.get("round"), "bids": [_int_or_raw(form.get(f"bids.{p}")) for p in range(sheet.setup.n)]}
    if kind == "tricks":
        if form.get("from_play") == "yes":  # virtual deck: the round as its cards gave it, one tap
            n = sheet.setup.n
            return {"round": form.get("round"), "cannonball": [p for p in range(n) if form.get(f"cannonball.{p}") == "on"]}
        return {"round": form.get("round"), **_result(form, sheet, sheet.current)}
    return family.parse_action(kind, form, sheet) if kind in ACTIONS else {}


def parse_correction(number: int, form, sheet: Sheet) -> dict[str, Any]:
    """A round's bids and, once played, its whole result (K-T1, K-S2..K-S4)."""
    n = sheet.setup.n
    row = sheet.row(number)
    data: dict[str, Any] = {"round": number, "bids": [_int_or_raw(form.get(f"bids.{p}")) for p in range(n)]}
    if row.complete:
        data.update(_result(form, sheet, None))
    return data


def blank_form() -> dict[str, Any]:
    return {"players": [""] * SEATS, "dealer": "random", "scoring": "skull_king", "cannonball": False,
            "bonus_on_miss": False, "kraken": False, "white_whale": False, "loot": False, "virtual_deck": False, "max_cards": "",
            "rounds": "", "name": ""}


def new_context() -> dict[str, Any]:
    return {"most_cards": most_cards(MAX_PLAYERS), "virtual_deck": VIRTUAL_DECK}


_FLAGS = ("cannonball", "bonus_on_miss", "kraken", "white_whale", "loot", "virtual_deck")


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Form fields -> (options for the rules, the form to re-show, seat row of each player)."""
    rows = form.getlist("players")  # all of them: a 9th name is refused, not dropped
    kept = [i for i, n in enumerate(rows) if n.strip()]
    dealer_raw = form.get("dealer", "random")
    if dealer_raw == "random" or not kept:
        dealer: Any = secrets.randbelow(max(len(kept), 1))  # drawn at random
    else:
        row = int(dealer_raw) if dealer_raw.isdecimal() and len(dealer_raw) < 3 else -1
        dealer = kept.index(row) if row in kept else -1  # a blank row or garbage deals nothing
    shown = {**blank_form(), **{k: form.get(k, "") for k in ("dealer", "scoring", "max_cards", "rounds", "name")}}
    shown["players"] = (rows + [""] * SEATS)[:max(SEATS, len(rows))][:SEATS]
    for flag in _FLAGS:
        shown[flag] = form.get(flag) == "on"
    scoring = form.get("scoring") or "skull_king"
    options = {"players": [rows[i] for i in kept], "first_dealer": dealer, "scoring": scoring,
               "max_cards": form.get("max_cards") or None, "rounds": form.get("rounds") or None,
               **{flag: shown[flag] for flag in _FLAGS}}
    return options, shown, kept


RULE_SWITCHES = set(RuleSet.__dataclass_fields__)


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games body -> make_setup options; unknown switches are refused, not ignored."""
    return result.api_options(body, RULE_SWITCHES)


# K-R1: no card is turned up and no trump named, so the family never words one
WORDS = family.Words(_, translate, card, cards_text, lambda trump, setup: "")


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Round 3 of 10" (the family's)."""
    return family.round_label(summary, WORDS)


def _bid(b: Any) -> Any:
    return None if b is SEALED else b


def _row(r: RoundRow) -> dict[str, Any]:
    return {
        "number": r.number, "cards": r.cards, "dealer": r.dealer, "order": list(r.order),
        "bids": [_bid(b) for b in r.bids], "sealed": [b is SEALED for b in r.bids],
        "tricks": None if r.tricks is None else list(r.tricks), "destroyed": r.destroyed,
        "ghost": r.ghost,
        "bonuses": [{k: getattr(b, k) for k in BONUS_KINDS if getattr(b, k)} for b in r.bonuses],
        "loot": [list(pair) for pair in r.loot], "cannonball": list(r.cannonball),
        "points": None if r.points is None else list(r.points),
        "earned": None if r.earned is None else list(r.earned),
        "totals": None if r.totals is None else list(r.totals),
        "leaders": list(r.leaders), "complete": r.complete, "corrected": r.corrected,
        "dealt": r.dealt, "play": None if r.play is None else _play(r.play),
    }


def _play(t: Any) -> dict[str, Any]:
    """The tricks as played on the virtual deck: public to every reader."""
    def cards(plays: Any) -> list[dict[str, Any]]:
        return [{"player": p, "card": str(c)} for p, c in plays]

    return {"turn": t.turn, "leader": t.leader, "trick": cards(t.trick), "winning": t.winning, "won": list(t.won),
            "finished": t.finished, "destroyed": t.destroyed,
            "tricks": [{"leader": d.leader, "cards": cards(d.plays), "winner": d.winner} for d in t.done]}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """A Skull King sheet as JSON: the same object the page renders, field for field; bids
    not yet revealed are null with sealed true (K-B1)."""
    if not sheet.redacted:
        raise ValueError("bids are hidden until revealed: serialize a viewer's sheet (sharing.viewer_sheet)")
    setup, current = sheet.setup, sheet.current
    return {
        "version": sheet.version, "phase": sheet.phase, "finished": sheet.finished,
        "current_round": current.number if current else None, "round_count": len(sheet.rows),
        "players": list(setup.players), "first_dealer": setup.first_dealer, "rules": setup.rules.as_dict(),
        "rounds": [_row(r) for r in sheet.rows], "totals": list(sheet.totals),
        "leaders": list(sheet.leaders) if sheet.played else [], "winners": list(sheet.winners),
        "robots": family.robots_json(sheet), **standings_and_undo(sheet),
    }


def _bids_text(bids: Any, names: Any) -> str:
    return ", ".join(f"{names[p]} {'🔒' if b is SEALED else b}" for p, b in enumerate(bids))


def _result_text(d: dict[str, Any], names: Any) -> str:
    text = _("tricks %(tricks)s", tricks=", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"])))
    if d.get("destroyed"):
        text += " · " + _("destroyed: %(n)s", n=d["destroyed"])
    extras = [f"{names[p]} {bonus_text(b)}" for p, b in enumerate(d.get("bonuses") or ()) if b]
    extras += [_("Loot: %(a)s & %(b)s", a=names[a], b=names[b]) for a, b in d.get("loot") or ()]
    extras += [_("Cannonball: %(name)s", name=names[p]) for p in d.get("cannonball") or ()]
    return text + ("" if not extras else " · " + "; ".join(extras))


def entry_text(e: Any, setup: Any) -> str:
    """One Skull King entry of the history, in words; bids not revealed stay sealed (K-B1).
    A bid, a shuffle and a card played or taken back are worded as the family words them;
    "Yo-ho-ho!", the round's result, the deal and a correction as Skull King's own."""
    d, names = e.data, setup.players
    if e.kind == "bids":
        return _("Round %(round)s: Yo-ho-ho! bids %(bids)s", round=d["round"], bids=_bids_text(d["bids"], names))
    if e.kind == "tricks":
        return _("Round %(round)s: %(result)s", round=d["round"], result=_result_text(d, names))
    if e.kind == "deal":
        mine = [f"{names[p]}: {', '.join(card_label(c) for c in h)}" for p, h in enumerate(d.get("hands") or ()) if h]
        text = _("Round %(round)s: Scribe deals", round=d["round"])
        return text + (" · " + "; ".join(mine) if mine else "")
    if e.kind == "correction":
        text = _("Round %(round)s corrected: bids %(bids)s", round=d["round"], bids=_bids_text(d["bids"], names))
        if d.get("tricks") is not None:
            text += " · " + _result_text(d, names)
        return text
    return family.entry_text(e, setup, WORDS)


def form_values(values: Any, row: RoundRow | None, n: int) -> dict[str, Any]:
    """What a round's result form shows: what was just typed (after a refusal), else the
    round being corrected, else nothing. Keys are the form's field names."""
    out: dict[str, Any] = {}
    src = values if values and isinstance(values.get("bonuses"), list) else None
    if src is None and row is not None and row.complete:
        src = {"tricks": row.tricks, "destroyed": row.destroyed, "loot": row.loot, "cannonball": row.cannonball,
               "bonuses": [{k: getattr(b, k) for k in BONUS_KINDS if getattr(b, k)} for b in row.bonuses]}
    if values and values.get("tricks") is not None and src is not values:
        src = {**(src or {}), "tricks": values["tricks"]}
    if not src:
        return out
    for p, t in enumerate(src.get("tricks") or ()):
        out[f"tricks.{p}"] = "" if t is None else str(t)
    out["destroyed"] = str(src.get("destroyed") or 0)
    for p, b in enumerate(src.get("bonuses") or ()):
        for kind in COUNTED:
            out[f"bonus.{p}.{kind}"] = str((b or {}).get(kind) or 0)
        for kind in ONE_CARD:
            if (b or {}).get(kind):
                out[kind] = str(p)
    for i, pair in enumerate(src.get("loot") or ()):
        out[f"loot.{i}.by"], out[f"loot.{i}.to"] = ("" if v is None else str(v) for v in pair)
    for p in src.get("cannonball") or ():
        out[f"cannonball.{p}"] = "on"
    return out


def played_tally(row: RoundRow) -> dict[str, Any]:
    """The round as its cards gave it, once the last is played (virtual deck): what the
    Scribe confirms in one tap (the rules verify it again when it is recorded)."""
    return tally(row.play, len(row.bids))


FILTERS: dict[str, Any] = {"sk_bonus_dict": lambda b: bonus_text(b or {})}
# sk_bid_turns: bids on the Scribe's phone passed round (K-B1), the family's pass-the-phone
# for sealed bids (nobody waits: no bid is ever forbidden)
GLOBALS = {"sk_bid_turns": family.sealed_bid_turns, "sk_form": form_values, "sk_counted": COUNTED, "sk_hands": hands,
           "sk_tally": played_tally}
