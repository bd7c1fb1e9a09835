"""The whole table: the Scribe's, watch and player links, what each viewer may see, and
bids entered from several phones at once. Possession of a link is the permission; no
accounts, and a game's id opens nothing.

- the Scribe's link (a token like the others): edit everything, but no sealed bid;
- a watch link shows the sheet, read-only;
- a player link shows that player's view and takes that player's own bid (W-B7); the
  first phone to open it claims the seat, and from then on only that phone may (a phone
  that never got the answer to its claim is not locked out: ``links.claim``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import cached_property
from hashlib import sha256
from typing import Any, NamedTuple

from . import bot_turns, service
from .games import rules_of
from .rules.errors import N_, RuleError
from .rules.log import CHANGE, Entry
from .store import AlreadyMade, StaleError, links
from .store.games import Database
from .store.links import NO_SEAT, PLAYER, SCRIBE, WATCH, Link

RETRIES = 50  # a bid retried against the fresh sheet; 6 phones at once need a handful


@dataclass(frozen=True)
class Shown:
    """A link opened: which game, who is looking (seat or None), what they may see."""

    link: Link
    game: Any
    sheet: Any  # already redacted for the viewer
    full: Any  # the whole sheet: never to be rendered, only to verify against
    full_log: tuple[Entry, ...] = field(repr=False, default=())  # likewise: only ``log`` is shown
    robot: str | None = None  # the level of the robot holding the link's seat: the view is a watcher's

    @property
    def viewer(self) -> int | None:
        """Whose view this is: the link's seat, or None (a watcher's) while a robot holds it."""
        return None if self.robot is not None else self.link.seat

    @cached_property
    def log(self) -> list[Entry]:
        """The log redacted for the viewer, made when first read: a tap that answers only
        the sheet never pays for a long game's whole history."""
        return viewer_log(self.full, list(self.full_log), self.viewer, self.link.horizon, self.link.entered)


class LinkGone(Exception):
    """The link worked once, and the Scribe revoked it or gave its seat a new one."""

    def __init__(self, link: Link):
        super().__init__(link.kind)
        self.link = link


class SeatTaken(Exception):
    """A player link already claimed by another phone (``released``: the Scribe freed it
    from this very phone, which may take it again only by asking; ``moved``: its link's
    holder moved it from this very phone to another; ``wait``: the claim waits that many
    seconds more for its phone, which may have lost its answer)."""

    def __init__(self, link: Link, name: str, released: bool = False, wait: int = 0, moved: bool = False):
        super().__init__(name)
        self.link, self.name, self.released, self.wait, self.moved = link, name, released, wait, moved


def device_hash(device: str) -> str:
    """What is stored of a phone's device key (from its signed cookie): only a hash."""
    return sha256(b"scribe-device:" + device.encode()).hexdigest()


def viewer_sheet(sheet: Any, viewer: int | None = None, log: Any = (), horizon: int = 0, entered: int = 0) -> Any:
    """The sheet as ``viewer`` may see it, as its game says (Wizard: W-B7 sealed bids,
    dealt hands). ``horizon``: the viewer's link came after that entry; ``entered``: its
    phone claimed the seat after that one (``Link.entered``)."""
    return rules_of(sheet).view(sheet, log, viewer, horizon, entered)


def viewer_log(sheet: Any, log: list[Entry], viewer: int | None = None, horizon: int = 0,
               entered: int = 0) -> list[Entry]:
    """The log as ``viewer`` may read it, judged against the whole ``sheet``."""
    return rules_of(sheet).view_log(sheet, log, viewer, horizon, entered)


def robot_at(full: Any, seat: int | None) -> str | None:
    """The level of the robot holding ``seat`` (issue 37), or None: a person's seat."""
    held = getattr(full, "robots", None) or {}
    return None if seat is None or seat not in held else held[seat]["level"]


def _shown(link: Link, game: Any, full: Any, log: Any) -> Shown:
    """A link's view, made here once for every output path (page, fragment, stream, JSON):
    while a robot holds the link's seat, its holder sees what a watcher sees (no hand, no
    sealed bid: a robot's cards are nobody's)."""
    robot = robot_at(full, link.seat)
    viewer = None if robot is not None else link.seat
    return Shown(link, game, viewer_sheet(full, viewer, log, link.horizon, link.entered), full, tuple(log), robot)


class Made(NamedTuple):
    """A game a create answers: its id, its Scribe's token, and whether this very call
    made it (False: the same create came before, a double tap or a retry)."""

    game_id: str
    key: str
    new: bool


