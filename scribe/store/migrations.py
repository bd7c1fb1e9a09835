"""The schema, as named steps applied in order on start (never edit an applied step)."""

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scribe")


@migrations()
def m001_games_and_entries(db: Database) -> None:
    """A game is its setup plus an append-only log of entries (undo is an entry too)."""
    db["games"].create(
        {
            "id": str,  # 128 random bits, url-safe: the link is the permission
            "game": str,  # which rules module: "wizard", ...
            "name": str,
            "setup": str,  # JSON, owned by the rules module
            "lang": str,
            "version": int,  # number of entries; the next entry's seq is version + 1
            "summary": str,  # JSON snapshot for the games list (phase, round, leaders)
            "created_at": str,
            "updated_at": str,
            "deleted_at": str,
        },
        pk="id",
        not_null={"game", "name", "setup", "version", "created_at", "updated_at"},
        defaults={"version": 0, "summary": "{}"},
    )
    db["entries"].create(
        {"game_id": str, "seq": int, "kind": str, "data": str, "at": str},
        pk=("game_id", "seq"),  # two writers at the same version: only one lands
        foreign_keys=[("game_id", "games", "id")],
        not_null={"kind", "data", "at"},
    )
    db["games"].create_index(["updated_at"])


@migrations()
def m002_links(db: Database) -> None:
    """Watch and player links: only a hash of each token is kept, never the token."""
    db["links"].create(
        {
            "token_hash": str,  # sha256 hex of the token in the URL
            "game_id": str,
            "kind": str,  # "watch" or "player"
            "player": int,  # the seat of a player link; -1 for a watch link
            "salt": str,  # the token is HMAC(secret key, salt): the Scribe's page can show it again
            "created_at": str,
            "revoked_at": str,
        },
        pk="token_hash",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "kind", "player", "salt", "created_at"},
    )
    # at most one live link of each kind per game and seat: two page loads never make two
    db.execute(
        "create unique index links_live on links (game_id, kind, player) where revoked_at is null"
    )


@migrations()
def m003_scribe_links_and_claims(db: Database) -> None:
    """The Scribe's link becomes a token like the others, and seats can be claimed.

    The game's id stops being a capability: a game opens only through a live link.
    Games made before this keep their old address as their Scribe's link (its sha256
    stored, no salt: it cannot be shown again, only used), until the Scribe re-issues it.
    """
    db["links"].add_column("horizon", int, not_null_default=0)  # entries up to this seq stay sealed from it
    db["links"].add_column("claim_hash", str)  # sha256 of the device that holds the seat
    db["links"].add_column("claimed_at", str)
    db["links"].add_column("released_hash", str)  # the device the Scribe released the seat from
    from hashlib import sha256

    for game_id, created_at in db.execute("select id, created_at from games").fetchall():
        db.execute(
            "insert into links (token_hash, game_id, kind, player, salt, created_at) values (?, ?, 'scribe', -1, '', ?)",
            [sha256(game_id.encode()).hexdigest(), game_id, created_at],
        )


@migrations()
def m004_stories(db: Database) -> None:
    """Each game's story as rows, for the group's statistics and for anyone opening the
    file in Datasette: derived from the log (replayed, corrections and undos applied),
    rewritten whenever the story changes and checked against the game's version on read.

    ``rounds`` and ``results`` are SQL views over them with the games' names, leaving
    deleted games out: the statistics can be queried there too.
    """
    db["story_games"].create(
        {"game_id": str, "version": int, "game": str, "variant": str, "players": int, "rounds": int,
         "finished": int, "lowest_wins": int, "finished_at": str},
        pk="game_id", foreign_keys=[("game_id", "games", "id")], not_null={"version", "game", "players"},
    )
    db["story_players"].create(
        {"game_id": str, "seat": int, "player": str, "score": int, "rank": int, "won": int,
         "bids_tried": int, "bids_made": int, "best_round_points": int, "worst_round_points": int},
        pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")],
    )
    db["story_bids"].create(
        {"game_id": str, "seat": int, "bid": int, "tried": int, "made": int},
        pk=("game_id", "seat", "bid"), foreign_keys=[("game_id", "games", "id")],
    )
    db["story_rounds"].create(
        {"game_id": str, "round": int, "seat": int, "points": int, "total": int},
        pk=("game_id", "round", "seat"), foreign_keys=[("game_id", "games", "id")],
    )
    db.execute("""create view rounds as
        select g.name as game_name, g.game, r.game_id, r.round, r.seat, p.player, r.points, r.total
        from story_rounds r join games g on g.id = r.game_id
        join story_players p on p.game_id = r.game_id and p.seat = r.seat
        where g.deleted_at is null""")
    db.execute("""create view results as
        select g.name as game_name, s.game, s.variant, s.players, s.finished_at, p.game_id, p.seat, p.player,
               p.score, p.rank, p.won, p.bids_tried, p.bids_made
        from story_players p join story_games s on s.game_id = p.game_id join games g on g.id = p.game_id
        where g.deleted_at is null and s.finished = 1""")
    db["player_names"].create(
        {"group_hash": str, "name_key": str, "name": str, "updated_at": str},
        pk=("group_hash", "name_key"),
    )


