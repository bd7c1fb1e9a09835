"""The twin differential (issue 18): two games alike but for one sealed value, played the
same way, must read the same to everyone who may not know that value yet.

The sealed value is a seat's hidden or secret bid (W-B7), or a seat's hand dealt by the
virtual deck (one card swapped for one left in the deck). The same entries and link
changes are applied to both games (bids on a seat's own phone or on the Scribe's passed
phone, typed tricks, trump, cards played and taken back, undo, redo, corrections, claims,
releases, new links), handwritten sequences and Hypothesis's. After each of them, every
output each viewer can open (the Scribe's page and its fragment, poll and stream, /pass/N, links,
history, settings, every correction page, what scribe export writes, the JSON API (its writes answered whole and, asked
with Prefer: return=minimal, with only the rounds changed: tests/web/table_driver.py), the CSV
exports, the games list and the statistics, the printed sheet's text; the TV's watch page, fragment, stream and JSON;
each seat's page, fragment, stream and JSON on the phone holding it; the phones refused) is compared
byte for byte, tokens, ids and times masked, for every viewer who may not know the value; and
what a held stream is sent in parts (issue 35: the change from that viewer's fragment at the
step before, cut by scribe/push/parts.py as the hub cuts it) alike too.

Who may know it is written here from the rules, not from the code (``Oracle``): once the
value has been revealed to the table at any point (hidden: the round's last bid was in;
secret: its tricks were in; a hand: its round scored, or the card played), everyone, for
good (undoing the entry that revealed it seals nothing again), unless the bid was
withdrawn before that reveal (taken back by an undo and bid again: issue 31), which then
nobody but its bidder ever learns, before the reveal or after it; before that, the phone that
entered the bid (through its seat's link, or the Scribe's phone passed to the seat, which
then passes for that seat), the last bidder once every other bid is in when a rule set
may forbid them one bid (the forbidden value tells the sum), and for a hand, the Scribe's
phone passed to its seat and a phone holding the seat's link unless the seat was released
or given a new link after the deal. Nobody else: not the Scribe's page, not the TV, not a
phone that takes the seat's link after a bid entered on the Scribe's phone.
"""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pypdf
import pytest
from conftest import app_config
from hypothesis import HealthCheck, Phase, given, settings, strategies as st
from table_driver import Table
from web_helpers import HX

from scribe import create_app, record, service
from scribe.games import skull_king, wizard
from scribe.games.skull_king.cards import deck as skull_king_deck
from scribe.push import parts
from scribe.rules.cards import FULL_DECK
from scribe.web.db import get_db

SCRIBE = ("scribe",)
TV = ("tv",)


# --------------------------------------------------------------------------- what is compared


TIMES = re.compile(
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"  # ISO, JSON and CSV
    r"|\d{1,2}/\d{1,2}/\d{2,4},?\s\d{1,2}:\d\d(\s?[AP]M)?"  # a short date and time on a page
    r"|\b\d{1,2} \w+ \d{4}\b|\b[A-Z][a-z]+ \d{1,2}, \d{4}\b")  # a long date on the printed sheet
QR = re.compile(r"data:image/svg\+xml[^\"']*")  # QR codes: they encode the links
TAP_KEYS = re.compile(r'(name="idempotency_key" value=")[^"]*')  # a plain form's key, new each time shown


def masked(t: Table, body: str) -> str:
    for secret, name in sorted(t.masks, key=lambda m: -len(m[0])):
        body = body.replace(secret, name)
    return TIMES.sub("<time>", QR.sub("<qr>", TAP_KEYS.sub(r"\1<tap>", body)))


def answer(t: Table, resp) -> tuple:
    """An answer as compared: status, where it leads, and its body (a PDF by its text)."""
    if resp.mimetype == "application/pdf":
        body = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(resp.data)).pages)
    else:
        body = resp.get_data(as_text=True)
    return resp.status_code, masked(t, resp.headers.get("Location", "")), masked(t, body)


def exported(t: Table) -> tuple:
    """What ``scribe export`` writes of the game (its record), or its refusal."""
    with t.app.app_context():
        try:
            return 0, "", masked(t, json.dumps(record.export_record(get_db(), t.id), ensure_ascii=False, indent=1))
        except record.SealedError as refused:
            return 1, "", refused.message


def scribe_paths(t: Table, pdf: bool) -> list[tuple[str, dict]]:
    k = t.key
    rounds = len(t.sheet()["rounds"])
    paths = [f"/games/{k}", f"/games/{k}/history", f"/games/{k}/links", f"/games/{k}/settings",
             *(f"/games/{k}/rounds/{r}" for r in range(1, rounds + 2)), f"/api/games/{k}",
             f"/api/games/{k}/sheet", f"/api/games/{k}/history", f"/api/games/{k}/links", "/", "/api/games",
             "/export/games.csv", "/export/rounds.csv", "/export/entries.csv", "/stats", "/api/stats", "/players",
             "/api/players"]
    out = [(p, {}) for p in paths] + [(f"/games/{k}", HX), (f"/games/{k}/poll?v=0", HX), (f"/games/{k}/events?v=0", {})]
    return out + ([(f"/games/{k}/sheet.pdf", {})] if pdf else [])


def views(t: Table, labels: dict[int, str], pdf: bool) -> dict[tuple, list[tuple[Any, str, dict]]]:
    """viewer -> [(client, path, headers)]: everything each viewer of ``t`` can open now."""
    out: dict[tuple, list] = {SCRIBE: [(t.scribe, p, h) for p, h in scribe_paths(t, pdf)]}
    for n in range(t.n):  # the Scribe's phone passed to a seat
        out[("pass", n)] = [(t.scribe, f"/games/{t.key}/pass/{n}", {}), (t.scribe, f"/games/{t.key}/pass/{n}", HX)]
    if t.watch:
        out[TV] = [(t.tv, f"/w/{t.watch}", {}), (t.tv, f"/w/{t.watch}/sheet?v=0", HX), (t.tv, f"/api/watch/{t.watch}", {}),
                   (t.tv, f"/w/{t.watch}/events", {"Last-Event-ID": "0"})]
    for seat, client in t.holders.items():
        tok = t.tokens[seat]
        out[("seat", seat, labels[id(client)])] = [(client, f"/p/{tok}", {}), (client, f"/p/{tok}/view?v=0", HX),
                                                   (client, f"/api/player/{tok}", {}), (client, f"/p/{tok}/events?v=0", {})]
    for i, (client, path) in enumerate(t.gone):
        out[("refused", i, labels.get(id(client), "a phone"))] = [(client, path, {})]
    return out


