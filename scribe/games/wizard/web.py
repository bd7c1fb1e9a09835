"""Wizard on the web: what the round's buttons post (as the data the rules verify), and
its sheet as JSON."""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import get_locale, gettext as _

from ...formatting import card, cards_text, translate
from ...rules.errors import N_, RuleError
from ...rules.standings import standings_and_undo
from .. import wizard
from ..bidding.passing import pass_turns
from .words import card_names, editions, trump

NEW_LABEL = N_("New game of Wizard")  # the start page's button


def game_label(variant: str) -> str:
    return "Wizard"


TEMPLATES = "play"
ROUND_TEMPLATE = "table/_round.html"  # the round on a watcher's and a player's screen
PLAYER_BID_TEMPLATE = "table/_player_bid.html"  # a seat's own bid on its phone (W-B7)
ACTIONS = ("bid", "trump", "tricks", "deal", "shuffle", "played", "take_back", "cloud")  # the Scribe plays only for seats with no phone
NEW_TEMPLATE = "games/new.html"
SEATS = 6


def _counts(form, prefix: str, n: int) -> list[Any]:
    return [form.get(f"{prefix}.{p}") or None for p in range(n)]


def _made_bids(sheet: wizard.Sheet) -> list[Any]:
    """The current round's bids as its tricks; a sealed bid stays unknown (the rules then
    ask for it) and the rules still check that they add up to the cards (W-S2)."""
    row = sheet.current
    if row is None:
        return [None] * sheet.setup.n
    return [None if b is wizard.SEALED else b for b in row.bids]


def parse_action(kind: str, form, sheet: wizard.Sheet) -> dict[str, Any]:
    """One tap of the round panel as rules data (types are checked by the rules)."""
    if kind == "bid":
        return {k: form.get(k) for k in ("round", "player", "bid")}
    if kind == "trump":
        data = {k: form.get(k) for k in ("round", "card", "suit")}
        if isinstance(data["card"], str) and data["card"].startswith("werewolf:"):  # W-J5: one tap, card and suit
            data["card"], data["suit"] = data["card"].split(":", 1)
        return data
    if kind == "tricks":
        if form.get("made") == "bids":  # "everyone made it": each player's tricks = their bid
            return {"round": form.get("round"), "tricks": _made_bids(sheet)}
        return {"round": form.get("round"), "tricks": _counts(form, "tricks", sheet.setup.n), **_jubilee_fields(form)}
    if kind in ("deal", "shuffle"):  # the cards come from the service's random source, never the form
        return {"round": form.get("round")}
    if kind == "played":
        return {k: form.get(k) for k in ("round", "player", "card")}
    if kind == "take_back":
        return {k: form.get(k) for k in ("round", "player")}
    if kind == "cloud":  # W-J3, virtual deck
        return {k: form.get(k) for k in ("round", "player", "change")}
    return {}


def _jubilee_fields(form) -> dict[str, Any]:
    """The Bomb's trick (W-J2) and the Cloud's change (W-J3) of the tricks form, when sent."""
    out: dict[str, Any] = {}
    if "destroyed" in form:
        out["destroyed"] = form.get("destroyed")
    if form.get("cloud.player") not in (None, "") or form.get("cloud.change") not in (None, ""):
        out["cloud"] = {"player": form.get("cloud.player"), "change": form.get("cloud.change")}
    return out


def parse_correction(number: int, form, sheet: wizard.Sheet) -> dict[str, Any]:
    """The correction form of round ``number``: every bid, and every trick once played."""
    n = sheet.setup.n
    row = sheet.row(number)
    data = {"round": number, "bids": _counts(form, "bids", n),
            "tricks": _counts(form, "tricks", n) if row.complete else None}
    if row.complete and "jubilee" in form:  # W-J2, W-J3: the form shows them (else kept as recorded)
        rules = sheet.setup.rules
        data.update({"destroyed": form.get("destroyed")} if rules.has("bomb") else {})
        data.update({"cloud": None} if rules.has("cloud") else {})
        data.update(_jubilee_fields(form))
    return data


def new_context() -> dict[str, Any]:
    return {"presets": wizard.PRESETS, "editions": editions()}


def default_edition(lang: Any = None) -> str:
    """The card names (W-M2) of the game's language: a French game says Fou (Gigamic
    2022); any other game the English deck, whose names follow each reader's language
    (Jester, Narr, Bufón...). Only the default: the form shows it and any edition may be
    picked.

    >>> default_edition("fr"), default_edition("en"), default_edition("de")
    ('gigamic', 'english', 'english')
    """
    lang = lang if isinstance(lang, str) and lang else str(get_locale())
    return "gigamic" if lang.startswith("fr") else "english"


