"""A game's note (``scribe.notes``): written with the Scribe's link only, on the game's
settings page or through the API; shown on every page a link to the game opens (the
Scribe's, a watch link's, a seat's), its history and its printed sheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from .. import notes
from ..rules.errors import RuleError
from ..store import notes as store_notes
from . import access
from .db import get_db
from .render import error_ctx, see_other

bp = Blueprint("notes", __name__)


def game_notes(game_id: str) -> list[store_notes.Note]:
    """Every note written on a game, the first first: read once per request."""
    read = g.setdefault("game_notes", {})
    if game_id not in read:
        read[game_id] = store_notes.notes(get_db(), game_id)
    return read[game_id]


def game_note(game_id: str) -> str:
    """The game's note now ("" when none)."""
    kept = game_notes(game_id)
    return kept[-1].note if kept else ""


bp.app_context_processor(lambda: {"game_note": game_note, "game_notes": game_notes, "note_max": notes.NOTE_MAX})


def _json(game_id: str) -> dict[str, Any]:
    kept = game_notes(game_id)
    return {"note": kept[-1].note if kept else "", "seq": kept[-1].seq if kept else 0,
            "earlier": [{"seq": n.seq, "note": n.note, "written_at": n.written_at} for n in kept[:-1]]}


@bp.post("/games/<key>/note")
def write(key: str):
    """Write the game's note (the settings page's form)."""
    shown = access.scribe(key)
    try:
        notes.write(get_db(), shown.game.id, request.form.get("note", ""), request.form.get("after"))
    except RuleError as err:
        g.pop("game_notes", None)  # the page shows the note as it stands now
        status = 409 if isinstance(err, notes.StaleNote) else 422
        values = {} if status == 409 else request.form
        return render_template("games/settings.html", game=shown.game, sheet=shown.sheet, values=values,
                               **error_ctx(err)), status
    return see_other(url_for("play.game"))


@bp.get("/api/games/<key>/note")
def api_read(key: str):
    """The game's note and the earlier ones."""
    return jsonify(_json(access.scribe(key).game.id))


@bp.put("/api/games/<key>/note")
def api_write(key: str):
    """Write the game's note: {"note", "after" (optional: the seq of the note it replaces)}."""
    shown = access.scribe(key)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(error=_("Send a JSON object."), field=None), 400
    try:
        notes.write(get_db(), shown.game.id, body.get("note"), body.get("after"))
    except RuleError as err:
        status = 409 if isinstance(err, notes.StaleNote) else 422  # a 409: GET the note to see it now
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), status
    g.pop("game_notes", None)
    return jsonify(_json(shown.game.id))
