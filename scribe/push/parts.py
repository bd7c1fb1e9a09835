"""A fragment's new render as the parts that changed since the render before (issue 35): a
screen is sent the rows, the trick, the hand that moved, not the whole sheet again.

A part is an element of the fragment that carries an ``id`` (the templates mark the sheet's
rows, the trick, the hand, the standings...). Two renders of one view are compared as
trees of those elements: where the bytes around the parts are the same in both, only the
parts whose own bytes differ are sent, each whole, found again on the page by its id;
or, when that weighs less, only its start tag (the root's ``data-version`` and poll's
``?v=``, a row's class) and the parts inside it that changed; parts added after the last
part of their parent (a row at the end of the sheet) are sent alone. A part appearing
elsewhere or going, or text between parts changed, sends the part around it whole; at
the root, or where tags do not close as they open or an id comes twice, parts cannot
say it (None): the whole fragment is sent, as before. What is sent is cut from the viewer's own render, so it can hold
nothing that render did not.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..web.live import version_of

_ID = re.compile(rb'id="([^"]+)"')  # autoescape writes no bare " in a value nor in text
_NAME = re.compile(rb"<([a-zA-Z][a-zA-Z0-9]*)")
_VOID = frozenset(b"area base br col embed hr img input link meta source track wbr".split())
_OPAQUE = (b"<!--", b"<script", b"<style", b"<textarea", b"<template")  # text there is not markup
_ENDS: dict[bytes, re.Pattern[bytes]] = {}


@dataclass(eq=False)
class Node:
    """An element with an id: where it is in the fragment, its start tag's end, its parts."""

    id: str
    start: int
    open_end: int
    end: int = -1
    children: list[Node] = field(default_factory=list)
    name: bytes = b""


def tree(html: bytes) -> Node | None:
    """The fragment's root element and the parts inside it, nested as on the page; None when
    it is not one element holding its parts, each id once, or holds text that is not markup.

    Only the elements with an id are looked at (a render is read on every change): each
    one's end is found by counting the start and end tags of its name that follow it."""
    if any(o in html for o in _OPAQUE):
        return None
    nodes: list[Node] = []
    seen: set[str] = set()
    at = 0
    for m in _ID.finditer(html):
        if not html[m.start() - 1:m.start()].isspace():
            continue  # data-id=, aria-...id=: another attribute
        start = html.rfind(b"<", at, m.start())
        name = _NAME.match(html, start) if start >= 0 else None
        close = html.find(b">", m.end())
        if name is None or close < 0 or html.find(b"<", start + 1, m.start()) >= 0:
            return None
        ident = m.group(1).decode()
        if ident in seen:
            return None
        seen.add(ident)
        nodes.append(Node(ident, start, close + 1, name=name.group(1).lower()))
        at = close + 1
    if not nodes:
        return None
    for name in {n.name for n in nodes}:
        if not _ends(html, name, [n for n in nodes if n.name == name]):
            return None
    root = nodes[0]
    if root.start != len(html) - len(html.lstrip()) or html[root.end:].strip():
        return None
    stack = [root]
    for node in nodes[1:]:
        while stack and node.start >= stack[-1].end:
            stack.pop()
        if not stack or node.end > stack[-1].end:
            return None  # outside the root, or straddling a part's end
        stack[-1].children.append(node)
        stack.append(node)
    return root


def _ends(html: bytes, name: bytes, nodes: list[Node]) -> bool:
    """Set each node's end: past the end tag that closes it (its name's tags counted)."""
    open_ = []
    for node in nodes:
        if name in _VOID or html[node.open_end - 2:node.open_end] == b"/>":
            node.end = node.open_end
        else:
            open_.append(node)
    if not open_:
        return True
    tags = _ENDS.get(name)
    if tags is None:
        tags = _ENDS[name] = re.compile(rb"<(/?)" + name + rb"[\s>/]")  # the templates write tag names in lower case
    starts = {n.start: n for n in open_}
    left = len(open_)
    opened: list[int] = []
    for m in tags.finditer(html, open_[0].start):
        if not m.group(1):
            opened.append(m.start())
        elif opened:  # (an end tag with none open closes an element begun before the first node)
            node = starts.get(opened.pop())
            if node is not None:
                node.end = html.find(b">", m.end() - 1) + 1
                left -= 1
                if not left:
                    return True
    return False


