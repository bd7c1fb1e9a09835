"""Points games in words: the game played, how it ends (P-2), who wins (P-3) and Skyjo's
switch (P-S1), under the sheet and on paper."""

from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext

from ...formatting import ngettext_rounds
from . import CUSTOM, SIX, SKYJO, Setup

PRESET_LABELS = {
    SKYJO: lazy_gettext("Skyjo"),
    SIX: lazy_gettext("6 qui prend!"),
    CUSTOM: lazy_gettext("Another points game"),
}


def rules_text(setup: Setup) -> str:
    parts = [setup.title or str(PRESET_LABELS[setup.preset])]
    parts.append(_("ends at %(target)s points", target=setup.target) if setup.target
                 else ngettext_rounds(setup.rounds))
    parts.append(_("lowest total wins") if setup.lowest_wins else _("highest total wins"))
    if setup.double_always:
        parts.append(_("the closer doubled whatever the sign"))
    return " · ".join(parts)


FILTERS: dict = {}
