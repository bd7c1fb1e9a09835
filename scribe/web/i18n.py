"""French and English: from a cookie set by the switch, else the browser's language."""

from flask import Blueprint, Flask, current_app, redirect, request, url_for
from flask_babel import Babel

from ..formatting import translate  # noqa: F401  (the web's modules take it from here; printing from formatting)

COOKIE = "lang"


def select_locale() -> str:
    langs = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(COOKIE)
    if chosen in langs:
        return chosen
    return request.accept_languages.best_match(langs) or current_app.config["BABEL_DEFAULT_LOCALE"]


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


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.register_blueprint(bp)
