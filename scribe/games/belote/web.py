"""Belote's and Coinche's forms: a deal in a few taps (the takers' team or passed; for
Coinche the contract and the coinche; the takers' card points, or capot; the belote;
the annonces when played), the new game with every setting, and the sheet as JSON.

The rules in words are ``words`` (pages, history, printed sheets).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from ...rules.cards.standard import SUITS
from ...rules.errors import N_
from ...rules.robots import LEVEL_WORDS
from ...rules.standings import standings_and_undo
from .annonces import COMBINATIONS, SEQUENCES
from .cards import SA, TA
from .deck import deck_json
from .entry import PASSED
from .scoring import CAPOT, GENERALE, POINTS
from .settings import BELOTE, COINCHE, PRESETS, Settings, make_settings
from .setup import DEFAULT_TARGET, MAX_DEALS, PLAYERS, Setup, draw_first_dealer
from .sheet import BOT, CORRECTION, RESULT, BeloteSheet, Row, deal_of, record
from .tally import run
from .words import COMBO_NAMES, PRESET_NAMES, SETTINGS, call_text, card_label, deal_text, settings_of, variant_name

NEW_LABEL = N_("New game of Belote or Coinche")  # the start page's button


def game_label(variant: str) -> str:
    """The statistics' heading and the games list's kind: "Belote" or "Coinche", from the
    variant or the preset the game started from (the games list gives the preset)."""
    if variant in PRESETS:
        variant = PRESETS[variant][0]
    return variant_name(variant) if variant in (BELOTE, COINCHE) else _("Belote")


TEMPLATES = "belote"
ROUND_TEMPLATE = "belote/_watch_round.html"  # the deal on a watcher's and a player's screen
PLAYER_BID_TEMPLATE = None  # contracts are said aloud (on the virtual deck, tapped as said: the round template)
PASS_TEMPLATE = "belote/_pass.html"
HAND_WAIT = N_("Look at your cards: you play them once the trump is chosen.")  # the phone's hand while the table speaks  # the Scribe's phone in one seat's hands: its cards and the trick
DECK_KINDS = ("deal", "call", "played", "take_back")  # the virtual deck's taps
ACTIONS = (RESULT, *DECK_KINDS, BOT)
CALL_FIELDS = ("call", "suit", "amount", "trump")
NEW_TEMPLATE = "belote/new.html"
PRESET_ORDER = ("ffb", "ffb_coinche", "ffb_contree", "pagat")
TARGET_CHOICES = ("501", "1000", "1500", "2000", "3000")
AMOUNTS = tuple(range(80, 190, 10))  # C-A1: the usual bids as taps; any other typed
COMBO_COUNTS = {c: (3 if c in SEQUENCES else 1) for c in COMBINATIONS}  # a tierce may come twice or more


def _blank(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
    return value if value not in (None, "") else None


# ----------------------------------------------------------------- the new game


def form_value(value: Any) -> str:
    """A setting's value as the form writes it: on/off, "" for none, a number as text."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return "" if value is None else str(value)


def preset_values(preset: str) -> dict[str, str]:
    """The form's values of every setting under ``preset``."""
    variant = PRESETS[preset][0]
    s = make_settings(variant, preset)
    return {name: form_value(getattr(s, name)) for name in SETTINGS}


