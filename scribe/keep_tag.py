"""The ``{% keep key %}...{% endkeep %}`` tag the sheets' templates mark their rows and
story with: its grammar, for every Jinja environment that renders them. Here the body is
simply rendered (a command's printed sheet: nothing to keep between renders); the web's
``KeepRows`` (web/kept_rows.py) keeps each body once rendered."""

from __future__ import annotations

from typing import Any, ClassVar

from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from jinja2.runtime import Context


class KeepTag(Extension):
    """``{% keep key %}body{% endkeep %}``: the body, rendered."""

    tags: ClassVar[set[str]] = {"keep"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        body = parser.parse_statements(("name:endkeep",), drop_needle=True)
        return nodes.CallBlock(self.call_method("_keep", [nodes.ContextReference(), key]), [], [], body
                               ).set_lineno(lineno)

    def _keep(self, context: Context, key: Any, caller: Any) -> Any:
        return caller()
