"""The virtual deck of one Belote or Coinche deal (issue 34): the cards Scribe dealt, the
taking rounds or the auction, the tricks, as :class:`DeckDeal`, replayed from the line's
entries ("deal", "call", "played", "take_back"). Pure: no Flask, no SQL.

Belote (B-D1, B-D2): five cards each and one turned up; once someone takes, the rest are
dealt (``dealing.complete``): no entry of its own, the replay does it. Coinche: eight
each, then the auction (C-A1..C-A4). Play (B-P1..B-P3): the dealer's right leads, each
trick's winner the next, the obligations of ``play.legal``; belote and rebelote are said
for the player (B-P3) as the King and Queen of trump leave one hand holding both.

A :class:`DeckDeal` is built afresh from what was dealt, said and played
(:func:`build`): every field follows from those, so a sheet advanced by one entry equals
the sheet replayed. The full sheet keeps the deal as drawn (``drawn``: the stock
included, for the completion); a viewer's view never holds it (:meth:`DeckDeal.seen_by`).

>>> import random
>>> from .setup import make_setup
>>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True)
>>> d = start(s, 1, draw(s, 1, random.Random(4)))
>>> d.phase, d.speaker, [len(h) for h in d.hands]
('speaking', 3, [5, 5, 5, 5])
>>> d = d.call(s, 3, {"call": "take"})
>>> d.phase, d.player, [len(h) for h in d.hands], d.contract["takers"]
('playing', 3, [8, 8, 8, 8], 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...rules.cards.standard import PACK_32, SUITS
from ...rules.errors import N_, RuleError
from .auction import BID, COINCHE as COINCHER, PASS as AUCTION_PASS, SURCOINCHE, auction
from .cards import SA, TA, Rules, is_trump, suit, winner_index
from .dealing import PASS, PLAYERS, TAKE, BeloteDeal, complete, deal_belote, deal_coinche, order, taking
from .entry import MAX_AMOUNT, PASSED
from .play import legal as legal_cards, tally_tricks
from .scoring import GENERALE
from .settings import COINCHE

SPEAKING, PLAYING, PLAYED, VOID = "speaking", "playing", "played", "void"
TRICKS = 32 // PLAYERS
BELOTE_WORD, REBELOTE_WORD = "belote", "rebelote"


@dataclass(frozen=True)
class DeckDeal:
    """One deal on the virtual deck, as the table stands now (see the module's doc).

    ``hands``/``dealt``: per seat the cards held now and all it was dealt, None when
    sealed for this viewer; ``calls``: (seat, the call's data) in order; ``trick``: the
    trick on the table, (seat, card); ``tricks``: the finished ones, (leader, plays,
    winner); ``won``: tricks per team; ``said``: (seat, "belote"|"rebelote", card);
    ``outcome``: ``play.tally_tricks``'s dict once every card is down."""

    round: int
    dealer: int
    variant: str
    hands: tuple[tuple[str, ...] | None, ...]
    dealt: tuple[tuple[str, ...] | None, ...]
    turned: str | None
    calls: tuple[tuple[int, dict[str, Any]], ...]
    phase: str
    speaker: int | None
    player: int | None
    contract: dict[str, Any] | None
    bid: dict[str, Any] | None
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[tuple[int, tuple[tuple[int, str], ...], int], ...]
    won: tuple[int, int]
    said: tuple[tuple[int, str, str], ...]
    outcome: dict[str, Any] | None
    rules: Rules | None  # the contract's trump and the settings that play: public once known
    plays: tuple[tuple[int, str], ...]  # every card played, in order (public)
    drawn: dict[str, Any] | None = None  # the deal entry's cards, stock included: the full sheet's only
    viewer: int | None = None  # whose view this is (None: the full sheet, or the Scribe's)

    # ------------------------------------------------------------- what a seat may do

    def legal(self, seat: int) -> tuple[list[str], str | None]:
        """The cards ``seat`` may play now and why not the others (``play.legal``'s
        English reason); none when it is not its turn or its hand is sealed."""
        hand = self.hands[seat] if 0 <= seat < PLAYERS else None
        if self.phase != PLAYING or seat != self.player or hand is None or self.rules is None:
            return [], None
        return legal_cards(hand, [c for _s, c in self.trick], self.rules)

    def can_take_back(self, seat: int) -> bool:
        """The last card played is ``seat``'s and no card came after it."""
        return self.phase in (PLAYING, PLAYED) and bool(self.plays) and self.plays[-1][0] == seat

    def result_data(self) -> dict[str, Any] | None:
        """What the Scribe's one tap records for this deal (B-F1, C-F1), from the cards and
        the calls: the takers, their card points or the capot, the belote, the trump, and at
        Coinche the contract, its level and a générale made alone; ``{"takers": "passed"}``
        when everyone passed; None while the deal is being spoken or played."""
        if self.phase == VOID:
            return {"takers": PASSED}
        if self.phase != PLAYED or self.outcome is None or self.contract is None:
            return None
        c, out = self.contract, self.outcome
        takers = c["takers"]
        data: dict[str, Any] = {"takers": takers}
        if out["capot"] is not None:
            data["capot"] = out["capot"]
        else:
            data["points"] = out["points"][takers]
        belotes = out["belote"]
        if c["trump"] == TA and sum(belotes):
            data["belote"] = list(belotes)
        elif sum(belotes):
            data["belote"] = 0 if belotes[0] else 1
        data["trump"] = c["trump"]
        if self.variant == COINCHE:
            data["contract"] = c["amount"]
            data["level"] = c["level"]
            if c["amount"] == GENERALE and all(w == c["taker"] for _l, _p, w in self.tricks):
                data["alone"] = True  # C-A3: the bidder took every trick alone
        return data

    # ------------------------------------------------------------- the entries

    def call(self, setup: Any, seat: int, data: Mapping[str, Any]) -> DeckDeal:
        """The deal after ``seat``'s call (B-D1, B-D2; C-A1..C-A4), or a refusal (field
        "call"): not speaking now, not its turn, a call the rules refuse."""
        if self.phase != SPEAKING:
            raise RuleError(N_("The auction is over."), field="call")
        if seat != self.speaker:
            raise RuleError(N_("It is not your turn to speak."), field="call")
        said = call_data(self.variant, data)
        amount = said.get("amount")
        if isinstance(amount, int) and not isinstance(amount, bool) and amount > MAX_AMOUNT \
                and setup.settings.ceiling is None:  # a bid the deal's record could not hold (C-A1)
            raise RuleError(N_("A contract is a multiple of 10 from 80 to %(top)s, or capot."), field="call",
                            top=MAX_AMOUNT)
        return self._again(setup, calls=(*self.calls, (seat, said)))

    def play(self, setup: Any, seat: int, card: str) -> DeckDeal:
        """The deal after ``seat`` plays ``card``: in turn, from its hand, legal (B-P1)."""
        if self.phase == PLAYED:
            raise RuleError(N_("Every card of this deal is played: the Scribe records it."), field="card")
        if self.phase != PLAYING:
            raise RuleError(N_("The cards are played once the trump is chosen."), field="card")
        names = setup.players
        if seat != self.player:
            raise RuleError(N_("It is %(next)s's turn to play, not %(name)s's."), field="card",
                            next=names[self.player], name=names[seat])
        if card not in (self.hands[seat] or ()):
            raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
        allowed, why = self.legal(seat)
        if card not in allowed:
            raise RuleError(why or N_("That card may not be played now."), field="card")
        return self._again(setup, plays=(*self.plays, (seat, card)))

    def take_back(self, setup: Any, seat: int) -> DeckDeal:
        """The deal after ``seat`` takes back its last card: until the next card is played."""
        if self.phase not in (PLAYING, PLAYED) or not self.plays:
            raise RuleError(N_("No card has been played yet in this deal."), field="card")
        last = self.plays[-1][0]
        if last != seat:
            names = setup.players
            mine = any(p == seat for p, _c in self.plays)
            template = (N_("Too late: %(name)s has played since. A card can be taken back only until the next one.")
                        if mine else N_("%(player)s has no card to take back: the last card is %(name)s's."))
            raise RuleError(template, field="card", name=names[last], player=names[seat])
        return self._again(setup, plays=self.plays[:-1])

    def _again(self, setup: Any, **changed: Any) -> DeckDeal:
        if self.drawn is None:
            raise ValueError("a viewer's deal is not played on")
        calls = changed.get("calls", self.calls)
        plays = changed.get("plays", self.plays)
        return build(setup, self.round, self.drawn, calls, plays)

    # ------------------------------------------------------------- seeing

    def seen_by(self, seat: int | None, own: bool = True) -> DeckDeal:
        """The deal as ``seat`` sees it (None: the Scribe, a watcher): only its own hand
        and what it was dealt (none when ``own`` is False: dealt before its link), never
        the stock; the turned card, the calls and the cards played are public."""
        def mine(hands: tuple[tuple[str, ...] | None, ...]) -> tuple[tuple[str, ...] | None, ...]:
            return tuple(h if p == seat and own else None for p, h in enumerate(hands))
        return replace(self, hands=mine(self.hands), dealt=mine(self.dealt), drawn=None, viewer=seat)


# ----------------------------------------------------------------- dealing


def draw(setup: Any, number: int, rng: random.Random) -> dict[str, Any]:
    """A deal of line ``number`` drawn from ``rng`` (B-D1: 3 then 2 from the dealer's
    right and one turned up, the 11 others kept to complete; Coinche: 3-2-3, 8 each)."""
    dealer = setup.dealer(number)
    if setup.variant == COINCHE:
        return {"round": number, "hands": [list(h) for h in deal_coinche(rng, dealer)]}
    d = deal_belote(rng, dealer)
    return {"round": number, "hands": [list(h) for h in d.hands], "turned": d.turned, "stock": list(d.stock)}


def check_drawn(setup: Any, number: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """A deal's data as recorded, checked: the 32 cards once each, 5 to each seat, one
    turned up and 11 left (Belote), or 8 each (Coinche)."""
    belote = setup.variant != COINCHE
    size = 5 if belote else TRICKS
    raw = data.get("hands")
    if (not isinstance(raw, (list, tuple)) or len(raw) != PLAYERS
            or any(not isinstance(h, (list, tuple)) or len(h) != size for h in raw)):
        raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                        field="deal", cards=size, players=PLAYERS)
    hands = [[str(c) for c in h] for h in raw]
    out: dict[str, Any] = {"round": number, "hands": hands}
    cards = [c for h in hands for c in h]
    if belote:
        stock = data.get("stock")
        turned = data.get("turned")
        if not isinstance(stock, (list, tuple)) or not isinstance(turned, str):
            raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                            field="deal", cards=size, players=PLAYERS)
        out["turned"], out["stock"] = turned, [str(c) for c in stock]
        cards += [turned, *out["stock"]]
    if sorted(cards) != sorted(PACK_32):
        raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                        field="deal", cards=size, players=PLAYERS)
    return out


