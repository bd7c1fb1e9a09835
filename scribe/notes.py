"""A free-text note on a game ("chez Marie, anniversaire"), which its Scribe writes and every
link holder reads. Each note written is kept (``store.notes``): a change never loses the
note before it, the settings page lists the earlier ones. No Flask."""

from __future__ import annotations

from typing import Any

from .rules.errors import N_, RuleError
from .rules.fields import clean_text
from .store import notes as store_notes
from .store.games import Database

NOTE_MAX = 200  # a line on the page and the printed sheet, not a diary


class StaleNote(RuleError):
    """The note was changed by another phone since the form showed it: nothing saved."""


def verify_note(raw: Any) -> str:
    """The note as it will be kept: cleaned like a name (``clean_text``: one line, no
    control or invisible characters), empty to clear it; refused when not text or longer
    than NOTE_MAX characters.

    >>> verify_note("  chez Marie,\\n anniversaire ")
    'chez Marie, anniversaire'
    >>> verify_note(3)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A note must be text.
    """
    if not isinstance(raw, str):
        raise RuleError(N_("A note must be text."), field="note")
    note = clean_text(raw, NOTE_MAX)
    if note is None:
        raise RuleError(N_("A note is at most %(max)s characters."), field="note", max=NOTE_MAX)
    return note


def after_of(raw: Any) -> int | None:
    """The number of the note a form showed (``after``), None when not sent."""
    if raw in (None, ""):
        return None
    if isinstance(raw, bool) or not (isinstance(raw, int) and 0 <= raw < 10**9
                                     or isinstance(raw, str) and raw.isdecimal() and len(raw) < 10):
        raise RuleError(N_("The note's number is not one Scribe gave."), field="note")
    return int(raw)


def write(db: Database, game_id: str, raw: Any, raw_after: Any = None, of: tuple[str, str] = store_notes.GAME) -> bool:
    """Keep ``raw`` as the game's note (``of=store_notes.EVENT``: an event's); False when
    it already is (sent twice: nothing added). ``raw_after``: the number of the note the
    writer saw, StaleNote when another was written since (without it, the note is written
    over whatever is there)."""
    note, after = verify_note(raw), after_of(raw_after)
    now = store_notes.current(db, game_id, of)
    if now is not None and now.note == note or now is None and note == "":
        return False
    seen = now.seq if now is not None else 0
    if after is not None and after != seen or not store_notes.write(db, game_id, note, seen, of):
        raise StaleNote(N_("The note was changed on another phone meanwhile: here it is now."), field="note")
    return True
