"""The messages between the host's browser and its guests': what each says, the version both
sides must speak, their limits, and how one is written, read and checked.

Guest -> host
  {"t": "join", "token": T, "head": H, "key": K, "protocol": P, "name": N}
                                                     take (or take back) the seat T was made for;
                                                     H: the guest's commitment (shared randomness);
                                                     K: its device's public signing key (below);
                                                     N (optional): the name its player chose
                                                     (clean_name), which the table takes
  {"t": "reveal", "k": K, "x": X, "sig": S}          the guest's part of random event K
  {"t": "stopped", "reason": M, "sig": S}            the guest caught the table's draws not holding
  {"t": "shown", "part": P, "sig": S}                at the end, the secret part this guest's device
                                                     kept (engine.owned), for everyone to check
  {"t": "move", "n": N, "base": V, "move": {...}, "sig": S}
                                                     the guest's N-th move, made on view version V
                                                     S: its device's signature (engine.signing) of
                                                     what it says, for this table, seat and place
  {"t": "check", "v": V, "sum": S, "copy": C}        "my view V has checksum S" (divergence check);
                                                     C: the copy of the finished record it holds
  {"t": "sync"}                                      "send me my view again"
  {"t": "ask", "q": Q, "question": NAME, "args": {...}}  a question the game answers about the
                                                     guest's own seat (Spell Write: the lines a
                                                     letter would let it claim)
  {"t": "ping", "at": MS} / {"t": "pong", "at": MS}
Host -> guest
  {"t": "welcome", "seat": K, "game": G, "players": [names], "last": N, "host": H, "owned": B,
   "protocol": P}
                                                     H: the host's commitment (shared randomness);
                                                     B: this seat keeps its secret part on its own
                                                     device and sends only public moves (engine.owned)
  {"t": "show"}                                      the game is over: show your secret part
  {"t": "draw", "k": K, "label": L, "heads": H, "rules": R, "keys": {seat: key}}
                                                     "give your part of random event K, the draw
                                                     L" (shared randomness), with every seat's
                                                     commitment, every guest device's public key
                                                     and the table's online rules
  {"t": "broken", "seat": S, "name": N, "event": K, "reason": M, "evidence": E}
                                                     the game stopped: a broken commitment; E, the
                                                     signed words that show it (each device checks
                                                     them, else repeats it only as the host's word)
  {"t": "record", "part": I, "of": N, "text": T, "copy": C}
                                                     the finished game's record, in N parts
                                                     (shared randomness: every guest checks it);
                                                     C names the copy (a later one adds secrets shown)
  {"t": "view", "v": V, "view": {...}, "actors": [...], "sum": S, "draws": [N, D]}
                                                     D: a digest of the labels of the N random
                                                     events drawn (shared randomness)
  {"t": "ack", "n": N} / {"t": "refused", "n": N, "message": M}
  {"t": "answer", "q": Q, "answer": A} / {"t": "answer", "q": Q, "error": M}
  {"t": "table", "away": [seats], "waiting": [seats], "started": B, "showing": S, "players": [names]}
                                                     online seats not connected right now (and
                                                     every player's name, which a friend may have
                                                     chosen on joining); with
                                                     shared randomness, the seats the table waits
                                                     for, whether the game has started, and
                                                     whether it waits for secret parts shown
  {"t": "error", "message": M, "rejoin": B}          the message received could not be used
                                                     (rejoin: this connection has not joined)
  {"t": "ping", "at": MS} / {"t": "pong", "at": MS}

Robustness: moves carry a per-guest counter, so a duplicated or replayed move is acknowledged
again but applied once, and one from the future (a lost predecessor) waits to be sent again.
Views carry the record's length as their version, so an old or reordered view is ignored; a
checksum over the view catches a damaged one, and the guest asks for its view again. In
real-time games the game decides when a move made on an older view is stale (game.epoch: a
Shrdlu claim made on an earlier round's spread is too late; a move that only missed someone
else's move is not). Only the host's clock plays a deadline's move (Shrdlu's time-up), never
a seat. The host never trusts a seat number from a guest: the seat is the one its
invitation token was made for.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, TypeGuard

from wordtable import safe_json
from wordtable.online.names import NAME_LENGTH as NAME_LENGTH, clean_name as clean_name  # re-exported: the protocol's names

MAX_MESSAGE = 65_536
# The version of these messages. A host and its friends must speak the same: a friend's page
# from before an update (a service worker's old copy) is told to reload rather than play a
# game it would check under other rules. Raise it with any change both sides must share.
PROTOCOL = 2
OTHER_VERSION = ("Your page runs another version of Wordtable than the host's: reload this page (it updates "
                 "itself; the host may need to reload too), then open the invitation again.")
HOST_OTHER_VERSION = ("The host's page runs another version of Wordtable than yours: ask the host to reload "
                      "their page (it updates itself), then open the invitation again.")
RECORD_PART = 30_000      # characters of a finished record per "record" message (JSON escaping
                          # inside the message adds up to a quarter: it stays under MAX_MESSAGE)
RECORD_PARTS = 64         # the most a guest takes (a record of about 3.8 MB)
REFUSALS_KEPT = 32        # per seat: a move sent again gets the same answer


def checksum(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def decode(text: Any) -> dict[str, Any] | None:
    """The message, or None when it is not one (not text, too long, not a JSON object)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        message = safe_json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        return None
    return message


def labels_digest(labels: list[str]) -> str:
    """What a view says of the random draws it stands on, for a guest to compare with its own."""
    return hashlib.sha256(json.dumps(labels, separators=(",", ":")).encode()).hexdigest()[:32]


def _int(value: Any) -> TypeGuard[int]:
    """A JSON number that is a whole number in a message's range (JSON true is not a number)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def _number(key: Any) -> TypeGuard[str]:
    """A JSON object's key that is a whole number as str() writes it ("01" and "²" are not)."""
    return isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 10 and str(int(key)) == key

