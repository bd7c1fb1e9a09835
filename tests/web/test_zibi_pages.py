"""Witty Zibi through the pages: the setup form and its refusals, preparation help (Z-M2),
the damage tracker (Z-D1..Z-D3), a round's result (Z-E1, Z-S1, Z-S2), corrections, undo/redo,
the games list, rename/delete and the history. Full pages and htmx fragments."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, errors, form, game_id_from, has_form, is_fragment, sheet_totals, submit, text

FOUR = ["Ana", "Ben", "Cy", "Dee"]
SEATS = 9


def setup_data(names, mode="", expert=False, **extra):
    data = {"game": "zibi", "players": list(names) + [""] * (SEATS - len(names)), "mode": mode, "name": "",
            **extra}
    if expert:
        data["expert"] = "on"
    return data


def create(client, names=FOUR, mode="", expert=False, **extra) -> str:
    resp = client.post("/games", data=setup_data(names, mode, expert, **extra))
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    return game_id_from(resp.headers["Location"])


def page(client, gid: str) -> str:
    resp = client.get(f"/games/{gid}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def sheet(api, gid: str) -> dict:
    return api("get", f"/api/games/{gid}/sheet")[1]


def history_len(api, gid: str) -> int:
    return len(api("get", f"/api/games/{gid}/history")[1]["entries"])


def post(client, gid: str, kind: str, htmx=False, **fields):
    """Post one action as the page's form does (with the page's version)."""
    version = re.search(r'data-version="(\d+)"', page(client, gid)).group(1)
    data = {"version": version, **{k.replace("__", "."): v for k, v in fields.items()}}
    return client.post(f"/games/{gid}/{kind}", data=data, headers=HX if htmx else {})


def ok(resp) -> None:
    assert resp.status_code in (200, 303), (resp.status_code, errors(resp.get_data(as_text=True)))


def hit(client, gid: str, player: int, *amounts: int) -> None:
    for a in amounts:
        ok(post(client, gid, "damage", player=str(player), amount=str(a)))


def refused(resp, field: str, *words: str, status: int = 422) -> str:
    """A refusal: its status, its message next to ``field``, never a 500."""
    html = resp.get_data(as_text=True)
    assert resp.status_code == status, (resp.status_code, errors(html))
    errs = errors(html)
    assert field in errs, errs
    for w in words:
        assert w in errs[field], errs[field]
    return html


def result_fields(clans: str, out=(), no_winner=False) -> dict[str, str]:
    data = {f"clan.{p}": c for p, c in enumerate(clans) if c != "-"}
    data.update({f"out.{p}": "on" for p in out})
    if no_winner:
        data["no_winner"] = "on"
    return data


def record(client, gid, clans: str, out=(), no_winner=False, htmx=False):
    version = re.search(r'data-version="(\d+)"', page(client, gid)).group(1)
    return client.post(f"/games/{gid}/result", data={"version": version, **result_fields(clans, out, no_winner)},
                       headers=HX if htmx else {})


def leaders_shown(html: str) -> list[str]:
    """The sheet's starred heads, by full name (a phone shows initials instead, same cell)."""
    heads = re.findall(r'<th scope="col" class="pname leader">.*?<span class="full">(.*?)</span>', html, re.DOTALL)
    return ["★ " + text(name) for name in heads]


# --------------------------------------------------------------------------- new game form


def test_start_page_offers_witty_zibi_and_its_form(client):
    start = client.get("/").get_data(as_text=True)
    assert 'href="/games/new?game=zibi"' in start and "New game of Witty Zibi" in text(start)
    resp = client.get("/games/new?game=zibi")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "New game of Witty Zibi" in text(html)
    assert html.count('name="players"') == 9 and 'name="game" value="zibi"' in html
    for mode in ("two", "three", "alone", "one_more"):
        assert f'name="mode" value="{mode}"' in html
    assert 'name="expert"' in html and "Un tout seul" in text(html) and "Un de plus" in text(html)


