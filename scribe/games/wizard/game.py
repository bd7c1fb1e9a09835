"""Wizard as the rest of Scribe sees it: the game object behind ``rules.game.GameRules``
(W-R, W-B, W-S, W-U, W-P rules). The family's ``TricksRules`` answers for its sheet, sealed
bids and play; Wizard gives its name and its package's setup, kinds and checks."""

from __future__ import annotations

from .. import wizard
from ..bidding.game import declare
from . import setup

GAME = declare("wizard", wizard, setup)
