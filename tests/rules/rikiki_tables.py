"""Rikiki's random tables for the property walks: a setup (``rikiki_setup``), the moves the
rules may accept next (``rikiki_moves``) and an API body (``rikiki_body``), in the shape of
``test_advance.TABLES`` and ``test_minimal_answers.BODIES`` (their registry guards list
every game: these are Rikiki's rows, to be listed there)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scribe.games import GAMES

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus"]
PRESETS = ["oh_hell", "nomination_whist", "boerenbridge", "rikiki"]
Move = tuple[str, dict[str, Any]]


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total])]


def rikiki_setup(draw):
    n = draw(st.integers(3, 7))
    return GAMES["rikiki"].make_setup(
        players=NAMES[:n], first_dealer=draw(st.integers(0, n - 1)), preset=draw(st.sampled_from(PRESETS)),
        reveal=draw(st.sampled_from(["open", "hidden", "secret"])), virtual_deck=draw(st.booleans()),
        trump=draw(st.sampled_from(["turned", "spades"])), schedule="list",
        cards=draw(st.lists(st.integers(1, 7), min_size=1, max_size=4)))


def rikiki_moves(draw, sheet, rng) -> list[Move]:
    """The family's kinds, with a standard pack (R-*): a deal or a shuffle, the trump on
    paper, a bid, a card (or one taken back), the tricks; now and then a correction."""
    moves: list[Move] = []
    row, rules = sheet.current, sheet.setup.rules
    if row is not None:
        n = row.number
        if rules.virtual_deck and not row.dealt:
            moves.append(draw(st.sampled_from([("deal", {"round": n}), ("deal", {"round": n}), ("shuffle", {"round": n}),
                                               ("bot", {"seat": draw(st.integers(0, sheet.setup.n - 1)),  # issue 37
                                                        "level": draw(st.sampled_from(["easy", "hard", None]))})])))
        elif not row.bids_in:
            if not rules.virtual_deck and row.has_trump and row.trump is None and draw(st.booleans()):
                moves.append(("trump", {"round": n, "card": draw(st.sampled_from(sheet.setup.SUITS))}))
            waiting = [p for p in row.order if row.bids[p] is None]
            seat = waiting[0] if rules.reveal == "open" else draw(st.sampled_from(waiting))
            moves.append(("bid", {"round": n, "player": seat, "bid": draw(st.integers(0, row.cards))}))
        elif rules.virtual_deck and row.play is not None and not row.play.finished:
            seat = row.play.turn
            legal, _ = sheet.setup.legal(row.play, row.remaining(seat))
            if row.play.last_play is not None and draw(st.integers(0, 4)) == 0:
                last = row.play.last_play
                moves.append(("take_back", {"round": n, "player": last[0], "card": last[1]}))
            moves.append(("played", {"round": n, "player": seat, "card": draw(st.sampled_from(legal))}))
        else:
            moves.append(("tricks", {"round": n} if rules.virtual_deck else
                          {"round": n, "tricks": split(draw, row.cards, sheet.setup.n)}))
    if sheet.played and draw(st.integers(0, 5)) == 0:
        done = draw(st.sampled_from(sheet.played))
        bids = draw(st.lists(st.integers(0, done.cards), min_size=sheet.setup.n, max_size=sheet.setup.n))
        moves.insert(0, ("correction", {"round": done.number, "bids": bids,
                                        "tricks": None if rules.virtual_deck else split(draw, done.cards, sheet.setup.n)}))
    return moves


def rikiki_body(draw) -> dict[str, Any]:
    n = draw(st.integers(3, 7))
    rules = {"reveal": draw(st.sampled_from(["open", "hidden", "secret"])), "virtual_deck": draw(st.booleans()),
             "schedule": "list", "cards": draw(st.lists(st.integers(1, 6), min_size=2, max_size=4))}
    return {"game": "rikiki", "players": NAMES[:n], "first_dealer": draw(st.integers(0, n - 1)),
            "preset": draw(st.sampled_from(PRESETS)), "rules": rules}
