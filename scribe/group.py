"""The group's story across games: who plays, under which name, and the statistics.

A group is what one browser can see (the games on its start page); its players are the
names typed in those games, told apart as the name rules do (``fields.clean_text``,
then ignoring case), so a name typed again is the same player. A rename or a merge is an
alias kept for that group only (``store.names``): ``aliases`` maps a name's key to the
name it now stands for, flat (one step, never a chain).

Pure functions over rows the store read: no Flask, no SQL.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import permutations
from datetime import date
from typing import Any, Iterable, Mapping, Sequence

from .rules.errors import N_, RuleError
from .rules.fields import NAME_MAX, clean_text

REMEMBERED_NAMES = 16  # names offered on the start form


def key(name: str) -> str:
    return name.casefold()


def canonical(name: str, aliases: Mapping[str, str]) -> str:
    """The name a typed name stands for in the group (itself unless renamed or merged).

    >>> canonical("bob", {"bob": "Robert"}), canonical("Ana", {"bob": "Robert"})
    ('Robert', 'Ana')
    """
    return aliases.get(key(name), name)


def players_of(lineups: Iterable[Sequence[str]], aliases: Mapping[str, str]) -> dict[str, str]:
    """Each player of the group by key, with the name shown."""
    out: dict[str, str] = {}
    for lineup in lineups:
        for name in lineup:
            shown = canonical(name, aliases)
            out.setdefault(key(shown), shown)
    return out


def usual_order(lineups: Sequence[Sequence[str]], aliases: Mapping[str, str],
                limit: int | None = REMEMBERED_NAMES) -> list[str]:
    """The group's players, the most frequent first (at most ``limit``), then put
    in their usual seating order: by the mean of their seat in each game as a fraction
    of the table (the first seat 0, the last near 1).

    >>> usual_order([("Ana", "Ben", "Cy"), ("ana", "Ben", "Cy", "Dee"), ("Zoe", "Ben")], {})
    ['Ana', 'Zoe', 'Ben', 'Cy', 'Dee']
    """
    seats: dict[str, list[float]] = defaultdict(list)
    shown: dict[str, str] = {}
    for lineup in lineups:
        for seat, name in enumerate(lineup):
            name = canonical(name, aliases)
            seats[key(name)].append(seat / len(lineup))
            shown.setdefault(key(name), name)
    frequent = sorted(seats, key=lambda k: -len(seats[k]))[:limit]
    return [shown[k] for k in sorted(frequent, key=lambda k: sum(seats[k]) / len(seats[k]))]


def _known(players: Mapping[str, str], raw: Any, field: str) -> str:
    if not isinstance(raw, str) or key(clean_text(raw, NAME_MAX * 10) or "") not in players:
        raise RuleError(N_("No game of this group has a player called that."), field=field)
    return players[key(clean_text(raw, NAME_MAX * 10) or "")]


def _moved(aliases: Mapping[str, str], players: Mapping[str, str], old: str, new: str) -> dict[str, str]:
    """Aliases pointing every name of ``old`` at ``new``: its own key, and the keys that
    stood for it (kept flat, so a later rename moves them all)."""
    moves = {k: new for k, v in aliases.items() if key(v) == key(old)}
    moves[key(old)] = new
    return moves


def rename(aliases: Mapping[str, str], players: Mapping[str, str], raw_name: Any, raw_new: Any) -> dict[str, str]:
    """The aliases to store for renaming a player; refused when the new name is empty,
    too long, or another player's (merge them instead).

    >>> players = {"bob": "Bob", "ana": "Ana"}
    >>> rename({}, players, "bob", "Robert")
    {'bob': 'Robert'}
    >>> rename({}, players, "Bob", "ANA")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Another player is already called ANA: merge them instead.
    """
    old = _known(players, raw_name, "name")
    if not isinstance(raw_new, str):
        raise RuleError(N_("A name must be text."), field="new_name")
    new = clean_text(raw_new, NAME_MAX)
    if new is None:
        raise RuleError(N_("Names are at most %(max)s characters."), field="new_name", max=NAME_MAX)
    if not new:
        raise RuleError(N_("Give the new name."), field="new_name")
    taken = canonical(new, aliases)
    if key(taken) in players and key(taken) != key(old) or key(new) in players and key(new) != key(old):
        raise RuleError(N_("Another player is already called %(name)s: merge them instead."), field="new_name",
                        name=new)
    if new == old:
        raise RuleError(N_("Nothing was changed."), field="new_name")
    return _moved(aliases, players, old, new)


def merge(aliases: Mapping[str, str], lineups: Sequence[Sequence[str]], raw_name: Any, raw_into: Any
          ) -> dict[str, str]:
    """The aliases to store so that one player's games count as another's; refused for
    the same player, or two who sat at the same table (they are two people).

    >>> merge({}, [("Bob", "Ana"), ("Rob", "Ana")], "Rob", "bob")
    {'rob': 'Bob'}
    >>> merge({}, [("Bob", "Ana")], "Bob", "BOB")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A player cannot be merged into themselves.
    >>> merge({}, [("Bob", "Ana")], "Bob", "Ana")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Ana and Bob played in the same game: they are two players.
    """
    players = players_of(lineups, aliases)
    old = _known(players, raw_name, "name")
    into = _known(players, raw_into, "into")
    if key(old) == key(into):
        raise RuleError(N_("A player cannot be merged into themselves."), field="into")
    for lineup in lineups:
        seated = {key(canonical(n, aliases)) for n in lineup}
        if key(old) in seated and key(into) in seated:
            raise RuleError(N_("%(into)s and %(name)s played in the same game: they are two players."),
                            field="into", into=into, name=old)
    return _moved(aliases, players, old, into)


# --------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    players: int | None = None
    since: date | None = None
    until: date | None = None
    player: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "since": self.since and self.since.isoformat(),
                "until": self.until and self.until.isoformat(), "player": self.player}


def _day(raw: Any, field: str) -> date | None:
    if raw in (None, ""):
        return None
    try:
        if not isinstance(raw, str) or len(raw) != 10:  # fromisoformat takes 20240101 too
            raise ValueError(raw)
        return date.fromisoformat(raw)
    except ValueError:
        raise RuleError(N_("Give a date as YYYY-MM-DD."), field=field) from None


def filters(args: Mapping[str, Any], games: Iterable[str]) -> Filters:
    """The statistics' filters from a query string, or a refusal naming the field."""
    game = args.get("game") or None
    if game is not None and game not in games:
        raise RuleError(N_("Unknown game."), field="game")
    count = args.get("players") or None
    if count is not None:
        if not (isinstance(count, str) and count.isdecimal() and len(count) < 3 and 2 <= int(count) <= 12):
            raise RuleError(N_("Give a number of players from 2 to 12."), field="players")
        count = int(count)
    since, until = _day(args.get("since"), "since"), _day(args.get("until"), "until")
    if since and until and since > until:
        raise RuleError(N_("The period ends before it starts."), field="until")
    player = args.get("player") or None
    if player is not None and (not isinstance(player, str) or clean_text(player, NAME_MAX) in (None, "")):
        raise RuleError(N_("No game of this group has a player called that."), field="player")
    return Filters(game, count, since, until, clean_text(player, NAME_MAX) if player else None)


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _picked(games: Iterable[Sequence[Any]], f: Filters) -> dict[str, tuple[str, str, int, bool]]:
    """The kind of each game the filters keep, by id: (game, variant, players, lowest_wins)."""
    since = f.since.isoformat() if f.since else None
    until = f.until.isoformat() if f.until else None
    return {g[0]: (g[1], g[2], g[3], bool(g[4])) for g in games
            if (f.game is None or g[1] == f.game) and (f.players is None or g[3] == f.players)
            and (since is None or (g[5] or "")[:10] >= since) and (until is None or (g[5] or "")[:10] <= until)}


