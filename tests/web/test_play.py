"""Playing through the pages: a whole 3-player game by form posts, htmx fragments,
trump (W-R3, W-R4), the forbidden bid (W-B3), tricks (W-S2), corrections, undo/redo."""

from __future__ import annotations

from web_helpers import (
    HX,
    errors,
    form,
    game_id_from,
    has_form,
    is_fragment,
    points,
    row_classes,
    sheet_totals,
    submit,
    text,
)

NAMES = ["Paul", "Thomas", "Marie"]


def create_by_form(client, names=NAMES, dealer="2", preset="plus_minus_one", **extra) -> str:
    data = {"players": list(names) + [""] * (6 - len(names)), "dealer": dealer, "preset": preset,
            "edition": "gigamic", **extra}
    resp = client.post("/games", data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    return game_id_from(resp.headers["Location"])


def page(client, gid: str) -> str:
    resp = client.get(f"/games/{gid}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def version(api, gid: str) -> int:
    return api("get", f"/api/games/{gid}/sheet")[1]["version"]


def tap(client, gid: str, action: str, **fields) -> str:
    """Tap a button on the game page (plain post), follow the 303, return the new page."""
    resp = submit(client, page(client, gid), action, **fields)
    assert resp.status_code == 303, (resp.status_code, errors(resp.get_data(as_text=True)))
    assert resp.headers["Location"].split("#")[0].endswith(f"/games/{gid}")
    return page(client, gid)


def bid(client, gid, value) -> str:
    return tap(client, gid, "/bid", bid=str(value))


def tricks(client, gid, counts: dict[int, int]) -> str:
    return tap(client, gid, "/tricks", **{f"tricks__{p}": str(t) for p, t in counts.items()})


# --------------------------------------------------------------------------- whole game


def test_a_whole_three_player_game_through_the_pages(client, api):
    gid = create_by_form(client)
    html = page(client, gid)
    t = text(html)
    assert "Round 1 of 20" in t and "Deal 1 card each" in t
    assert "Dealer: Marie" in t and "Paul bids first" in t

    # Round 1 (seed 000): trump card blue; Paul 0, Thomas 1, Marie may not bid 0 (W-B3).
    html = tap(client, gid, "/trump", card="blue")
    assert "Trump: blue" in text(html)
    bid(client, gid, 0)
    html = bid(client, gid, 1)
    bid_form = form(html, "/bid")
    assert bid_form.hidden["player"] == "2" and "Marie bids" in text(html)
    zero = bid_form.button("bid", "0")
    assert "disabled" in zero and "Marie may not bid 0 (±1 rule)" in zero["title"]
    assert "The bids would total 1, the number of tricks: Marie may not bid 0" in text(html)
    assert bid_form.enabled("bid") == ["1"]
    html = bid(client, gid, 1)
    assert "Tricks taken" in text(html) and not has_form(html, "/bid")
    # Thomas left blank: filled in from the total (W-S2).
    html = tricks(client, gid, {0: 0, 2: 1})
    assert sheet_totals(html)[1] == [20, -10, 30]

    # Round 2 (seed 000): a Jester is turned, no trump.
    t = text(html)
    assert "Round 2 of 20" in t and "Dealer: Paul" in t and "Thomas bids first" in t
    html = tap(client, gid, "/trump", card="jester")
    assert "Trump: no trump (Fou turned)" in text(html)
    bid(client, gid, 0)  # Thomas
    bid(client, gid, 2)  # Marie
    html = bid(client, gid, 2)  # Paul (2 is allowed: 0+2+2 != 2)
    html = tricks(client, gid, {1: 0, 2: 1})  # Paul's 1 from the total
    assert sheet_totals(html)[2] == [10, 10, 20]

    # Round 3: a Wizard is turned, the dealer (Thomas) picks the suit.
    html = tap(client, gid, "/trump", card="wizard")
    assert "Wizard turned: Thomas picks the trump suit" in text(html)
    pick = form(html, "/trump")
    assert pick.hidden["card"] == "wizard" and {b["value"] for b in pick.buttons} == {"blue", "green", "red", "yellow"}
    html = tap(client, gid, "/trump", suit="red")
    assert "Trump: red (Wizard turned, dealer's pick)" in text(html)

    totals = [10, 10, 20]
    expected_rows = {1: [20, -10, 30], 2: [10, 10, 20]}
    for number in range(3, 21):
        html = page(client, gid)
        t = text(html)
        assert f"Round {number} of 20" in t and f"Deal {number} card" in t
        if number == 20:  # W-R4: every card is dealt, nothing to turn up
            assert not has_form(html, "/trump") and "No trump this round." in t
        elif number > 3:
            assert has_form(html, "/trump")
        bids: dict[int, int] = {}
        for _ in range(3):
            f = form(html, "/bid")
            player = int(f.hidden["player"])
            allowed = [int(v) for v in f.enabled("bid")]
            assert allowed and max(allowed) <= number
            want = (number + player) % (number + 1) // 2
            value = want if want in allowed else allowed[0]
            bids[player] = value
            html = bid(client, gid, value)
        # tricks: everybody makes their bid where the cards allow, the rest to the last in order
        left, counts = number, {}
        for p in (0, 1):
            counts[p] = min(bids[p], left)
            left -= counts[p]
        counts[2] = left
        posted = {0: counts[0], 2: counts[2]} if number % 2 else counts  # odd rounds: one blank
        html = tricks(client, gid, posted)
        totals = [totals[p] + points(bids[p], counts[p]) for p in range(3)]
        expected_rows[number] = totals
        assert sheet_totals(html)[number] == totals

    t = text(html)
    assert "Final standings" in t and not has_form(html, "/bid") and not has_form(html, "/tricks")
    best = max(totals)
    winners = [NAMES[p] for p in range(3) if totals[p] == best]
    if len(winners) == 1:
        assert f"{winners[0]} wins!" in t
    else:
        assert "A tie:" in t
    assert sheet_totals(html) == expected_rows
    standings = api("get", f"/api/games/{gid}/sheet")[1]["standings"]
    assert [s["total"] for s in standings] == sorted(totals, reverse=True)
    listing = text(client.get("/").get_data(as_text=True))
    assert "Finished games" in listing and "won by " + winners[0] in listing


# --------------------------------------------------------------------------- corrections


def play_two_rounds(client, gid):
    bid(client, gid, 0); bid(client, gid, 1); bid(client, gid, 1)
    tricks(client, gid, {0: 0, 1: 0, 2: 1})
    bid(client, gid, 0); bid(client, gid, 2); bid(client, gid, 2)
    return tricks(client, gid, {0: 1, 1: 0, 2: 1})


def test_correcting_a_past_round_moves_later_totals_and_keeps_both_in_history(client, api):
    gid = create_by_form(client)
    html = play_two_rounds(client, gid)
    assert sheet_totals(html)[2] == [10, 10, 20]
    assert f'href="/games/{gid}/rounds/1"' in html  # tap the round number to correct it

    correct = client.get(f"/games/{gid}/rounds/1").get_data(as_text=True)
    assert "Correct round 1" in text(correct)
    # Thomas actually took the trick, not Marie: Paul 0/0, Thomas 1/1, Marie 1/0.
    resp = submit(client, correct, "/rounds/1", bids__0="0", bids__1="1", bids__2="1",
                  tricks__0="0", tricks__1="1", tricks__2="0")
    assert resp.status_code == 303 and resp.headers["Location"].endswith("#round-1")
    html = page(client, gid)
    rows = sheet_totals(html)
    assert rows[1] == [20, 30, -10]
    assert rows[2] == [10, 50, -20]  # round 2's points unchanged, added to the new totals
    assert "corrected" in row_classes(html, 1) and "corrected" not in row_classes(html, 2)

    history = text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    assert "Round 1: tricks Paul 0, Thomas 0, Marie 1" in history
    assert "Round 1 corrected: bids Paul 0, Thomas 1, Marie 1 · tricks Paul 0, Thomas 1, Marie 0" in history


def test_correction_refusals_show_the_message_and_save_nothing(client, api):
    gid = create_by_form(client)
    play_two_rounds(client, gid)
    before = version(api, gid)
    correct = client.get(f"/games/{gid}/rounds/1").get_data(as_text=True)
    cases = [
        ({"bids__0": "0", "bids__1": "1", "bids__2": "0", "tricks__0": "0", "tricks__1": "0", "tricks__2": "1"},
         "bids.2", "may not bid 0"),  # W-B3 checked again
        ({"bids__0": "abc", "bids__1": "1", "bids__2": "1", "tricks__0": "0", "tricks__1": "0", "tricks__2": "1"},
         "bids.0", "whole number"),
        ({"bids__0": "5", "bids__1": "1", "bids__2": "1", "tricks__0": "0", "tricks__1": "0", "tricks__2": "1"},
         "bids.0", "from 0 to 1"),
        ({"bids__0": "0", "bids__1": "1", "bids__2": "1", "tricks__0": "1", "tricks__1": "1", "tricks__2": "1"},
         "tricks", "add up to 3"),
    ]
    for fields, field, words in cases:
        resp = submit(client, correct, "/rounds/1", **fields)
        body = resp.get_data(as_text=True)
        assert resp.status_code == 422, (fields, resp.status_code)
        assert words in errors(body).get(field, ""), (fields, errors(body))
    assert version(api, gid) == before
    same = {"bids__0": "0", "bids__1": "1", "bids__2": "1", "tricks__0": "0", "tricks__1": "0", "tricks__2": "1"}
    assert submit(client, correct, "/rounds/1", **same).status_code == 303  # as recorded: answered as done
    assert version(api, gid) == before
    # a round not yet bid cannot be corrected; a round that does not exist is not found
    resp = client.post(f"/games/{gid}/rounds/5", data={"version": str(before), "bids.0": "0"})
    assert resp.status_code == 422 and "round" in errors(resp.get_data(as_text=True))
    assert client.get(f"/games/{gid}/rounds/99").status_code == 404
    assert client.get(f"/games/{gid}/rounds/0").status_code == 404
    assert client.post(f"/games/{gid}/rounds/99", data={"bids.0": "0"}).status_code == 404
    assert version(api, gid) == before


def test_stale_correction_form_answers_409_and_saves_nothing(client, api):
    gid = create_by_form(client)
    play_two_rounds(client, gid)
    correct = client.get(f"/games/{gid}/rounds/1").get_data(as_text=True)
    bid(client, gid, 1)  # someone else records a bid meanwhile
    before = version(api, gid)
    resp = submit(client, correct, "/rounds/1", bids__0="0", bids__1="1", bids__2="1",
                  tricks__0="0", tricks__1="1", tricks__2="0")
    assert resp.status_code == 409
    assert "Someone else changed the game" in errors(resp.get_data(as_text=True))["version"]
    assert version(api, gid) == before


# --------------------------------------------------------------------------- undo / redo


def test_undo_and_redo_through_the_pages_and_the_history_keeps_the_undone_entry(client, api):
    gid = create_by_form(client)
    html = bid(client, gid, 0)
    assert not has_form(html, "/redo") and has_form(html, "/undo")
    assert "Last entry: Round 1: Paul bids 0" in text(html)
    html = tap(client, gid, "/undo")
    assert form(html, "/bid").hidden["player"] == "0"  # Paul bids again
    assert has_form(html, "/redo")
    history = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "<del>Round 1: Paul bids 0</del>" in history and "(undone)" in text(history)
    html = tap(client, gid, "/redo")
    assert form(html, "/bid").hidden["player"] == "1"  # the bid is back: Thomas next
    history = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "<del>" not in history and "Redo" in text(history) and "Undo" in text(history)
    assert [e["kind"] for e in api("get", f"/api/games/{gid}/history")[1]["entries"]] == ["bid", "undo", "redo"]


def test_nothing_to_undo_or_redo_is_refused(client, api):
    gid = create_by_form(client)
    for action, field in (("undo", "undo"), ("redo", "redo")):
        resp = client.post(f"/games/{gid}/{action}", data={"version": "0"})
        assert resp.status_code == 422
        assert errors(resp.get_data(as_text=True))[field].startswith("There is nothing to")
    assert version(api, gid) == 0


# --------------------------------------------------------------------------- htmx


def test_htmx_posts_answer_only_the_play_fragment(client, api):
    gid = create_by_form(client)
    resp = client.get(f"/games/{gid}", headers=HX)
    assert resp.status_code == 200 and is_fragment(resp.get_data(as_text=True))
    full = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "<html" in full and '<div id="play"' in full

    resp = submit(client, full, "/trump", headers=HX, card="green")
    assert resp.status_code == 200 and is_fragment(resp.get_data(as_text=True))
    assert "Trump: green" in text(resp.get_data(as_text=True))
    resp = submit(client, resp.get_data(as_text=True), "/bid", headers=HX, bid="1")
    frag = resp.get_data(as_text=True)
    assert resp.status_code == 200 and is_fragment(frag) and "Thomas bids" in text(frag)
    assert f'data-version="{version(api, gid)}"' in frag

    # a refusal is the fragment too, with its message, and nothing saved
    before = version(api, gid)
    resp = submit(client, frag, "/bid", headers=HX, bid="7")
    assert resp.status_code == 422 and is_fragment(resp.get_data(as_text=True))
    assert "from 0 to 1" in errors(resp.get_data(as_text=True))["bid"]
    assert version(api, gid) == before

    for action in ("/undo", "/redo"):
        page_now = client.get(f"/games/{gid}", headers=HX).get_data(as_text=True)
        resp = submit(client, page_now, action, headers=HX)
        assert resp.status_code == 200 and is_fragment(resp.get_data(as_text=True))

    frag = client.get(f"/games/{gid}", headers=HX).get_data(as_text=True)
    frag = submit(client, frag, "/bid", headers=HX, bid="1").get_data(as_text=True)
    frag = submit(client, frag, "/bid", headers=HX, bid="1").get_data(as_text=True)
    resp = submit(client, frag, "/tricks", headers=HX, tricks__0="1", tricks__1="0")
    assert resp.status_code == 200 and is_fragment(resp.get_data(as_text=True))
    assert sheet_totals(resp.get_data(as_text=True))[1] == [30, -10, -10]

    resp = client.get(f"/games/{gid}/rounds/1", headers=HX)
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and body.lstrip().startswith("<form") and "<html" not in body


# --------------------------------------------------------------------------- refusals


def test_every_bad_bid_is_refused_next_to_its_field_and_nothing_saved(client, api):
    gid = create_by_form(client)
    bid(client, gid, 0)
    bid(client, gid, 1)  # Marie is last: 0 forbidden
    html = page(client, gid)
    before = version(api, gid)
    bad = [("abc", "bid", "whole number"), ("1.5", "bid", "whole number"), ("", "bid", "whole number"),
           (str(10**30), "bid", "from 0 to 1"), ("-1", "bid", "from 0 to 1"), ("2", "bid", "from 0 to 1"),
           ("0", "bid", "Marie may not bid 0")]
    for value, field, words in bad:
        resp = submit(client, html, "/bid", bid=value)
        body = resp.get_data(as_text=True)
        assert resp.status_code == 422, value
        assert words in errors(body).get(field, ""), (value, errors(body))
        assert "Marie bids" in text(body)  # the form is shown again
    # a second bid for the same player, a player who is not next, a bad player or round
    for fields, field, words in [({"player": "0", "bid": "1"}, "bid", "Paul has already bid"),
                                 ({"player": "abc", "bid": "1"}, "player", "whole number"),
                                 ({"player": "9", "bid": "1"}, "player", "no such player"),
                                 ({"round": "2", "bid": "1"}, "round", "not being played"),
                                 ({"round": "99", "bid": "1"}, "round", "no round 99")]:
        resp = submit(client, html, "/bid", **fields)
        assert resp.status_code == 422, fields
        assert words in errors(resp.get_data(as_text=True)).get(field, ""), fields
    assert version(api, gid) == before
    # tricks before the bids are in
    resp = submit(client, html, "/bid", bid="1")
    assert resp.status_code == 303
    html = page(client, gid)
    before = version(api, gid)
    # bids after all bids are in
    resp = client.post(f"/games/{gid}/bid", data={"version": str(before), "round": "1", "bid": "0"})
    assert resp.status_code == 422 and "All bids are in" in errors(resp.get_data(as_text=True))["bid"]
    assert version(api, gid) == before


def test_tricks_before_bids_are_refused(client, api):
    gid = create_by_form(client)
    resp = client.post(f"/games/{gid}/tricks", data={"version": "0", "round": "1", "tricks.0": "1"})
    assert resp.status_code == 422
    assert "Take every bid before the tricks" in errors(resp.get_data(as_text=True))["tricks"]
    assert version(api, gid) == 0


def test_bad_tricks_are_refused_next_to_their_field(client, api):
    gid = create_by_form(client, dealer="0")  # Thomas, Marie, Paul bid in round 1
    for value in (0, 0, 0):
        bid(client, gid, value)
    html = page(client, gid)
    before = version(api, gid)
    cases = [
        ({"tricks__0": "abc", "tricks__1": "0", "tricks__2": "1"}, "tricks.0", "whole number"),
        ({"tricks__0": "1.5", "tricks__1": "0"}, "tricks.0", "whole number"),
        ({"tricks__0": str(10**30), "tricks__1": "0", "tricks__2": "0"}, "tricks.0", "from 0 to 1"),
        ({"tricks__0": "-1", "tricks__1": "1", "tricks__2": "1"}, "tricks.0", "from 0 to 1"),
        ({"tricks__0": "1", "tricks__1": "1", "tricks__2": "0"}, "tricks", "add up to 2, but 1 were played"),
        ({"tricks__0": "0", "tricks__1": "0", "tricks__2": "0"}, "tricks", "add up to 0"),
        ({"tricks__0": "1"}, "tricks.1", "How many tricks did Thomas take?"),
    ]
    for fields, field, words in cases:
        resp = submit(client, html, "/tricks", **fields)
        body = resp.get_data(as_text=True)
        assert resp.status_code == 422, fields
        assert words in errors(body).get(field, ""), (fields, errors(body))
    assert version(api, gid) == before


def test_trump_refusals(client, api):
    gid = create_by_form(client)
    html = page(client, gid)
    for fields, field in [({"card": "purple"}, "trump"), ({"card": ""}, "trump"),
                          ({"card": "wizard", "suit": "purple"}, "suit"), ({"round": "abc", "card": "red"}, "round")]:
        resp = submit(client, html, "/trump", **fields)
        assert resp.status_code == 422, fields
        assert field in errors(resp.get_data(as_text=True)), fields
    assert version(api, gid) == 0
    # a pending Wizard: the dealer names the suit before anyone bids (W-R3, seeds 000, 001, 004)
    before_wizard = page(client, gid)  # a phone still showing the bid buttons
    html = tap(client, gid, "/trump", card="wizard")
    assert not has_form(html, "/bid")
    assert "Bids wait: Marie, the dealer, names the trump suit first" in text(html)
    before = version(api, gid)
    resp = submit(client, before_wizard, "/bid", bid="0", version=str(before))
    body = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Marie, the dealer, names the trump suit before anyone bids" in errors(body)["bid"]
    assert version(api, gid) == before
    html = tap(client, gid, "/trump", suit="green")
    assert has_form(html, "/bid") and "Trump: green" in text(html)


def test_stale_page_answers_409_with_the_fresh_state_and_saves_nothing(client, api):
    gid = create_by_form(client)
    old = page(client, gid)  # phone A shows Paul to bid
    bid(client, gid, 1)  # phone B records Paul's bid
    before = version(api, gid)
    resp = submit(client, old, "/bid", bid="0")
    body = resp.get_data(as_text=True)
    assert resp.status_code == 409
    assert "Someone else changed the game" in errors(body)["version"] and "Nothing was saved" in errors(body)["version"]
    assert "Thomas bids" in text(body) and f'data-version="{before}"' in body  # the fresh state
    assert version(api, gid) == before
    resp = submit(client, old, "/bid", headers=HX, bid="0")
    assert resp.status_code == 409 and is_fragment(resp.get_data(as_text=True))
    assert version(api, gid) == before


def test_a_double_tap_records_only_one_entry(client, api):
    gid = create_by_form(client)
    html = page(client, gid)
    first = submit(client, html, "/bid", bid="1")
    second = submit(client, html, "/bid", bid="1")
    assert first.status_code == 303 and second.status_code == 409
    entries = api("get", f"/api/games/{gid}/history")[1]["entries"]
    assert [(e["kind"], e["data"]["player"]) for e in entries] == [("bid", 0)]
    # the same with htmx
    html = page(client, gid)
    first = submit(client, html, "/bid", headers=HX, bid="0")
    second = submit(client, html, "/bid", headers=HX, bid="0")
    assert (first.status_code, second.status_code) == (200, 409)
    assert version(api, gid) == 2


def test_a_version_that_is_not_a_number_is_refused(client, api):
    gid = create_by_form(client)
    resp = client.post(f"/games/{gid}/bid", data={"version": "abc", "bid": "0"})
    assert resp.status_code == 422 and "out of date" in errors(resp.get_data(as_text=True))["version"]
    assert version(api, gid) == 0


def test_play_routes_of_unknown_or_deleted_games_are_404(client, api):
    gid = create_by_form(client)
    client.post(f"/games/{gid}/delete", data={"confirm": "yes"})
    for g in ("nope", "x" * 300, gid):
        assert client.get(f"/games/{g}").status_code == 404
        for action in ("bid", "trump", "tricks", "undo", "redo"):
            assert client.post(f"/games/{g}/{action}", data={"bid": "0"}).status_code == 404
        assert client.get(f"/games/{g}/rounds/1").status_code == 404
        assert client.post(f"/games/{g}/rounds/1", data={}).status_code == 404
