"""French Tarot through the pages: the setup form (T-M1, T-M2, T-E1), a deal in a few taps
(T-C1, T-C2, T-S1) with its extras (T-S3..T-S5), the sheet and its zero sums (T-S6),
everyone passing, the end, corrections, undo/redo, the history, the watch page, French.
Refusals: 422 with the message next to the field and nothing saved; a stale page: 409."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, errors, game_id_from, is_fragment, text

FOUR = ["Ana", "Ben", "Cy", "Dee"]
SEATS = 6


def setup_data(names=FOUR, dealer="0", **extra):
    return {"game": "tarot", "players": list(names) + [""] * (SEATS - len(names)), "dealer": dealer,
            "deals": "", "name": "", **extra}


def create(client, names=FOUR, dealer="0", **extra) -> str:
    resp = client.post("/games", data=setup_data(names, dealer, **extra))
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    return game_id_from(resp.headers["Location"])


def page(client, gid: str, path: str = "") -> str:
    resp = client.get(f"/games/{gid}{path}")
    assert resp.status_code == 200, resp.status_code
    return resp.get_data(as_text=True)


def version(client, gid) -> str:
    return re.search(r'data-version="(\d+)"', page(client, gid)).group(1)


def sheet(api, gid: str) -> dict:
    return api("get", f"/api/games/{gid}/sheet")[1]


def form_deal(taker="0", contract="garde", bouts="2", points="49", **extra) -> dict:
    return {"taker": taker, "contract": contract, "bouts": bouts, "points": points, "counted": "attack", **extra}


def enter(client, gid, htmx=False, **fields):
    data = {"version": version(client, gid), **{k.replace("__", "."): v for k, v in form_deal(**fields).items()}}
    return client.post(f"/games/{gid}/deal", data=data, headers=HX if htmx else {})


# --------------------------------------------------------------------------- setup


def test_start_page_offers_tarot_and_its_form(client):
    assert "/games/new?game=tarot" in client.get("/").get_data(as_text=True)
    form = client.get("/games/new?game=tarot").get_data(as_text=True)
    assert 'name="game" value="tarot"' in form and 'name="deals"' in form and 'name="dealer" value="random"' in form
    assert form.count('name="players"') == 6


def test_t_m1_t_m2_a_game_of_six_opens_on_its_first_deal(client, api):
    gid = create(client, FOUR + ["Eve", "Flo"], dealer="2")
    body = text(page(client, gid))
    assert "Deal 1" in body and "Cy deals and sits out · Ben speaks first" in body
    assert "6 at a table of five: the dealer sits out each deal" in body
    s = sheet(api, gid)
    assert s["dealer"] == 2 and s["sits_out"] == 2 and s["speaks_first"] == 1
    takers = re.findall(r'name="taker" value="(\d)"', page(client, gid))
    assert takers == ["0", "1", "3", "4", "5"]  # the mort cannot take


@pytest.mark.parametrize("names, extra, field, words", [
    (["Ana", "Ben"], {}, "players", "3 to 5 players"),
    (FOUR + ["Eve", "Flo", "Gus"], {}, "players", "3 to 5 players"),
    (["Ana", "ana", "Cy"], {}, "players.1", "tell them apart"),
    (FOUR, {"deals": "0"}, "deals", "1 to 200"),
    (FOUR, {"deals": "x"}, "deals", "whole number"),
])
def test_setup_refusals_next_to_the_field(client, names, extra, field, words):
    resp = client.post("/games", data=setup_data(names, **extra))
    assert resp.status_code == 422
    shown = errors(resp.get_data(as_text=True))
    assert words in shown[field], shown
    assert "Games in progress" not in client.get("/").get_data(as_text=True)  # nothing saved


def test_a_random_first_dealer_is_one_of_the_players(client, api):
    gid = create(client, dealer="random")
    assert sheet(api, gid)["first_dealer"] in range(4)


# --------------------------------------------------------------------------- a deal


def test_a_deal_in_taps_made_by_and_the_zero_sum_shown(client, api):
    gid = create(client)
    resp = enter(client, gid, htmx=True)
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and is_fragment(body)
    words = text(body)
    assert "Deal 2" in words and "Garde · Ana · 2 bouts, 49 points · made by 8 · Σ 0" in words
    assert sheet(api, gid)["totals"] == [198, -66, -66, -66]
    assert "▲" in body.split('data-round="1"')[1].split("</tr>")[0]


def test_the_extras_open_behind_one_tap_and_count(client, api):
    gid = create(client)
    body = page(client, gid)
    extras = body.split('<details class="more extras"')[1]
    assert extras.startswith((" >", ">"))  # closed until tapped
    assert enter(client, gid, petit="defence", poignee__2="double", chelem_announced="on").status_code == 303
    row = sheet(api, gid)["rounds"][0]
    assert row["petit"] == "defence" and row["poignees"] == [{"player": 2, "size": "double"}]
    assert row["scores"] == {"contract": 66, "petit": -20, "poignee": 30, "chelem": -200}
    assert row["points"] == [3 * -124, 124, 124, 124]
    words = text(page(client, gid))
    assert "Petit au bout: the defence" in words and "Poignée double: Cy" in words
    assert "Chelem announced, not made" in words


def test_the_defences_points_are_91_minus(client, api):
    gid = create(client)
    assert enter(client, gid, points="42", counted="defence").status_code == 303
    assert sheet(api, gid)["rounds"][0]["attack_points"] == 49


def test_t_c2_at_five_the_called_king(client, api):
    gid = create(client, FOUR + ["Eve"])
    assert "Called King: who held it?" in text(page(client, gid))
    resp = enter(client, gid, taker="1")
    assert resp.status_code == 422 and "Alone" in errors(resp.get_data(as_text=True))["partner"]
    assert enter(client, gid, taker="1", partner="4", points="49,5").status_code == 303
    row = sheet(api, gid)["rounds"][0]
    assert row["partner"] == 4 and row["margin"] == 9 and row["points"] == [-68, 136, -68, -68, 68]
    assert "Garde · Ben with Eve · 2 bouts, 49.5 points · made by 9" in text(page(client, gid))


@pytest.mark.parametrize("names, fields, field, words", [
    (FOUR, {"points": "92"}, "attack_points", "0 to 91"),
    (FOUR, {"points": "-1"}, "attack_points", "0 to 91"),
    (FOUR, {"points": "40.5"}, "attack_points", "no half point"),
    (FOUR, {"points": "12 points"}, "attack_points", "like 45 or 40.5"),
    (FOUR, {"points": ""}, "attack_points", "Give the attack"),
    (FOUR, {"points": "92", "counted": "defence"}, "defence_points", "0 to 91"),
    (FOUR, {"bouts": "4"}, "bouts", "3 bouts"),
    (FOUR, {"bouts": ""}, "bouts", "how many bouts"),
    (FOUR, {"taker": ""}, "taker", "Tap who took"),
    (FOUR, {"contract": "grande"}, "contract", "Tap the contract"),
    (FOUR, {"partner": "1"}, "partner", "there is no partner"),
    (["Ana", "Ben", "Cy"], {"partner": "1"}, "partner", "there is no partner"),
    (FOUR + ["Eve", "Flo"], {"taker": "1", "partner": "0"}, "partner", "Ana deals and sits out"),
    (FOUR, {"bouts": "3", "points": "91", "chelem": "attack", "petit": "defence"}, "petit", "every trick"),
    (FOUR, {"points": "30", "chelem": "attack"}, "chelem", "contract failed"),
    # issue 31: petit au bout by a side whose bouts exclude the Petit (T-S3), a chelem leaving bouts behind (T-S5)
    (FOUR, {"contract": "prise", "bouts": "0", "points": "40", "petit": "attack"}, "petit", "at least 1 bout"),
    (FOUR, {"bouts": "3", "points": "60", "petit": "defence"}, "petit", "at most 2 bouts"),
    (FOUR, {"bouts": "1", "points": "80", "chelem": "attack"}, "chelem", "at least 2 bouts"),
    (FOUR, {"bouts": "1", "points": "40", "chelem": "defence"}, "chelem", "at most 32 points"),
    (["Ana", "Ben", "Cy"], {"poignee__0": "simple", "poignee__1": "simple"}, "poignees", "only 22"),
    (FOUR, {"poignee__0": "triple", "poignee__1": "simple"}, "poignees", "only 22"),
])
def test_bad_deal_is_422_next_to_its_field_and_nothing_saved(client, api, names, fields, field, words):
    gid = create(client, names)
    if len(names) == 5 and "partner" not in fields:
        fields = {"partner": "alone", **fields}
    resp = enter(client, gid, htmx=True, **fields)
    assert resp.status_code == 422
    body = resp.get_data(as_text=True)
    shown = errors(body)
    assert words in shown[field], shown
    assert sheet(api, gid)["version"] == 0
    if fields.get("points"):
        assert f'value="{fields["points"]}"' in body  # what was typed comes back
    assert 'aria-invalid="true"' in body or field in ("poignees", "petit", "chelem", "taker", "contract", "bouts",
                                                       "partner")


def test_everyone_passed_records_a_redeal(client, api):
    gid = create(client)
    assert client.post(f"/games/{gid}/redeal", data={"version": version(client, gid)}).status_code == 303
    s = sheet(api, gid)
    assert s["rounds"][0]["passed"] and s["rounds"][0]["points"] == [0, 0, 0, 0] and s["dealer"] == 3
    words = text(page(client, gid))
    # T-C1: passed, the deal is dealt again by the next dealer and is still deal 1
    assert "everyone passed: redeal · Σ 0" in words and "Deal 1" in words and "Dee deals" in words


def test_stale_page_is_409_and_nothing_saved(client, api):
    gid = create(client)
    enter(client, gid)
    resp = client.post(f"/games/{gid}/deal", data={"version": "0", **form_deal()})
    assert resp.status_code == 409 and "version" in errors(resp.get_data(as_text=True))
    assert sheet(api, gid)["version"] == 1


def test_t_e1_the_table_ends_the_game_then_play_again(client, api):
    gid = create(client)
    assert "End the game" not in text(page(client, gid))
    enter(client, gid)
    enter(client, gid, taker="2", points="30")
    assert client.post(f"/games/{gid}/end", data={"version": version(client, gid)}).status_code == 303
    body = text(page(client, gid))
    assert "Game over" in body and "Winner: Ana" in body and "Play again" in body
    assert "Dee deals first." in body  # the next game's first dealer: one seat on, to the right
    resp = enter(client, gid)
    assert resp.status_code == 422 and "over" in errors(resp.get_data(as_text=True))["round"]
    again = client.post(f"/games/{gid}/rematch")
    assert again.status_code == 303
    new = game_id_from(again.headers["Location"])
    assert sheet(api, new)["first_dealer"] == 3 and sheet(api, new)["players"] == FOUR


def test_t_e1_an_agreed_number_of_deals(client, api):
    gid = create(client, deals="2")
    assert "Deal 1 of 2" in text(page(client, gid))
    enter(client, gid)
    client.post(f"/games/{gid}/redeal", data={"version": version(client, gid)})
    assert not sheet(api, gid)["finished"] and "Deal 2 of 2" in text(page(client, gid))  # T-C1: a pass is no deal
    enter(client, gid, taker="1", points="30")
    s = sheet(api, gid)
    assert s["finished"] and s["ended_at"] == 3 and s["winners"] == [0]


def test_correction_page_and_its_refusals(client, api):
    gid = create(client)
    enter(client, gid, petit="attack")
    enter(client, gid, taker="1")
    form = page(client, gid, "/rounds/1")
    assert 'name="taker" value="0" checked' in form and 'name="contract" value="garde" checked' in form
    assert 'value="49"' in form and 'name="petit" value="attack" checked' in form
    assert '<details class="more extras" open' in form  # the extras recorded are in sight
    v = version(client, gid)
    bad = client.post(f"/games/{gid}/rounds/1", data={"version": v, **form_deal(points="95")})
    assert bad.status_code == 422 and "0 to 91" in errors(bad.get_data(as_text=True))["attack_points"]
    same = client.post(f"/games/{gid}/rounds/1", data={"version": v, **form_deal(petit="attack")})
    assert same.status_code == 303 and sheet(api, gid)["version"] == int(v)  # what is recorded: nothing to record
    ok = client.post(f"/games/{gid}/rounds/1", data={"version": v, **form_deal(points="40")})
    assert ok.status_code == 303
    s = sheet(api, gid)
    assert s["rounds"][0]["corrected"] and s["rounds"][0]["points"] == [-156, 52, 52, 52]
    assert s["totals"] == [-156 - 66, 52 + 198, 52 - 66, 52 - 66]
    assert client.get(f"/games/{gid}/rounds/3").status_code == 404
    stale = client.post(f"/games/{gid}/rounds/1", data={"version": v, **form_deal(points="41")})
    assert stale.status_code == 409
    passed = client.post(f"/games/{gid}/rounds/2", data={"version": version(client, gid), "passed": "on"})
    assert passed.status_code == 303 and sheet(api, gid)["rounds"][1]["passed"]


def test_undo_redo_and_history_words(client, api):
    gid = create(client)
    enter(client, gid, poignee__0="simple")
    body = text(page(client, gid))
    assert "Last entry: Deal 1: Garde · Ana · 2 bouts, 49 points · made by 8 · Poignée simple: Ana" in body
    assert client.post(f"/games/{gid}/undo", data={"version": version(client, gid)}).status_code == 303
    assert sheet(api, gid)["rounds"] == []
    assert client.post(f"/games/{gid}/redo", data={"version": version(client, gid)}).status_code == 303
    history = text(page(client, gid, "/history"))
    assert "Undo of #1 (Deal 1: Garde · Ana" in history and "Redo of #1" in history


def test_watch_page_shows_the_sheet(client, api):
    gid = create(client)
    enter(client, gid)
    watch = api("get", f"/api/games/{gid}/links")[1]["watch"]["url"]
    body = text(client.get(watch.split("localhost")[-1]).get_data(as_text=True))
    assert "Deal 2" in body and "Dee deals" in body and "198" in body and "made by 8" in body


def test_french_first(client, api):
    client.get("/lang/fr")
    key = create(client)
    body = text(client.get(f"/games/{key}").get_data(as_text=True))
    for word in ("Preneur", "Prise", "Garde", "Garde sans", "Garde contre", "Petit au bout", "Poignée", "Chelem",
                 "l’Excuse", "Bouts"):
        assert word in body, word
    client.post(f"/games/{key}/deal", data={"version": "0", **form_deal(points="49", petit="attack")})
    body = text(client.get(f"/games/{key}").get_data(as_text=True))
    assert "Garde · Ana · 2 bouts, 49 points · passée de 8 · Petit au bout : l’attaque" in body


@pytest.mark.parametrize("lang, says", [
    ("fr", "Le Petit est un bout : si l’attaque l’a emporté au dernier pli, elle a au moins 1 bout."),
    ("de", "Der Petit ist ein Bout: hat der Angriff ihn im letzten Stich gemacht, hat er mindestens 1 Bout."),
    ("es", "El Petit es un bout: si el ataque lo ganó en la última baza, tiene al menos 1 bout."),
    ("it", "Il Petit è un bout: se l'attacco l'ha preso nell'ultima presa, ha almeno 1 bout."),
    ("nl", "De Petit is een bout: als de aanval hem in de laatste slag haalde, heeft die minstens 1 bout."),
    ("en", "The Petit is a bout: if the attack took it in the last trick, it has at least 1 bout."),
])
def test_petit_au_bout_without_a_bout_is_told_next_to_the_petit_in_each_language(client, api, lang, says):
    """Issue 31: the issue's own deal (T-S3), refused on the form in the player's language."""
    client.get(f"/lang/{lang}")
    gid = create(client)
    resp = enter(client, gid, htmx=True, contract="prise", bouts="0", points="40", petit="attack")
    assert resp.status_code == 422 and says in errors(resp.get_data(as_text=True))["petit"]
    assert sheet(api, gid)["version"] == 0


def test_the_story_and_the_statistics(client, api):
    """Per player: contracts made of those taken, by contract, made as partner at five,
    points per deal played; the group's statistics count them (by contract's multiplier)."""
    gid = create(client, FOUR + ["Eve"])
    enter(client, gid, taker="1", partner="4")  # Garde made: Ben 2 x 66, Eve 66
    enter(client, gid, taker="1", partner="alone", contract="prise", points="30")  # Ben alone, down by 11: 4 x -36
    client.post(f"/games/{gid}/end", data={"version": version(client, gid)})
    body = page(client, gid)
    facts = body.split('class="story-facts"')[1].split("</table>")[0]
    ben = facts.split('data-player="1"')[1].split("</tr>")[0]
    assert 'data-fact="contracts_made">1 / 2<' in ben and 'data-fact="prise">0 / 1<' in ben
    assert 'data-fact="garde">1 / 1<' in ben and 'data-fact="points_per_deal">-6<' in ben
    eve = facts.split('data-player="4"')[1].split("</tr>")[0]
    assert 'data-fact="as_partner">1 / 1<' in eve
    stats = text(client.get("/stats?game=tarot").get_data(as_text=True))
    assert "French Tarot · 5 players · 1 game" in stats and "Prise: 0 of 1" in stats and "Garde: 1 of 1" in stats
    # Tarot's words, never Wizard's (issue 32 item 5)
    assert "Contracts made: 50%" in stats and "By contract" in stats
    assert not re.search(r"Bids made|By bid size|bid \d", stats)
    assert "Best deal" in text(body) and "Won in defence" in text(body) and "Best round" not in text(body)
    assert 'data-fact="defended">1 / 2<' in facts.split('data-player="0"')[1].split("</tr>")[0]  # Ben's Prise fell
