"""Wizard's Jubilee cards (W-J2..W-J6) on the family's score pad and virtual deck. On the
score sheet: the Bomb's trick nobody won and the Cloud's change, entered with the tricks
or in a correction, and the cards not in play refused by name. At play: what a card tap
means while play waits for the Juggler's passes or the Cloud's change, a Cloud or a
Juggler played as the suit its player names, when a card may no longer be taken back,
and who reads a card passed face down. Wizard's setup hands these to the family as its
hooks (``bidding.definition``: ``ResultHooks``, ``TurnedHooks``, ``PlayHooks``). Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...rules import cards
from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ...rules.sealed import SEALED
from ..bidding.inputs import _current_round, _player
from ..bidding.reveal import hands_shown
from ..bidding.sheet import RoundRow, Sheet, Trump, _Round

#: W-J6: a Jubilee card named on the sheet that the rule set does not hold; one message
#: per card so that each translates whole.
NOT_IN_PLAY = {
    "dragon": N_("The Dragon is not among this game's Jubilee cards."),
    "fairy": N_("The Fairy is not among this game's Jubilee cards."),
    "bomb": N_("The Bomb is not among this game's Jubilee cards."),
    "cloud": N_("The Cloud is not among this game's Jubilee cards."),
    "juggler": N_("The Juggler is not among this game's Jubilee cards."),
    "werewolf": N_("The Werewolf is not among this game's Jubilee cards."),
}
#: The family's tricks entry in the Bomb's words (W-J2): its trick ticked, or not in play.
DESTROYED_WORDS = {"none": NOT_IN_PLAY["bomb"], "most": N_("Tick the Bomb's trick, or leave it unticked.")}
ADDS_UP_WORDS = {
    "destroyed": N_("The tricks add up to %(total)s, but %(won)s were won: %(cards)s cards each were played and "
                    "nobody won the Bomb's trick."),
}
#: W-J5: the Werewolf turned up, its holder names the trump (or none) at once.
NAME_AT_ONCE = N_("The Werewolf's holder names a suit, or no trump: choose one.")

#: W-J3 on the virtual deck: what the winner of the Cloud's trick taps on their own phone.
CLOUD_TAPS = {"+1": 1, "-1": -1}


def played(sheet: Sheet, row: RoundRow, player: int, raw: str) -> dict[str, Any]:
    """``verify_played`` with Jubilee cards: the Cloud and the Juggler played as the suit
    their player names (``CLR``, W-J3, W-J4); after the Juggler's trick a tap passes the
    card to the left instead (W-J4); after the Cloud's trick play waits for its change."""
    play = row.play
    assert play is not None
    names = sheet.setup.players
    if play.waiting == "cloud" and raw.strip() in CLOUD_TAPS:  # W-J3: the winner's own choice, on their phone
        if player != play.cloud_winner:
            raise RuleError(N_("%(name)s did not win the Cloud's trick: %(winner)s did."), field="card",
                            name=names[player], winner=names[play.cloud_winner])  # type: ignore[index]
        change = CLOUD_TAPS[raw.strip()]
        _changed_bid(sheet, row, player, change, field="card")
        return {"round": row.number, "player": player, "change": change, "cloud": True}
    try:
        card = cards.jubilee.canonical(raw)
    except RuleError:
        raise RuleError(N_("Write a card as W, J, or a suit initial and a rank, like R7."), field="card") from None
    hand = row.remaining(player) or ()
    if play.waiting == "pass":  # W-J4: every seat passes one card to the left
        if player not in play.to_pass:
            raise RuleError(N_("%(name)s has passed a card already: the others pass theirs."), field="card",
                            name=names[player])
        if card not in row.passable(player):  # not one just passed to this seat: all pass at once
            raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
        return {"round": row.number, "player": player, "card": card, "pass": True}
    if play.waiting == "cloud":  # W-J3: the bid changes before the next card
        raise RuleError(N_("%(name)s won the Cloud's trick: %(name)s changes their bid by +1 or -1 first."),
                        field="card", name=names[play.cloud_winner])  # type: ignore[index]
    if player != play.turn:
        raise RuleError(N_("It is %(next)s's turn to play, not %(name)s's."), field="card",
                        next=names[play.turn], name=names[player])
    kind = cards.jubilee.kind(card)
    held = card[:2] if kind in cards.jubilee.NAMED_VALUE else card
    if kind in cards.jubilee.NAMED_VALUE and len(card) != 3:
        raise RuleError(N_("Name the suit the Cloud or the Juggler takes."), field="card")
    if held not in hand:
        raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
    legal, why = sheet.setup.legal(play, hand)  # the Jubilee cards' (W-J intro)
    if held not in legal:
        raise RuleError(why or N_("That card may not be played now."), field="card")
    return {"round": row.number, "player": player, "card": card}


