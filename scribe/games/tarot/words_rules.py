"""Tarot's names for its contracts, sides and poignées as ``N_`` templates: the rules'
story and the pages share them (translated where shown). Pure."""

from __future__ import annotations

from ...rules.errors import N_
from .scoring import ATTACK, DEFENCE, DOUBLE, GARDE, GARDE_CONTRE, GARDE_SANS, PRISE, SIMPLE, TRIPLE

CONTRACT_NAMES = {PRISE: N_("Prise"), GARDE: N_("Garde"), GARDE_SANS: N_("Garde sans"),
                  GARDE_CONTRE: N_("Garde contre")}  # T-C1
SIDE_NAMES = {ATTACK: N_("the attack"), DEFENCE: N_("the defence")}
POIGNEE_NAMES = {SIMPLE: N_("simple"), DOUBLE: N_("double"), TRIPLE: N_("triple")}  # T-S4
