"""The group's finished games as a BG Stats play file (``.bgsplay``), which the Board Game
Stats app opens to import plays.

The format is the app's own: a JSON object of ``games``, ``players``, ``locations`` and
``plays``, each play naming its game, location and players by their ``id`` in those lists
(``gameRefId``, ``locationRefId``, ``playerScores[].playerRefId``), its date as
``YYYY-MM-DD HH:MM:SS``. Sources: the app's page on sending plays to it
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
a play's date, duration, comments, game with ``highestWins``/``noPoints``, players with
score, rank, winner and start player, left false here as the first seat deals but does
not always start; the location is the app that sent the play) and a play file the app wrote (https://pastebin.com/iDbHyBui: the lists, their ``id``/``uuid`` and
the ``*RefId`` fields). ``tests/web/test_bgstats.py`` checks a file against that shape.

Each item's ``uuid`` is made from what it stands for (the game's id, the player's name in
the group, the game type), so a file exported again imports as the same plays, games and
players rather than as copies. Pure: no Flask, no SQL.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from . import group

ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to use a share, "
         "export or open-in function to open it with Board Game Stats.")  # as the app writes it in its files
LOCATION = "Scribe"  # the app names the location after the app a play came from
_SPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://scribe.invalid/bgstats")


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(_SPACE, f"{kind}:{name}"))


def play_date(at: str) -> str:
    """An ISO time as BG Stats dates a play (Scribe keeps UTC: the app shows it as given).

    >>> play_date("2026-11-29T20:41:07+00:00")
    '2026-11-29 20:41:07'
    """
    return f"{at[:10]} {at[11:19]}" if len(at) >= 19 else f"{at[:10]} 00:00:00"


def play_file(placed: Iterable[Sequence[Any]], aliases: Mapping[str, str], label: Callable[[str, str], str],
              comments: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The play file of the finished games' seats (``store.results.Placed`` rows, in the
    order the games finished), players under the names the group gives them now;
    ``label(game, variant)`` names a game type, ``comments`` a play's comment by game id."""
    games: dict[tuple[str, str], dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    plays: dict[str, dict[str, Any]] = {}
    for game_id, game, variant, finished_at, lowest_wins, seat, player, score, rank, won in placed:
        kind = (game, variant or "")
        g = games.get(kind)
        if g is None:
            g = games[kind] = {"id": len(games) + 1, "uuid": _uuid("game", f"{game}/{variant or ''}"),
                               "name": label(*kind), "highestWins": not lowest_wins, "noPoints": False,
                               "cooperative": False, "usesTeams": False, "bggId": 0}
        name = group.canonical(player, aliases)
        p = players.get(group.key(name))
        if p is None:
            p = players[group.key(name)] = {"id": len(players) + 1, "uuid": _uuid("player", group.key(name)),
                                            "name": name, "isAnonymous": False}
        play = plays.get(game_id)
        if play is None:
            play = plays[game_id] = {
                "uuid": _uuid("play", game_id), "playDate": play_date(finished_at or ""), "gameRefId": g["id"],
                "locationRefId": 1, "durationMin": 0, "ignored": False, "usesTeams": False, "manualWinner": False,
                "rounds": 0, "comments": (comments or {}).get(game_id, ""), "playerScores": []}
        if any(s["playerRefId"] == p["id"] for s in play["playerScores"]):
            continue  # two names merged into one player: one person scores once
        play["playerScores"].append({"playerRefId": p["id"], "score": str(score), "winner": bool(won), "rank": rank,
                                     "seatOrder": seat + 1, "startPlayer": False, "newPlayer": False})
    return {"about": ABOUT, "games": list(games.values()), "players": list(players.values()),
            "locations": [{"id": 1, "uuid": _uuid("location", LOCATION), "name": LOCATION}],
            "plays": list(plays.values())}
