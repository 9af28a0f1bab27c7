"""The only module the JavaScript calls: JSON text in, JSON text out.

A request is {"op": NAME, "args": {...}}. The reply is {"ok": true, "result": ...} or
{"ok": false, "error": {"kind": ..., "message": ...}} where message is fit to show a player.
Python never touches the DOM; the JavaScript never decides a rule.

By job:
  errors      BadRequest and Refused, the two ways an operation says no
  schema      what an operation declares: its arguments and its reply's fields
  session     what a page's Python holds between requests (Session)
  lexicons    hello, lexicons, lexicon.*
  games       game.*
  online_host online.host and the host's table (invite, receive, local, expire, disconnected)
  online_guest online.guest and online.guest_*
  online_sealed online.sealed_*: the host page's own seats at a table of sealed cards
  operations  the one table of operations, joined from the areas
  dispatch    a request answered: parsed, its arguments checked, every failure a reply
"""

from __future__ import annotations

import os

from wordtable.bridge.dispatch import MAX_REQUEST_CHARS, answer
from wordtable.bridge.errors import BadRequest, Refused
from wordtable.bridge.operations import OPERATIONS
from wordtable.bridge.schema import Field, Operation
from wordtable.bridge.session import Session

# The page's session. Its site folder is where the worker puts the files Python asks for
# (lexicon.registry.NeedFiles); on CPython, a folder named by WORDTABLE_SITE.
DEFAULT_SESSION = Session.at(os.environ.get("WORDTABLE_SITE", "/site"))


def handle(request_text: str, session: Session | None = None) -> str:
    """Answer one request, in the page's session unless given another. Never raises."""
    return answer(request_text, DEFAULT_SESSION if session is None else session, OPERATIONS)


__all__ = ["BadRequest", "DEFAULT_SESSION", "Field", "MAX_REQUEST_CHARS", "OPERATIONS", "Operation", "Refused",
           "Session", "handle"]
