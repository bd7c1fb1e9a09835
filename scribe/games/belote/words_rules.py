"""Belote's and Coinche's names for what the sheet and the story tell, as ``N_``
templates: the rules' story and the pages share them (translated where shown). Pure."""

from __future__ import annotations

from ...rules.errors import N_
from ...rules.story import Words
from .coinche import CAPOT_CONTRACT
from .scoring import DEDANS, LITIGE, MADE
from .settings import BELOTE, COINCHE

TAKEN = 1  # a Belote contract's ``BidCount.bid``: taking has no size (Coinche's are its value A, 80 and up)

VARIANT_NAMES = {BELOTE: N_("Belote"), COINCHE: N_("Coinche")}
OUTCOME_NAMES = {MADE: N_("made"), DEDANS: N_("dedans"), LITIGE: N_("litige")}  # B-S2..B-S4
CHUTE = N_("chute")  # C-S3: a Coinche contract failed
LEVEL_NAMES = {0: "", 1: N_("coinché"), 2: N_("surcoinché")}  # C-A2

# Belote's story and statistics speak of deals and contracts, never of rounds and bids.
WORDS = Words(chart=N_("Running totals over the deals"), best=N_("Best deal"), worst=N_("Worst deal"), at=N_("%(points)s (deal %(round)s)"),
              number=N_("Deal number"), bids=N_("Contracts made: %(rate)s (%(made)s of %(tried)s)"),
              by_size=N_("By contract"), size=N_("%(bid)s: %(made)s of %(tried)s"),
              # Belote's one contract; Coinche's are amounts, 80 and up, and a capot counted as its 250 (C-S1)
              bid_names=((TAKEN, N_("Taken")), (CAPOT_CONTRACT, N_("Capot (250)"))),
              count=("%(num)s deal", "%(num)s deals"))  # extracted from pdf/pad_belote.html's ngettext
