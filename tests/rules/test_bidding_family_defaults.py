"""The family gives what a game of bids and tricks does not say of itself (issue 33): its
kinds and their checks (``bidding.game.VERIFIERS``), the virtual deck's defaults, the legal
cards; and it names no Jubilee card: Wizard's Jubilee play (W-J3, W-J4) is Wizard's,
handed to the family's deck and sealing through its setup's hooks."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from scribe.games import rikiki, wizard
from scribe.games.bidding import deck as family_deck
from scribe.games.bidding.game import VERIFIERS, TricksRules
from scribe.games.rikiki.game import GAME as RIKIKI
from scribe.games.wizard.game import GAME as WIZARD

FAMILY = Path(family_deck.__file__).parent
JUBILEE_WORDS = re.compile(r"jubilee|cloud|juggler|werewolf|bomb|dragon|fairy|_pass", re.IGNORECASE)


def _code_words(path: Path) -> list[str]:
    """The names and strings of a module's code: its comments and docstrings left out."""
    words, previous = [], tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        docstring = tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.NL)
        if tok.type in (tokenize.NAME, tokenize.STRING) and not docstring:
            words.append(tok.string)
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            previous = tok.type
    return words


def test_the_familys_deck_and_reveal_name_no_jubilee_card():
    for module in ("deck.py", "reveal.py"):
        named = [w for w in _code_words(FAMILY / module) if JUBILEE_WORDS.search(w)]
        assert named == [], (module, named)


def test_rikiki_takes_the_familys_kinds_and_checks():
    for name in ("KINDS", "verify", "DRAWN", "QUIET_KINDS", "verify_take_back"):
        assert not hasattr(rikiki, name), name  # nothing of the family's copied into its package
    assert RIKIKI.KINDS == tuple(VERIFIERS) == TricksRules.KINDS
    assert RIKIKI.verify is TricksRules.verify and RIKIKI.DRAWN is TricksRules.DRAWN
    assert RIKIKI.verify_take_back is family_deck.verify_take_back


def test_wizard_dispatches_the_familys_kinds_to_the_familys_checks():
    for kind, check in VERIFIERS.items():
        assert wizard._VERIFIERS[kind] is check, kind
    assert set(WIZARD.KINDS) - set(VERIFIERS) == {"cloud"}  # W-J3: its own choice
