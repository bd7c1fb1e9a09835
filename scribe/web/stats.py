"""The group's story: its players (remembered, renamed, merged), its statistics and its
export, as pages, JSON and CSV.

The group is what this browser can see: the games on its start page (``access.my_games``,
the Scribe's links it holds), never another game of the database. Both its games and its
renames and merges are kept in the database under a hash of its device key
(``access.group_hash``): where the group lives, its names live.
"""

from __future__ import annotations

import csv
import io
import json
from hashlib import blake2b
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from .. import bgstats, group, ratings, service
from ..games import GAMES
from ..rules.errors import N_, RuleError
from ..store import names as store_names, notes as store_notes, stories
from ..store.links import SCRIBE
from . import access
from .db import get_db
from .games import web_for
from .render import error_ctx, see_other
from .serialize import entry_data

bp = Blueprint("stats", __name__)
bp.app_context_processor(lambda: {"game_label": game_label, "game_words": game_words, "sparkline": sparkline,
                                   "ladder_trend": ratings.TREND_GAMES})
SPARK_WIDTH, SPARK_HEIGHT = 64, 18


def sparkline(values: list[int]) -> str:
    """The SVG polyline's points of a player's recent ratings (the ladder's trend), the
    highest at the top; a flat line when they did not move.

    >>> sparkline([0, 10, 5])
    '1,17 32,1 63,9'
    >>> sparkline([7])
    '1,9 63,9'
    """
    if len(values) < 2:
        values = [*values, *values] or [0, 0]
    low, high = min(values), max(values)
    step = (SPARK_WIDTH - 2) / (len(values) - 1)

    def y(v: int) -> int:
        return SPARK_HEIGHT // 2 if high == low else round(SPARK_HEIGHT - 1 - (v - low) * (SPARK_HEIGHT - 2) / (high - low))

    return " ".join(f"{round(1 + i * step)},{y(v)}" for i, v in enumerate(values))


def game_label(game: str, variant: str = "") -> str:
    """A game type's name for the statistics' headings, as its web module words it."""
    return web_for(game).game_label(variant)


def game_words(game: str) -> Any:
    """What a game calls its bids in the statistics (``rules.story.Words``): its definition's."""
    return GAMES[game].WORDS


def _aliases() -> dict[str, str]:
    group = access.group_hash(make=False)  # no device key yet: nothing renamed (and none made to read)
    return {} if group is None else store_names.aliases(get_db(), group)


def remembered_names() -> list[str]:
    """The names this group has played with, in their usual seating order (the start form)."""
    return group.usual_order(access.lineups(), _aliases())


def _statistics(args: Any) -> tuple[group.Filters, list[dict[str, Any]]]:
    """The filters and the statistics of the group's finished games, not deleted."""
    f = group.filters(args, GAMES)
    finished = access.finished_games()
    aliases = _aliases()

    def shown() -> dict[str, str]:  # asked only when worked out anew
        return group.players_of([json.loads(players) for _id, _version, players in finished], aliases)

    return f, service.group_statistics(get_db(), {i: v for i, v, _ in finished}, aliases, f, shown)


# The ladders recently made, keyed as the statistics are (the games at their versions and
# the aliases): a version names one story for good, so a hit is what a replay would give.
ladder_cache: service.Recent[tuple[bytes, Any], ratings.Ladder] = service.Recent(16)


def _ladders(f: group.Filters) -> list[dict[str, Any]]:
    """Each game type's ladder and rivals over all the group's finished games (a rating
    is its whole history: the period and table size filters do not cut it), the ``game``
    filter keeping one type and the ``player`` filter their rivals only."""
    finished = access.finished_games()
    versions = {i: v for i, v, _ in finished}
    aliases = _aliases()
    digest = blake2b(",".join(f"{i}:{v}" for i, v in versions.items()).encode(), digest_size=16).digest()
    cache_key = (digest, tuple(sorted(aliases.items())))
    ladder = ladder_cache.get(cache_key)
    if ladder is None:
        ladder = ratings.ladders(ratings.results(service.group_results(get_db(), versions), aliases))
        ladder_cache.put(cache_key, ladder)
    out = [kind for kind in ladder.json() if f.game is None or kind["game"] == f.game]
    if f.player is not None:
        wanted = group.key(group.canonical(f.player, aliases))
        for kind in out:
            kind["rivals"] = [r for r in kind["rivals"] if group.key(r["player"]) == wanted]
        if not any(group.key(row["name"]) == wanted for kind in out for row in kind["ladder"]):
            raise RuleError(N_("%(name)s has no finished game in this group (with these filters)."), field="player",
                            name=f.player)
    return out


@bp.get("/stats")
def page():
    """The group's statistics, per game type and number of players, with filters."""
    try:
        f, groups = _statistics(request.args)
        ladders = _ladders(f)
    except RuleError as err:
        return render_template("stats/stats.html", groups=[], ladders=[], args=request.args, games=GAMES,
                               **error_ctx(err)), 422
    return render_template("stats/stats.html", groups=groups, ladders=ladders, args=request.args, games=GAMES,
                           filters=f)


