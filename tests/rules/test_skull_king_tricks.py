"""The virtual deck's card rules for Skull King: following suit, who wins a trick (every
special card against every other), the Kraken and the White Whale (K-T1), and the
bonuses and Loot alliances worked out from a won trick (K-S2, K-S3).

Each case cites the rule book (2021 edition, "The Carrrds", "Advanced rules") or the
publisher's FAQ; ``winner`` returns the index of the winning card in play order."""

import pytest

from scribe.games.skull_king.cards import BASE_DECK, Kind, deck, parse_card, parse_cards
from scribe.games.skull_king.play import play_round, tally, verify_card
from scribe.games.skull_king.scoring import Bonus
from scribe.games.skull_king.tricks import alliances, bonus_of, led_suit, legal, winner
from scribe.rules.errors import RuleError


def won(cards: str) -> int | None:
    return winner(parse_cards(cards)).winner


# --------------------------------------------------------------------------- the deck

def test_k_r1_the_deck_holds_seventy_cards_and_the_advanced_four():
    assert len(BASE_DECK) == 70
    kinds = [c.kind for c in BASE_DECK]
    assert kinds.count(Kind.NUMBER) == 56 and kinds.count(Kind.ESCAPE) == 5 and kinds.count(Kind.PIRATE) == 5
    assert kinds.count(Kind.TIGRESS) == kinds.count(Kind.SKULL_KING) == 1 and kinds.count(Kind.MERMAID) == 2
    extra = deck(kraken=True, white_whale=True, loot=True)[70:]
    assert sorted(str(c) for c in extra) == ["KR", "LO", "LO", "WW"]
    assert len({str(c) for c in BASE_DECK if c.kind is Kind.NUMBER}) == 56


@pytest.mark.parametrize("text", ["G15", "G0", "X3", "G07", "TIGER", "", 7, None])
def test_a_card_that_does_not_exist_is_refused(text):
    with pytest.raises(RuleError) as err:
        parse_card(text)
    assert err.value.field == "card"


# --------------------------------------------------------------------------- suit cards

@pytest.mark.parametrize("trick, expected", [
    ("G7 G12 G8", 1),  # rule book: Bonny's green 12
    ("Y12 Y5 P14", 0),  # a purple 14 off suit loses to the yellow 12
    ("Y12 Y5 B2", 2),  # black trumps: Jack's black 2
    ("B3 B9 G14", 1),  # black led, highest black
    ("Y2 B4 B11 Y14", 2),  # highest black among several
])
def test_suit_cards_follow_the_led_suit_and_black_trumps(trick, expected):
    assert won(trick) == expected


# --------------------------------------------------------------------------- special cards

@pytest.mark.parametrize("trick, expected, why", [
    ("ES ES ES", 0, "all Escapes: the first card played wins"),
    ("ES LO TE", 0, "Escapes, a Loot and the Tigress as an Escape: the first card"),
    ("ES G2 Y14", 1, "an Escape led: the next card sets the suit"),
    ("LO ES G2", 2, "a Loot led plays like an Escape"),
    ("G14 ES", 0, "an Escape loses to everything"),
    ("B14 PI", 1, "a Pirate beats every numbered card, black included"),
    ("PI G3 PI", 0, "the first Pirate of several wins"),
    ("TP PI", 0, "the Tigress as a Pirate is a Pirate, first wins"),
    ("PI TP", 0, "a Pirate before the Tigress as a Pirate"),
    ("G3 TE", 0, "the Tigress as an Escape loses"),
    ("B14 ME", 1, "a Mermaid beats every numbered card"),
    ("ME ME", 0, "the first Mermaid of two wins"),
    ("ME PI", 1, "a Pirate takes a Mermaid"),
    ("ME TP", 1, "the Tigress as a Pirate takes a Mermaid"),
    ("PI SK", 1, "the Skull King takes a Pirate"),
    ("TP SK", 1, "the Skull King takes the Tigress as a Pirate"),
    ("SK B14", 0, "the Skull King beats every numbered card"),
    ("SK ME", 1, "a Mermaid takes the Skull King"),
    ("ME SK", 0, "a Mermaid takes the Skull King whoever came first"),
    ("PI SK ME", 2, "a Pirate, the Skull King and a Mermaid: the Mermaid wins"),
    ("ME PI SK", 0, "... whatever the order"),
    ("SK ME ME", 1, "with two Mermaids, the first takes the Skull King"),
    ("PI ME ME", 0, "a Pirate takes both Mermaids"),
    ("ES SK", 1, "the Skull King after an Escape"),
])
def test_special_cards(trick, expected, why):
    assert won(trick) == expected, why


