"""Club nights' pages (issue 36): a new evening, the organiser's page, the hall's TV.

Thin views over ``scribe.event_service``: the organiser's link (``/events/<token>``) sees and
does everything; the ranking link (``/events/<token>/tv``) only reads: its page carries no other
token, so its HTML cannot be turned into the organiser's rights or a table's. Both pages
follow the evening on a stream (``event_live.py``: ``scribe serve`` pushes each board once
per event version to every screen showing it), else by polling a fragment URL with the
event's version they show (its games' versions included, ``store.events.version_of``): an
unchanged version is answered 204, which htmx ignores (the pattern of ``table.py``). The
TV then asks twice a second, so a deal entered at any table shows there within a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import gettext as _

from .. import event_ratings, event_service as evs
from ..rules.errors import RuleError
from ..store import StaleError, notes as store_notes
from . import event_form, event_live, event_words, once
from .db import get_db
from .i18n import game_language
from .render import error_ctx, page_or_fragment, see_other, table_url
from .table import _version_arg, qr

bp = Blueprint("events", __name__)

ORGANISER_POLL_S = 2  # the organiser's page: a table's progress within two seconds is plenty
TV_POLL_MS = 500  # the hall's TV without a stream: each deal within a second of its entry (issue 36)


def _key() -> str:
    from . import access

    return access.secret_key()


def _open(token: str, kinds: tuple[str, ...]) -> evs.Shown:
    try:
        return evs.open_event(get_db(), token, kinds)
    except evs.EventNotFound:
        abort(404)


# --------------------------------------------------------------------------- a new evening


def _new_ctx(form: event_form.Shown) -> dict[str, Any]:
    games = event_form.games_for(form.format)
    from ..events import DRAWS, FORMATS, RANKINGS, TIE_BREAKS

    return {"form": form, "formats": FORMATS, "games": games, "rankings": RANKINGS, "draws": DRAWS,
            "tie_breaks": TIE_BREAKS, "format_names": event_words.format_names(),
            "format_hints": event_words.format_hints(), "game_names": event_words.game_names(games),
            "ranking_names": event_words.ranking_names(), "draw_names": event_words.draw_names(),
            "tie_break_names": event_words.tie_break_names()}


@bp.get("/events/new")
def new():
    """The new club night's form, for the format chosen (Tarot donnes libres first)."""
    return render_template("events/new.html", once=once.form_key(), **_new_ctx(event_form.blank(request.args.get("format"))))


@bp.post("/events")
def create():
    """Create the evening from its form, then open the organiser's page (sent twice: one evening)."""
    try:
        event, name = event_form.parse(request.form)
        s = event.settings
        made = evs.create_event(
            get_db(), _key(), name, game_language(request.form.get("lang")), event.game, event.format, event.parties,
            list(event.entrants), event.deals, event.target, [list(t) for t in event.teams],
            {"ranking": s.ranking, "draw": s.draw, "tie_breaks": list(s.tie_breaks), "table_min": s.table_min,
             "table_max": s.table_max, "table_preferred": s.table_preferred, "byes": s.byes, "zero_sum": s.zero_sum},
            made_from=once.from_form(request.form))
    except RuleError as err:
        return page_or_fragment("events/new.html", "events/new.html", 422, once=once.kept_form_key(request.form),
                                **_new_ctx(event_form.shown(request.form)), **error_ctx(err))
    if not made.new:  # the same form sent again: the evening it made, not counted as a new one
        once.answered_again()
    return see_other(url_for("events.organiser", token=made.organiser))


# --------------------------------------------------------------------------- the organiser


@dataclass(frozen=True)
class Page:
    """What the organiser's page and the TV show of an evening."""

    name: str
    summary: str
    version: int  # the event's own: what a change is made on
    whole_version: int  # with its games': what the page shows
    partie: int  # the last drawn (0: none yet)
    parties: int
    tables: list
    byes: tuple[str, ...]
    lines: tuple
    ranking: str
    next_partie: int | None  # the next one to draw, None past the last
    can_draw: bool
    why_not: str | None
    over: bool  # every partie drawn and played out
    present: tuple[str, ...]
    teams: bool
    ranked_parties: tuple[int, ...]  # the parties whose every table is over (a ranking PDF each)
    organiser_url: str = ""
    ranking_url: str = ""
    notes: tuple = ()  # every note written on the evening, the first first (the last: its note now)

    @property
    def note(self) -> str:
        return self.notes[-1].note if self.notes else ""


def _page(shown: evs.Shown, token: str) -> Page:
    from .. import events as rules

    db, key = get_db(), _key()
    tables = evs.progress(db, key, shown)
    lines = evs.standings(db, shown)
    event = shown.event
    drawn = len(shown.draws)
    all_over = bool(tables) and all(t.over for t in tables)
    why = None
    if drawn < event.parties:
        try:
            results = [rules.TableResult(t.partie, t.number, t.totals) for t in tables if t.over]
            rules.verify_next_draw(event, shown.draws, results)
        except RuleError as err:
            why = error_ctx(err)["error"]["message"]
    over = drawn == event.parties and all_over
    # after the last partie its ranking is the final one: offered once, as such
    done = tuple(p for p in range(1, drawn + 1) if p < drawn or (all_over and not over))
    urls = {"organiser_url": "", "ranking_url": ""}
    if shown.organiser:
        tokens = evs.links_of(db, key, shown)
        # a revoked ranking link has no token to show: its card is left out, not a 500
        urls = {"organiser_url": table_url("events.organiser", token=tokens[evs.ORGANISER]),
                "ranking_url": table_url("events.tv", token=tokens[evs.RANKING]) if evs.RANKING in tokens else ""}
    names = event_words.game_names((event.game,))
    return Page(shown.name, event_words.summary(event, names), shown.own_version, shown.version, drawn, event.parties,
                tables, shown.draws[-1].byes if shown.draws else (), lines, event.settings.ranking,
                shown.next_partie if drawn < event.parties else None, drawn < event.parties and why is None, why,
                over, rules.present(event, min(drawn + 1, event.parties)),
                event.format == "concours", done, **urls,
                notes=tuple(store_notes.notes(db, shown.id, store_notes.EVENT)))


