"""A robot in a seat of the bids-and-tricks family (issue 37): the ``bot`` entry, and
robots playing whole games through ``service.act`` (the turn runner, ``bot_turns``),
every move accepted by the rules: only legal bids, trumps, cards and choices."""

from __future__ import annotations

import random

import pytest

from scribe import bot_turns, service, store
from scribe.games import GAMES
from scribe.rules.errors import RuleError


@pytest.fixture
def db(tmp_path):
    db = store.open_db(str(tmp_path / "scribe.sqlite3"), migrate=True)
    bot_turns.install(0)  # no pause: the robots move inside the act that gives them their turn
    yield db
    store.close(db)


def _game(db, game="wizard", players=("Ann", "Bob", "Cy"), **options):
    options.setdefault("virtual_deck", True)
    return service.create(db, game, "", "en", players=list(players), **options)


def _sheet(db, gid):
    return service.load(db, gid)[1]


def test_a_seat_handed_to_a_robot_is_on_the_sheet_and_every_view(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 2, "level": "hard", "seed": 12})
    _game_row, sheet, log = service.load(db, gid)
    assert list(sheet.robots) == [2] and sheet.robots[2]["level"] == "hard"
    for seat in (None, 0, 1, 2):
        assert GAMES["wizard"].view(sheet, log, seat).robots == sheet.robots


def test_the_seed_is_the_services_never_the_clients(db):
    gid = _game(db)
    seeds = set()
    for level in ("easy", "medium", "hard", "easy"):  # the same level again is no change: refused
        service.act(db, gid, "bot", {"seat": 1, "level": level, "seed": 5})
        seeds.add(_sheet(db, gid).robots[1]["seed"])
    assert len(seeds) > 1 and 5 not in seeds


def test_the_same_robot_again_is_refused(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    with pytest.raises(RuleError, match="already plays this seat") as refused:
        service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    assert refused.value.field == "level" and _sheet(db, gid).version == 1


def test_a_seat_given_back_to_people_and_undo_bring_the_robot_back(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "medium"})
    service.act(db, gid, "bot", {"seat": 1, "level": None})
    assert _sheet(db, gid).robots == {}
    service.act(db, gid, "undo", {})
    assert list(_sheet(db, gid).robots) == [1]
    service.act(db, gid, "undo", {})
    assert _sheet(db, gid).robots == {}


@pytest.mark.parametrize(("data", "field"), [
    ({"seat": 3, "level": "easy"}, "seat"),
    ({"seat": -1, "level": "easy"}, "seat"),
    ({"seat": "x", "level": "easy"}, "seat"),
    ({"seat": True, "level": "easy"}, "seat"),
    ({"seat": 1, "level": "brilliant"}, "level"),
    ({"seat": 1, "level": ["easy"]}, "level"),
    ({"seat": 1, "level": None}, "seat"),  # not a robot's seat: nothing to give back
])
def test_a_bad_bot_entry_is_refused_and_nothing_is_saved(db, data, field):
    gid = _game(db)
    with pytest.raises(RuleError) as refused:
        service.act(db, gid, "bot", data)
    assert refused.value.field == field
    assert _sheet(db, gid).version == 0


def test_one_seat_at_least_stays_a_persons(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 0, "level": "easy"})
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    with pytest.raises(RuleError, match="person"):
        service.act(db, gid, "bot", {"seat": 2, "level": "easy"})
    service.act(db, gid, "bot", {"seat": 1, "level": "hard"})  # a robot's level changed: still two robots
    assert {s: r["level"] for s, r in _sheet(db, gid).robots.items()} == {0: "easy", 1: "hard"}


def test_robots_need_the_virtual_deck(db):
    gid = _game(db, virtual_deck=False)
    with pytest.raises(RuleError, match="virtual deck"):
        service.act(db, gid, "bot", {"seat": 1, "level": "easy"})


