"""Issue 32, item 9: the players' own phones at the table (W-R3, W-B7, K-B1)."""

from __future__ import annotations

from table_driver import Table
from web_helpers import HX, text

ANNA, BRUNO, CHLOE = range(3)
WIZARD = {"players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2, "preset": "standard",
          "rules": {"reveal": "hidden"}}


def test_w_r3_only_the_dealer_names_a_turned_wizards_suit_on_their_phone(app):
    t = Table(app, WIZARD, ways=("hx",))
    for seat in (ANNA, CHLOE):
        t.claim(seat)
    assert t.trump("wizard").status_code == 200
    page = text(t.holders[ANNA].get(f"/p/{t.tokens[ANNA]}").get_data(as_text=True))
    assert "Chloé, the dealer, names the trump suit" in page and "you, the dealer" not in page
    refused = t.holders[ANNA].post(f"/p/{t.tokens[ANNA]}/trump", data={"round": "1", "suit": "red"}, headers=HX)
    assert refused.status_code == 422
    assert "Chloé names the trump suit" in text(refused.get_data(as_text=True))
    assert t.sheet()["rounds"][0]["trump"]["suit"] is None
    dealer = t.holders[CHLOE]
    assert "you, the dealer, name the trump suit" in text(dealer.get(f"/p/{t.tokens[CHLOE]}").get_data(as_text=True))
    bad = dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "purple"}, headers=HX)
    assert bad.status_code == 422 and "Choose one of the four suits." in text(bad.get_data(as_text=True))
    assert dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "red"}).status_code == 303
    t._sheet = None
    assert t.sheet()["rounds"][0]["trump"]["suit"] == "red"
    again = dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "blue"}, headers=HX)
    assert again.status_code == 422 and "There is no trump suit to name now." in text(again.get_data(as_text=True))
