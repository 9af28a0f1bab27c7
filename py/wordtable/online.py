"""Online play between browsers: the protocol, independent of the transport (WebRTC data
channels in the page, an in-memory link in the tests).

The host's browser is the table: it holds the game record, decides every move and sends each
guest only that guest's view. A guest sends moves and receives views. Every message is one
JSON object of at most MAX_MESSAGE characters.

Guest -> host
  {"t": "join", "token": T}                          take (or take back) the seat T was made for
  {"t": "move", "n": N, "base": V, "move": {...}}    the guest's N-th move, made on view version V
  {"t": "check", "v": V, "sum": S}                   "my view V has checksum S" (divergence check)
  {"t": "sync"}                                      "send me my view again"
  {"t": "ask", "q": Q, "question": NAME, "args": {...}}  a question the game answers about the
                                                     guest's own seat (Spell Write: the lines a
                                                     letter would let it claim)
  {"t": "ping", "at": MS} / {"t": "pong", "at": MS}
Host -> guest
  {"t": "welcome", "seat": K, "game": G, "players": [names], "last": N}
  {"t": "view", "v": V, "view": {...}, "actors": [...], "sum": S}
  {"t": "ack", "n": N} / {"t": "refused", "n": N, "message": M}
  {"t": "answer", "q": Q, "answer": A} / {"t": "answer", "q": Q, "error": M}
  {"t": "table", "away": [seats]}                    online seats not connected right now
  {"t": "error", "message": M}                       the message received could not be used
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
import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import Record

MAX_MESSAGE = 65_536


def checksum(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def decode(text: Any) -> dict[str, Any] | None:
    """The message, or None when it is not one (not text, too long, not a JSON object)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        return None
    return message


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


Outgoing = list[tuple[str, str]]  # (peer, message text)


