"""The one path from an action to the record: load, let the rules decide, append.

Views and the API both call these, so the pages and the JSON never disagree.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from hashlib import blake2b
from typing import Any, Generic, NamedTuple, TypeVar

from . import group, store
from .games import GAMES
from .rules.cards import make_rng
from .rules.errors import N_, RuleError, Unchanged
from .rules.fields import clean_text
from .rules.game import GameRules
from .rules.log import REDO, UNDO, Entry, named, verify_redo, verify_undo
from .rules.robots import chosen as chosen_robots
from .store import results, stories, taps
from .store.db import INTEGRITY
from .store.games import Database

GAME_NAME_MAX = 60
log = logging.getLogger("scribe")
K = TypeVar("K")
V = TypeVar("V")


class NotFound(Exception):
    """No such game (or it was deleted)."""


class TapDone(Exception):
    """This request's Idempotency-Key already recorded its write in this game (a retry
    whose first answer was lost, on this node or another): nothing is recorded again and
    the web layer answers what the first try answered. ``seq``: the version its entry
    made (None for a write that records no entry)."""

    def __init__(self, game_id: str, seq: int | None):
        super().__init__(game_id, seq)
        self.game_id, self.seq = game_id, seq


KEY_FIELD = "Idempotency-Key"


def check_tap(db: Database, game_id: str) -> None:
    """Before a write: TapDone if this request's key (``store.taps``) already recorded
    one in this game, a RuleError if it recorded another request's. Costs nothing
    without a key, one primary-key lookup with one."""
    tap = taps.pending()
    if tap is None:
        return
    found = taps.find(db, game_id, tap)
    if found is None:
        return
    if found.request_hash != tap.request_hash:
        raise RuleError(N_("This Idempotency-Key was already sent with another request: send a new key "
                           "for a new tap."), field=KEY_FIELD)
    raise TapDone(game_id, found.seq)


def keyed_write(db: Database, game_id: str, write: Callable[[], Any]) -> Any:
    """A write that records no entry (a rename, a link) under this request's key: checked
    first, and if another request with the same key committed in between (the key's
    primary key refused this one whole), answered as that one."""
    check_tap(db, game_id)
    try:
        return write()
    except INTEGRITY:
        if taps.pending() is None:
            raise
        check_tap(db, game_id)
        raise


def rules_for(game: store.GameRow) -> GameRules:
    return GAMES[game.game]


class Replayed(NamedTuple):
    setup: Any
    sheet: Any
    log: tuple[Entry, ...]


class Recent(Generic[K, V]):
    """The values of recently used keys, the least recently used dropped past ``size``;
    shared by the server's threads. Only for values a key names for good."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# The replayed sheets of recently played games, keyed by (game id, version). The log only
# grows (an undo is an entry too) and the sheet is a pure function of the setup and the
# log, so a game's version names one sheet for good: a hit skips reading and replaying it.
sheets: Recent[tuple[str, int], Replayed] = Recent(256)


def _replayed(db: Database, game: store.GameRow) -> Replayed:
    hit = sheets.get((game.id, game.version))
    if hit is not None:
        return hit
    rules = rules_for(game)
    setup = rules.Setup.from_dict(game.setup)
    log = tuple(store.load_log(db, game.id))
    replayed = Replayed(setup, rules.replay(setup, log), log)
    if replayed.sheet.version == game.version:  # else a writer got in between the two reads
        sheets.put((game.id, game.version), replayed)
    return replayed


def _game(db: Database, game_id: str, deleted_ok: bool = False, game: store.GameRow | None = None) -> store.GameRow:
    """The row of a known game (``game``: as the caller just read it), NotFound otherwise."""
    game = game if game is not None and game.id == game_id else store.get_game(db, game_id)
    if game is None or (game.deleted_at and not deleted_ok) or game.game not in GAMES:
        raise NotFound(game_id)
    return game


def get(db: Database, game_id: str) -> store.GameRow | None:
    """The game row of a known game (deleted or not), for lists; None otherwise."""
    game = store.get_game(db, game_id)
    return game if game is not None and game.game in GAMES else None


def load(db: Database, game_id: str, deleted_ok: bool = False, game: store.GameRow | None = None
         ) -> tuple[store.GameRow, Any, list]:
    """The game row, its sheet and its log; NotFound for unknown or deleted ids. ``game``:
    the row the caller read with its link (``links.find_with_game``), not read again."""
    game = _game(db, game_id, deleted_ok, game)
    _setup, sheet, log = _replayed(db, game)
    return game, sheet, list(log)