# --------------------------------------------------------------------------- who may know


@dataclass
class Secret:
    """The sealed value the twins differ in: ``bid`` (seat's bids (a, b) in round) or
    ``hand`` (seat's hand in round: one card swapped in the second twin). ``once``: only
    the seat's first bid of the round differs; bid again (after an undo) it is alike in
    both, so a withdrawn bid is the only difference, before and after the reveal."""

    kind: str
    seat: int
    round: int
    bids: tuple[int, int] = (0, 1)
    once: bool = False


@dataclass
class Oracle:
    """Who may know the sealed value, from the rules (see the module's docstring)."""

    secret: Secret
    reveal: str
    restricted: bool
    revealed: bool = False
    knowers: set = field(default_factory=set)
    last: int | None = None  # the round's last bidder, once every other bid is in (a restriction binds it)
    dealt: bool = False
    sealed_from_new: bool = False  # the hand's seat was released or re-linked after the deal
    entry: int | None = None  # ``once``: the seq of the differing bid, withdrawn if undone at the reveal

    @property
    def exists(self) -> bool:
        """Whether the twins differ yet: the bid entered (even if undone since: it stays in
        the record), the hand dealt. Before, they are one game twice: nothing to compare."""
        return self.dealt or any(k[0] in ("seat", "pass") for k in self.knowers)

    def knows(self, viewer: tuple) -> bool:
        if self.revealed or viewer in self.knowers:
            return True
        if viewer[0] in ("seat", "pass") and viewer[1] == self.last:
            return True
        if self.secret.kind == "hand" and viewer == ("pass", self.secret.seat):
            return True  # the Scribe's phone in that seat's hands shows it its hand
        return viewer[0] == "refused" and ("seat", self.secret.seat, viewer[2]) in self.knowers

    def after(self, sheet: dict, undone: frozenset = frozenset()) -> None:
        """What the table was shown at this step (the Scribe's public sheet; ``undone``:
        the seqs its history strikes through). A bid taken back when its round is revealed
        was never shown: the table saw the one bid in its place."""
        if len(sheet["rounds"]) < self.secret.round:
            return
        row = sheet["rounds"][self.secret.round - 1]
        bids_in = [b is not None or s for b, s in zip(row["bids"], row["sealed"])]
        if self.secret.kind == "bid":
            if ((self.reveal == "hidden" and all(bids_in)) or row["complete"]) and self.entry not in undone:
                self.revealed = True
            last = row["order"][-1]
            if self.restricted and last != self.secret.seat and all(bids_in[p] for p in row["order"][:-1]):
                self.last = last
        elif row["complete"]:
            self.revealed = True

    def entered(self, actor: tuple) -> None:
        self.knowers.add(actor)

    def claimed(self, seat: int, label: str) -> None:
        if self.secret.kind == "hand" and seat == self.secret.seat and self.dealt and not self.sealed_from_new:
            self.knowers.add(("seat", seat, label))

    def unlinked(self, seat: int) -> None:
        if self.secret.kind == "hand" and seat == self.secret.seat and self.dealt:
            self.sealed_from_new = True


# --------------------------------------------------------------------------- the twins


class Diverged(Exception):
    """A tap by someone who knows the value went differently in the twins (a bid the rules
    refuse in one only): from here the games are no longer alike, nothing more to compare."""