def new_game(db: Database, key: str, kind: str, name: Any, lang: str, made_from: str | None = None,
             made_with: str | None = None, **options: Any) -> Made:
    """Create a game and its Scribe's link, in one transaction.

    With ``made_from`` (see store m008) a create that came before answers the game it
    made, its Scribe's link derived again: issuing a new one would cut off the phone
    that got the first answer. ``made_with`` differing from the first request's: refused.
    """
    salt = links.fresh_salt(key)
    try:
        game_id = service.create(db, kind, name, lang, made_from=made_from, made_with=made_with,
                                 also=lambda conn, gid: links.add_first_in(conn, key, salt, gid), **options)
    except AlreadyMade as made:
        if made.made_with != made_with:
            raise RuleError(N_("This Idempotency-Key already made another game: send a new key for a new game."),
                            field="Idempotency-Key") from None
        token = links.token_of(key, links.live_scribe(db, made.game_id))
        if token is None:  # no game is made without a salted Scribe's link: never here
            raise service.NotFound(made.game_id) from None
        return Made(made.game_id, token, False)
    return Made(game_id, links.make_token(key, salt), True)


def rematch(db: Database, key: str, shown: Shown) -> Made:
    """The next game at the same table, made as a new game is (the same checks): the same
    players in the same seats, rules, edition and language, the deal one seat on as the
    game says. Refused while the game is not over. One per game: Play again tapped twice,
    or on two phones, opens the same next game."""
    rules = rules_of(shown.full)
    if not rules.ended(shown.full):
        raise RuleError(N_("This game is not over yet: finish it before starting the next one."), field="game")
    # the robots keep their seats (issue 37): the same table, the same empty chairs
    robots = {seat: held["level"] for seat, held in (getattr(shown.full, "robots", None) or {}).items()}
    made = new_game(db, key, shown.game.game, None, shown.game.lang, made_from=links.REMATCH + shown.game.id,
                    **rules.rematch(shown.full.setup), **({"robots": robots} if robots else {}))
    if made.new:  # the old game's screens (phones, TV) ask again now: they move to this one
        links.touch(db, shown.game.id)
    return made


def next_game(db: Database, game_id: str) -> str | None:
    """The id of the game Play again made after ``game_id``; None until then."""
    return links.next_game(db, game_id)


def next_link(db: Database, key: str, shown: Shown, next_id: str) -> str | None:
    """The token of the link that ``shown``'s holder follows to in the game after this one
    (``next_id``, its rematch): the TV's watch link there, a seat's link for the same
    player there (found by name: a seat keeps its player), made on first need and held
    for the phone that holds the old seat, so nobody else's scan takes it first. None
    when there is none for them: a player not in the next game, a link the Scribe
    revoked there, or the Scribe's link (the Scribe's own phone opens the next game
    when it taps Play again; another phone gets no edit rights by following).
    Only a holder of the old link gets here: what it opens is never more than it had."""
    link = shown.link
    if link.kind == WATCH:
        return links.token_of(key, links.ensure(db, key, next_id, WATCH))
    if link.kind != PLAYER or link.seat is None:
        return None
    name = shown.full.setup.players[link.seat]
    players = list(service.load(db, next_id)[1].setup.players)
    if name not in players:
        return None
    seat = links.ensure(db, key, next_id, PLAYER, players.index(name))
    if seat is not None and link.claim_hash is not None and seat.claim_hash is None:
        links.claim(db, seat, link.claim_hash, held=not link.claim_pending)
    return links.token_of(key, seat)


def scribe_token(db: Database, key: str, game_id: str) -> str:
    """A new Scribe's link for a game (the old one, if any, stops working at once)."""
    token = links.token_of(key, links.issue(db, key, game_id, SCRIBE))
    assert token is not None
    return token


def game_id_of(db: Database, given: str) -> str:
    """The game a command line names: the Scribe's link or key, or the game's own id (a
    command runs on the server, beside the database: the id is enough there)."""
    token = given.rstrip("/").rsplit("/", 1)[-1]
    found = links.find(db, token)
    if found is not None and found[0].kind == SCRIBE:
        return found[0].game_id
    return token