def verify_game_name(raw: Any, default: str) -> str:
    """A game's name cleaned like a player's (``fields.clean_text``: no control or
    invisible characters, NFC, spaces collapsed), ``default`` when nothing is left,
    refused above GAME_NAME_MAX characters."""
    if raw is not None and not isinstance(raw, str):
        raise RuleError(N_("A game name must be text."), field="name")
    name = clean_text(raw or "", GAME_NAME_MAX)
    if name is None:
        raise RuleError(N_("A game name is at most %(max)s characters."), field="name", max=GAME_NAME_MAX)
    return name or default


def create(db: Database, game: str, name: Any, lang: str, made_from: str | None = None, made_with: str | None = None,
           also: Callable[[Any, str], None] | None = None, robots: Any = None, **options: Any) -> str:
    """Check the setup with the game's rules, then store it; returns the new id.
    ``made_from``, ``made_with``, ``also``: as ``store.create_game`` (AlreadyMade).
    ``robots``: seat -> level (a JSON object's "1": "hard" too), the seats the new-game form
    or the API hands to robots (issue 37), each recorded as the game's first entries ("bot"),
    all checked before anything is saved (a refusal names the field ``robots``)."""
    if not isinstance(game, str) or game not in GAMES:  # a JSON list is unhashable
        raise RuleError(N_("Unknown game."), field="game")
    rules = GAMES[game]
    setup = rules.make_setup(**options)
    default = " · ".join(setup.players)
    if len(default) > GAME_NAME_MAX:  # six long names: the default name is shortened, never refused
        default = default[: GAME_NAME_MAX - 1].rstrip(" ·") + "…"
    sheet = rules.replay(setup, [])
    robots = chosen_robots(robots)
    _check_robots(rules, sheet, robots)
    game_id = store.create_game(
        db, game, verify_game_name(name, default), setup.as_dict(), lang, rules.summary(sheet),
        made_from=made_from, made_with=made_with, also=also,
    )
    sheets.put((game_id, 0), Replayed(setup, sheet, ()))  # the answer shows it: not replayed again
    for seat, level in sorted(robots.items()):
        act(db, game_id, BOT, {"seat": seat, "level": level})
    return game_id


BOT = "bot"  # a seat handed to a robot (issue 37)


def _check_robots(rules: GameRules, sheet: Any, robots: Mapping[int, str]) -> None:
    """The robots a new game is made with, each entry checked on the sheet before it (a
    refusal names the field ``robots``): a game is made with all of them or not at all."""
    if not robots:
        return
    if BOT not in rules.KINDS:
        raise RuleError(N_("No robot plays this game."), field="robots")
    log: list[Entry] = []
    for seat, level in sorted(robots.items()):
        try:
            data = rules.verify(sheet, BOT, {"seat": seat, "level": level, "seed": 0})
        except RuleError as err:
            raise RuleError(err.template, field="robots", **err.params) from None
        entry = Entry(len(log) + 1, BOT, data)
        sheet = rules.advance(sheet, entry, tuple(log))
        log.append(entry)


def _check_version(sheet: Any, version: Any, log: tuple[Entry, ...] = (), quiet: tuple[str, ...] = ()) -> None:
    """A page submits the version it showed; an older one is a stale page or a double tap,
    unless only ``quiet`` entries came since (cards marked on players' phones)."""
    if version in (None, ""):
        return
    try:
        if isinstance(version, (bool, float)):  # 0.5 or true is no version a page showed
            raise TypeError
        v = int(version)
    except (TypeError, ValueError):
        raise RuleError(N_("This page is out of date: reload it."), field="version") from None
    if v != sheet.version and not (0 <= v < sheet.version and quiet and all(e.kind in quiet for e in log[v:])):
        raise store.StaleError(sheet.version)


def _entry_data(rules: GameRules, sheet: Any, log: tuple[Entry, ...], kind: str, data: dict[str, Any],
                rng: Any = None) -> dict[str, Any]:
    """What one action appends to the log, verified against ``sheet`` (RuleError if refused)."""
    if kind == UNDO:
        target = verify_undo(log)
        rules.verify_take_back(sheet, log, target)
        return named(UNDO, target)  # the log reads on its own
    if kind == REDO:
        return named(REDO, verify_redo(log))
    if kind in rules.KINDS:
        if kind in rules.DRAWN:  # a deal: shuffled here, whatever the client sent; a deal taken back, again
            data = rules.drawn_again(sheet, log, kind, data) or rules.DRAWN[kind](sheet, data, rng or make_rng())
        return rules.verify(sheet, kind, data)
    raise RuleError(N_("Unknown action."), field="kind")