@migrations()
def m005_group_games(db: Database) -> None:
    """A group's games live on the server, no longer in its session cookie (which kept 60).

    A row per game a group (a browser, by a hash of its device key, the one that keys
    ``player_names``) holds a Scribe's link to, by that link's hash: never a token. A new
    Scribe's link replaces the group's row of its game; a link revoked or replaced from
    another browser leaves the row pointing at a dead link, so the game drops out of the
    list. The primary key starts with ``group_hash``: it is the index of the group's lookup.
    """
    db["group_games"].create(
        {"group_hash": str, "game_id": str, "token_hash": str, "added_at": str},
        pk=("group_hash", "game_id"),
        foreign_keys=[("game_id", "games", "id"), ("token_hash", "links", "token_hash")],
        not_null={"token_hash", "added_at"},
    )


@migrations()
def m006_story_tallies(db: Database) -> None:
    """Each finished game's tally (``group.tally``): the facts the group's statistics
    count, a line each (``tally_scores``: a seat's won flag, name and final score;
    ``tally_counted``: bids by size and head-to-head pairs), so a thousand games are
    read as one row per game type. Every story row is marked behind (version -1): the
    next read rewrites it from the log, tallies included (the rows are a cache of the
    log, never the record)."""
    db["story_games"].add_column("tally_scores", str)
    db["story_games"].add_column("tally_counted", str)
    db.execute("update story_games set version = -1")


@migrations()
def m007_claim_version(db: Database) -> None:
    """The game's version when a phone claimed the seat: a sealed bid entered before it,
    on the Scribe's phone passed round, stays sealed from that phone (W-B7). Seats claimed
    before this step keep 0: they saw their own bids already."""
    db["links"].add_column("claim_version", int, not_null_default=0)


@migrations()
def m008_made_from(db: Database) -> None:
    """What a game was made from, so a create sent twice makes one game (issue 18): a
    rematch's original game (``rematch:ID``), a new-game form's one-time key or an API
    client's Idempotency-Key (``form:``/``api:`` and a sha256: the key is never kept).
    At most one game per key, even for creates arriving at once; ``made_with`` is the
    sha256 of the API request that made it (the same key with another request is refused)."""
    db["games"].add_column("made_from", str)
    db["games"].add_column("made_with", str)
    db.execute("create unique index games_made_from on games (made_from) where made_from is not null")


@migrations()
def m009_taps(db: Database) -> None:
    """The Idempotency-Keys of a game's writes (issue 31, ``store/taps.py``): a row per key
    and game, written in the same transaction as what the write recorded, so the same key
    again (a retry, on any node) records nothing. ``key_hash`` and ``request_hash`` are
    sha256s (the key is never kept); ``seq`` is the version the write's entry made (null:
    a write that records no entry, a rename or a link)."""
    db["taps"].create(
        {"game_id": str, "key_hash": str, "request_hash": str, "seq": int, "at": str},
        pk=("game_id", "key_hash"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"request_hash", "at"},
    )


@migrations()
def m010_claim_pending(db: Database) -> None:
    """A seat claimed with a device key made for that very answer waits for its phone to
    come back with the key (issue 31, ``links.claim``): until then the claim is pending,
    and after a few seconds the link's next phone takes it over (a phone whose answer was
    lost is not locked out). Seats claimed before this step are sure: their phones came
    back long ago."""
    db["links"].add_column("claim_pending", int, not_null_default=0)


@migrations()
def m011_push_changes(db: Database) -> None:
    """A journal of the games whose screens should look again (issue 35): every change to a
    game's row (an entry appended, a rename, a deletion), to one of its links (issued,
    claimed, released, revoked), and a rematch made (its old game's screens move to it).
    Every serving process reads it from the last row it saw (``push/changes.py``), as
    PostgreSQL's triggers notify the same changes (``pg_schema`` p002): no screen has to ask
    its page again on a timer to hear of a link stopped by another process. Only the newest
    rows are kept: a process further behind than that reads every game it follows."""
    db.execute("create table push_changes (seq integer primary key, game_id text not null)")
    for name, event, table, game in (
            ("push_game_changed", "update", "games", "new.id"),
            ("push_link_added", "insert", "links", "new.game_id"),
            ("push_link_changed", "update", "links", "new.game_id")):
        db.execute(f"create trigger {name} after {event} on {table} "
                   f"begin insert into push_changes (game_id) values ({game}); end")
    db.execute("create trigger push_rematch_made after insert on games when new.made_from like 'rematch:%' "
               "begin insert into push_changes (game_id) values (substr(new.made_from, 9)); end")
    db.execute("create trigger push_changes_kept after insert on push_changes "
               "begin delete from push_changes where seq <= new.seq - 10000; end")


