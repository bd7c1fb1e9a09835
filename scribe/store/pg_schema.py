"""PostgreSQL's schema, as named steps applied in order on start (never edit an applied
step), recorded in ``scribe_migrations``: the same tables as SQLite's migrations reach
(m001 to m008), in one first step, with PostgreSQL's own versioning from here on.

Columns keep SQLite's shapes (JSON as text, times as ISO text), so a row reads the same
from either backend and a game moves between them unchanged. ``group_games.rowid``
stands in for SQLite's implicit rowid: the order in which a group came to hold its games.
Several processes may start at once: one applies the steps under an advisory lock while
the others wait, then find them applied.
"""

from __future__ import annotations

from datetime import UTC, datetime

P001_TABLES = """
create table games (
    id text primary key,            -- 128 random bits, url-safe
    game text not null,             -- which rules module
    name text not null,
    setup text not null,            -- JSON, owned by the rules module
    lang text,
    version integer not null default 0,   -- number of entries; the next entry's seq is version + 1
    summary text default '{}',      -- JSON snapshot for the games list
    created_at text not null,
    updated_at text not null,
    deleted_at text,
    made_from text,                 -- m008: at most one game per create key
    made_with text
);
create index games_updated_at on games (updated_at);
create unique index games_made_from on games (made_from) where made_from is not null;

create table entries (
    game_id text not null references games (id),
    seq integer not null,
    kind text not null,
    data text not null,
    at text not null,
    primary key (game_id, seq)      -- two writers at the same version: only one lands
);

create table links (
    token_hash text primary key,
    game_id text not null references games (id),
    kind text not null,
    player integer not null,
    salt text not null,
    created_at text not null,
    revoked_at text,
    horizon integer not null default 0,
    claim_hash text,
    claimed_at text,
    released_hash text,
    claim_version integer not null default 0
);
create unique index links_live on links (game_id, kind, player) where revoked_at is null;

create table story_games (
    game_id text primary key references games (id),
    version integer not null, game text not null, variant text, players integer not null,
    rounds integer, finished integer, lowest_wins integer, finished_at text,
    tally_scores text, tally_counted text
);
create table story_players (
    game_id text references games (id), seat integer, player text, score integer, rank integer,
    won integer, bids_tried integer, bids_made integer, best_round_points integer,
    worst_round_points integer,
    primary key (game_id, seat)
);
create table story_bids (
    game_id text references games (id), seat integer, bid integer, tried integer, made integer,
    primary key (game_id, seat, bid)
);
create table story_rounds (
    game_id text references games (id), round integer, seat integer, points integer, total integer,
    primary key (game_id, round, seat)
);
create view rounds as
    select g.name as game_name, g.game, r.game_id, r.round, r.seat, p.player, r.points, r.total
    from story_rounds r join games g on g.id = r.game_id
    join story_players p on p.game_id = r.game_id and p.seat = r.seat
    where g.deleted_at is null;
create view results as
    select g.name as game_name, s.game, s.variant, s.players, s.finished_at, p.game_id, p.seat, p.player,
           p.score, p.rank, p.won, p.bids_tried, p.bids_made
    from story_players p join story_games s on s.game_id = p.game_id join games g on g.id = p.game_id
    where g.deleted_at is null and s.finished = 1;

create table player_names (
    group_hash text, name_key text, name text, updated_at text,
    primary key (group_hash, name_key)
);

create table group_games (
    group_hash text not null,
    game_id text not null references games (id),
    token_hash text not null references links (token_hash),
    added_at text not null,
    rowid bigint generated always as identity,
    primary key (group_hash, game_id)
);
"""

# Every change a stream must show announces its game on the channel, on commit (pg.py).
P002_NOTICES = """
create function scribe_game_changed() returns trigger language plpgsql as $$
begin
    perform pg_notify('scribe_changes', new.id);
    return null;
end $$;
create function scribe_link_changed() returns trigger language plpgsql as $$
begin
    perform pg_notify('scribe_changes', new.game_id);
    return null;
end $$;
create trigger games_changed after update on games
    for each row when (old.* is distinct from new.*) execute function scribe_game_changed();
create trigger links_changed after insert or update on links
    for each row execute function scribe_link_changed();
"""

# The Idempotency-Keys of a game's writes (issue 31): SQLite's m009.
P003_TAPS = """
create table taps (
    game_id text not null references games (id),
    key_hash text not null,         -- sha256 of the key: the key is never kept
    request_hash text not null,     -- sha256 of the request: the same key with another is refused
    seq integer,                    -- the version the write's entry made; null for a rename or a link
    at text not null,
    primary key (game_id, key_hash)
);
"""