def _end_default(preset: str) -> str:
    return str(DEFAULT_TARGET[PRESETS[preset][0]])


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """New-game form -> (options for the rules, the form to show again, filled rows).

    The settings' fields are filled with a preset's values (``shown``); a page whose
    script did not refill them when another preset was tapped sends ``shown`` unchanged,
    and then only the settings changed by hand are taken over the preset chosen."""
    rows = (form.getlist("players") + [""] * PLAYERS)[:PLAYERS]
    robots = {i: form.get(f"robot.{i}") for i in range(PLAYERS) if form.get(f"robot.{i}") not in (None, "")}
    for i in robots:  # a robot's seat needs no name typed
        if not rows[i].strip():
            rows[i] = _("Robot %(seat)s", seat=i + 1)
    preset = form.get("preset") or "ffb"
    known = preset in PRESETS
    variant = PRESETS[preset][0] if known else BELOTE
    shown_preset = form.get("shown") if form.get("shown") in PRESETS else "ffb"
    given = {name: form.get(name) for name in settings_of(variant) if form.get(name) is not None}
    if known and shown_preset != preset:
        before = preset_values(shown_preset)
        given = {k: v for k, v in given.items() if v != before.get(k)}
    end = form.get("end") or _end_default(shown_preset)
    if known and end == _end_default(shown_preset) and PRESETS[shown_preset][0] != variant:
        end = _end_default(preset)  # the usual target followed the variant
    target = deals = None
    if end == "deals":
        deals = form.get("deals", "")
    elif end == "other":
        target = form.get("target", "")
    else:
        target = end
    dealer_raw = form.get("dealer", "random")
    if dealer_raw == "random":
        dealer: Any = draw_first_dealer(random.SystemRandom())[0]  # B-M1: as the table draws a card
    else:
        dealer = dealer_raw
    names = [form.get("team0", ""), form.get("team1", "")]
    shown = {"players": rows, "dealer": dealer_raw, "preset": preset, "shown": preset if known else "ffb",
             "end": end, "target": form.get("target", ""), "deals": form.get("deals", ""),
             "team0": names[0], "team1": names[1], "name": form.get("name", ""),
             "settings": {**preset_values(preset if known else "ffb"), **given},
             "virtual_deck": form.get("virtual_deck") == "on",
             "robots": [robots.get(i, "") for i in range(PLAYERS)]}
    options = {"players": rows, "first_dealer": dealer, "target": target, "deals": deals, "variant": variant,
               "preset": preset, "settings": given,
               "names": names if any(n.strip() for n in names) else None}
    if shown["virtual_deck"]:  # how the cards are dealt, not a scoring rule (no preset sets it)
        options["virtual_deck"] = True
    return options, shown, list(range(PLAYERS))


def blank_form() -> dict[str, Any]:
    return {"players": [""] * PLAYERS, "dealer": "random", "preset": "ffb", "shown": "ffb", "end": "1000",
            "target": "", "deals": "", "team0": "", "team1": "", "name": "", "settings": preset_values("ffb"),
            "virtual_deck": False, "robots": [""] * PLAYERS}


def new_context() -> dict[str, Any]:
    return {"max_deals": MAX_DEALS, "belote_presets": PRESET_ORDER, "belote_targets": TARGET_CHOICES,
            "belote_preset_values": {p: preset_values(p) for p in PRESET_ORDER},
            "belote_preset_variants": {p: PRESETS[p][0] for p in PRESET_ORDER},
            "belote_default_targets": {p: _end_default(p) for p in PRESET_ORDER}}


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    preset = body.get("preset")
    variant = body.get("variant") or (PRESETS[preset][0] if isinstance(preset, str) and preset in PRESETS else BELOTE)
    dealer = body.get("first_dealer")
    if dealer in (None, "random"):
        dealer = draw_first_dealer(random.SystemRandom())[0]
    options = {"players": body.get("players"), "first_dealer": dealer, "target": body.get("target"),
               "deals": body.get("deals"), "variant": variant, "preset": preset, "names": body.get("names"),
               "settings": body.get("settings")}
    if "virtual_deck" in body:  # checked by the rules (a yes or no)
        options["virtual_deck"] = body["virtual_deck"]
    return options


# ----------------------------------------------------------------- a deal