@pytest.mark.parametrize("count, mode, sizes", [
    (4, "", [2, 2]), (5, "", [2, 2, 1]), (6, "", [3, 3]), (7, "", [4, 3]), (8, "", [4, 4]), (9, "", [3, 3, 3]),
    (4, "two", [2, 2]), (6, "two", [3, 3]), (8, "two", [4, 4]),
    (6, "three", [2, 2, 2]), (7, "three", [3, 2, 2]), (8, "three", [3, 3, 2]), (9, "three", [3, 3, 3]),
    (5, "alone", [2, 2, 1]), (7, "one_more", [4, 3]),
])
def test_z_m1_z_c1_every_count_and_clan_mode_that_fits(client, api, count, mode, sizes):
    names = [f"P{i}" for i in range(count)]
    gid = create(client, names, mode)
    s = sheet(api, gid)
    assert s["players"] == names and s["clan_sizes"] == sizes and s["expert"] is False
    html = page(client, gid)
    assert all(n in text(html) for n in names)
    assert len(re.findall(r'<form class="zrow', html)) == count


def test_expert_rule_on_and_off(client, api):
    on = create(client, FOUR, expert=True)
    off = create(client, FOUR)
    assert sheet(api, on)["expert"] is True and sheet(api, off)["expert"] is False
    assert "expert rule" in text(page(client, on)) and "expert rule" not in text(page(client, off))


@pytest.mark.parametrize("names, field, words", [
    (["Ana", "Ben", "Cy"], "players", ["4 to 9 players", "you named 3"]),
    ([f"P{i}" for i in range(10)], "players", ["4 to 9 players", "you named 10"]),
    ([], "players", ["you named 0"]),
    (["Ana", "Ben", "ana", "Dee"], "players.2", ["Two players are called ana"]),
    (["Ana", "Ben", "Cy", "D" * 200], "players.3", ["at most 30 characters"]),
])
def test_bad_players_are_refused_next_to_the_field(client, api, names, field, words):
    before = len(api("get", "/api/games")[1]["games"])
    data = setup_data(names[:SEATS]) if len(names) <= SEATS else {**setup_data([]), "players": names}
    html = refused(client.post("/games", data=data), field, *words)
    assert "New game of Witty Zibi" in text(html)
    assert len(api("get", "/api/games")[1]["games"]) == before


@pytest.mark.parametrize("count, mode, words", [
    (5, "two", "Two clans need an even number"),
    (4, "three", "Three clans need at least 6 players"),
    (6, "alone", "Un tout seul is for exactly 5 players; you have 6"),
    (4, "one_more", "Un de plus is for exactly 7 players; you have 4"),
    (4, "four", "Unknown clan mode"),
])
def test_z_c1_a_clan_mode_that_does_not_fit_is_refused(client, count, mode, words):
    names = [f"P{i}" for i in range(count)]
    html = refused(client.post("/games", data=setup_data(names, mode)), "mode", words)
    # the form comes back as it was typed
    assert 'value="P0"' in html and f'value="P{count - 1}"' in html


def test_refused_form_keeps_the_rows_and_points_at_the_typed_row(client):
    data = setup_data(["Ana", "", "Ben", "ben"])
    html = refused(client.post("/games", data=data), "players.3", "Two players are called ben")
    assert 'id="p3"' in html and re.search(r'id="p3"[^>]*aria-invalid="true"', html)


def test_refused_form_as_a_fragment(client):
    resp = client.post("/games", data=setup_data(["Ana", "Ben", "Cy"]), headers=HX)
    assert resp.status_code == 422 and "players" in errors(resp.get_data(as_text=True))


def test_html_in_names_is_shown_escaped(client, api):
    evil = "<b>Bo</b>"
    gid = create(client, ["Ana", evil, "Cy", "Dee"])
    for html in (page(client, gid), client.get("/").get_data(as_text=True)):
        assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo</b>" not in html
    hit(client, gid, 1, 30)
    hist = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "&lt;b&gt;Bo&lt;/b&gt; takes 30 damage" in hist and "<b>Bo</b>" not in hist
    html = refused(client.post("/games", data=setup_data(["<i>x</i>", "<I>X</I>", "C", "D"])), "players.1")
    assert "<I>X</I>" not in html and "&lt;I&gt;X&lt;/I&gt;" in html


# --------------------------------------------------------------------------- preparation (Z-M2)


