"""The family's web body (W-*, R-*): what the round's buttons post (as the data the rules
verify), the sheet as JSON, the history in words. Pure: the game's web part passes its
words in (``Words``: gettext, the card and trump names), since only a game's ``web`` and
``words`` may use Flask-Babel.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...rules.robots import LEVEL_WORDS
from ...rules.sealed import SEALED
from ...rules.standings import standings_and_undo
from . import result
from .passing import pass_turns
from .reveal import last_seat_waits
from .sheet import RoundRow, Sheet, Trump, broken_bid_message, forbidden_message


@dataclass(frozen=True)
class Words:
    """A game's words, in the reader's language, as its web part gives them."""

    gettext: Callable[..., str]  # flask_babel.gettext
    translate: Callable[[Any], str]  # a RuleError in words (formatting.translate)
    card: Callable[[str, Any], str]  # a card's name (formatting.card)
    cards_text: Callable[[Any, Any], str]  # a hand's names (formatting.cards_text)
    trump: Callable[[Trump, Any], str]  # the trump in words (the game's words.trump)
    extra_json: Callable[[Any], dict[str, Any]] = lambda setup: {}  # the game's own sheet fields


PAGES = ("play", "table/_round.html", "table/_player_bid.html")
"""The family's pages: ``TEMPLATES``, ``ROUND_TEMPLATE`` and ``PLAYER_BID_TEMPLATE`` of a game
that has none of its own (Wizard, Rikiki)."""


#: What the round's buttons post (W-B1, W-R3, W-S2; the virtual deck's W-R4, W-P1): a game's
#: web ``ACTIONS``, with its own beside them (Wizard's Cloud).
ACTIONS = ("bid", "trump", "tricks", "deal", "shuffle", "played", "take_back")
TEMPLATES, ROUND_TEMPLATE, PLAYER_BID_TEMPLATE = PAGES
FILTERS: dict[str, Any] = {}  # a game's own template helpers: none
GLOBALS: dict[str, Any] = {}

#: What a game's web part takes from the family as it is (``from ..bidding.web import *``):
#: the pages, the buttons and what they post, the round's corrections, pass-the-phone.
__all__ = ["ACTIONS", "FILTERS", "GLOBALS", "PLAYER_BID_TEMPLATE", "ROUND_TEMPLATE", "TEMPLATES", "parse_action",
           "parse_correction", "sealed_bid_turns"]


def titled(name: str) -> Callable[[str], str]:
    """A game's ``game_label(variant)``, the statistics' heading: its name, whatever the
    variant (a game's name is never translated)."""
    return lambda variant: name


def bind(words: Words) -> tuple[Callable[..., str], Callable[..., dict[str, Any]], Callable[..., str]]:
    """A game's ``round_label(summary)``, ``sheet_json(sheet)`` and ``entry_text(entry,
    setup)``: the family's, in the game's words."""
    return (lambda summary: round_label(summary, words), lambda sheet: sheet_json(sheet, words),
            lambda e, setup: entry_text(e, setup, words))


def seated(form) -> tuple[list[str], list[int], Any]:
    """A setup form's name rows (every one: a name too many is refused, not dropped), the
    rows filled in, and the first dealer among them: the row the dealer radio names, or
    drawn at random (W-R2, R-R2); a blank row or garbage deals nothing (-1, refused)."""
    rows = form.getlist("players")
    kept = [i for i, n in enumerate(rows) if n.strip()]
    raw = form.get("dealer", "random")
    if raw == "random" or not kept:
        return rows, kept, secrets.randbelow(max(len(kept), 1))
    row = int(raw) if raw.isdecimal() and len(raw) < 3 else -1
    return rows, kept, kept.index(row) if row in kept else -1


def read_form(form, blank: dict[str, Any], settings: tuple[str, ...], flags: tuple[str, ...], preset: str
              ) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """A new-game form -> (options for ``make_setup``, the form to re-show, seat row of each
    player), for a form whose ``blank`` has a row per seat: the ``settings`` typed or picked
    (one left empty is the preset's, or the rules' default), the ``flags`` ticked (one left
    unticked too), and the ``preset`` when none is picked."""
    rows, kept, dealer = seated(form)
    seats = len(blank["players"])
    shown = {**blank, **{k: form.get(k, "") for k in ("dealer", "preset", "name", *settings)}}
    shown["players"] = rows[:seats] + [""] * (seats - len(rows))
    shown.update({k: form.get(k) == "on" for k in flags})
    options = {"players": [rows[i] for i in kept], "first_dealer": dealer, "preset": form.get("preset") or preset,
               **{k: form.get(k) for k in settings if form.get(k) not in (None, "")},
               **{k: shown[k] or None for k in flags}}
    return options, shown, kept


def setup_form(seats: int, settings: tuple[str, ...], flags: tuple[str, ...], preset: str
               ) -> tuple[Callable[[], dict[str, Any]], Callable[..., tuple[dict[str, Any], dict[str, Any], list[int]]]]:
    """A game's ``blank_form()`` and ``parse_setup(form)`` for a new-game form of ``seats``
    name rows, the ``settings`` typed or picked and the ``flags`` ticked, the ``preset``
    picked first (``read_form``: a setting left empty is the preset's)."""
    def blank_form() -> dict[str, Any]:
        return {"players": [""] * seats, "dealer": "random", "preset": preset, "name": "",
                **{k: "" for k in settings}, **{k: False for k in flags}}

    def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
        """Form fields -> (options for the rules, the form to re-show, seat row of each player)."""
        return read_form(form, blank_form(), settings, flags, preset)
    return blank_form, parse_setup


def api_options_of(rule_set: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A game's ``api_options(body)``: POST /api/games body -> ``make_setup`` options, the
    preset named and the switches of its ``rule_set`` (a dataclass); an unknown switch is
    refused (``result.api_options``)."""
    return lambda body: result.api_options(body, rule_set.__dataclass_fields__, preset=body.get("preset"))


def _counts(form, prefix: str, n: int) -> list[Any]:
    return [form.get(f"{prefix}.{p}") or None for p in range(n)]


def _made_bids(sheet: Sheet) -> list[Any]:
    """The current round's bids as its tricks; a sealed bid stays unknown (the rules then
    ask for it) and the rules still check that they add up to the cards (W-S2)."""
    row = sheet.current
    if row is None:
        return [None] * sheet.setup.n
    return [None if b is SEALED else b for b in row.bids]


def parse_action(kind: str, form, sheet: Sheet) -> dict[str, Any]:
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


def parse_correction(number: int, form, sheet: Sheet) -> dict[str, Any]:
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


def round_label(summary: dict[str, Any], words: Words) -> str:
    """The games list's line for a game in play: "Round 3 of 20"."""
    _ = words.gettext
    return _("Round %(round)s of %(rounds)s", round=summary.get("round"), rounds=summary.get("rounds"))


def sheet_json(sheet: Sheet, words: Words) -> dict[str, Any]:
    """A sheet as JSON: the same object the page renders, field for field."""
    if (sheet.setup.rules.reveal != "open" or sheet.setup.rules.virtual_deck) and not sheet.redacted:
        raise ValueError("hidden or secret bids, or dealt hands: serialize a viewer's sheet (sharing.viewer_sheet)")
    setup = sheet.setup
    current = sheet.current
    forbidden = sheet.forbidden()
    return {
        "version": sheet.version,
        "phase": sheet.phase,
        "finished": sheet.finished,
        "current_round": current.number if current else None,
        "round_count": len(sheet.rows),
        **_setup_json(setup),
        **words.extra_json(setup),  # Wizard's card names
        "next_bidder": current.next_bidder if current and sheet.phase == "bidding" else None,
        "forbidden_bid": None if forbidden is None else {
            "player": forbidden.player, "value": forbidden.value, "rule": forbidden.rule,
            "message": words.translate(forbidden_message(setup, forbidden)),
        },
        "rounds": [_row(sheet, r, words) for r in sheet.rows],
        "totals": list(sheet.totals),
        "leaders": list(sheet.leaders) if sheet.played else [],
        "winners": list(sheet.winners),
        "robots": robots_json(sheet),
        **standings_and_undo(sheet),
    }


def robots_json(sheet: Any) -> dict[str, str]:
    """The seats robots hold, {"seat": level}: public (the seed stays out of every page)."""
    return {str(seat): held["level"] for seat, held in sheet.robots.items()}


_KEPT = "_scribe_json"  # a row's JSON but its broken bid, kept on the row: see _row


def _setup_json(setup: Any) -> dict[str, Any]:
    """The setup's fields of the sheet's JSON (its ``as_dict``, with the preset), made once
    per setup and kept on it (frozen, like a row): every sheet of a game holds the same setup."""
    kept = setup.__dict__.get(_KEPT)
    if kept is None:
        fields = setup.as_dict()
        kept = setup.__dict__[_KEPT] = {**fields, "rules": {**fields["rules"], "preset": setup.rules.preset}}
    return kept


def _row(sheet: Sheet, r: RoundRow, words: Words) -> dict[str, Any]:
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
        "message": words.translate(broken_bid_message(sheet.setup, broken))}}


