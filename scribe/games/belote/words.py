"""Belote and Coinche in words, French first: the table and every setting (B-*, C-*), a
deal's contract and result (made, dedans, chute, litige), under the sheet, in the history
and on paper."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, ngettext

from ...cards_words import card_class, card_face, card_label, card_plays, hand_order  # noqa: F401  (the words part's names)
from ...rules.errors import N_
from .annonces import COMBINATIONS
from .cards import SA, TA
from .scoring import CAPOT, DEDANS, GENERALE
from .settings import BELOTE, BELOTE_ONLY, COINCHE, COINCHE_ONLY, Settings
from .setup import Setup
from .tally import Row
from .words_rules import CHUTE, LEVEL_NAMES, OUTCOME_NAMES, VARIANT_NAMES

#: Each setting's label and its values' words (B-*, C-*), in the order the form and the
#: sheet show them. A value not listed is shown as it is (a number).
SETTINGS: dict[str, tuple[str, dict[Any, str]]] = {
    "capot": (N_("A capot is worth"), {252: N_("252 card points"), 250: N_("250 card points")}),
    "annonces": (N_("Annonces are played"), {True: N_("yes"), False: N_("no")}),
    "annonce_tie": (N_("Equal best annonces"), {"none": N_("nobody scores them"),
                                                "first": N_("the first declared scores")}),
    "second_round": (N_("Second round of taking"), {"any": N_("any suit"),
                                                    "other": N_("a suit other than the turned card’s")}),
    "tie": (N_("Equal totals"), {"litige": N_("litige: the takers’ points are held for the next deal"),
                                 "dedans": N_("the takers are dedans"), "made": N_("the contract is made")}),
    "rounding": (N_("Rounding"), {"none": N_("none"), "up": N_("to the nearest ten, 5 up"),
                                  "down": N_("to the nearest ten, 5 down")}),
    "undertrump": (N_("Unable to overtrump an opponent"), {True: N_("a lower trump all the same"),
                                                           False: N_("any card")}),
    "ceiling": (N_("Highest bid under capot"), {None: N_("none")}),
    "surcoinche": (N_("Surcoinche multiplies by"), {4: "4", 3: "3"}),
    "capot_coinche": (N_("A capot may be coinched"), {True: N_("yes"), False: N_("no")}),
    "generale": (N_("Générale (one player takes every trick)"), {None: N_("no")}),
    "sa_ta": (N_("Sans atout and tout atout are played"), {True: N_("yes"), False: N_("no")}),
    "sa_jack": (N_("A Jack at sans atout"), {2: N_("2 points (162 in all)"), 0: N_("0 points (154 in all)")}),
    "ta_table": (N_("Card points at tout atout"), {"ffb": N_("FFB: Queen 2, Jack 13"),
                                                   "pagat": N_("Pagat: Queen 1, Jack 14")}),
    "beat_defence": (N_("The takers must also outscore the defence"), {True: N_("yes"), False: N_("no")}),
    "belote_counts": (N_("The belote helps make the contract"), {True: N_("yes"), False: N_("no")}),
    "annonces_count": (N_("The annonces help make the contract"), {True: N_("yes"), False: N_("no")}),
    "base": (N_("A coinched or failed contract’s base"), {160: N_("160 (250 after a capot)"),
                                                         162: N_("162 (252 after a capot)")}),
    "multiply": (N_("The coinche multiplies"), {"all": N_("the whole score"), "contract": N_("the contract only")}),
    "belote_kept": (N_("The takers’ belote when they fail"), {True: N_("kept (imprenable)"),
                                                              False: N_("goes to the defence (prenable)")}),
    "mode": (N_("A made contract scores"), {"made": N_("the points made and the contract"),
                                            "contract": N_("the contract only")}),
    "lost_capot": (N_("A failed capot bid gives the defence"), {"full": N_("250 and the contract (500)"),
                                                                "base": N_("160 and the contract (410)")}),
}
PRESET_NAMES = {"ffb": N_("Belote (FFB)"), "ffb_coinche": N_("Coinche (FFB)"), "ffb_contree": N_("Contrée (FFB)"),
                "pagat": N_("Coinche (Pagat)")}
COMBO_NAMES = {"tierce": N_("tierce"), "cinquante": N_("cinquante"), "cent": N_("cent"),
               "carre_J": N_("carré of Jacks"), "carre_9": N_("carré of Nines"), "carre_A": N_("carré of Aces"),
               "carre_10": N_("carré of Tens"), "carre_K": N_("carré of Kings"), "carre_Q": N_("carré of Queens")}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), SA: N_("sans atout"),
              TA: N_("tout atout")}
assert set(COMBO_NAMES) == set(COMBINATIONS)


def settings_of(variant: str) -> list[str]:
    """The settings a ``variant`` game shows, in order."""
    skip = COINCHE_ONLY if variant == BELOTE else BELOTE_ONLY
    return [name for name in SETTINGS if name not in skip]


def setting_label(name: str) -> str:
    return _(SETTINGS[name][0])


def setting_value(name: str, value: Any) -> str:
    """A setting's value in words: "252 card points", "yes", "worth 1000"."""
    words = SETTINGS[name][1]
    if value in words:
        text = words[value]
        return text if text.isdigit() else _(text)
    if name == "generale":
        return _("worth %(points)s", points=value)
    return str(value)


