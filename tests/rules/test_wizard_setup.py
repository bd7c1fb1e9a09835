"""Material, players, schedule and dealer: W-M*, W-R1, W-R2, W-U1, W-U2, setup input."""

import itertools

import pytest
from rules_helpers import Game

from scribe.games.wizard import (
    DECK_SIZE,
    EDITIONS,
    NAME_MAX,
    SUITS,
    TRUMP_CARDS,
    Setup,
    make_setup,
    max_rounds,
    replay,
)
from scribe.rules.errors import RuleError

NAMES = {n: [f"Player{i}" for i in range(n)] for n in range(9)}


def refusal(field, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as info:
        make_setup(*args, **kwargs)
    assert info.value.field == field, info.value
    return info.value


# ------------------------------------------------------------------ W-M


def test_w_m1_sixty_cards_four_suits():
    assert DECK_SIZE == 60 == 4 * 13 + 4 + 4
    assert SUITS == ("blue", "green", "red", "yellow")
    assert set(TRUMP_CARDS) == set(SUITS) | {"jester", "wizard"}


@pytest.mark.parametrize(
    "edition, names",
    [
        ("gigamic", ("Wizard", "Fou")),
        ("amigo", ("Zarbi", "Naze")),
        ("canadian", ("Wizard", "Joker")),
    ],
)
def test_w_m2_edition_names(edition, names):
    setup = make_setup(["Arnaud", "Anna", "Emilie"], edition=edition)
    assert setup.card_names() == names
    assert setup.edition == edition


def test_w_m2_edition_is_display_only():
    """Same game under another edition's names: the same sheet rows."""
    games = []
    for edition in EDITIONS:
        g = Game(edition=edition)
        g.round([0, 1, 1], [0, 0, 1])
        games.append([(r.bids, r.tricks, r.totals) for r in g.sheet.rows])
    assert all(rows == games[0] for rows in games)


def test_w_m2_unknown_edition_refused():
    refusal("edition", NAMES[3], edition="klingon")
    refusal("edition", NAMES[3], edition=["gigamic"])


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w_m3_three_to_six_players(n):
    assert make_setup(NAMES[n]).n == n


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8])
def test_w_m3_other_player_counts_refused(n):
    err = refusal("players", NAMES[n])
    assert str(n) in err.message and "3 to 6" in err.message


# ------------------------------------------------------------------ W-R1, W-R2


@pytest.mark.parametrize("n, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_w_r1_rounds_per_player_count(n, rounds):
    setup = make_setup(NAMES[n])
    assert setup.round_count == rounds == max_rounds(n)
    sheet = replay(setup, [])
    assert [r.number for r in sheet.rows] == list(range(1, rounds + 1))
    # round r deals r cards; the last round deals every card
    assert [r.cards for r in sheet.rows] == list(range(1, rounds + 1))
    assert sheet.rows[-1].cards * n == DECK_SIZE


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w_r1_shorter_game_option(n):
    setup = make_setup(NAMES[n], rounds=2)
    assert setup.round_count == 2 and len(replay(setup, []).rows) == 2
    # asking for the full length is the full game, not a "shorter" one
    assert make_setup(NAMES[n], rounds=max_rounds(n)).rules.rounds is None


@pytest.mark.parametrize("rounds", [0, -1, 21, "abc", 1.5, True])
def test_w_r1_shorter_game_out_of_range_refused(rounds):
    refusal("rounds", NAMES[3], rounds=rounds)


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_w_r2_deal_passes_clockwise(first):
    setup = make_setup(NAMES[4], first_dealer=first)
    dealers = [r.dealer for r in replay(setup, []).rows]
    assert dealers[0] == first
    # each round the deal passes to the player on the dealer's left (next seat)
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))


def test_w_r2_first_dealer_as_form_text():
    assert make_setup(NAMES[3], first_dealer="2").first_dealer == 2


@pytest.mark.parametrize("first", [-1, 3, "abc", 1.5, True, None, "x1"])
def test_w_r2_first_dealer_must_be_a_player(first):
    refusal("first_dealer", NAMES[3], first_dealer=first)


# ------------------------------------------------------------------ W-U1, W-U2


@pytest.mark.parametrize("n", [3, 4])
def test_w_u2_unicolore_schedule(n):
    setup = make_setup(NAMES[n], unicolore=True)
    sheet = replay(setup, [])
    assert setup.round_count == 12
    assert [r.cards for r in sheet.rows] == list(range(4, 16))


@pytest.mark.parametrize("n", [3, 4])
def test_w_u1_unicolore_has_no_trump(n):
    sheet = replay(make_setup(NAMES[n], unicolore="on"), [])
    assert not any(r.has_trump for r in sheet.rows)
    g = Game(unicolore=True)
    with pytest.raises(RuleError) as info:
        g.do("trump", card="red")
    assert info.value.field == "trump"


@pytest.mark.parametrize("n", [5, 6])
def test_w_u1_unicolore_needs_three_or_four_players(n):
    err = refusal("unicolore", NAMES[n], unicolore=True)
    assert "3 or 4" in err.message


# ------------------------------------------------------------------ names and options


def test_names_are_tidied():
    setup = make_setup(["  Paul ", "Thomas\t Jr", "Marie"])
    assert setup.players == ("Paul", "Thomas Jr", "Marie")


@pytest.mark.parametrize(
    "names, field",
    [
        (["Anna", "anna", "Emilie"], "players.1"),
        (["Anna", "Emilie", "ANNA "], "players.2"),
        (["Anna", "", "Emilie"], "players.1"),
        (["Anna", "Emilie", "   "], "players.2"),
        (["Anna", "x" * 200, "Emilie"], "players.1"),
        (["Anna", 7, "Emilie"], "players.1"),
        ([None, "Anna", "Emilie"], "players.0"),
        ("Anna, Emilie, Arnaud", "players"),
        (None, "players"),
    ],
)
def test_bad_names_refused(names, field):
    refusal(field, names)


def test_duplicate_name_message_names_the_player():
    err = refusal("players.1", ["Anna", "ANNA", "Emilie"])
    assert "ANNA" in err.message


def test_name_length_limit():
    assert make_setup(["x" * NAME_MAX, "Anna", "Emilie"]).players[0] == "x" * NAME_MAX
    err = refusal("players.0", ["x" * (NAME_MAX + 1), "Anna", "Emilie"])
    assert str(NAME_MAX) in err.message


@pytest.mark.parametrize("preset", ["nope", "", "Standard", ["standard"]])
def test_unknown_preset_refused(preset):
    refusal("preset", NAMES[3], preset=preset)


def test_unknown_option_refused():
    err = refusal("colour_blind", NAMES[3], colour_blind=True)
    assert "colour_blind" in err.message


@pytest.mark.parametrize(
    "option, value", [("last_bid", "sometimes"), ("unicolore", "maybe"), ("zero_exception", 2)]
)
def test_bad_option_value_refused(option, value):
    refusal(option, NAMES[3], **{option: value})


@pytest.mark.parametrize("preset", ["standard", "plus_minus_one", "leader", "canadian"])
def test_presets_round_trip(preset):
    setup = make_setup(NAMES[4], first_dealer=3, preset=preset, edition="amigo")
    assert setup.rules.preset == preset
    assert Setup.from_dict(setup.as_dict()) == setup


def test_switch_overrides_preset():
    setup = make_setup(NAMES[3], preset="leader", zero_exception="on")
    assert setup.rules.preset == "canadian"
    assert make_setup(NAMES[3], preset="leader", leader_ties=True).rules.preset == "custom"
