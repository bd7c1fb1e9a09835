"""The value a viewer is not shown: a sealed bid (W-B7) stands in its place.

Shared by every game and by what serialises a viewer's view, so that the JSON and the
pages can tell "in, but not for you" from "not in yet" without naming a game.
"""

from __future__ import annotations


class _Sealed:
    """A value that is in but not shown to this viewer yet."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "SEALED"

    def __str__(self) -> str:  # a template that forgot to ask still shows no number
        return "✓"


SEALED = _Sealed()