def settings_text(setup: Setup) -> list[tuple[str, str]]:
    """Every setting of the game as (label, value) in words: shown under the sheet and on
    the printed sheet, so the table sees what was chosen."""
    s: Settings = setup.settings
    return [(setting_label(n), setting_value(n, getattr(s, n))) for n in settings_of(setup.variant)]


def variant_name(variant: str) -> str:
    return _(VARIANT_NAMES[variant])


def preset_name(preset: str) -> str:
    return _(PRESET_NAMES[preset])


def suit_name(trump: str) -> str:
    return _(SUIT_NAMES[trump])


def combo_name(combo: str) -> str:
    return _(COMBO_NAMES[combo])


def rules_text(setup: Setup) -> str:
    """The table in words: the variant, its teams, and when the game ends."""
    parts = [variant_name(setup.variant), " – ".join(setup.team_names)]
    if setup.deals:
        parts.append(ngettext("%(num)s deal", "%(num)s deals", setup.deals))
    else:
        parts.append(_("first team to %(target)s", target=setup.target))
    return " · ".join(parts)


def contract_text(row: Row, setup: Setup) -> str:
    """The contract and who took it: "Ana & Cy: 110 hearts, coinché", "Ben & Dee take"."""
    deal = row.deal
    who = setup.team_names[deal.takers]
    if setup.variant != COINCHE:
        trump = f" ({suit_name(deal.trump)})" if deal.trump else ""
        return _("%(team)s took", team=who) + trump
    if deal.contract == CAPOT:
        what = _("capot")
    elif deal.contract == GENERALE:
        what = _("générale")
    else:
        what = str(deal.amount)
    if deal.trump:
        what += " " + suit_name(deal.trump)
    if deal.level:
        what += ", " + _(LEVEL_NAMES[deal.level])
    return _("%(team)s: %(contract)s", team=who, contract=what)


def outcome_text(row: Row, setup: Setup) -> str:
    """B-S2..B-S4, C-K1: made, dedans (Coinche: chute), or litige."""
    outcome = row.result.outcome
    if outcome == DEDANS and setup.variant == COINCHE:
        return _(CHUTE)
    return _(OUTCOME_NAMES[outcome])


def points_text(row: Row, setup: Setup) -> str:
    """The card points as told: "95 – 67", or who made the capot."""
    deal = row.deal
    if deal.capot is not None:
        return _("capot by %(team)s", team=setup.team_names[deal.capot])
    total = row.result.card[0] + row.result.card[1]
    return _("%(points)s points of %(total)s", points=deal.points, total=total)