@pytest.mark.parametrize("count, mode, removed, reserve, each", [
    (4, "", True, 2, 12), (5, "alone", True, 2, 12), (6, "", False, 3, 12), (7, "", False, 3, 12),
    (8, "", False, 4, 12), (9, "", False, 4, 11),
])
def test_z_m2_preparation_help_for_the_player_count(client, count, mode, removed, reserve, each):
    gid = create(client, [f"P{i}" for i in range(count)], mode)
    html = page(client, gid)
    t = text(html)
    assert "Preparing the box" in t and re.search(r'<details class="prep"\s+open', html)
    if removed:
        for card in ("Sorcier", "Witty Nurse (heal)", "Emissaire", "PAF"):
            assert f"2 × {card}" in t
        for card in ("Bananes 10", "Bananes 20", "Bananes 30"):
            assert f"8 × {card}" in t
        assert "76 cards stay in play" in t
    else:
        assert "Play with all 108 cards." in t and "Take out of the box" not in t
    assert f"Reserve pile: {reserve} cards face down." in t
    assert f"Deal {each} cards to each player." in t and f"{each} cards each" in t


def test_preparation_help_names_the_tokens_of_odd_modes(client):
    t = text(page(client, create(client, [f"P{i}" for i in range(5)], "alone")))
    assert "2 × Clan A, 2 × Clan B, 2 × Clan C" in t and "one token is taken out unseen" in t
    t = text(page(client, create(client, [f"P{i}" for i in range(7)], "one_more")))
    assert "4 × Clan A, 4 × Clan B" in t and "one token is taken out unseen" in t
    t = text(page(client, create(client, FOUR)))  # Z-C1: 2 of 6 set aside unseen
    assert "Clan tokens: 3 × Clan A, 3 × Clan B · 2 tokens are taken out unseen · clans of 2+2 / 3+1 players" in t
    t = text(page(client, create(client, [f"P{i}" for i in range(6)])))
    assert "Clan tokens: 3 × Clan A, 3 × Clan B" in t and "unseen" not in t


# --------------------------------------------------------------------------- a round's result


def test_z_e1_z_s1_result_by_form_scribe_works_out_the_winner(client, api):
    gid = create(client, FOUR)
    html = page(client, gid)
    assert form(html, "/result").radios["clan.0"] == ["A", "B"]
    resp = record(client, gid, "ABAB", out=(0, 2, 3))  # clan A all out: B wins
    assert resp.status_code == 303
    html = page(client, gid)
    assert sheet_totals(html) == {1: [0, 3, 0, 2]}
    s = sheet(api, gid)
    assert s["rounds"][0]["winner"] == "B" and s["rounds"][0]["points"] == [0, 3, 0, 2]
    assert leaders_shown(html) == ["★ Ben"] and "Round 2" in text(html)
    # round 2 as an htmx fragment: Cy and Dee (clan B) survive, A all out
    resp = record(client, gid, "AABB", out=(0, 1), htmx=True)
    frag = resp.get_data(as_text=True)
    assert resp.status_code == 200 and is_fragment(frag)
    assert sheet_totals(frag) == {1: [0, 3, 0, 2], 2: [0, 3, 3, 5]}
    assert leaders_shown(frag) == ["★ Dee"]
    standings = re.findall(r'<span class="name">(.*?)</span> <span class="score"><b>(\d+)</b>', frag)
    assert standings == [("Dee", "5"), ("Ben", "3"), ("Cy", "3"), ("Ana", "0")]


def test_z_e1_cards_ran_out_nobody_scores(client, api):
    gid = create(client, FOUR)
    ok(record(client, gid, "ABAB", out=(0,), no_winner=True))
    s = sheet(api, gid)
    assert s["rounds"][0]["winner"] is None and s["rounds"][0]["points"] == [0, 0, 0, 0]
    assert sheet_totals(page(client, gid)) == {1: [0, 0, 0, 0]}
    assert "no winner" in text(client.get(f"/games/{gid}/history").get_data(as_text=True))


def test_z_s2_un_tout_seul_lone_player_scores_4_alive_0_out(client, api):
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    gid = create(client, names, "alone")
    assert form(page(client, gid), "/result").radios["clan.0"] == ["A", "B", "C"]
    ok(record(client, gid, "AABBC", out=(0, 1, 3)))  # pair A out, Eve alone alive
    ok(record(client, gid, "AABBC", out=(2, 3, 4)))  # pair B out, Eve out
    s = sheet(api, gid)
    assert [r["points"] for r in s["rounds"]] == [[0, 0, 3, 2, 4], [3, 3, 0, 0, 0]]
    assert s["totals"] == [3, 3, 3, 2, 4] and s["leaders"] == [4]


