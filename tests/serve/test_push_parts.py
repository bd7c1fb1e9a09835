"""A change sent in parts (issue 35, scribe/push/parts.py): two renders of one screen are
compared by their elements with an id; only the parts whose bytes changed are sent, and
the page they are applied to then reads exactly as the new render. Whatever parts cannot
say (a part appearing or going, text between parts, tags that do not close, an id twice)
goes whole. A stream is sent parts only when its page shows the version they apply to."""

from __future__ import annotations

import json
from itertools import pairwise

from scribe.push.hub import Group, Member
from scribe.push.parts import Node, apply, changed, step, tree
from scribe.web.live import version_of


def render(version: int, bids: list[str], trick: str | None = "", extra: str = "") -> bytes:
    """A screen as the templates write it: a root with its version, a list, a trick, a table."""
    rows = "".join(f'<tr id="round-{i}" class="x"><td>{b}</td><td><input name="b" value="{b}"></td></tr>\n'
                   for i, b in enumerate(bids, 1))
    trick_html = f'<section id="trick"><h2 id="trick-title">Trick</h2><p>{trick}</p></section>' if trick is not None else ""
    return (f'\n<div id="watch" class="watch" data-version="{version}" hx-get="/w/t/sheet?v={version}">\n'
            f'  <section id="round-now"><h1 id="round-title">Round 2</h1>{trick_html}</section>{extra}\n'
            f'  <table id="sheet"><tbody>\n{rows}</tbody></table>\n'
            f'  <br><img src="x.svg" alt=""><svg id="chart"><path d="M0 0"/><title id="chart-t">c</title></svg>\n'
            f'</div>\n').encode()


def shape(node: Node | None):
    """A tree as plain values: where each part is, its name, its parts."""
    return node and (node.id, node.name, node.start, node.open_end, node.end, [shape(c) for c in node.children])


def cut(parts):
    return parts and (parts.tags, parts.parts, parts.after)


def diff(old: bytes, new: bytes):
    """The parts cut from both renders read whole; the hub's reading of the new one from the
    one before (``step``) finds the same tree and the same parts."""
    root = tree(new)
    parts = changed(old, tree(old), new, root) if root is not None else None
    read, stepped = step(old, tree(old), new)
    assert (shape(read), cut(stepped)) == (shape(root), cut(parts))
    return parts


def test_a_row_changed_is_sent_alone_and_the_page_then_reads_as_the_new_render():
    old, new = render(4, ["0", "1", "…"]), render(5, ["0", "1", "2"])
    parts = diff(old, new)
    assert [i for i, _ in parts.parts] == ["round-3"]
    assert parts.parts[0][1] == b'<tr id="round-3" class="x"><td>2</td><td><input name="b" value="2"></td></tr>'
    assert parts.tags == [("watch", b'<div id="watch" class="watch" data-version="5" hx-get="/w/t/sheet?v=5">')]
    assert parts.size() * 3 < len(new)
    assert apply(old, parts.data(4)) == new


def test_the_innermost_part_that_changed_is_sent_and_several_at_once():
    old, new = render(4, ["0", "1"], trick="R3"), render(5, ["0", "9"], trick="R3 B4")
    parts = diff(old, new)
    assert [i for i, _ in parts.parts] == ["trick", "round-2"]  # not #round-now, nor #sheet
    assert apply(old, parts.data(4)) == new


def test_a_start_tag_changed_is_sent_without_what_it_holds():
    old = render(4, ["0", "1"], trick="R3 " * 50)
    new = old.replace(b'<tr id="round-2" class="x">', b'<tr id="round-2" class="now">').replace(
        b'<section id="round-now">', b'<section id="round-now" data-turn="2">').replace(b"R3 R3 R3", b"R3 R3 B4")
    new = new.replace(b'data-version="4"', b'data-version="5"').replace(b"?v=4", b"?v=5")
    parts = diff(old, new)
    assert [i for i, _ in parts.tags] == ["watch", "round-now", "round-2"]  # a row's class: its tag alone
    assert [i for i, _ in parts.parts] == ["trick"]  # text changed in it: #trick whole
    assert apply(old, parts.data(4)) == new


def test_a_part_appearing_or_going_sends_the_part_around_it():
    old, new = render(4, ["0"], trick=None), render(5, ["0"], trick="R3")
    appears = diff(old, new)  # after the last part of #round-now: sent alone, after it
    assert (appears.parts, [i for i, _ in appears.after]) == ([], ["round-title"])
    assert apply(old, appears.data(4)) == new
    assert [i for i, _ in diff(new, old).parts] == ["round-now"]  # gone: the part around it
    before = new.replace(b'<h1 id="round-title">', b'<p id="first">!</p><h1 id="round-title">')
    assert [i for i, _ in diff(new, before).parts] == ["round-now"]  # not after the last: around it
    assert apply(new, diff(new, before).data(5)) == before