def test_a_seat_changes_hands_between_deals_only(db):
    gid = _game(db)
    service.act(db, gid, "deal", {"round": 1}, rng=random.Random(1))
    with pytest.raises(RuleError, match="between rounds"):
        service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    assert _sheet(db, gid).robots == {}


def _play_out(db, gid, people=(0,), seed=3, level="easy"):
    """The people's seats played by a plain robot of the test, the Scribe dealing and
    confirming the tricks; the robots' seats by the turn runner alone. Returns the sheet."""
    rules = GAMES[service.load(db, gid)[0].game]
    decide = __import__("scribe.bots", fromlist=["decider"]).decider(service.load(db, gid)[0].game)
    rng = random.Random(seed)
    for _ in range(5000):
        _g, sheet, log = service.load(db, gid)
        if sheet.finished:
            return sheet
        row = sheet.current
        if not row.dealt:
            service.act(db, gid, "deal", {"round": row.number}, rng=rng)
            continue
        moves = [m for p in people if (m := decide(rules.view(sheet, log, p), p, level, seed)) is not None]
        if moves:
            service.act(db, gid, *moves[0], version=sheet.version)
            continue
        play = row.play
        assert play is not None and play.finished and getattr(play, "waiting", None) is None, (
            f"nobody moves: round {row.number}, bids {row.bids}, robots {sheet.robots}")
        tally = sheet.setup.result_tally(play) if hasattr(sheet.setup, "result_tally") else {"tricks": list(play.won)}
        service.act(db, gid, "tricks", {"round": row.number, **tally})
    raise AssertionError("the game never ended")


GAMES_PLAYED = [
    ("wizard", {}),  # W-B2: free bids
    ("wizard", {"preset": "canadian", "reveal": "hidden"}),  # W-B5, W-B7: the hook and hidden bids
    ("wizard", {"preset": "plus_minus_one", "jubilee": ["dragon", "fairy", "bomb", "cloud", "juggler",
                                                              "werewolf"]}),  # W-B3, W-J1..W-J6
    ("skull_king", {}),  # K-B1, K-T1: bids at once, the Tigress's choice, the Kraken
    ("rikiki", {}),  # R-B2: the dealer's hook
]