class Twins:
    """Two tables built and played alike; after each step, everything compared."""

    def __init__(self, app, body: dict, secret: Secret, printed: bool = True):
        self.secret = secret
        self.printed = printed  # the printed sheet after every entry (else at the end only)
        self.pair = [Table(app, body), Table(app, body)]
        rules = self.pair[0].rules
        self.oracle = Oracle(secret, self.pair[0].reveal,
                             body.get("preset", "standard") != "standard" or rules.get("last_bid", "free") != "free")
        self.labels: list[dict[int, str]] = [{id(t.scribe): "scribe", id(t.tv): "tv"} for t in self.pair]
        self.phones = 0
        self.steps: list[str] = []
        self.compared = 0
        self.fragments: dict[tuple, tuple] = {}  # (viewer, output) -> each twin's fragment at its last comparison
        self.in_parts = 0  # changes a held stream would be sent in parts

    @property
    def a(self) -> Table:
        return self.pair[0]

    # ------------------------------------------------------------------ comparing

    def check(self, step: str, replies: tuple = (), reader: tuple = SCRIBE, actor: tuple = SCRIBE,
              pdf: bool = False) -> None:
        """After ``step``: the replies to it (read by ``reader``; the tap made by ``actor``)
        and every output of every viewer who may not know the value, alike."""
        self.steps.append(step)
        if replies and replies[0].status_code != replies[1].status_code and self.oracle.knows(actor):
            raise Diverged(step)  # judged by what the actor knew when tapping
        undone = frozenset()
        if self.oracle.entry is not None:
            history = self.a.scribe.get(f"/api/games/{self.a.key}/history").get_json()["entries"]
            undone = frozenset(e["seq"] for e in history if e["undone"])
        self.oracle.after(self.a.sheet(), undone)
        if not self.oracle.exists:
            return
        if replies and not self.oracle.knows(reader):
            self._same(reader, f"the answer to {step}", answer(self.a, replies[0]), answer(self.pair[1], replies[1]))
        seen = [views(t, self.labels[i], pdf and self.printed) for i, t in enumerate(self.pair)]
        assert seen[0].keys() == seen[1].keys(), (step, seen[0].keys() ^ seen[1].keys())
        for viewer, gets in seen[0].items():
            if self.oracle.knows(viewer):
                continue
            for j, ((ca, path, headers), (cb, path_b, _h)) in enumerate(zip(gets, seen[1][viewer])):
                replies = ca.get(path, headers=headers), cb.get(path_b, headers=headers)
                got = answer(self.a, replies[0]), answer(self.pair[1], replies[1])
                self._same(viewer, f"{masked(self.a, path)}{' (htmx)' if headers else ''}", *got)
                if headers is HX and "?v=0" in path:
                    self._parts(viewer, j, masked(self.a, path), replies)
        if not self.oracle.knows(SCRIBE):
            self._same(SCRIBE, "scribe export", *(exported(t) for t in self.pair))

    def _parts(self, viewer: tuple, j: int, what: str, replies: tuple) -> None:
        """What a held stream of this viewer is sent in parts (scribe/push/parts.py): the
        change from this viewer's fragment at its last comparison to this one, alike."""
        now = tuple(r.data if r.status_code == 200 else None for r in replies)
        before = self.fragments.get((viewer, j))
        self.fragments[(viewer, j)] = now
        if before is None or None in now or None in before:
            return
        sent = []
        for t, old, new in zip(self.pair, before, now):
            root = parts.tree(old)  # cut as the hub cuts it: the new render read from the one before
            diff = parts.step(old, root, new)[1] if root is not None else None
            sent.append(None if diff is None else [(i, masked(t, p.decode())) for i, p in diff.tags + diff.parts + diff.after])
        self.in_parts += sent[0] is not None
        self._same(viewer, f"{what} in parts", (200, "", sent[0]), (200, "", sent[1]))

    def _same(self, viewer: tuple, what: str, a: tuple, b: tuple) -> None:
        self.compared += 1
        if a != b:
            diff = _first_difference(a[2], b[2]) if a[:2] == b[:2] else f"status/location {a[:2]} != {b[:2]}"
            pytest.fail(f"{viewer} tells the sealed value apart: {what}\n  after: {' → '.join(self.steps)}\n"
                        f"  {diff}", pytrace=False)

    # ------------------------------------------------------------------ the same step on both

    def _label(self, i: int, client) -> str:
        return self.labels[i].get(id(client), "?")

    def _holder(self, seat: int) -> str | None:
        holder = self.a.holders.get(seat)
        return None if holder is None else self._label(0, holder)

    def claim(self, seat: int, by: str = "new") -> None:
        """A new phone (or the Scribe's own, ``by="scribe"``) opens the seat's link."""
        if seat in self.a.holders or not self.a.tokens[seat]:
            return
        label = "scribe" if by == "scribe" else f"phone{self.phones}"
        self.phones += by != "scribe"
        for i, t in enumerate(self.pair):
            client = t.claim(seat, t.scribe if by == "scribe" else None)
            self.labels[i][id(client)] = label
        self.oracle.claimed(seat, label)
        self.check(f"{label} claims seat {seat}")

    def release(self, seat: int) -> None:
        if seat not in self.a.holders:
            return
        for t in self.pair:
            t.release(seat)
        self.oracle.unlinked(seat)
        self.check(f"seat {seat} released")

    def retake(self, seat: int) -> None:
        """The phone released from the seat takes it back, if the seat is still free."""
        back = [next((c for c, p in t.gone if p == f"/p/{t.tokens[seat]}"), None) for t in self.pair]
        if seat in self.a.holders or back[0] is None:
            return
        for t, client in zip(self.pair, back):
            t.take_back_seat(seat, client)
        self.oracle.claimed(seat, self._label(0, back[0]))
        self.check(f"seat {seat} taken back")

    def reissue(self, seat: int) -> None:
        for t in self.pair:
            t.reissue(seat)
        self.oracle.unlinked(seat)
        self.check(f"new link for seat {seat}")

    def bid(self, seat: int, value: int, via: str = "own") -> None:
        """A bid on the seat's own phone (``via="own"``, when it holds one) or tapped on
        the Scribe's phone passed to it; the sealed bid takes each twin's own value. The
        answer to a tap on the passed phone is read by the Scribe once accepted (the phone
        goes back), by the seat while refused (it taps again)."""
        number = self.a.sheet()["current_round"]
        own = via == "own" and self.a.own_phone(seat) is not None and self.a.sealed_bids
        secret = self.secret.kind == "bid" and (seat, number) == (self.secret.seat, self.secret.round)
        secret = secret and not (self.secret.once and self.oracle.entry is not None)  # bid again: alike
        replies = []
        for i, t in enumerate(self.pair):
            data = {"round": number, "bid": self.secret.bids[i] if secret else value}
            replies.append(t.seat_act(seat, "bid", data) if own else
                           t.scribe_act("bid", {**data, "player": seat}, api_path=t.action_path("bids", "bid")))
        holder = self._holder(seat)
        actor = ("seat", seat, holder) if own else ("pass", seat)
        accepted = all(r.status_code in (200, 303) for r in replies)
        if secret and accepted:
            if self.secret.once:
                self.oracle.entry = self.a.sheet()["version"]  # the bid just recorded: the last entry
            self.oracle.entered(actor)
            if not own and holder == "scribe":  # the Scribe's own phone holds the seat it typed for
                self.oracle.entered(("seat", seat, "scribe"))
        self.check(f"{NAMES[seat]} bids{' on their phone' if own else ' on the passed phone'}", tuple(replies),
                   reader=actor if own or not accepted else SCRIBE, actor=actor, pdf=True)

    def scribe(self, what: str, act) -> None:
        """A tap on the Scribe's phone (tricks, trump, undo, redo, a correction, a deal)."""
        self.check(what, tuple(act(t) for t in self.pair), pdf=True)

    def play(self, pick: int = 0) -> None:
        """The seat whose turn it is plays a card both twins allow it (its own phone, or
        the Scribe's passed to it); the sealed hand's differing card, played, is revealed."""
        sheet = self.a.sheet()
        number = sheet["current_round"]
        row = sheet["rounds"][number - 1]
        if not row["play"] or row["play"]["turn"] is None:
            return self.scribe("a card played out of turn", lambda t: t.scribe_act("played", {"round": number}))
        seat = row["play"]["turn"]
        legal = [t.legal(seat) for t in self.pair]
        common = [c for c in legal[0] if c in legal[1]]
        if not common:  # only the differing card may be played: it goes on the table, public
            raise Diverged("the sealed card is played")
        card = common[pick % len(common)]
        own = self.a.own_phone(seat) is not None
        hidden = own and self.a.own_phone(seat).get(f"/api/player/{self.a.tokens[seat]}").get_json()[
            "cards"]["current"]["hidden"]
        own = own and not hidden  # a phone that took the seat after the deal sees no hand: the Scribe's is passed
        replies = tuple((t.seat_act(seat, "played", {"round": number, "card": card}) if own else
                         t.scribe_act("played", {"round": number, "player": seat, "card": card})) for t in self.pair)
        actor = ("seat", seat, self._holder(seat)) if own else ("pass", seat)
        accepted = all(r.status_code in (200, 303) for r in replies)
        self.check(f"{NAMES[seat]} plays {card}", replies, reader=actor if own or not accepted else SCRIBE,
                   actor=actor, pdf=True)

    def take_back(self) -> None:
        """The seat that played last takes its card back (its phone, or the passed phone)."""
        sheet = self.a.sheet()
        play = sheet["rounds"][sheet["current_round"] - 1]["play"] if sheet["current_round"] else None
        last = play and (play["trick"] or (play["tricks"] and play["tricks"][-1]["cards"]) or [None])[-1]
        if not last:
            return self.scribe("nothing to take back", lambda t: t.scribe_act("take_back", {"player": 0}))
        seat = last["player"]
        own = self.a.own_phone(seat) is not None
        data = {"round": sheet["current_round"]}
        replies = tuple(t.seat_act(seat, "take_back", data) if own else
                        t.scribe_act("take_back", {**data, "player": seat}) for t in self.pair)
        actor = ("seat", seat, self._holder(seat)) if own else ("pass", seat)
        self.check(f"{NAMES[seat]} takes back a card", replies, reader=actor if own else SCRIBE, actor=actor,
                   pdf=True)

    def deal(self) -> None:
        """The Scribe deals (the hand secret: the second twin's seat gets its other card);
        the phone holding that seat's link then sees it. A turned Wizard's suit is named at
        once (W-R3)."""
        replies = tuple(t.deal() for t in self.pair)
        rows, secret = self.a.sheet()["rounds"], self.secret
        if secret.kind == "hand" and not self.oracle.dealt and rows[secret.round - 1]["dealt"]:
            self.oracle.dealt = True
            if self._holder(secret.seat):
                self.oracle.knowers.add(("seat", secret.seat, self._holder(secret.seat)))
        self.check("deal", replies, pdf=True)
        number = self.a.sheet()["current_round"]
        trump = number and self.a.sheet()["rounds"][number - 1].get("trump")
        if trump and trump["card"] == "wizard" and trump["suit"] is None:
            self.scribe("trump named", lambda t: t.trump("wizard", "red"))

    # ------------------------------------------------------------------ a step by name

    def do(self, step: tuple) -> None:
        name, *args = step
        if name in ("bid", "claim", "release", "retake", "reissue", "play"):
            getattr(self, name)(*args)
        elif name in ("deal", "take_back"):
            getattr(self, name)()
        elif name == "tricks":
            self.tricks(*args)
        elif name in ("undo", "redo"):
            self.scribe(name, lambda t: getattr(t, name)())
        elif name == "shuffle":  # issue 32: the next deal a new one, not the deal taken back
            self.scribe("shuffled again", lambda t: t.shuffle())
        elif name == "correct":
            self.scribe("correction of round 1", _correct_round_1)
        elif name == "tricks_played":
            self.scribe("tricks as played", lambda t: t.tricks(None))
        elif name == "bot":  # issue 37: a seat to a robot or back; its moves come at once (no pause in tests)
            seat, level = args
            self.scribe(f"{NAMES[seat]}'s seat to a robot ({level})" if level else f"{NAMES[seat]}'s seat back",
                        lambda t: t.api_post("/api/games/KEY/actions/bot", {"seat": seat, "level": level}))
        else:
            raise ValueError(name)

    def tricks(self, taker: int) -> None:
        sheet = self.a.sheet()
        if sheet["current_round"] is None:
            return
        cards = sheet["rounds"][sheet["current_round"] - 1]["cards"]
        self.scribe(f"tricks to {NAMES[taker]}", lambda t: t.tricks([cards if p == taker else 0 for p in range(t.n)]))


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at {i}:\n    {a[max(0, i - 150):i + 150]!r}\n    {b[max(0, i - 150):i + 150]!r}"


