"""Witty Zibi's forms: the damage tracker's taps and a round's result, as rules data."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...rules.errors import N_
from ...rules.totals import totals_json
from .. import zibi

NEW_LABEL = N_("New game of Witty Zibi")  # the start page's button


def game_label(variant: str) -> str:
    return "Witty Zibi"


TEMPLATES = "zibi"
ROUND_TEMPLATE = "zibi/_watch_round.html"  # the round on a watcher's and a player's screen
PLAYER_BID_TEMPLATE = None  # no bids in Witty Zibi
ACTIONS = ("result", "damage", "heal", "reveal", "set_aside")


def _result(form, n: int) -> dict[str, Any]:
    """Clan per player, eliminated ticks, and "no winner" when the cards ran out (Z-E1);
    otherwise the winner is left for the rules to work out from who survived."""
    data: dict[str, Any] = {
        "clans": [form.get(f"clan.{p}") or None for p in range(n)],
        "eliminated": [form.get(f"out.{p}") == "on" for p in range(n)],
    }
    if form.get("no_winner") == "on":
        data["winner"] = None
    return data


def parse_action(kind: str, form, sheet: zibi.ZibiSheet) -> dict[str, Any]:
    if kind == "result":
        return _result(form, sheet.setup.n)
    if kind == "damage":
        return {"player": form.get("player"), "amount": form.get("amount")}
    if kind == "heal":
        return {"player": form.get("player")}
    if kind == "reveal":
        return {"player": form.get("player"), "clan": form.get("clan")}
    if kind == "set_aside":
        return {"clan": form.get("clan")}
    return {}


def parse_correction(number: int, form, sheet: zibi.ZibiSheet) -> dict[str, Any]:
    return {"round": number, **_result(form, sheet.setup.n)}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """New-game form -> (options for the rules, the form to show again, filled rows)."""
    rows = form.getlist("players")  # all of them: a 10th name is refused (Z-M1), not dropped
    kept = [i for i, name in enumerate(rows) if name.strip()]
    shown = {"players": (rows + [""] * zibi.MAX_PLAYERS)[:zibi.MAX_PLAYERS], "mode": form.get("mode", ""),
             "expert": form.get("expert") == "on", "name": form.get("name", "")}
    options = {"players": [rows[i] for i in kept], "mode": form.get("mode") or None,
               "expert": shown["expert"]}
    return options, shown, kept


def blank_form() -> dict[str, Any]:
    return {"players": [""] * zibi.MAX_PLAYERS, "mode": "", "expert": False, "name": ""}


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    return {"players": body.get("players"), "mode": body.get("mode"), "expert": body.get("expert", False)}


def view(sheet: zibi.ZibiSheet) -> dict[str, Any]:
    """What the round panel needs beyond the sheet: the draft result and the preparation."""
    tracker = sheet.tracker
    return {
        "draft": zibi.draft(tracker),
        "ended": zibi.round_end(tracker),
        "prep": zibi.preparation(sheet.setup.n, sheet.setup.mode),
        "clans": zibi.CLANS[: len(sheet.setup.sizes)],
    }


def entry_text(e, setup: zibi.Setup) -> str:
    """One line of the history, in words."""

    d, names = e.data, setup.players
    if e.kind == "damage":
        return _("%(name)s takes %(amount)s damage", name=names[d["player"]], amount=d["amount"])
    if e.kind == "heal":
        return _("Witty Nurse heals %(name)s", name=names[d["player"]])
    if e.kind == "reveal":
        return _("%(name)s shows clan %(clan)s", name=names[d["player"]], clan=d["clan"])
    if e.kind == "set_aside":
        return _("The token set aside is clan %(clan)s", clan=d["clan"])
    clans = ", ".join(f"{n} {c}{' ✝' if out else ''}" for n, c, out in zip(names, d["clans"], d["eliminated"]))
    won = _("clan %(clan)s wins", clan=d["winner"]) if d.get("winner") else _("no winner")
    if e.kind == "correction":
        return _("Round %(round)s corrected: %(clans)s · %(won)s", round=d["round"], clans=clans, won=won)
    return _("Round result: %(clans)s · %(won)s", clans=clans, won=won)


NEW_TEMPLATE = "zibi/new.html"


def new_context() -> dict[str, Any]:
    return {"modes": zibi.MODES, "mode_names": zibi.MODE_NAMES}


def sheet_json(sheet: zibi.ZibiSheet) -> dict[str, Any]:
    """The Zibi sheet as JSON, field for field what the page shows."""
    t = sheet.tracker
    ended = zibi.round_end(t)
    setup = sheet.setup
    return totals_json(sheet, {
        "mode": setup.mode,
        "expert": setup.expert,
        "clan_sizes": list(setup.sizes),
        "clan_splits": [list(split) for split in setup.splits],
        "tracker": {"damage": list(t.totals), "eliminated": list(t.eliminated), "piles": [list(p) for p in t.piles],
                    "clans": list(t.known), "set_aside": t.set_aside,
                    "round_over": ended is not None, "winner": ended.winner if ended else None,
                    "maybe_out": list(zibi.draft(t).maybe_out)},
        "rounds": [
            {"number": r.number, "clans": list(r.result.clans), "eliminated": list(r.result.eliminated),
             "winner": r.result.winner, "points": list(r.points), "totals": list(r.totals),
             "leaders": list(r.leaders), "corrected": r.corrected}
            for r in sheet.rounds
        ],
    })


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Round 3" (no last round, Z-S3)."""
    return _("Round %(round)s", round=summary.get("round"))


# Witty Zibi's own template helpers, registered by web/filters.py
FILTERS = {"zibi_mode": lambda mode: _(zibi.MODE_NAMES[mode])}
GLOBALS = {"zibi_view": view}
