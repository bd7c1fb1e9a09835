"""What the bids-and-tricks family (Wizard, Skull King) shares, once: who deals and who
bids first (``schedule``), what the whole table has seen, for good (``shown``), what a
viewer may not see yet (``sealing``), and whom the Scribe's phone is passed to for bids
entered seat by seat (``passing``). Not a game: the registry does not list it, and it
names no game. Pure: no Flask, no SQL."""