# --------------------------------------------------------------------------- dealing twins


@pytest.fixture
def twin_deals(monkeypatch):
    """Both twins deal from one seeded deck; for the hand secret, the second twin's seat
    gets one card swapped for a card left in the deck (not the one turned up)."""
    state = {"secret": None, "count": 0}

    def dealer(drawn, full_deck):
        def deal(sheet, data, _rng):
            number = sheet.current.number
            out = drawn(sheet, data, random.Random(1000 + number))
            twin, state["count"] = state["count"] % 2, state["count"] + 1  # twin a deals first, then b
            secret = state["secret"]
            if twin == 1 and secret is not None and secret.kind == "hand" and secret.round == number:
                used = {c for h in out["hands"] for c in h} | {out.get("turned")}
                spare = sorted(c for c in set(map(str, full_deck)) if c not in used)
                hand = out["hands"][secret.seat]
                out["hands"][secret.seat] = [random.Random(number).choice(spare)] + hand[1:]
            return out
        return deal

    monkeypatch.setitem(wizard.DRAWN, "deal", dealer(wizard.DRAWN["deal"], FULL_DECK))
    monkeypatch.setitem(skull_king.DRAWN, "deal", dealer(skull_king.DRAWN["deal"], skull_king_deck()))
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(0))
    return state


