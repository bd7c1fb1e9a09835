"""What a game's package says about printing it (its ``printing`` part), read by ``pdf.py``.

Pure data and checks: no Flask, no WeasyPrint, so a game's printing loads with its rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class PadOptions:
    """A blank pad, checked by ``pdf.pad_options`` with the game's own checks."""

    players: int
    unicolore: bool
    paper: str
    names: tuple[str, ...]
    game: str = "wizard"
    rounds: int = 0  # rows to print, for games whose rows are not fixed by the rules


@dataclass(frozen=True)
class Printing:
    """How one game prints: its templates, a pad's seats and options, the rows of its sheet."""

    sheet_template: str
    pad_template: str
    seats: tuple[int, int]
    seats_error: str
    verify_names: Callable[[Any], Any]
    pad_extra: Callable[[int, bool, Any], tuple[bool, int]]  # (players, unicolore, rounds) checked
    pad_context: Callable[[PadOptions], dict[str, Any]]  # the pad's template context, with "rows"
    rows: Callable[[Any], int]  # rows a filled sheet prints
    # what the /pads page shows of it, so the page never works the game out itself
    label: str = "Wizard"  # its name in the page's choice (a name, or N_ text)
    pad_title: str = ""  # N_ text: the page's heading
    pad_hint: str = ""  # N_ text: what the pad looks like
    pad_option: str = "unicolore"  # the pad's one option: "unicolore" (Wizard) or "rounds" (rows to print)
    default_players: int = 4
    default_rows: int = 10
