"""Witty Zibi in words: its mode and the expert rule (Z-M*), under the sheet and on paper."""

from __future__ import annotations

from flask_babel import gettext as _

from . import MODE_NAMES, Setup


def rules_text(setup: Setup) -> str:
    parts = ["Witty Zibi", _(MODE_NAMES[setup.mode])]
    if setup.expert:
        parts.append(_("expert rule"))
    return " · ".join(parts)


FILTERS: dict = {}