@pytest.fixture(scope="module")
def twin_app(request, tmp_path_factory):
    return create_app(app_config(request, tmp_path_factory.mktemp("twins") / "instance"))


def make(app, deals, secret: Secret, reveal: str = "secret", preset: str = "standard", players: int = 4,
         vdeck: bool = False, rounds: int = 2, printed: bool = True, game: str = "wizard") -> Twins:
    deals["secret"], deals["count"] = secret, 0
    body = {"players": ["Ana", "Ben", "Cy", "Dee", "Eve"][:players], "first_dealer": players - 1, "preset": preset,
            "rules": {"reveal": reveal, "virtual_deck": vdeck, "rounds": rounds}}
    if game == "skull_king":  # K-B1: bids hidden until the last, its only mode; rounds of 1 and 2 cards
        body = {"game": game, "players": body["players"], "first_dealer": players - 1,
                "rules": {"rounds": list(range(1, rounds + 1)), **({"virtual_deck": True} if vdeck else {})}}
    return Twins(app, body, secret, printed)


def run(twins: Twins, steps) -> Twins:
    """Apply the steps to both twins, comparing after each; stop where they diverge."""
    try:
        for step in steps:
            twins.do(step)
    except Diverged:
        return twins
    twins.printed = True
    twins.check("the end", pdf=True)
    return twins


def _correct_round_1(t: Table):
    """The Scribe corrects round 1 as it sees it (refused while its bids are sealed)."""
    row = t.sheet()["rounds"][0]
    return t.correct(1, [b if b is not None else 0 for b in row["bids"]],
                     [row["cards"] if p == 1 else 0 for p in range(t.n)] if row["complete"] else None)


# --------------------------------------------------------------------------- handwritten sequences


ANA, BEN, CY, DEE = range(4)  # first_dealer is the last seat: Ana bids first, the last seat deals and bids last
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")