def table_links(db: Database, key: str, game_id: str, seats: int) -> dict[str, Any]:
    """The live watch link and one player link per seat, made on first need; tokens in
    clear, None where the Scribe revoked a link and issued none since; which seats a
    phone has claimed."""
    watch = links.ensure(db, key, game_id, WATCH)
    players = [links.ensure(db, key, game_id, PLAYER, p) for p in range(seats)]
    return {"watch": links.token_of(key, watch), "players": [links.token_of(key, l) for l in players],
            "claimed": [l is not None and l.claimed for l in players]}


def _which(raw: Any, n: int) -> tuple[str, int]:
    if raw == "watch":
        return WATCH, NO_SEAT
    if isinstance(raw, str) and raw.isdecimal() and len(raw) < 3 and int(raw) < n:
        return PLAYER, int(raw)
    raise RuleError(N_("There is no such link."), field="link")


def reissue(db: Database, key: str, shown: Shown, which: Any) -> str | None:
    """A new link in place of the old one, which stops working at once; returns the
    Scribe's new token when it was the Scribe's link (the game keeps its id and its
    log: only the address changes), else None."""
    if which == "scribe":
        return service.keyed_write(db, shown.game.id, lambda: scribe_token(db, key, shown.game.id))
    kind, seat = _which(which, shown.full.setup.n)
    service.keyed_write(db, shown.game.id, lambda: links.issue(db, key, shown.game.id, kind, seat))
    return None


def revoke(db: Database, shown: Shown, which: Any) -> None:
    """The link stops working at once; the Scribe may issue a new one later."""
    kind, seat = _which(which, shown.full.setup.n)
    service.keyed_write(db, shown.game.id, lambda: links.revoke(db, shown.game.id, kind, seat))


def release(db: Database, shown: Shown, which: Any) -> None:
    """Free a claimed seat from the phone holding it; the link itself stays the same."""
    kind, seat = _which(which, shown.full.setup.n)
    if kind != PLAYER:
        raise RuleError(N_("Only a player's link can be claimed and released."), field="link")
    service.keyed_write(db, shown.game.id, lambda: links.release(db, shown.game.id, seat))


def _found(db: Database, token: Any, kind: str, deleted_ok: bool = False, find: Any = links.find) -> tuple[Link, Any]:
    """The live link of ``kind`` and what ``find`` reads with it (its game's version, or
    its game's row: ``links.find_with_game``); LinkGone or NotFound otherwise."""
    found = find(db, token, deleted_ok=deleted_ok)
    if found is None or found[0].kind != kind:
        gone = links.was_revoked(db, token) if found is None else None
        if gone is not None and gone.kind == kind:
            raise LinkGone(gone)
        raise service.NotFound(kind)
    return found


def _check_claim(db: Database, link: Link, device: str | None, name: str, again: bool = False,
                 held: bool = True, robot: Any = False) -> Link:
    """A player link answers only the phone that claimed it (the first to open it): the
    link as that phone holds it (claimed just now, it knows since when). ``held``: the
    phone brought ``device`` with this request (False: made for this answer, which may be
    lost; ``links.claim``). ``robot``: a robot holds the seat, so opening its link claims
    nothing (the Scribe gives the seat back to whoever then opens it)."""
    if link.kind != PLAYER or robot:
        return link
    mine = links.claim(db, link, device_hash(device), again, held) if device is not None else None
    if mine is None:
        was_mine = device is not None and link.released_hash == device_hash(device)
        raise SeatTaken(link, name, was_mine and link.claim_hash is None, links.waiting(link),
                        was_mine and link.claim_hash is not None)
    return mine


def move_seat(db: Database, token: Any, device: str, held: bool = True) -> None:
    """The seat moves to this phone from the one holding it, asked for by the holder of its
    link (the link is the permission: ``links.move``); SeatTaken while a claim still waits
    for its phone, LinkGone or NotFound for a link that opens nothing."""
    link, _version = _found(db, token, PLAYER)
    if _robot_held(db, link):  # nobody's to move while a robot plays it: the link opens as a watcher's
        return
    if links.move(db, link, device_hash(device), held) is None:
        raise SeatTaken(link, "", wait=max(links.waiting(link), 1))


