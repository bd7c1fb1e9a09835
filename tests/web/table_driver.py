"""A game at a whole table, driven through the real app (Flask test client, real SQLite):
the Scribe's phone, a TV, one phone per claimed seat, each a client with its own cookies;
every write goes through a page's form (as htmx or a plain post) or the JSON API, as a
phone would send it. Shared by the state walk (test_state_walk.py) and the twin
differential (test_twin_differential.py).

Only the driving looks behind the app: to know which card a seat may play next, it reads
the whole sheet (``Table.legal``), as the holder of that seat would see it.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from web_helpers import HX, text

from scribe import service, sharing
from scribe.rules.cards import deal as deal_cards
from scribe.web.db import get_db

# How a write is sent, in turn: the page's form as htmx, the same form without script
# (answered 303), the JSON API. Every write path is taken by every script.
WAYS = ("hx", "form", "api")
# The API's writes ask, in turn, for the whole sheet and for the minimal answer (only the
# rounds changed, RFC 7240): both answers are compared by the twin differential.
MINIMAL = {"Prefer": "return=minimal"}


class Table:
    """One game and everyone around it. ``holders[seat]``: the client holding that seat
    (the Scribe's own included); ``gone``: clients and paths that worked once and must now
    be refused in words (a released phone, a replaced link)."""

    def __init__(self, app, body: dict[str, Any], ways: tuple[str, ...] = WAYS):
        self.app = app
        self.scribe = app.test_client()
        resp = self.scribe.post("/api/games", json=body)
        assert resp.status_code == 201, resp.get_json()
        made = resp.get_json()
        self.key, self.id, self.game = made["key"], made["id"], made["game"]
        self.rules = made["sheet"].get("rules") or {}
        links = self.scribe.get(f"/api/games/{self.key}/links").get_json()
        self.watch: str | None = links["watch"]["token"]
        self.tokens: list[str | None] = [p["token"] for p in links["players"]]
        self.n = len(self.tokens)
        self.tv = app.test_client()
        self.holders: dict[int, Any] = {}
        self.gone: list[tuple[Any, str]] = []  # (client, path) answering 403 or 410 now
        self.old_keys: list[str] = []
        self._ways = itertools.cycle(ways)
        self._prefer = itertools.cycle(({}, MINIMAL))
        self._sheet: dict[str, Any] | None = None
        # each token and id this game had, and the name it is masked with when two games are
        # compared: named for its role and issue, so a swapped token still shows
        self.masks: list[tuple[str, str]] = [(self.key, "<key0>"), (self.id, "<game>"), (self.watch, "<watch0>")]
        self.masks += [(tok, f"<seat{p}.0>") for p, tok in enumerate(self.tokens)]

    # ------------------------------------------------------------------ reading

    def phone(self):
        """Another browser: its own cookies, no link but what it is given."""
        return self.app.test_client()

    def sheet(self) -> dict[str, Any]:
        """The sheet as the Scribe reads it (JSON), read again after each write."""
        if self._sheet is None:
            resp = self.scribe.get(f"/api/games/{self.key}/sheet")
            assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
            self._sheet = resp.get_json()
        return self._sheet

    def _wrote(self, resp):
        self._sheet = None
        return resp

    def api_post(self, path: str, body: dict[str, Any]):
        """A write through the Scribe's API (``KEY`` in ``path`` stands for the key)."""
        return self._api_wrote(self.scribe.post(path.replace("KEY", self.key), json=body, headers=next(self._prefer)))

    def _api_wrote(self, resp):
        """An API write's answer: minimal when asked for and recorded, whole otherwise."""
        asked = resp.request.headers.get("Prefer") == MINIMAL["Prefer"]
        assert (resp.headers.get("Preference-Applied") == MINIMAL["Prefer"]) == (asked and resp.status_code == 200)
        return self._wrote(resp)

    def full(self):
        """The whole sheet and log, for the driver's own choices (never rendered)."""
        with self.app.app_context():
            _game, full, log = service.load(get_db(), self.id)
        return full, log

    def _mask(self, token: str | None, role: str) -> None:
        if token:
            self.masks.append((token, f"<{role}{sum(m[1].startswith(f'<{role}') for m in self.masks)}>"))

    @property
    def wizard(self) -> bool:
        return self.game == "wizard"

    @property
    def skull_king(self) -> bool:
        return self.game == "skull_king"

    @property
    def reveal(self) -> str:
        """How bids are shown: Wizard's rule (W-B7), Skull King's only mode (K-B1)."""
        return "hidden" if self.skull_king else self.rules.get("reveal", "open")

    @property
    def sealed_bids(self) -> bool:
        return self.game in ("wizard", "rikiki", "skull_king") and self.reveal != "open"

    def action_path(self, wizard_path: str, kind: str) -> str:
        """The API path of an action: Wizard's own paths (/bids, /tricks...), or the game's
        /actions/{kind}."""
        return f"/api/games/KEY/{wizard_path}" if self.wizard else f"/api/games/KEY/actions/{kind}"

    def own_phone(self, seat: int):
        """The client holding ``seat`` if it is not the Scribe's own phone, else None."""
        holder = self.holders.get(seat)
        return None if holder is None or holder is self.scribe else holder

    def next_way(self) -> str:
        return next(self._ways)

    # ------------------------------------------------------------------ links

    def claim(self, seat: int, client=None):
        """``client`` (a new phone by default) opens the seat's link: it holds the seat now."""
        client = client or self.phone()
        resp = client.get(f"/p/{self.tokens[seat]}")
        assert resp.status_code == 200, (seat, resp.status_code, text(resp.get_data(as_text=True))[:300])
        self.holders[seat] = client
        return client

    def release(self, seat: int) -> None:
        """The Scribe frees a claimed seat (its phone is told so; the next phone takes it)."""
        resp = self.scribe.post(f"/games/{self.key}/links", data={"link": str(seat), "op": "release"})
        assert resp.status_code == 303, resp.status_code
        former = self.holders.pop(seat, None)
        if former is not None and self.tokens[seat]:
            path = f"/p/{self.tokens[seat]}"
            # a phone released from this seat earlier is no longer "the released phone":
            # it would take the free seat as any new phone does
            self.gone = [(c, p) for c, p in self.gone if p != path] + [(former, path)]

    def take_back_seat(self, seat: int, client) -> None:
        """The phone the seat was released from takes it again, with one deliberate tap."""
        resp = client.post(f"/p/{self.tokens[seat]}/claim")
        assert resp.status_code == 303, resp.status_code
        self.holders[seat] = client

    def _links(self, which: str, op: str):
        resp = self.scribe.post(f"/games/{self.key}/links", data={"link": which, "op": op, "confirm": "yes"})
        assert resp.status_code == 303, (which, op, resp.status_code)
        return resp

    def reissue(self, seat: int) -> None:
        """A new link for the seat; the old one answers 410 to whoever held it."""
        self._links(str(seat), "reissue")
        holder = self.holders.pop(seat, None) or self.phone()
        if self.tokens[seat]:
            self.gone.append((holder, f"/p/{self.tokens[seat]}"))
        self.tokens[seat] = self._player_tokens()[seat]
        self._mask(self.tokens[seat], f"seat{seat}.")

    def revoke(self, seat: int) -> None:
        self._links(str(seat), "revoke")
        holder = self.holders.pop(seat, None) or self.phone()
        self.gone.append((holder, f"/p/{self.tokens[seat]}"))
        self.tokens[seat] = None

    def reissue_watch(self) -> None:
        self._links("watch", "reissue")
        if self.watch:
            self.gone.append((self.tv, f"/w/{self.watch}"))
        self.watch = self.scribe.get(f"/api/games/{self.key}/links").get_json()["watch"]["token"]
        self._mask(self.watch, "watch")

    def revoke_watch(self) -> None:
        self._links("watch", "revoke")
        self.gone.append((self.tv, f"/w/{self.watch}"))
        self.watch = None

    def reissue_scribe(self) -> None:
        """A new Scribe's link: the game gets a new address, its record unchanged."""
        resp = self._links("scribe", "reissue")
        self.old_keys.append(self.key)
        self.gone.append((self.phone(), f"/games/{self.key}"))
        self.key = resp.headers["Location"].split("/games/")[1].split("/")[0]
        self._mask(self.key, "key")

    def _player_tokens(self) -> list[str | None]:
        players = self.scribe.get(f"/api/games/{self.key}/links").get_json()["players"]
        return [p and p["token"] for p in players]

    # ------------------------------------------------------------------ writes

    def scribe_act(self, kind: str, data: dict[str, Any], way: str | None = None, api_path: str | None = None):
        """One tap on the Scribe's phone: the round panel's form (htmx or plain) or the API."""
        way = way or self.next_way()
        if way == "api":
            body = {k: v for k, v in data.items() if v is not None}
            return self.api_post(api_path or f"/api/games/KEY/actions/{kind}", body)
        form = {"version": str(self.sheet()["version"])}
        for k, v in data.items():
            if isinstance(v, (list, tuple)):
                form.update({f"{k}.{i}": "" if x is None else str(x) for i, x in enumerate(v)})
            elif v is not None:
                form[k] = str(v)
        return self._wrote(self.scribe.post(f"/games/{self.key}/{kind}", data=form, headers=HX if way == "hx" else {}))

    def seat_act(self, seat: int, kind: str, data: dict[str, Any], way: str | None = None):
        """A tap on the seat's own phone (its page's form or the API)."""
        way = way or self.next_way()
        phone, token = self.own_phone(seat), self.tokens[seat]
        assert phone is not None and token
        if way == "api":
            return self._api_wrote(phone.post(f"/api/player/{token}/{kind}", headers=next(self._prefer),
                                              json={k: v for k, v in data.items() if v is not None}))
        form = {k: str(v) for k, v in data.items() if v is not None}
        return self._wrote(phone.post(f"/p/{token}/{kind}", data=form, headers=HX if way == "hx" else {}))

    def undo(self, way: str | None = None):
        way = way or self.next_way()
        return self.scribe_act("undo", {}, way, api_path="/api/games/KEY/undo")

    def redo(self, way: str | None = None):
        way = way or self.next_way()
        return self.scribe_act("redo", {}, way, api_path="/api/games/KEY/redo")

    # ------------------------------------------------------------------ Wizard

    def bid(self, seat: int, value: int, way: str | None = None):
        """A seat's bid: on its own phone when it holds one (hidden and secret, W-B7), else
        on the Scribe's (passed round, or spoken aloud)."""
        number = self.sheet()["current_round"]
        if self.sealed_bids and self.own_phone(seat) is not None:
            return self.seat_act(seat, "bid", {"round": number, "bid": value}, way)
        return self.scribe_act("bid", {"round": number, "player": seat, "bid": value}, way,
                               api_path=self.action_path("bids", "bid"))

    def rebid(self, seat: int, value: int, way: str | None = None):
        """A seat changes its sealed bid on its own phone before the last is in (W-B7, K-B1)."""
        return self.seat_act(seat, "rebid", {"round": self.sheet()["current_round"], "bid": value}, way)

    def trump(self, card: str, suit: str | None = None, way: str | None = None):
        number = self.sheet()["current_round"]
        return self.scribe_act("trump", {"round": number, "card": card, "suit": suit}, way,
                               api_path="/api/games/KEY/trump")

    def deal(self, way: str | None = None):
        number = self.sheet()["current_round"]
        return self.scribe_act("deal", {"round": number}, way, api_path=self.action_path("deal", "deal"))

    def shuffle(self, way: str | None = None):
        """Scribe shuffles again: the next deal of the round is a new one, not the one taken back."""
        number = self.sheet()["current_round"]
        return self.scribe_act("shuffle", {"round": number}, way, api_path="/api/games/KEY/actions/shuffle")

    def tricks(self, counts: list[int | None] | None, way: str | None = None):
        """The round's tricks; None: as played on the virtual deck (one tap)."""
        number, way = self.sheet()["current_round"], way or self.next_way()
        if counts is None and self.skull_king:  # the round as its cards gave it, bonuses and all
            return self.scribe_act("tricks", {"round": number, "from_play": None if way == "api" else "yes"}, way,
                                   api_path=self.action_path("tricks", "tricks"))
        if counts is None and way != "api":  # the page's form comes filled in with them
            counts = self.sheet()["rounds"][number - 1]["play"]["won"]
        return self.scribe_act("tricks", {"round": number, "tricks": counts}, way,
                               api_path=self.action_path("tricks", "tricks"))

    def correct(self, number: int, bids: list[int], tricks: list[int] | None, way: str | None = None):
        way = way or self.next_way()
        if way == "api":
            body = {"bids": bids, **({"tricks": tricks} if tricks is not None else {})}
            return self.api_post(f"/api/games/KEY/rounds/{number}/correction", body)
        form = {"version": str(self.sheet()["version"]), **{f"bids.{p}": str(b) for p, b in enumerate(bids)}}
        form.update({f"tricks.{p}": str(t) for p, t in enumerate(tricks or ())})
        return self._wrote(self.scribe.post(f"/games/{self.key}/rounds/{number}", data=form,
                                            headers=HX if way == "hx" else {}))

    # ------------------------------------------------------------------ Skull King

    def all_bids(self, bids: list[int], way: str | None = None):
        """Yo-ho-ho! every bid at once, as the table shows them (K-B1)."""
        return self.scribe_act("bids", {"round": self.sheet()["current_round"], "bids": bids}, way)

    def result(self, tricks: list[int], way: str | None = None, destroyed: int = 0, bonuses: dict | None = None,
               loot: list | None = None, cannonball: list | None = None, number: int | None = None):
        """A Skull King round's result (K-T1, K-S2..K-S4), or its correction (``number``):
        the form's taps (a count per player, one tap on who took a one-card bonus) or the
        API's JSON. ``bonuses``: seat -> counts."""
        way = way or self.next_way()
        bonuses, loot, cannonball = bonuses or {}, loot or [], cannonball or []
        row = number or self.sheet()["current_round"]
        if way == "api":
            body = {"tricks": tricks, "destroyed": destroyed, "loot": loot, "cannonball": cannonball,
                    "bonuses": [bonuses.get(p, {}) for p in range(self.n)]}
            if number is not None:
                return self.api_post(f"/api/games/KEY/rounds/{number}/correction", body)
            return self.api_post("/api/games/KEY/actions/tricks", {"round": row, **body})
        form = {"version": str(self.sheet()["version"]), "round": str(row), "destroyed": str(destroyed),
                **{f"tricks.{p}": str(t) for p, t in enumerate(tricks)}}
        for p, counts in bonuses.items():
            for kind, count in counts.items():
                if kind in ("black14", "skull_king"):
                    form[kind] = str(p)
                else:
                    form[f"bonus.{p}.{kind}"] = str(count)
        for i, (by, to) in enumerate(loot):
            form.update({f"loot.{i}.by": str(by), f"loot.{i}.to": str(to)})
        form.update({f"cannonball.{p}": "on" for p in cannonball})
        if number is not None:
            form.update({f"bids.{p}": str(b) for p, b in enumerate(self.sheet()["rounds"][number - 1]["bids"])})
        path = f"/games/{self.key}/rounds/{number}" if number is not None else f"/games/{self.key}/tricks"
        return self._wrote(self.scribe.post(path, data=form, headers=HX if way == "hx" else {}))

    def legal(self, seat: int) -> list[str]:
        """The cards ``seat`` may play now, as its own view says (W-P1..W-P6)."""
        full, log = self.full()
        view = sharing.viewer_sheet(full, seat, log)
        now = sharing.own_hands(view, seat)["current"]
        return list(now["legal"]) if now else []

    def _plays_on_own_phone(self, seat: int) -> bool:
        """Whether the seat's cards are played on its own phone. A phone that took its seat
        after the deal (a new link, a release) does not see that hand: the Scribe's phone
        is passed to the seat instead."""
        phone = self.own_phone(seat)
        if phone is None:
            return False
        cards = phone.get(f"/api/player/{self.tokens[seat]}").get_json()["cards"]
        return not (cards["current"] and cards["current"]["hidden"])

    def play(self, way: str | None = None, pick: int = 0):
        """The seat whose turn it is plays a legal card: on its own phone if it holds one,
        else the Scribe plays for it (the phone passed)."""
        sheet = self.sheet()
        number = sheet["current_round"]
        seat = sheet["rounds"][number - 1]["play"]["turn"]
        legal = self.legal(seat)
        card = legal[pick % len(legal)]
        if card == "TI":  # Skull King's Tigress is played with her choice said
            card = ("TP", "TE")[pick % 2]
        data = {"round": number, "card": card}
        if self._plays_on_own_phone(seat):
            return self.seat_act(seat, "played", data, way)
        return self.scribe_act("played", {**data, "player": seat}, way)

    def play_card(self, seat: int, card: str, way: str | None = None):
        """``seat`` plays ``card`` (a chosen one, legal or not): on its own phone if it
        plays there, else the Scribe plays for it."""
        data = {"round": self.sheet()["current_round"], "card": card}
        if self._plays_on_own_phone(seat):
            return self.seat_act(seat, "played", data, way)
        return self.scribe_act("played", {**data, "player": seat}, way)

    def take_back(self, way: str | None = None):
        """The seat that played last takes its card back (until the next card)."""
        sheet = self.sheet()
        number = sheet["current_round"]
        play = sheet["rounds"][number - 1]["play"]
        last = (play["trick"] or play["tricks"][-1]["cards"])[-1]["player"]
        data = {"round": number}
        if self._plays_on_own_phone(last):
            return self.seat_act(last, "take_back", data, way)
        return self.scribe_act("take_back", {**data, "player": last}, way)


def seed_turning(n: int, cards: int, wizard: bool, tries: int = 5000) -> int:
    """A seed whose deal of ``cards`` to ``n`` players turns up a Wizard (or, if not
    ``wizard``, a suit card): the dealer must then name the trump suit (W-R3)."""
    for seed in range(tries):
        turned = deal_cards(n, cards, random.Random(seed)).turned
        if turned is not None and (str(turned) == "W") == wizard and str(turned) != "J":
            return seed
    raise AssertionError("no such seed")
