"""The play engine of the bids-and-tricks family: a round of the virtual deck played
card by card (whose turn, the trick on the table, who is winning it, the tricks done),
a card verified before it is recorded, a card taken back, and the round's result worked
out from the cards, generic over a game's small definition (``TrickGame``): its legal
cards, how a trick ends (``Outcome``: a winner, or none, and who leads next), a card's
played and hand forms, its tally. Wizard (``games.wizard.play``) and Skull King
(``games.skull_king.play``) run on it. Pure: no Flask, no SQL.
"""

from .game import Outcome, TrickGame
from .play import Play, RoundPlay, Trick, replay, verify_card_back, verify_play

__all__ = ["Outcome", "Play", "RoundPlay", "Trick", "TrickGame", "replay", "verify_card_back", "verify_play"]