# A claim waiting for its phone to come back with its key (issue 31): SQLite's m010.
P004_CLAIM_PENDING = """
alter table links add column claim_pending integer not null default 0;
"""

# Club nights (issue 36): SQLite's m012.
P005_EVENTS = """
create table events (
    id text primary key,
    name text not null,
    lang text,
    definition text not null,       -- JSON: game, format, parties, entrants, settings, changes, seed
    version integer not null default 0,   -- moves with each change of the event itself
    created_at text not null,
    updated_at text not null,
    made_from text,                 -- an API create's Idempotency-Key, hashed
    made_with text
);
create unique index events_made_from on events (made_from) where made_from is not null;
create table event_parties (
    event_id text not null references events (id),
    partie integer not null,
    byes text not null,             -- JSON list of the units sitting out
    drawn_at text not null,
    primary key (event_id, partie)
);
create table event_tables (
    event_id text not null references events (id),
    partie integer not null,
    table_no integer not null,
    game_id text not null references games (id),
    units text not null,            -- JSON list, in seat order
    primary key (event_id, partie, table_no)
);
create unique index event_tables_game on event_tables (game_id);
create table event_links (
    token_hash text primary key,
    event_id text not null references events (id),
    kind text not null,             -- "organiser" or "ranking"
    salt text not null,
    created_at text not null,
    revoked_at text
);
create unique index event_links_live on event_links (event_id, kind) where revoked_at is null;
"""

# A game's notes, each kept (issue 36): SQLite's m013.
P006_GAME_NOTES = """
create table game_notes (
    game_id text not null references games (id),
    seq integer not null,
    note text not null,
    written_at text not null,
    primary key (game_id, seq)
);
"""

# An event's own changes and its links' are announced too, by the event's id (SQLite's m014):
# the hall's TV and the organiser's page held on any node hear a partie drawn or a link revoked.
P007_EVENT_NOTICES = """
create function scribe_event_link_changed() returns trigger language plpgsql as $$
begin
    perform pg_notify('scribe_changes', new.event_id);
    return null;
end $$;
create trigger events_changed after update on events
    for each row when (old.* is distinct from new.*) execute function scribe_game_changed();
create trigger event_links_changed after update on event_links
    for each row execute function scribe_event_link_changed();
"""

# A club night's notes, each kept, each announced by its event as p007 does (SQLite's m015).
P008_EVENT_NOTES = """
create table event_notes (
    event_id text not null references events (id),
    seq integer not null,
    note text not null,
    written_at text not null,
    primary key (event_id, seq)
);
create trigger event_notes_written after insert on event_notes
    for each row execute function scribe_event_link_changed();
"""

# The robot's hints for learners, a table setting (SQLite's m016): its change updates the
# game's row, which p002's trigger announces.
P009_TABLE_HINTS = """
alter table games add column hints integer not null default 0;
"""

STEPS = (("p001_tables", P001_TABLES), ("p002_change_notices", P002_NOTICES), ("p003_taps", P003_TAPS),
         ("p004_claim_pending", P004_CLAIM_PENDING), ("p005_events", P005_EVENTS),
         ("p006_game_notes", P006_GAME_NOTES), ("p007_event_notices", P007_EVENT_NOTICES),
         ("p008_event_notes", P008_EVENT_NOTES), ("p009_table_hints", P009_TABLE_HINTS))
_LOCK = 7_263_412_023  # the advisory lock the migrating process holds


def apply(db) -> list[str]:
    """Apply the steps not applied yet, in one transaction (all or none); the names applied."""
    done = []
    with db.transaction():
        db.execute("select pg_advisory_xact_lock(?)", [_LOCK])
        db.execute("create table if not exists scribe_migrations (name text primary key, applied_at text not null)")
        have = {r[0] for r in db.execute("select name from scribe_migrations").fetchall()}
        for name, sql in STEPS:
            if name in have:
                continue
            db.conn.execute(sql)  # several statements, no parameters: sent as they are
            db.execute("insert into scribe_migrations (name, applied_at) values (?, ?)",
                       [name, datetime.now(UTC).isoformat(timespec="seconds")])
            done.append(name)
    return done


def applied(db) -> list[str]:
    return [r[0] for r in db.execute("select name from scribe_migrations order by name").fetchall()]
