"""A club night's note ("finale du championnat", issue 36), as a game's (``notes.py``):
written with the organiser's link only, on the organiser's page or through the API; shown
on the organiser's page, the hall's TV under the title and the ranking PDFs. The ranking
link reads it (the API's GET) and cannot write it: 404, as for any other change."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, make_response, render_template, request, url_for
from flask_babel import gettext as _

from .. import event_service as evs, notes
from ..rules.errors import RuleError
from ..store import notes as store_notes
from .db import get_db
from .events import _page, _table_ctx
from .render import error_ctx, see_other

bp = Blueprint("event_notes", __name__)


def kept(event_id: str) -> tuple[store_notes.Note, ...]:
    """Every note written on the event, the first first."""
    return tuple(store_notes.notes(get_db(), event_id, store_notes.EVENT))


def _open(token: str, kinds: tuple[str, ...]) -> evs.Shown:
    try:
        return evs.open_event(get_db(), token, kinds)
    except evs.EventNotFound:
        abort(404)


def _write(shown: evs.Shown, raw: Any, after: Any) -> None:
    notes.write(get_db(), shown.id, raw, after, store_notes.EVENT)


def _json(event_id: str) -> dict[str, Any]:
    written = kept(event_id)
    return {"note": written[-1].note if written else "", "seq": written[-1].seq if written else 0,
            "earlier": [{"seq": n.seq, "note": n.note, "written_at": n.written_at} for n in written[:-1]]}


@bp.post("/events/<token>/note")
def write(token: str):
    """Write the evening's note (the organiser's page's form)."""
    shown = _open(token, (evs.ORGANISER,))
    try:
        _write(shown, request.form.get("note", ""), request.form.get("after"))
    except RuleError as err:
        status = 409 if isinstance(err, notes.StaleNote) else 422
        typed = request.form.get("note") if status == 422 else None  # a 409 shows the note as it is now
        html = render_template("events/organiser.html", page=_page(shown, token), note_typed=typed,
                               **error_ctx(err), **_table_ctx(token, shown))
        return make_response(html, status)
    return see_other(url_for("events.organiser", token=token) + "#note")


@bp.get("/api/events/<token>/note")
def api_read(token: str):
    """The evening's note and the earlier ones (either link)."""
    return jsonify(_json(_open(token, (evs.ORGANISER, evs.RANKING)).id))


@bp.put("/api/events/<token>/note")
def api_write(token: str):
    """Write the evening's note (organiser): {"note", "after" (optional: the seq it replaces)}."""
    shown = _open(token, (evs.ORGANISER,))
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(error=_("Send a JSON object."), field=None), 400
    try:
        _write(shown, body.get("note"), body.get("after"))
    except RuleError as err:
        status = 409 if isinstance(err, notes.StaleNote) else 422  # a 409: GET the note to see it now
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), status
    return jsonify(_json(shown.id))