@pytest.mark.parametrize(("game", "options"), GAMES_PLAYED, ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_robots_play_whole_games_through_the_service_with_no_refusal(db, game, options, level):
    gid = _game(db, game, ("Ann", "Bob", "Cy", "Dee"), **options)
    for seat in (1, 2, 3):  # the seeds drawn from a seeded source: a failure replays
        service.act(db, gid, "bot", {"seat": seat, "level": level}, rng=random.Random(seat))
    sheet = _play_out(db, gid)
    assert sheet.finished
    _g, _s, log = service.load(db, gid)
    moved = {e.data.get("player") for e in log if e.kind in ("bid", "played")}
    assert {1, 2, 3} <= moved  # the robots bid and played, by the runner alone


def _robot_left_waiting(db):
    """A game dealt with the robot at seat 1 to bid first (W-B1) and its move not made: the
    deal recorded without the runner's hook, as when a process restarted."""
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"})
    service.AFTER_ACT.remove(bot_turns.after_act)
    try:
        service.act(db, gid, "deal", {"round": 1}, rng=random.Random(2))
    finally:
        service.AFTER_ACT.append(bot_turns.after_act)
    return gid


def test_run_pending_plays_what_a_lost_thread_left(db):
    """A move the hook did not make (the process restarted) is made by the next read's call."""
    gid = _robot_left_waiting(db)
    row = _sheet(db, gid).current
    assert row.bids[1] is None
    assert bot_turns.run_pending(db, gid) >= 1
    assert _sheet(db, gid).current.bids[1] is not None
    assert bot_turns.run_pending(db, gid) == 0  # nothing left: the person's turn


@pytest.mark.parametrize(("thinking", "waited"), [(0.2, 0.4), (0.9, 0.0)])
def test_a_robots_thinking_is_part_of_its_pause(db, monkeypatch, thinking, waited):
    """Issue 37: a robot answers about a second after its turn. Its move lands a pause
    after it was asked (0.6 s here), the time it thought included; a robot that thought
    longer than the pause plays as soon as it decided. A clock of the test's own: no
    wall-clock time is read."""
    gid = _robot_left_waiting(db)
    clock, slept = [100.0], []
    decide = bot_turns.next_move

    def thinking_move(*args, **kwargs):
        found = decide(*args, **kwargs)
        clock[0] += thinking if found is not None else 0.0
        return found

    monkeypatch.setattr(bot_turns, "next_move", thinking_move)
    monkeypatch.setattr(bot_turns.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(bot_turns.time, "sleep", slept.append)
    assert bot_turns.run_pending(db, gid, pause=0.6) == 1
    assert slept == [pytest.approx(waited)]


def test_after_an_undo_the_robots_hold_so_more_can_be_taken_back(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"}, rng=random.Random(1))
    service.act(db, gid, "deal", {"round": 1}, rng=random.Random(2))  # seat 1 bids first (W-B1): at once
    assert _sheet(db, gid).current.bids[1] is not None
    service.act(db, gid, "undo", {})  # the robot's bid taken back: it waits
    assert _sheet(db, gid).current.bids[1] is None
    service.act(db, gid, "redo", {})
    assert _sheet(db, gid).current.bids[1] is not None


def test_a_hold_after_an_undo_ends_with_the_next_read(db):
    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"}, rng=random.Random(1))
    service.act(db, gid, "deal", {"round": 1}, rng=random.Random(2))
    service.act(db, gid, "undo", {})
    assert bot_turns.run_pending(db, gid) == 0  # held
    assert bot_turns.run_pending(db, gid, hold=0) == 1  # as the read path does once the hold is over


def test_a_read_of_the_game_starts_robots_a_lost_thread_left(db, monkeypatch):
    """The process restarted with a robot's move pending: the next page load or poll makes it."""
    from scribe import sharing
    from scribe.store.links import SCRIBE

    gid = _game(db)
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"}, rng=random.Random(1))
    service.AFTER_ACT.remove(bot_turns.after_act)
    try:
        service.act(db, gid, "deal", {"round": 1}, rng=random.Random(2))
    finally:
        service.AFTER_ACT.append(bot_turns.after_act)
    assert _sheet(db, gid).current.bids[1] is None
    token = sharing.scribe_token(db, "k" * 32, gid)
    bot_turns.RUNNER.robotless.clear()
    sharing.link_version(db, token, SCRIBE)  # a poll
    assert _sheet(db, gid).current.bids[1] is not None


def test_a_robot_shows_as_a_robot_in_the_statistics_and_in_no_persons(db):
    """Issue 37: a robot's seat is a player of its own in the story the statistics read."""
    gid = _game(db, "rikiki", ("Ann", "Bob", "Cy"), schedule="list", cards=[2])
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"}, rng=random.Random(1))
    sheet = _play_out(db, gid, people=(0, 2))
    names = [line.name for line in GAMES["rikiki"].story(sheet).lines]
    assert names == ["Ann", "Bob (robot)", "Cy"]


def test_a_robot_is_kept_out_of_the_peoples_ladder(db):
    """Issue 37: the people at a robot's table are rated among themselves; the robot has no
    rating of its own (it is no one in the group)."""
    from scribe import ratings

    gid = _game(db, "rikiki", ("Ann", "Bob", "Cy"), schedule="list", cards=[2])
    service.act(db, gid, "bot", {"seat": 1, "level": "easy"}, rng=random.Random(1))
    sheet = _play_out(db, gid, people=(0, 2))
    assert sheet.finished
    ladder = ratings.ladders(ratings.results(service.group_results(db, {gid: sheet.version}), {}))
    (kind,) = ladder.json()
    assert sorted(p["name"] for p in kind["ladder"]) == ["Ann", "Cy"]
    assert sorted((r["player"], r["opponent"]) for r in kind["rivals"]) == [("Ann", "Cy"), ("Cy", "Ann")]
