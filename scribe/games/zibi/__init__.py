"""Witty Zibi score-keeping rules (seed 003; rule ids Z-* in shared/RULES.md).

Pure Python: no Flask, no SQL, no I/O. ``clans`` holds the setup and preparation help,
``scoring`` a round's result and points, ``tracker`` the damage tracker for a round in
progress, ``sheet`` the replay of recorded entries into the score sheet. The module
offers what ``scribe.rules`` expects of a game: ``make_setup``, ``Setup.from_dict``,
``replay``, ``verify``, ``KINDS`` and ``summary``.
"""

from .clans import (
    ALONE,
    CLANS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODE_NAMES,
    MODES,
    NAME_MAX,
    ONE_MORE,
    THREE,
    TWO,
    Preparation,
    Setup,
    can_setup,
    clan_sizes,
    clan_splits,
    default_mode,
    make_setup,
    mode_fits,
    modes_for,
    preparation,
    splits_text,
    verify_names,
    verify_setup,
)
from .scoring import (
    DERIVE,
    RoundResult,
    can_round,
    judge_round,
    lone_clan,
    out_clans,
    round_points,
    verify_partition,
    verify_round,
    winning_clan,
)
from .sheet import KINDS, SheetRound, Standing, ZibiSheet, replay, summary, verify
from .tracker import (
    ALIVE_UP_TO,
    DAMAGES,
    DamageTracker,
    RoundDraft,
    can_damage,
    can_heal,
    can_reveal,
    can_set_aside,
    damage,
    draft,
    heal,
    new_tracker,
    reveal,
    round_end,
    set_aside,
    verify_damage,
    verify_heal,
    verify_reveal,
    verify_set_aside,
)

ZibiSetup = Setup

__all__ = [name for name in dir() if not name.startswith("_")]