@migrations()
def m012_events(db: Database) -> None:
    """Club nights (issue 36, ``store/events.py``): an event is its definition (JSON: the
    game, format, parties, entrants, settings, arrivals and withdrawals, the draw's seed)
    and a version that moves with each change of the event itself. ``event_parties``: a
    partie drawn, with its byes; ``event_tables``: each table of a partie, the units seated
    in seat order and the ordinary game it plays (its own links: a table's Scribe's link
    reaches that table only). ``event_links``: the organiser's and the hall's ranking
    links, hashed as a game's are (the token is HMAC of the salt, ``links.make_token``);
    a table of its own because ``links.game_id`` names a game. ``made_from``: an API
    create sent twice makes one event (as m008 for games)."""
    db["events"].create(
        {"id": str, "name": str, "lang": str, "definition": str, "version": int, "created_at": str,
         "updated_at": str, "made_from": str, "made_with": str},
        pk="id", not_null={"name", "definition", "version", "created_at", "updated_at"}, defaults={"version": 0},
    )
    db.execute("create unique index events_made_from on events (made_from) where made_from is not null")
    db["event_parties"].create(
        {"event_id": str, "partie": int, "byes": str, "drawn_at": str},
        pk=("event_id", "partie"), foreign_keys=[("event_id", "events", "id")], not_null={"byes", "drawn_at"},
    )
    db["event_tables"].create(
        {"event_id": str, "partie": int, "table_no": int, "game_id": str, "units": str},
        pk=("event_id", "partie", "table_no"),
        foreign_keys=[("event_id", "events", "id"), ("game_id", "games", "id")],
        not_null={"game_id", "units"},
    )
    db.execute("create unique index event_tables_game on event_tables (game_id)")  # a game's event, for push
    db["event_links"].create(
        {"token_hash": str, "event_id": str, "kind": str, "salt": str, "created_at": str, "revoked_at": str},
        pk="token_hash", foreign_keys=[("event_id", "events", "id")], not_null={"event_id", "kind", "salt", "created_at"},
    )
    db.execute("create unique index event_links_live on event_links (event_id, kind) where revoked_at is null")


@migrations()
def m013_game_notes(db: Database) -> None:
    """A free-text note on a game ("chez Marie, anniversaire", issue 36), written by its
    Scribe: a row per note written, never updated or deleted, so a change keeps the old
    note (the game's page shows the last, its settings page the earlier ones)."""
    db.execute("""create table game_notes (
        game_id text not null references games (id),
        seq integer not null,
        note text not null,
        written_at text not null,
        primary key (game_id, seq))""")


@migrations()
def m014_push_events(db: Database) -> None:
    """The journal of m011 names an event too (issue 36): a change of the event itself (a
    partie drawn, an arrival, a withdrawal: its row's version moves) or of one of its links
    (the ranking link revoked), so that the hall's TV and the organiser's page held by any
    process hear of it at once (``push/many_games.py``); an entry at one of its tables is
    named by its game already. The column keeps its name: an event's id is as long and as
    random as a game's, and the journal names what a screen follows."""
    for name, table, event in (("push_event_changed", "events", "new.id"),
                               ("push_event_link_changed", "event_links", "new.event_id")):
        db.execute(f"create trigger {name} after update on {table} "
                   f"begin insert into push_changes (game_id) values ({event}); end")


@migrations()
def m015_event_notes(db: Database) -> None:
    """A free-text note on a club night ("finale du championnat", issue 36), written with
    its organiser's link: a row per note written, never updated or deleted, as m013 keeps
    a game's (the organiser's page lists the earlier ones). A note written is announced
    in the journal of m011 by its event, as m014 does an event's change, so the hall's TV
    shows it under the title at once (its rows count in ``events.version_of``)."""
    db.execute("""create table event_notes (
        event_id text not null references events (id),
        seq integer not null,
        note text not null,
        written_at text not null,
        primary key (event_id, seq))""")
    db.execute("create trigger push_event_note after insert on event_notes "
               "begin insert into push_changes (game_id) values (new.event_id); end")


@migrations()
def m016_table_hints(db: Database) -> None:
    """The robot's hints for learners (issue 37, ``scribe/hints.py``): a table setting the
    Scribe turns on or off, not an entry of the game (a switch of the table, not a move of
    the game: the record of play stays the same with or without it). 0: off, as every
    game made before this step. A change updates the game's row, so m011's trigger
    names it in the push journal."""
    db["games"].add_column("hints", int, not_null_default=0)
