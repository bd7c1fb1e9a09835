"""A game's whole record as one JSON object, to move a game to another Scribe or keep it.

``{"format": "scribe-game", "version": 1, "game", "name", "lang", "created_at", "setup",
"entries": [{"seq", "kind", "data", "at"}, ...]}`` (and ``"hints": true`` when the table
shows the robot's hints for learners, issue 37): the setup and the append-only log,
from which the sheet is replayed. Importing trusts nothing in the file: the setup goes
through the game's ``make_setup`` and every entry through its ``verify`` against the
sheet replayed so far, as if played again; a refusal names the part at fault and saves
nothing. A record holds everything, sealed bids (W-B7) and dealt hands included, so it
is only given while nothing is sealed; but a bid withdrawn before its reveal, or a deal
undone before the bids, is never known to anyone (``GameRules.withdrawn``), so the record
keeps that entry, for the undo that names it, without its value ("bid": null; a deal's
hands null, its card turned up kept), and an import records in its place a value the rules
accept there (``GameRules.stand_in``), sealed for good like the first.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import Any

from . import hints, service
from .config import LANGUAGES
from .games import GAMES, rules_of
from .rules.errors import N_, RuleError
from .rules.log import REDO, UNDO, Entry, verify_named, verify_redo, verify_undo
from .rules.sealed import SEALED
from .store.games import Database, hints_on, insert_game_with_log

FORMAT = "scribe-game"
VERSION = 1
ENTRY_KEYS = {"seq", "kind", "data", "at"}


class SealedError(RuleError):
    """Something is still sealed: the record would show what the Scribe may not see yet."""


def sealed_now(sheet: Any, log: list[Entry]) -> bool:
    """Whether the Scribe's own view hides something the record would hold: a bid not yet
    revealed (W-B7) or a dealt hand of a round not scored. The record is the log, so the
    Scribe's view of the log is compared with the whole log, whatever the game; what was
    withdrawn before its reveal stays sealed for good, and the record goes without it."""
    return _scribes(sheet, log) is None


def _scribes(sheet: Any, log: list[Entry]) -> list[Entry] | None:
    """The log as the record writes it (the whole log, each withdrawn entry as the Scribe
    reads it), or None while the Scribe's view hides anything else."""
    rules = rules_of(sheet)
    gone = rules.withdrawn(sheet, log)
    # entry by entry, not ``view_log``: that one shows a changed sealed bid once, the record keeps every entry
    seen = [rules.view_entry(sheet, e, None, 0, 0, gone) for e in log]
    if any(s != e for s, e in zip(seen, log) if e.seq not in gone):
        return None
    return [replace(e, data=_unsealed(s.data)) if e.seq in gone else e for s, e in zip(seen, log)]


def _unsealed(data: Any) -> dict[str, Any]:
    """An entry's data as the Scribe reads it, each SEALED value written as None."""
    return {k: None if v is SEALED else [None if x is SEALED else x for x in v] if isinstance(v, list) else v
            for k, v in data.items()}


def export_record(db: Database, game_id: str) -> dict[str, Any]:
    """The whole record of a game; NotFound for an unknown or deleted id, SealedError while
    anything is sealed. An entry withdrawn before its reveal is written as the Scribe reads
    it: without its sealed value."""
    game, sheet, log = service.load(db, game_id)
    written = _scribes(sheet, log)
    if written is None:
        raise SealedError(N_("Something in this game is still sealed (bids not revealed or hands "
                             "not played out): export it once the round is scored."), field="game_id")
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game,
        "name": game.name,
        "lang": game.lang,
        "created_at": game.created_at,
        "setup": game.setup,
        "entries": [{"seq": e.seq, "kind": e.kind, "data": dict(e.data), "at": e.at} for e in written],
        **({"hints": True} if hints_on(db, game.id) else {}),  # the table's robot hints (issue 37), when on
    }


def import_record(db: Database, record: Any) -> str:
    """Check a record as a replay of the game, then store it as a new game (a new id, no
    links yet) in one transaction; returns the new game's id. RuleError names the part of
    the record at fault; nothing is saved then."""
    game, setup, lang, created_at, name = _header(record)
    rules = GAMES[game]
    entries, sheet = _replayed(rules, setup, record.get("entries"))
    on = record.get("hints", False)
    if not isinstance(on, bool):
        raise RuleError(N_("The record's robot hints must be true or false."), field="hints")
    # a table setting, not play: kept where this Scribe's robot plays the game, else left off
    on = on and hints.offered(game, setup)
    # one transaction for the game and its whole log: a failure half-way leaves nothing
    return insert_game_with_log(db, game, name, setup.as_dict(), lang, rules.summary(sheet), created_at, entries,
                                hints=on)


