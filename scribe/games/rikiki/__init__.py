"""Rikiki / Oh Hell / Boerenbridge (R-*): the exact-bid game of Wizard's family without
Wizards or Jesters, a small definition over the bids-and-tricks family
(``scribe/games/bidding``): its schedule (``rounds``), its hook (``hook``), its scorings
(``scoring``) and its setup; the sheet, bids, tricks, reveal, corrections and the virtual
deck's entries (with a standard pack, R-M1, R-T1) are the family's, kinds and checks alike
(``bidding.game.VERIFIERS``)."""