def card_back(row: RoundRow) -> None:
    """A card of a finished trick is no longer taken back once that trick's Juggler had
    cards passed or its Cloud changed a bid (W-J3, W-J4: the trick's effect is under way)."""
    play = row.play
    if play is None or play.trick or play.last is None:
        return
    kinds = {cards.jubilee.kind(c) for _p, c in play.last.plays}
    if ("juggler" in kinds and any(c is not None for c in row.passed)) or ("cloud" in kinds and row.cloud):
        raise RuleError(N_("Too late: the cards were passed or the bid changed after this trick."), field="card")


def sealed_pass(sheet: Sheet, entry: Entry, viewer: int | None, withdrawn: bool = False) -> Entry:
    """A pass (W-J4) as ``viewer`` may read it: its card (else None, as the history shows a
    sealed card) for the passer and the receiver only, until the round is scored; nobody's
    once ``withdrawn`` (undone before then)."""
    number, player = entry.data.get("round"), entry.data.get("player")
    if withdrawn:
        return replace(entry, data={**entry.data, "card": None})
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
        return entry
    if viewer is not None and isinstance(player, int) and viewer in (player, (player + 1) % sheet.setup.n):
        return entry
    return replace(entry, data={**entry.data, "card": None})  # None: the history's sealed card


def verify_turned(setup: Any, card: Any) -> None:
    """A Jubilee card turned up that the rule set does not hold (W-J6)."""
    if card in cards.jubilee.JUBILEE_CARDS and not setup.rules.has(card):
        raise RuleError(NOT_IN_PLAY[card], field="trump")


def _change(raw: Any) -> int:
    if raw in (1, -1) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip() in ("1", "+1", "-1", "−1"):
        return -1 if raw.strip() in ("-1", "−1") else 1
    raise RuleError(N_("The Cloud changes a bid by +1 or -1."), field="cloud.change")


def _cloud_first(sheet: Sheet, winner: int) -> RuleError:
    return RuleError(N_("%(name)s won the Cloud's trick: %(name)s changes their bid by +1 or -1 first."),
                     field="cloud", name=sheet.setup.players[winner])


def waiting_refusal(sheet: Sheet, play: Any) -> RuleError:
    """The tricks wait for the Cloud's change after the last trick (W-J3)."""
    return _cloud_first(sheet, play.cloud_winner)


def _changed_bid(sheet: Sheet, row: RoundRow, player: int, change: int, bids: Sequence[Any] | None = None,
                 field: str = "cloud.change") -> None:
    """W-J3: a changed bid stays a bid of the round, 0 to the cards dealt (never below 0)."""
    bid = (bids if bids is not None else row.bids)[player]
    name = sheet.setup.players[player]
    if isinstance(bid, int) and not 0 <= bid + change <= row.cards:
        template = (N_("%(name)s bid 0: the Cloud's change can only be +1.") if change < 0 else
                    N_("%(name)s bid %(bid)s, every trick: the Cloud's change can only be -1."))
        raise RuleError(template, field=field, name=name, bid=bid)


