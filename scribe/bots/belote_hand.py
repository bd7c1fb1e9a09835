"""What a Belote or Coinche hand is worth at a trump, and the calls a bot seat makes from
it (issue 37): Belote's taking rounds (B-D1, B-D2), Coinche's auction (C-A1, C-A2).
Pure: no Flask, no SQL.

The evaluation (:func:`estimate`) is the points the seat's team may expect to take with
this trump, the way players count a hand before they speak: a card counts for its own
points and for what it should capture. A trump Jack is a sure trick: 30; the 9 is as good
beside the Jack or with two more trumps to guard it (22), else 10; the trump Ace 17 beside
the Jack and the 9, 11 beside one of them, else 6; the 10 8 with three trumps, else 4; a
King or Queen of trump 4, both 24 (the belote's 20, B-P3); a 7 or 8 of trump 3; every trump
past the third 8 (length: they win tricks once the others are drawn). A plain Ace 17 (its
11 and what falls on it); a plain 10 12 beside its Ace, 4 in a suit of three, else 0; a
plain King 5 beside the Ace and the 10. With three trumps or more, a void plain suit 6
and a singleton 3 (cuts). The partner brings :data:`PARTNER` on average.

Calls from it: Belote takes at :data:`TAKE_AT` (the turned card and the 2 cards still
to come, :data:`TO_COME`, count); Coinche bids :data:`BID_MARGIN` under the estimate,
rounded down to ten (80 at least, 160 at most, capot from :data:`CAPOT_AT`); raises a
partner's bid by ten for each of its plain Aces and the Jack and 9 of the partner's trump,
less one (the usual convention, the partner having counted on about one of them);
coinches a contract the defence should beat by :data:`COINCHE_MARGIN`; surcoinches with
:data:`SURCOINCHE_MARGIN` to spare. At the levels that search, a close call (a take within
:data:`CLOSE` of its mark, a bid of the seat's own) is tried out over deals of the unseen
cards played out by the search's heuristic (``belote_search.contract_mean``): it is made
if it pays on average. Sans atout and tout atout are never bid (the bot plays them when
someone else bids them); nor is the générale. A level may misjudge its hand by a seeded
few points (``noise``, the spread).

Checked once, not tuned: on 3000 Coinche deals played out by the heuristic, the first
speaker's team took 87 to 131 points on average for counts of 60 to 139
(bench/README.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from scribe.games.belote.auction import MIN_BID
from scribe.games.belote.scoring import CAPOT, GENERALE
from scribe.rules.cards.standard import SUITS

from .belote_search import contract_mean

PARTNER = 30
TAKE_AT = 85  # Belote: the takers need 82 of the 162 (B-S1); a little margin
TO_COME = 10  # Belote: the taker's 2 cards still to come, on average
TOP_BID = 160
BID_MARGIN = 10  # the auction's winner is the one who counted highest: bid a little under the count
CAPOT_AT = 220
COINCHE_MARGIN = 30
SURCOINCHE_MARGIN = 40
CLOSE = 10  # a call this near its mark is tried out by the search (the levels that search)


def _ranks(hand: Iterable[str], s: str) -> set[str]:
    return {c[:-1] for c in hand if c[-1] == s}


def estimate(hand: Sequence[str], trump: str) -> int:
    """The points the seat's team may expect with ``trump`` (see the module's doc).

    >>> estimate(["JH", "9H", "AH", "AS", "7D", "8D", "7C", "8C"], "H")
    119
    >>> estimate(["7H", "KS", "QS", "10D", "8D", "9C", "JC", "8S"], "H")
    33
    """
    t = _ranks(hand, trump)
    n = len(t)
    value = PARTNER
    value += 30 if "J" in t else 0
    value += (22 if ("J" in t or n >= 3) else 10) if "9" in t else 0
    if "A" in t:
        value += 17 if {"J", "9"} <= t else 11 if t & {"J", "9"} else 6
    value += (8 if n >= 3 else 4) if "10" in t else 0
    value += 24 if {"K", "Q"} <= t else 4 * len(t & {"K", "Q"})
    value += 3 * len(t & {"7", "8"})
    value += 8 * max(0, n - 3)
    for s in SUITS:
        if s == trump:
            continue
        r = _ranks(hand, s)
        value += 17 if "A" in r else 0
        if "10" in r:
            value += 12 if "A" in r else 4 if len(r) >= 3 else 0
        value += 5 if {"A", "10", "K"} <= r else 0
        if n >= 3:
            value += 6 if not r else 3 if len(r) == 1 else 0
    return value


def defence(hand: Sequence[str], trump: str) -> int:
    """The points the seat's team may expect against a contract at ``trump``: the same
    count, less the length the takers' trumps would have (a defender does not draw)."""
    n = len(_ranks(hand, trump))
    return estimate(hand, trump) - 8 * max(0, n - 3)


def _noisy(value: int, noise: float, rng: random.Random) -> int:
    return value + round(rng.gauss(0, noise)) if noise else value


# ----------------------------------------------------------------- Belote's taking