def open_link(db: Database, token: Any, kind: str, device: str | None = None, deleted_ok: bool = False,
              claim_again: bool = False, held: bool = True) -> Shown:
    """The game behind a link, redacted for its holder, once, here: every page, fragment,
    JSON answer, history and PDF made from it has nothing its holder may not see.

    NotFound for a wrong or other-kind token or a deleted game; LinkGone for a revoked
    one; SeatTaken for a player link another phone holds (``device``: this phone's key;
    ``held``: it came with the request, see ``_check_claim``).
    """
    link, row = _found(db, token, kind, deleted_ok, links.find_with_game)
    game, full, log = service.load(db, link.game_id, deleted_ok=deleted_ok, game=row)
    viewer = link.seat
    if viewer is not None and viewer >= full.setup.n:
        raise service.NotFound(kind)
    if viewer is not None:
        link = _check_claim(db, link, device, full.setup.players[viewer], claim_again, held, robot_at(full, viewer))
    _robots_on(lambda: bot_turns.kick(db, game.id, full))
    return _shown(link, game, full, log)


def _robots_on(kick: Any) -> None:
    """A read of a game starts its robots again if they have a move and nothing is making
    it (issue 37: a thread lost, a process restarted); a read never fails for it."""
    try:
        kick()
    except Exception:  # the page is answered whatever the robots do
        logging.getLogger("scribe").exception("robots not started again")


def after(db: Database, shown: Shown, sheet: Any) -> Shown:
    """What ``shown``'s holder sees once their act made ``sheet``: from the replay the act
    just cached, so a tap reads its game once (the log again only on a cache miss)."""
    hit = service.replayed_at(db, shown.game.id, sheet.version)
    log = hit.log if hit is not None else tuple(service.load(db, shown.game.id)[2])
    return _shown(shown.link, shown.game, sheet, log)


def as_at(shown: Shown, version: int) -> Shown:
    """What ``shown``'s holder saw when the game stood at ``version`` (a tap sent again
    with its Idempotency-Key is answered as its first try was: the sheet its entry made)."""
    log = list(shown.full_log[:max(version, 0)])
    full = rules_of(shown.full).replay(shown.full.setup, log)
    return _shown(shown.link, shown.game, full, log)


def link_version(db: Database, token: Any, kind: str, device: str | None = None, held: bool = True) -> int:
    """Only the version behind a link: the one indexed SELECT an idle viewer's poll costs
    (a claimed seat still answers only its phone)."""
    return link_state(db, token, kind, device, held)[1]


def link_state(db: Database, token: Any, kind: str, device: str | None = None,
               held: bool = True) -> tuple[str, int]:
    """The game behind a link and its version (a stream follows that game), with the same
    checks as ``link_version``."""
    link, version = _found(db, token, kind)
    _check_claim(db, link, device, "", held=held, robot=_robot_held(db, link))
    _robots_on(lambda: bot_turns.poll_kick(db, link.game_id, version))
    return link.game_id, version


def link_following(db: Database, token: Any, kind: str, device: str | None = None,
                   held: bool = True) -> tuple[str, int, str | None]:
    """``link_state``, and the id of the game's rematch if Play again was tapped (None
    until then): the same one indexed SELECT."""
    link, (version, next_id) = _found(db, token, kind, find=links.find_following)
    _check_claim(db, link, device, "", held=held, robot=_robot_held(db, link))
    _robots_on(lambda: bot_turns.poll_kick(db, link.game_id, version))
    return link.game_id, version, next_id


def _robot_held(db: Database, link: Link) -> bool:
    """Whether a robot holds the seat of a link nobody claimed (a poll would claim it): the
    game read only then, since a claimed seat is never handed to a robot (the links page
    asks to release it first) and an idle poll stays one indexed SELECT."""
    if link.kind != PLAYER or link.claim_hash is not None:
        return False
    return robot_at(service.load(db, link.game_id)[1], link.seat) is not None


def claimed_seats(db: Database, game_id: str, device: str | None = None) -> frozenset[int]:
    """The seats another phone than ``device`` has claimed: the Scribe's phone no longer
    enters their sealed bids (a seat this very phone holds, it could open anyway)."""
    mine = device_hash(device) if device is not None else None
    return frozenset(l.player for l in links.live(db, game_id)
                     if l.kind == PLAYER and l.claimed and l.claim_hash != mine)


def playing_on_phones(db: Database, game_id: str, device: str | None = None) -> frozenset[int]:
    """The claimed seats (``claimed_seats``) whose phone holds their cards this round: the
    Scribe's phone plays for every other seat, passed round. A seat whose hand was dealt
    before its link was made is one of those: its phone may not see that hand (W-R4), so
    its player plays it on the Scribe's phone instead of the round waiting for good."""
    claimed = claimed_seats(db, game_id, device)
    if not claimed:
        return claimed
    _game, full, log = service.load(db, game_id)  # the replay this request already made
    live = {l.player: l for l in links.live(db, game_id) if l.kind == PLAYER}
    return frozenset(p for p in claimed if not _hand_hidden(full, log, live[p]))


