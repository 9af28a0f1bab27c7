"""The one table of the bridge's operations: name -> function, arguments, reply.

Each area declares its own part beside its functions; this joins them, so that the dispatcher,
docs/bridge.md's table of operations and the page's calls are all checked against one table.
"""

from __future__ import annotations

from collections.abc import Mapping

from wordtable.bridge import games, lexicons, link, online_guest, online_host, online_sealed
from wordtable.bridge.schema import Operation


def joined(*parts: Mapping[str, Operation]) -> dict[str, Operation]:
    table: dict[str, Operation] = {}
    for part in parts:
        for name, operation in part.items():
            if name in table:
                raise ValueError(f"the operation {name!r} is declared twice")
            table[name] = operation
    return table


OPERATIONS: dict[str, Operation] = joined(lexicons.OPERATIONS, games.OPERATIONS, online_host.OPERATIONS,
                                          online_guest.OPERATIONS, link.OPERATIONS,
                                          online_sealed.OPERATIONS)
