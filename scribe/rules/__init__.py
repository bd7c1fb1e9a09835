"""What every game's rules share: the protocol a game follows (``game.GameRules``), the
log and its undo/redo (``log``), field checks and names (``fields``), refusals
(``errors``), sealed values, standings, and the cards (``cards``) that the Wizard
rules and the engine both deal with. Pure: no Flask, no SQL, no I/O.

The games themselves live in ``scribe.games``, one package each, found through its
registry (``scribe.games.GAMES``).
"""

from .game import GameRules

__all__ = ["GameRules"]
