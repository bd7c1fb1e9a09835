"""Skull King as the rest of Scribe sees it: the object behind ``rules.game.GameRules``
(K-R1..K-E1). The family's ``TricksRules`` answers for its sealed bids (K-B1: revealed at
once, its ``RuleSet``'s ``reveal``), its seats and its virtual deck; Skull King gives its
name, its package's setup, kinds and checks, and its own sheet and story (the bonuses,
the Loot, the Kraken's trick, two scorings)."""

from __future__ import annotations

from .. import skull_king
from ..bidding.game import declare
from . import setup
from .sheet import advance, replay
from .story import rematch, story

GAME = declare("skull_king", skull_king, setup, replay=replay, advance=advance, story=story, rematch=rematch)