@bp.get("/api/ladders")
def api_ladders():
    """Each game type's OpenSkill ladder and rivals as JSON (the ``game`` and ``player`` filters)."""
    try:
        f = group.filters(request.args, GAMES)
        ladders = _ladders(f)
    except RuleError as err:
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), 422
    return jsonify(filters=f.as_dict(), ladders=ladders, trend_games=ratings.TREND_GAMES,
                   rating_scale=ratings.RATING_SCALE)


@bp.get("/api/stats")
def api_stats():
    """The group's statistics as JSON (the same filters as the page)."""
    try:
        f, groups = _statistics(request.args)
    except RuleError as err:
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), 422
    return jsonify(filters=f.as_dict(), groups=groups)


def _players_json() -> list[dict[str, Any]]:
    """Every player of the group in their usual seating order, with how many games."""
    lineups, aliases = access.lineups(), _aliases()
    counts: dict[str, int] = {}
    for lineup in lineups:
        for k in {group.key(group.canonical(n, aliases)) for n in lineup}:
            counts[k] = counts.get(k, 0) + 1
    return [{"name": n, "games": counts[group.key(n)]} for n in group.usual_order(lineups, aliases, None)]


def _change(op: str, body: Any) -> None:
    """Rename or merge a player of the group (RuleError: nothing stored)."""
    lineups, aliases = access.lineups(), _aliases()
    if op == "rename":
        moves = group.rename(aliases, group.players_of(lineups, aliases), body.get("name"), body.get("new_name"))
    else:
        moves = group.merge(aliases, lineups, body.get("name"), body.get("into"))
    store_names.set_aliases(get_db(), access.group_hash(), moves)


@bp.get("/players")
def players():
    """The group's players: rename one, or merge two names of the same person."""
    return render_template("stats/players.html", players=_players_json())


@bp.post("/players/<any(rename, merge):op>")
def change(op: str):
    """Rename a player, or merge one into another; the statistics follow."""
    try:
        _change(op, request.form)
    except RuleError as err:
        return render_template("stats/players.html", players=_players_json(), op=op, values=request.form,
                               **error_ctx(err)), 422
    return see_other(url_for("stats.players"))


@bp.get("/api/players")
def api_players():
    """The group's players, in their usual seating order, with their games."""
    return jsonify(players=_players_json())


@bp.post("/api/players/rename")
def api_rename():
    """Rename a player of the group: {"name", "new_name"}."""
    return _api_change("rename")


@bp.post("/api/players/merge")
def api_merge():
    """Count one player's games as another's: {"name", "into"}."""
    return _api_change("merge")


def _api_change(op: str):
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(error=_("Send a JSON object."), field=None), 400
    try:
        _change(op, body)
    except RuleError as err:
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), 422
    return jsonify(players=_players_json())


# --------------------------------------------------------------------------- export


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (a player named "=HYPERLINK(…)")
    behind the usual leading apostrophe, which spreadsheets show as plain text; numbers
    (a round's -10) stay numbers.

    >>> [spreadsheet_safe(v) for v in ("=1+1", "-Ann", "Zoé", -10, "@SUM(A1)")]
    ["'=1+1", "'-Ann", 'Zoé', -10, "'@SUM(A1)"]
    """
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


def _csv(name: str, header: list[str], rows: list[list[Any]]) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([spreadsheet_safe(c) for c in row] for row in rows)
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="scribe-{name}.csv"'})


@bp.get("/export/<any(games, rounds, entries):what>.csv")
def export(what: str):
    """The group's games, their rounds (as scored now) or every entry, as CSV."""
    mine = access.my_games()
    games = [g for _t, g in mine]
    if what == "games":
        return _csv(what, ["game_id", "game", "name", "lang", "created_at", "updated_at", "phase", "rounds", "players"],
                    [[g.id, g.game, g.name, g.lang, g.created_at, g.updated_at, g.summary.get("phase"),
                      g.summary.get("rounds"), " · ".join(g.summary.get("players", ()))] for g in games])
    if what == "rounds":
        service.stories_of(get_db(), games)
        return _csv(what, ["game_id", "round", "seat", "player", "points", "total"],
                    [list(r) for r in stories.round_rows(get_db(), [g.id for g in games])])
    rows = []
    for token, g in mine:  # each game's log as its Scribe reads it: sealed bids and hands stay sealed
        shown = access.open_link(token, SCRIBE)
        rows += [[g.id, e.seq, e.kind, json.dumps(entry_data(e.data)[0]), e.at] for e in shown.log]
    return _csv(what, ["game_id", "seq", "kind", "data", "at"], rows)


@bp.get("/export/bgstats.bgsplay")
def export_bgstats():
    """The group's finished games as a BG Stats play file, which the app opens to import them
    (each game's note as its play's comments)."""
    finished = access.finished_games()
    placed = service.group_results(get_db(), {i: v for i, v, _ in finished})
    body = bgstats.play_file(placed, _aliases(), game_label, store_notes.current_of(get_db(), [i for i, _, _ in finished]))
    return Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="scribe.bgsplay"'})