def test_three_clans_the_last_clan_standing_wins(client, api):
    gid = create(client, [f"P{i}" for i in range(6)], "three")
    ok(record(client, gid, "AABBCC", out=(0, 1, 2, 4, 5)))
    s = sheet(api, gid)
    assert s["rounds"][0]["winner"] == "B" and s["rounds"][0]["points"] == [0, 0, 2, 3, 0, 0]


@pytest.mark.parametrize("clans, out, no_winner, field, words", [
    ("AAAA", (0, 1, 2), False, "clans", "the clans have 2+2 / 3+1 players, not 4"),
    ("ABA-", (0, 2), False, "clans.3", "Choose the clan of Dee"),
    ("ABAB", (0, 1, 2, 3), False, "eliminated", "Not every clan can be all out"),
    ("ABAB", (0, 2), True, "winner", "Clan A is all out, so the round ended with a winner: clan B"),
])
def test_bad_results_are_refused_next_to_the_field_nothing_saved(client, api, clans, out, no_winner, field, words):
    gid = create(client, FOUR)
    hit(client, gid, 0, 10)
    before, entries = sheet(api, gid)["version"], history_len(api, gid)
    for htmx in (False, True):
        html = refused(record(client, gid, clans, out, no_winner, htmx=htmx), field, words)
        assert is_fragment(html) == htmx
        assert re.search(r'<details\s+open>\s*<summary class="label">Result of the round', html)
        # what was typed comes back ticked
        for p, c in enumerate(clans):
            if c != "-":
                assert re.search(rf'name="clan\.{p}" value="{c}" checked', html), (p, c)
    assert sheet(api, gid)["version"] == before and history_len(api, gid) == entries
    assert sheet(api, gid)["rounds"] == []


def test_stale_page_is_409_and_nothing_saved(client, api):
    gid = create(client, FOUR)
    old = re.search(r'data-version="(\d+)"', page(client, gid)).group(1)
    hit(client, gid, 0, 10)
    v = sheet(api, gid)["version"]
    resp = client.post(f"/games/{gid}/damage", data={"version": old, "player": "1", "amount": "10"}, headers=HX)
    refused(resp, "version", "Someone else changed the game", status=409)
    assert sheet(api, gid)["version"] == v and sheet(api, gid)["tracker"]["damage"] == [10, 0, 0, 0]


# --------------------------------------------------------------------------- damage tracker


def test_z_d1_damage_chips_add_up_and_soins_removes_the_last(client, api):
    gid = create(client, FOUR)
    html = page(client, gid)
    row = form(html, "/damage")
    assert row.hidden["player"] == "0" and [b["value"] for b in row.buttons if b.get("name") == "amount"] == [
        "10", "20", "30"]
    hit(client, gid, 2, 10, 30, 20)
    resp = post(client, gid, "damage", htmx=True, player="2", amount="10")
    frag = resp.get_data(as_text=True)
    assert resp.status_code == 200 and is_fragment(frag)
    assert re.search(r"<strong>Cy</strong> <b class=\"dmg\" data-total>70</b>", frag)
    assert "last: 10" in text(frag)
    ok(post(client, gid, "heal", player="2"))  # Soins: the 10 goes
    ok(post(client, gid, "heal", player="2"))  # then the 20
    s = sheet(api, gid)["tracker"]
    assert s["damage"] == [0, 0, 40, 0] and s["piles"][2] == [10, 30]
    assert "last: 30" in text(page(client, gid))


def test_z_d1_exactly_100_is_alive_above_100_is_out(client, api):
    gid = create(client, FOUR)
    hit(client, gid, 1, 30, 30, 30, 10)
    html = page(client, gid)
    assert sheet(api, gid)["tracker"]["eliminated"] == [False] * 4
    assert not has_form(html, "/reveal") and '<form class="zrow out"' not in html
    hit(client, gid, 1, 10)
    html = page(client, gid)
    assert sheet(api, gid)["tracker"]["eliminated"] == [False, True, False, False]
    assert re.search(r'<form class="zrow out"[^>]*>.*?<strong>Ben</strong> <b class="dmg" data-total>110</b>'
                     r'<small class="muted">/100</small> <span class="badge">out</span>', html, re.DOTALL)
    reveal = form(html, "/reveal")
    assert reveal.hidden["player"] == "1" and [b["value"] for b in reveal.buttons] == ["A", "B"]
    assert "Ben is out and shows their clan token" in text(html)


