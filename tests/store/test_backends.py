"""Links, groups, names, creates and change notices behave the same on both backends
(``backend``: a real SQLite file, a fresh PostgreSQL database)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from scribe import group as group_of, service, sharing, store
from scribe.store import groups, links, names, pg, stories
from scribe.store.db import writing

from .racing import at_once

KEY = "secret-key-of-the-server"
NAMES = ["Ana", "Ben", "Cy"]


def wizard(db, **extra) -> sharing.Made:
    return sharing.new_game(db, KEY, "wizard", None, "en", players=NAMES, first_dealer=0, preset="standard",
                            rounds=1, **extra)


def finish(db, game_id: str) -> None:
    for version, player in enumerate((1, 2, 0)):
        service.act(db, game_id, "bid", {"round": 1, "player": player, "bid": 0}, version)
    service.act(db, game_id, "tricks", {"round": 1, "tricks": [1, 0, 0]}, 3)


def test_appended_entries_and_summaries_read_back_as_written(db):
    """Entries are written as JSON text by orjson, by the standard library for what orjson
    refuses: either way they read back as they were, text beyond ASCII and integers past
    64 bits included, and so does the summary the games list reads."""
    game_id = wizard(db).game_id
    data = [{"round": 1, "note": "Zoé · 🂡", "big": 2**70}, {"round": 1, "by seat": {1: 2}}]
    for version, d in enumerate(data):
        store.append_entry(db, game_id, version, "note", d, {"phase": "bidding", "players": ["Zoé", "Łukasz"]})
    assert [e.data for e in store.load_log(db, game_id)] == [data[0], {"round": 1, "by seat": {"1": 2}}]
    assert store.get_game(db, game_id).summary == {"phase": "bidding", "players": ["Zoé", "Łukasz"]}


def test_a_create_sent_twice_makes_one_game_and_a_different_body_is_refused(db):
    first = wizard(db, made_from="api:k1", made_with="body")
    again = wizard(db, made_from="api:k1", made_with="body")
    assert (again.game_id, again.key, again.new, first.new) == (first.game_id, first.key, False, True)
    with pytest.raises(store.AlreadyMade) as made:  # the store says which game the key made
        store.create_game(db, "wizard", "x", {"players": NAMES}, made_from="api:k1", made_with="other")
    assert (made.value.game_id, made.value.made_with) == (first.game_id, "body")
    assert db.execute("select count(*) from games").fetchone()[0] == 1
    assert db.execute("select count(*) from links").fetchone()[0] == 1  # one Scribe's link, not two


def test_a_failed_create_leaves_no_game_and_no_link(db):
    def broken(conn, game_id):
        links.add_first_in(conn, KEY, links.fresh_salt(KEY), game_id)
        raise RuntimeError("the disk is full")

    with pytest.raises(RuntimeError):
        store.create_game(db, "wizard", "x", {"players": NAMES}, also=broken)
    assert db.execute("select count(*) from games").fetchone()[0] == 0
    assert db.execute("select count(*) from links").fetchone()[0] == 0


def _earlier(db, seat, seconds: int = 11) -> links.Link:
    """``seconds`` pass for the seat's claim: the seat as then found."""
    at = datetime.fromisoformat(_found(db, seat).claimed_at) - timedelta(seconds=seconds)
    with writing(db):
        db.execute("update links set claimed_at = ? where token_hash = ?", [at.isoformat(timespec="seconds"),
                                                                             seat.token_hash])
    return _found(db, seat)


def _found(db, seat) -> links.Link:
    return next(l for l in links.live(db, seat.game_id) if l.token_hash == seat.token_hash)


