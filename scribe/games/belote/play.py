"""Belote's play for the virtual deck: the federation's obligations as a ``TrickGame``
(``scribe.rules.trickplay``), and the deal's card points worked out from the tricks
(B-P1..B-P3). ``ctx`` is a :class:`~.cards.Rules` (the trump and its settings). Pure.

The obligations (FFB; the pages read are in docs/rules-belote-notes.md):

- follow the suit led if you can;
- trump led (and at TA any suit led): follow it *and go higher* than the best card of
  that suit on the table if you can, even when your partner is master;
- void in the suit led: when your partner's card is winning the trick you may play
  anything (the partner-master exception); otherwise trump if you hold a trump, and if
  an opponent has already trumped, over-trump if you can, else (``undertrump`` on, the
  default) play a lower trump all the same; with no trump, anything;
- at sans atout nothing cuts: follow if you can, else anything.

Seats sit so that a trick's cards alternate between the teams: the partner of the player
about to play laid the card two places back.

>>> r = Rules("H")
>>> BELOTE_TRICKS.legal(["7H", "AS", "KD"], ["10S"], r)
(['AS'], 'You must follow the suit led.')
>>> BELOTE_TRICKS.legal(["7H", "8C", "KD"], ["10S", "AS"], r)  # the partner's 10 is beaten: trump
(['7H'], 'You cannot follow: you must trump.')
>>> BELOTE_TRICKS.legal(["7H", "8C"], ["AS", "7S"], r)  # the partner's Ace is master: anything
(['7H', '8C'], None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.cards.standard import parse
from ...rules.errors import N_  # the reasons a seat reads on its phone (issue 34)
from ...rules.trickplay.game import Outcome
from .cards import DIX_DE_DER, SA, TA, Rules, card_points, is_trump, strength, suit, winner_index

FOLLOW = N_("You must follow the suit led.")
GO_HIGHER = N_("Trump is led: you must play a higher trump if you hold one.")
GO_HIGHER_TA = N_("At tout atout you must play a higher card of the suit led if you hold one.")
MUST_TRUMP = N_("You cannot follow: you must trump.")
OVERTRUMP = N_("An opponent has trumped: you must play a higher trump if you hold one.")
UNDERTRUMP = N_("An opponent has trumped higher than your trumps: you must still play a trump.")
TEAMS = 2


def _higher(cards: Sequence[str], than: str, rules: Rules) -> list[str]:
    top = strength(than, rules)
    return [c for c in cards if strength(c, rules) > top]


def legal(hand: Sequence[str], trick: Sequence[str], rules: Rules) -> tuple[list[str], str | None]:
    """The cards of ``hand`` playable on ``trick`` (in hand order), and why the others are not.

    >>> r = Rules("H")
    >>> legal(["7H", "JH", "AS"], ["9H", "8H"], r)  # trump led: go over the 9
    (['JH'], 'Trump is led: you must play a higher trump if you hold one.')
    >>> legal(["7H", "QH", "AS"], ["AD", "9H"], r)  # an opponent's 9: no higher trump, under-trump
    (['7H', 'QH'], 'An opponent has trumped higher than your trumps: you must still play a trump.')
    >>> legal(["7H", "AS"], ["AD", "9H"], Rules("H", undertrump=False))
    (['7H', 'AS'], None)
    >>> legal(["7D", "AS"], ["9D", "JD"], Rules("TA"))  # TA: follow, and go higher if you can
    (['7D'], 'You must follow the suit led.')
    """
    if not trick:
        return list(hand), None
    led = suit(trick[0])
    following = [c for c in hand if suit(c) == led]
    win = winner_index(trick, rules)
    if following:
        if rules.trump != SA and is_trump(trick[0], rules):
            best = max((c for c in trick if suit(c) == led), key=lambda c: strength(c, rules))
            higher = _higher(following, best, rules)
            if higher:
                return _why(higher, hand, GO_HIGHER_TA if rules.trump == TA else GO_HIGHER)
        return _why(following, hand, FOLLOW)
    partner_master = len(trick) >= 2 and win == len(trick) - 2
    trump = rules.suit
    if trump is None or partner_master:
        return list(hand), None  # SA or TA: nothing cuts; or the partner is master
    trumps = [c for c in hand if suit(c) == trump]
    if not trumps:
        return list(hand), None
    if suit(trick[win]) != trump:
        return _why(trumps, hand, MUST_TRUMP)
    higher = _higher(trumps, trick[win], rules)
    if higher:
        return _why(higher, hand, OVERTRUMP)
    if rules.undertrump:
        return _why(trumps, hand, UNDERTRUMP)
    return list(hand), None


def _why(allowed: list[str], hand: Sequence[str], reason: str) -> tuple[list[str], str | None]:
    return allowed, (reason if len(allowed) < len(hand) else None)


def belotes(tricks: Sequence[Sequence[tuple[int, str]]], rules: Rules) -> tuple[int, int]:
    """B-P3: per team, the belotes held: a King and Queen of trump played by one seat (at
    TA one per suit, up to four; none at SA). The virtual deck says "belote" and "rebelote"
    for the player as the cards are played, so none is lost to a missing word.

    >>> belotes([[(0, "KH"), (1, "7H")], [(2, "AS"), (0, "QH")]], Rules("H"))
    (1, 0)
    """
    out = [0, 0]
    if rules.trump == SA:
        return (0, 0)
    by_seat: dict[tuple[int, str], set[str]] = {}
    for trick in tricks:
        for seat, card in trick:
            if card[:-1] in ("K", "Q") and is_trump(card, rules):
                by_seat.setdefault((seat, suit(card)), set()).add(card[:-1])
    for (seat, _s), ranks in by_seat.items():
        if len(ranks) == 2:
            out[seat % TEAMS] += 1
    return out[0], out[1]


def tally_tricks(tricks: Sequence[Sequence[tuple[int, str]]], winners: Sequence[int], rules: Rules) -> dict[str, Any]:
    """The deal worked out from its tricks ((seat, card) in play order) and their winning
    seats: card points per team with the dix de der (B-P1), tricks per team, the team that
    took every trick (B-P2) or None, the belotes per team (B-P3). Teams: seat % 2."""
    pts, won = [0, 0], [0, 0]
    for trick, seat in zip(tricks, winners, strict=True):
        pts[seat % TEAMS] += card_points((c for _s, c in trick), rules)
        won[seat % TEAMS] += 1
    if winners:
        pts[winners[-1] % TEAMS] += DIX_DE_DER
    capot = next((t for t in (0, 1) if won[t] == len(winners) and winners), None)
    return {"points": pts, "tricks": won, "capot": capot, "belote": list(belotes(tricks, rules))}


class BeloteTricks:
    """Belote's definition for the family's play engine (``TrickGame``): cards are codes."""

    def played(self, raw: Any) -> str:
        return parse(raw, 32)

    def hand_form(self, card: str) -> str:
        return card

    def legal(self, hand: Sequence[str], trick: Sequence[str], ctx: Rules) -> tuple[list[str], str | None]:
        return legal(hand, trick, ctx)

    def winner(self, trick: Sequence[str], ctx: Rules) -> Outcome:
        """Every trick is won; its winner leads the next."""
        w = winner_index(trick, ctx)
        return Outcome(w, w)

    def tally(self, play: Any, ctx: Rules) -> dict[str, Any]:
        """The deal's card points, tricks, capot and belotes per team, from the cards."""
        return tally_tricks([t.plays for t in play.done], [t.winner for t in play.done], ctx)


BELOTE_TRICKS = BeloteTricks()