def test_z_d1_damage_on_an_eliminated_player_is_refused(client, api):
    gid = create(client, FOUR)
    hit(client, gid, 0, 30, 30, 30, 20)
    v = sheet(api, gid)["version"]
    refused(post(client, gid, "damage", htmx=True, player="0", amount="10"), "player",
            "Ana is eliminated and takes no more cards this round")
    refused(post(client, gid, "heal", player="0"), "player", "Ana is eliminated")
    assert sheet(api, gid)["version"] == v


def test_z_d2_heal_with_no_damage_is_refused(client, api):
    gid = create(client, FOUR)
    html = page(client, gid)
    heal = next(b for b in form(html, "/damage").buttons if "formaction" in b)
    assert "disabled" in heal
    html = refused(post(client, gid, "heal", htmx=True, player="3"), "player", "Dee has no damage to heal")
    assert is_fragment(html) and sheet(api, gid)["version"] == 0


def test_z_d3_expert_rule_refuses_20_on_20_and_30_on_30_with_its_reason(client, api):
    gid = create(client, FOUR, expert=True)
    hit(client, gid, 0, 20)
    hit(client, gid, 1, 30)
    v = sheet(api, gid)["version"]
    refused(post(client, gid, "damage", player="0", amount="20"), "amount",
            "Expert rule: Ana's last damage is a 20, so another 20 must wait")
    refused(post(client, gid, "damage", htmx=True, player="1", amount="30"), "amount",
            "Expert rule: Ben's last damage is a 30, so another 30 must wait")
    assert sheet(api, gid)["version"] == v
    hit(client, gid, 0, 30, 20, 10, 10)  # a different card covers it: allowed again
    hit(client, gid, 1, 10, 30)
    assert sheet(api, gid)["tracker"]["damage"] == [90, 70, 0, 0]
    # without the expert rule 20 on 20 is fine
    plain = create(client, FOUR)
    hit(client, plain, 0, 20, 20, 30, 30)
    assert sheet(api, plain)["tracker"]["damage"][0] == 100


@pytest.mark.parametrize("fields, field", [
    ({"player": "x", "amount": "10"}, "player"),
    ({"player": "7", "amount": "10"}, "player"),
    ({"player": "", "amount": "10"}, "player"),
    ({"player": "0", "amount": "15"}, "amount"),
    ({"player": "0", "amount": "ten"}, "amount"),
    ({"player": "0"}, "amount"),
])
def test_bad_damage_taps_are_4xx_never_500(client, api, fields, field):
    gid = create(client, FOUR)
    for headers in (HX, {}):
        resp = client.post(f"/games/{gid}/damage", data={"version": "0", **fields}, headers=headers)
        html = refused(resp, field)
        assert html.count('role="alert"') == 1  # shown once, even when no row matches
    assert sheet(api, gid)["version"] == 0


def test_unknown_action_for_zibi_is_404(client):
    gid = create(client, FOUR)
    for kind in ("bid", "tricks", "trump", "correction", "nonsense"):
        assert client.post(f"/games/{gid}/{kind}", data={"version": "0"}).status_code == 404


