"""Tarot's names for its contracts, sides and poignées as ``N_`` templates: the rules'
story and the pages share them (translated where shown). Pure."""

from __future__ import annotations

from ...rules.errors import N_
from ...rules.story import Words
from .scoring import ATTACK, DEFENCE, DOUBLE, GARDE, GARDE_CONTRE, GARDE_SANS, MULTIPLIER, PRISE, SIMPLE, TRIPLE

CONTRACT_NAMES = {PRISE: N_("Prise"), GARDE: N_("Garde"), GARDE_SANS: N_("Garde sans"),
                  GARDE_CONTRE: N_("Garde contre")}  # T-C1
SIDE_NAMES = {ATTACK: N_("the attack"), DEFENCE: N_("the defence")}
POIGNEE_NAMES = {SIMPLE: N_("simple"), DOUBLE: N_("double"), TRIPLE: N_("triple")}  # T-S4

# Tarot's story and statistics speak of deals and contracts, never of rounds and bids: a
# contract counts under its multiplier (T-C1), named here.
WORDS = Words(chart=N_("Running totals over the deals"), best=N_("Best deal"), worst=N_("Worst deal"), at=N_("%(points)s (deal %(round)s)"),
              number=N_("Deal number"), bids=N_("Contracts made: %(rate)s (%(made)s of %(tried)s)"),
              by_size=N_("By contract"), size=N_("%(bid)s: %(made)s of %(tried)s"),
              bid_names=tuple((MULTIPLIER[c], name) for c, name in CONTRACT_NAMES.items()))