def _table_ctx(token: str, shown: evs.Shown) -> dict[str, Any]:
    return {"table_url": lambda t: table_url("play.game", key=t.scribe), "progress": event_words.progress,
            "qr": qr, "token": token, "poll": ORGANISER_POLL_S,
            "ladder": lambda: event_ratings.ladder_json(get_db(), shown)}


def _opened(shown: evs.Shown) -> evs.Shown:
    """The organiser's page shown: this browser's group holds the finished tables (their
    links are the organiser's), so they count in its statistics and ladders."""
    from . import access

    access.remember_tables(event_ratings.finished_tables(get_db(), shown))
    return shown


@bp.get("/events/<token>")
def organiser(token: str):
    """The organiser's page: the partie in play table by table, the next draw, the ranking."""
    shown = _opened(_open(token, (evs.ORGANISER,)))
    return render_template("events/organiser.html", page=_page(shown, token), **_table_ctx(token, shown))


@bp.get("/events/<token>/board")
def board(token: str):
    """The organiser's tables and ranking again, or 204 while the version shown is current."""
    try:
        version = evs.version(get_db(), token, (evs.ORGANISER,))
    except evs.EventNotFound:
        abort(404)
    if _version_arg() == version:
        return make_response("", 204)
    shown = _opened(_open(token, (evs.ORGANISER,)))
    return event_live.followed(render_template("events/_board.html", page=_page(shown, token),
                                               **_table_ctx(token, shown)), shown)


def _refused(token: str, shown: evs.Shown, status: int, **error: Any):
    return make_response(render_template("events/organiser.html", page=_page(shown, token), error=error,
                                         **_table_ctx(token, shown)), status)


def _change(token: str, do):
    """One change of the organiser's (a draw, an arrival, a withdrawal): back to the page,
    or the page again with the refusal beside its field (422), or as it is now (409)."""
    shown = _open(token, (evs.ORGANISER,))
    try:
        do(shown)
    except RuleError as err:
        return _refused(token, shown, 422, **error_ctx(err)["error"])
    except StaleError:
        return _refused(token, _open(token, (evs.ORGANISER,)), 409, field="version",
                        message=_("The evening moved on since your page was shown: here it is now. Nothing was "
                                  "changed."))
    return see_other(url_for("events.organiser", token=token))


@bp.post("/events/<token>/draw")
def draw(token: str):
    """Draw the next partie and make its tables (the partie named: sent twice, drawn once)."""
    form = request.form
    return _change(token, lambda shown: evs.start_partie(get_db(), _key(), shown, form.get("partie"),
                                                          form.get("version")))


def _arrival(shown: evs.Shown, raw: Any) -> None:
    name, players = raw, ()
    if shown.event.format == "concours" and isinstance(raw, str):
        name, players = raw.strip(), event_form.team_line(raw, "name")
    evs.arrive(get_db(), shown, name, None, players, request.form.get("version"))


@bp.post("/events/<token>/arrive")
def arrive(token: str):
    """A late player (a team) joins from the next partie on (E-D5)."""
    return _change(token, lambda shown: _arrival(shown, request.form.get("name")))


@bp.post("/events/<token>/withdraw")
def withdraw(token: str):
    """A player (a team) leaves from the next partie on; what they scored stays (E-D5)."""
    return _change(token, lambda shown: evs.withdraw(get_db(), shown, request.form.get("name"), None,
                                                     request.form.get("version")))


# --------------------------------------------------------------------------- the hall's TV


def _tv_ctx(token: str) -> dict[str, Any]:
    return {"progress": event_words.progress, "token": token, "poll_ms": TV_POLL_MS}


@bp.get("/events/<token>/tv")
def tv(token: str):
    """The hall's screen: who sits where in the partie in play, how far each table is, and
    the ranking, following every deal (read-only: the ranking link only; the organiser opens the TV through it)."""
    shown = _open(token, (evs.RANKING,))
    return render_template("events/tv.html", page=_page(shown, token), **_tv_ctx(token))


@bp.get("/events/<token>/tv/board")
def tv_board(token: str):
    """The TV's board again, or 204 while the version shown is current."""
    try:
        version = evs.version(get_db(), token, (evs.RANKING,))
    except evs.EventNotFound:
        abort(404)
    if _version_arg() == version:
        return make_response("", 204)
    shown = _open(token, (evs.RANKING,))
    return event_live.followed(render_template("events/_tv.html", page=_page(shown, token), **_tv_ctx(token)), shown)
