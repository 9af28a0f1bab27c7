"""The page's side of the bridge in the tests: requests answered in a session of the test's
own (no state shared with another test, dictionaries of its choosing), and every reply that
succeeds held to its operation's declared reply."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wordtable import bridge
from wordtable.bridge.schema import reply_problems
from wordtable.lexicon import store


def compiled_session() -> bridge.Session:
    """A session reading the compiled dictionaries (.cache/lexicons), laid out as the browser's
    worker lays them out under /site/lexicons."""
    store.manifest()
    return bridge.Session.at(store.compiled_dir().parent)


@dataclass
class BridgeClient:
    session: bridge.Session

    def __call__(self, op: str, **args: Any) -> dict[str, Any]:
        return self.request(op, args)

    def request(self, op: str, args: Any) -> dict[str, Any]:
        """The reply to {"op": op, "args": args}, args being any JSON (the fuzz sends wrong ones)."""
        return self.text(json.dumps({"op": op, "args": args}), op)

    def text(self, request_text: Any, op: str | None = None) -> dict[str, Any]:
        reply = json.loads(bridge.handle(request_text, self.session))
        if reply["ok"] and op in bridge.OPERATIONS:
            problems = reply_problems(bridge.OPERATIONS[op].reply, reply["result"])
            assert not problems, f"{op}'s reply differs from its declaration: {problems}"
        return reply