def test_z_c1_two_of_a_clan_out_at_four_the_page_asks_instead_of_guessing(client, api):
    gid = create(client, FOUR)
    hit(client, gid, 0, 30, 30, 30, 20)  # Ana out
    html = page(client, gid)
    assert "Round over" not in text(html)
    ok(post(client, gid, "reveal", player="0", clan="A"))
    html = page(client, gid)
    assert "Clan A" in re.search(r"<strong>Ana</strong>.*?</p>", html, re.DOTALL).group(0)
    assert not has_form(html, "/reveal")
    hit(client, gid, 2, 30, 30, 30, 20)  # Cy out
    ok(post(client, gid, "reveal", player="2", clan="A"))
    html = page(client, gid)
    # A is 2 of a 2+2 (over) or 3 of a 3+1 (not): Scribe cannot know, so it asks (Z-C1)
    assert 'data-phase="playing"' in html and "Round over" not in text(html)
    assert ("Is the round over? Clan A may have no player left: only the players still in know. If it is "
            "over, tap everyone’s clan below and record the result; if not, play on: the next damage tapped tells "
            "Scribe so.") in text(html)
    assert re.search(r'<details\s+open>\s*<summary class="label">Result of the round', html)
    for p, c in ((0, "A"), (2, "A")):
        assert re.search(rf'name="clan\.{p}" value="{c}" checked', html)
    assert not re.search(r'name="clan\.[13]" value="[AB]" checked', html)  # survivors: nothing guessed
    assert 'name="amount"' in html  # "not over": play on
    s = sheet(api, gid)["tracker"]
    assert s["round_over"] is False and s["maybe_out"] == ["A"]
    # the survivors say B: the Scribe taps their clans and records
    f = form(html, "/result")
    resp = client.post(f.action, data={**f.hidden, **result_fields("ABAB", out=(0, 2))}, headers=HX)
    frag = resp.get_data(as_text=True)
    assert resp.status_code == 200 and sheet_totals(frag) == {1: [0, 3, 0, 3]}  # Z-S1: B alive 3, A 0
    assert "Round 2" in text(frag) and sheet(api, gid)["tracker"]["damage"] == [0, 0, 0, 0]
    assert leaders_shown(frag) == ["★ Ben", "★ Dee"]


def test_z_c1_three_of_a_clan_out_at_four_ends_the_round_lone_survivor_scores_4(client, api):
    gid = create(client, FOUR)
    for p in (0, 1, 3):
        hit(client, gid, p, 30, 30, 30, 20)
        ok(post(client, gid, "reveal", player=str(p), clan="A"))
    html = page(client, gid)
    assert 'data-phase="result"' in html
    assert '<p class="winners" role="status">Round over: clan B wins.</p>' in html
    # the result form is open and pre-filled: Ana, Ben, Dee clan A and eliminated; Cy the lone B
    assert re.search(r'<details\s+open>\s*<summary class="label">Result of the round', html)
    for p, c in enumerate("AABA"):
        assert re.search(rf'name="clan\.{p}" value="{c}" checked', html)
    for p in range(4):
        assert (re.search(rf'name="out\.{p}" checked', html) is not None) == (p != 2)
    # no more damage once the round is over: no chips, and a crafted tap is refused
    assert 'name="amount"' not in html
    refused(post(client, gid, "damage", player="2", amount="10"), "player", "The round is over")
    f = form(html, "/result")
    resp = client.post(f.action, data={**f.hidden, **result_fields("AABA", out=(0, 1, 3))}, headers=HX)
    assert resp.status_code == 200 and sheet_totals(resp.get_data(as_text=True)) == {1: [0, 0, 4, 0]}  # Z-S1


def test_reveal_that_the_tokens_cannot_give_is_refused(client, api):
    gid = create(client, FOUR)
    hit(client, gid, 0, 30, 30, 30, 20)
    ok(post(client, gid, "reveal", player="0", clan="A"))
    hit(client, gid, 1, 30, 30, 30, 20)
    html = refused(post(client, gid, "reveal", htmx=True, player="1", clan="Z"), "clan", "Choose a clan")
    assert html.count('role="alert"') == 1 and "Ben is out and shows" in text(html)
    ok(post(client, gid, "reveal", player="1", clan="A"))
    ok(post(client, gid, "reveal", player="2", clan="A"))  # Z-C1: 3+1 at 4 players
    v = sheet(api, gid)["version"]
    refused(post(client, gid, "reveal", player="3", clan="A"), "clan",
            "Dee cannot be in clan A: with Two clans the clans have 2+2 / 3+1 players")
    assert sheet(api, gid)["version"] == v


def test_set_aside_token_in_un_tout_seul(client, api):
    gid = create(client, [f"P{i}" for i in range(5)], "alone")
    html = page(client, gid)
    assert "The token taken out unseen" in text(html)
    ok(post(client, gid, "set_aside", clan="C"))
    assert sheet(api, gid)["tracker"]["set_aside"] == "C"
    assert not has_form(page(client, gid), "/set_aside")
    four = create(client, FOUR)
    assert not has_form(page(client, four), "/set_aside")
    refused(client.post(f"/games/{four}/set_aside", data={"version": "0", "clan": "A"}), "clan",
            "Only Un tout seul and Un de plus")