@dataclass
class Host:
    """The table. Peers are whatever the transport calls them (a connection id)."""

    game: Any
    record: Record
    names: list[str]
    remote: list[int] = field(default_factory=list)          # seats played from other browsers
    tokens: dict[str, int] = field(default_factory=dict)     # invitation token -> seat
    last_move: dict[int, int] = field(default_factory=dict)  # seat -> counter of its last applied move
    peers: dict[str, int] = field(default_factory=dict)      # connected peer -> seat

    def __post_init__(self) -> None:
        # The epoch after each number of moves: a move made on view version V is stale when
        # the epoch then differs from the epoch now.
        self.state = self.game.new(self.record.options, self.record.seed)
        self.epochs = [self.game.epoch(self.state)]
        for seat, move in self.record.moves:
            self.state = self.game.step(self.state, seat, move)
            self.epochs.append(self.game.epoch(self.state))

    # -- invitations and seats -----------------------------------------------------------------

    def invite(self, seat: int) -> str:
        """The token of one seat; the invitation link carries it (and the connection offer).
        Inviting a seat again gives the same token, so the guest keeps its seat and its moves."""
        if not 0 <= seat < self.game.seats(self.state):
            raise ValueError("no such seat")
        for token, tokens_seat in self.tokens.items():
            if tokens_seat == seat:
                return token
        token = secrets.token_urlsafe(12)
        self.tokens[token] = seat
        return token

    def disconnected(self, peer: str) -> Outgoing:
        """Forgets a closed connection and tells the others who is away now."""
        if self.peers.pop(peer, None) is None:
            return []
        return self.presence()

    def connected_seats(self) -> list[int]:
        return sorted(set(self.peers.values()))

    def presence(self) -> Outgoing:
        connected = set(self.peers.values())
        message = encode({"t": "table", "away": [seat for seat in self.remote if seat not in connected]})
        return [(peer, message) for peer in self.peers]

    # -- messages ------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.record.moves)

    def view_message(self, seat: int) -> str:
        view = self.game.view(self.state, seat)
        return encode({"t": "view", "v": self.version, "view": view, "actors": self.game.actors(self.state),
                       "sum": checksum(view)})

    def broadcast(self) -> Outgoing:
        return [(peer, self.view_message(seat)) for peer, seat in self.peers.items()]

    def receive(self, peer: str, text: Any) -> Outgoing:
        message = decode(text)
        if message is None:
            return [(peer, encode({"t": "error", "message": "That message could not be read."}))]
        kind = message["t"]
        if kind == "join":
            return self._join(peer, message)
        if kind == "ping" and _int(message.get("at")):
            return [(peer, encode({"t": "pong", "at": message["at"]}))]
        if kind == "pong":
            return []
        seat = self.peers.get(peer)
        if seat is None:
            return [(peer, encode({"t": "error", "message": "Join the game with your invitation first."}))]
        if kind == "sync":
            return [(peer, self.view_message(seat))]
        if kind == "check":
            if message.get("v") == self.version and message.get("sum") == checksum(self.game.view(self.state, seat)):
                return []
            return [(peer, self.view_message(seat))]  # diverged or behind: resynchronise
        if kind == "move":
            return self._move(peer, seat, message)
        if kind == "ask":
            return self._ask(peer, seat, message)
        return [(peer, encode({"t": "error", "message": f"Unknown message type {kind[:20]!r}."}))]

    def _join(self, peer: str, message: dict[str, Any]) -> Outgoing:
        seat = self.tokens.get(message.get("token")) if isinstance(message.get("token"), str) else None
        if seat is None:
            return [(peer, encode({"t": "error", "message": "This invitation is not for this game."}))]
        # One connection per seat: a reconnecting guest replaces its old connection.
        for other, other_seat in list(self.peers.items()):
            if other_seat == seat:
                del self.peers[other]
        self.peers[peer] = seat
        # "last": the counter of this seat's last applied move, so a guest that lost its own
        # count (a new browser) numbers its next move after it instead of being taken for a replay.
        welcome = {"t": "welcome", "seat": seat, "game": self.record.game, "players": self.names,
                   "last": self.last_move.get(seat, 0)}
        return [(peer, encode(welcome)), (peer, self.view_message(seat))] + self.presence()

    def _ask(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        """Answers a question about the asking guest's own seat, never another's: the seat is
        the connection's, and the game answers only what that seat's player may know."""
        number, question, args = message.get("q"), message.get("question"), message.get("args", {})
        if not _int(number) or not isinstance(question, str) or not isinstance(args, dict):
            return [(peer, encode({"t": "error", "message": "A question needs q, question and args."}))]
        if question not in self.game.questions:
            refusal = "This game has no such question." if self.game.questions else "This game answers no questions."
            return [(peer, encode({"t": "answer", "q": number, "error": refusal}))]
        try:
            return [(peer, encode({"t": "answer", "q": number, "answer": self.game.answer(self.state, seat, question, args)}))]
        except GameError as error:
            return [(peer, encode({"t": "answer", "q": number, "error": str(error)[:300]}))]

    def _move(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        number, move = message.get("n"), message.get("move")
        if not _int(number) or not isinstance(move, dict):
            return [(peer, encode({"t": "error", "message": "A move message needs n and move."}))]
        last = self.last_move.get(seat, 0)
        if number <= last:  # a duplicate or a replay: applied already
            return [(peer, encode({"t": "ack", "n": number}))]
        if number > last + 1:  # an earlier move was lost: the guest sends it again first
            return [(peer, encode({"t": "refused", "n": number, "message": "out of order", "retry": True}))]
        if self._stale(message.get("base"), seat):
            self.last_move[seat] = number
            return [(peer, encode({"t": "refused", "n": number, "message": "Too late: the table moved on."})),
                    (peer, self.view_message(seat))]
        try:
            after = self.game.apply(self.state, seat, move)
        except GameError as error:
            self.last_move[seat] = number  # answered: a resend gets the same "no" as an ack
            return [(peer, encode({"t": "refused", "n": number, "message": str(error)}))]
        self._applied(after, seat, move)
        self.last_move[seat] = number
        return [(peer, encode({"t": "ack", "n": number}))] + self.broadcast()

    def _stale(self, base: Any, seat: int) -> bool:
        """Whether a move made on view version `base` comes from an epoch that someone else (or
        the clock) has ended since: the seat's own moves in between do not make it stale."""
        if self.epochs[-1] is None or not (_int(base) and base <= self.version):
            return False  # no (usable) base: the rules alone decide, as for a move made now
        return any(self.epochs[v] != self.epochs[v - 1] and self.record.moves[v - 1][0] != seat
                   for v in range(base + 1, self.version + 1))

    def _applied(self, after: Any, seat: int, move: dict[str, Any]) -> None:
        self.state = after
        self.record.moves.append((seat, move))
        self.epochs.append(self.game.epoch(after))

    def play_local(self, seat: int, move: dict[str, Any]) -> Outgoing:
        """A move made at the host's own browser (its seat or a bot it runs)."""
        self._applied(self.game.apply(self.state, seat, move), seat, move)
        return self.broadcast()

    def expire(self) -> Outgoing:
        """The host's clock ran out: the game plays the deadline's move (IllegalMove if none)."""
        deadline = self.game.deadline(self.state)
        after = self.game.expire(self.state)  # IllegalMove when no clock runs
        self._applied(after, deadline.seat, deadline.move)
        return self.broadcast()

    # -- saving (the host's record survives a reload) ---------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"record": self.record.to_json(), "names": self.names, "remote": self.remote, "tokens": self.tokens,
                "last_move": {str(k): v for k, v in self.last_move.items()}}

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> Host:
        """The saved table, checked: ValueError when any part is not what to_json wrote."""
        record = Record.from_json(data["record"])
        if record.game != game.id:
            raise ValueError(f"the saved table is a game of {record.game[:40]!r}")
        names, remote, tokens, last = data["names"], data.get("remote", []), data["tokens"], data["last_move"]
        seats = len(names) if isinstance(names, list) else 0
        if not (seats and all(isinstance(name, str) for name in names)
                and isinstance(remote, list) and all(_int(s) and s < seats for s in remote)
                and isinstance(tokens, dict) and all(_int(s) and s < seats for s in tokens.values())
                and isinstance(last, dict) and all(k.isdigit() and int(k) < seats and _int(v) for k, v in last.items())):
            raise ValueError("the saved seats, names or tokens are damaged")
        host = cls(game, record, list(names), list(remote), dict(tokens), {int(k): v for k, v in last.items()})
        if game.seats(host.state) != seats:
            raise ValueError("the saved names do not match the game's seats")
        return host


@dataclass
class Guest:
    """A guest's side: the last good view, and its moves until the host answers them."""

    token: str
    seat: int | None = None
    version: int = -1
    view: dict[str, Any] | None = None
    actors: list[int] = field(default_factory=list)
    sent: int = 0                                   # counter of the last move made here
    pending: dict[int, dict[str, Any]] = field(default_factory=dict)  # n -> move message awaiting an answer
    refusals: list[str] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)  # answered moves, for the page to collect
    asked: int = 0
    answers: list[dict[str, Any]] = field(default_factory=list)   # answered questions, for the page to collect
    away: list[int] = field(default_factory=list)                 # online seats not connected

    def hello(self) -> list[str]:
        """On (re)connecting: join, then send again every move not yet answered."""
        return [encode({"t": "join", "token": self.token})] + [encode(m) for _n, m in sorted(self.pending.items())]

    def move(self, move: dict[str, Any]) -> list[str]:
        self.sent += 1
        message = {"t": "move", "n": self.sent, "base": self.version, "move": move}
        self.pending[self.sent] = message
        return [encode(message)]

    def ask(self, question: str, args: dict[str, Any]) -> tuple[int, list[str]]:
        self.asked += 1
        return self.asked, [encode({"t": "ask", "q": self.asked, "question": question, "args": args})]

    def collect(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The moves and questions answered since the last collect (the page settles them)."""
        outcomes, answers = self.outcomes, self.answers
        self.outcomes, self.answers = [], []
        return outcomes, answers

    def check(self) -> list[str]:
        return [encode({"t": "check", "v": self.version, "sum": checksum(self.view) if self.view else ""})]

    def receive(self, text: Any) -> list[str]:
        message = decode(text)
        if message is None:
            return [encode({"t": "sync"})]  # damaged: ask for the view again
        kind = message["t"]
        if kind == "welcome" and _int(message.get("seat")):
            self.seat = message["seat"]
            if _int(message.get("last")):
                self.sent = max(self.sent, message["last"])
            return []
        if kind == "view":
            return self._view(message)
        if kind == "ack" and _int(message.get("n")):
            if self.pending.pop(message["n"], None) is not None:
                self.outcomes.append({"n": message["n"], "ok": True})
            return []
        if kind == "refused" and _int(message.get("n")):
            if message.get("retry"):
                return [encode(m) for _n, m in sorted(self.pending.items())]
            if self.pending.pop(message["n"], None) is not None:
                reason = str(message.get("message", ""))[:300]
                self.refusals.append(reason)
                self.outcomes.append({"n": message["n"], "ok": False, "message": reason})
            return []
        if kind == "answer" and _int(message.get("q")):
            if "error" in message:
                self.answers.append({"q": message["q"], "error": str(message["error"])[:300]})
            else:
                self.answers.append({"q": message["q"], "answer": message.get("answer")})
            return []
        if kind == "table" and isinstance(message.get("away"), list):
            self.away = [seat for seat in message["away"] if _int(seat)]
            return []
        if kind == "ping" and _int(message.get("at")):
            return [encode({"t": "pong", "at": message["at"]})]
        return []

    def _view(self, message: dict[str, Any]) -> list[str]:
        version, view = message.get("v"), message.get("view")
        actors = message.get("actors", [])
        if not _int(version) or not isinstance(view, dict) or message.get("sum") != checksum(view) \
                or not isinstance(actors, list):
            return [encode({"t": "sync"})]
        if version < self.version:
            return []  # an older view arriving late
        self.version, self.view = version, view
        self.actors = [a for a in actors if _int(a)]
        return []