def _row_of(r: RoundRow) -> dict[str, Any]:
    return {
        "number": r.number,
        "cards": r.cards,
        "dealer": r.dealer,
        "order": list(r.order),
        "has_trump": r.has_trump,
        "trump": None if r.trump is None else {"card": r.trump.card, "suit": r.trump.suit},
        "dealt": r.dealt,  # virtual deck; the hands themselves are never in the sheet's JSON
        "turned": r.turned,
        "bids": [None if b is SEALED else b for b in r.bids],
        # W-J3: the bid each player is scored on, the Cloud's change applied (the bid stays beside it)
        "scored_bids": [None if b is SEALED else r.scored_bid(p) for p, b in enumerate(r.bids)],
        "cloud": None if r.cloud is None else {"player": r.cloud[0], "change": r.cloud[1]},
        "destroyed": r.destroyed,  # W-J2: tricks nobody won (the Bomb)
        "sealed": [b is SEALED for b in r.bids],  # in, but not shown to this reader (W-B7)
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


def entry_text(e: Any, setup: Any, words: Words) -> str:
    """One entry of the history, in words; sealed values stay sealed (W-B7)."""
    d, names = e.data, setup.players
    _, card, cards_text = words.gettext, words.card, words.cards_text
    if e.kind == "bid":
        if d["bid"] is SEALED:  # W-B7: not for this reader's eyes yet
            return _("Round %(round)s: %(name)s bids (sealed)", round=d["round"], name=names[d["player"]])
        return _("Round %(round)s: %(name)s bids %(bid)s", round=d["round"], name=names[d["player"]], bid=d["bid"])
    if e.kind == "tricks":
        tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
        text = _("Round %(round)s: tricks %(tricks)s", round=d["round"], tricks=tricks)
        text += _jubilee_text(d, names, _)
        if d.get("played") is not None:  # the Scribe corrected the tricks the cards made
            played = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["played"]))
            text += " · " + _("corrected; as played: %(tricks)s", tricks=played)
        return text
    if e.kind == "trump":
        t = words.trump(Trump(d["card"], d.get("suit")), setup)
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
    if e.kind == "bot":
        if d["level"] is None:
            return _("%(name)s's seat goes back to a person", name=names[d["seat"]])
        return _("%(name)s's seat goes to a robot (%(level)s)", name=names[d["seat"]], level=_(LEVEL_WORDS[d["level"]]))
    if e.kind == "correction":
        bids = ", ".join(f"{names[p]} {'🔒' if b is SEALED else b}" for p, b in enumerate(d["bids"]))
        text = _("Round %(round)s corrected: bids %(bids)s", round=d["round"], bids=bids)
        if d.get("tricks") is not None:
            tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
            text += " · " + _("tricks %(tricks)s", tricks=tricks) + _jubilee_text(d, names, _)
        return text
    return e.kind


