"""Issue 10, connection loss said at once: a tap that cannot reach the server says "Not
saved: no connection" in its own form, keeps what was tapped and saves it once on "Try
again" (or by itself when the phone is back online), even when the first try did reach
the server and only its answer was lost. Watchers say "Connection lost, retrying…" and
recover by themselves. What was recorded is read back through the JSON API."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api, links, new_wizard

pytestmark = pytest.mark.browser

# htmx's requests go straight to the network here, where page.route sees them
NO_WORKER = {**PHONE, "service_workers": "block"}


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def entries(server: str, key: str) -> list[dict]:
    return [(e["kind"], e["data"]) for e in api(server, "GET", f"/api/games/{key}/history")["entries"]]


def bid_button(page, value: int):
    return page.locator("form.bid").get_by_role("button", name=str(value), exact=True)


def test_tap_without_connection_is_kept_and_saved_once_on_try_again(server, contexts):
    x = expect()
    key = new_wizard(server)
    page = contexts(**NO_WORKER)
    page.goto(f"{server}/games/{key}")
    x(page.locator("form.bid h2.who")).to_have_text("Thomas bids")

    page.route("**/games/*/bid", lambda route: route.abort("internetdisconnected"))
    bid_button(page, 1).tap()
    note = page.locator("form.bid .not-saved")
    x(note).to_contain_text("Not saved: no connection.")
    x(note).to_contain_text("You tapped: 1")
    x(bid_button(page, 1)).to_have_class("tapped")
    x(page.locator("form.bid h2.who")).to_have_text("Thomas bids")  # still his turn on screen
    x(note.get_by_role("button", name="Try again")).to_be_focused()
    assert entries(server, key) == []

    page.unroute("**/games/*/bid")
    note.get_by_role("button", name="Try again").tap()
    x(page.locator("form.bid h2.who")).to_have_text("Marie bids")
    x(page.locator(".bidlist li", has_text="Thomas").locator("b")).to_have_text("1")
    assert entries(server, key) == [("bid", {"round": 1, "player": 1, "bid": 1})]


def test_tricks_tapped_offline_are_kept_and_saved_when_back_online(server, contexts):
    x = expect()
    key = new_wizard(server)
    for version, player in enumerate((1, 2, 0)):
        api(server, "POST", f"/api/games/{key}/bids", {"version": version, "player": player, "bid": 0})
    page = contexts(**NO_WORKER)
    page.goto(f"{server}/games/{key}")
    form = page.locator("form.tricks")
    paul = form.locator("fieldset.trickrow", has=page.locator("legend", has_text="Paul"))
    paul.get_by_text("1", exact=True).tap()
    form.locator("fieldset.trickrow", has=page.locator("legend", has_text="Thomas")).get_by_text("0", exact=True).tap()
    x(form.locator("input:checked")).to_have_count(3)  # Marie's 0 from the total (W-S2)

    page.context.set_offline(True)
    form.get_by_role("button", name="Record the tricks").tap()
    x(form.locator(".not-saved")).to_contain_text("Not saved: no connection.")
    x(paul.locator("input:checked")).to_have_value("1")
    x(form.locator("input:checked")).to_have_count(3)
    assert [k for k, _d in entries(server, key)] == ["bid", "bid", "bid"]

    page.context.set_offline(False)  # the browser says "online": the tap goes again by itself
    x(page.locator("#sheet tr#round-1 td[data-player='0'] .total")).to_have_text("-10")
    x(page.locator("#round-title")).to_have_text("Round 2 of 3")
    kinds = [k for k, _d in entries(server, key)]
    assert kinds == ["bid", "bid", "bid", "tricks"]


def test_answer_lost_after_the_server_recorded_it_is_not_recorded_twice(server, contexts):
    x = expect()
    key = new_wizard(server)
    page = contexts(**NO_WORKER)
    page.goto(f"{server}/games/{key}")

    def reach_server_then_drop(route):
        route.fetch()  # the server records the bid...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/games/*/bid", reach_server_then_drop)
    bid_button(page, 0).tap()
    x(page.locator("form.bid .not-saved")).to_contain_text("Not saved: no connection.")
    assert entries(server, key) == [("bid", {"round": 1, "player": 1, "bid": 0})]

    page.unroute("**/games/*/bid")
    page.locator(".not-saved").get_by_role("button", name="Try again").tap()
    x(page.locator("#play .recorded")).to_have_text(
        "Recorded once: your tap had reached Scribe before the connection dropped.")
    x(page.locator("form.bid h2.who")).to_have_text("Marie bids")
    assert entries(server, key) == [("bid", {"round": 1, "player": 1, "bid": 0})]


def test_a_players_bid_whose_answer_was_lost_is_recorded_once_with_its_key(server, contexts):
    """Issue 31: a seat's own bid carries no version; its Idempotency-Key, made when the
    tap is first sent and kept for Try again, is what makes the retry recorded once."""
    x = expect()
    key = new_wizard(server, reveal="hidden")
    token = links(server, key)["players"][1]["token"]
    page = contexts(**NO_WORKER)
    # the phone hears nothing else either (no stream, no poll): else its own view, updated
    # by the stream, would show the bid in and the form gone before Try again is tapped
    # (the stream's request, opened before, is out of page.route's reach)
    page.add_init_script("delete window.EventSource;")
    page.route("**/p/*/view*", lambda route: route.abort("internetdisconnected"))
    page.goto(f"{server}/p/{token}")
    sent = []

    def reach_server_then_drop(route):
        sent.append(route.request.headers.get("idempotency-key"))
        route.fetch()  # the server records the bid...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/p/*/bid", reach_server_then_drop)
    x(page.locator("form.bid h2.who")).to_be_visible()
    page.locator("form.bid").get_by_role("button", name="1", exact=True).tap()
    x(page.locator("form.bid .not-saved")).to_contain_text("Not saved: no connection.")
    assert [k for k, _d in entries(server, key)] == ["bid"]

    page.unroute("**/p/*/bid")
    page.route("**/p/*/bid", lambda route: (sent.append(route.request.headers.get("idempotency-key")),
                                            route.continue_()))
    page.locator(".not-saved").get_by_role("button", name="Try again").tap()
    x(page.locator(".recorded")).to_have_text(
        "Recorded once: your tap had reached Scribe before the connection dropped.")
    assert [k for k, _d in entries(server, key)] == ["bid"]
    assert len(sent) == 2 and sent[0] == sent[1] and len(sent[0]) == 32


def test_a_different_tap_in_between_is_still_refused_as_stale(server, contexts):
    """The retry is recognised only when the entry after its version is this very tap."""
    x = expect()
    key = new_wizard(server)
    page = contexts(**NO_WORKER)
    page.goto(f"{server}/games/{key}")
    page.route("**/games/*/bid", lambda route: route.abort("internetdisconnected"))
    bid_button(page, 1).tap()
    x(page.locator(".not-saved")).to_be_visible()
    api(server, "POST", f"/api/games/{key}/bids", {"version": 0, "player": 1, "bid": 0})  # another phone
    page.unroute("**/games/*/bid")
    page.locator(".not-saved").get_by_role("button", name="Try again").tap()
    x(page.locator("#play .err.stale")).to_contain_text("Nothing was saved.")
    assert entries(server, key) == [("bid", {"round": 1, "player": 1, "bid": 0})]


@pytest.mark.parametrize("which", ["watch", "player"])
def test_viewers_say_connection_lost_and_recover_by_themselves(server, contexts, which):
    x = expect()
    key = new_wizard(server)
    urls = links(server, key)
    token = urls["watch"]["token"] if which == "watch" else urls["players"][2]["token"]
    page = contexts(**NO_WORKER)
    page.goto(f"{server}/{which[0]}/{token}")
    status = page.locator("#connection")
    x(status).to_be_hidden()

    page.context.set_offline(True)
    x(status).to_have_text("Connection lost, retrying…")
    api(server, "POST", f"/api/games/{key}/bids", {"version": 0, "player": 1, "bid": 1})
    page.context.set_offline(False)
    x(status).to_be_hidden(timeout=15_000)
    x(page.locator("#sheet tr#round-1 td[data-player='1'] .bidbox")).to_have_text("1", timeout=15_000)