def test_rows_added_at_the_end_are_sent_alone_after_the_last_row():
    old, new = render(4, ["0", "1"]), render(5, ["0", "7", "2", "3"])
    parts = diff(old, new)
    assert [i for i, _ in parts.parts] == ["round-2"]
    added = (b'\n<tr id="round-3" class="x"><td>2</td><td><input name="b" value="2"></td></tr>'
             b'\n<tr id="round-4" class="x"><td>3</td><td><input name="b" value="3"></td></tr>')
    assert parts.after == [("round-2", added)]
    assert apply(old, parts.data(4)) == new
    assert [i for i, _ in diff(new, old).parts] == ["sheet"]  # rows taken away: the sheet whole


def test_what_parts_cannot_say_goes_whole():
    old = render(4, ["0", "1"])
    assert diff(old, render(5, ["0", "1"], extra="<p>text between parts</p>")) is None
    assert diff(old, old.replace(b'id="watch"', b'id="view"')) is None  # another screen
    assert tree(old.replace(b"</table>", b"")) is None  # a tag that does not close
    assert tree(old.replace(b'id="round-2"', b'id="round-1"')) is None  # an id twice
    assert tree(old + b"<p>after the root</p>") is None
    assert tree(old.replace(b"<br>", b"<!-- <div> -->")) is None  # text that is not markup
    assert tree(b"<p>no id</p>") is None


def test_a_void_element_a_self_closed_one_and_other_attributes_named_id():
    page = render(4, ["0"]).replace(b"<br>", b'<br id="gap"><span data-id="x" aria-id="y">z</span>')
    node = tree(page)
    ids = []
    stack = [node]
    while stack:
        n = stack.pop()
        ids.append(n.id)
        stack.extend(n.children)
    assert sorted(ids) == sorted(["watch", "round-now", "round-title", "trick", "trick-title", "sheet", "round-1",
                                  "gap", "chart", "chart-t"])
    new = page.replace(b"<title id=\"chart-t\">c</title>", b"<title id=\"chart-t\">d</title>").replace(
        b'data-version="4"', b'data-version="5"')
    parts = diff(page, new)
    assert [i for i, _ in parts.parts] == ["chart-t"]
    assert apply(page, parts.data(4)) == new


def test_the_next_render_is_read_from_the_one_before_as_if_read_whole():
    renders = [render(4, ["0", "1"], trick=None), render(5, ["0", "1"], trick=""), render(6, ["0", "1"], trick="R3"),
               render(7, ["0", "1", "…"], trick="R3 B4"), render(8, ["0", "1", "2", "5"], trick="R3 B4 Y9 G1"),
               render(9, ["0", "1", "2", "5"], trick=None), render(10, ["3"], trick="x")]
    renders.append(renders[-1].replace(b"<td>3</td>", b'<td><b id="bold">3</b></td>'))  # a part of its own in a row
    renders.append(renders[-1].replace(b'<h2 id="trick-title">', b'<h2 id="trick-title" class="on">'))
    for old, new in pairwise(renders):
        parts = diff(old, new)  # asserts the same as read whole
        assert parts is not None and apply(old, parts.data(version_of(old))) == new
    last = renders[-1]
    twice = last.replace(b"<p>x</p>", b'<p id="round-1">x</p>')  # a changed part holds an id found elsewhere
    assert step(last, tree(last), twice) == (None, None) and tree(twice) is None
    opaque = last.replace(b"<p>x</p>", b"<p><!-- x --></p>")
    assert step(last, tree(last), opaque) == (None, None)
    unclosed = last.replace(b"</h2>", b"")  # a part's tag no longer closes
    assert diff(last, unclosed) is None and tree(unclosed) is None


def test_parts_are_applied_only_to_the_version_they_were_cut_from():
    old, new = render(4, ["0", "1"]), render(5, ["0", "2"])
    data = diff(old, new).data(4)
    assert json.loads(data)["base"] == 4
    assert apply(render(3, ["0", "1"]), data) is None
    assert apply(old.replace(b'id="round-2"', b'id="round-9"'), data) is None  # the part is not on that page


def test_a_stream_is_sent_parts_only_from_the_version_its_page_will_show():
    group = Group("game", "share", "/w/t/sheet", {}, 4, body=b"W" * 100)
    member = Member(4)

    def render(version: int, step: bytes, base: int) -> bytes:
        group.version, group.step, group.base, group.last = version, step, base, b""
        member.show(group)
        return group.whole()

    step = b"P" * 10
    render(5, step, 4)
    assert (member.version, member.take()) == (5, step)
    render(6, step, 5)
    render(7, b"Q" * 10, 6)  # not written yet: both wait, in order
    assert (member.version, member.take()) == (7, step + b"Q" * 10)
    whole = render(9, step, 8)  # a version skipped: the whole fragment
    assert (member.version, member.take()) == (9, whole)
    assert b"event: sheet\ndata: WWW" in whole
    render(9, step, 8)  # shown already: nothing
    assert member.take() == b""
    render(10, b"", 9)  # no parts for it: whole
    assert member.take() == group.whole()
    for v in range(11, 25):  # a phone that reads nothing: what waits never outweighs the fragment
        render(v, step, v - 1)
    assert len(member.take()) <= len(group.whole())