def _deal(form) -> dict[str, Any]:
    """The deal form as rules data; the points typed are the takers' or, when the
    defence's side is ticked, the defence's (162 minus, B-P1)."""
    if form.get("takers") == PASSED or form.get("passed") == "on":
        return {"takers": PASSED}
    points = "defence_points" if form.get("counted") == "defence" else "points"
    combos = [c for c in COMBINATIONS for _n in range(_count(form.get(f"combo.{c}")))]
    team = _blank(form.get("annonces_team"))
    annonces = {"team": team, "combos": combos} if team is not None or combos else None
    contract = _blank(form.get("amount")) or _blank(form.get("contract"))
    return {
        "takers": _blank(form.get("takers")), points: _blank(form.get("points")),
        "capot": _blank(form.get("capot")), "belote": _belote(form),
        "annonces": annonces, "trump": _blank(form.get("trump")),
        "contract": contract, "level": _blank(form.get("level")), "alone": form.get("alone") == "on",
    }


def _belote(form) -> Any:
    """A team, or at tout atout (C-A4) a count per team when either is given."""
    counts = [_count(form.get(f"belote.{t}")) for t in (0, 1)]
    return counts if any(counts) else _blank(form.get("belote"))


def _count(raw: Any) -> int:
    """A combination's count on the form: a checkbox (on) or a number; garbage counts none
    (the rules then say what is missing)."""
    if raw == "on":
        return 1
    return int(raw) if isinstance(raw, str) and raw.isdecimal() and len(raw) < 2 else 0


def parse_action(kind: str, form, sheet: BeloteSheet) -> dict[str, Any]:
    """One tap of the Scribe's page as rules data (types are checked by the rules)."""
    if kind == "deal":  # the cards come from the service's random source, never the form
        return {"round": form.get("round")}
    if kind == "call":  # said aloud for a seat with no phone
        said = {k: form.get(k) for k in CALL_FIELDS if form.get(k) not in (None, "")}
        return {"round": form.get("round"), "player": form.get("player"), **said}
    if kind == "played":
        return {k: form.get(k) for k in ("round", "player", "card")}
    if kind == "take_back":
        return {k: form.get(k) for k in ("round", "player")}
    if kind == BOT:  # a seat handed to a robot or back to people (issue 37); the seed is the service's
        return {"seat": form.get("seat"), "level": form.get("level") or None}
    data = _deal(form)
    if sheet.setup.variant != COINCHE:
        for key in ("contract", "level", "alone"):
            data.pop(key, None)
    if getattr(sheet, "table", None) is not None:
        # the deal's cards are on the phones: the rules fill in everything the pad asks; only
        # what was sent goes (the annonces), so a hand-typed deal is refused, not mixed in
        data = {k: v for k, v in data.items() if v not in (None, False)}
    return data


def parse_correction(number: int, form, sheet: BeloteSheet) -> dict[str, Any]:
    return {"round": number, **parse_action(CORRECTION, form, sheet)}


def scored_row(setup: Setup, data: Mapping[str, Any]) -> Row | None:
    """A recorded deal alone, scored (the history's words need no replay): None when passed."""
    deal = deal_of(setup, data)
    if deal is None:
        return None
    line = run(setup, [deal]).rows[0]
    return Row(**{k: getattr(line, k) for k in line.__dataclass_fields__})


def entry_text(e, setup: Setup) -> str:
    """One line of the history, in words."""
    d = e.data
    if e.kind in DECK_KINDS:
        return _deck_entry_text(e.kind, d, setup)
    if e.kind == BOT:
        name = setup.players[d["seat"]]
        if d.get("level") is None:
            return _("%(name)s is played by a person again", name=name)
        return _("%(name)s is played by a robot (%(level)s)", name=name, level=_(LEVEL_WORDS[d["level"]]))
    row = scored_row(setup, d)
    what = _("passed: the next player deals") if row is None else deal_text(row, setup)
    if e.kind == CORRECTION:
        return _("Deal %(round)s corrected: %(what)s", round=d["round"], what=what)
    return _("Deal %(round)s: %(what)s", round=d["round"], what=what)


