"""Names of players and games: invisible and control characters never tell two names
apart, never reach a page, and absurd input is refused at once."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings, strategies as st

from scribe.games import wizard, zibi
from scribe.rules.errors import RuleError
from scribe.rules.fields import NAME_MAX, ZWJ, clean_text, verify_names
from scribe.service import GAME_NAME_MAX, verify_game_name

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # 👨‍👩‍👧
RAINBOW_FLAG = "\U0001F3F3\ufe0f\u200d\U0001F308"  # 🏳️‍🌈
CODER = "\U0001F469\U0001F3FD\u200d\U0001F4BB"  # 👩🏽‍💻

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202a", "\u202b", "\u202c",
             "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\x00", "\x07", "\x7f", "\U000E0041"]


def refusal(names) -> RuleError:
    with pytest.raises(RuleError) as info:
        verify_names(names)
    return info.value


@pytest.mark.parametrize("ch", INVISIBLE)
def test_invisible_and_control_characters_are_removed(ch):
    assert verify_names([f"B{ch}ob", "Ann", "Cy"])[0] == "Bob"


def test_whitespace_of_every_kind_is_one_space():
    assert verify_names(["\tAna\u00a0\u2003Maria\n", "Ben\u2028Jo", "Cy"]) == ("Ana Maria", "Ben Jo", "Cy")


def test_names_are_nfc_so_two_spellings_of_the_same_letters_are_one_name():
    decomposed, composed = "Cle\u0301o", "Cl\u00e9o"
    assert verify_names([decomposed, "Ann", "Bob"])[0] == composed
    err = refusal([composed, decomposed, "Bob"])
    assert err.field == "players.1" and "tell them apart" in err.message


@pytest.mark.parametrize("twin", ["B\u200bob", "b\u200dob", "\u202eBob", "Bob\x00", "BOB\ufeff"])
def test_names_differing_only_by_invisible_characters_are_refused(twin):
    err = refusal(["Bob", twin, "Cy"])
    assert err.field == "players.1" and "tell them apart" in err.message


@pytest.mark.parametrize("blank", ["\u200b", "\u200b\u200c\u200d\ufeff", "\x00", " \u2060 ", "\u202e"])
def test_a_name_of_invisible_characters_only_is_empty(blank):
    err = refusal(["Ann", blank, "Cy"])
    assert err.field == "players.1" and err.message == "Player 2 needs a name."


def test_absurdly_long_names_are_refused_with_the_limit():
    err = refusal(["Ann", "x" * 10_000, "Cy"])
    assert err.field == "players.1" and err.message == f"Names are at most {NAME_MAX} characters."
    # padded with invisible characters: the visible name decides, up to ten times the limit
    assert verify_names(["\u200b" * 200 + "Ann", "Bob", "Cy"])[0] == "Ann"
    assert refusal(["\u200b" * 400 + "Ann", "Bob", "Cy"]).field == "players.0"


def test_the_limit_counts_what_is_left_after_cleaning():
    assert verify_names(["x" * NAME_MAX + "\u200b\u200b", "Bob", "Cy"])[0] == "x" * NAME_MAX
    assert refusal(["x" * (NAME_MAX + 1), "Bob", "Cy"]).field == "players.0"


@pytest.mark.parametrize("emoji", [FAMILY, RAINBOW_FLAG, CODER])
def test_emoji_joined_by_zero_width_joiners_survive(emoji):
    """A deliberate choice (see clean_text): a ZWJ between two emoji is the emoji itself."""
    assert verify_names([emoji, "Bob", "Cy"])[0] == emoji


def test_a_joiner_outside_an_emoji_sequence_is_removed():
    assert clean_text(ZWJ + "\U0001F468", 30) == "\U0001F468"
    assert clean_text("\U0001F468" + ZWJ, 30) == "\U0001F468"
    assert clean_text("\U0001F468" + ZWJ + ZWJ + "\U0001F469", 30) == "\U0001F468\U0001F469"
    assert clean_text("\U0001F468 " + ZWJ + "\U0001F469", 30) == "\U0001F468 \U0001F469"


def test_a_long_list_of_names_is_refused_by_the_rules():
    with pytest.raises(RuleError):
        wizard.make_setup([f"p{i}" for i in range(100_000)])


def test_both_games_clean_names_the_same_way():
    assert wizard.make_setup(["B\u200bob", "Ann", "Cy"]).players[0] == "Bob"
    assert zibi.make_setup(["B\u200bob", "Ann", "Cy", "Dee"]).players[0] == "Bob"


def test_game_names_are_cleaned_and_refused_above_their_own_limit():
    assert verify_game_name("\u202eFriday\x00 night\u200b", "default") == "Friday night"
    assert verify_game_name("\u200b\u200b", "default") == "default"  # nothing left: as if blank
    assert verify_game_name("x" * GAME_NAME_MAX, "d") == "x" * GAME_NAME_MAX
    for raw in ("x" * (GAME_NAME_MAX + 1), "x" * 10_000):
        with pytest.raises(RuleError) as info:
            verify_game_name(raw, "d")
        assert info.value.field == "name" and str(GAME_NAME_MAX) in info.value.message


def _kept_joiner(text: str, i: int) -> bool:
    return 0 < i < len(text) - 1 and unicodedata.category(text[i + 1]) == "So" and (
        text[i - 1] == "\ufe0f" or unicodedata.category(text[i - 1]) in ("So", "Sk"))


# Text with many invisible, control, combining and emoji characters mixed in.
noisy = st.text(st.one_of(st.characters(), st.sampled_from(INVISIBLE + [" ", "\t", "e", "\u0301", "\U0001F468",
                                                                        "\U0001F3FD", "\ufe0f"])), max_size=60)


@settings(max_examples=400)
@given(noisy)
def test_cleaned_text_is_nfc_visible_trimmed_and_idempotent(raw):
    text = clean_text(raw, 1000)
    assert text is not None
    assert unicodedata.is_normalized("NFC", text)
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in ("Cc", "Cf"):
            assert ch == ZWJ and _kept_joiner(text, i), (raw, text)
    assert text == " ".join(text.split())
    assert clean_text(text, 1000) == text


@given(st.lists(noisy, max_size=10))
def test_verify_names_only_ever_refuses_with_a_field(names):
    try:
        cleaned = verify_names(names)
    except RuleError as err:
        assert err.field and err.field.startswith("players.")
    else:
        assert len({n.casefold() for n in cleaned}) == len(cleaned) and all(0 < len(n) <= NAME_MAX for n in cleaned)
