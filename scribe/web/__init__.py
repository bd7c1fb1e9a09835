"""The web layer: thin blueprints that parse, call the service, render."""

from collections.abc import Callable
from types import FunctionType
from typing import Any

from flask import Flask

from .. import formatting
from . import (
    access,
    api,
    busy,
    compressing,
    cookies,
    db,
    errors,
    event_live,
    event_notes,
    event_paper,
    events,
    events_api,
    filters,
    health,
    hints,
    hosts,
    i18n,
    limits,
    live,
    logs,
    notes,
    pages,
    pdf_views,
    play,
    proxy,
    robot_seats,
    robots,
    scribe_seat,
    security,
    shared_sheet,
    shell,
    stats,
    table,
    taps,
)

_SYNC_KEPT = 512  # plain functions remembered as synchronous: the hooks and views, a few dozen


def plain_functions_as_is(app: Flask) -> None:
    """Flask asks ``inspect.iscoroutinefunction`` of every hook and view of every request
    (about ten a write, a fiftieth of a bid's time in the app): a plain function found
    synchronous once is remembered as such, by identity. Anything else (an ``async def``,
    a bound method, a callable object) is asked as before, so nothing changes for it; a
    request's own ``after_this_request`` closures past the bound are asked each time."""
    flask_ensure_sync = app.ensure_sync
    known: dict[Callable[..., Any], bool] = {}

    def ensure_sync(func: Callable[..., Any]) -> Callable[..., Any]:
        if func in known:
            return func
        made = flask_ensure_sync(func)
        if made is func and type(func) is FunctionType and len(known) < _SYNC_KEPT:
            known[func] = True
        return made

    app.ensure_sync = ensure_sync  # type: ignore[method-assign]


def init_app(app: Flask) -> None:
    from .jsonfast import OrjsonProvider

    plain_functions_as_is(app)
    from .kept_rows import KeepRows

    app.json = OrjsonProvider(app)
    compressing.init_app(app)  # the first page, htmx included, must stay under 40 KB on the wire
    cookies.init_app(app)
    db.init_app(app)
    hosts.init_app(app)  # first: a request for an unknown name goes no further
    security.init_app(app)
    i18n.init_app(app)
    formatting.init_app(app)  # the filters the printed sheets use too
    filters.init_app(app)
    shared_sheet.init_app(app)  # the score sheet rendered once for all the screens showing it alike
    app.jinja_env.add_extension(KeepRows)  # and each of its scored rows once, until corrected
    errors.init_app(app)
    access.init_app(app)
    busy.init_app(app)
    taps.init_app(app)  # every write of a game honours an Idempotency-Key
    robots.init_app(app)  # the robots in seats play after each act (issue 37)
    app.register_blueprint(pages.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(events_api.bp)  # club nights (issue 36)
    app.register_blueprint(table.bp)
    app.register_blueprint(scribe_seat.bp)
    app.register_blueprint(robot_seats.bp)  # a seat to a robot or back (issue 37)
    app.register_blueprint(live.bp)
    app.register_blueprint(pdf_views.bp)
    app.register_blueprint(stats.bp)
    app.register_blueprint(events.bp)  # club nights (issue 36)
    app.register_blueprint(event_paper.bp)
    app.register_blueprint(notes.bp)
    app.register_blueprint(hints.bp)  # the robot's hints for learners (issue 37)
    app.register_blueprint(event_notes.bp)  # a club night's note (issue 36)
    app.register_blueprint(event_live.bp)  # the TV's and the organiser's boards, pushed
    app.register_blueprint(health.bp)
    app.register_blueprint(shell.bp)
    limits.init_app(app)  # by endpoint name, so after the blueprints
    logs.init_app(app)
    proxy.init_app(app)  # outermost WSGI layer: the log and the limiter see the real client