def read_record(text: str | bytes) -> Any:
    """The JSON of a record file, or a refusal saying it is not JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise RuleError(N_("This file is not a Scribe game record (not JSON)."), field="format") from None


def _header(record: Any) -> tuple[str, Any, str, str, str]:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RuleError(N_("This file is not a Scribe game record."), field="format")
    version = record.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RuleError(N_("This record's version is not one this Scribe reads."), field="version")
    game = record.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RuleError(N_("Unknown game."), field="game")
    setup = _setup(GAMES[game], record.get("setup"))
    lang = record.get("lang")
    if lang not in LANGUAGES:
        raise RuleError(N_("Unknown language."), field="lang")
    created_at = record.get("created_at")
    if not isinstance(created_at, str) or len(created_at) > 40 or not _is_time(created_at):
        raise RuleError(N_("The record's dates must be ISO 8601 times."), field="created_at")
    name = service.verify_game_name(record.get("name"), " · ".join(setup.players)[: service.GAME_NAME_MAX])
    return game, setup, lang, created_at, name


def _setup(rules: Any, raw: Any) -> Any:
    """The setup made again through the game's own checks (``make_setup``), as a new game's
    is: the stored form is its options, with a game's rule switches nested under "rules"."""
    if not isinstance(raw, dict) or not isinstance(raw.get("rules", {}), dict):
        raise RuleError(N_("The game's setup is missing or not valid."), field="setup")
    options = {k: v for k, v in raw.items() if k != "rules"} | raw.get("rules", {})
    try:
        return rules.make_setup(**options)
    except TypeError:  # an option this game does not have
        raise RuleError(N_("The game's setup is missing or not valid."), field="setup") from None
    except RuleError as err:  # the same refusal as the new-game form's, placed in the record
        raise RuleError(err.template, field=f"setup.{err.field}" if err.field else "setup", **err.params) from None


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _replayed(rules: Any, setup: Any, raw: Any) -> tuple[list[Entry], Any]:
    """Every entry verified against the sheet replayed up to it, as ``service.act`` does."""
    if not isinstance(raw, list):
        raise RuleError(N_("The record has no list of entries."), field="entries")
    log: list[Entry] = []
    stood_in: list[int] = []  # entries carried without their sealed value: withdrawn ones only
    sheet = rules.replay(setup, [])
    for i, e in enumerate(raw):
        field = f"entries.{i}"
        if not isinstance(e, dict) or set(e) != ENTRY_KEYS or not isinstance(e["data"], dict) \
                or not isinstance(e["at"], str) or len(e["at"]) > 40 or not _is_time(e["at"]):
            raise RuleError(N_("Entry %(number)s is not an entry of a game."), field=field, number=i + 1)
        if e["seq"] != i + 1 or isinstance(e["seq"], bool):
            raise RuleError(N_("Entry %(number)s is numbered %(seq)s: entries are numbered 1, 2, 3… with no gap."),
                            field=field, number=i + 1, seq=str(e["seq"])[:20])
        kind = e["kind"]
        if not isinstance(kind, str) or kind not in (*rules.KINDS, UNDO, REDO):
            raise RuleError(N_("Entry %(number)s is of an unknown kind."), field=field, number=i + 1)
        try:
            data = rules.stand_in(sheet, kind, e["data"]) if kind not in (UNDO, REDO) else None
            if data is not None:
                stood_in.append(i)
            else:
                data = _verified(rules, sheet, log, kind, e["data"])
        except RuleError as err:
            raise RuleError(N_("Entry %(number)s is refused by the rules: %(reason)s"),
                            field=field, number=i + 1, reason=err.message) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # shapes no page would send
            raise RuleError(N_("Entry %(number)s is not an entry of a game."), field=field, number=i + 1) from None
        log.append(Entry(i + 1, kind, data, e["at"]))
        sheet = rules.replay(setup, log)
    gone = rules.withdrawn(sheet, log)
    for i in stood_in:
        if i + 1 not in gone:  # its value counted at the table: the record lost it
            raise RuleError(N_("Entry %(number)s is not an entry of a game."), field=f"entries.{i}", number=i + 1)
    return log, sheet


def _verified(rules: Any, sheet: Any, log: list[Entry], kind: str, data: dict[str, Any]) -> dict[str, Any]:
    if kind in (UNDO, REDO):
        if kind == UNDO:
            target = verify_undo(log)
            rules.verify_take_back(sheet, log, target)
        else:
            target = verify_redo(log)
        # Records made before undo named its target hold {}: kept as they are, since the
        # target follows from the order alone; a name given must be the true one.
        verify_named(kind, data, target)
        return dict(data)
    return rules.verify(sheet, kind, data)
