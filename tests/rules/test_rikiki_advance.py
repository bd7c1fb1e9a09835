"""Rikiki's incremental sheet: after every entry (bids, tricks, the virtual deck's deal,
cards, cards taken back, corrections, undo, redo), ``advance`` equals a fresh ``replay``,
for the Scribe and for every seat's sealed view (R-B1), and the walk reaches every kind."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st
from rikiki_tables import rikiki_moves, rikiki_setup

from scribe.games import GAMES
from scribe.rules import log as logmod
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

RULES = GAMES["rikiki"]


def record(sheet, log: list[Entry], draw, rng) -> Entry | None:
    """One entry the rules accept now (a move, a correction, an undo, a redo), or None."""
    choice = draw(st.sampled_from(["move", "move", "move", "move", "undo", "redo"]))
    if choice == "undo" and sheet.can_undo:
        target = logmod.verify_undo(log)
        try:
            RULES.verify_take_back(sheet, log, target)
        except RuleError:
            return None
        return Entry(len(log) + 1, logmod.UNDO, logmod.named(logmod.UNDO, target))
    if choice == "redo" and sheet.can_redo:
        return Entry(len(log) + 1, logmod.REDO, logmod.named(logmod.REDO, logmod.verify_redo(log)))
    for kind, raw in rikiki_moves(draw, sheet, rng):
        try:
            if kind in RULES.DRAWN:
                raw = RULES.DRAWN[kind](sheet, raw, rng)
            return Entry(len(log) + 1, kind, RULES.verify(sheet, kind, raw))
        except RuleError:
            continue
    return None


def test_an_advanced_sheet_equals_a_fresh_replay_after_every_entry():
    seen: set[str] = set()

    @settings(max_examples=150, deadline=None, database=None, derandomize=True,  # the same walk on every run
              suppress_health_check=list(HealthCheck))
    @given(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def walk(data, seed):
        rng = random.Random(seed)
        setup = rikiki_setup(data.draw)
        log: list[Entry] = []
        sheet = RULES.replay(setup, log)
        for _ in range(data.draw(st.integers(1, 60))):
            entry = record(sheet, log, data.draw, rng)
            if entry is None:
                continue
            sheet = RULES.advance(sheet, entry, tuple(log))
            log.append(entry)
            seen.add(entry.kind)
            fresh = RULES.replay(setup, log)
            assert sheet == fresh and (sheet.can_undo, sheet.can_redo) == (fresh.can_undo, fresh.can_redo)
            assert RULES.summary(sheet) == RULES.summary(fresh) and RULES.story(sheet) == RULES.story(fresh)
            for seat in (None, *range(setup.n)):
                assert RULES.view(sheet, log, seat) == RULES.view(fresh, log, seat)

    walk()
    assert seen >= {*RULES.KINDS, logmod.UNDO, logmod.REDO}, sorted(seen)  # every kind was advanced
