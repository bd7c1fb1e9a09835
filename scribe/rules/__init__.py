"""Pure game rules, one module per game; ``GAMES`` is how the rest of the app finds them.

A rules module provides: ``make_setup(...)``, ``Setup.from_dict``, ``replay(setup, log)``
returning a sheet with ``version``, ``finished`` and ``phase``, ``verify(sheet, kind, data)``
and ``KINDS`` (the entry kinds it records), and ``summary(sheet)`` for the games list.
"""

from . import wizard, zibi

GAMES = {"wizard": wizard, "zibi": zibi}
