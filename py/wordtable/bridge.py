"""The only module the JavaScript calls: JSON text in, JSON text out.

A request is {"op": NAME, "args": {...}}. The reply is {"ok": true, "result": ...} or
{"ok": false, "error": {"kind": ..., "message": ...}} where message is fit to show a player.
Python never touches the DOM; the JavaScript never decides a rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from wordtable.runtime import runtime_info

# Requests come from our own page, but a bug (or a hostile embedder) must not exhaust memory.
MAX_REQUEST_CHARS = 1_000_000


class BadRequest(Exception):
    """The request itself is malformed: not JSON, unknown operation, wrong arguments."""


def _hello(args: dict[str, Any]) -> dict[str, Any]:
    return runtime_info().to_json()


OPERATIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "hello": _hello,
}


def _parse(request_text: str) -> tuple[str, dict[str, Any]]:
    if not isinstance(request_text, str):
        raise BadRequest("the request must be JSON text")
    if len(request_text) > MAX_REQUEST_CHARS:
        raise BadRequest(f"the request is longer than {MAX_REQUEST_CHARS} characters")
    try:
        request = json.loads(request_text)
    except json.JSONDecodeError as error:
        raise BadRequest(f"the request is not valid JSON ({error.msg})") from error
    if not isinstance(request, dict):
        raise BadRequest("the request must be a JSON object")
    op = request.get("op")
    if op not in OPERATIONS:
        raise BadRequest(f"unknown operation {op!r}")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise BadRequest("args must be a JSON object")
    return op, args


def handle(request_text: str) -> str:
    """Answer one request. Never raises: every failure becomes an error reply."""
    try:
        op, args = _parse(request_text)
        reply: dict[str, Any] = {"ok": True, "result": OPERATIONS[op](args)}
    except BadRequest as error:
        reply = {"ok": False, "error": {"kind": "bad-request", "message": str(error)}}
    except Exception as error:  # a bug of ours: report it rather than kill the worker
        reply = {"ok": False, "error": {"kind": "internal", "message": f"{type(error).__name__}: {error}"}}
    return json.dumps(reply)