def _deck_entry_text(kind: str, d: Mapping[str, Any], setup: Setup) -> str:
    """A virtual deck's entry in words (no hand: a deal's cards stay on the phones)."""
    if kind == "deal":
        turned = d.get("turned")
        if isinstance(turned, str):  # Belote: the card turned up is public
            return _("Deal %(round)s: Scribe dealt the cards, turned up: %(card)s", round=d["round"],
                     card=card_label(turned))
        return _("Deal %(round)s: Scribe dealt the cards", round=d["round"])
    name = setup.players[d["player"]]
    if kind == "call":
        return _("Deal %(round)s: %(name)s %(call)s", round=d["round"], name=name, call=call_text(d))
    if kind == "played":
        return _("Deal %(round)s: %(name)s plays %(card)s", round=d["round"], name=name, card=card_label(d["card"]))
    return _("Deal %(round)s: %(name)s takes back their card", round=d["round"], name=name)


# ----------------------------------------------------------------- JSON


def _round_json(r: Row) -> dict[str, Any]:
    deal, res = r.deal, r.result
    base = {"number": r.number, "dealer": r.dealer, "passed": r.passed, "awarded": list(r.awarded),
            "team_points": list(r.points), "team_totals": list(r.totals), "held": r.held, "counted": r.counted,
            "points_by_seat": list(r.player_points), "totals": list(r.player_totals), "corrected": r.corrected}
    if deal is None:
        return {**base, "takers": None, "points": None, "capot": None, "belotes": [0, 0], "annonces": None,
                "trump": None, "contract": None, "level": None, "alone": False, "result": None}
    contract: Any = None
    if deal.contract == POINTS and deal.amount:
        contract = deal.amount
    elif deal.contract in (CAPOT, GENERALE):
        contract = deal.contract
    return {**base, "takers": deal.takers, "points": deal.points, "capot": deal.capot,
            "belotes": list(deal.belotes),
            "annonces": None if deal.annonces is None else {"team": deal.annonces, "combos": list(deal.combos)},
            "trump": deal.trump, "contract": contract, "level": deal.level if contract is not None else None,
            "alone": deal.alone,
            "result": {"outcome": res.outcome, "card": list(res.card), "totals": list(res.totals),
                       "scores": list(res.scores), "held": res.held}}


def sheet_json(sheet: BeloteSheet) -> dict[str, Any]:
    """The sheet as JSON, field for field what the page shows."""
    setup = sheet.setup
    return {
        "version": sheet.version, "phase": sheet.phase, "finished": sheet.finished,
        "current_round": sheet.round_number, "deal_number": sheet.deal_number,
        "players": list(setup.players), "variant": setup.variant, "teams": list(setup.team_names),
        "first_dealer": setup.first_dealer, "target": setup.target, "deals_to_play": setup.deals,
        "settings": setup.settings.as_dict(),
        "dealer": sheet.dealer, "speaks_first": sheet.speaks_first,
        "table": deck_json(getattr(sheet, "table", None)),  # the virtual deck's deal, as this viewer sees it
        "rounds": [_round_json(r) for r in sheet.rounds],
        "team_totals": list(sheet.team_totals), "held": sheet.held, "blocked": list(sheet.blocked),
        "totals": list(sheet.totals), "leaders": list(sheet.leaders) if sheet.rounds else [],
        "winners": list(sheet.winners), "winning_team": sheet.winning_team,
        "robots": robots_json(sheet),
        **standings_and_undo(sheet),
    }


def robots_json(sheet: BeloteSheet) -> dict[str, str]:
    """The seats robots play and their level (issue 37); the seed stays out of the pages."""
    return {str(seat): r["level"] for seat, r in sorted(getattr(sheet, "robots", {}).items())}


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Deal 3"."""
    return _("Deal %(round)s", round=summary.get("round"))


# ----------------------------------------------------------------- the deal form