def statistics(games: Sequence[Sequence[Any]], players: Iterable[Sequence[Any]], bids: Iterable[Sequence[Any]],
               aliases: Mapping[str, str], f: Filters = Filters(), shown: Mapping[str, str] | None = None
               ) -> list[dict[str, Any]]:
    """The statistics per game type (a game and its variant) and number of players.

    ``games``: (game_id, game, variant, players, lowest_wins, finished_at) of finished
    games; ``players``: (game_id, seat, player, score, rank, won), each game's seats
    together; ``bids``: (game_id, seat, bid, tried, made); rows of other games are
    ignored. ``shown``: the name shown for a player's key (else the first met). Wins
    count every tied winner (W-S3, P-3); the best final score is the lowest where the
    lowest total wins. A RuleError when ``f.player`` has no finished game.
    """
    kinds = _picked(games, f)
    keys: dict[str, str] = {}  # a typed name -> its player's key (a thousand games name a handful)
    tables: dict[str, list[tuple[str, int, int, int, int, str]]] = {}  # game -> (key, seat, score, rank, won, name)
    for game_id, seat, name, score, rank, won in players:
        if game_id in kinds:
            k = keys.get(name)
            if k is None:
                k = keys[name] = key(canonical(name, aliases))
            table = tables.get(game_id)
            if table is None:
                table = tables[game_id] = []
            table.append((k, seat, score, rank, won, name))
    if f.player is not None:
        wanted = key(canonical(f.player, aliases))
        tables = {g: seats for g, seats in tables.items() if any(s[0] == wanted for s in seats)}
        if not tables:
            raise RuleError(N_("%(name)s has no finished game in this group (with these filters)."), field="player",
                            name=f.player)
    bid_rows: dict[tuple[str, int], list[tuple[int, int, int]]] = defaultdict(list)
    for game_id, seat, bid, tried, made in bids:
        if game_id in tables:
            bid_rows[(game_id, seat)].append((bid, tried, made))
    shown = shown or {}
    groups: dict[tuple[str, str, int], dict[str, Any]] = {}
    for game_id, seated in tables.items():
        game, variant, n, lowest_wins = kinds[game_id]
        group = groups.get((game, variant, n))
        if group is None:
            group = groups[(game, variant, n)] = {"games": 0, "players": {}, "h2h": {}}
        group["games"] += 1
        table = group["players"]
        for k, seat, score, _rank, won, name in seated:
            p = table.get(k)
            if p is None:  # games, wins, sum, lowest, highest, the best is the lowest, bids by size
                p = table[k] = [shown.get(k) or canonical(name, aliases), 0, 0, 0, score, score, lowest_wins, {}]
            p[1] += 1
            p[2] += won
            p[3] += score
            if score < p[4]:
                p[4] = score
            elif score > p[5]:
                p[5] = score
            for bid, tried, made in bid_rows.get((game_id, seat), ()):
                t, m = p[7].get(bid, (0, 0))
                p[7][bid] = (t + tried, m + made)
        h2h = group["h2h"]
        for (k, rank), (o, other) in permutations([(s[0], s[3]) for s in seated], 2):  # each pair, both ways
            if o != k:
                h = h2h.get((k, o))
                if h is None:
                    h = h2h[(k, o)] = [0, 0, 0]
                h[0 if rank < other else 1 if rank > other else 2] += 1
    return [_group_json(game, variant, n, g) for (game, variant, n), g in sorted(groups.items())]


