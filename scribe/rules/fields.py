"""Raw values from forms and JSON made into what the rules use, or refused by field.

Shared by every game's rules so that a name or a number is checked the same way
everywhere.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import N_, RuleError

NAME_MAX = 30

ZWJ = "\u200d"
# Longer raw input is refused before any cleaning: zero-width padding of a real name
# never needs ten times the name's length, and a 10,000-character paste costs nothing.
RAW_FACTOR = 10


def _emoji_side(ch: str) -> bool:
    """Whether ``ch`` may stand before a joiner in an emoji sequence: a symbol (So), a
    skin tone (Sk, U+1F3FB..U+1F3FF) or the emoji presentation selector U+FE0F."""
    return ch == "\ufe0f" or unicodedata.category(ch) in ("So", "Sk")


def clean_text(raw: str, limit: int) -> str | None:
    r"""Text a person typed, made safe to show and compare: every kind of whitespace
    becomes one space (ends trimmed); control (Cc, NUL included) and format (Cf)
    characters go: zero-width spaces and joiners, word joiner, BOM, soft hyphen,
    bidi embeddings, overrides and isolates, tag characters; then Unicode NFC.
    None when it is longer than ``limit`` characters (judged early on absurd input).

    Kept on purpose: a zero-width joiner (U+200D) between two emoji, so a player may be
    called "👨‍👩‍👧" (the joined family, 5 code points). Anywhere else it only hides a
    difference ("B\u200dob" is "Bob") and is removed. Tag characters (subdivision
    flags) are removed all the same: they can carry invisible text.

    >>> clean_text("  Ana\tMaria\u00a0 ", 30), clean_text("B\u200bo\u202eb\x00", 30)
    ('Ana Maria', 'Bob')
    >>> clean_text("Cle\u0301o", 30), clean_text("\u200b\ufeff", 30)
    ('Cléo', '')
    >>> clean_text("👨\u200d👩\u200d👧", 30) == "👨\u200d👩\u200d👧", clean_text("B\u200dob", 30)
    (True, 'Bob')
    >>> clean_text("x" * 31, 30) is None, clean_text("x" * 10_000, 30) is None
    (True, True)
    """
    if len(raw) > RAW_FACTOR * limit:
        return None
    kept = []
    for ch in raw:
        if ch.isspace():
            kept.append(" ")
        elif ch == ZWJ or unicodedata.category(ch) not in ("Cc", "Cf"):
            kept.append(ch)
    # a joiner survives only inside an emoji sequence (decided once the rest is gone)
    out = [ch for i, ch in enumerate(kept)
           if ch != ZWJ or (0 < i < len(kept) - 1 and _emoji_side(kept[i - 1])
                            and unicodedata.category(kept[i + 1]) == "So")]
    text = " ".join(unicodedata.normalize("NFC", "".join(out)).split())
    return None if len(text) > limit else text


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
    r"""Names cleaned (``clean_text``), non-empty, unique ignoring case, at most NAME_MAX long.

    >>> verify_names(["  Ana ", "Ben"])
    ('Ana', 'Ben')
    >>> verify_names(["Ana", "ana "])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Two players are called ana: please tell them apart.
    >>> verify_names(["Bob", "B\u200bob"])  # a zero-width space tells no one apart
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Two players are called Bob: please tell them apart.
    """
    if not isinstance(names, (list, tuple)):
        raise RuleError(N_("Players must be a list of names."), field="players")
    cleaned: list[str] = []
    seen: set[str] = set()  # casefolded: one set, so a long list costs no more than linear
    for i, raw in enumerate(names):
        field_name = f"players.{i}"
        if not isinstance(raw, str):
            raise RuleError(N_("A name must be text."), field=field_name)
        name = clean_text(raw, NAME_MAX)
        if name is None:
            raise RuleError(N_("Names are at most %(max)s characters."), field=field_name, max=NAME_MAX)
        if not name:
            raise RuleError(N_("Player %(seat)s needs a name."), field=field_name, seat=i + 1)
        folded = name.casefold()
        if folded in seen:
            raise RuleError(
                N_("Two players are called %(name)s: please tell them apart."), field=field_name, name=name
            )
        seen.add(folded)
        cleaned.append(name)
    return tuple(cleaned)