HANDWRITTEN = {
    # secret bids, Ana's on her own phone: the others bid (phone and passed phone), undo and
    # redo the last bid, a new link for Ana taken by another phone, Ben released and taken
    # back, a correction refused while sealed, until the tricks reveal it
    "secret-own-phone": (dict(reveal="secret"), Secret("bid", ANA, 1), [
        ("claim", ANA, "new"), ("claim", BEN, "new"), ("bid", ANA, 0, "own"), ("bid", BEN, 1, "own"),
        ("bid", CY, 0, "scribe"), ("claim", DEE, "scribe"), ("bid", DEE, 0, "scribe"), ("undo",), ("redo",),
        ("reissue", ANA), ("claim", ANA, "new"), ("release", BEN), ("retake", BEN), ("correct",),
        ("bid", ANA, 1, "scribe"), ("tricks", BEN), ("correct",)]),
    # hidden bids: Ana's bid tapped on the Scribe's phone passed to her, then her link opened
    # on a phone: it must not show her that bid (she entered it elsewhere, W-B7)
    "hidden-passed-phone-then-claimed": (dict(reveal="hidden"), Secret("bid", ANA, 1), [
        ("bid", ANA, 0, "scribe"), ("claim", CY, "new"), ("claim", ANA, "new"), ("bid", BEN, 0, "scribe"),
        ("undo",), ("bid", BEN, 0, "scribe"), ("bid", CY, 0, "own"), ("claim", DEE, "new"), ("bid", DEE, 0, "own")]),
    # secret bids, the ±1 rule, round 2 (Ben bids first, Ana last): Ben's bid on his phone;
    # once the others are in, Ana learns their sum from the bid she may not make, and only
    # she; her bid, undone, her link given anew, the tricks
    "secret-last-bidder-told-the-sum": (dict(reveal="secret", preset="plus_minus_one"), Secret("bid", BEN, 2), [
        *[("bid", p, 0, "scribe") for p in (ANA, BEN, CY, DEE)], ("tricks", ANA), ("claim", BEN, "new"),
        ("claim", ANA, "new"), ("bid", BEN, 0, "own"), ("bid", CY, 0, "scribe"), ("bid", DEE, 0, "scribe"),
        ("bid", ANA, 0, "own"), ("undo",), ("reissue", ANA), ("claim", ANA, "new"), ("redo",), ("correct",),
        ("tricks", CY)]),
    # secret bids, leader rule, the Scribe's own phone holding Ana's seat: her bid typed,
    # undone, typed again; then her seat released and taken by another phone
    "secret-scribes-own-seat": (dict(reveal="secret", preset="leader"), Secret("bid", ANA, 1, (1, 0)), [
        ("claim", ANA, "scribe"), ("bid", ANA, 0, "scribe"), ("undo",), ("bid", ANA, 0, "scribe"),
        ("release", ANA), ("claim", ANA, "new"), ("bid", BEN, 0, "scribe"), ("bid", CY, 0, "scribe"),
        ("bid", DEE, 0, "scribe"), ("correct",), ("undo",), ("redo",), ("tricks", CY)]),
    # the virtual deck, open bids: Cy's hand differs by a card; he plays last in the trick
    # (the Scribe's phone passed to him); Ben's phone takes his link after the deal, Cy's
    # link is given anew and taken by another phone, which must not see the hand
    "hand-open-deck": (dict(reveal="open", players=3, vdeck=True), Secret("hand", CY, 1), [
        ("claim", CY, "new"), ("deal",), ("claim", BEN, "new"), ("reissue", CY), ("claim", CY, "new"),
        ("bid", ANA, 0, "scribe"), ("bid", BEN, 0, "scribe"), ("bid", CY, 0, "scribe"), ("play", 0),
        ("take_back",), ("play", 0), ("play", 0), ("play", 0)]),
    # a deal taken back and dealt again (the same cards: Cy's differing one too), taken back
    # again, shuffled again and dealt anew (issue 32); Cy's phone holds his seat throughout
    "hand-dealt-again-then-shuffled": (dict(reveal="hidden", players=3, vdeck=True), Secret("hand", CY, 1), [
        ("claim", CY, "new"), ("deal",), ("undo",), ("claim", BEN, "new"), ("deal",), ("undo",), ("shuffle",),
        ("undo",), ("redo",), ("deal",), ("shuffle",), ("bid", ANA, 0, "scribe"), ("bid", BEN, 0, "own"),
        ("bid", CY, 0, "own"), ("play", 0), ("play", 0), ("play", 0)]),
    # hidden bids on the virtual deck: Ben's second-round hand differs; bids on phones and on
    # the passed phone, cards played until his differing card has to go on the table
    "hand-hidden-deck-round-2": (dict(reveal="hidden", players=3, vdeck=True), Secret("hand", BEN, 2), [
        ("deal",), ("bid", ANA, 0, "scribe"), ("bid", BEN, 0, "scribe"), ("bid", CY, 0, "scribe"), ("play", 0),
        ("play", 0), ("play", 0), ("tricks_played",), ("claim", BEN, "new"), ("deal",), ("claim", ANA, "new"),
        ("bid", BEN, 1, "own"), ("bid", CY, 1, "scribe"), ("bid", ANA, 1, "own"), ("undo",), ("redo",),
        *[("play", k) for k in range(6)]]),
    # Skull King (K-B1): Ana's bid on her phone, Ben's too, taken back and brought back, her
    # link given anew and opened on another phone, Ben released and taken back, a correction
    # refused while the bids are hidden, the others on the passed phone: "Yo-ho-ho!"
    "skull-king-own-phone": (dict(game="skull_king"), Secret("bid", ANA, 1), [
        ("claim", ANA, "new"), ("bid", ANA, 0, "own"), ("claim", BEN, "new"), ("bid", BEN, 1, "own"), ("undo",),
        ("redo",), ("reissue", ANA), ("claim", ANA, "new"), ("release", BEN), ("retake", BEN), ("correct",),
        ("bid", CY, 0, "scribe"), ("claim", DEE, "scribe"), ("bid", DEE, 0, "scribe"), ("tricks", BEN)]),
    # Skull King, round 2: Ben's bid tapped on the Scribe's phone passed to him, then his link
    # opened on a phone: it must not show him that bid (he entered it elsewhere)
    "skull-king-passed-phone-then-claimed": (dict(game="skull_king"), Secret("bid", BEN, 2), [
        *[("bid", p, 0, "scribe") for p in (ANA, BEN, CY, DEE)], ("tricks", ANA), ("bid", BEN, 0, "scribe"),
        ("claim", CY, "new"), ("claim", BEN, "new"), ("bid", ANA, 0, "scribe"), ("undo",), ("bid", ANA, 0, "scribe"),
        ("bid", CY, 0, "own"), ("claim", DEE, "new"), ("bid", DEE, 0, "own")]),
    # Skull King's virtual deck: Cy's second-round hand differs by a card; round 1 played
    # and confirmed as played, then Ben's phone, Cy's link anew on another phone (which must
    # not see the hand), bids on phones and the passed phone, cards played and one taken back
    "skull-king-hand": (dict(game="skull_king", players=3, vdeck=True), Secret("hand", CY, 2), [
        ("deal",), *[("bid", p, 0, "scribe") for p in (ANA, BEN, CY)], ("play", 0), ("play", 0), ("play", 0),
        ("tricks_played",), ("claim", CY, "new"), ("claim", BEN, "new"), ("deal",), ("reissue", CY),
        ("claim", CY, "new"), ("bid", ANA, 0, "scribe"), ("bid", BEN, 1, "own"), ("bid", CY, 1, "scribe"),
        ("play", 0), ("take_back",), ("undo",), ("redo",), *[("play", k) for k in range(6)]]),
    # Skull King: round 2's deal taken back, shuffled again twice (once undone), dealt anew
    "skull-king-hand-shuffled": (dict(game="skull_king", players=3, vdeck=True), Secret("hand", CY, 2), [
        ("deal",), *[("bid", p, 0, "scribe") for p in (ANA, BEN, CY)], ("play", 0), ("play", 0), ("play", 0),
        ("tricks_played",), ("claim", CY, "new"), ("deal",), ("undo",), ("shuffle",), ("shuffle",), ("undo",),
        ("deal",), ("bid", ANA, 0, "scribe"), ("bid", BEN, 1, "scribe"), ("bid", CY, 1, "own"),
        *[("play", k) for k in range(6)]]),
    # Withdrawn, then revealed (issue 31): the seat's first bid differs, is undone before the
    # reveal and bid again alike in both twins; after the reveal (and an undo and redo of
    # what revealed it, a correction, the next round) the twins still read alike
    "hidden-withdrawn-on-own-phone": (dict(reveal="hidden"), Secret("bid", ANA, 1, once=True), [
        ("claim", ANA, "new"), ("bid", ANA, 0, "own"), ("undo",), ("bid", ANA, 1, "own"), ("bid", BEN, 0, "scribe"),
        ("claim", CY, "new"), ("bid", CY, 0, "own"), ("bid", DEE, 0, "scribe"), ("undo",), ("redo",),
        ("tricks", BEN), ("correct",), ("bid", BEN, 0, "scribe")]),
    # secret bids: Ana's on the Scribe's phone passed to her, Ben's after it; both undone, Ana
    # bids again, her link then opened on a phone; the tricks reveal the bids
    "secret-withdrawn-on-passed-phone": (dict(reveal="secret"), Secret("bid", ANA, 1, once=True), [
        ("bid", ANA, 0, "scribe"), ("claim", BEN, "new"), ("bid", BEN, 0, "own"), ("undo",), ("undo",),
        ("bid", ANA, 1, "scribe"), ("claim", ANA, "new"), ("bid", BEN, 0, "own"), ("bid", CY, 0, "scribe"),
        ("bid", DEE, 0, "scribe"), ("tricks", CY), ("undo",), ("redo",), ("correct",)]),
    # secret bids, the ±1 rule: Ana's own bid withdrawn; the last bidder told the sum only of
    # the bids standing
    "secret-withdrawn-last-bidder": (dict(reveal="secret", preset="plus_minus_one"),
                                     Secret("bid", ANA, 1, (1, 0), once=True), [
        ("claim", ANA, "new"), ("bid", ANA, 0, "own"), ("undo",), ("bid", ANA, 0, "own"), ("bid", BEN, 0, "scribe"),
        ("bid", CY, 0, "scribe"), ("bid", DEE, 0, "scribe"), ("tricks", ANA), ("correct",)]),
    # Skull King (K-B1): Ana's bid on her phone, undone, bid again; "Yo-ho-ho!" reveals the
    # others, the tricks, the next round
    "skull-king-withdrawn-on-own-phone": (dict(game="skull_king"), Secret("bid", ANA, 1, once=True), [
        ("claim", ANA, "new"), ("bid", ANA, 0, "own"), ("undo",), ("bid", ANA, 1, "own"), ("claim", BEN, "new"),
        ("bid", BEN, 0, "own"), ("bid", CY, 0, "scribe"), ("bid", DEE, 0, "scribe"), ("undo",), ("redo",),
        ("tricks", BEN), ("correct",), ("bid", ANA, 0, "scribe")]),
    # Skull King: Ana's bid on the passed phone, Ben's after it, both undone, bid again
    "skull-king-withdrawn-on-passed-phone": (dict(game="skull_king"), Secret("bid", ANA, 1, once=True), [
        ("bid", ANA, 0, "scribe"), ("bid", BEN, 1, "scribe"), ("undo",), ("undo",), ("bid", BEN, 1, "scribe"),
        ("bid", ANA, 1, "scribe"), ("bid", CY, 0, "scribe"), ("bid", DEE, 0, "scribe"), ("tricks", DEE)]),
    # a robot beside the sealed hand (issue 37): Ben's seat a robot's from the start, bidding
    # and playing by itself in the same request as the move before its turn; it sees only its
    # own hand, the same in both twins, so its moves are alike until Cy's differing card is
    # played; its bid undone (it bids again at once) and redone, its seat given back, undone
    "robot-beside-a-sealed-hand": (dict(players=3, vdeck=True), Secret("hand", CY, 2), [
        ("bot", BEN, "easy"), ("claim", CY, "new"), ("deal",), ("bid", ANA, 0, "scribe"), ("bid", CY, 0, "own"),
        ("play", 0), ("play", 0), ("tricks_played",), ("bot", BEN, None), ("undo",), ("bot", BEN, "hard"),
        ("reissue", CY), ("deal",), ("undo",), ("redo",), ("claim", CY, "new"), ("bid", CY, 1, "own"),
        ("bid", ANA, 0, "scribe"), ("play", 0), ("play", 0), ("play", 0), ("play", 0)]),
}