@dataclass
class Parts:
    """What turns the render before into the new one: the start tags that changed (the
    root's version, a row's class) by id, each changed part's new bytes by id, and what
    comes after a part that was the last of its parent (rows added at the end of the
    sheet), by that part's id."""

    tags: list[tuple[str, bytes]] = field(default_factory=list)
    parts: list[tuple[str, bytes]] = field(default_factory=list)
    after: list[tuple[str, bytes]] = field(default_factory=list)

    def size(self) -> int:
        return sum(len(p) for _, p in self.tags + self.parts + self.after)

    def data(self, base: int) -> bytes:
        """The event's data: one line of JSON (the version it applies to, then the changes)."""
        body = {"base": base, **{name: [[i, p.decode()] for i, p in getattr(self, name)]
                                 for name in ("tags", "parts", "after")}}
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()

    def extend(self, other: Parts) -> None:
        self.tags += other.tags
        self.parts += other.parts
        self.after += other.after


def changed(old: bytes, old_root: Node, new: bytes, new_root: Node) -> Parts | None:
    """The parts of ``new`` that differ from ``old`` (both renders of one view), or None when
    parts cannot say it (then the whole fragment goes)."""
    if old_root.id != new_root.id:
        return None
    out = Parts()
    if not _inside(old, old_root, new, new_root, out):
        return None
    return out


def _inside(old: bytes, o: Node, new: bytes, n: Node, out: Parts) -> bool:
    """Whether ``n`` is ``o`` with only its start tag changed, parts inside it replaced, or
    added after its last part (gathered into ``out``)."""
    kept = len(o.children)
    if [c.id for c in o.children] != [c.id for c in n.children[:kept]]:
        return False
    o_at, n_at = o.open_end, n.open_end
    for oc, nc in zip(o.children, n.children):
        if old[o_at:oc.start] != new[n_at:nc.start]:
            return False
        o_at, n_at = oc.end, nc.end
    tail, rest = old[o_at:o.end], new[n_at:n.end]  # after the last part the two have (to the end tag)
    if rest != tail:
        if not kept or not rest.endswith(tail):
            return False
        out.after.append((o.children[-1].id, rest[:len(rest) - len(tail)]))
    tag = new[n.start:n.open_end]
    if tag != old[o.start:o.open_end]:
        out.tags.append((n.id, tag))
    for oc, nc in zip(o.children, n.children):
        now = new[nc.start:nc.end]
        if old[oc.start:oc.end] == now:
            continue
        inner = Parts()
        if _inside(old, oc, new, nc, inner) and inner.size() < len(now):
            out.extend(inner)
        else:
            out.parts.append((nc.id, now))
    return True


def apply(html: bytes, data: bytes) -> bytes | None:
    """What a page shows once a ``parts`` event's ``data`` is applied to ``html`` (as
    static/live.js does); None when the event is not for that page (another base version,
    a part it lacks): the page then asks for the whole fragment."""
    change = json.loads(data)
    root = tree(html)
    if root is None or version_of(html) != change["base"]:
        return None
    nodes, stack = {}, [root]
    while stack:
        node = stack.pop()
        nodes[node.id] = node
        stack.extend(node.children)
    edits = []
    for name in ("tags", "parts", "after"):
        for ident, part in change[name]:
            node = nodes.get(ident)
            if node is None or (name != "tags" and node is root):
                return None
            start, end = {"tags": (node.start, node.open_end), "parts": (node.start, node.end),
                          "after": (node.end, node.end)}[name]
            edits.append((start, end, part.encode()))
    for start, end, new in sorted(edits, reverse=True):
        html = html[:start] + new + html[end:]
    return html
