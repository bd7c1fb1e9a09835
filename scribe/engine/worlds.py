"""What every searching player of the bids-and-tricks family shares (issue 37): the
difficulty levels, the worlds (the unseen cards dealt again consistently with what a seat
has seen), the fast players of a playout and the comparison of choices over the same
worlds and dice. The searchers (``search`` for Wizard, ``family_search`` for any game of
the family, Skull King's and Rikiki's) say only what their seat saw and how a round plays
out and scores.

>>> import random
>>> u = Unseen(["a", "b", "c", "d"], {1: 1, 2: 1}, {2: {0}}, category=lambda c: int(c in "ab"), categories=2)
>>> all(w[2][0] in "ab" for w in (u.sample(random.Random(s).random) for s in range(20)))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

T = TypeVar("T")  # a choice: a card, a bid or a suit
STOCK: Final = -1  # the undealt cards, a "seat" that may hold anything


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level: ``worlds`` determinisations, ``playouts`` per world and choice."""

    worlds: int
    playouts: int


#: The levels the bench measures; a seat at a table would pick one by name.
LEVELS: Final = {"easy": Level(4, 1), "medium": Level(12, 1), "hard": Level(32, 1)}


class Unseen:
    """What a seat cannot see, and what it knows of it: the ``unseen`` cards, how many each
    other seat still holds (``holding``; the rest is the undealt stock), the card
    categories each may not hold (``bans``: a suit it did not follow) and the cards each
    seat has played this round (``shown``). ``category(card)`` is 0..``categories`` - 1."""

    __slots__ = ("bans", "categories", "category", "holding", "shown", "unseen")

    def __init__(self, unseen: list[Any], holding: dict[int, int], bans: dict[int, set[int]],
                 shown: Sequence[Sequence[Any]] = (), *, category: Callable[[Any], int], categories: int) -> None:
        self.unseen = unseen
        self.holding = holding
        self.bans = {s: b for s, b in bans.items() if b}
        self.shown = shown
        self.category = category
        self.categories = categories

    def sample(self, random01: Callable[[], float]) -> dict[int, list[Any]]:
        """One deal of the unseen cards: each other seat's hand (and the stock's) that
        agrees with everything seen. Uniform when nothing is ruled out; otherwise each
        card goes, in random order, to a seat with room (in proportion to that room)
        that keeps the rest dealable (Hall's condition over the constrained seats)."""
        cards = list(self.unseen)
        size = len(cards)
        for i in range(size):  # Fisher-Yates with random(): see rules.cards.deck.draw
            j = i + int(random01() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        room = dict(self.holding)
        room[STOCK] = size - sum(room.values())
        if not self.bans:
            out, at = {}, 0
            for s, k in room.items():
                out[s] = cards[at : at + k]
                at += k
            return out
        category = self.category
        left = [0] * self.categories
        for c in cards:
            left[category(c)] += 1
        out = {s: [] for s in room}
        for c in cards:
            cat = category(c)
            left[cat] -= 1
            options = [s for s, r in room.items() if r and cat not in self.bans.get(s, ())]
            while True:
                total = sum(room[s] for s in options)
                pick = random01() * total
                for s in options:
                    pick -= room[s]
                    if pick < 0:
                        break
                room[s] -= 1
                if self._dealable(room, left):
                    break
                room[s] += 1
                options.remove(s)
            out[s].append(c)
        return out

    def _dealable(self, room: dict[int, int], left: list[int]) -> bool:
        """Hall's condition: every group of constrained seats can still be filled."""
        seats = [s for s in self.bans if room[s]]
        for mask in range(1, 1 << len(seats)):
            group = [s for i, s in enumerate(seats) if mask >> i & 1]
            allowed = sum(k for cat, k in enumerate(left) if any(cat not in self.bans[s] for s in group))
            if sum(room[s] for s in group) > allowed:
                return False
        return True


class Rollout:
    """The players of a playout: ``player`` (a game's heuristic), or with chance ``epsilon``
    a random legal card, in one of the forms it may be played in (``forms``: the Tigress
    both ways; by default the card itself)."""

    __slots__ = ("_epsilon", "_forms", "_player", "_random")

    def __init__(self, seed: int, epsilon: float, player: Any,
                 forms: Callable[[Sequence[Any]], Sequence[Any]] | None = None) -> None:
        self._random = random.Random(seed).random
        self._epsilon = epsilon
        self._player = player
        self._forms = forms

    def play(self, legal: Sequence[Any], hand: Sequence[Any], view: Any, seat: int) -> Any:
        if self._random() < self._epsilon:
            cards = self._forms(legal) if self._forms else legal
            return cards[int(self._random() * len(cards))]
        return self._player.play(legal, hand, view, seat)


def decision_dice(seed: int, seen: Hashable) -> random.Random:
    """A decision's dice: from the player's seed and what its seat sees, and nothing else."""
    return random.Random(f"{seed}|{seen}")


def best(choices: Sequence[T], score: Callable[[T, dict[int, list[Any]], int], int],
         worlds: Iterable[dict[int, list[Any]]], playouts: int, dice: random.Random) -> T:
    """The choice with the best total ``score(choice, hands, roll)`` over the same worlds
    (each a fresh copy of the hands per choice) and the same playout dice ``roll``; ties
    go to the first choice."""
    totals = [0] * len(choices)
    for world in worlds:
        for _ in range(playouts):
            roll = dice.getrandbits(64)
            for i, choice in enumerate(choices):
                totals[i] += score(choice, {s: list(h) for s, h in world.items()}, roll)
    return choices[max(range(len(choices)), key=totals.__getitem__)]
