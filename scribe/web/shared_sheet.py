"""The score sheet rendered once for every screen that shows it alike (issue 35).

After one tap, the Scribe's panel, each seat's view and the TV's are rendered, and the
tap's own answer too: each holds the same sheet, the most costly part of all of them
(a table of every round's cells). A sheet template (``<game>/_sheet.html``) renders from
what it reads of its context, the reader's language and the URLs' root only: so its
output is kept under those, and the next render with the same ones is the same text.

The view is part of the key, not the game's id and version: a viewer's sheet is made by
the rules (``sharing.viewer_sheet``) with what that viewer may not see removed, and
frozen views that compare equal hold the same things. Where the game says what its score
table shows of a view (``table_key``: the family's leaves out the holder's own hand), the
key holds that: the seats and the TV then share one render. A seat whose sealed bid the
others may not see has a sheet of its own; once the bids are revealed all share one. A
value that cannot be hashed (no such key can be trusted), a template that reads anything
else of the request (``request``, ``session``, ``g``...) or names its parts at run time
is rendered as before, every time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from flask import Flask, g, request
from flask_babel import get_locale, get_timezone
from jinja2 import Environment, Template, meta, nodes
from jinja2.runtime import Context

SUFFIX = "/_sheet.html"
KEPT = 256  # sheets kept (~60 KB each with their key): one tap's renders use theirs within a moment; the least recently used goes first
# the globals a sheet may call: words and URLs (keyed below by language and root), plain helpers
PURE_GLOBALS = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext", "url_for", "range", "dict", "namespace",
                          "cycler", "joiner"})


class Kept:
    """A bounded, thread-safe map of rendered sheets (the hub renders in several threads)."""

    def __init__(self, size: int = KEPT):
        self.size = size
        self.items: OrderedDict[Any, str] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Any) -> str | None:
        with self.lock:
            html = self.items.get(key)
            if html is None:
                self.misses += 1
            else:
                self.hits += 1
                self.items.move_to_end(key)
            return html

    def put(self, key: Any, html: str) -> None:
        with self.lock:
            self.items[key] = html
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


def _read(env: Environment, name: str, seen: set[str]) -> set[str] | None:
    """The context names ``name`` and the templates it extends, includes or imports load;
    None if it reads the request otherwise or names a template at run time."""
    if name in seen:
        return set()
    seen.add(name)
    source = env.loader.get_source(env, name)[0] if env.loader is not None else None
    if source is None:
        return None
    tree = env.parse(source)
    loaded = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"}
    if any(n in env.globals and n not in PURE_GLOBALS for n in loaded):
        return None
    names = set(meta.find_undeclared_variables(tree))  # read from the context (a name set first is not)
    for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        if not isinstance(node.template, nodes.Const) or not isinstance(node.template.value, str):
            return None
        more = _read(env, node.template.value, seen)
        if more is None:
            return None
        names |= more
    return names


class SharedSheet(Template):
    """A template; a sheet template's render kept under what it reads (see the module)."""

    kept: Kept

    @classmethod
    def _from_namespace(cls, environment: Environment, namespace: Any, globals: Any) -> Template:
        t = super()._from_namespace(environment, namespace, globals)
        name = t.name or ""
        if name.endswith(SUFFIX) and not name.startswith("pdf/"):
            names = _read(environment, name, set())
            if names is not None:
                t.root_render_func = _kept_render(name, tuple(sorted(names)), t.root_render_func, cls.kept)
        return t

    def _get_default_module(self, ctx: Context | None = None) -> Any:
        """An imported template's module (``{% from "_cards.html" import ... %}``). Jinja
        asks at each import whether the importing template has globals this one lacks, as a
        set less a ChainMap's keys: ~100 us in Python, ~15 imports per tap with its six
        renders. A subset check answers the same in C; when it has none, the kept module."""
        if ctx is not None and ctx.globals_keys.issubset(self.globals):
            ctx = None
        return super()._get_default_module(ctx)


def _keyed(value: Any) -> Any:
    """A context value as the key holds it: a view as its score table shows it, when its
    game says what that is (``table_key``: the seats and the TV then share one render)."""
    table_key = getattr(type(value), "table_key", None)
    return value if table_key is None else (type(value), table_key(value))


def place() -> tuple[Any, ...]:
    """What a kept text reads of the request beside its context: the language and time zone
    (words, numbers, dates) and the URLs' root with the game they are built for (``url_for``);
    RuntimeError outside a request.

    Asked for every kept row and sheet (~40 times per tap with its six renders), it cost
    ~25-35 us each: so it is worked out once per request and kept on ``g`` while the same
    request, language, time zone and game hold (a forced language, a request context
    pushed inside another one's, are other places)."""
    req = request._get_current_object()  # RuntimeError outside a request
    space = g._get_current_object()
    made = space.__dict__
    chosen = made.get("_flask_babel")  # Flask-Babel's choices for this request, once made
    locale = getattr(chosen, "babel_locale", None) or get_locale()
    zone = getattr(chosen, "babel_tzinfo", None) or get_timezone()
    key = made.get("scribe_key")
    kept = made.get("_scribe_place")
    if kept is not None and kept[0] is req and kept[1] is locale and kept[2] is zone and kept[3] == key:
        return kept[4]
    value = (str(locale), str(zone), req.host_url, req.script_root, key)
    made["_scribe_place"] = (req, locale, zone, key, value)
    return value


def _kept_render(name: str, names: tuple[str, ...], render: Any, kept: Kept) -> Any:
    def root(context: Context) -> Iterator[str]:
        # a template extending this one renders through it with its own blocks: not this text
        if context.name != name:
            yield from render(context)
            return
        try:
            key = (name, place(), tuple(_keyed(context.resolve_or_missing(n)) for n in names))
            hash(key)
        except (TypeError, RuntimeError):  # a value with no trusted key, or no request: rendered, not kept
            yield from render(context)
            return
        html = kept.get(key)
        if html is None:
            html = context.environment.concat(render(context))
            kept.put(key, html)
        yield html

    return root


def init_app(app: Flask) -> None:
    """Sheet templates load as ``SharedSheet``s, each app with its own store of them."""
    app.jinja_env.template_class = type("SharedSheet", (SharedSheet,), {"kept": Kept()})
    if app.jinja_env.cache is not None:
        app.jinja_env.cache.clear()  # any template loaded before is loaded again as one