# --------------------------------------------------------------------------- following

@pytest.mark.parametrize("trick, led", [
    ("G7", "G"), ("B3", "B"), ("ES", None), ("ES Y4", "Y"), ("LO TE P9", "P"),
    ("PI G7", None), ("TP G7", None), ("SK G7", None), ("ME G7", None), ("KR G7", None), ("WW G7", None),
    ("ES ME G7", None), ("G7 WW", "G"),
])
def test_the_suit_to_follow(trick, led):
    assert led_suit(parse_cards(trick)) == led


def test_follow_suit_when_you_can_or_play_a_special_card():
    allowed, why = legal(parse_cards("G3 G9 Y9 B2 ES TI KR LO"), parse_cards("G12"))
    assert [str(c) for c in allowed] == ["G3", "G9", "ES", "TI", "KR", "LO"] and "green" in why


def test_black_led_must_be_followed_too():
    allowed, why = legal(parse_cards("B1 G9"), parse_cards("B12"))
    assert [str(c) for c in allowed] == ["B1"] and "black" in why


def test_without_the_led_suit_any_card():
    allowed, why = legal(parse_cards("Y9 B2 P1"), parse_cards("G12"))
    assert len(allowed) == 3 and why is None


def test_after_a_character_lead_anything_goes():
    assert len(legal(parse_cards("G3 Y9"), parse_cards("SK G12"))[0]) == 2


def test_after_the_white_whale_mid_trick_the_suit_still_binds():
    """FAQ: a White Whale played after a suit is set leaves it to follow."""
    allowed, _why = legal(parse_cards("Y3 G9"), parse_cards("G12 WW"))
    assert [str(c) for c in allowed] == ["G9"]


# --------------------------------------------------------------------------- beasts, K-T1

def test_k_t1_the_kraken_destroys_the_trick_and_who_would_have_won_leads():
    """FAQ: the player who would have won the trick had the Kraken not been played leads
    (in one print run the rule book and the player aid disagreed, one saying the player
    left of the Kraken's)."""
    out = winner(parse_cards("G5 KR G9 ES"))
    assert out.winner is None and out.destroyed and out.leads == 2 and out.beast is Kind.KRAKEN


def test_k_t1_a_kraken_led_then_escapes_the_first_other_card_leads():
    assert winner(parse_cards("KR ES ES")).leads == 1


def test_k_t1_the_white_whale_highest_number_wins_whatever_the_suit():
    """The rule book: black 2, a Pirate, yellow 14, the Skull King, the White Whale: the 14."""
    out = winner(parse_cards("B2 PI Y14 SK WW"))
    assert out.winner == 2 and out.beast is Kind.WHITE_WHALE


def test_k_t1_the_white_whale_a_tie_goes_to_the_first_played():
    assert won("G9 WW B9 Y3") == 0


def test_k_t1_the_white_whale_with_only_special_cards_discards_the_trick():
    out = winner(parse_cards("PI WW SK ME"))
    assert out.winner is None and out.leads == 1


def test_k_t1_kraken_then_white_whale_the_whale_keeps_its_power():
    """Roiling waters: the second beast played wins the battle; the first is an Escape."""
    assert won("G4 KR WW G8") == 3


def test_k_t1_white_whale_then_kraken_destroys_and_the_would_be_winner_leads():
    """FAQ's example: yellow 12, black 3, White Whale, Kraken: nobody wins, the black 3 leads."""
    out = winner(parse_cards("Y12 B3 WW KR"))
    assert out.winner is None and out.leads == 1


