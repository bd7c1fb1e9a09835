"""French Tarot in words, French first: its contracts (T-C1), a deal's result (T-S2), the
table (T-M1, T-M2) and the end (T-E1), under the sheet, in the history and on paper."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import format_decimal, gettext as _, ngettext

from .deal import points_value
from .setup import Setup
from .sheet import Row
from .words_rules import CONTRACT_NAMES, POIGNEE_NAMES, SIDE_NAMES


def contract_name(contract: str) -> str:
    return _(CONTRACT_NAMES[contract])


def side_name(side: str) -> str:
    return _(SIDE_NAMES[side])


def poignee_name(size: str) -> str:
    return _(POIGNEE_NAMES[size])


def card_points(value: Any) -> str:
    """Card points as the reader writes them: 40.5 (English), 40,5 (French)."""
    return format_decimal(value, "#,##0.#")


def rules_text(setup: Setup) -> str:
    """The table in words: how many play (a King called at five, the dealer out at six),
    and when the game ends."""
    parts = [_("French Tarot")]
    if setup.n > 5:
        parts.append(_("6 at a table of five: the dealer sits out each deal"))
    elif setup.calls_a_king:
        parts.append(_("5 players: the taker calls a King"))
    else:
        parts.append(ngettext("%(num)s player", "%(num)s players", setup.n))
    parts.append(ngettext("%(num)s deal", "%(num)s deals", setup.deals) if setup.deals
                 else _("until the table stops"))
    parts.append(_("highest total wins"))
    return " · ".join(parts)


def result_text(row: Row) -> str:
    """T-S2: "made by 8", "down by 3"; everyone passed: a redeal (T-C1)."""
    if row.passed:
        return _("everyone passed: redeal")
    if row.score.made:
        return _("made by %(points)s", points=row.score.margin)
    return _("down by %(points)s", points=row.score.margin)


def attack_text(row: Row, names: Sequence[str]) -> str:
    """The contract and who played it: "Garde · Ana with Ben", "Prise · Ana alone"."""
    deal = row.deal
    who = names[deal.taker]
    if deal.partner is not None:
        who = _("%(taker)s with %(partner)s", taker=who, partner=names[deal.partner])
    elif len(names) >= 5:  # T-C2: at five (and six) a taker may play alone
        who = _("%(taker)s alone", taker=who)
    return f"{contract_name(deal.contract)} · {who}"


def extras_text(row: Row, names: Sequence[str]) -> list[str]:
    """What happened beyond the contract (T-S3..T-S5), one phrase each."""
    deal, out = row.deal, []
    if deal.petit:
        out.append(_("Petit au bout: %(side)s", side=side_name(deal.petit)))
    for p, size in deal.poignees:
        out.append(_("Poignée %(size)s: %(name)s", size=poignee_name(size), name=names[p]))
    if deal.chelem:
        out.append(_("Chelem announced by the attack, taken by %(side)s", side=side_name(deal.chelem))
                   if deal.chelem_announced else _("Chelem by %(side)s", side=side_name(deal.chelem)))
    elif deal.chelem_announced:
        out.append(_("Chelem announced, not made"))
    return out


def deal_text(row: Row, names: Sequence[str]) -> str:
    """A deal on one line: contract, attack, bouts and points, result, extras."""
    if row.passed:
        return result_text(row)
    deal = row.deal
    parts = [attack_text(row, names),
             ngettext("%(num)s bout", "%(num)s bouts", deal.bouts) + ", "
             + _("%(points)s points", points=card_points(points_value(deal.halves))),
             result_text(row), *extras_text(row, names)]
    return " · ".join(parts)


FILTERS = {"tarot_contract": contract_name, "tarot_result": result_text, "tarot_attack": attack_text,
           "tarot_extras": extras_text, "tarot_deal": deal_text, "tarot_points": card_points,
           "tarot_side": side_name, "tarot_poignee": poignee_name}