# --------------------------------------------------------------------------- undo / redo, corrections


def test_undo_and_redo_by_form_and_fragment(client, api):
    gid = create(client, FOUR)
    hit(client, gid, 0, 30)
    ok(record(client, gid, "ABAB", out=(0, 2)))
    html = page(client, gid)
    assert "Last entry: Round result: Ana A ✝, Ben B, Cy A ✝, Dee B · clan B wins" in text(html)
    resp = submit(client, html, "/undo", headers=HX)
    frag = resp.get_data(as_text=True)
    assert resp.status_code == 200 and is_fragment(frag) and sheet_totals(frag) == {}
    assert sheet(api, gid)["tracker"]["damage"] == [30, 0, 0, 0]  # back in round 1, damage kept
    assert has_form(frag, "/redo")
    resp = submit(client, frag, "/redo")
    assert resp.status_code == 303 and sheet_totals(page(client, gid)) == {1: [0, 3, 0, 3]}
    for _ in range(2):
        ok(submit(client, page(client, gid), "/undo"))
    assert sheet(api, gid)["version"] == 6 and not sheet(api, gid)["can_undo"]
    assert not has_form(page(client, gid), "/undo")
    resp = client.post(f"/games/{gid}/undo", data={"version": "6"}, headers=HX)
    assert resp.status_code == 422 and "undo" in errors(resp.get_data(as_text=True))


def test_correcting_a_past_round_later_totals_follow_history_keeps_both(client, api):
    gid = create(client, FOUR)
    ok(record(client, gid, "ABAB", out=(0, 2)))  # B wins: 0 3 0 3
    ok(record(client, gid, "AABB", out=(2, 3)))  # A wins: 3 3 0 0
    html = page(client, gid)
    assert sheet_totals(html) == {1: [0, 3, 0, 3], 2: [3, 6, 0, 3]}
    assert f'href="/games/{gid}/rounds/1"' in html
    resp = client.get(f"/games/{gid}/rounds/1")
    edit = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Correct round 1" in text(edit) and "<html" in edit
    for p, c in enumerate("ABAB"):
        assert re.search(rf'name="clan\.{p}" value="{c}" checked', edit)
    frag = client.get(f"/games/{gid}/rounds/1", headers=HX).get_data(as_text=True)
    assert "<html" not in frag and 'id="correct"' in frag
    # Ben was eliminated too: B still wins, Ben scores 2
    f = form(edit, "/rounds/1")
    resp = client.post(f.action, data={**f.hidden, **result_fields("ABAB", out=(0, 1, 2))})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/games/{gid}#round-1")
    html = page(client, gid)
    assert sheet_totals(html) == {1: [0, 2, 0, 3], 2: [3, 5, 0, 3]}
    assert "corrected" in re.search(r'<tr id="round-1" class="([^"]*)"', html).group(1)
    hist = text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    assert "Round 1 corrected: Ana A ✝, Ben B ✝, Cy A ✝, Dee B · clan B wins" in hist
    assert "Round result: Ana A ✝, Ben B, Cy A ✝, Dee B · clan B wins" in hist
    # undo the correction: back to the first totals
    ok(submit(client, page(client, gid), "/undo"))
    assert sheet_totals(page(client, gid)) == {1: [0, 3, 0, 3], 2: [3, 6, 0, 3]}


@pytest.mark.parametrize("clans, out, no_winner, field, words", [
    ("AAAA", (0, 1, 2), False, "clans", "not 4"),
    ("ABAB", (0, 1, 2, 3), False, "eliminated", "Not every clan can be all out"),
    ("ABAB", (0, 2), True, "winner", "Clan A is all out"),
    ("-BAB", (2,), False, "clans.0", "Choose the clan of Ana"),
])
def test_bad_correction_is_refused_on_its_form_nothing_saved(client, api, clans, out, no_winner, field, words):
    gid = create(client, FOUR)
    ok(record(client, gid, "ABAB", out=(0, 2)))
    v, n = sheet(api, gid)["version"], history_len(api, gid)
    data = {"version": str(v), **result_fields(clans, out, no_winner)}
    html = refused(client.post(f"/games/{gid}/rounds/1", data=data), field, words)
    assert "Correct round 1" in text(html)
    frag = refused(client.post(f"/games/{gid}/rounds/1", data=data, headers=HX), field, words)
    assert "<html" not in frag
    assert sheet(api, gid)["version"] == v and history_len(api, gid) == n