# --------------------------------------------------------------------------- bonuses from the cards, K-S2

@pytest.mark.parametrize("trick, bonus", [
    ("Y14 PI SK ME", Bonus(fourteens=1, skull_king=1)),  # the rule book's example: 10 + 40
    ("PI ME ME", Bonus(mermaids=2)),
    ("TP ME", Bonus(mermaids=1)),  # the Tigress as a Pirate is a Pirate in every way
    ("SK PI TP PI", Bonus(pirates=3)),
    ("SK TE", Bonus()),  # FAQ: no bonus for the Tigress played as an Escape
    ("G14 P14 Y14", Bonus(fourteens=3)),
    ("G2 B14", Bonus(black14=1)),
    ("B14 Y14 PI", Bonus(fourteens=1, black14=1)),  # a 14 counts whoever played it
    ("ME SK ME", Bonus(skull_king=1)),  # the other Mermaid is no capture
    ("Y14 KR", Bonus()),  # destroyed: nobody holds the 14
    ("ME Y14 WW SK", Bonus(fourteens=1)),  # the White Whale: the 14 wins itself, characters give nothing
])
def test_k_s2_bonuses_worked_out_from_a_won_trick(trick, bonus):
    assert bonus_of(parse_cards(trick)) == bonus


# --------------------------------------------------------------------------- Loot, K-S3

def test_k_s3_a_loot_allies_its_player_with_the_winner():
    assert alliances(parse_cards("G3 LO G9 LO"), [0, 1, 2, 3]) == [(1, 2), (3, 2)]


def test_k_s3_a_loot_led_and_escapes_after_it_forms_no_alliance():
    """The rule book: the Loot's player wins the trick, no alliance, no bonus."""
    assert won("LO ES ES") == 0 and alliances(parse_cards("LO ES ES"), [4, 5, 6]) == []


def test_k_s3_a_loot_in_a_destroyed_trick_forms_no_alliance():
    assert alliances(parse_cards("LO KR G3"), [0, 1, 2]) == []
    assert alliances(parse_cards("LO WW G3"), [0, 1, 2]) == []  # the White Whale destroys special cards


# --------------------------------------------------------------------------- a round played

def test_a_round_played_card_by_card_gives_its_entry():
    plays = [(1, "Y14"), (2, "PI"), (0, "ME"),  # Ben leads; Cy's Pirate takes the Mermaid and the 14
             (2, "LO"), (0, "G3"), (1, "G9"),  # Cy leads a Loot; Ben wins and allies with Cy
             (1, "KR"), (2, "ES"), (0, "B2")]  # the Kraken: destroyed; the black 2 would have won
    state = play_round(3, 1, [(s, parse_card(c)) for s, c in plays], cards=3)
    assert state.finished and state.won == (0, 1, 1) and state.destroyed == 1
    assert [t.winner for t in state.done] == [2, 1, None] and state.done[2].next_leader == 0
    assert tally(state, 3) == {"tricks": [0, 1, 1], "destroyed": 1,
                               "bonuses": [{}, {}, {"fourteens": 1, "mermaids": 1}], "loot": [[2, 1]]}


def test_a_card_played_out_of_turn_not_held_or_not_following_is_refused():
    hand = parse_cards("G3 Y9 TI")
    state = play_round(3, 0, [(0, parse_card("G12"))], cards=1)
    with pytest.raises(RuleError, match="not your turn"):
        verify_card(state, hand, 2, "G3")
    with pytest.raises(RuleError, match="not in your hand"):
        verify_card(state, hand, 1, "G4")
    with pytest.raises(RuleError, match="follow green"):
        verify_card(state, hand, 1, "Y9")
    with pytest.raises(RuleError, match="Pirate or as an Escape"):
        verify_card(state, hand, 1, "TI")
    assert str(verify_card(state, hand, 1, "tp")) == "TP" and str(verify_card(state, hand, 1, "G3")) == "G3"