def _cloud_data(sheet: Sheet, row: RoundRow, raw: Any, counts: Sequence[int],
                bids: Sequence[Any] | None = None) -> dict[str, Any]:
    """The Cloud's change entered with the tricks on the score sheet (W-J3): the player
    who won its trick (so took at least one) and +1 or -1; none if not given."""
    if isinstance(raw, dict) and raw.get("player") in (None, "") and raw.get("change") in (None, ""):
        raw = None
    if raw is None:
        return {}
    if not sheet.setup.rules.has("cloud"):
        raise RuleError(NOT_IN_PLAY["cloud"], field="cloud.player")
    if not isinstance(raw, dict):
        raise RuleError(N_("Say who won the Cloud's trick and how their bid changed."), field="cloud.player")
    if raw.get("player") in (None, ""):
        raise RuleError(N_("Who won the Cloud's trick?"), field="cloud.player")
    player = _player(sheet, raw.get("player"), "cloud.player")
    change = _change(raw.get("change"))
    if counts[player] == 0:
        raise RuleError(N_("%(name)s took no trick, so did not win the Cloud's trick."), field="cloud.player",
                        name=sheet.setup.players[player])
    _changed_bid(sheet, row, player, change, bids)
    return {"cloud": {"player": player, "change": change}}


def result_fields(sheet: Sheet, row: RoundRow, data: Mapping[str, Any], result: Mapping[str, Any],
                  bids: Sequence[Any] | None, correcting: bool) -> dict[str, Any]:
    """The Jubilee's part of a round's result (W-J2, W-J3): the Cloud's change given with
    the tricks (with the virtual deck it is its own entry, made on the winner's phone);
    a correction says the Bomb's trick and the Cloud's change even when there are none,
    so that they replace what was recorded."""
    if row.play is not None:
        return {}
    out = _cloud_data(sheet, row, data.get("cloud"), result["tricks"], bids)
    if correcting:
        rules = sheet.setup.rules
        if not result.get("destroyed") and rules.jubilee:
            out["destroyed"] = 0
        if rules.has("cloud") and not out.get("cloud"):
            out["cloud"] = None
    return out


def recorded_fields(row: RoundRow) -> dict[str, Any]:
    """The Cloud's change as a round's entry holds it (W-J3), for a correction."""
    return {"cloud": None if row.cloud is None else {"player": row.cloud[0], "change": row.cloud[1]}}


