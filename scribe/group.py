"""The group's story across games: who plays, under which name, and the statistics.

A group is what one browser can see (the games on its start page); its players are the
names typed in those games, told apart as the name rules do (``fields.clean_text``,
then ignoring case), so a name typed again is the same player. A rename or a merge is an
alias kept for that group only (``store.names``): ``aliases`` maps a name's key to the
name it now stands for, flat (one step, never a chain).

Pure functions over rows the store read: no Flask, no SQL.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations
from typing import Any, NamedTuple

from .rules.errors import N_, RuleError
from .rules.fields import NAME_MAX, clean_text
from .rules.standings import ranked
from .rules.story import Story

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
    met: set[str] = set()  # names as typed: a thousand games name a handful
    for lineup in lineups:
        for name in lineup:
            if name not in met:
                met.add(name)
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


# A finished game's part in the statistics, written once with its story: its tally, two
# texts of tab-separated lines that a thousand games' rows join in one read.
# - scores: a line per seat, "won name final-score" (won 1 or 0). Final scores differ
#   from game to game: each line is read once, gathered by its "won name" head.
# - counted: "B name bid tried made" per bid size, "S name key label value" per story fact
#   the game adds up over games (``Fact.summed``: Skull King's bonus points) and
#   "H name other side" per pair of
#   seats (from the first's side: + ahead, - behind, = level), and for a game played in
#   sides of partners (``Story.sides``: Belote's teams) "T won name name..." per side, its
#   players in the order the story seats them. Few differ across games,
#   so ``Counter`` counts the joined lines in C and only the distinct ones are read here.
_PLAIN = str.maketrans("\t\n", "  ")  # names are cleaned of both (clean_text); older rows too


class Tally(NamedTuple):
    scores: str
    counted: str


def tally(story: Story) -> Tally:
    r"""The facts of a finished game the statistics count (wins count every tied
    winner, W-S3 and P-3; ranks decide head to head).

    >>> from scribe.rules.story import PlayerStory, BidCount
    >>> lines = (PlayerStory(0, "Ana", 30, None, None, bids=(BidCount(1, 1, 1),)), PlayerStory(1, "Ben", 10, None, None))
    >>> tally(Story(("Ana", "Ben"), (1,), ((30, 10),), False, True, (0,), lines))
    Tally(scores='1\tAna\t30\n0\tBen\t10', counted='B\tAna\t1\t1\t1\nH\tAna\tBen\t+')
    >>> lines = tuple(PlayerStory(p, n, 95 if p % 2 == 0 else 67, None, None) for p, n in enumerate("ABCD"))
    >>> told = tally(Story(tuple("ABCD"), (1,), ((95, 67, 95, 67),), False, True, (0, 2), lines,
    ...                    sides=(("A & C", (0, 2)), ("B & D", (1, 3)))))
    >>> told.counted.split("\n")[-2:]
    ['T\t1\tA\tC', 'T\t0\tB\tD']
    """
    ranks = {s.player: s.rank for s in ranked(story.totals, story.lowest_wins)}
    names = [name.translate(_PLAIN) for name in story.players]
    counted = [f"B\t{names[line.player]}\t{b.bid}\t{b.tried}\t{b.made}" for line in story.lines for b in line.bids]
    counted += [f"S\t{names[line.player]}\t{f.key}\t{f.label.translate(_PLAIN)}\t{f.value}"
                for line in story.lines for f in line.facts if f.summed]
    for a, o in combinations(range(len(names)), 2):
        side = "+" if ranks[a] < ranks[o] else "-" if ranks[a] > ranks[o] else "="
        counted.append(f"H\t{names[a]}\t{names[o]}\t{side}")
    for _name, seats in story.sides:  # the side's own name is the game's; the statistics name it by its players
        won = int(bool(story.winners) and set(seats) <= set(story.winners))
        counted.append("\t".join(("T", str(won), *(names[s] for s in seats))))
    scores = (f"{int(line.player in story.winners)}\t{names[line.player]}\t{line.total}" for line in story.lines)
    return Tally("\n".join(scores), "\n".join(counted))


def seated(seats: Iterable[tuple[str, str]], aliases: Mapping[str, str], player: str) -> set[str]:
    """The games (ids, from (game_id, name) seats) where ``player`` sat, under any of
    their names."""
    wanted = key(canonical(player, aliases))
    return {game_id for game_id, name in seats if key(canonical(name, aliases)) == wanted}


class _Kind:
    """The statistics of one game type and table size, gathered from its tallies."""

    def __init__(self, aliases: Mapping[str, str], shown: Mapping[str, str]):
        self.aliases, self.shown = aliases, shown
        self.games = 0
        self.players: dict[str, list[Any]] = {}  # key -> name, games, wins, sum, best (signed), best, bids by size, summed
        self.h2h: dict[tuple[str, str], list[int]] = {}  # (key, other) -> ahead, behind, level
        self.sides: dict[tuple[str, ...], list[int]] = {}  # partners' keys, sorted -> games, wins
        self.keys: dict[str, str] = {}  # a typed name -> its player's key (a thousand games name a handful)

    def key_of(self, name: str) -> str:
        k = self.keys.get(name)
        if k is None:
            name_shown = canonical(name, self.aliases)
            k = self.keys[name] = key(name_shown)
            if k not in self.players:
                self.players[k] = [self.shown.get(k) or name_shown, 0, 0, 0, None, None, {}, {}]
        return k

    def add_scores(self, text: str, lowest_wins: bool) -> None:
        heads: dict[str, list[str]] = {}
        for line in text.split("\n"):
            head, _, score = line.rpartition("\t")
            got = heads.get(head)
            if got is None:
                got = heads[head] = []
            got.append(score)
        for head, got in heads.items():
            won, _, name = head.partition("\t")
            p = self.players[self.key_of(name)]
            scores = [*map(int, got)]
            best = min(scores) if lowest_wins else max(scores)
            p[1] += len(scores)
            p[2] += len(scores) if won == "1" else 0
            p[3] += sum(scores)
            signed = -best if lowest_wins else best  # each game's best by its own measure
            if p[4] is None or signed > p[4]:
                p[4], p[5] = signed, best

    def add_counted(self, text: str) -> None:
        h2h = self.h2h
        counted = Counter(text.split("\n"))
        counted.pop("", None)  # a game whose tally has nothing counted
        for fact, times in counted.items():
            f = fact.split("\t")
            if f[0] == "T":  # f[1] is won; the partners, whatever their seats, are one side
                side = tuple(sorted({self.key_of(name) for name in f[2:]}))
                got = self.sides.setdefault(side, [0, 0])
                got[0] += times
                got[1] += int(f[1]) * times
                continue
            k = self.key_of(f[1])
            if f[0] == "B":
                bid, bids = int(f[2]), self.players[k][6]
                t, m = bids.get(bid, (0, 0))
                bids[bid] = (t + int(f[3]) * times, m + int(f[4]) * times)
                continue
            if f[0] == "S":
                summed = self.players[k][7]
                label, value = summed.get(f[2], (f[3], 0))
                summed[f[2]] = (label, value + int(f[4]) * times)
                continue
            o = self.key_of(f[2])
            if k == o:  # two names of one player merged: no game against themselves
                continue
            h, back = h2h.get((k, o)), h2h.get((o, k))
            if h is None:
                h, back = h2h[(k, o)], h2h[(o, k)] = [0, 0, 0], [0, 0, 0]
            at = "+-=".index(f[3])
            h[at] += times
            back[(1, 0, 2)[at]] += times


def statistics(kinds: Iterable[tuple[str, str, int, int, int, str, str]], aliases: Mapping[str, str],
               shown: Mapping[str, str] | None = None, player: str | None = None) -> list[dict[str, Any]]:
    """The statistics per game type (a game and its variant) and number of players.

    ``kinds``: (game, variant, players, lowest_wins, games, scores, counted) with the
    ``tally`` of each of those games joined by a newline, scores with scores and
    counted with counted (a game type may come in two rows: a points game is won by the
    lowest or the highest total). ``shown``: the name shown for a player's key (else the
    name as typed). The best final score is each game's best by its own measure. A
    RuleError when ``player`` (the filter) has no game in them.
    """
    gathered: dict[tuple[str, str, int], _Kind] = {}
    for game, variant, n, lowest_wins, games, scores, counted in kinds:
        kind = gathered.get((game, variant, n))
        if kind is None:
            kind = gathered[(game, variant, n)] = _Kind(aliases, shown or {})
        kind.games += games
        kind.add_scores(scores, bool(lowest_wins))
        kind.add_counted(counted)
    if player is not None and not gathered:
        raise RuleError(N_("%(name)s has no finished game in this group (with these filters)."), field="player",
                        name=player)
    return [_group_json(*k, g.games, g.players, g.h2h, g.sides) for k, g in sorted(gathered.items())]


def _group_json(game: str, variant: str, n: int, games: int, players: dict[str, list[Any]],
                h2h: dict[tuple[str, str], list[int]], sides: dict[tuple[str, ...], list[int]] | None = None
                ) -> dict[str, Any]:
    folded = {k: p[0].casefold() for k, p in players.items()}
    rows = []
    for k in sorted(players, key=lambda k: (-players[k][2], folded[k])):
        name, played, wins, total, _signed, best, bids, summed = players[k]
        rows.append({
            "name": name, "games": played, "wins": wins, "win_rate": _rate(wins, played),
            "average": round(total / played, 2), "best": best, "bids": _bids_json(bids) if bids else None,
            "summed": [{"key": k, "label": label, "value": v} for k, (label, v) in sorted(summed.items())],
        })
    head = [{"player": players[a][0], "opponent": players[b][0], "ahead": h[0], "behind": h[1], "level": h[2]}
            for (a, b), h in sorted(h2h.items(), key=lambda i: (folded[i[0][0]], folded[i[0][1]]))]
    out = {"game": game, "variant": variant, "players": n, "games": games, "standings": rows, "head_to_head": head}
    if sides:  # a game played in sides: each partnership's record, the most wins first
        out["teams"] = [{"players": [players[k][0] for k in side], "games": g, "wins": w, "win_rate": _rate(w, g)}
                        for side, (g, w) in sorted(sides.items(), key=lambda i: (-i[1][1], [folded[k] for k in i[0]]))]
    return out


def _bids_json(bids: dict[int, tuple[int, int]]) -> dict[str, Any]:
    tried = sum(t for t, _m in bids.values())
    made = sum(m for _t, m in bids.values())
    return {"tried": tried, "made": made, "accuracy": _rate(made, tried),
            "by_size": [{"bid": b, "tried": t, "made": m, "accuracy": _rate(m, t)} for b, (t, m) in sorted(bids.items())]}
