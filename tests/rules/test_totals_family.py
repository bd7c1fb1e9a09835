"""Tarot, points, Zibi and Belote on the contract/points base (issue 33): each game's
``GAME`` is declared once by ``rules.declare`` and each sheet's totals, leaders,
winners, standings and row refusal are ``rules.totals``' code, not a copy of it; what
differs (the end, who wins when totals are low, Belote's teams) stays the game's."""

from __future__ import annotations

import pytest

from scribe.games import GAMES
from scribe.games.belote.sheet import BeloteSheet
from scribe.games.points.sheet import PointsSheet
from scribe.games.tarot.sheet import TarotSheet
from scribe.games.zibi.sheet import ZibiSheet
from scribe.rules.errors import RuleError
from scribe.rules.totals import TotalsSheet

SHEETS = {"tarot": TarotSheet, "points": PointsSheet, "zibi": ZibiSheet, "belote": BeloteSheet}
SHARED = ("leaders", "winners", "standings", "round_number")


@pytest.mark.parametrize("name", SHEETS)
def test_the_game_is_declared_once_with_its_packages_answers(name):
    game = GAMES[name]
    module = f"scribe.games.{name}"
    assert type(game).__name__ == f"{name.title()}Rules" and type(game).__module__ == f"{module}.game"
    assert type(game).__doc__
    for answer in ("make_setup", "replay", "advance", "verify", "summary", "story"):
        assert getattr(game, answer).__module__.startswith(module), (name, answer)


def test_the_sheets_share_the_totals_base():
    for name, sheet in SHEETS.items():
        assert issubclass(sheet, TotalsSheet), name
    # only Belote's teams make its own leaders, winners and standings; Zibi's phase is its own (Z-E1)
    for name in ("tarot", "points", "zibi"):
        for prop in SHARED:
            assert getattr(SHEETS[name], prop) is getattr(TotalsSheet, prop), (name, prop)
    assert TarotSheet.phase is PointsSheet.phase is BeloteSheet.phase is TotalsSheet.phase


@pytest.mark.parametrize(("name", "players", "word"), [
    ("tarot", ["Ana", "Ben", "Cy"], "deal"), ("points", ["Ana", "Ben"], "round"),
    ("zibi", ["Ana", "Ben", "Cy", "Dee"], "round"), ("belote", ["Ana", "Ben", "Cy", "Dee"], "deal")])
def test_a_missing_line_is_refused_in_the_games_own_words(name, players, word):
    game = GAMES[name]
    sheet = game.replay(game.make_setup(players=players), [])
    with pytest.raises(RuleError) as err:
        sheet.row(3)
    assert err.value.field == "round" and str(err.value) == f"There is no {word} 3 in this game."
    assert sheet.totals == (0,) * len(players) and sheet.round_number == 1 and sheet.winners == ()
