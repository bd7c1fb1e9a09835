"""The Jubilee edition's six special cards (W-J1..W-J6) in the virtual deck: notation,
the 60 + chosen cards, and tricks holding them (who may play what, who wins, the Bomb).

Jubilee cards are not :class:`Card` values (the engine's tables count the 54 card values
of the base game); they are written as text and only this module reads them:

======= ========= ====================================================
``DR``  Dragon    beats every card, Wizards too, except the Fairy (W-J1)
``FA``  Fairy     loses to every card, Jesters too; takes a trick holding the Dragon
``BO``  Bomb      nobody wins its trick (W-J2)
``CL``  Cloud     9 3/4 of the suit its player names (W-J3); played as ``CLR`` (red)
``JU``  Juggler   7 1/2 of the suit its player names (W-J4); played as ``JUB`` (blue)
``WW``  Werewolf  swapped for the turned card before the bids (W-J5), never played
======= ========= ====================================================

A trick is a list of notations; a base-game card is read with :func:`parse_card`.

>>> winner(["R7", "CLR", "W"], None), winner(["W", "DR", "FA"], "R"), winner(["R9", "BO", "R12"], "B")
((2, False), (2, False), (2, True))
>>> winner(["JUB", "B7", "B8"], None), legal(["B2", "R5", "CL", "J"], ["JUB"], "R")
((2, False), ['B2', 'CL', 'J'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..errors import N_, RuleError
from .deck import FULL_DECK, draw, make_rng
from .notation import JESTER_RANK, WIZARD_RANK, Card, Suit, parse_card, parse_suit

#: The six cards in the rule book's order (W-J6: the table picks any of them).
JUBILEE_CARDS: Final = ("dragon", "fairy", "bomb", "cloud", "juggler", "werewolf")
NOTATION: Final = {"dragon": "DR", "fairy": "FA", "bomb": "BO", "cloud": "CL", "juggler": "JU", "werewolf": "WW"}
KIND_OF: Final = {v: k for k, v in NOTATION.items()}
#: Cloud and Juggler take the suit their player names (W-J3, W-J4), and a value between ranks.
NAMED_VALUE: Final = {"cloud": 9.75, "juggler": 7.5}

#: The cards' names per language (the colour of a named Cloud is added by ``labels``).
NAMES: Final = {
    "en": {"dragon": "Dragon", "fairy": "Fairy", "bomb": "Bomb", "cloud": "Cloud", "juggler": "Juggler",
           "werewolf": "Werewolf"},
    "fr": {"dragon": "Dragon", "fairy": "Fée", "bomb": "Bombe", "cloud": "Nuage", "juggler": "Jongleur",
           "werewolf": "Loup-garou"},
}


def kind(text: str) -> str | None:
    """The Jubilee card ``text`` writes (``CL`` or a played ``CLR``), or None for any other.

    >>> kind("cl"), kind("CLR"), kind("JUY"), kind("R7"), kind("CLX")
    ('cloud', 'cloud', 'juggler', None, None)
    """
    if not isinstance(text, str):
        return None
    t = text.strip().upper()
    if t in KIND_OF:
        return KIND_OF[t]
    if len(t) == 3 and t[:2] in ("CL", "JU") and t[2] in "BGRY":
        return KIND_OF[t[:2]]
    return None


def named_suit(text: str) -> Suit | None:
    """The suit a played Cloud or Juggler was given (``CLR`` -> red), else None."""
    t = text.strip().upper()
    return parse_suit(t[2]) if kind(t) in NAMED_VALUE and len(t) == 3 else None


def canonical(text: str) -> str:
    """A card's notation in canonical form, Jubilee or base game (refuses anything else).

    >>> canonical(" dr"), canonical("r7"), canonical("clg")
    ('DR', 'R7', 'CLG')
    """
    if kind(text) is not None:
        return text.strip().upper()
    return str(parse_card(text))


def sort_key(text: str | Card) -> tuple[int, float]:
    """Hand order for any card of the virtual deck: Fairy, Jesters, the suits, Cloud and
    Juggler, Wizards, Dragon, others."""
    k = kind(text) if isinstance(text, str) else None
    if k is None:
        return parse_card(text).sort_key
    return {"fairy": (-2, 0), "cloud": (8, 1), "juggler": (8, 0), "dragon": (10, 0)}.get(k, (11, 0))


def deck(chosen: Sequence[str]) -> list[str]:
    """The 60 base cards and the chosen Jubilee cards (W-J6), as notations."""
    return [str(c) for c in FULL_DECK] + [NOTATION[k] for k in JUBILEE_CARDS if k in chosen]


def deal(players: int, cards: int, chosen: Sequence[str], rng: random.Random | None = None
         ) -> tuple[list[list[str]], str]:
    """``cards`` each to ``players`` from the 60 + chosen cards, and the next card turned
    up: with Jubilee cards one is always left, even in the last round (W-J intro).

    >>> hands, turned = deal(3, 20, JUBILEE_CARDS, make_rng(2))
    >>> [len(h) for h in hands], turned is not None
    ([20, 20, 20], True)
    """
    pack = deck(chosen)
    if players * cards >= len(pack):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    top = draw(pack, players * cards + 1, (rng or make_rng()).random)
    return [top[i * cards:(i + 1) * cards] for i in range(players)], top[-1]


def _suit_rank(text: str) -> tuple[Suit | None, float]:
    """The suit and value a card plays as: number cards, a named Cloud or Juggler; None
    for a card without a suit (Wizard, Jester and the other Jubilee cards)."""
    k = kind(text)
    if k is None:
        c = parse_card(text)
        return c.suit, c.rank
    if k in NAMED_VALUE:
        return named_suit(text), NAMED_VALUE[k]
    return None, 0


def led_suit(trick: Sequence[str]) -> Suit | bool | None:
    """The led suit (W-P2): the first card with a suit, a named Cloud or Juggler included;
    ``False`` when a Wizard or the Dragon came first (anything may follow, *reading*);
    None while only Jesters, the Fairy or the Bomb are on the table."""
    for t in trick:
        suit, _rank = _suit_rank(t)
        if suit is not None:
            return suit
        if kind(t) == "dragon" or (kind(t) is None and parse_card(t).rank == WIZARD_RANK):
            return False
    return None


def legal(hand: Sequence[str], trick: Sequence[str], trump: Suit | str | None,
          no_wizard_on_trump_lead: bool = False) -> list[str]:
    """The cards of ``hand`` playable on ``trick``: W-P3 (follow the led suit when able),
    Wizards, Jesters and every Jubilee card at any time (W-J intro), the W-P6 switch."""
    led = led_suit(trick)
    if not led:
        return list(hand)
    able = any(_suit_rank(c)[0] is led for c in hand if kind(c) is None)
    ok = [c for c in hand if not able or kind(c) is not None or _suit_rank(c)[0] in (led, None)]
    trump_suit = None if trump in (None, "") else parse_suit(trump)
    if no_wizard_on_trump_lead and led is trump_suit:
        others = [c for c in ok if kind(c) is not None or parse_card(c).rank != WIZARD_RANK]
        if others:
            return others
    return ok


def winner(trick: Sequence[str], trump: Suit | str | None, no_wizard_on_trump_lead: bool = False
           ) -> tuple[int, bool]:
    """(index of the card that takes the trick, whether the trick is destroyed).

    W-J1: the Dragon beats every card, unless the Fairy is in the trick: then the Fairy
    takes it. W-J2: a trick holding the Bomb is won by nobody; the index is then the card
    that would have won it (its player leads the next). Otherwise W-P4/W-P5/W-P6, with a
    named Cloud (9 3/4) or Juggler (7 1/2) as a card of its suit (W-J3, W-J4).
    """
    kinds = [kind(t) for t in trick]
    destroyed = "bomb" in kinds
    if "dragon" in kinds:
        return kinds.index("fairy" if "fairy" in kinds else "dragon"), destroyed
    trump_suit = None if trump in (None, "") else parse_suit(trump)
    led = None
    wizard_is_jester = False
    best, best_i, first_jester = -1.0, None, None
    for i, t in enumerate(trick):
        if kinds[i] in ("fairy", "bomb"):
            continue
        if kinds[i] is None:
            rank = parse_card(t).rank
            if rank == WIZARD_RANK:
                if wizard_is_jester:  # W-P6: played as a Jester
                    continue
                return i, destroyed  # W-P4: the first Wizard
            if rank == JESTER_RANK:
                first_jester = i if first_jester is None else first_jester
                continue
        suit, value = _suit_rank(t)
        if led is None:
            led = suit
            wizard_is_jester = no_wizard_on_trump_lead and suit is trump_suit
        if suit is trump_suit:
            value += 100
        elif suit is not led:
            continue
        if value > best:
            best, best_i = value, i
    if best_i is not None:
        return best_i, destroyed
    if first_jester is not None:  # W-P5: only Jesters (and the Fairy, the Bomb): the first Jester
        return first_jester, destroyed
    return 0, destroyed
