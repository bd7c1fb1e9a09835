"""One tap, one game (issue 18): the keys that make a create sent twice answer the game
made the first time (``sharing.new_game``'s ``made_from``), and the creation limit
spared for those answers.

- the new-game form carries a one-time key made when the form is shown: the same form
  sent twice (a double tap, a retry) makes one game; the form changed, or shown again,
  makes a new one;
- an API client may send an ``Idempotency-Key`` header: the same key from the same client
  answers the same game; the same key with another body is refused (422), as
  draft-ietf-httpapi-idempotency-key-header says. The client is its address, as the
  creation limit knows it (not its session cookie: ten requests sent at once before any
  answer carry none, nor does a retry whose first answer was lost);
- a rematch is keyed by the game it follows (``sharing.rematch``).
Only hashes are stored: a key opens nothing.
"""

from __future__ import annotations

import json
import re
import secrets
from hashlib import sha256
from typing import Any

from flask import g, request
from flask.wrappers import Response
from flask_limiter.util import get_remote_address
from werkzeug.datastructures import MultiDict

from ..rules.errors import N_, RuleError

FIELD = "once"  # the new-game form's hidden input
HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"  # on an answer given again (as Stripe's API says it)
_ONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_KEY = re.compile(r"[\x21-\x7e]{1,255}")  # visible ASCII, as an HTTP header may carry


def _hash(*parts: str) -> str:
    return sha256("\x00".join(parts).encode()).hexdigest()


def form_key() -> str:
    """A new one-time key for a new-game form being shown."""
    return secrets.token_urlsafe(16)


def kept_form_key(form: MultiDict) -> str:
    """The key of a refused form shown again (a typo fixed is still the same tap's form)."""
    raw = form.get(FIELD)
    return raw if isinstance(raw, str) and _ONCE.fullmatch(raw) else form_key()


def from_form(form: MultiDict) -> str | None:
    """What a new-game form's game is made from: its one-time key and everything it sent,
    so a form shown again by the Back button and changed makes a new game. None for a
    form without a key (a page from before this, or made by hand): no guard."""
    once = form.get(FIELD)
    if not isinstance(once, str) or not _ONCE.fullmatch(once):
        return None
    return "form:" + _hash(once, json.dumps(sorted(form.lists())))


def from_api(body: dict[str, Any]) -> tuple[str | None, str | None]:
    """(made_from, made_with) of ``POST /api/games``: its Idempotency-Key for this client,
    and the request's fingerprint; (None, None) without the header."""
    key = request.headers.get(HEADER)
    if key is None:
        return None, None
    if not _KEY.fullmatch(key):
        raise RuleError(N_("An Idempotency-Key is 1 to 255 visible characters."), field=HEADER)
    return "api:" + _hash(get_remote_address(), key), _hash(json.dumps(body, sort_keys=True))


def answered_again(response: Response | None = None) -> Response | None:
    """Mark this request as answering a game made before: the creation limit leaves it
    out (``counted``), and an API answer says so in a header."""
    g.made_again = True
    if response is not None:
        response.headers[REPLAYED] = "true"
    return response


def counted(response: Response) -> bool:
    """Whether a create's answer counts against the creation limit: a game was made."""
    return response.status_code < 400 and not g.get("made_again", False)
