"""Skull King's game object, as the rest of Scribe will ask it once registered: the
games list's summary, the story (bids made by size, bonus points earned), the rematch."""

from skull_helpers import Game

from scribe.games.skull_king import make_setup
from scribe.games.skull_king.game import GAME
from scribe.rules.game import GameRules


def test_it_follows_the_protocol():
    assert isinstance(GAME, GameRules) and GAME.name == "skull_king" and GAME.seats == (2, 8)
    assert set(GAME.KINDS) == {"bid", "bids", "tricks", "correction", "deal", "played", "take_back",
                                "shuffle", "bot"}
    setup = GAME.make_setup(players=["Ana", "Ben"], scoring="rascal")
    assert GAME.Setup.from_dict(setup.as_dict()) == setup and GAME.replay(setup, []).phase == "bidding"
    assert GAME.hides_anything(GAME.replay(setup, [])) and GAME.seats_bid_alone(GAME.replay(setup, []))


def test_the_summary_says_the_round_and_the_leaders():
    g = Game(rounds=[1, 2])
    assert GAME.summary(g.sheet) == {"phase": "bidding", "round": 1, "rounds": 2, "leaders": [],
                                     "players": ["Ana", "Ben", "Cy"]}
    g.round([1, 0, 1], [1, 0, 0])
    assert GAME.summary(g.sheet)["leaders"] == ["Ana"] and GAME.summary(g.sheet)["phase"] == "bidding"


def test_k_s2_the_story_tells_bids_made_by_size_and_bonus_points_earned():
    g = Game(rounds=[2, 2])
    g.round([1, 0, 1], [1, 0, 1], bonuses=[{"black14": 1}, {}, {}])
    g.round([1, 0, 1], [2, 0, 0], bonuses=[{"fourteens": 1}, {}, {}])  # Ana missed: her 14 earns nothing
    told = GAME.story(g.sheet)
    ana = told.lines[0]
    assert [(f.key, f.value, f.of) for f in ana.facts] == [("bids_made", 1, 2), ("longest_run", 1, None),
                                                           ("bonus", 20, None)]
    assert [(b.bid, b.tried, b.made) for b in ana.bids] == [(1, 2, 1)]
    assert told.finished and told.winners == g.sheet.winners and told.variant == "skull_king"


def test_a_rematch_keeps_the_rules_and_moves_the_first_dealer_on():
    setup = make_setup(["Ana", "Ben", "Cy"], first_dealer=2, scoring="rascal", cannonball=True, rounds=[3, 3])
    options = GAME.rematch(setup)
    again = GAME.make_setup(**options)
    assert again.first_dealer == 0 and again.rules == setup.rules
