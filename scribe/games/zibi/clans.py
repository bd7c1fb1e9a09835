"""Witty Zibi setup: players, clan modes and their clan sizes, preparation help.

Rule ids refer to shared/RULES.md (Z-M*, Z-C*); where it and the French source text
(seed 003) disagree, the seed is followed and the docstring says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import NAME_MAX, flag, verify_names, whole  # noqa: F401  (re-exported)

MIN_PLAYERS, MAX_PLAYERS = 4, 9  # Z-M1
CLANS: tuple[str, ...] = ("A", "B", "C")  # the three token colours (Z-M1)
TOKENS_PER_COLOUR = 4  # 12 clan tokens of 3 colours (seed 003, "Matériel")

TWO, THREE, ALONE, ONE_MORE = "two", "three", "alone", "one_more"
MODES: tuple[str, ...] = (TWO, THREE, ALONE, ONE_MORE)  # Z-C1
MODE_NAMES: dict[str, str] = {  # display names; the web layer translates
    TWO: N_("Two clans"),
    THREE: N_("Three clans"),
    ALONE: N_("Un tout seul"),
    ONE_MORE: N_("Un de plus"),
}

FULL_DECK, SMALL_DECK = 108, 76  # Z-M1, Z-M2
CARDS_EACH = 12  # Z-M2
# names as printed on the cards, translated for display (the English page says "Witty Nurse", the French "Soins")
SPECIAL_CARDS = (N_("Sorcier"), N_("Witty Nurse (heal)"), N_("Emissaire"), N_("PAF"))
DAMAGE_CARDS = ("Bananes 10", "Bananes 20", "Bananes 30")
RESERVE = {4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4}  # Z-M2: as many as PAF cards in play


def clan_sizes(mode: str, players: int) -> tuple[int, ...]:
    """The clans' sizes, largest first, for ``mode`` at ``players``; refused if it does not fit.

    Sizes follow from the tokens (Z-C1; 4 tokens per colour): two clans need an even
    count (2+2, 3+3, 4+4: at 9 two clans would need 5 tokens of a colour); "Un tout
    seul" is 2 tokens of each colour less one unseen (exactly 5 players); "Un de plus"
    is 4 tokens of two colours less one unseen (exactly 7); three clans from 6 players,
    as even as possible (*reading* for 7 and 8, where the seed gives no split).

    >>> clan_sizes("two", 4), clan_sizes("two", 8), clan_sizes("three", 6), clan_sizes("three", 8)
    ((2, 2), (4, 4), (2, 2, 2), (3, 3, 2))
    >>> clan_sizes("alone", 5), clan_sizes("one_more", 7)
    ((2, 2, 1), (4, 3))
    >>> clan_sizes("alone", 6)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Un tout seul is for exactly 5 players; you have 6.
    """
    if mode not in MODES:
        raise RuleError(N_("Unknown clan mode."), field="mode")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            N_("Witty Zibi is for 4 to 9 players; you named %(count)s."),
            field="players",
            count=players,
        )
    if mode == TWO:
        if players % 2:
            raise RuleError(
                N_(
                    "Two clans need an even number of players (4, 6 or 8); with "
                    "%(count)s play Un tout seul (5), Un de plus (7) or three clans."
                ),
                field="mode",
                count=players,
            )
        return (players // 2, players // 2)
    if mode == THREE:
        if players < 6:
            raise RuleError(
                N_("Three clans need at least 6 players; you have %(count)s."),
                field="mode",
                count=players,
            )
        base, extra = divmod(players, 3)
        return tuple(base + 1 if i < extra else base for i in range(3))
    exact = 5 if mode == ALONE else 7
    if players != exact:
        raise RuleError(
            N_("%(mode)s is for exactly %(exact)s players; you have %(count)s."),
            field="mode",
            mode=MODE_NAMES[mode],
            exact=exact,
            count=players,
        )
    return (2, 2, 1) if mode == ALONE else (4, 3)


def clan_splits(mode: str, players: int) -> tuple[tuple[int, ...], ...]:
    """Every split of the players into clans the tokens can give, largest clan first.

    At 4 players the base game's 6 tokens (3 of each of two colours) lose 2 set aside
    unseen, so the clans are 2+2 or 3+1 (Z-C1, seed 003 "Pour jouer à 4, retirez 2
    jetons"): nobody knows which until the round's end. Every other mode has one split,
    ``clan_sizes``.

    >>> clan_splits("two", 4), clan_splits("two", 6), clan_splits("alone", 5)
    (((2, 2), (3, 1)), ((3, 3),), ((2, 2, 1),))
    """
    sizes = clan_sizes(mode, players)
    if mode == TWO and players == 4:
        return (sizes, (3, 1))
    return (sizes,)


def splits_text(splits: tuple[tuple[int, ...], ...]) -> str:
    """How the clans may be split, for a message: "2+2 / 3+1".

    >>> splits_text(((2, 2), (3, 1)))
    '2+2 / 3+1'
    """
    return " / ".join("+".join(map(str, s)) for s in splits)


def mode_fits(mode: str, players: int) -> bool:
    """Whether ``mode`` can be played at ``players`` (Z-C1).

    >>> [n for n in range(4, 10) if mode_fits("two", n)]
    [4, 6, 8]
    """
    try:
        clan_sizes(mode, players)
    except RuleError:
        return False
    return True


def modes_for(players: int) -> tuple[str, ...]:
    """The clan modes that fit ``players``, the default first.

    >>> modes_for(5), modes_for(6), modes_for(7), modes_for(9)
    (('alone',), ('two', 'three'), ('one_more', 'three'), ('three',))
    """
    fitting = [m for m in MODES if mode_fits(m, players)]
    default = default_mode(players) if fitting else None
    return tuple(sorted(fitting, key=lambda m: m != default))


def default_mode(players: int) -> str:
    """Two clans (Z-C1) when they fit; else the seed's advice for odd tables.

    >>> [default_mode(n) for n in range(4, 10)]
    ['two', 'alone', 'two', 'one_more', 'two', 'three']
    """
    if players % 2 == 0:
        return TWO
    return {5: ALONE, 7: ONE_MORE}.get(players, THREE)


@dataclass(frozen=True)
class Setup:
    """Players in seating order (play goes clockwise), the clan mode, the expert rule (Z-D3).

    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"])
    >>> s.mode, s.sizes, s.expert
    ('two', (2, 2), False)
    """

    GAME: ClassVar[str] = "zibi"  # its game in games.GAMES, for code holding only a setup

    players: tuple[str, ...]
    mode: str = TWO
    expert: bool = False

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def sizes(self) -> tuple[int, ...]:
        """Clan sizes, largest first, with every token in play (Z-C1); see ``splits``."""
        return clan_sizes(self.mode, self.n)

    @property
    def splits(self) -> tuple[tuple[int, ...], ...]:
        """Every clan split the tokens can give this table (Z-C1: 2+2 or 3+1 at 4)."""
        return clan_splits(self.mode, self.n)

    def as_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "mode": self.mode, "expert": self.expert}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        return cls(
            players=tuple(data["players"]),
            mode=data.get("mode", TWO),
            expert=bool(data.get("expert", False)),
        )


def verify_setup(players: Any, mode: Any = None, expert: Any = False) -> None:
    """Refuse a setup that breaks Z-M1 / Z-C1 (``mode`` None means the default).

    >>> verify_setup(["A", "B", "C"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Witty Zibi is for 4 to 9 players; you named 3.
    """
    make_setup(players, mode, expert)


def can_setup(players: Any, mode: Any = None, expert: Any = False) -> bool:
    """Whether ``verify_setup`` accepts.

    >>> can_setup(["A", "B", "C", "D", "E"], "alone"), can_setup(["A", "B", "C", "D", "E"], "two")
    (True, False)
    """
    try:
        make_setup(players, mode, expert)
    except RuleError:
        return False
    return True


def make_setup(players: Any, mode: Any = None, expert: Any = False) -> Setup:
    """Check and normalise a setup; ``mode`` None or "" picks ``default_mode``.

    >>> make_setup(["A", "B", "C", "D", "E", "F", "G"], expert="on")
    Setup(players=('A', 'B', 'C', 'D', 'E', 'F', 'G'), mode='one_more', expert=True)
    """
    names = verify_names(players)
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError(
            N_("Witty Zibi is for 4 to 9 players; you named %(count)s."), field="players", count=n
        )
    if mode in (None, ""):
        mode = default_mode(n)
    if not isinstance(mode, str) or mode not in MODES:
        raise RuleError(N_("Unknown clan mode."), field="mode")
    clan_sizes(mode, n)
    return Setup(players=names, mode=mode, expert=flag(expert, "expert"))


@dataclass(frozen=True)
class Preparation:
    """What to do with the box before the first round (Z-M2)."""

    players: int
    deck: int  # cards in play
    removed: tuple[tuple[str, int], ...]  # (card, how many to take out of the box)
    reserve: int  # face-down pile drawn after playing a PAF
    cards_each: int
    undealt: int  # left over after the reserve and the deal, set aside
    tokens: tuple[int, ...]  # clan tokens per colour to put in the middle
    hidden_token: bool  # one token is set aside unseen, seen by the first out (Un tout seul, Un de plus)
    unseen: int = 0  # tokens taken out unseen before the players draw theirs (Z-C1)


def preparation(players: int, mode: str | None = None) -> Preparation:
    """Preparation help for ``players`` (Z-M2), clan tokens for ``mode`` (Z-C1).

    At 4 and 5 players take out 2 of each special card and 8 of each damage card
    (108 - 8 - 24 = 76 cards). The reserve holds 2, 3 or 4 cards. Each player gets 12;
    *reading*: at 9 players 12 each plus 4 in reserve needs 112 cards of 108, so 11
    each are dealt (the seed's count cannot be met there).

    >>> p = preparation(4)
    >>> p.deck, p.reserve, p.cards_each, p.undealt, p.tokens, p.unseen, dict(p.removed)["PAF"]
    (76, 2, 12, 26, (3, 3), 2, 2)
    >>> p = preparation(7, "one_more")
    >>> p.deck, p.reserve, p.removed, p.tokens, p.hidden_token
    (108, 3, (), (4, 4), True)
    >>> preparation(9).cards_each, preparation(9).undealt
    (11, 5)
    """
    mode = default_mode(players) if mode is None else mode
    sizes = clan_sizes(mode, players)
    small = players <= 5
    deck = SMALL_DECK if small else FULL_DECK
    removed = (
        tuple((c, 2) for c in SPECIAL_CARDS) + tuple((c, 8) for c in DAMAGE_CARDS)
        if small
        else ()
    )
    reserve = RESERVE[players]
    each = min(CARDS_EACH, (deck - reserve) // players)
    hidden = mode in (ALONE, ONE_MORE)
    if mode == ALONE:
        tokens: tuple[int, ...] = (2, 2, 2)  # one is then taken out unseen
    elif mode == ONE_MORE:
        tokens = (4, 4)
    elif mode == TWO and players == 4:
        tokens = (3, 3)  # Z-C1: 2 of the 6 are then set aside unseen (2+2 or 3+1)
    else:
        tokens = sizes
    return Preparation(
        players=players,
        deck=deck,
        removed=removed,
        reserve=reserve,
        cards_each=each,
        undealt=deck - reserve - each * players,
        tokens=tokens,
        hidden_token=hidden,
        unseen=sum(tokens) - players,
    )