def blank_form() -> dict[str, Any]:
    return {"players": [""] * SEATS, "dealer": "random", "preset": "plus_minus_one",
            "edition": default_edition(), "rounds": "", "name": "", "unicolore": False, "leader_ties": False,
            "reveal": "open", "virtual_deck": False, "no_wizard_on_trump_lead": False, "jubilee": []}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Form fields -> (options for the rules, the form to re-show, seat row of each player).

    Blank name rows are unused seats; the dealer radio names a row, so it is mapped
    to the player's place among the filled rows.
    """
    rows = form.getlist("players")  # all of them: a 7th name is refused, not dropped
    kept = [i for i, n in enumerate(rows) if n.strip()]
    dealer_raw = form.get("dealer", "random")
    if dealer_raw == "random" or not kept:
        dealer: Any = secrets.randbelow(max(len(kept), 1))  # W-R2: drawn at random
    else:
        row = int(dealer_raw) if dealer_raw.isdecimal() and len(dealer_raw) < 3 else -1
        dealer = kept.index(row) if row in kept else -1  # a blank row or garbage deals nothing
    shown = {**blank_form(), **{k: form.get(k, "") for k in ("dealer", "preset", "edition", "rounds", "name", "reveal")}}
    shown["players"] = rows[:SEATS] + [""] * (SEATS - len(rows))
    shown["unicolore"] = form.get("unicolore") == "on"
    shown["leader_ties"] = form.get("leader_ties") == "on"
    shown["virtual_deck"] = form.get("virtual_deck") == "on"
    shown["no_wizard_on_trump_lead"] = form.get("no_wizard_on_trump_lead") == "on"  # W-P6
    # W-J6: one box for the Dragon and the Fairy (only together), one for each other card
    picked = form.getlist("jubilee")
    shown["jubilee"] = picked
    jubilee = [c for v in picked for c in (("dragon", "fairy") if v == "dragon_fairy" else (v,))]
    options = {
        "players": [rows[i] for i in kept],
        "first_dealer": dealer,
        "preset": form.get("preset") or "standard",
        "edition": form.get("edition") or default_edition(),
        "rounds": form.get("rounds") or None,
        "unicolore": shown["unicolore"],
        "leader_ties": shown["leader_ties"],
        "reveal": form.get("reveal") or "open",  # W-B7
        "virtual_deck": shown["virtual_deck"],
        "no_wizard_on_trump_lead": shown["no_wizard_on_trump_lead"],
        "jubilee": jubilee,
    }
    return options, shown, kept


RULE_SWITCHES = set(wizard.RuleSet.__dataclass_fields__)


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games body -> make_setup options; unknown switches are refused, not ignored."""
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise RuleError(N_("Rules must be an object."), field="rules")
    unknown = sorted(set(rules) - RULE_SWITCHES)
    if unknown:
        raise RuleError(N_("Unknown option %(option)s."), field=f"rules.{unknown[0]}", option=unknown[0])
    dealer = body.get("first_dealer")
    if dealer in (None, "random"):
        players = body.get("players")
        dealer = secrets.randbelow(len(players)) if isinstance(players, list) and players else 0  # W-R2
    return {"players": body.get("players"), "first_dealer": dealer, "preset": body.get("preset"),
            "edition": body["edition"] if "edition" in body else default_edition(body.get("lang")), **rules}


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Round 3 of 20"."""
    return _("Round %(round)s of %(rounds)s", round=summary.get("round"), rounds=summary.get("rounds"))


def sheet_json(sheet: wizard.Sheet) -> dict[str, Any]:
    """A Wizard sheet as JSON: the same object the page renders, field for field."""
    if (sheet.setup.rules.reveal != "open" or sheet.setup.rules.virtual_deck) and not sheet.redacted:
        raise ValueError("hidden or secret bids, or dealt hands: serialize a viewer's sheet (sharing.viewer_sheet)")
    setup = sheet.setup
    current = sheet.current
    forbidden = sheet.forbidden()
    w, j = card_names(setup)
    return {
        "version": sheet.version,
        "phase": sheet.phase,
        "finished": sheet.finished,
        "current_round": current.number if current else None,
        "round_count": len(sheet.rows),
        **_setup_json(setup),
        "card_names": {"wizard": w, "jester": j},
        "next_bidder": current.next_bidder if current and sheet.phase == "bidding" else None,
        "forbidden_bid": None if forbidden is None else {
            "player": forbidden.player, "value": forbidden.value, "rule": forbidden.rule,
            "message": translate(wizard.forbidden_message(setup, forbidden)),
        },
        "rounds": [_row(sheet, r) for r in sheet.rows],
        "totals": list(sheet.totals),
        "leaders": list(sheet.leaders) if sheet.played else [],
        "winners": list(sheet.winners),
        **standings_and_undo(sheet),
    }