def _raise_if_unchanged(rules: GameRules, sheet: Any, kind: str, data: dict[str, Any]) -> None:
    """Raise Unchanged if recording ``data`` now would change nothing (a correction the
    round already says, from a page the game has moved past): nothing can be lost by
    answering it as done, while a stale refusal would tell a double tap it failed."""
    if kind not in rules.KINDS or kind in rules.DRAWN:
        return
    try:
        rules.verify(sheet, kind, data)
    except Unchanged:
        raise
    except RuleError:
        return


def already_recorded(db: Database, game_id: str, kind: str, data: dict[str, Any], version: Any) -> bool:
    """Is the entry right after ``version`` this very action? Then a retried tap (its first
    try got through, its answer was lost) is already in the log and must not be added again."""
    game = _game(db, game_id)
    setup, _sheet, log = _replayed(db, game)
    try:
        v = int(version)
    except (TypeError, ValueError):
        return False
    if not 0 <= v < len(log) or log[v].kind != kind:
        return False
    rules = rules_for(game)
    if kind in rules.DRAWN:  # shuffled anew on each try: a deal right after that version is this one
        return True
    try:
        return _entry_data(rules, rules.replay(setup, log[:v]), log[:v], kind, data) == dict(log[v].data)
    except RuleError:
        return False


@contextmanager
def _unless_done(db: Database, game_id: str) -> Iterator[None]:
    """With an Idempotency-Key: a refusal (stale, or by the rules) because this very tap got
    in meanwhile (sent at once from elsewhere, committed since ``check_tap`` looked) answers
    that one's answer instead (TapDone). Without a key, a refusal as ever."""
    try:
        yield
    except (store.StaleError, RuleError):
        check_tap(db, game_id)
        raise


# Called after each recorded act with (db, game id, the new sheet): the robots in seats play
# on (``bot_turns.install``). A hook that fails is logged: the act is recorded whatever it does.
AFTER_ACT: list[Callable[[Database, str, Any], None]] = []


def act(db: Database, game_id: str, kind: str, data: dict[str, Any], version: Any = None, rng: Any = None,
        game: store.GameRow | None = None):
    """Verify and record one action; returns the new sheet. ``rng`` only for tests of a
    deal (the virtual deck): by default the OS's cryptographic source. ``game``: the row
    this request already read (a stale one only makes the append refuse, StaleError).

    Raises RuleError (refused: nothing saved), Unchanged (a RuleError: a correction equal
    to what is recorded, nothing saved, whatever the version), StaleError or NotFound.
    """
    game = _game(db, game_id, game=game)
    check_tap(db, game.id)  # with an Idempotency-Key only: recorded already?
    setup, sheet, log = _replayed(db, game)  # one read of the game row, the log only on a miss
    rules = rules_for(game)
    # undo takes back the very last entry; a card is played against the table as the page showed it
    quiet = () if kind in (UNDO, REDO) or kind in rules.QUIET_KINDS else rules.QUIET_KINDS
    with _unless_done(db, game.id):
        try:
            _check_version(sheet, version, log, quiet)
        except store.StaleError:
            _raise_if_unchanged(rules, sheet, kind, data)  # a correction sent again after the first went in
            raise
        entry_data = _entry_data(rules, sheet, log, kind, data, rng)
        # from the sheet in hand, not a replay of the whole log (equal to one: tests/rules/test_advance.py)
        new_sheet = rules.advance(sheet, Entry(sheet.version + 1, kind, entry_data), log)
        summary = rules.summary(new_sheet)
        entry = store.append_entry(db, game.id, sheet.version, kind, entry_data, summary)
    sheets.put((game.id, entry.seq), Replayed(setup, new_sheet, log + (entry,)))
    if summary.get("phase") == FINISHED:  # see _save_story: the others are told when read
        _save_story(db, game, entry.seq, rules.story(new_sheet), entry.at)
    for hook in AFTER_ACT:
        try:
            hook(db, game.id, new_sheet)
        except Exception:  # the act stands; the read path starts the robots again (bot_turns.kick)
            logging.getLogger("scribe").exception("after-act hook failed in game %s", game.id)
    return new_sheet


# The statistics read the stories of finished games only (their summary's phase, as
# ``groups.finished`` does), so an act saves a game's story only when the game stands
# finished after it: the entry that ends it, or a correction of an ended game. A round
# scored before the end saves nothing (it cost a story told and six tables rewritten per
# round); whoever reads an unfinished game's story rows (the rounds export) brings them
# up to date first (``stories_of``), as after an import or a crash.
FINISHED = "finished"


