"""Wizard's forms: what the round's buttons post, as the data the rules verify."""

from __future__ import annotations

from typing import Any

from ...rules import wizard

TEMPLATES = "play"
ACTIONS = ("bid", "trump", "tricks")


def _counts(form, prefix: str, n: int) -> list[Any]:
    return [form.get(f"{prefix}.{p}") or None for p in range(n)]


def parse_action(kind: str, form, sheet: wizard.Sheet) -> dict[str, Any]:
    """One tap of the round panel as rules data (types are checked by the rules)."""
    if kind == "bid":
        return {k: form.get(k) for k in ("round", "player", "bid")}
    if kind == "trump":
        return {k: form.get(k) for k in ("round", "card", "suit")}
    if kind == "tricks":
        return {"round": form.get("round"), "tricks": _counts(form, "tricks", sheet.setup.n)}
    return {}


def parse_correction(number: int, form, sheet: wizard.Sheet) -> dict[str, Any]:
    """The correction form of round ``number``: every bid, and every trick once played."""
    n = sheet.setup.n
    row = sheet.row(number)
    return {"round": number, "bids": _counts(form, "bids", n),
            "tricks": _counts(form, "tricks", n) if row.complete else None}