def start(setup: Any, number: int, data: Mapping[str, Any]) -> DeckDeal:
    """Line ``number``'s deal as dealt (a checked deal entry's data): nobody spoke yet."""
    return build(setup, number, dict(data), (), ())


# ----------------------------------------------------------------- the calls


def call_data(variant: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A call as recorded (without its seat and line): Belote ``{"call": "take"|"pass",
    "suit"}``; Coinche ``{"call": "pass"|"bid"|"coinche"|"surcoinche", "amount",
    "trump"}``, an amount a whole number of points, "capot" or "generale"."""
    word = data.get("call")
    word = word.strip().lower() if isinstance(word, str) else word
    if variant != COINCHE:
        if word not in (TAKE, PASS):
            raise RuleError(N_("Take or pass."), field="call")
        raw = data.get("suit")
        if word == PASS or raw in (None, ""):
            return {"call": word}
        text = raw.strip().upper() if isinstance(raw, str) else ""
        if text not in SUITS:
            raise RuleError(N_("Name the trump: spades, hearts, diamonds or clubs."), field="suit")
        return {"call": word, "suit": text}
    if word not in (AUCTION_PASS, BID, COINCHER, SURCOINCHE):
        raise RuleError(N_("Pass, bid, coinche or surcoinche."), field="call")
    if word != BID:
        return {"call": word}
    amount = data.get("amount")
    if isinstance(amount, str):
        text = amount.strip().lower()
        amount = int(text) if text.isdecimal() and len(text) < 6 else text
    trump = data.get("trump")
    trump = trump.strip().upper() if isinstance(trump, str) else trump
    return {"call": word, "amount": amount, "trump": trump}


def _said(calls: Sequence[tuple[int, Mapping[str, Any]]]) -> list[tuple[str, str | None]]:
    return [(c["call"], c.get("suit")) for _s, c in calls]


def _auction_calls(calls: Sequence[tuple[int, Mapping[str, Any]]]) -> list[tuple[Any, ...]]:
    return [(c["call"], c["amount"], c["trump"]) if c["call"] == BID else (c["call"],) for _s, c in calls]


def _as_call(err: RuleError) -> RuleError:
    """The taking's and the auction's refusals, named by the call's field."""
    return RuleError(err.template, field="call", **err.params)


# ----------------------------------------------------------------- the whole deal


def build(setup: Any, number: int, drawn: dict[str, Any], calls: Sequence[tuple[int, dict[str, Any]]],
          plays: Sequence[tuple[int, str]]) -> DeckDeal:
    """The deal after these calls and cards, each checked as it was made (a RuleError
    otherwise): the speaking, the contract, the completion, the tricks, the outcome."""
    s = setup.settings
    dealer = setup.dealer(number)
    seats = order(dealer)
    hands = tuple(tuple(h) for h in drawn["hands"])
    turned = drawn.get("turned")
    contract = bid = None
    speaker: int | None = None
    phase = SPEAKING
    try:
        if setup.variant == COINCHE:
            a = auction(dealer, _auction_calls(calls), s)
            if a.bidder is not None:
                bid = {"taker": a.bidder, "takers": a.bidder % 2, "trump": a.trump, "amount": a.amount,
                       "level": a.level}
            if a.over:
                phase, contract = (VOID, None) if a.void else (PLAYING, bid)
            speaker = a.turn
        else:
            taker, trump, over = taking(dealer, turned, _said(calls), s.second_round)
            if taker is not None:
                contract = {"taker": taker, "takers": taker % 2, "trump": trump, "amount": None, "level": 0}
                hands = complete(BeloteDeal(dealer, hands, turned, tuple(drawn["stock"])), taker)
                calls = (*calls[:-1], (calls[-1][0], {"call": TAKE, "suit": trump}))  # the suit taken, said
                phase = PLAYING
            elif over:
                phase = VOID
            else:
                speaker = seats[len(calls) % PLAYERS]
    except RuleError as err:
        raise _as_call(err) from None
    dealt = hands
    rules = None if contract is None else Rules(contract["trump"], s.sa_jack, s.ta_table, s.undertrump)
    if plays and rules is None:
        raise RuleError(N_("The cards are played once the trump is chosen."), field="card")
    held = [list(h) for h in hands]
    tricks: list[tuple[int, tuple[tuple[int, str], ...], int]] = []
    trick: list[tuple[int, str]] = []
    said: list[tuple[int, str, str]] = []
    leader = seats[0]
    for seat, card in plays:
        turn = (leader - len(trick)) % PLAYERS  # counter-clockwise: the seat before
        if seat != turn or card not in held[seat]:
            raise RuleError(N_("It is not your turn to play."), field="card")
        allowed, why = legal_cards(held[seat], [c for _s, c in trick], rules)  # type: ignore[arg-type]
        if card not in allowed:
            raise RuleError(why or N_("That card may not be played now."), field="card")
        held[seat].remove(card)
        said.extend(_belote_said(dealt[seat], seat, card, rules, said))  # type: ignore[arg-type]
        trick.append((seat, card))
        if len(trick) == PLAYERS:
            winner = trick[winner_index([c for _s, c in trick], rules)][0]  # type: ignore[arg-type]
            tricks.append((leader, tuple(trick), winner))
            leader, trick = winner, []
    won = [0, 0]
    for _l, _p, w in tricks:
        won[w % 2] += 1
    outcome = None
    player = None
    if phase == PLAYING:
        if len(tricks) == TRICKS:
            phase = PLAYED
            outcome = tally_tricks([p for _l, p, _w in tricks], [w for _l, _p, w in tricks], rules)  # type: ignore[arg-type]
        else:
            player = (leader - len(trick)) % PLAYERS
    return DeckDeal(number, dealer, setup.variant, tuple(tuple(h) for h in held), tuple(tuple(h) for h in dealt),
                    turned, tuple(calls), phase, speaker, player, contract, bid, tuple(trick), tuple(tricks),
                    (won[0], won[1]), tuple(said), outcome, rules, tuple(plays), drawn)


def _belote_said(hand: Sequence[str], seat: int, card: str, rules: Rules,
                 said: Sequence[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """B-P3: the King or Queen of trump played by the seat that was dealt both: "belote"
    for the first, "rebelote" for the second (at TA per suit; none at SA)."""
    if rules.trump == SA or card[:-1] not in ("K", "Q") or not is_trump(card, rules):
        return []
    pair = {"K" + suit(card), "Q" + suit(card)}
    if not pair <= set(hand):
        return []
    first = any(p == seat and c in pair for p, _w, c in said)
    return [(seat, REBELOTE_WORD if first else BELOTE_WORD, card)]


# ----------------------------------------------------------------- JSON


def deck_json(table: DeckDeal | None) -> dict[str, Any] | None:
    """The deal as JSON for the viewer whose view ``table`` is (hands it may not see are
    null; the stock is never in it)."""
    if table is None:
        return None
    def hands(hs: tuple[tuple[str, ...] | None, ...]) -> list[list[str] | None]:
        return [None if h is None else list(h) for h in hs]
    return {
        "round": table.round, "dealer": table.dealer, "variant": table.variant, "phase": table.phase,
        "hands": hands(table.hands), "dealt": hands(table.dealt), "turned": table.turned,
        "calls": [{"player": p, **c} for p, c in table.calls],
        "speaker": table.speaker, "player": table.player,
        "contract": None if table.contract is None else dict(table.contract),
        "bid": None if table.bid is None else dict(table.bid),
        "trick": [{"player": p, "card": c} for p, c in table.trick],
        "tricks": [{"leader": leader, "cards": [{"player": p, "card": c} for p, c in plays], "winner": w}
                   for leader, plays, w in table.tricks],
        "won": list(table.won),
        "said": [{"player": p, "word": w, "card": c} for p, w, c in table.said],
        "outcome": None if table.outcome is None else dict(table.outcome),
        "result": table.result_data(),
    }


__all__ = ["DeckDeal", "build", "call_data", "check_drawn", "deck_json", "draw", "start"]
