"""The group's ladders: every finished game rates its players with OpenSkill, one rating
per game type, and who finished ahead of whom (rivals).

OpenSkill's Plackett-Luce model (the package's default, Weng and Lin's Bayesian
approximation for games of any number of players): each player is a skill ``mu`` and an
uncertainty ``sigma``, everyone starts at mu 25, sigma 25/3, and a game moves them by the
final ranks only (a tie shares a rank, and OpenSkill counts it as a draw between them).
The figure shown is ``RATING_SCALE`` times OpenSkill's ``ordinal()`` (mu - 3 sigma, the
skill the player is very likely above), rounded: everyone starts at 0, it climbs as their
results show their level, and a win against strong players moves it more.

Games are taken in the order they finished; ``Ladder.add`` given them one by one ends
where ``ladders`` given them all at once does (incremental replay equals a fresh one).
Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from . import group
from .rules.story import ROBOT_MARK

RATING_SCALE = 4  # ordinal() reads 0 to about 25 over a group's years: times 4, whole numbers a player compares
TREND_GAMES = 5  # the trend: the change over a player's last five games of that type


@dataclass(frozen=True)
class Result:
    """One finished game: its type, when it finished and each seat's player and rank
    (1 the best; tied players share a rank). ``player`` is the key that tells players
    apart (the group's canonical name folded), ``name`` the name shown."""

    game_id: str
    kind: tuple[str, str]  # (game, variant)
    finished_at: str
    seats: tuple[tuple[str, str, int], ...]  # (player key, name shown, rank)


def model() -> PlackettLuce:
    """The model every ladder uses: OpenSkill's defaults (mu 25, sigma 25/3)."""
    return PlackettLuce()


def shown(rating: Any) -> int:
    """The whole number a player reads: ``RATING_SCALE`` times mu - 3 sigma, rounded.

    >>> shown(model().rating())
    0
    """
    return round(RATING_SCALE * rating.ordinal())


@dataclass
class _Player:
    name: str
    rating: Any
    history: list[int] = field(default_factory=list)  # the shown figure after each of their games


@dataclass
class _Kind:
    players: dict[str, _Player] = field(default_factory=dict)
    games: int = 0
    meetings: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # (a, b), a < b -> games, a ahead, b ahead


class Ladder:
    """The ratings of every game type, fed the group's finished games in the order they
    finished (``add``); a game older than the last one added is refused (replay anew)."""

    def __init__(self) -> None:
        self.model = model()
        self.kinds: dict[tuple[str, str], _Kind] = {}
        self.last: tuple[str, str] = ("", "")

    def add(self, result: Result) -> None:
        """Rate one finished game's players from its ranks."""
        at = (result.finished_at, result.game_id)
        if at < self.last:
            raise ValueError("games must be added in the order they finished")
        self.last = at
        seats = _distinct(result.seats)
        if len(seats) < 2:  # nobody to be ranked against
            return
        kind = self.kinds.setdefault(result.kind, _Kind())
        kind.games += 1
        players = []
        for k, name, _rank in seats:
            p = kind.players.get(k)
            if p is None:
                p = kind.players[k] = _Player(name, self.model.rating(name=k))
            p.name = name  # the name the group shows now
            players.append(p)
        rated = self.model.rate([[p.rating] for p in players], ranks=[rank for _k, _n, rank in seats])
        for p, (rating,) in zip(players, rated):
            p.rating = rating
            p.history.append(shown(rating))
        for (a, _na, ra), (b, _nb, rb) in combinations(sorted(seats), 2):
            met = kind.meetings.setdefault((a, b), [0, 0, 0])
            met[0] += 1
            met[1] += ra < rb
            met[2] += rb < ra

    def rating(self, kind: tuple[str, str], player: str) -> Any:
        """OpenSkill's rating of ``player`` (a key) in a game type."""
        return self.kinds[kind].players[player].rating

    def json(self, trend: int = TREND_GAMES) -> list[dict[str, Any]]:
        """Each game type's ladder (the best rated first) and rivals, for the page and the API."""
        return [_kind_json(game, variant, kind, trend) for (game, variant), kind in sorted(self.kinds.items())]


def results(placed: Iterable[Sequence[Any]], aliases: Mapping[str, str]) -> list[Result]:
    """The group's finished games as the ladders read them, from their seats' rows
    (``store.results.Placed``: game_id, game, variant, finished_at, lowest_wins, seat,
    player, score, rank, won), each player under the name the group gives them now.
    A robot's seat (its name marked, ``story_names``) is left out: a ladder rates people
    (issue 37), and the people at its table are ranked among themselves.

    >>> rows = [("g1", "wizard", "", "2026-01-02", 0, 0, "bob", 50, 2, 0), ("g1", "wizard", "", "2026-01-02", 0, 1, "Ana", 90, 1, 1)]
    >>> [(r.game_id, r.kind, r.seats) for r in results(rows, {"bob": "Robert"})]
    [('g1', ('wizard', ''), (('robert', 'Robert', 2), ('ana', 'Ana', 1)))]
    >>> robot = ("g2", "wizard", "", "2026-01-03", 0, 2, "Cy (robot)", 99, 1, 1)
    >>> [r.seats for r in results(rows + [robot], {}) if r.game_id == "g2"]
    []
    """
    games: dict[str, list[Any]] = {}
    for game_id, game, variant, finished_at, _lowest, _seat, player, _score, rank, _won in placed:
        if player.endswith(ROBOT_MARK):
            continue
        got = games.get(game_id)
        if got is None:
            got = games[game_id] = [(game, variant or ""), finished_at or "", []]
        name = group.canonical(player, aliases)
        got[2].append((group.key(name), name, rank))
    return [Result(i, kind, at, tuple(seats)) for i, (kind, at, seats) in games.items()]


def ladders(results: Iterable[Result]) -> Ladder:
    """A ladder of ``results`` replayed from the start, in the order they finished."""
    ladder = Ladder()
    for result in sorted(results, key=lambda r: (r.finished_at, r.game_id)):
        ladder.add(result)
    return ladder


def _distinct(seats: Sequence[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """The seats with each player once (two names merged later into one player: their
    first seat counts, as one person cannot be ranked against themselves)."""
    seen: set[str] = set()
    out = []
    for seat in seats:
        if seat[0] not in seen:
            seen.add(seat[0])
            out.append(seat)
    return out


def _kind_json(game: str, variant: str, kind: _Kind, trend: int) -> dict[str, Any]:
    rows = []
    for p in kind.players.values():
        before = p.history[-trend - 1] if len(p.history) > trend else 0  # a newcomer's trend starts at 0
        rows.append({"name": p.name, "rating": p.history[-1], "games": len(p.history),
                     "trend": p.history[-1] - before, "recent": p.history[-trend:],
                     "mu": round(p.rating.mu, 4), "sigma": round(p.rating.sigma, 4)})
    rows.sort(key=lambda r: (-r["rating"], -r["mu"], r["name"].casefold()))
    for place, row in enumerate(rows, 1):
        row["place"] = place
    names = {key: p.name for key, p in kind.players.items()}
    rivals = [{"player": names[a], "opponent": names[b], "games": g, "ahead": x, "behind": y, "level": g - x - y}
              for (a, b), (g, x, y) in kind.meetings.items()]
    rivals += [{"player": r["opponent"], "opponent": r["player"], "games": r["games"], "ahead": r["behind"],
                "behind": r["ahead"], "level": r["level"]} for r in list(rivals)]
    rivals.sort(key=lambda r: (r["player"].casefold(), -r["games"], r["opponent"].casefold()))
    return {"game": game, "variant": variant, "games": kind.games, "ladder": rows, "rivals": rivals}
