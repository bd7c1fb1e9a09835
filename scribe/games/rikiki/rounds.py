"""How many cards each round deals (R-M2, R-R1): the family's schedules up to the most a
standard pack deals (``bidding.setup``), by the names Rikiki's tables pick. Pure."""

from ..bidding.setup import SCHEDULES, most_cards, schedule  # noqa: F401  (Rikiki's, its tests import them)
