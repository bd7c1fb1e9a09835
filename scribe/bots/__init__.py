"""Bots that hold a seat of a real game (issue 37): one ``decide(view, seat, level, seed)``
per game, in ``bots/<game>.py``, each reading only its seat's own view of the sheet.
Pure: no Flask, no SQL."""