@pytest.mark.parametrize("name", HANDWRITTEN)
def test_twins_read_alike_until_the_value_is_revealed(twin_app, twin_deals, name):
    options, secret, steps = HANDWRITTEN[name]
    twins = run(make(twin_app, twin_deals, secret, **options), steps)
    assert twins.compared > 200, twins.compared  # the sequence reached its comparisons
    assert twins.in_parts > 0  # and the streams' changes in parts among them


# --------------------------------------------------------------------------- Hypothesis's sequences


# No shrinking: each try replays two games through every output (seconds); a failure
# prints its sequence of at most a dozen steps as drawn, and the report says where it differs.
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)


def _steps() -> st.SearchStrategy:
    """Steps naming seats by their place after the sealed bid's seat (0: that seat, drawn
    more often: its own phone, its link and its bid are where a leak would show)."""
    seat = st.sampled_from([0, 0, 0, 1, 2, 3])
    return st.lists(st.one_of(
        st.tuples(st.just("bid"), seat, st.integers(0, 1), st.sampled_from(["own", "scribe"])),
        st.tuples(st.just("claim"), seat, st.sampled_from(["new", "new", "scribe"])),
        st.tuples(st.sampled_from(["release", "retake", "reissue", "tricks"]), seat),
        st.sampled_from([("undo",), ("redo",), ("correct",)]),
    ), min_size=3, max_size=9)


