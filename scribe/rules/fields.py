"""Raw values from forms and JSON made into what the rules use, or refused by field.

Shared by every game's rules so that a name or a number is checked the same way
everywhere.
"""

from __future__ import annotations

from typing import Any

from .errors import N_, RuleError

NAME_MAX = 30


def whole(value: Any, field_name: str) -> int:
    """A whole number from JSON or a form, or a refusal naming the field.

    >>> whole("12", "bid"), whole(-3, "bid")
    (12, -3)
    >>> whole("--3", "bid")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Please give a whole number.
    """
    if isinstance(value, bool):
        raise RuleError(N_("Please give a whole number."), field=field_name)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        try:  # "--3", "²" and 5000-digit strings pass isdigit() but not int()
            return int(value.strip())
        except ValueError:
            pass
    raise RuleError(N_("Please give a whole number."), field=field_name)


def flag(value: Any, field_name: str) -> bool:
    """A yes/no from JSON or a form, or a refusal naming the field."""
    if isinstance(value, bool):
        return value
    if value in ("1", "on", "true", "yes", 1):
        return True
    if value in ("0", "off", "false", "no", "", 0, None):
        return False
    raise RuleError(N_("Please answer yes or no."), field=field_name)


def verify_names(names: Any) -> tuple[str, ...]:
    """Names stripped (inner spaces collapsed), non-empty, unique ignoring case, at most
    NAME_MAX long.

    >>> verify_names(["  Ana ", "Ben"])
    ('Ana', 'Ben')
    >>> verify_names(["Ana", "ana "])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Two players are called ana: please tell them apart.
    """
    if not isinstance(names, (list, tuple)):
        raise RuleError(N_("Players must be a list of names."), field="players")
    cleaned: list[str] = []
    for i, raw in enumerate(names):
        field_name = f"players.{i}"
        if not isinstance(raw, str):
            raise RuleError(N_("A name must be text."), field=field_name)
        name = " ".join(raw.split())
        if not name:
            raise RuleError(N_("Player %(seat)s needs a name."), field=field_name, seat=i + 1)
        if len(name) > NAME_MAX:
            raise RuleError(N_("Names are at most %(max)s characters."), field=field_name, max=NAME_MAX)
        if name.casefold() in {c.casefold() for c in cleaned}:
            raise RuleError(
                N_("Two players are called %(name)s: please tell them apart."), field=field_name, name=name
            )
        cleaned.append(name)
    return tuple(cleaned)