_KEPT = "_scribe_json"  # a row's JSON but its broken bid, kept on the row: see _row


def _setup_json(setup: wizard.Setup) -> dict[str, Any]:
    """The setup's fields of the sheet's JSON, made once per setup and kept on it (frozen,
    like a row): every sheet of a game holds the same setup."""
    kept = setup.__dict__.get(_KEPT)
    if kept is None:
        kept = setup.__dict__[_KEPT] = {
            "players": list(setup.players),
            "first_dealer": setup.first_dealer,
            "rules": {**setup.rules.as_dict(), "preset": setup.rules.preset},
            "edition": setup.edition,
        }
    return kept


def _row(sheet: wizard.Sheet, r: wizard.RoundRow) -> dict[str, Any]:
    """A row as JSON. All of it but the broken bid is a function of the row's own fields,
    and a row never changes (frozen), so that part is made once per row and kept on it, as
    its cached properties are: whichever sheet or viewer's view holds the row, it is what
    a fresh one would be. ``advance`` keeps the rows an entry leaves as they were, so a
    bid's answer makes one row anew, not all. The broken bid depends on the rounds before
    the row and is judged each time, in the reader's language."""
    kept = r.__dict__.get(_KEPT)
    if kept is None:
        kept = r.__dict__[_KEPT] = _row_of(r)
    broken = sheet.broken_bid(r)
    if broken is None:
        return kept  # shared by every answer holding the row: encoded, never changed
    return {**kept, "broken_bid": {  # flagged, not refused (W-B4, W-B5)
        "player": broken.player, "value": broken.value, "rule": broken.rule,
        "message": broken_text(broken, sheet.setup)}}


def _row_of(r: wizard.RoundRow) -> dict[str, Any]:
    return {
        "number": r.number,
        "cards": r.cards,
        "dealer": r.dealer,
        "order": list(r.order),
        "has_trump": r.has_trump,
        "trump": None if r.trump is None else {"card": r.trump.card, "suit": r.trump.suit},
        "dealt": r.dealt,  # virtual deck; the hands themselves are never in the sheet's JSON
        "turned": r.turned,
        "bids": [None if b is wizard.SEALED else b for b in r.bids],
        # W-J3: the bid each player is scored on, the Cloud's change applied (the bid stays beside it)
        "scored_bids": [None if b is wizard.SEALED else r.scored_bid(p) for p, b in enumerate(r.bids)],
        "cloud": None if r.cloud is None else {"player": r.cloud[0], "change": r.cloud[1]},
        "destroyed": r.destroyed,  # W-J2: tricks nobody won (the Bomb)
        "sealed": [b is wizard.SEALED for b in r.bids],  # in, but not shown to this reader (W-B7)
        "bid_total": None if r.sealed else r.bid_total,
        "tricks": None if r.tricks is None else list(r.tricks),
        "points": None if r.points is None else list(r.points),
        "totals": None if r.totals is None else list(r.totals),
        "leaders": list(r.leaders),
        "complete": r.complete,
        "corrected": r.corrected,
        "broken_bid": None,  # the row's own: set by _row
        "play": None if r.play is None else _play(r.play),
    }


def _play(t: Any) -> dict[str, Any]:
    """The tricks as played on the virtual deck: public to every reader (W-P1..W-P6)."""
    def cards(plays: Any) -> list[dict[str, Any]]:
        return [{"player": p, "card": c} for p, c in plays]

    return {"turn": t.turn, "leader": t.leader, "trick": cards(t.trick), "winning": t.winning, "won": list(t.won),
            "finished": t.finished, "destroyed": t.destroyed, "waiting": t.waiting, "cloud_winner": t.cloud_winner,
            "tricks": [{"leader": d.leader, "cards": cards(d.plays), "winner": None if d.destroyed else d.winner,
                        "destroyed": d.destroyed} for d in t.done]}


