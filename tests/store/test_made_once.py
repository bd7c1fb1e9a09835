"""A create sent ten times at once (issue 18), on a real SQLite file and on PostgreSQL
(``backend``), each thread with its own connection: one game, one Scribe's link, and every caller is answered that game and
that link (``sharing.new_game``'s ``made_from``; the unique index of m008)."""

from __future__ import annotations

import pytest

from scribe import service, sharing, store
from scribe.store import links

from .racing import at_once

KEY = "secret-key-of-the-server"
NAMES = ["Ana", "Ben", "Cy"]


@pytest.fixture
def path(backend):
    return backend.where


def finished_game(path) -> str:
    db = store.open_db(path, migrate=False)
    try:
        made = sharing.new_game(db, KEY, "wizard", None, "en", players=NAMES, first_dealer=0, preset="standard",
                                rounds=1)
        for version, player in enumerate((1, 2, 0)):
            service.act(db, made.game_id, "bid", {"round": 1, "player": player, "bid": 0}, version)
        service.act(db, made.game_id, "tricks", {"round": 1, "tricks": [1, 0, 0]}, 3)
        return made.key
    finally:
        db.conn.close()


def scribe_links(path, game_id):
    db = store.open_db(path, migrate=False)
    try:
        return [l for l in links.live(db, game_id) if l.kind == links.SCRIBE], \
            db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.conn.close()


@pytest.mark.parametrize("attempt", range(3))
def test_ten_rematches_at_once_make_one_game_with_one_scribes_link(path, attempt):
    key = finished_game(path)

    def rematch(db):
        return sharing.rematch(db, KEY, sharing.open_link(db, key, links.SCRIBE))

    made = at_once(path, 10, rematch)
    assert len({m.game_id for m in made}) == 1 and len({m.key for m in made}) == 1
    assert sum(m.new for m in made) == 1
    live, count = scribe_links(path, made[0].game_id)
    assert count == 2 and len(live) == 1 and links.token_of(KEY, live[0]) == made[0].key


def test_ten_creates_with_one_key_at_once_make_one_game(path):
    made = at_once(path, 10, lambda db: sharing.new_game(db, KEY, "wizard", None, "en", made_from="api:k",
                                                         made_with="body", players=NAMES, first_dealer=0))
    assert len({(m.game_id, m.key) for m in made}) == 1 and sum(m.new for m in made) == 1
    live, count = scribe_links(path, made[0].game_id)
    assert count == 1 and [links.token_of(KEY, l) for l in live] == [made[0].key]
