"""A score sheet's rows rendered once and kept (issue 35): a new version's sheet costs
about one row.

A scored row never changes until a correction, yet each tap rendered every row again, a
fresh Jinja context for each cell's blocks (~200 a Wizard sheet). A sheet template marks
a row ``{% keep key %}...{% endkeep %}``: the row's text is kept under ``key`` (what the
row shows: the row, its state, whether links are drawn, the setup), the template's name
(a game's own blocks), the language, time zone and URL root (its words, numbers and
links), and the next render with the same ones is that text. ``key`` None, a value that
cannot be hashed, or no request (a command, a shell): rendered, not kept.

A value whose type says what the sheet shows of it (``table_key``: a row less the hand
only its holder keeps) is keyed by that, so every viewer's sheet shares the row. What the
row's markup reads must all be in its key: the template says so beside each ``keep``.
"""

from __future__ import annotations

from typing import Any

from jinja2.runtime import Context
from markupsafe import Markup

from ..keep_tag import KeepTag
from .shared_sheet import Kept, _keyed, place

KEPT = 8192  # rows (~1 KB each): 500 tables' scored rows, each for the Scribe and for the table


class KeepRows(KeepTag):
    """``{% keep key %}body{% endkeep %}``: the body rendered once per key (see the module)."""

    def __init__(self, environment: Any):
        super().__init__(environment)
        self.kept = Kept(KEPT)

    def _keep(self, context: Context, key: Any, caller: Any) -> Any:
        if key is None:
            return caller()
        try:
            whole = (context.name, place(), tuple(map(_keyed, key)) if isinstance(key, tuple) else _keyed(key))
            hash(whole)
        except (TypeError, RuntimeError):  # a value with no trusted key, or no request
            return caller()
        html = self.kept.get(whole)
        if html is None:
            html = Markup(caller())
            self.kept.put(whole, html)
        return html