def _jubilee_text(d: dict[str, Any], names: Any, _: Callable[..., str]) -> str:
    """The Bomb's trick (W-J2) and the Cloud's change (W-J3) of a tricks entry, in words."""
    text = ""
    if d.get("destroyed"):
        text += " · " + _("nobody won the Bomb's trick")
    if d.get("cloud"):
        text += " · " + _("%(name)s's bid changed by %(change)s (the Cloud)", name=names[d["cloud"]["player"]],
                          change=f"{d['cloud']['change']:+d}")
    return text


def sealed_bid_turns(sheet: Sheet, row: RoundRow, claimed: Any) -> dict[str, Any]:
    """Hidden and secret bids on the Scribe's phone (W-B7): the seat to pass it to first
    (None when every seat still to bid holds its own phone), the other seats it may go
    to, and the names of those bidding on their own phones (``claimed``), in bidding order. The
    last seat waits while a restriction may bind it and another bid is missing.

    >>> from scribe.games.wizard import Entry, make_setup, replay
    >>> s = make_setup(["A", "B", "C", "D"], first_dealer=3, reveal="secret")
    >>> full = replay(s, [Entry(1, "bid", {"round": 1, "player": 0, "bid": 0})])
    >>> sealed_bid_turns(full, full.current, {1, 2, 3})
    {'first': None, 'others': [], 'own': ['B', 'C', 'D']}
    >>> sealed_bid_turns(full, full.current, {2})
    {'first': 1, 'others': [3], 'own': ['C']}
    """
    last = row.order[-1] if last_seat_waits(sheet, row) else None
    return pass_turns(sheet.setup.players, row.order, row.bids, claimed, waits=last, robots=sheet.robots)