def _save_story(db: Database, game: store.GameRow, version: int, told: Any, at: str | None) -> None:
    """The statistics' copy of a game's story. The entry is already recorded: if this
    write fails, the copy is rewritten when next read (``stories_of``)."""
    try:
        stories.save(db, game.id, game.game, version, told, at)
    except store.TRANSIENT:  # busy past the timeout, or unreachable: the read path mends it
        log.warning("story of game %s not saved at version %s", game.id, version)


def stories_of(db: Database, games: list[store.GameRow]) -> None:
    """Bring the story rows of ``games`` up to their version, replaying only the games
    whose rows are missing or behind (a finished game's are current: an act writes them)."""
    stood = stories.versions(db, [g.id for g in games])
    for game in games:
        if stood.get(game.id) != game.version and game.game in GAMES:
            _setup, sheet, played = _replayed(db, game)
            _save_story(db, game, sheet.version, rules_for(game).story(sheet), played[-1].at if played else None)


# The group statistics recently answered, keyed by a digest of the games and their
# versions, the aliases and the filters: a version names one story for good (see sheets),
# so a hit is what a recomputation would give, and opening the page again reads nothing.
statistics_cache: Recent[tuple[bytes, Any, group.Filters], list[dict[str, Any]]] = Recent(64)


def group_statistics(db: Database, versions: Mapping[str, int], aliases: Mapping[str, str], f: group.Filters,
                     shown: Callable[[], Mapping[str, str]]) -> list[dict[str, Any]]:
    """``group.statistics`` of the finished games ``versions`` names (id -> version, not
    deleted) as their stories stand at those versions; ``shown`` gives the names to
    show, asked only when worked out anew."""
    digest = blake2b(",".join(f"{i}:{v}" for i, v in versions.items()).encode(), digest_size=16).digest()
    key = (digest, tuple(sorted(aliases.items())), f)
    hit = statistics_cache.get(key)
    if hit is None:
        hit = group.statistics(_tallies(db, versions, aliases, f).kinds, aliases, shown(), f.player)
        statistics_cache.put(key, hit)
    return hit


def group_results(db: Database, versions: Mapping[str, int]) -> list[results.Placed]:
    """Every seat of the finished games ``versions`` names (id -> version), in the order
    they finished (the ladders, the BG Stats export), their story rows brought up to date
    first."""
    _mend(db, versions)
    return results.standings(db, versions)


def _tallies(db: Database, versions: Mapping[str, int], aliases: Mapping[str, str], f: group.Filters
             ) -> stories.Tallies:
    """The tallies of the games at ``versions`` kept by ``f``, read once when every story
    row stands at its game's version (an act writes them), again after bringing those
    behind up to date."""
    only = None
    if f.player is not None:  # the games where they sat, their seats read up to date
        _mend(db, versions)
        only = group.seated(stories.seats(db, versions), aliases, f.player)
    days = (f.since and f.since.isoformat(), f.until and f.until.isoformat())
    read = stories.tallies(db, versions, f.game, f.players, *days, only)
    if read.stood != len(versions):
        _mend(db, versions)
        read = stories.tallies(db, versions, f.game, f.players, *days, only)
    return read


def _mend(db: Database, versions: Mapping[str, int]) -> None:
    """Bring the story rows of the games at ``versions`` found behind up to date."""
    stood = stories.versions(db, versions)
    behind = [store.get_game(db, i) for i, v in versions.items() if stood.get(i) != v]
    stories_of(db, [g for g in behind if g is not None])


def replayed_at(db: Database, game_id: str, version: int) -> Replayed | None:
    """The setup, sheet and log of a game at ``version`` if this process just replayed it
    (an act puts its result in the cache): a page shows it without reading it again."""
    return sheets.get((game_id, version))


def rename(db: Database, game_id: str, name: Any) -> None:
    game, _, _ = load(db, game_id)
    name = verify_game_name(name, game.name)
    keyed_write(db, game.id, lambda: store.rename_game(db, game.id, name))


def delete(db: Database, game_id: str) -> None:
    game = _game(db, game_id, deleted_ok=True)
    check_tap(db, game.id)  # a delete sent again finds its game deleted: answered as the first
    if game.deleted_at:
        raise NotFound(game_id)
    keyed_write(db, game.id, lambda: store.delete_game(db, game.id))


def restore(db: Database, game_id: str) -> None:
    game, _, _ = load(db, game_id, deleted_ok=True)
    keyed_write(db, game.id, lambda: store.restore_game(db, game.id))
