"""The family's JSON in the API document, made from a game's definition: the entries every
game of bids and tricks takes through ``POST /api/games/KEY/actions/KIND`` (a game adds its
own choices beside them) and the virtual deck's tricks as played."""

from __future__ import annotations

from typing import Any

from ...schema import BOOL, COUNTS, INT, INTS, OPT_INT, ROUND, SEAT, STR, Action, closed


def actions(card: dict[str, Any], suits: list[str]) -> dict[str, Action]:
    """The family's kinds, for a pack whose codes ``card`` describes and whose trump may be
    one of ``suits``."""
    seat_card = {"round": ROUND, "player": SEAT, "card": card}
    return {
        "bid": Action("Record a bid: the next bidder's, or the player's named (sealed bids)", {
            "round": ROUND, "player": {"type": "integer", "description": "Defaults to the next bidder"},
            "bid": {"type": "integer", "minimum": 0}}),
        "trump": Action("Record the card turned up for trump", {
            "round": ROUND, "card": {"enum": suits}, "suit": {"enum": [*suits, None]}}),
        "tricks": Action("Record the round's tricks (they add up to the cards dealt; on the virtual deck, "
                         "left out: as the cards gave them)", {
            "round": ROUND, "tricks": {**COUNTS, "description": "Per seat; one null is filled from the total"}}),
        "deal": Action("Virtual deck: Scribe shuffles and deals the round being played and turns the trump card; "
                       "the hands are never in the answer, each player reads their own on their link",
                       {"round": ROUND}),
        "shuffle": Action("Virtual deck: the next deal is a new one, not the deal taken back", {"round": ROUND}),
        "played": Action("Virtual deck: the Scribe plays a card for a seat with no phone", seat_card,
                         ("player", "card")),
        "take_back": Action("Virtual deck: the Scribe takes back the last card of a seat with no phone",
                            {"round": ROUND, "player": SEAT}, ("player",)),
    }


PLAYS = {"type": "array", "items": closed({"player": INT, "card": STR})}
#: The virtual deck's tricks as played (every card on the table is public).
PLAY = closed({
    "turn": OPT_INT, "leader": INT, "trick": PLAYS, "winning": OPT_INT, "won": INTS, "finished": BOOL,
    "destroyed": INT, "waiting": {"type": "null"}, "cloud_winner": {"type": "null"},
    "tricks": {"type": "array", "items": closed({"leader": INT, "cards": PLAYS, "winner": OPT_INT, "destroyed": BOOL})}})
