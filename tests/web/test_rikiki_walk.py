"""Rikiki in the state walk (``test_state_walk.py``'s machinery, its Wizard script: the
family's flow is the same): every step of a game on paper and on the virtual deck, every
route, every viewer, every pattern of claimed seats: never a 5xx, never a sealed bid or a
hand shown to whom it is not for. A file of its own until the walk's scenarios list it."""

from __future__ import annotations

import random
import time

import pytest
from table_driver import Table
from test_state_walk import (  # noqa: F401  (walk_app: the walk's app fixture)
    NAMES,
    Scenario,
    Walker,
    arrange,
    walk_app,
    wizard_script,
)

from scribe import service


class RikikiTable(Table):
    """The walk's table driver, told that Rikiki's hidden and secret bids are sealed (W-B7's
    modes, R-B1): each phone that holds its seat enters its own bid."""

    @property
    def sealed_bids(self) -> bool:
        return self.reveal != "open"


SCENARIOS = [
    # every card dealt each round (R-M2 with every_card): no trump to record on paper
    Scenario("rikiki-boerenbridge-hidden-table-4p", {
        "game": "rikiki", "players": list(NAMES[:4]), "first_dealer": 1, "preset": "boerenbridge",
        "rules": {"reveal": "hidden", "schedule": "list", "cards": [8, 8], "pack": 32, "every_card": True}},
        wizard_script, "some", "fr"),
    Scenario("rikiki-oh-hell-secret-vdeck-3p", {
        "game": "rikiki", "players": ["R0", "R1", "R2"], "first_dealer": 2, "preset": "oh_hell",
        "rules": {"reveal": "secret", "schedule": "list", "cards": [1, 2], "virtual_deck": True}},
        wizard_script, "all", "en"),
    Scenario("rikiki-rikiki-open-vdeck-4p", {
        "game": "rikiki", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0, "preset": "rikiki",
        "rules": {"schedule": "list", "cards": [2, 1], "virtual_deck": True, "trump": "spades"}},
        wizard_script, "scribe_own", "fr"),
]


@pytest.mark.parametrize("sc", SCENARIOS, ids=str)
def test_no_rikiki_page_answers_500_in_any_state(walk_app, monkeypatch, sc):  # noqa: F811  (the fixture)
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SCENARIOS.index(sc)))
    start = time.perf_counter()
    with Walker(walk_app, sc.name, 100 + SCENARIOS.index(sc)) as walk:
        t = RikikiTable(walk_app, {**sc.body, "lang": sc.lang})
        for client in (t.scribe, t.tv):
            client.environ_base["HTTP_ACCEPT_LANGUAGE"] = sc.lang
        arrange(t, sc.arrangement)
        sc.script(t, walk, sc)
    print(f"{sc.name}: {walk.steps} steps, {walk.requests} requests in {time.perf_counter() - start:.1f} s")
    assert walk.steps >= 20 and walk.requests > 40 * walk.steps  # the walk walked: every route at every step
    if walk.problems:
        pytest.fail(walk.report(), pytrace=False)
    assert set(walk.routes) <= walk.opened, f"routes never opened: {sorted(set(walk.routes) - walk.opened)}"
