"""A robot in a seat of a virtual-deck Belote or Coinche game, through the service (issue
37): the "bot" entry (between deals only, B-D1; a person stays; the seed drawn by Scribe;
undo gives the seat back), robots playing whole games with no move refused (B-D1, B-D2,
B-P1..B-P3, C-A1..C-A4), and the twin test: two games that differ only in other seats'
hands give the robot the same decisions."""

from __future__ import annotations

import random

import pytest

from scribe import bot_turns, service, sharing, store
from scribe.bots.belote import decide
from scribe.games import GAMES
from scribe.games.belote.game import GAME
from scribe.rules.errors import RuleError

FOUR = ["Ana", "Ben", "Cy", "Dee"]


@pytest.fixture
def db(tmp_path):
    d = store.open_db(tmp_path / "db.sqlite3")
    yield d
    store.close(d)


def new(db, variant="belote", **options):
    opts = {"first_dealer": 1, "variant": variant, "virtual_deck": True, **options}
    return service.create(db, "belote", None, "en", players=FOUR, **opts)


def sheet(db, gid):
    return service.load(db, gid)[1]


def robots_play(db, gid):
    """Every move the robot seats have now, recorded by the turn runner through the
    service (under an app in tests it has made them already, in the act's request)."""
    bot_turns.run_pending(db, gid, hold=0)


# ----------------------------------------------------------------- the entry


def test_a_seat_is_handed_to_a_robot_with_a_seed_scribe_draws(db):
    gid = new(db)
    full = service.act(db, gid, "bot", {"seat": 2, "level": "hard", "seed": 12345}, rng=random.Random(1))
    drawn = random.Random(1).randrange(2**31)
    assert drawn != 12345 and full.robots == {2: {"level": "hard", "seed": drawn}}  # the client's seed is not taken
    assert service.load(db, gid)[2][-1].data == {"seat": 2, "level": "hard", "seed": drawn}
    # every view shows the robot: it is public who plays a seat
    for seat in (None, 0, 2):
        assert GAME.view(full, (), seat).robots == full.robots