def _hand_hidden(full: Any, log: list[Entry], link: Link) -> bool:
    return rules_of(full).hand_hidden(full, log, link.seat, link.horizon, link.entered)


def scribe_seat(db: Database, key: str, game_id: str, device: str | None, seat: int) -> str | None:
    """The token of ``seat``'s link if this very browser holds that seat (the Scribe who
    also plays said they are that player, ``sit``), else None."""
    if device is None:
        return None
    mine = device_hash(device)
    for link in links.live(db, game_id):
        if link.kind == PLAYER and link.player == seat and link.claim_hash is not None and link.claim_hash == mine:
            return links.token_of(key, link)
    return None


def sit(db: Database, key: str, shown: Shown, which: Any, device: str, held: bool = True) -> int:
    """The Scribe who also plays takes their own seat on this browser, once for the game:
    its link is claimed here as a player's phone claims it (``links.claim``), so their page
    shows that seat's own view (their hand, their bid buttons) and no other phone takes it.
    Refused for a seat another phone holds."""
    kind, seat = _which(which, shown.full.setup.n) if which != "watch" else (WATCH, NO_SEAT)
    if kind != PLAYER:
        raise RuleError(N_("Choose the player you are."), field="seat")
    name = shown.full.setup.players[seat]
    if robot_at(shown.full, seat) is not None:  # issue 37: a robot's cards are nobody's, the Scribe's neither
        raise RuleError(N_("%(name)s is a robot: it plays by itself."), field="seat", name=name)

    def take() -> None:
        link = links.ensure(db, key, shown.game.id, PLAYER, seat)
        if link is None:
            raise RuleError(N_("%(name)s's link was stopped: make a new one on the links page first."),
                            field="seat", name=name)
        if links.claim(db, link, device_hash(device), again=True, held=held) is None:
            raise RuleError(N_("%(name)s holds their seat on their own phone."), field="seat", name=name)

    service.keyed_write(db, shown.game.id, take)
    return seat


def verify_scribe_may_bid(db: Database, shown: Shown, player: Any, device: str | None = None) -> None:
    """In hidden and secret modes a seat claimed on another phone bids on that phone only
    (W-B7): the Scribe's phone, passed round or not, cannot enter (or learn) it."""
    full = shown.full
    if not rules_of(full).seats_bid_alone(full):
        return
    if isinstance(player, str) and player.isdecimal() and len(player) < 3:
        player = int(player)
    if isinstance(player, int) and not isinstance(player, bool) and player in claimed_seats(db, shown.game.id, device):
        raise RuleError(N_("%(name)s holds their seat on their own phone: they enter their bid there."),
                        field="bid", name=full.setup.players[player])


def enter_bid(db: Database, game_id: str, player: Any, round_no: Any, bid: Any, version: Any = None) -> Any:
    """One player's bid, verified against the fresh sheet each time it is tried.

    Hidden and secret bids come from several phones in any order (W-B7): another
    player's bid landing first is no reason to refuse this one (so ``version`` is not
    held against it). The append is conditional on the version verified against
    (primary key on (game, seq)), so losing the race only means verifying again; a real
    conflict (the same player twice, the round over) is then refused by the rules.
    Returns the whole new sheet.
    """
    return _seat_act(db, game_id, "bid", {"round": round_no, "player": player, "bid": bid})


def change_bid(db: Database, game_id: str, player: Any, round_no: Any, bid: Any, version: Any = None) -> Any:
    """One player's sealed bid changed before the last bid is in (W-B7, K-B1): recorded in
    the first one's place (rules/log.py), refused once the last is in; as ``enter_bid``,
    another seat's bid landing first is no reason to refuse it."""
    return _seat_act(db, game_id, "bid", {"round": round_no, "player": player, "bid": bid, CHANGE: True})


def _seat_act(db: Database, game_id: str, kind: str, data: dict[str, Any], version: Any = None) -> Any:
    """A seat's tap, retried against the fresh sheet when another write got in first; with
    the ``version`` its page showed, anything recorded since is a StaleError instead."""
    if version not in (None, ""):
        return service.act(db, game_id, kind, data, version)
    for _ in range(RETRIES):
        try:
            return service.act(db, game_id, kind, data, None)
        except StaleError:
            continue
    raise StaleError(service.load(db, game_id)[1].version)


