"""What the bids-and-tricks family (Wizard, Skull King) shares, once: passing the
Scribe's phone round for bids entered seat by seat (``passing``) and the deal's schedule
(``schedule``: who deals, who leads). Not a game: the registry does not list it. Pure:
no Flask, no SQL."""