def test_undo_gives_the_seat_back_to_people(db):
    gid = new(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    service.act(db, gid, "undo", {})
    assert sheet(db, gid).robots == {}
    service.act(db, gid, "redo", {})
    assert sheet(db, gid).robots[1]["level"] == "easy"
    service.act(db, gid, "bot", {"seat": 1, "level": None})
    assert sheet(db, gid).robots == {}


def test_b_d1_a_robot_comes_or_goes_between_deals_only(db):
    gid = new(db)
    service.act(db, gid, "bot", {"seat": 3, "level": "medium"})
    service.act(db, gid, "deal", {}, rng=random.Random(5))
    before = sheet(db, gid).version
    for data in ({"seat": 0, "level": "easy"}, {"seat": 3, "level": None}):
        with pytest.raises(RuleError, match="between deals") as err:
            service.act(db, gid, "bot", data)
        assert err.value.field == "seat"
    assert sheet(db, gid).version == before


@pytest.mark.parametrize(("data", "field"), [
    ({"seat": 4, "level": "easy"}, "seat"),
    ({"seat": -1, "level": "easy"}, "seat"),
    ({"seat": "two", "level": "easy"}, "seat"),
    ({"seat": None, "level": "easy"}, "seat"),
    ({"seat": 0, "level": "expert"}, "level"),
    ({"seat": 0, "level": 3}, "level"),
    ({"seat": 0, "level": None}, "seat"),  # not a robot: nothing to give back
])
def test_bad_bot_entries_are_refused_naming_their_field(db, data, field):
    gid = new(db)
    with pytest.raises(RuleError) as err:
        service.act(db, gid, "bot", data)
    assert err.value.field == field
    assert sheet(db, gid).version == 0


def test_one_seat_at_least_stays_a_persons(db):
    gid = new(db)
    for seat in (0, 1, 2):
        service.act(db, gid, "bot", {"seat": seat, "level": "easy"})
    with pytest.raises(RuleError, match="person"):
        service.act(db, gid, "bot", {"seat": 3, "level": "easy"})
    service.act(db, gid, "bot", {"seat": 0, "level": "hard"})  # another level for a robot's seat: fine
    assert sheet(db, gid).robots[0]["level"] == "hard"


def test_the_refusals_say_what_the_bidding_familys_say(db):
    """One check for every family (``rules.robots``): a person's seat names the person, the
    same robot twice is no change."""
    gid = new(db)
    with pytest.raises(RuleError, match="Ana is not played by a robot"):
        service.act(db, gid, "bot", {"seat": 0, "level": None})
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    with pytest.raises(RuleError, match="already plays this seat"):
        service.act(db, gid, "bot", {"seat": 1, "level": "easy"})


def test_no_robot_on_a_score_pad(db):
    gid = new(db, virtual_deck=False)
    with pytest.raises(RuleError, match="virtual deck"):
        service.act(db, gid, "bot", {"seat": 0, "level": "easy"})


# ----------------------------------------------------------------- whole games


def person(db, gid):
    """The one person at the table plays too (legal moves, as a phone sends them)."""
    _game, full, log = service.load(db, gid)
    t = full.table
    seat = t.speaker if t.phase == "speaking" else t.player
    assert seat not in full.robots
    kind, data = decide(sharing.viewer_sheet(full, seat, log), seat, "easy", 3)
    service.act(db, gid, kind, data, full.version)


@pytest.mark.parametrize(("variant", "target"), [("belote", 501), ("coinche", 1000)])
def test_robots_play_whole_games_and_no_move_is_refused(db, variant, target):
    """B-D1, B-D2, B-P1..B-P3 (Belote), C-A1..C-A4 (Coinche): three robots at three levels
    and one person play a game to its end; service.act refuses nothing (it would raise)."""
    gid = new(db, variant, target=target)
    for seat, level in ((0, "easy"), (1, "medium"), (3, "hard")):
        service.act(db, gid, "bot", {"seat": seat, "level": level})
    deals = 0
    while not (full := sheet(db, gid)).finished:
        assert deals < 40, "the game never ended"
        service.act(db, gid, "deal", {}, full.version)
        deals += 1
        while sheet(db, gid).table.phase in ("speaking", "playing"):
            robots_play(db, gid)
            if sheet(db, gid).table.phase in ("speaking", "playing"):
                person(db, gid)
        service.act(db, gid, "result", {})  # the Scribe's tap: what the cards say
    assert full.winning_team is not None and len(full.rounds) == deals
    # the statistics keep each robot as a player of its own, never as the person named there
    names = [line.name for line in GAMES["belote"].story(full).lines]
    assert names == [f"{name} (robot)" if seat in (0, 1, 3) else name for seat, name in enumerate(full.setup.players)]


# ----------------------------------------------------------------- the twin test


def _twin(drawn, robot):
    """The same deal but two other seats holding one card of a suit each, swapped: the
    robot's hand, the turned card and the stock stay; the suits each seat holds too (so
    the people may follow the same cards in both games for longer). Returns the deal and
    the two cards."""
    hands = [list(h) for h in drawn["hands"]]
    others = [p for p in range(4) if p != robot]
    pairs = [(a, b, i, j) for a in others for b in others if a < b
             for i, x in enumerate(hands[a]) for j, y in enumerate(hands[b]) if x[-1] == y[-1]]
    a, b, i, j = pairs[0] if pairs else (others[0], others[1], 0, 0)
    swapped = (hands[a][i], hands[b][j])
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return {**drawn, "hands": hands}, swapped


@pytest.mark.parametrize("variant", ["belote", "coinche"])
def test_twin_games_differing_in_another_hand_give_the_robot_the_same_decisions(db, monkeypatch, variant):
    """Issue 37: the robot sees its own seat's view only. Two games alike but for the
    cards of two other seats, the people's moves the same in both: while the table's
    calls and cards are the same, the robot's entries are the same in both logs."""
    robot = 2
    drawn = GAME.DRAWN["deal"](sheet(db, new(db, variant)), {}, random.Random(8))
    twins = []
    other, swapped = _twin(drawn, robot)
    for cards in (drawn, other):
        gid = new(db, variant)
        service.act(db, gid, "bot", {"seat": robot, "level": "medium"}, rng=random.Random(4))
        monkeypatch.setitem(GAME.DRAWN, "deal", lambda _full, _data, _rng, cards=cards: dict(cards))
        service.act(db, gid, "deal", {})
        twins.append(gid)
    assert sheet(db, twins[0]).table.hands != sheet(db, twins[1]).table.hands
    assert sheet(db, twins[0]).table.hands[robot] == sheet(db, twins[1]).table.hands[robot]
    while True:
        for g in twins:
            robots_play(db, g)
        assert robot_entries(db, twins[0]) == robot_entries(db, twins[1])
        tables = [sheet(db, g).table for g in twins]
        if tables[0].phase not in ("speaking", "playing"):
            break
        assert (tables[0].calls, tables[0].plays) == (tables[1].calls, tables[1].plays)
        seat = tables[0].speaker if tables[0].phase == "speaking" else tables[0].player
        _game, full, log = service.load(db, twins[0])
        kind, data = decide(sharing.viewer_sheet(full, seat, log), seat, "easy", 5)
        if kind == "played":  # a card both games allow, not one of the two swapped, while there is one
            both = [c for c in tables[0].legal(seat)[0] if c in tables[1].legal(seat)[0] and c not in swapped]
            if not both:
                break
            data = {**data, "card": data["card"] if data["card"] in both else both[0]}
        service.act(db, twins[0], kind, data)
        try:
            service.act(db, twins[1], kind, data)
        except RuleError:  # a card the twin's seat does not hold: the games part here
            break
    assert len(robot_entries(db, twins[0])) >= 3  # calls and cards, not one decision alone


def robot_entries(db, gid, robot=2):
    return [(e.kind, dict(e.data)) for e in service.load(db, gid)[2]
            if e.kind in ("call", "played") and e.data.get("player") == robot]
