"""A game's ``GAME`` declared once from its package's names, for any game.

Every game's ``game.py`` spelled out the same class: name, seats, ``Setup``, ``KINDS``
and the package's functions wrapped as staticmethods. ``declare`` builds that class from
the modules that hold those names, so a game writes only what is its own.
Pure: no Flask, no SQL.
"""

from __future__ import annotations

from typing import Any

from .game import GameRules


def declare(name: str, module: str, doc: str, *, setup: Any, sheet: Any, story: Any,
            base: type[GameRules] = GameRules, **own: Any) -> GameRules:
    """The game object (``GAME``) of the game ``name``: an instance of a ``base``
    subclass named after the game (``TarotRules``), with ``doc`` as its docstring and
    ``module`` (the caller's ``__name__``) as its module, so it reads as it did when
    each game wrote it out. From ``setup``: ``Setup``, ``make_setup`` and the seats
    (``MIN_PLAYERS``, ``MAX_PLAYERS``); from ``sheet``: ``KINDS``, ``replay``,
    ``advance``, ``verify``, ``summary``; from ``story``: ``story`` and, when it has
    one, ``rematch``. ``own``: what the game says for itself instead (``seats``,
    ``WORDS``, a method such as ``lowest_wins``), set on the class as given.

    >>> from types import SimpleNamespace as ns
    >>> f = lambda *a: None
    >>> game = declare("card_game", "cards.game", "A game.", story=ns(story=f),
    ...                setup=ns(Setup=dict, make_setup=f, MIN_PLAYERS=2, MAX_PLAYERS=5),
    ...                sheet=ns(KINDS=("deal",), replay=f, advance=f, verify=f, summary=f))
    >>> type(game).__name__, type(game).__module__, type(game).__doc__, game.seats, game.KINDS
    ('CardGameRules', 'cards.game', 'A game.', (2, 5), ('deal',))
    """
    found: dict[str, Any] = {
        "make_setup": setup.make_setup, "replay": sheet.replay, "advance": sheet.advance,
        "verify": sheet.verify, "summary": sheet.summary, "story": story.story}
    if hasattr(story, "rematch"):  # without one, the protocol's: the same setup again
        found["rematch"] = story.rematch
    seats = own.pop("seats", None) or (setup.MIN_PLAYERS, setup.MAX_PLAYERS)
    # the package's functions are the protocol's answers as they stand: nothing to wrap
    attributes: dict[str, Any] = {key: staticmethod(f) for key, f in found.items()}
    attributes.update({"__doc__": doc, "__module__": module, "name": name, "seats": seats,
                       "Setup": setup.Setup, "KINDS": sheet.KINDS, **own})
    return type(f"{name.title().replace('_', '')}Rules", (base,), attributes)()