def name_trump(db: Database, game_id: str, player: Any, round_no: Any, suit: Any, version: Any = None) -> Any:
    """The seat whose turn it is names the trump suit on its own phone (W-R3: the dealer,
    a Wizard turned; W-J5: the Werewolf's holder). Only that seat: anyone else's tap is
    refused, as is one made once the suit is named (the append is conditional on the
    version verified against)."""
    full = service.load(db, game_id)[1]
    namer = rules_of(full).names_trump(full)
    if namer is None:
        raise RuleError(N_("There is no trump suit to name now."), field="suit")
    if namer[0] != player:
        raise RuleError(N_("%(name)s names the trump suit, on their phone or the Scribe's."), field="suit",
                        name=full.setup.players[namer[0]])
    return _seat_act(db, game_id, "trump", {"round": round_no, "card": namer[1], "suit": suit},
                     version if version not in (None, "") else full.version)


def mark_played(db: Database, game_id: str, player: Any, round_no: Any, card: Any, version: Any = None) -> Any:
    """Virtual deck: a player plays one card of their own hand to the trick; the rules
    check the turn and the card (W-P1..W-P6) against the sheet the append is conditional
    on, so two phones tapping for one turn never both play."""
    return _seat_act(db, game_id, "played", {"round": round_no, "player": player, "card": card}, version)


def call(db: Database, game_id: str, player: Any, round_no: Any, said: Any, version: Any = None) -> Any:
    """A seat says its call aloud and taps it on its own phone (take or pass, a bid, a
    coinche: the game's ``call`` fields, ``said``); the rules check whose turn it is
    against the sheet the append is conditional on, so two taps for one turn never both count."""
    fields = dict(said) if isinstance(said, dict) else {"call": said}
    return _seat_act(db, game_id, "call", {**fields, "round": round_no, "player": player}, version)


def take_back_card(db: Database, game_id: str, player: Any, round_no: Any, card: Any = None, version: Any = None) -> Any:
    """Virtual deck: a player takes back the card they played last, until the next one."""
    return _seat_act(db, game_id, "take_back", {"round": round_no, "player": player}, version)


def verify_scribe_may_play(db: Database, shown: Shown, player: Any, device: str | None = None,
                           speaks: bool = False) -> None:
    """The Scribe plays (or takes back, or ``speaks``: says a call) for a seat whose player
    has no phone: never for a seat claimed on another phone, whose player does it there."""
    if isinstance(player, str) and player.isdecimal() and len(player) < 3:
        player = int(player)
    if isinstance(player, int) and not isinstance(player, bool) and player in playing_on_phones(db, shown.game.id, device):
        if speaks:
            raise RuleError(N_("%(name)s holds their seat on their own phone: they speak there."),
                            field="call", name=shown.full.setup.players[player])
        raise RuleError(N_("%(name)s holds their seat on their own phone: they play their cards there."),
                        field="card", name=shown.full.setup.players[player])


def own_hands(sheet: Any, seat: int) -> dict[str, Any]:
    """A player's own cards, from their own (redacted) sheet, as the game deals them."""
    return rules_of(sheet).own_cards(sheet, seat)


def record_for_scribe(db: Database, shown: Shown, kind: str, data: dict[str, Any], version: Any,
                      device: str | None) -> Any:
    """One write path for the Scribe's taps, page and API alike: a sealed bid entered for a
    named seat (W-B7), a seat's own tap made for a seat with no phone, or any other action."""
    if bid_by_scribe_is_sealed(shown.full, kind):  # verified fresh, not refused as stale
        verify_scribe_may_bid(db, shown, data.get("player"), device)
        return enter_bid(db, shown.game.id, data.get("player"), data.get("round"), data.get("bid"))
    if kind == "call":  # said on the seat's own phone, where it has one
        verify_scribe_may_play(db, shown, data.get("player"), device, speaks=True)
    elif kind in rules_of(shown.full).SEAT_KINDS:
        verify_scribe_may_play(db, shown, data.get("player"), device)
    return service.act(db, shown.game.id, kind, data, version, game=shown.game)


def bid_by_scribe_is_sealed(sheet: Any, kind: str) -> bool:
    """A bid tapped on the Scribe's phone for a named player where each seat bids alone
    (hidden and secret, W-B7): entered like a player's own (fresh verification), not
    refused for another's bid."""
    return kind == "bid" and rules_of(sheet).seats_bid_alone(sheet)
