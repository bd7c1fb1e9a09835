"""What a game's package says about printing it (its ``printing`` part), read by ``pdf.py``.

Pure data and checks: no Flask, no WeasyPrint, so a game's printing loads with its rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules.errors import N_


@dataclass(frozen=True)
class PadOption:
    """One option of a game's blank pad, declared by the game: the shared code (``pdf``,
    ``scribe pad``, the /pads page) offers and reads what the game declares, by ``name``,
    which is also the form field, the URL parameter and the command's ``--name`` (so a
    bookmarked pad keeps working)."""

    name: str
    kind: str  # "flag" (a checkbox, ``--name``) or "number" (a whole number, ``--name N``)
    label: str  # N_ text: the pads page's label
    help: str  # the command's help (English, as every command's)
    refused: str = ""  # N_ text: said when another game's pad is asked for it
    low: int = 1  # a number's bounds, for the page's input
    high: int = 30
    default: int = 0  # a number's value when not given, shown in the page's input


def rows_option(default: int, high: int = 30) -> PadOption:
    """The option most pads have: how many rows (rounds) to print."""
    return PadOption("rounds", "number", N_("Rows (rounds, 1 to 30)"), f"rows to print, 1 to {high}",
                     high=high, default=default)


@dataclass(frozen=True)
class PadOptions:
    """A blank pad, checked by ``pdf.pad_options`` with the game's own checks."""

    players: int
    paper: str
    names: tuple[str, ...]
    game: str = "wizard"
    rounds: int = 0  # rows to print, for games whose rows are not fixed by the rules
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's own, as its pad_extra kept them

    def option(self, name: str, default: Any = None) -> Any:
        """The value of the game's pad option ``name`` (templates: ``opts.option('x')``)."""
        return self.options.get(name, default)


@dataclass(frozen=True)
class Printing:
    """How one game prints: its templates, a pad's seats and options, the rows of its sheet."""

    sheet_template: str
    pad_template: str
    seats: tuple[int, int]
    seats_error: str
    verify_names: Callable[[Any], Any]
    # (players, the options given by name) -> (the game's options as checked, rows to print);
    # it may refuse any given option; one it does not declare is refused by ``pdf`` after it
    pad_extra: Callable[[int, Mapping[str, Any]], tuple[Mapping[str, Any], int]]
    pad_context: Callable[[PadOptions], dict[str, Any]]  # the pad's template context, with "rows"
    rows: Callable[[Any], int]  # rows a filled sheet prints
    # what the /pads page shows of it, so the page never works the game out itself
    label: str = "Wizard"  # its name in the page's choice (a name, or N_ text)
    pad_title: str = ""  # N_ text: the page's heading
    pad_hint: str = ""  # N_ text: what the pad looks like
    pad_options: tuple[PadOption, ...] = ()  # what the pads page and ``scribe pad`` offer
    default_players: int = 4