def test_a_claim_made_for_a_key_its_phone_may_never_get_waits_for_it_a_few_seconds(db):
    """Issue 31: a claim with a key made for its answer (``held=False``) is pending: it
    refuses other devices for WAIT_SECONDS, then the next one takes it over (keeping its
    version); its device coming back with the key makes it sure, for good."""
    gid = wizard(db).game_id
    seat = links.ensure(db, KEY, gid, links.PLAYER, 1)
    service.act(db, gid, "bid", {"round": 1, "player": 1, "bid": 0}, 0)
    lost = links.claim(db, seat, "phone-lost", held=False)
    assert lost.claim_pending and lost.claim_version == 1 and 1 <= links.waiting(lost) <= links.WAIT_SECONDS
    assert links.claim(db, lost, "phone-again", held=False) is None  # refused while it waits
    later = _earlier(db, lost)
    assert links.waiting(later) == 0
    holder = links.claim(db, later, "phone-again")  # it brought its key this time: sure at once
    assert (holder.claim_hash, holder.claim_pending) == ("phone-again", 0)
    assert holder.claim_version == 1  # taken over, the claim keeps its version
    assert links.claim(db, later, "phone-third") is None  # the claim read before: taken over once only
    assert links.claim(db, _earlier(db, holder, 3600), "phone-lost") is None  # sure: refused for good
    # a pending claim whose device comes back is sure; the device released from a seat does
    # not take a lapsed pending claim over by polling, only by asking again
    links.release(db, gid, 1)
    freed = _found(db, seat)
    pending = links.claim(db, freed, "phone-b", held=False)
    assert pending.claim_pending and links.claim(db, pending, "phone-b").claim_pending == 0
    links.release(db, gid, 1)
    freed = _found(db, seat)
    lapsed = _earlier(db, links.claim(db, freed, "phone-c", held=False))
    assert links.claim(db, lapsed, "phone-b") is None
    assert links.claim(db, lapsed, "phone-b", again=True).claim_hash == "phone-b"


def test_links_are_issued_found_claimed_released_and_revoked(db):
    made = wizard(db)
    gid = made.game_id
    assert links.find(db, made.key)[0].kind == links.SCRIBE and links.find(db, made.key)[1] == 0
    seat = links.ensure(db, KEY, gid, links.PLAYER, 1)
    assert links.ensure(db, KEY, gid, links.PLAYER, 1) == seat  # two loads make one
    token = links.token_of(KEY, seat)
    service.act(db, gid, "bid", {"round": 1, "player": 1, "bid": 0}, 0)
    held = links.claim(db, seat, "phone-a")
    assert held.claimed and held.claim_version == 1 and links.claim(db, held, "phone-b") is None
    links.release(db, gid, 1)
    freed = links.find(db, token)[0]
    assert not freed.claimed and freed.horizon == 1 and freed.released_hash == "phone-a"
    assert links.claim(db, freed, "phone-a") is None  # released from that phone: not by polling
    assert links.claim(db, freed, "phone-b").claim_hash == "phone-b"
    again = links.issue(db, KEY, gid, links.PLAYER, 1)
    assert links.find(db, token) is None and links.was_revoked(db, token).player == 1
    assert again.horizon == 1  # the new link of a seat does not read what the seat recorded before
    links.revoke(db, gid, links.PLAYER, 1)
    assert links.ensure(db, KEY, gid, links.PLAYER, 1) is None  # revoked: none until one is issued
    assert links.game_version(db, gid) == 1 and store.version_of(db, gid) == 1


def test_a_groups_games_statistics_and_names(db):
    group = groups.hash_of("device-key")
    made = [wizard(db) for _ in range(3)]
    for m in made:
        groups.hold(db, group, m.game_id, m.key)
    groups.hold(db, group, made[0].game_id, made[0].key)  # held again: nothing written, no second row
    finish(db, made[0].game_id)
    finish(db, made[1].game_id)
    listed = groups.games(db, group, KEY, ["wizard"])
    assert sorted((t, g.id) for t, g in listed) == sorted((m.key, m.game_id) for m in made)
    assert groups.games(db, group, KEY, ["wizard"], limit=1) == listed[:1]
    assert groups.count(db, group, ["wizard"]) == 3 and groups.count(db, group, ["points"]) == 0
    done = groups.finished(db, group, ["wizard"])
    assert [(i, v) for i, v, _p in done] == [(made[0].game_id, 4), (made[1].game_id, 4)]
    assert all(json.loads(p) == NAMES for _i, _v, p in done)
    assert groups.lineups(db, group, ["wizard"]) == [NAMES] * 3
    sharing.reissue(db, KEY, sharing.open_link(db, made[2].key, links.SCRIBE), "scribe")
    assert groups.count(db, group, ["wizard"]) == 2  # its link replaced elsewhere: dropped from the list
    names.set_aliases(db, group, {"ben": "Ana"})
    names.set_aliases(db, group, {"ben": "Cy", "ana": "Ana"})
    assert names.aliases(db, group) == {"ben": "Cy", "ana": "Ana"}
    versions = {i: v for i, v, _p in done}
    assert stories.versions(db, list(versions)) == versions
    [kind] = service.group_statistics(db, versions, {}, group_of.Filters(), dict)
    # each game: Ana bid 0 and took the trick (-10), Ben and Cy bid 0 and took none (20 each, W-S1)
    wins = {p["name"]: (p["games"], p["wins"]) for p in kind["standings"]}
    assert kind["games"] == 2 and wins == {"Ana": (2, 0), "Ben": (2, 2), "Cy": (2, 2)}
    rows = stories.round_rows(db, [made[0].game_id])
    assert [(r[2], r[3], r[4]) for r in rows] == [(0, "Ana", -10), (1, "Ben", 20), (2, "Cy", 20)]


