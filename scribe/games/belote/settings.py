"""Every choice the federation's texts leave open, as a setting shown at creation, with
the federation's choice as default (B-*, C-* in shared/RULES.md). Pure.

One package holds Belote and Coinche (*variant* ``belote`` or ``coinche``): Coinche is
Belote's cards, points, belote, capot, annonces, litige and end (B-P1..B-P4, B-S4, C-E1
"as B-E1 to B-E3") with an auction and its own score; each federation text that differs
is a setting, and FFB coinche, FFB contrée and Pagat are presets (named bundles of them).

>>> s = make_settings("coinche", "ffb_contree")
>>> s.annonces, s.beat_defence, s.multiply, s.belote_kept, s.rounding
(False, False, 'contract', False, 'up')
>>> make_settings("belote", capot="250").capot, make_settings("belote").annonces
(250, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import flag, whole

BELOTE, COINCHE = "belote", "coinche"
VARIANTS = (BELOTE, COINCHE)


@dataclass(frozen=True)
class Settings:
    """The settings of a game; the defaults are the FFB's (the Belote texts for Belote,
    FFB coinche for Coinche: :data:`DEFAULTS`)."""

    capot: int = 252  # B-P2: the capot's card points, 252 (FFB 9.2) or a flat 250 (Pagat)
    annonces: bool = False  # B-P4: off in the FFB's 2016 Belote text; on in FFB coinche (C-K2)
    annonce_tie: str = "none"  # B-P4: equal best annonces: nobody scores (FFB) or "first" declared (Pagat)
    second_round: str = "any"  # B-D1: round 2 names "any" suit (FFB) or an "other" than the turned one
    tie: str = "litige"  # B-S4, C-S6: equal totals: "litige" (FFB 10.1.3), "dedans", "made"
    rounding: str = "none"  # B-S5 "none" (FFB page) / C-S7 "up" (85 -> 90), "down" (85 -> 80)
    undertrump: bool = True  # play: void, an opponent's trump too high: a lower trump all the same
    ceiling: int | None = None  # C-A1: the highest amount under capot (None: no ceiling, FFB 4.1)
    surcoinche: int = 4  # C-A2: x4 (FFB coinche, Pagat) or x3
    capot_coinche: bool = True  # C-A2: a capot may be coinched (FFB); Pagat's base rule: not
    generale: int | None = None  # C-A3: off (FFB), or the générale's value (500 belotepoint.fr, 1000 Pagat)
    sa_ta: bool = False  # C-A4: sans atout and tout atout allowed (organiser's setting)
    sa_jack: int = 2  # C-A4: a Jack at SA, 2 (162 in all) or 0 as the FFB's table prints it (154)
    ta_table: str = "ffb"  # C-A4: TA points, "ffb" (Q 2, J 13) or "pagat" (Q 1, J 14)
    beat_defence: bool = True  # C-K1 (b): the takers must also outscore the defence (FFB coinche)
    belote_counts: bool = True  # C-K1: the belote helps make the contract
    annonces_count: bool = True  # C-K1: the annonces help make the contract
    base: int = 160  # C-S4: a coinched or failed contract's base, 160 (250 capot) or 162 (252)
    multiply: str = "all"  # C-S4: the coinche multiplies "all" the score, or the "contract" only
    belote_kept: bool = True  # C-S4: belote imprenable (FFB coinche) or prenable (FFB contrée)
    mode: str = "made"  # C-S5: "made" points made + contract (FFB coinche), or "contract" only
    lost_capot: str = "full"  # C-S3: a lost capot's base "full" 250 (500) or "base" 160 (410)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Settings:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})

    def for_variant(self, variant: str) -> dict[str, Any]:
        """The settings a ``variant`` game takes (``make_settings``' keywords): a rematch's."""
        skip = COINCHE_ONLY if variant == BELOTE else BELOTE_ONLY
        return {k: v for k, v in asdict(self).items() if k not in skip}

    @property
    def capot_base(self) -> int:
        """C-S3, C-S4: the base when every trick went to one team: 250 (or 252 with 162)."""
        return self.base + 90


CHOICES: dict[str, tuple[Any, ...]] = {
    "capot": (252, 250), "annonce_tie": ("none", "first"), "second_round": ("any", "other"),
    "tie": ("litige", "dedans", "made"), "rounding": ("none", "up", "down"), "surcoinche": (4, 3),
    "sa_jack": (2, 0), "ta_table": ("ffb", "pagat"), "base": (160, 162), "multiply": ("all", "contract"),
    "mode": ("made", "contract"), "lost_capot": ("full", "base"),
}
FLAGS = ("annonces", "undertrump", "capot_coinche", "sa_ta", "beat_defence", "belote_counts", "annonces_count",
         "belote_kept")
BELOTE_ONLY = ("second_round",)
COINCHE_ONLY = ("ceiling", "surcoinche", "capot_coinche", "generale", "sa_ta", "sa_jack", "ta_table",
                "beat_defence", "belote_counts", "annonces_count", "base", "multiply", "belote_kept", "mode",
                "lost_capot")
CEILING = (100, 240)  # C-A1: 160 (Montpellier), 170 or 180; never at or above capot's 250
GENERALE = (260, 2000)  # C-A3: above capot

DEFAULTS = {BELOTE: Settings(), COINCHE: Settings(annonces=True, rounding="up")}
PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "ffb": (BELOTE, {}),
    "ffb_coinche": (COINCHE, {}),
    # FFB contrée 2016: no annonces (8), (b) off, "Contrat x 2 + 160", belote prenable
    "ffb_contree": (COINCHE, {"annonces": False, "beat_defence": False, "multiply": "contract",
                              "belote_kept": False}),
    # Pagat's Coinche: flat 250 capot, the first declared annonce wins a tie, no coinche of a
    # capot, générale "for example 1000", SA/TA with its TA table, (b) off, x on A only
    "pagat": (COINCHE, {"capot": 250, "annonce_tie": "first", "capot_coinche": False, "generale": 1000,
                        "sa_ta": True, "ta_table": "pagat", "beat_defence": False, "multiply": "contract"}),
}


def _value(name: str, raw: Any) -> Any:
    if name in FLAGS:
        return flag(raw, name)
    if name in ("ceiling", "generale"):
        if raw in (None, "", "none", "off"):
            return None
        value = whole(raw, name)
        low, high = CEILING if name == "ceiling" else GENERALE
        if value % 10 or not low <= value <= high:
            raise RuleError(N_("Give a multiple of 10 from %(low)s to %(high)s, or none."), field=name, low=low,
                            high=high)
        return value
    choices = CHOICES[name]
    value = whole(raw, name) if isinstance(choices[0], int) and not isinstance(raw, int) else raw
    if value not in choices:
        raise RuleError(N_("This setting is one of: %(choices)s."), field=name,
                        choices=", ".join(str(c) for c in choices))
    return value


def make_settings(variant: str = BELOTE, preset: str | None = None, **raw: Any) -> Settings:
    """The settings of a ``variant`` game: a preset's (else the variant's defaults), with
    each setting given checked (a RuleError naming it otherwise).

    >>> make_settings("coinche", "pagat", surcoinche="3").surcoinche
    3
    >>> make_settings("belote", ceiling=160)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: This setting is for Coinche only.
    """
    if variant not in VARIANTS:
        raise RuleError(N_("Belote or Coinche."), field="variant")
    base = DEFAULTS[variant]
    if preset not in (None, ""):
        if not isinstance(preset, str) or preset not in PRESETS or PRESETS[preset][0] != variant:
            raise RuleError(N_("Not a preset of this game."), field="preset")
        base = replace(base, **PRESETS[preset][1])
    changes = {}
    for name, value in raw.items():
        if name not in CHOICES and name not in FLAGS and name not in ("ceiling", "generale"):
            raise RuleError(N_("There is no such setting."), field=name)
        if variant == BELOTE and name in COINCHE_ONLY:
            raise RuleError(N_("This setting is for Coinche only."), field=name)
        if variant == COINCHE and name in BELOTE_ONLY:
            raise RuleError(N_("This setting is for Belote only."), field=name)
        changes[name] = _value(name, value)
    return replace(base, **changes)