@pytest.mark.slow  # 10 to 20 s: make test runs it, make check leaves it out
@settings(max_examples=8, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(reveal=st.sampled_from(["hidden", "secret"]), preset=st.sampled_from(list(wizard.PRESETS)),
       seat=st.integers(0, 3), values=st.sampled_from([(0, 1), (1, 0)]), steps=_steps())
def test_random_sequences_keep_a_sealed_bid_sealed(twin_app, twin_deals, reveal, preset, seat, values, steps):
    """Bids on phones and on the passed phone, tricks, undo, redo, corrections, claims,
    releases and new links in any order: alike for whoever may not know the bid."""
    steps = [(name, (args[0] + seat) % 4, *args[1:]) if args else (name,) for name, *args in steps]
    run(make(twin_app, twin_deals, Secret("bid", seat, 1, values), reveal=reveal, preset=preset, printed=False),
        steps)


@pytest.mark.slow  # 10 to 20 s: make test runs it, make check leaves it out
@settings(max_examples=4, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(reveal=st.sampled_from(["open", "hidden", "secret"]), seat=st.integers(0, 2),
       claims=st.lists(st.tuples(st.just("claim"), st.integers(0, 2), st.sampled_from(["new", "scribe"])), max_size=2),
       ways=st.lists(st.sampled_from(["own", "scribe"]), min_size=3, max_size=3),
       steps=st.lists(st.one_of(
           st.tuples(st.just("play"), st.integers(0, 3)), st.just(("take_back",)),
           st.tuples(st.sampled_from(["claim"]), st.integers(0, 2), st.just("new")),
           st.tuples(st.sampled_from(["release", "retake", "reissue"]), st.integers(0, 2)),
           st.sampled_from([("undo",), ("redo",), ("shuffle",)])), min_size=3, max_size=10))
def test_random_sequences_keep_a_dealt_hand_sealed(twin_app, twin_deals, reveal, seat, claims, ways, steps):
    """The virtual deck, 3 players, one seat's hand differing by a card: seats claimed
    (or not), the deal, every bid, then cards played and taken back, claims, releases,
    new links, undo and redo in any order: alike for whoever may not see that hand."""
    twins = make(twin_app, twin_deals, Secret("hand", seat, 2), reveal=reveal, players=3, vdeck=True, printed=False)
    prelude = [("deal",), *[("bid", p, 0, "scribe") for p in (0, 1, 2)], *[("play", 0)] * 3, ("tricks_played",)]
    order = (1, 2, 0)  # round 2: Ana deals, Ben bids first
    bids = [("bid", p, 1 if p == order[0] else 0, way) for p, way in zip(order, ways)]
    run(twins, [*prelude, *claims, ("deal",), *bids, *steps])


# --------------------------------------------------------------------------- Belote's virtual deck (issue 34)


def _belote_twins(app, monkeypatch, variant: str, seat: int) -> Twins:
    """Two Belote games on the virtual deck, ``seat``'s hand differing by one card: swapped
    with a card of the stock in the second twin (Belote), or with the next seat's (Coinche,
    every card dealt at once: that seat knows it too)."""
    from scribe.games import GAMES
    from scribe.games.belote import deck as belote_deck

    count = {"n": 0}

    def deal(sheet, data, _rng):
        out = belote_deck.draw(sheet.setup, sheet.round_number, random.Random(1000 + sheet.round_number))
        twin, count["n"] = count["n"] % 2, count["n"] + 1  # twin a deals first, then b
        if twin == 1:
            hands = out["hands"]
            other = out["stock"] if variant == "belote" else hands[(seat + 1) % 4]
            hands[seat][0], other[-1] = other[-1], hands[seat][0]
        return out

    monkeypatch.setitem(type(GAMES["belote"]).DRAWN, "deal", deal)
    body = {"game": "belote", "variant": variant, "players": list(NAMES[:4]), "first_dealer": 0,
            "virtual_deck": True}
    twins = Twins(app, body, Secret("hand", seat, 1), printed=False)
    if not twins.a.full()[0].setup.virtual_deck:
        pytest.skip("the API's virtual_deck option is belweb's (belote/web.py api_options, issue 34)")
    return twins


def _belote_knows(twins: Twins, seat: int) -> None:
    """``seat`` holds a differing card now: its phone and the Scribe's phone passed to it."""
    twins.oracle.knowers.add(("pass", seat))
    holder = twins._holder(seat)
    if holder is not None and not twins.oracle.sealed_from_new:
        twins.oracle.knowers.add(("seat", seat, holder))


def _belote_tables(twins: Twins) -> list:
    return [t.full()[0].table for t in twins.pair]


@pytest.mark.parametrize("variant", ["belote", "coinche"])
def test_belote_twins_read_alike_for_whoever_may_not_see_the_hand(twin_app, monkeypatch, variant):
    """Belote and Coinche on the virtual deck, Ben's hand differing by a card: the deal,
    the calls, the taking (Belote: the rest dealt, the stock's card to someone who then
    knows it), a seat claimed, Ben's seat given a new link after the deal (which does not
    see that hand), cards played on phones and by the Scribe, a card taken back: alike
    for the Scribe, the TV, every seat but those holding a differing card, page, fragment,
    stream, JSON, history, CSV, export and the printed sheet."""
    seat = 1
    twins = _belote_twins(twin_app, monkeypatch, variant, seat)
    twins.check("created")
    replies = tuple(t.scribe_act("deal", {}, "api") for t in twins.pair)
    twins.oracle.dealt = True
    _belote_knows(twins, seat)
    if variant == "coinche":
        _belote_knows(twins, (seat + 1) % 4)
    twins.check("deal", replies, pdf=True)
    while _belote_tables(twins)[0].phase == "speaking":
        speaker = _belote_tables(twins)[0].speaker
        first = not _belote_tables(twins)[0].calls
        said = ({"call": "take"} if variant == "belote" else {"call": "bid", "amount": 80, "trump": "S"}) \
            if first else {"call": "pass"}
        replies = tuple(t.scribe_act("call", {"player": speaker, **said}, "api") for t in twins.pair)
        if variant == "belote":  # taken: the stock's differing card went to whoever got the last of it
            a, b = (tab.hands for tab in _belote_tables(twins))
            for other in range(4):
                if other != seat and a[other] != b[other]:
                    _belote_knows(twins, other)
        twins.check(f"{NAMES[speaker]} says {said['call']}", replies)
    free = next(s for s in range(4) if ("pass", s) not in twins.oracle.knowers)
    twins.claim(free)  # its link was made before the deal: it sees its own hand, the same in both
    twins.reissue(seat)  # a new link after the deal: that hand stays sealed from it
    twins.claim(seat)
    for turn in range(9):
        tables = _belote_tables(twins)
        player = tables[0].player
        common = [c for c in tables[0].legal(player)[0] if c in tables[1].legal(player)[0]]
        if not common:
            break  # only a differing card may be played: it goes on the table, public
        card = common[turn % len(common)]
        own = player == free
        replies = tuple(t.seat_act(player, "played", {"card": card}, "api") if own else
                        t.scribe_act("played", {"player": player, "card": card}, "api") for t in twins.pair)
        actor = ("seat", player, twins._holder(player)) if own else ("pass", player)
        twins.check(f"{NAMES[player]} plays {card}", replies, reader=actor if own else SCRIBE, actor=actor)
        if turn == 2:
            last = _belote_tables(twins)[0].plays[-1][0]
            twins.check("a card taken back", tuple(
                t.scribe_act("take_back", {"player": last}, "api") if last != free else
                t.seat_act(last, "take_back", {}, "api") for t in twins.pair))
    twins.printed = True
    twins.check("the end", pdf=True)
    assert twins.compared > 200, twins.compared