def belote_call(table: Any, seat: int, settings: Any, noise: float, worlds: int, rng: random.Random
                ) -> dict[str, Any]:
    """B-D1, B-D2: the first round takes the turned suit or passes; the second names the
    best suit (not the turned one when the table says so) or passes. A close call (within
    :data:`CLOSE` of the mark) is tried out over ``worlds`` deals when the level searches."""
    hand = [*table.hands[seat], table.turned]  # the taker is given the turned card
    turned_suit = table.turned[-1]
    first = len(table.calls) < 4
    suits = [turned_suit] if first else [s for s in SUITS
                                         if not (settings.second_round == "other" and s == turned_suit)]
    best = max(suits, key=lambda s: (estimate(hand, s), -SUITS.index(s)))
    value = _noisy(estimate(hand, best) + TO_COME, noise, rng)
    if worlds and abs(value - TAKE_AT) <= CLOSE:
        take = contract_mean(table, seat, best, None, settings, worlds, rng) > 0
    else:
        take = value >= TAKE_AT
    if not take:
        return {"call": "pass"}
    return {"call": "take"} if first else {"call": "take", "suit": best}


# ----------------------------------------------------------------- Coinche's auction


def _amount(value: int, settings: Any) -> int | str | None:
    """The bid a value is worth: capot, or a multiple of ten from 80 to 160 (and to the
    table's ceiling); None under 80."""
    if value >= CAPOT_AT:
        return CAPOT
    top = TOP_BID if settings.ceiling is None else min(TOP_BID, settings.ceiling)
    amount = min((value - BID_MARGIN) // 10 * 10, top)
    return amount if amount >= MIN_BID else None


def _above(amount: int | str | None, standing: int | str | None) -> bool:
    if amount is None or amount == GENERALE:
        return False
    if standing is None:
        return True
    if standing in (CAPOT, GENERALE):
        return False
    return amount == CAPOT or amount > standing


def _tried(table: Any, seat: int, amount: int | str | None, trump: str, standing: int | str | None, settings: Any,
           worlds: int, rng: random.Random) -> int | str | None:
    """A bid of the seat's own (not a raise) tried out over ``worlds`` deals when the
    level searches: kept if it pays on average, else ten lower if that still overbids and
    pays, else none (pass)."""
    if not worlds or not isinstance(amount, int):
        return amount
    for tried in (amount, amount - 10):
        if tried < MIN_BID or not _above(tried, standing):
            break
        if contract_mean(table, seat, trump, tried, settings, worlds, rng) > 0:
            return tried
    return None


def coinche_call(table: Any, seat: int, settings: Any, noise: float, rng: random.Random, worlds: int = 0
                 ) -> dict[str, Any]:
    """C-A1, C-A2: this seat's call in the auction, from its hand and the standing bid;
    its own bids tried out by the search at the levels that search (:func:`_tried`)."""
    hand = list(table.hands[seat])
    bid = table.bid
    team = seat % 2
    values = {s: _noisy(estimate(hand, s), noise, rng) for s in SUITS}
    best = max(SUITS, key=lambda s: (values[s], -SUITS.index(s)))
    if bid is None:
        amount = _tried(table, seat, _amount(values[best], settings), best, None, settings, worlds, rng)
        return {"call": "bid", "amount": amount, "trump": best} if amount is not None else {"call": "pass"}
    standing, trump = bid["amount"], bid["trump"]
    if bid["level"] == 1:  # coinched: the takers may surcoinche, nobody bids (C-A2)
        if bid["takers"] == team and isinstance(standing, int) and trump in SUITS \
                and values[trump] >= standing + SURCOINCHE_MARGIN:
            return {"call": "surcoinche"}
        return {"call": "pass"}
    if bid["takers"] != team:
        if trump in SUITS and _coinches(hand, trump, standing, settings):
            return {"call": "coinche"}
        amount = _amount(values[best], settings)
        if _above(amount, standing):
            amount = _tried(table, seat, amount, best, standing, settings, worlds, rng)
            if amount is not None:
                return {"call": "bid", "amount": amount, "trump": best}
        return {"call": "pass"}
    if bid["taker"] != seat and trump in SUITS and isinstance(standing, int) \
            and not any(p == seat and c["call"] == "bid" for p, c in table.calls):
        raised = standing + 10 * (_support(hand, trump) - 1)  # the partner's bid, raised once
        amount = _amount(raised, settings) if raised > standing else None
        if _above(amount, standing) and amount != CAPOT:
            return {"call": "bid", "amount": amount, "trump": trump}
    amount = _amount(values[best], settings)
    if best != trump and isinstance(amount, int) and _above(amount, standing) and amount >= _as_int(standing) + 30:
        return {"call": "bid", "amount": amount, "trump": best}
    return {"call": "pass"}


def _as_int(amount: int | str) -> int:
    return amount if isinstance(amount, int) else 10_000


def _support(hand: Sequence[str], trump: str) -> int:
    """A partner's bid is raised by ten for each of these less one (the partner counted on
    an average hand, about one of them): a plain Ace, the Jack, the 9 of its trump."""
    t = _ranks(hand, trump)
    aces = sum(1 for c in hand if c[:-1] == "A" and c[-1] != trump)
    return aces + ("J" in t) + ("9" in t)


def _coinches(hand: Sequence[str], trump: str, standing: int | str, settings: Any) -> bool:
    """C-A2: coinche when the defence should take more than the contract leaves it."""
    if standing in (CAPOT, GENERALE):
        return settings.capot_coinche and "J" + trump in hand  # a sure trick breaks a capot
    return defence(hand, trump) >= 162 - int(standing) + COINCHE_MARGIN