def verify_cloud(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Virtual deck: the winner of the Cloud's trick changes their bid by +1 or -1 before
    the next card is played (W-J3); only that player, once, never below 0."""
    if not sheet.setup.rules.has("cloud"):
        raise RuleError(NOT_IN_PLAY["cloud"], field="cloud")
    row = _current_round(sheet, data)
    play = row.play
    if play is None:
        raise RuleError(N_("Without the virtual deck the Cloud's change is entered with the tricks."), field="cloud")
    if play.cloud_winner is None:
        raise RuleError(N_("Nobody has won the Cloud's trick yet."), field="cloud")
    if row.cloud is not None:
        raise RuleError(N_("The Cloud's change is already made this round."), field="cloud")
    player = _player(sheet, data.get("player"), "cloud")
    if player != play.cloud_winner:
        raise RuleError(N_("%(name)s did not win the Cloud's trick: %(winner)s did."), field="cloud",
                        name=sheet.setup.players[player], winner=sheet.setup.players[play.cloud_winner])
    change = _change(data.get("change"))
    _changed_bid(sheet, row, player, change)
    return {"round": row.number, "player": player, "change": change}


@dataclass
class JubileeRound(_Round):
    """A round of Wizard's sheet: the family's, with the Cloud's change (W-J3), the card each
    seat passed after the Juggler's trick (W-J4) and the Werewolf's holder taking the
    turned card (W-J5)."""

    cloud: tuple[int, int] | None = None
    passed: list[str | None] | None = None

    def take(self, setup: Any, entry: Entry) -> None:
        d = entry.data
        if entry.kind == "cloud" or (entry.kind == "played" and d.get("cloud")):
            self.cloud = (d["player"], d["change"])  # W-J3: the winner of the Cloud's trick, on their phone
        elif entry.kind == "played" and d.get("pass"):  # W-J4: a card passed to the left
            self.passed[d["player"]] = d["card"]  # type: ignore[index]
        elif entry.kind == "trump" and self.trump is not None and self.trump.waiting and self.trump.by is not None \
                and self.hands is not None:
            # W-J5: the Werewolf's holder takes the turned card and lays the Werewolf
            werewolf = cards.jubilee.NOTATION["werewolf"]
            hand = list(self.hands[self.trump.by])
            hand[hand.index(werewolf)] = self.turned  # type: ignore[assignment]
            self.hands = tuple(tuple(hand) if p == self.trump.by else h for p, h in enumerate(self.hands))
            self.turned = werewolf
            self.trump = Trump(d["card"], d.get("suit"), by=self.trump.by)
        else:
            super().take(setup, entry)
            if entry.kind == "deal":
                self.passed = [None] * len(self.hands)  # type: ignore[arg-type]
            elif entry.kind in ("tricks", "correction") and "cloud" in d:
                self.cloud = _cloud(d["cloud"])  # W-J3 on the score sheet; with the virtual deck its own entry

    def scored_bids(self) -> list[Any]:
        return [b + self.cloud[1] if self.cloud and self.cloud[0] == p else b for p, b in enumerate(self.bids)]

    def row_fields(self) -> dict[str, Any]:
        return {"cloud": self.cloud, "passed": tuple(self.passed) if self.passed is not None else ()}

    def play_args(self) -> dict[str, Any]:
        """Who passed is public, what they passed is not (W-J4); whether the Cloud's change is made."""
        return {"passed": [c is not None for c in self.passed or ()], "clouded": self.cloud is not None}


def _cloud(value: Any) -> tuple[int, int] | None:
    return None if value is None else (value["player"], value["change"])


@dataclass(frozen=True)
class JubileeRow(RoundRow):
    """A row of Wizard's sheet: the family's, scored on the Cloud's changed bid (W-J3), with
    the cards the Juggler's passes moved (W-J4)."""

    def scored_bid(self, player: int) -> Any:
        """The bid the round is scored on: the Cloud's change applied (W-J3)."""
        b = self.bids[player]
        if self.cloud is not None and self.cloud[0] == player and isinstance(b, int) and b is not SEALED:
            return b + self.cloud[1]
        return b

    def holding(self, player: int) -> list[str]:
        left = super().holding(player)
        if not self.passed:
            return left
        # W-J4: one card to the left, one from the right
        if self.passed[player] is not None:
            left.remove(self.passed[player])
        got = self.passed[(player - 1) % len(self.passed)]
        if got is not None:
            left.append(got)
        return left

    def held(self, card: str) -> str:
        return card[:2] if cards.jubilee.kind(card) in cards.jubilee.NAMED_VALUE else card  # CLR: the Cloud

    def hands_seen(self, viewer: int | None, old_deal: bool, shown: bool) -> RoundRow:
        """The family's, and of the Juggler's passes only the card ``viewer`` passed and the
        one they received (W-J4)."""
        r = super().hands_seen(viewer, old_deal, shown)
        holder = viewer if not old_deal or shown else None
        return replace(r, passed=_passes_seen(r.passed, holder, shown)) if r.passed else r

    def passable(self, player: int) -> tuple[str, ...]:
        """The cards ``player`` may pass after the Juggler's trick: their own, not one just
        passed to them (W-J4: everyone passes at once)."""
        left = list(self.remaining(player) or ())
        got = self.passed[(player - 1) % len(self.passed)] if self.passed else None
        if got is not None and self.passed[player] is None:
            left.remove(got)
        return tuple(left)


def _passes_seen(passed: tuple, holder: int | None, shown: bool) -> tuple:
    """The Juggler's passes (W-J4) a viewer may see: the card they passed and the one passed
    to them (from the seat on their right); all of them once the round's hands are shown."""
    if shown:
        return passed
    n = len(passed)
    return tuple(c if holder is not None and p in (holder, (holder - 1) % n) else None for p, c in enumerate(passed))
