"""Raw input checked against the sheet: the round in play, a seat, a count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole as _whole
from .sheet import RoundRow, Sheet


def _current_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    """The round an in-play action names: it must be the round being played."""
    row = sheet.current
    if row is None:
        raise RuleError(N_("The game is over: correct a round instead."), field="round")
    if data.get("round") is not None and sheet.row(data["round"]).number != row.number:
        raise RuleError(
            N_("Round %(round)s is not being played: this page is out of date."),
            field="round",
            round=data["round"],
        )
    return row


def _player(sheet: Sheet, value: Any, field_name: str = "player") -> int:
    p = _whole(value, field_name)
    if not 0 <= p < sheet.setup.n:
        raise RuleError(N_("There is no such player."), field=field_name)
    return p


def _count(value: Any, cards: int, field_name: str, what: str) -> int:
    v = _whole(value, field_name)
    if not 0 <= v <= cards:
        if what == "bid":
            template = N_("A bid is a whole number from 0 to %(cards)s.")
        else:
            template = N_("Tricks are a whole number from 0 to %(cards)s.")
        raise RuleError(template, field=field_name, cards=cards)
    return v
