"""An evening's own ladder (issue 36): its finished tables, every partie's, rate their
players with the group's model and figure (``scribe.ratings``: OpenSkill's Plackett-Luce,
4 x ordinal), from each table's final standings (its story rows, as the group's ladders
read them).

The tables are rated partie by partie, in the order the evening played them; a partie's
tables seat each player once, so their order within it changes nothing. Players are told
apart by their names as the evening has them (no group's renames: an evening belongs to
no browser). Every link holder may ask the service; the pages show it to the organiser.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import ratings, service
from .event_service import Shown
from .store import results
from .store.games import Database

# The ladders recently made, keyed by the rated tables at their versions: a version names
# one story for good, so a hit is what a replay would give (the organiser's page asks on
# every deal at any table, and only a table finishing changes what is rated).
ladder_cache: service.Recent[tuple[tuple[str, int], ...], ratings.Ladder] = service.Recent(32)


def finished_tables(db: Database, shown: Shown) -> dict[str, int]:
    """{game id: version} of the evening's finished tables, every partie's."""
    return results.finished_versions(db, [t.game_id for t in shown.tables])


def ladder(db: Database, shown: Shown) -> ratings.Ladder:
    """The evening's ratings over its finished tables, partie by partie."""
    versions = finished_tables(db, shown)
    order = {t.game_id: (t.partie, t.table) for t in shown.tables}
    key = tuple(sorted(versions.items(), key=lambda item: order[item[0]]))
    hit = ladder_cache.get(key)
    if hit is not None:
        return hit
    rated = ratings.results(service.group_results(db, versions), {})
    made = ratings.Ladder()
    for result in sorted(rated, key=lambda r: order[r.game_id]):
        partie, table = order[result.game_id]
        # when a table finished orders the group's games; here the partie and table do
        # (two tables finishing in the same second are two parties' only on the clock)
        made.add(replace(result, finished_at=f"{partie:04}.{table:04}"))
    ladder_cache.put(key, made)
    return made


def ladder_json(db: Database, shown: Shown) -> list[dict[str, Any]]:
    """Each game type's ladder of the evening (one, but for an evening of mixed tables),
    the best rated first: place, name, rating, games, mu, sigma; no rivals nor trend
    (an evening is a few games each)."""
    keep = ("place", "name", "rating", "games", "mu", "sigma")
    return [{"game": k["game"], "variant": k["variant"], "games": k["games"],
             "ladder": [{f: row[f] for f in keep} for row in k["ladder"]]}
            for k in ladder(db, shown).json()]