def test_correction_of_a_round_not_played_is_404_and_stale_is_409(client, api):
    gid = create(client, FOUR)
    assert client.get(f"/games/{gid}/rounds/1").status_code == 404
    assert client.post(f"/games/{gid}/rounds/1", data={"version": "0"}).status_code == 404
    ok(record(client, gid, "ABAB", out=(0, 2)))
    hit(client, gid, 0, 10)
    data = {"version": "1", **result_fields("ABAB", out=(0, 1, 2))}
    refused(client.post(f"/games/{gid}/rounds/1", data=data), "version", "Someone else changed", status=409)
    assert sheet(api, gid)["rounds"][0]["points"] == [0, 3, 0, 3]


# --------------------------------------------------------------------------- list, rename, delete, history


def test_games_list_shows_zibi_games_with_round_and_leader(client):
    gid = create(client, FOUR, name="Zibi night")
    listing = text(client.get("/").get_data(as_text=True))
    assert "Zibi night" in listing and "Round 1" in listing and "leading" not in listing
    ok(record(client, gid, "ABAB", out=(0, 2)))
    listing = text(client.get("/").get_data(as_text=True))
    assert "Zibi night Witty Zibi · Round 2 · leading: Ben, Dee" in listing  # the game named (issue 32)
    assert " of " not in re.search(r"Zibi night Witty Zibi · (.*?)·", listing).group(1)  # no fixed number of rounds (Z-S3)


def test_rename_and_delete_a_zibi_game(client, api):
    gid = create(client, FOUR)
    settings = client.get(f"/games/{gid}/settings")
    assert settings.status_code == 200
    resp = client.post(f"/games/{gid}/rename", data={"name": "Zibi at Cy's"})
    assert resp.status_code == 303 and "Zibi at Cy&#39;s" in page(client, gid)
    assert "Zibi at Cy's" in text(client.get("/").get_data(as_text=True))
    resp = client.post(f"/games/{gid}/rename", data={"name": "x" * 200})
    assert resp.status_code == 422 and "name" in errors(resp.get_data(as_text=True))
    resp = client.post(f"/games/{gid}/delete", data={})
    assert resp.status_code == 422 and "confirm" in errors(resp.get_data(as_text=True))
    resp = client.post(f"/games/{gid}/delete", data={"confirm": "yes"})
    assert resp.status_code == 303 and client.get(f"/games/{gid}").status_code == 404
    assert "Deleted games (1)" in text(client.get("/").get_data(as_text=True))
    assert client.post(f"/games/{gid}/restore").status_code == 303
    assert client.get(f"/games/{gid}").status_code == 200


def test_history_words_every_zibi_entry(client):
    gid = create(client, [f"P{i}" for i in range(5)], "alone")
    hit(client, gid, 0, 30)
    ok(post(client, gid, "heal", player="0"))
    hit(client, gid, 1, 30, 30, 30, 20)
    ok(post(client, gid, "reveal", player="1", clan="A"))
    ok(post(client, gid, "set_aside", clan="C"))
    ok(record(client, gid, "AABBC", out=(0, 1)))
    ok(submit(client, page(client, gid), "/undo"))
    hist = text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    for line in ("P0 takes 30 damage", "Witty Nurse heals P0", "P1 takes 20 damage", "P1 shows clan A",
                 "The token set aside is clan C",
                 "Round result: P0 A ✝, P1 A ✝, P2 B, P3 B, P4 C · clan B wins (undone)", "Undo"):
        assert line in hist, line


def test_the_question_and_the_heal_chip_in_english_and_french(client):
    gid = create(client, FOUR)
    hit(client, gid, 0, 10)
    html = page(client, gid)
    assert ">Heal</button>" in html and ">Soins</button>" not in html  # an English page says Heal
    hit(client, gid, 1, 30, 30, 30, 20)
    ok(post(client, gid, "reveal", player="1", clan="B"))
    client.set_cookie("lang", "fr")
    t = text(page(client, gid))
    assert "La manche est-elle finie ? Le clan B n’a peut-être plus aucun joueur en jeu" in t
    assert "Soins" in t and "2 jetons sont retirés sans être regardés" in t