def entry_text(e: Any, setup: wizard.Setup) -> str:
    """One Wizard entry of the history, in words; sealed values stay sealed (W-B7)."""
    d, names = e.data, setup.players
    if e.kind == "bid":
        if d["bid"] is wizard.SEALED:  # W-B7: not for this reader's eyes yet
            return _("Round %(round)s: %(name)s bids (sealed)", round=d["round"], name=names[d["player"]])
        return _("Round %(round)s: %(name)s bids %(bid)s", round=d["round"], name=names[d["player"]], bid=d["bid"])
    if e.kind == "tricks":
        tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
        text = _("Round %(round)s: tricks %(tricks)s", round=d["round"], tricks=tricks)
        text += _jubilee_text(d, names)
        if d.get("played") is not None:  # the Scribe corrected the tricks the cards made
            played = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["played"]))
            text += " · " + _("corrected; as played: %(tricks)s", tricks=played)
        return text
    if e.kind == "trump":
        t = trump(wizard.Trump(d["card"], d.get("suit")), setup)
        return _("Round %(round)s: trump %(trump)s", round=d["round"], trump=t)
    if e.kind == "deal":
        hands = [h for h in d.get("hands") or () if h is not None]
        turned = _("turned up: %(card)s", card=card(d["turned"], setup)) if d.get("turned") else _("nothing turned up")
        text = _("Round %(round)s: Scribe dealt the cards, %(turned)s", round=d["round"], turned=turned)
        if hands and len(hands) == len(names):  # the round is scored: every hand, for review
            text += " · " + "; ".join(f"{names[p]}: {cards_text(h, setup)}" for p, h in enumerate(d["hands"]))
        return text
    if e.kind == "shuffle":
        return _("Round %(round)s: Scribe shuffled the cards again", round=d["round"])
    if e.kind == "take_back":
        return _("Round %(round)s: %(name)s takes back %(card)s", round=d["round"], name=names[d["player"]],
                 card=card(d["card"], setup))
    if e.kind == "played" and d.get("pass"):  # W-J4: face down, sealed but for two seats
        if d["card"] is None:  # sealed from this reader
            return _("Round %(round)s: %(name)s passes a card to %(next)s", round=d["round"],
                     name=names[d["player"]], next=names[(d["player"] + 1) % len(names)])
        return _("Round %(round)s: %(name)s passes %(card)s to %(next)s", round=d["round"], name=names[d["player"]],
                 card=card(d["card"], setup), next=names[(d["player"] + 1) % len(names)])
    if e.kind == "cloud" or (e.kind == "played" and d.get("cloud")):
        return _("Round %(round)s: %(name)s changes their bid by %(change)s (the Cloud)", round=d["round"],
                 name=names[d["player"]], change=f"{d['change']:+d}")
    if e.kind == "played":
        return _("Round %(round)s: %(name)s plays %(card)s", round=d["round"], name=names[d["player"]],
                 card=card(d["card"], setup))
    if e.kind == "correction":
        bids = ", ".join(f"{names[p]} {'🔒' if b is wizard.SEALED else b}" for p, b in enumerate(d["bids"]))
        text = _("Round %(round)s corrected: bids %(bids)s", round=d["round"], bids=bids)
        if d.get("tricks") is not None:
            tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
            text += " · " + _("tricks %(tricks)s", tricks=tricks) + _jubilee_text(d, names)
        return text
    return e.kind


def _jubilee_text(d: dict[str, Any], names: Any) -> str:
    """The Bomb's trick (W-J2) and the Cloud's change (W-J3) of a tricks entry, in words."""
    text = ""
    if d.get("destroyed"):
        text += " · " + _("nobody won the Bomb's trick")
    if d.get("cloud"):
        text += " · " + _("%(name)s's bid changed by %(change)s (the Cloud)", name=names[d["cloud"]["player"]],
                          change=f"{d['cloud']['change']:+d}")
    return text


def forbidden_text(f: wizard.Forbidden, setup: wizard.Setup) -> str:
    return translate(wizard.forbidden_message(setup, f))


def broken_text(f: wizard.Forbidden, setup: wizard.Setup) -> str:
    """The warning on a round whose recorded bid a correction made illegal."""
    return translate(wizard.broken_bid_message(setup, f))


def sealed_bid_turns(sheet: wizard.Sheet, row: wizard.RoundRow, claimed: Any) -> dict[str, Any]:
    """Hidden and secret bids on the Scribe's phone (W-B7): the seat to pass it to first
    (None when every seat still to bid holds its own phone), the other seats it may go
    to, and the names of those bidding on their own phones (``claimed``), in bidding order. The
    last seat waits while a restriction may bind it and another bid is missing.

    >>> s = wizard.make_setup(["A", "B", "C", "D"], first_dealer=3, reveal="secret")
    >>> full = wizard.replay(s, [wizard.Entry(1, "bid", {"round": 1, "player": 0, "bid": 0})])
    >>> sealed_bid_turns(full, full.current, {1, 2, 3})
    {'first': None, 'others': [], 'own': ['B', 'C', 'D']}
    >>> sealed_bid_turns(full, full.current, {2})
    {'first': 1, 'others': [3], 'own': ['C']}
    """
    last = row.order[-1] if wizard.last_seat_waits(sheet, row) else None
    return pass_turns(sheet.setup.players, row.order, row.bids, claimed, waits=last)


# Wizard's own template helpers, registered by web/filters.py
FILTERS = {"forbidden_text": forbidden_text, "broken_text": broken_text}
GLOBALS = {"suits": wizard.SUITS, "sealed_bid_turns": sealed_bid_turns, "jubilee_cards": wizard.JUBILEE_CARDS}
