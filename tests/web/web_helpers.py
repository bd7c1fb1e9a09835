"""Reading the pages the way a player does: forms, buttons, messages, the sheet's numbers."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

HX = {"HX-Request": "true"}


@dataclass
class Form:
    action: str
    hidden: dict[str, str] = field(default_factory=dict)
    buttons: list[dict[str, str | None]] = field(default_factory=list)  # submit buttons with name/value
    radios: dict[str, list[str]] = field(default_factory=dict)
    checked: dict[str, str] = field(default_factory=dict)  # radios checked as the page came

    def button(self, name: str, value: str) -> dict[str, str | None]:
        for b in self.buttons:
            if b.get("name") == name and b.get("value") == value:
                return b
        raise AssertionError(f"no button {name}={value} in {self.action}: {self.buttons}")

    def enabled(self, name: str) -> list[str]:
        return [b["value"] for b in self.buttons if b.get("name") == name and "disabled" not in b]


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._current: Form | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._current = Form(action=a.get("action", ""))
            self.forms.append(self._current)
        elif self._current is None:
            return
        elif tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self._current.hidden[a["name"]] = a.get("value") or ""
        elif tag == "input" and a.get("type") == "radio" and a.get("name"):
            self._current.radios.setdefault(a["name"], []).append(a.get("value") or "")
            if "checked" in a:
                self._current.checked[a["name"]] = a.get("value") or ""
        elif tag == "button":
            self._current.buttons.append(a)

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None


def forms(page: str) -> list[Form]:
    parser = _Forms()
    parser.feed(page)
    return parser.forms


def form(page: str, action_end: str) -> Form:
    """The form whose action ends with ``action_end`` (e.g. "/bid")."""
    found = [f for f in forms(page) if f.action.endswith(action_end)]
    assert found, f"no form posting to …{action_end} on the page"
    return found[0]


def has_form(page: str, action_end: str) -> bool:
    return any(f.action.endswith(action_end) for f in forms(page))


def submit(client, page: str, action_end: str, headers=None, **fields):
    """Post the form as a tap would: its hidden fields plus the tapped button / chosen values."""
    f = form(page, action_end)
    data = {**f.hidden, **{k.replace("__", "."): v for k, v in fields.items()}}
    return client.post(f.action, data=data, headers=headers or {})


ERR = re.compile(r'<p class="err[^"]*" role="alert" data-field="([^"]*)">(.*?)</p>', re.DOTALL)


def errors(page: str) -> dict[str, str]:
    """Messages shown next to fields: {field: message}."""
    return {f: html.unescape(m.strip()) for f, m in ERR.findall(page)}


def text(page: str) -> str:
    """The visible text, tags removed, entities decoded, spaces collapsed."""
    no_tags = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(no_tags).split())


def sheet_totals(page: str) -> dict[int, list[int | None]]:
    """Round number -> the running totals shown in its row (None where empty), read as the
    page writes them: with the locale's group separator (``1\u202f240``, ``1,240``, ``1.240``)."""
    rows = {}
    for number, body in re.findall(r'<tr id="round-(\d+)"[^>]*>(.*?)</tr>', page, re.DOTALL):
        cells = re.findall(r'<span class="total">\s*(-?[\d\u202f\xa0.,]*)\s*</span>', body)
        rows[int(number)] = [int(re.sub(r"[^\d-]", "", c)) if c else None for c in cells]
    return rows


def row_classes(page: str, number: int) -> list[str]:
    m = re.search(rf'<tr id="round-{number}" class="([^"]*)"', page)
    assert m, f"no row {number}"
    return m.group(1).split()


def is_fragment(page: str) -> bool:
    """Only the play component, not the whole document."""
    return page.lstrip().startswith('<div id="play"') and "<html" not in page and "<head" not in page


def game_id_from(location: str) -> str:
    m = re.search(r"/games/([A-Za-z0-9_-]+)", location)
    assert m, location
    return m.group(1)


def created(client, data: dict) -> str:
    """The new game's id, once the new-game form ``data`` was taken (a 303 to its page)."""
    resp = client.post("/games", data=data)
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    return game_id_from(resp.headers["Location"])


def game_page(client, gid: str, path: str = "") -> str:
    resp = client.get(f"/games/{gid}{path}")
    assert resp.status_code == 200, resp.status_code
    return resp.get_data(as_text=True)


def page_version(client, gid: str) -> str:
    """The version the game's page would send with its next entry."""
    return re.search(r'data-version="(\d+)"', game_page(client, gid)).group(1)


def points(bid: int, tricks: int) -> int:
    """W-S1 as a player adds it up on paper."""
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)
