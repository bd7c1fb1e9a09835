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
_OPAQUE = re.compile(rb"<(?:!--|script|style|textarea|template)")  # text there is not markup
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
    if _OPAQUE.search(html):
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


# --------------------------------------------------------------------------- the next render, read from the last

class _Afresh(Exception):
    """The last render's tree cannot say where the new one's parts are: read it whole."""


def step(old: bytes, old_root: Node, new: bytes) -> tuple[Node | None, Parts | None]:
    """``new``'s tree and the parts that turn ``old`` into it: what ``tree(new)`` and
    ``changed`` answer, found from ``old``'s tree (issue 35: reading a whole render's tags
    cost ~0.6 ms per screen and change, more than the rest of the hub's work on it).

    A part whose bytes are the same in both is where the new render holds them, its parts
    moved with it; one that changed is read again only where its bytes differ (its start
    tag, its parts, what follows its last part), and a part that changed its own shape is
    read on its own. What this cannot follow (parts added after the last part of their
    parent along with parts of their own, the root changing) is read as before, whole."""
    if _OPAQUE.search(new):
        return None, None
    try:
        at = len(new) - len(new.lstrip())
        open_end = _begins(new, at, old_root)
        if not open_end:
            raise _Afresh
        root, inner = _read(old, old_root, new, at, open_end)
        if inner is None or new[root.end:].strip():
            raise _Afresh
    except _Afresh:
        root = tree(new)
        return root, (changed(old, old_root, new, root) if root is not None else None)
    ids: list[str] = []
    stack = [root]
    while stack:
        node = stack.pop()
        ids.append(node.id)
        stack.extend(node.children)
    if len(ids) != len(set(ids)):
        return None, None  # an id twice: as ``tree`` says
    return root, inner


def _begins(html: bytes, at: int, node: Node) -> int:
    """Where the start tag of ``node``'s element ends if that element starts at ``at`` (its
    tag name and its one id, found as ``tree`` finds them); 0 if it does not."""
    name = _NAME.match(html, at)
    if name is None or name.group(1).lower() != node.name:
        return 0
    m = next((m for m in _ID.finditer(html, at) if html[m.start() - 1:m.start()].isspace()), None)
    if m is None or m.group(1).decode() != node.id or html.find(b"<", at + 1, m.start()) >= 0:
        return 0
    close = html.find(b">", m.end())
    if close < 0 or any(html[i.start() - 1:i.start()].isspace() for i in _ID.finditer(html, m.end(), close)):
        return 0
    return close + 1


def _closed_at_start(html: bytes, name: bytes, open_end: int) -> bool:
    return name in _VOID or html[open_end - 2:open_end] == b"/>"


def _moved(node: Node, by: int) -> Node:
    return Node(node.id, node.start + by, node.open_end + by, node.end + by,
                [_moved(c, by) for c in node.children], node.name)


def _read(old: bytes, o: Node, new: bytes, at: int, open_end: int) -> tuple[Node, Parts | None]:
    """``o``'s element as it is in ``new`` from ``at`` (its start tag ending at ``open_end``),
    and the parts turning it into that (none: the same bytes), or None when parts cannot
    say it (then it goes whole)."""
    n = Node(o.id, at, open_end, name=o.name)
    closed = _closed_at_start(new, o.name, open_end)
    if closed != (o.end == o.open_end):
        return _afresh(new, n), None
    if closed:
        n.end = open_end
        return n, Parts(tags=[(n.id, new[at:open_end])])
    o_at, n_at = o.open_end, open_end
    read: list[tuple[Node, Node, Parts | None]] = []
    for oc in o.children:
        gap = old[o_at:oc.start]
        if not new.startswith(gap, n_at):
            return _afresh(new, n), None  # text between parts changed, a part appeared or went
        c_at = n_at + len(gap)
        if new.startswith(old[oc.start:oc.end], c_at):  # the same bytes (most parts): moved as they are
            nc, inner = _moved(oc, c_at - oc.start), Parts()
        else:
            child_end = _begins(new, c_at, oc)
            if not child_end:
                return _afresh(new, n), None  # another part in its place
            nc, inner = _read(old, oc, new, c_at, child_end)
        read.append((oc, nc, inner))
        n.children.append(nc)
        o_at, n_at = oc.end, nc.end
    tail = old[o_at:o.end]  # after its last part, to its end tag
    out = Parts()
    if new.startswith(tail, n_at):
        n.end = n_at + len(tail)
    else:
        n.end = _end(new, n)
        rest = new[n_at:n.end]
        if n.end < 0 or not o.children or not rest.endswith(tail):
            return _afresh(new, n), None
        added = rest[:len(rest) - len(tail)]
        more = _region(new, n_at, n_at + len(added))  # rows added at the end: their parts
        if more is None:
            raise _Afresh
        n.children.extend(more)
        out.after.append((o.children[-1].id, added))
    tag = new[at:open_end]
    if tag != old[o.start:o.open_end]:
        out.tags.append((n.id, tag))
    for _oc, nc, inner in read:
        if inner is not None and not (inner.tags or inner.parts or inner.after):
            continue  # the same bytes
        now = new[nc.start:nc.end]
        if inner is not None and inner.size() < len(now):
            out.extend(inner)
        else:
            out.parts.append((nc.id, now))
    return n, out


def _end(html: bytes, node: Node) -> int:
    """Past the end tag closing ``node`` (its name's tags counted from its start); -1: none."""
    tags = _ENDS.get(node.name)
    if tags is None:
        tags = _ENDS[node.name] = re.compile(rb"<(/?)" + node.name + rb"[\s>/]")
    depth = 0
    for m in tags.finditer(html, node.start):
        depth += -1 if m.group(1) else 1
        if not depth:
            return html.find(b">", m.end() - 1) + 1
    return -1


def _afresh(new: bytes, n: Node) -> Node:
    """``n``'s element read on its own (it changed its shape): its end and its parts."""
    n.end = n.open_end if _closed_at_start(new, n.name, n.open_end) else _end(new, n)
    alone = _region(new, n.start, n.end) if n.end > 0 else None
    if not alone or len(alone) != 1 or alone[0].start != n.start:
        raise _Afresh
    return alone[0]


def _region(html: bytes, lo: int, hi: int) -> list[Node] | None:
    """The elements with an id from ``lo`` to ``hi``, nested, as ``tree`` finds them; None
    where it would find none (a tag not closed, an element straddling ``hi``)."""
    top: list[Node] = []
    stack: list[Node] = []
    at = lo
    for m in _ID.finditer(html, lo, hi):
        if not html[m.start() - 1:m.start()].isspace():
            continue
        start = html.rfind(b"<", at, m.start())
        name = _NAME.match(html, start) if start >= 0 else None
        close = html.find(b">", m.end())
        if name is None or close < 0 or html.find(b"<", start + 1, m.start()) >= 0:
            return None
        node = Node(m.group(1).decode(), start, close + 1, name=name.group(1).lower())
        node.end = node.open_end if _closed_at_start(html, node.name, node.open_end) else _end(html, node)
        if node.end <= 0 or node.end > hi:
            return None
        while stack and node.start >= stack[-1].end:
            stack.pop()
        if stack and node.end > stack[-1].end:
            return None
        (stack[-1].children if stack else top).append(node)
        stack.append(node)
        at = close + 1
    return top