def extras_text(row: Row, setup: Setup) -> list[str]:
    """Belote, annonces, held and awarded litige points, one phrase each."""
    deal, out = row.deal, []
    names = setup.team_names
    for team in (0, 1):
        if deal.belotes[team]:
            out.append(_("belote and rebelote: %(team)s", team=names[team]) if deal.belotes[team] == 1 else
                       _("%(num)s belotes: %(team)s", num=deal.belotes[team], team=names[team]))
    if deal.annonces is not None:
        out.append(_("annonces of %(team)s: %(what)s", team=names[deal.annonces],
                     what=", ".join(combo_name(c) for c in deal.combos)))
    if row.result.held:
        out.append(_("%(points)s points held for the next deal", points=row.result.held))
    for team in (0, 1):
        if row.awarded[team]:
            out.append(_("%(team)s get the %(points)s points held", team=names[team], points=row.awarded[team]))
    return out


def deal_text(row: Row, setup: Setup) -> str:
    """A deal on one line: contract, points, result, extras; or passed."""
    if row.passed:
        return _("passed: the next player deals")
    return " · ".join([contract_text(row, setup), points_text(row, setup), outcome_text(row, setup),
                       *extras_text(row, setup)])


# ----------------------------------------------------------------- the virtual deck's words


def amount_text(amount: Any) -> str:
    """A Coinche bid's amount: "110", "capot", "générale"."""
    if amount == CAPOT:
        return _("capot")
    if amount == GENERALE:
        return _("générale")
    return str(amount)


def call_text(data: Any) -> str:
    """What a seat said when it spoke, as the table says it: "takes", "passes", "takes at
    spades" (Belote's second round), "110 hearts", "coinche!" (C-A1, C-A2)."""
    call = data.get("call")
    if call == "take":
        suit = data.get("suit")
        return _("takes at %(suit)s", suit=suit_name(suit)) if suit else _("takes")
    if call == "bid":
        return _("%(amount)s %(trump)s", amount=amount_text(data.get("amount")), trump=suit_name(data.get("trump")))
    if call == "coinche":
        return _("coinche!")
    if call == "surcoinche":
        return _("surcoinche!")
    return _("passes")


def deck_contract_text(contract: Any, setup: Setup) -> str:
    """The contract the deal is played in, from the calls: "Ana takes, hearts are trumps",
    "Ana: 110 hearts, coinché"."""
    name = setup.players[contract["taker"]]
    trump = suit_name(contract["trump"])
    if contract.get("amount") is None:
        return _("%(name)s takes, %(trump)s are trumps", name=name, trump=trump)
    what = amount_text(contract["amount"]) + " " + trump
    if contract.get("level"):
        what += ", " + _(LEVEL_NAMES[contract["level"]])
    return _("%(name)s: %(contract)s", name=name, contract=what)


def said_text(name: str, word: str) -> str:
    """B-P3: the King and Queen of trump played by the seat holding both, said for it."""
    return _("%(name)s: Belote!", name=name) if word == "belote" else _("%(name)s: Rebelote!", name=name)


def suit(value: str) -> str:
    """A trump's name (the shared templates' ``suit`` filter)."""
    return suit_name(value)


def trump(value: Any, setup: Any) -> str:
    return suit_name(value)


def destroyed_text(name: str) -> str:  # every trick is won: never shown
    return ""


FILTERS = {"belote_deal": deal_text, "belote_outcome": outcome_text, "belote_contract": contract_text,
           "belote_points": points_text, "belote_extras": extras_text, "belote_settings": settings_text,
           "belote_variant": variant_name, "belote_suit": suit_name, "belote_combo": combo_name,
           "belote_call": call_text, "belote_deck_contract": deck_contract_text, "belote_amount": amount_text}