def test_the_hubs_version_read_names_every_game_asked_that_exists(db):
    made = [wizard(db) for _ in range(3)]
    finish(db, made[0].game_id)
    assert store.versions_of(db, [m.game_id for m in made] + ["nope"]) == {
        made[0].game_id: 4, made[1].game_id: 0, made[2].game_id: 0}
    assert store.version_of(db, "nope") is None


def test_creates_racing_with_one_key_make_one_game(backend):
    out = at_once(backend.where, 6, lambda db: wizard(db, made_from="form:k", made_with=None))
    assert len({(m.game_id, m.key) for m in out}) == 1 and sum(m.new for m in out) == 1


def test_postgresql_announces_each_change_a_stream_shows_on_commit_only(pg_url):
    """``pg_notify('scribe_changes', <game id>)`` in the writing transaction: an entry, a
    rename, a delete, a link revoked, a seat released; nothing for a write rolled back."""
    import psycopg

    db = store.open_db(pg_url)
    listener = psycopg.connect(pg_url, autocommit=True)
    listener.execute(f"listen {pg.CHANNEL}")

    def heard() -> list[str]:
        return [n.payload for n in listener.notifies(timeout=0.5, stop_after=50)]

    made = wizard(db)
    gid = made.game_id
    heard()  # the create's own
    service.act(db, gid, "bid", {"round": 1, "player": 1, "bid": 0}, 0)
    assert heard() == [gid]
    seat = links.claim(db, links.ensure(db, KEY, gid, links.PLAYER, 1), "phone")
    heard()
    links.release(db, gid, 1)
    assert heard() == [gid]
    links.revoke(db, gid, links.PLAYER, 1)
    assert heard() == [gid] and seat is not None
    store.rename_game(db, gid, "Friday")
    assert heard() == [gid]
    store.delete_game(db, gid)
    assert heard() == [gid]
    with pytest.raises(store.StaleError):
        store.append_entry(db, gid, 0, "bid", {"bid": 9})
    with pytest.raises(RuntimeError), db.transaction():
        store.rename_game(db, gid, "Never")
        raise RuntimeError("rolled back")
    assert heard() == [] and store.get_game(db, gid).name == "Friday"
    listener.close()
    store.close(db)


def test_story_saves_and_link_replacements_racing_on_one_game_all_succeed(backend):
    """Six threads save the same game's story and replace its watch link at once: none
    fails on a row another just inserted, and one story and one live watch link remain."""
    db = backend.open()
    made = wizard(db)
    finish(db, made.game_id)
    game = store.get_game(db, made.game_id)
    sheet = service.load(db, made.game_id)[1]
    told = service.rules_for(game).story(sheet)

    def save_and_replace(conn):
        stories.save(conn, game.id, game.game, game.version, told, None)
        links.issue(conn, KEY, game.id, links.WATCH)

    at_once(backend.where, 6, save_and_replace)  # any thread's failure is raised here
    assert stories.versions(db, [game.id]) == {game.id: 4}
    assert db.execute("select count(*) from story_players where game_id = ?", [game.id]).fetchone()[0] == 3
    assert [l.kind for l in links.live(db, game.id)].count(links.WATCH) == 1
    store.close(db)
