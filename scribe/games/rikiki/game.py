"""Rikiki as the rest of Scribe sees it: the family's ``TricksRules`` with its setup."""

from __future__ import annotations

from .. import rikiki
from ..bidding.game import declare
from . import setup

GAME = declare("rikiki", rikiki, setup)
