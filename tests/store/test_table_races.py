"""Several phones acting on one game at once, on a real SQLite file and on PostgreSQL
(``backend``): threads, each with
its own connection, released together. Exactly one winner where there can be only one,
and no entry lost or duplicated where all can land (W-B7 bids from every phone)."""

from __future__ import annotations

from collections import Counter

import pytest

from scribe import service, sharing, store
from scribe.rules.errors import RuleError
from scribe.store import StaleError

from .racing import race as race_on

ROUNDS = 5  # each race is run this many times on fresh games


@pytest.fixture
def path(backend):
    return backend.where


def new_game(path, players, reveal="hidden", preset="standard"):
    db = store.open_db(path, migrate=False)
    try:
        return service.create(db, "wizard", None, "en", players=list(players), first_dealer=len(players) - 1,
                              preset=preset, reveal=reveal)
    finally:
        db.conn.close()


def race(path, jobs):
    """The jobs at once; a refusal (RuleError) or a lost version (StaleError) is an outcome."""
    return race_on(path, jobs, (RuleError, StaleError))


def log_of(path, game_id):
    db = store.open_db(path, migrate=False)
    try:
        return store.load_log(db, game_id)
    finally:
        db.conn.close()


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_w_b7_every_players_bid_lands_when_all_bid_at_once(path, attempt):
    """Six phones bid at the same moment: none is refused as stale, none lost or doubled."""
    names = ["Paul", "Thomas", "Marie", "Anna", "Emilie", "Arnaud"]
    gid = new_game(path, names)
    jobs = [lambda db, p=p: sharing.enter_bid(db, gid, p, 1, p % 2) for p in range(len(names))]
    results = race(path, jobs)
    assert [r[0] for r in results] == ["ok"] * len(names)
    log = log_of(path, gid)
    assert [e.seq for e in log] == list(range(1, len(names) + 1))
    assert Counter(e.data["player"] for e in log) == Counter(range(len(names)))
    sheet = service.load(store.open_db(path, migrate=False), gid)[1]
    assert sheet.rows[0].bids == tuple(p % 2 for p in range(len(names)))


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_w_b7_two_submissions_of_the_last_bid_make_one_entry(path, attempt):
    """The last bid sent twice at once (two phones with Marie's link, or a double tap):
    one lands, the other is refused by the rules (already bid), nothing doubled."""
    gid = new_game(path, ["Paul", "Thomas", "Marie"], preset="plus_minus_one")
    db = store.open_db(path, migrate=False)
    sharing.enter_bid(db, gid, 0, 1, 0)
    sharing.enter_bid(db, gid, 1, 1, 0)
    db.conn.close()
    results = race(path, [lambda db, b=b: sharing.enter_bid(db, gid, 2, 1, 0) for b in range(8)])
    outcomes = Counter(r[0] for r in results)
    assert outcomes == {"ok": 1, "RuleError": 7}
    assert all("already bid" in r[1].message or "All bids are in" in r[1].message
               for r in results if r[0] == "RuleError")
    log = log_of(path, gid)
    assert len(log) == 3 and [e.data["player"] for e in log] == [0, 1, 2]


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_two_scribes_acting_on_the_same_version_have_exactly_one_winner(path, attempt):
    """Open bids from two Scribes' phones showing the same version: one entry, the other
    refused as stale (the page then shows the fresh state)."""
    gid = new_game(path, ["Paul", "Thomas", "Marie"], reveal="open")
    results = race(path, [lambda db, b=b: service.act(db, gid, "bid", {"bid": b % 2}, 0) for b in range(8)])
    outcomes = Counter(r[0] for r in results)
    assert outcomes == {"ok": 1, "StaleError": 7}
    assert len(log_of(path, gid)) == 1


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_players_bidding_while_the_scribe_undoes(path, attempt):
    """Player bids and a Scribe's undo at once: every outcome is one of the rules', the
    log holds exactly the entries that answered ok, each seq once."""
    gid = new_game(path, ["Paul", "Thomas", "Marie", "Anna"])
    db = store.open_db(path, migrate=False)
    sharing.enter_bid(db, gid, 0, 1, 1)
    db.conn.close()
    jobs = [lambda db, p=p: sharing.enter_bid(db, gid, p, 1, 0) for p in (1, 2, 3)]
    jobs.append(lambda db: service.act(db, gid, "undo", {}, 1))
    results = race(path, jobs)
    ok = sum(r[0] == "ok" for r in results)
    log = log_of(path, gid)
    assert len(log) == 1 + ok
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert sum(e.kind == "bid" and e.data["player"] in (1, 2, 3) for e in log) == 3  # bids are retried fresh
