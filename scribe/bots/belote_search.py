"""A Belote or Coinche seat's play by determinised search (issue 37). Pure: no Flask, no SQL.

At its turn the seat deals the cards it cannot see among the other seats, consistently
with what it saw (:class:`Sighting`), many times over (the *worlds*); in each world it
plays every legal card and the rest of the deal out with a fast heuristic player
(:func:`heuristic`) for all four seats, and keeps the card whose mean deal score for its
own team, less the other team's, is best (B-S1..B-S4, or Coinche's C-K1, C-S1..C-S7,
worked out by the rules' own scoring). The same worlds serve every card, so the cards
are compared on equal luck.

What a seat sees and may infer, all public or its own: its hand; every card played and
who played it; the contract; at Belote the turned card, which the taker holds until it
is played; a belote said for a King or Queen of trump (the other one is in that hand) or
not said (it is not); and what a card played rules out under the obligations: a seat
holds no card that would have made the card it played illegal (``play.legal``; this
covers a suit not followed, a trump not played, a trump not over-played, at any trump).

Not modelled: what the calls say of a hand (a Coinche bid in hearts hints at hearts),
annonces (the Scribe's tap records them, not the deck).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scribe.games.belote.cards import DIX_DE_DER, SA, Rules, is_trump, points, strength, suit, winner_index
from scribe.games.belote.coinche import score as coinche_score
from scribe.games.belote.play import belotes, legal
from scribe.games.belote.scoring import CAPOT, GENERALE, POINTS, Deal, Result, score as belote_score
from scribe.rules.cards.standard import PACK_32

PLAYERS = 4
TRICKS = 8
_TRIES = 30  # draws of a world before dealing one that only keeps the sure cards in place


@dataclass(frozen=True)
class Sighting:
    """What ``seat`` knows of the cards: its ``hand``, the ``unseen`` cards, how many each
    seat still holds (``holding``), the cards a seat surely holds (``fixed``) and those it
    cannot hold (``bans``), per seat."""

    seat: int
    hand: tuple[str, ...]
    unseen: tuple[str, ...]
    holding: tuple[int, ...]
    fixed: tuple[frozenset[str], ...]
    bans: tuple[frozenset[str], ...]


def sighting(table: Any, seat: int) -> Sighting:
    """Read from the seat's view of the deal (a ``DeckDeal`` seen by ``seat``): its own
    hand and the public record only."""
    hand = tuple(table.hands[seat])
    rules: Rules = table.rules
    played = [c for _s, c in table.plays]
    gone = set(hand) | set(played)
    unseen = tuple(c for c in PACK_32 if c not in gone)
    holding = [TRICKS - sum(1 for s, _c in table.plays if s == p) for p in range(PLAYERS)]
    holding[seat] = len(hand)
    fixed: list[set[str]] = [set() for _ in range(PLAYERS)]
    bans: list[set[str]] = [set() for _ in range(PLAYERS)]
    hidden = set(unseen)
    contract = table.contract or {}
    turned = table.turned
    taker = contract.get("taker")
    if turned is not None and taker is not None and taker != seat and turned in hidden:
        fixed[taker].add(turned)  # B-D2: the taker was given the turned card
    said = {(p, c) for p, _w, c in table.said}
    for p, card in table.plays:  # B-P3: a belote said, or not, tells where the other card is
        if p == seat or rules.trump == SA or card[:-1] not in ("K", "Q") or not is_trump(card, rules):
            continue
        other = ("Q" if card[:-1] == "K" else "K") + suit(card)
        if other in hidden:
            (fixed if (p, card) in said else bans)[p].add(other)
    for _l, plays, _w in (*table.tricks, (None, table.trick, None)):
        for i, (p, card) in enumerate(plays):
            if p == seat or i == 0:
                continue
            before = [c for _s, c in plays[:i]]
            for x in hidden:  # a card that would have forbidden the one played was not held
                if card not in legal([card, x], before, rules)[0]:
                    bans[p].add(x)
    return Sighting(seat, hand, unseen, tuple(holding), tuple(frozenset(f) for f in fixed),
                    tuple(frozenset(b - f) for b, f in zip(bans, fixed, strict=True)))


def world(sight: Sighting, rng: random.Random) -> list[list[str]] | None:
    """One deal of the unseen cards to the other seats that fits the sighting, or None
    when the draws kept failing (then :func:`loose_world`)."""
    others = [p for p in range(PLAYERS) if p != sight.seat]
    for _ in range(_TRIES):
        hands = [list(sight.hand) if p == sight.seat else sorted(sight.fixed[p]) for p in range(PLAYERS)]
        room = {p: sight.holding[p] - len(hands[p]) for p in others}
        rest = [c for c in sight.unseen if not any(c in sight.fixed[p] for p in others)]
        rng.shuffle(rest)
        seats_for = {c: [p for p in others if c not in sight.bans[p]] for c in rest}
        rest.sort(key=lambda c: len(seats_for[c]))  # the most constrained first
        ok = True
        for c in rest:
            open_ = [p for p in seats_for[c] if room[p] > 0]
            if not open_:
                ok = False
                break
            p = rng.choices(open_, weights=[room[q] for q in open_])[0]
            hands[p].append(c)
            room[p] -= 1
        if ok:
            return hands
    return None


def loose_world(sight: Sighting, rng: random.Random) -> list[list[str]]:
    """A deal keeping only the sure cards in place (the bans set aside)."""
    hands = [list(sight.hand) if p == sight.seat else sorted(sight.fixed[p]) for p in range(PLAYERS)]
    rest = [c for c in sight.unseen if not any(c in f for f in sight.fixed)]
    rng.shuffle(rest)
    for p in range(PLAYERS):
        if p != sight.seat:
            need = sight.holding[p] - len(hands[p])
            hands[p].extend(rest[:need])
            del rest[:need]
    return hands


# ----------------------------------------------------------------- the fast player


def _master(card: str, out: set[str], rules: Rules) -> bool:
    """No card still out (in another hand) beats ``card`` in its suit."""
    s, top = suit(card), strength(card, rules)
    return not any(suit(c) == s and strength(c, rules) > top for c in out)


def heuristic(hand: Sequence[str], trick: Sequence[str], rules: Rules, out: set[str], attack: bool) -> str:
    """A quick, plain card: lead a master card (trump first when ``attack``, the takers
    drawing trumps), else a low card of a short plain suit; follow by giving points to a
    partner who holds the trick, winning it as cheaply as can be when last, with the
    strongest winning card otherwise, and throwing the least when it cannot be won.
    ``out``: the cards still in the other hands (public: not played, not mine)."""
    allowed = legal(hand, trick, rules)[0]
    if len(allowed) == 1:
        return allowed[0]
    if not trick:
        trumps = [c for c in allowed if is_trump(c, rules)]
        if attack and rules.suit is not None and trumps and any(suit(c) == rules.suit for c in out):
            best = max(trumps, key=lambda c: strength(c, rules))
            if _master(best, out, rules):
                return best
        masters = [c for c in allowed if not is_trump(c, rules) and _master(c, out, rules)]
        if masters:
            return max(masters, key=lambda c: points(c, rules))
        plain = [c for c in allowed if not is_trump(c, rules)] or allowed
        length = {s: sum(1 for c in hand if suit(c) == s) for s in {suit(c) for c in plain}}
        return min(plain, key=lambda c: (points(c, rules), length[suit(c)], strength(c, rules)))
    n = len(trick)
    win = winner_index(trick, rules)
    if n - win == 2:  # the partner holds the trick
        if n == 3 or _master(trick[win], out, rules):
            plain = [c for c in allowed if not is_trump(c, rules)] or allowed
            return max(plain, key=lambda c: (points(c, rules), -strength(c, rules)))
        return min(allowed, key=lambda c: (is_trump(c, rules), points(c, rules), strength(c, rules)))
    winners = [c for c in allowed if winner_index([*trick, c], rules) == n]
    if winners:
        if n == 3:
            return min(winners, key=lambda c: (is_trump(c, rules), points(c, rules), strength(c, rules)))
        return max(winners, key=lambda c: (not is_trump(c, rules), strength(c, rules)))
    return min(allowed, key=lambda c: (is_trump(c, rules), points(c, rules), strength(c, rules)))


# ----------------------------------------------------------------- a deal played out


@dataclass(frozen=True)
class Stage:
    """The deal where the search starts: the finished tricks' (seat, card) plays and
    winners, the trick on the table, and the contract."""

    done: tuple[tuple[tuple[int, str], ...], ...]
    winners: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]
    leader: int
    rules: Rules
    contract: dict[str, Any]
    settings: Any
    variant: str


def stage_of(table: Any, settings: Any) -> Stage:
    leader = table.trick[0][0] if table.trick else table.player  # the seat to play leads an empty trick
    return Stage(tuple(p for _l, p, _w in table.tricks), tuple(w for _l, _p, w in table.tricks), tuple(table.trick),
                 leader, table.rules, dict(table.contract), settings, table.variant)


def play_out(stage: Stage, hands: list[list[str]], first: str | None = None) -> tuple[list[list[tuple[int, str]]], list[int]]:
    """The rest of the deal in one world: ``first`` for the seat to play now (None: the
    heuristic's card), then the heuristic for every seat. Returns every trick's plays and
    winners, the finished ones included."""
    rules = stage.rules
    takers = stage.contract["takers"]
    hands = [list(h) for h in hands]
    done = [list(t) for t in stage.done]
    winners = list(stage.winners)
    trick = list(stage.trick)
    leader = stage.leader
    while len(done) < TRICKS:
        seat = (leader - len(trick)) % PLAYERS  # counter-clockwise
        hand = hands[seat]
        if first is not None:
            card, first = first, None
        else:
            out = {c for p in range(PLAYERS) if p != seat for c in hands[p]}
            card = heuristic(hand, [c for _s, c in trick], rules, out, seat % 2 == takers)
        hand.remove(card)
        trick.append((seat, card))
        if len(trick) == PLAYERS:
            w = trick[winner_index([c for _s, c in trick], rules)][0]
            done.append(trick)
            winners.append(w)
            leader, trick = w, []
    return done, winners


def deal_value(stage: Stage, done: Sequence[Sequence[tuple[int, str]]], winners: Sequence[int], team: int) -> int:
    """``team``'s deal score less the other team's (:func:`deal_result`)."""
    scores = deal_result(stage, done, winners).scores
    return scores[team] - scores[1 - team]


def played_result(table: Any, settings: Any) -> Result:
    """A deal played to its end (a full ``DeckDeal``): its outcome and scores."""
    stage = Stage((), (), (), 0, table.rules, dict(table.contract), settings, table.variant)
    return deal_result(stage, [p for _l, p, _w in table.tricks], [w for _l, _p, w in table.tricks])


def deal_result(stage: Stage, done: Sequence[Sequence[tuple[int, str]]], winners: Sequence[int]) -> Result:
    """The deal's outcome and each team's score by the rules' own scoring (annonces left
    out: the deck does not hold them; a litige's held points count for nobody)."""
    rules, c, s = stage.rules, stage.contract, stage.settings
    takers = c["takers"]
    pts = [0, 0]
    for trick, w in zip(done, winners, strict=True):
        pts[w % 2] += sum(points(card, rules) for _p, card in trick)
    pts[winners[-1] % 2] += DIX_DE_DER
    won = [sum(1 for w in winners if w % 2 == t) for t in (0, 1)]
    capot = 0 if won[1] == 0 else 1 if won[0] == 0 else None
    bel = belotes(done, rules)
    if stage.variant == "coinche":
        amount = c["amount"]
        kind = amount if amount in (CAPOT, GENERALE) else POINTS
        deal = Deal(takers, None if capot is not None else pts[takers], capot, bel, trump=c["trump"], contract=kind,
                    amount=amount if kind == POINTS else 0, level=c["level"],
                    alone=kind == GENERALE and all(w == c["taker"] for w in winners))
        return coinche_score(deal, s)
    else:
        deal = Deal(takers, None if capot is not None else pts[takers], capot, bel, trump=c["trump"])
    return belote_score(deal, s)


def best_card(table: Any, seat: int, settings: Any, worlds: int, rng: random.Random) -> str:
    """The seat's card: each legal card played out over the same ``worlds``, the best
    mean for its team; one legal card is played at once; ties go to the heuristic's."""
    hand = list(table.hands[seat])
    rules = table.rules
    trick = [c for _s, c in table.trick]
    allowed = legal(hand, trick, rules)[0]
    sight = sighting(table, seat)
    out = set(sight.unseen)
    plain = heuristic(hand, trick, rules, out, seat % 2 == table.contract["takers"])
    if len(allowed) == 1 or worlds <= 0:
        return plain
    stage = stage_of(table, settings)
    dealt = [world(sight, rng) or loose_world(sight, rng) for _ in range(worlds)]
    order = [plain, *(c for c in allowed if c != plain)]
    best, best_total = plain, None
    for card in order:
        total = 0
        for hands in dealt:
            done, winners = play_out(stage, hands, card)
            total += deal_value(stage, done, winners, seat % 2)
        if best_total is None or total > best_total:
            best, best_total = card, total
    return best


# ----------------------------------------------------------------- a call tried out


def contract_mean(table: Any, seat: int, trump: str, amount: int | str | None, settings: Any, worlds: int,
                  rng: random.Random) -> float:
    """The mean deal score of ``seat``'s team less the other's, were ``seat`` to take
    (or win the auction) at ``trump`` for ``amount`` (None at Belote): the unseen cards
    dealt ``worlds`` times (at Belote the seat also gets the turned card and 2 more), each
    deal played out by the heuristic from the first lead. Used on close calls only."""
    rules = Rules(trump, settings.sa_jack, settings.ta_table, settings.undertrump)
    hand = [*table.hands[seat], *((table.turned,) if table.turned is not None else ())]
    unseen = [c for c in PACK_32 if c not in hand]
    contract = {"taker": seat, "takers": seat % 2, "trump": trump, "amount": amount, "level": 0}
    stage = Stage((), (), (), (table.dealer - 1) % PLAYERS, rules, contract, settings, table.variant)
    total = 0
    for _ in range(worlds):
        rng.shuffle(unseen)
        rest = iter(unseen)
        hands = [[*hand, *(next(rest) for _ in range(TRICKS - len(hand)))] if p == seat
                 else [next(rest) for _ in range(TRICKS)] for p in range(PLAYERS)]
        done, winners = play_out(stage, hands)
        total += deal_value(stage, done, winners, seat % 2)
    return total / worlds if worlds else 0.0
