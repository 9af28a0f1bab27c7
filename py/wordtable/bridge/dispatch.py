"""One request in, one reply out: the envelope, the arguments checked, every failure a reply."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wordtable import safe_json
from wordtable.bridge.errors import BadRequest, Refused
from wordtable.bridge.schema import Args, Operation, check_args
from wordtable.bridge.session import Session
from wordtable.engine.errors import GameError, MalformedMove
from wordtable.lexicon.registry import NeedFiles, UnknownLexicon

# Requests come from our own page, but a bug (or a hostile embedder) must not exhaust memory.
MAX_REQUEST_CHARS = 1_000_000


def parse(request_text: Any, operations: Mapping[str, Operation]) -> tuple[Operation, Args]:
    """The operation asked for and its arguments as they came (checked by the caller)."""
    if not isinstance(request_text, str):
        raise BadRequest("the request must be JSON text")
    if len(request_text) > MAX_REQUEST_CHARS:
        raise BadRequest(f"the request is longer than {MAX_REQUEST_CHARS} characters")
    try:
        request = safe_json.loads(request_text)
    except json.JSONDecodeError as error:
        raise BadRequest(f"the request is not valid JSON ({error.msg})") from error
    except safe_json.TooDeep as error:
        raise BadRequest(f"the request cannot be read: {error}") from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise BadRequest("the request holds a number too long to read") from None
    if not isinstance(request, dict):
        raise BadRequest("the request must be a JSON object")
    op = request.get("op")
    if not isinstance(op, str) or op not in operations:
        raise BadRequest(f"unknown operation {op!r}")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise BadRequest("args must be a JSON object")
    return operations[op], args


def answer(request_text: Any, session: Session, operations: Mapping[str, Operation]) -> str:
    """Answer one request. Never raises: every failure becomes an error reply."""
    try:
        operation, given = parse(request_text, operations)
        result = operation.run(session, check_args(operation.args, given))
        reply: dict[str, Any] = {"ok": True, "result": result}
    except (BadRequest, MalformedMove) as error:
        reply = _error("bad-request", str(error))
    except (Refused, GameError, UnknownLexicon) as error:
        # GameError: an illegal move, bad options, a question the game will not answer.
        reply = _error(error.kind if isinstance(error, Refused) else "refused", str(error))
    except NeedFiles as need:
        # Not a failure: the worker fetches these files into the site folder and asks again.
        reply = _error("need-files", str(need))
        reply["error"]["files"] = [{"path": f.path, "sha256": f.sha256} for f in need.files]
    except ModuleNotFoundError as error:
        # The browser's standard library is cut to what we import (build.py): name what is missing.
        reply = _error("internal", f"This build of Wordtable left the Python module {error.name!r} out of its "
                                   "standard library; please report it (build.py's STDLIB_ALSO_IMPORTED lists such modules).")
    except Exception as error:  # a bug of ours: report it rather than kill the worker
        reply = _error("internal", f"{type(error).__name__}: {error}")
    return json.dumps(reply)


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"kind": kind, "message": message}}
