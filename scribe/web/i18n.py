"""Each reader's language, one of six: from a cookie set by the switch, else the
browser's language. Each phone has its own: the game's language only prints its sheet."""

from functools import lru_cache
from typing import Any

from babel import Locale
from flask import Blueprint, Flask, current_app, g, redirect, request, url_for
from flask_babel import Babel, get_translations
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ..config import LANGUAGE_NAMES

# re-exported: the web's modules take these from here (printing takes them from formatting)
from ..formatting import translate  # noqa: F401
from ..rules.errors import N_, RuleError

COOKIE = "lang"


def select_locale() -> str:
    langs = current_app.config["LANGUAGES"]
    environ = request.environ
    # no Cookie header, no cookies parsed (werkzeug finds that header by scanning every
    # header of the request); Accept-Language read from the environ, where request.headers looks
    if "HTTP_COOKIE" in environ:
        cookies = request.cookies
        chosen = cookies[COOKIE] if COOKIE in cookies else None  # noqa: SIM401  get() builds and catches an exception when absent
        if chosen in langs:
            return chosen
    return _best(environ.get("HTTP_ACCEPT_LANGUAGE", ""), tuple(langs)) or current_app.config["BABEL_DEFAULT_LOCALE"]


# Each request asks which language, and most send one of a few headers: the answer for
# a header is worked out once (parsing it was a twentieth of a bid's CPU), the least
# recently seen forgotten first.
@lru_cache(maxsize=256)
def _best(header: str, langs: tuple[str, ...]) -> str | None:
    return parse_accept_header(header, LanguageAccept).best_match(langs)


@lru_cache(maxsize=16)
def _parsed(code: str) -> Locale:
    """A language's babel Locale, made once: making one looks for its data on disk."""
    return Locale.parse(code)


def _locale() -> Locale:
    """The reader's locale, as flask_babel asks for it once per request."""
    return _parsed(select_locale())


def game_language(chosen: Any) -> str:
    """The language a new game prints its sheet in: the one chosen, else the reader's."""
    if chosen is None or chosen == "":
        return select_locale()
    if not isinstance(chosen, str) or chosen not in current_app.config["LANGUAGES"]:
        raise RuleError(N_("Unknown language."), field="lang")
    return chosen


bp = Blueprint("i18n", __name__)


@bp.get("/lang/<code>")
def switch(code: str):
    """Remember the chosen language and go back where the switch was tapped."""
    target = request.args.get("next", "")
    # never off-site: browsers drop tabs and newlines and read "\\" as "/", so "/\t/x" is "//x"
    if not target.startswith("/") or target.startswith("//") or any(c == "\\" or c < " " for c in target):
        target = url_for("pages.index")
    response = redirect(target, code=303)
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def fast_words(app: Flask) -> None:
    """The templates' gettext with the catalog of the locale in force found in one look:
    flask_babel's asks for its context, domain and locale, and spells the locale, on each
    of a fragment's forty-odd words (a tenth of a render's CPU). The locale in force is
    the one flask_babel keeps for the request (``force_locale`` puts the game's there
    while its sheet is printed), so that is what the catalog is found by."""
    catalogs: dict[Locale, Any] = {}

    def catalog() -> Any:
        try:
            locale = g._flask_babel.babel_locale
        except (AttributeError, RuntimeError):  # no words asked yet in this request, or no request
            return get_translations()
        if locale is None:
            return get_translations()
        found = catalogs.get(locale)
        if found is None:
            found = catalogs[locale] = get_translations()
        return found

    app.jinja_env.install_gettext_callables(
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
        newstyle=True,
    )


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=_locale)
    fast_words(app)
    names = {code: LANGUAGE_NAMES[code] for code in app.config["LANGUAGES"]}
    app.jinja_env.globals["languages"] = names  # the switch and the game's language, by their own names
    app.register_blueprint(bp)