def form_values(values: Any, row: Row | None, setup: Setup) -> dict[str, Any]:
    """What the deal form shows checked: what was just typed (after a refusal), else the
    deal being corrected (as recorded), else nothing."""
    if values:
        v = dict(values)
    elif row is not None:
        v = record(setup, row.deal)
    else:
        v = {}
    out: dict[str, Any] = {"takers": v.get("takers"), "capot": v.get("capot"), "trump": v.get("trump"),
                           "level": v.get("level") or 0, "alone": v.get("alone"), "counted": "takers",
                           "points": v.get("points"), "combos": {}, "annonces_team": None,
                           "belote": v.get("belote") if not isinstance(v.get("belote"), list) else None,
                           "belotes": v.get("belote") if isinstance(v.get("belote"), list) else [0, 0]}
    if v.get("defence_points") is not None:
        out.update(points=v["defence_points"], counted="defence")
    contract = v.get("contract")
    if contract in (CAPOT, GENERALE) or contract is None:
        out.update(contract=contract, amount=None)
    else:
        text = str(contract)
        out.update(contract=text, amount=None if text.isdecimal() and int(text) in AMOUNTS else text)
    annonces = v.get("annonces")
    if isinstance(annonces, Mapping):
        out["annonces_team"] = annonces.get("team")
        for c in annonces.get("combos") or ():
            out["combos"][c] = out["combos"].get(c, 0) + 1
    if isinstance(out["level"], str):
        out["level"] = {"none": 0, "coinche": 1, "surcoinche": 2}.get(out["level"], out["level"])
    return {k: ("" if x is None else x) for k, x in out.items()}


def trumps(settings: Settings) -> tuple[str, ...]:
    """The trumps the deal form asks for: only sans atout and tout atout change the
    count (C-A4), so a suit is "" (not asked)."""
    return ("", SA, TA) if settings.sa_ta else ()


def deck_preview(sheet: BeloteSheet) -> str | None:
    """The deal as the Scribe's one tap will record it, in the sheet's words (the cards
    played worked out: contract, points, made or not, belote), or None while in play."""
    table = getattr(sheet, "table", None)
    data = table.result_data() if table is not None else None
    if not data or data.get("takers") == PASSED:
        return None
    row = scored_row(sheet.setup, data)
    return None if row is None else deal_text(row, sheet.setup)


def call_choices(sheet: BeloteSheet) -> dict[str, Any]:
    """The calls the seat speaking now may tap: Belote's take (the turned suit, or in the
    second round a suit to name, B-D1, B-D2) and pass; Coinche's amounts above the
    standing bid, the trumps, coinche and surcoinche when they may be said (C-A1..C-A4)."""
    t, setup = sheet.table, sheet.setup
    s = setup.settings
    if setup.variant != COINCHE:
        second = len(t.calls) >= PLAYERS
        suits = [x for x in SUITS if not (s.second_round == "other" and x == t.turned[-1])] if second else []
        return {"second": second, "suits": suits}
    bid = t.bid
    floor = bid["amount"] if bid and isinstance(bid["amount"], int) else (0 if bid is None else 10_000)
    amounts = [a for a in AMOUNTS if a > floor and (s.ceiling is None or a <= s.ceiling)]
    capots = [CAPOT] + ([GENERALE] if s.generale else [])
    if bid and bid["amount"] in (CAPOT, GENERALE):
        capots = [GENERALE] if bid["amount"] == CAPOT and s.generale else []
    speaker = t.speaker
    opponent = bid is not None and speaker is not None and bid["takers"] != speaker % 2
    coinched = bool(bid and bid["level"])  # C-A2: no more bids once coinched
    return {"amounts": [] if coinched else amounts + capots, "trumps": [*SUITS, *((SA, TA) if s.sa_ta else ())],
            "coinche": opponent and bid["level"] == 0 and (s.capot_coinche or bid["amount"] not in (CAPOT, GENERALE)),
            "surcoinche": bid is not None and not opponent and bid["level"] == 1}


FILTERS: dict[str, Any] = {}
GLOBALS = {"belote_form": form_values, "belote_amounts": AMOUNTS, "belote_trumps": trumps,
           "belote_combos": COMBO_COUNTS, "belote_combo_names": COMBO_NAMES, "belote_setting_words": SETTINGS,
           "belote_preset_names": PRESET_NAMES, "belote_settings_of": settings_of,
           "belote_preview": deck_preview, "belote_calls": call_choices}
