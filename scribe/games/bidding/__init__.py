"""The bids-and-tricks family (Wizard, Rikiki, Skull King): its engine, written once, that a
game runs by giving a small definition (``definition``: its setup's points, restriction,
pack, trump and trick rules). The sheet and its incremental ``advance`` (``sheet``), the
verified actions (``actions``, ``inputs``), hidden and secret bids sealed for good
(``reveal``, ``sealing``, ``shown``), the virtual deck (``deck``, ``dealt``, ``play``), the
seating (``setup``, ``schedule``), the ``GameRules`` answers (``game``, ``rules``), the
story, the web body (``web``: the game passes its words in) and whom the Scribe's phone is
passed to (``passing``). Not a game: the registry does not list it, and it names no game.
Pure: no Flask, no SQL."""