def _group_json(game: str, variant: str, n: int, g: dict[str, Any]) -> dict[str, Any]:
    rows = []
    for name, games, wins, total, lowest, highest, lowest_wins, bids in sorted(
            g["players"].values(), key=lambda p: (-p[2], p[0].casefold())):
        tried = sum(t for t, _m in bids.values())
        made = sum(m for _t, m in bids.values())
        rows.append({
            "name": name, "games": games, "wins": wins, "win_rate": _rate(wins, games),
            "average": round(total / games, 2), "best": lowest if lowest_wins else highest,
            "bids": None if not bids else {
                "tried": tried, "made": made, "accuracy": _rate(made, tried),
                "by_size": [{"bid": b, "tried": t, "made": m, "accuracy": _rate(m, t)}
                            for b, (t, m) in sorted(bids.items())]},
        })
    names = {k: p[0] for k, p in g["players"].items()}
    h2h = [{"player": names[a], "opponent": names[b], "ahead": h[0], "behind": h[1], "level": h[2]}
           for (a, b), h in sorted(g["h2h"].items(), key=lambda i: (names[i[0][0]].casefold(), names[i[0][1]].casefold()))]
    return {"game": game, "variant": variant, "players": n, "games": g["games"], "standings": rows, "head_to_head": h2h}
