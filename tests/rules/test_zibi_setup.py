"""Witty Zibi setup and preparation: Z-M1, Z-M2, Z-C1 (seed 003)."""

import pytest

from scribe.games.zibi import (
    Setup,
    can_setup,
    clan_sizes,
    default_mode,
    make_setup,
    mode_fits,
    modes_for,
    preparation,
)
from scribe.rules.errors import RuleError

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def refused(field, fn, *args, **kwargs):
    with pytest.raises(RuleError) as e:
        fn(*args, **kwargs)
    assert e.value.field == field, e.value.message
    return e.value


@pytest.mark.parametrize("n", range(4, 10))
def test_z_m1_four_to_nine_players(n):
    setup = make_setup(NAMES[:n])
    assert setup.n == n and sum(setup.sizes) == n


@pytest.mark.parametrize("n", [3, 10])
def test_z_m1_three_or_ten_players_refused(n):
    err = refused("players", make_setup, NAMES[:n])
    assert str(n) in err.message


def test_names_stripped_unique_ignoring_case_and_short():
    assert make_setup(["  Ana ", "Ben  Bo", "Cy", "Dee"]).players == ("Ana", "Ben Bo", "Cy", "Dee")
    refused("players.3", make_setup, ["Ana", "Ben", "Cy", " ana"])
    refused("players.1", make_setup, ["Ana", "  ", "Cy", "Dee"])
    refused("players.2", make_setup, ["Ana", "Ben", "x" * 31, "Dee"])
    assert make_setup(["Ana", "Ben", "x" * 30, "Dee"]).players[2] == "x" * 30
    refused("players.0", make_setup, [3, "Ben", "Cy", "Dee"])
    refused("players", make_setup, "Ana,Ben,Cy,Dee")


def test_z_c1_two_clans_by_default_of_two_at_4_and_three_at_6():
    assert make_setup(NAMES[:4]).mode == "two" and clan_sizes("two", 4) == (2, 2)
    assert make_setup(NAMES[:6]).sizes == (3, 3)
    assert clan_sizes("two", 8) == (4, 4)


@pytest.mark.parametrize("n", [5, 7, 9])
def test_z_c1_two_clans_refused_at_odd_counts(n):
    refused("mode", make_setup, NAMES[:n], "two")


def test_z_c1_three_clans_from_6_players():
    assert clan_sizes("three", 6) == (2, 2, 2)
    assert clan_sizes("three", 9) == (3, 3, 3)
    assert [mode_fits("three", n) for n in range(4, 10)] == [False, False, True, True, True, True]
    refused("mode", make_setup, NAMES[:5], "three")


def test_z_c1_un_tout_seul_exactly_5_players():
    assert make_setup(NAMES[:5], "alone").sizes == (2, 2, 1)
    for n in (4, 6, 7):
        refused("mode", make_setup, NAMES[:n], "alone")


def test_z_c1_un_de_plus_exactly_7_players():
    assert make_setup(NAMES[:7], "one_more").sizes == (4, 3)
    for n in (5, 6, 8):
        refused("mode", make_setup, NAMES[:n], "one_more")


def test_z_c1_unknown_mode_refused():
    refused("mode", make_setup, NAMES[:4], "four")
    assert not can_setup(NAMES[:4], "four")


def test_z_c1_default_mode_fits_every_count():
    for n in range(4, 10):
        assert mode_fits(default_mode(n), n)
        assert modes_for(n)[0] == default_mode(n)


def test_z_d3_expert_switch_parsed():
    assert make_setup(NAMES[:4], expert="on").expert is True
    assert make_setup(NAMES[:4], expert="").expert is False
    refused("expert", make_setup, NAMES[:4], expert="maybe")


def test_setup_round_trips_through_a_dict():
    setup = make_setup(NAMES[:7], "three", expert=True)
    assert Setup.from_dict(setup.as_dict()) == setup


@pytest.mark.parametrize("n, deck, reserve", [(4, 76, 2), (5, 76, 2), (6, 108, 3),
                                              (7, 108, 3), (8, 108, 4), (9, 108, 4)])
def test_z_m2_deck_and_reserve(n, deck, reserve):
    p = preparation(n)
    assert (p.deck, p.reserve) == (deck, reserve)
    assert p.cards_each * n + p.reserve + p.undealt == p.deck
    assert p.undealt >= 0


def test_z_m2_small_deck_removes_2_of_each_special_and_8_of_each_damage():
    removed = dict(preparation(4).removed)
    assert removed == {"Sorcier": 2, "Witty Nurse (heal)": 2, "Emissaire": 2, "PAF": 2,
                       "Bananes 10": 8, "Bananes 20": 8, "Bananes 30": 8}
    assert 108 - sum(removed.values()) == 76
    assert preparation(6).removed == ()


def test_z_m2_twelve_cards_each_where_the_box_allows():
    assert [preparation(n).cards_each for n in range(4, 9)] == [12] * 5
    assert preparation(9).cards_each == 11  # 9 x 12 + 4 > 108: reading, see docstring


def test_z_c1_tokens_for_each_mode():
    assert preparation(5, "alone").tokens == (2, 2, 2) and preparation(5).hidden_token
    assert preparation(7, "one_more").tokens == (4, 4)
    assert preparation(6, "three").tokens == (2, 2, 2) and not preparation(6).hidden_token
    refused("mode", preparation, 6, "alone")
