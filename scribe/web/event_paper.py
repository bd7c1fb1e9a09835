"""A club night on paper (issue 36): the ranking after a partie and the final one as PDFs,
and every result as CSV, one row per table, partie and player. Each table's own sheet is
its game's PDF (``pdf.sheet``, linked from the organiser's page).

Organiser's link only: the ranking link's holders see the TV, which shows the same
standings; the CSV names every table's scores, which is the organiser's to hand out.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, current_app, render_template, request, send_file
from flask_babel import force_locale, format_date, gettext as _

from .. import event_ratings, event_service as evs, events as rules, pdf
from ..rules.errors import N_, RuleError
from . import event_notes
from .db import get_db
from .event_words import game_names, summary
from .events import _key, _open
from .i18n import translate
from .pdf_views import _download, _slug

bp = Blueprint("event_paper", __name__)


def partie_tables(shown: evs.Shown) -> list[list[evs.Table]]:
    """Each drawn partie's tables as they stand, the first partie first."""
    db, key = get_db(), _key()
    return [evs.progress(db, key, shown, p) for p in range(1, len(shown.draws) + 1)]


def ranking_after(shown: evs.Shown, parties: list[list[evs.Table]], partie: int) -> tuple[rules.Line, ...]:
    """The standings once ``partie`` was played (E-R1..E-R4): the parties after it, and the
    players arriving after it, left out."""
    event = replace(shown.event, changes=tuple(c for c in shown.event.changes if c.partie <= partie))
    results = [rules.TableResult(t.partie, t.number, t.totals) for tables in parties[:partie] for t in tables]
    return rules.rank(event, results, shown.draws[:partie])


def _partie_asked(shown: evs.Shown, parties: list[list[evs.Table]]) -> tuple[int, bool]:
    """The partie a ranking is asked after (``?partie=``), and whether it is the final one;
    refused while that partie goes on (its ranking would change under the print)."""
    raw = request.args.get("partie", "")
    drawn = len(parties)
    final = raw == ""
    if final:
        if drawn < shown.event.parties or not all(t.over for t in parties[-1]):
            raise RuleError(N_("The final ranking is printed once every partie is played."), field="partie")
        return drawn, True
    if not raw.isdecimal() or not 1 <= int(raw) <= drawn:
        raise RuleError(N_("No partie %(partie)s yet."), field="partie", partie=raw[:4])
    partie = int(raw)
    if not all(t.over for t in parties[partie - 1]):
        raise RuleError(N_("Partie %(partie)s is still being played: its ranking prints once every table has "
                           "finished."), field="partie", partie=partie)
    return partie, partie == shown.event.parties


def _refusal(err: RuleError):
    return render_template("errors/error.html", title=_("Printing"), message=translate(err)), 409


@bp.get("/events/<token>/ranking.pdf")
def ranking_pdf(token: str):
    """The ranking after a partie (``?partie=2``), or the final one: a PDF in the event's language."""
    shown = _open(token, (evs.ORGANISER,))
    parties = partie_tables(shown)
    try:
        partie, final = _partie_asked(shown, parties)
    except RuleError as err:
        return _refusal(err)
    lines = ranking_after(shown, parties, partie)
    scores = {(t.partie, u): v for tables in parties[:partie] for t in tables for u, v in t.totals.items()}
    lang = shown.lang if shown.lang in current_app.config["LANGUAGES"] else current_app.config["BABEL_DEFAULT_LOCALE"]
    with force_locale(lang):
        html = render_template(
            "pdf/event_ranking.html", name=shown.name, lines=lines, partie=partie, final=final,
            parties=range(1, partie + 1), scores=scores, ranking=shown.event.settings.ranking,
            summary=summary(shown.event, game_names((shown.event.game,))), page_size="A4", lang=lang,
            date=format_date(datetime.now(UTC), "long"), row_h=14, story_page=False,
            ladder=event_ratings.ladder_json(get_db(), shown) if final else (),
            note=written[-1].note if (written := event_notes.kept(shown.id)) else "")
    data = pdf.html_pdf(html)
    which = "final" if final and request.args.get("partie", "") == "" else f"partie-{partie}"
    return _download(data, f"scribe-{_slug(shown.name) or 'event'}-{which}.pdf")


def results_rows(shown: evs.Shown) -> list[list[Any]]:
    """Every result: one row per partie, table and player, in seat order."""
    rows = []
    for tables in partie_tables(shown):
        for t in tables:
            for seat, unit in enumerate(t.units, 1):
                rows.append([t.partie, t.number, seat, unit, t.totals.get(unit, 0), t.played,
                             _("yes") if t.over else _("no")])
    return rows


@bp.get("/events/<token>/results.csv")
def results_csv(token: str):
    """Every result of the evening as CSV (UTF-8 with its mark, so a spreadsheet reads the accents)."""
    shown = _open(token, (evs.ORGANISER,))
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow([_("Partie"), _("Table"), _("Seat"), _("Name"), _("Score"), _("Deals played"), _("Finished")])
    writer.writerows(results_rows(shown))
    resp = send_file(io.BytesIO(out.getvalue().encode()), mimetype="text/csv", as_attachment=True,
                     download_name=f"scribe-{_slug(shown.name) or 'event'}.csv")
    resp.headers["Cache-Control"] = "no-store"  # as private as the organiser's page
    return resp


