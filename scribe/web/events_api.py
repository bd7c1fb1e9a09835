"""The JSON API of club nights (issue 36): /api/events, as /api/games is for a game.

The token in the path is the event's link: the organiser's (sees and does everything,
the tables' Scribe's links included) or the hall's ranking link (reads the tables and the
standings, never a token). An event's id is never shown. Refusals are 422 ``{error,
field}``, a stale ``version`` 409, an unknown or wrong link 404; nothing half-saved.
Described in /api/openapi.json (``events_openapi.py``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask_babel import gettext as _

from .. import event_ratings, event_service as es
from ..events import present
from ..store import StaleError
from . import access, once
from .api import _body, json_refusals
from .db import get_db
from .i18n import game_language
from .render import table_url

bp = Blueprint("events_api", __name__, url_prefix="/api/events")


json_refusals(bp)


@bp.errorhandler(StaleError)
def stale(err: StaleError):
    msg = _("The event has changed since the version you sent: read it again. Nothing was saved.")
    return jsonify(error=msg, field="version", version=err.current), 409


@bp.errorhandler(es.EventNotFound)
def not_found(_exc):
    return jsonify(error=_("There is no such event."), field="token"), 404


def _open(token: str, organiser: bool = False) -> es.Shown:
    kinds = (es.ORGANISER,) if organiser else (es.ORGANISER, es.RANKING)
    return es.open_event(get_db(), token, kinds)


def _table_json(t: es.Table) -> dict[str, Any]:
    out: dict[str, Any] = {"partie": t.partie, "table": t.number, "players": list(t.units), "state": t.state,
                           "played": t.played, "deals": t.deals, "target": t.target,
                           "totals": [t.totals[u] for u in t.units]}
    if t.scribe is not None:  # the organiser's only
        out["scribe"] = {"key": t.scribe, "url": table_url("play.game", key=t.scribe),
                         "api": table_url("api.read", key=t.scribe)}
    return out


def _ranking_json(lines: Any) -> list[dict[str, Any]]:
    return [{"rank": l.rank, "name": l.unit, "points": l.points, "won": l.won, "score": l.score,
             "played": l.played, "byes": l.byes} for l in lines]


def _event_json(shown: es.Shown) -> dict[str, Any]:
    """An event as its link holder may read it."""
    db, key = get_db(), access.secret_key()
    e = shown.event
    tables = es.progress(db, key, shown)
    drawn = len(shown.draws)
    out: dict[str, Any] = {
        "name": shown.name, "game": e.game, "format": e.format, "parties": e.parties, "deals": e.deals,
        "target": e.target, "link": shown.kind, "version": shown.own_version, "live_version": shown.version,
        "partie": drawn, "byes": list(shown.draws[-1].byes) if drawn else [],
        "next": {"partie": shown.next_partie if drawn < e.parties else None,
                 "players": list(present(e, shown.next_partie)) if drawn < e.parties else [],
                 "ready": drawn < e.parties and all(t.over for t in tables)},
        "tables": [_table_json(t) for t in tables],
        "ranking": _ranking_json(es.standings(db, shown)),
    }
    if shown.organiser:
        tokens = es.links_of(db, key, shown)
        out["links"] = {kind: {"token": tokens[kind], "api": table_url("events_api.show", token=tokens[kind])}
                        for kind in (es.ORGANISER, es.RANKING) if kind in tokens}  # a revoked one: left out
    return out


@bp.post("")
def create():
    """Create an event; answers it with the organiser's and the ranking links."""
    body = _body()
    made_from, made_with = once.from_api(body)
    made = es.create_event(get_db(), access.secret_key(), body.get("name"), game_language(body.get("lang")),
                           body.get("game"), body.get("format"), body.get("parties"), body.get("entrants"),
                           body.get("deals"), body.get("target"), body.get("teams") or (), body.get("settings"),
                           made_from=made_from, made_with=made_with)
    resp = jsonify(_event_json(_open(made.organiser)))
    resp.status_code = 201
    return resp if made.new else once.answered_again(resp)


@bp.get("/<token>")
def show(token: str):
    """The event as this link sees it: the current partie's tables and the ranking."""
    return jsonify(_event_json(_open(token)))


@bp.get("/<token>/version")
def version(token: str):
    """The event's live version alone: it moves with any entry at any of its tables."""
    return jsonify(version=es.version(get_db(), token))


@bp.get("/<token>/ranking")
def ranking(token: str):
    """The standings now, the tables still playing included."""
    shown = _open(token)
    return jsonify(live_version=shown.version, ranking=_ranking_json(es.standings(get_db(), shown)))


@bp.get("/<token>/ratings")
def ratings(token: str):
    """The evening's own ladder (organiser): its finished tables rate their players."""
    shown = _open(token, organiser=True)
    return jsonify(live_version=shown.version, ratings=event_ratings.ladder_json(get_db(), shown))


@bp.post("/<token>/parties")
def start(token: str):
    """Draw and start the next partie (organiser): its tables, each with its Scribe's link."""
    body = _body()
    shown = _open(token, organiser=True)
    tables = es.start_partie(get_db(), access.secret_key(), shown, body.get("partie"), body.get("version"))
    return jsonify(tables=[_table_json(t) for t in tables]), 201


@bp.post("/<token>/arrivals")
def arrival(token: str):
    """A late arrival from the next partie on (organiser): {"name", "players" for a team}."""
    body = _body()
    shown = es.arrive(get_db(), _open(token, organiser=True), body.get("name"), body.get("partie"),
                      body.get("players") or (), body.get("version"))
    return jsonify(_event_json(shown))


@bp.post("/<token>/withdrawals")
def withdrawal(token: str):
    """A player (or team) leaves from the next partie on (organiser): {"name"}."""
    body = _body()
    shown = es.withdraw(get_db(), _open(token, organiser=True), body.get("name"), body.get("partie"),
                        body.get("version"))
    return jsonify(_event_json(shown))


@bp.get("/<token>/tables/<int:partie>/<int:table>")
def table(token: str, partie: int, table: int):
    """A table's Scribe's link (organiser): to fix an entry there as its Scribe would."""
    key = es.table_link(get_db(), access.secret_key(), _open(token, organiser=True), partie, table)
    return jsonify(key=key, url=table_url("play.game", key=key), api=table_url("api.read", key=key))

