"""Online play between browsers: the protocol, independent of the transport (WebRTC data
channels in the page, an in-memory link in the tests).

The host's browser is the table: it holds the game record, decides every move and sends each
guest only that guest's view. A guest sends moves and receives views. Every message is one
JSON object of at most MAX_MESSAGE characters.

Guest -> host
  {"t": "join", "token": T, "head": H, "protocol": P, "name": N}
                                                     take (or take back) the seat T was made for;
                                                     H: the guest's commitment (shared randomness);
                                                     N (optional): the name its player chose
                                                     (clean_name), which the table takes
  {"t": "reveal", "k": K, "x": X}                    the guest's part of random event K
  {"t": "stopped", "reason": M}                      the guest caught the table's draws not holding
  {"t": "shown", "part": P}                          at the end, the secret part this guest's device
                                                     kept (engine.owned), for everyone to check
  {"t": "move", "n": N, "base": V, "move": {...}}    the guest's N-th move, made on view version V
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
  {"t": "draw", "k": K, "label": L, "heads": H, "rules": R}
                                                     "give your part of random event K, the draw
                                                     L" (shared randomness), with every seat's
                                                     commitment and the table's online rules
  {"t": "broken", "seat": S, "event": K, "reason": M}  the game stopped: a broken commitment
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

Shared randomness (a Host with `draws`): see Draws, Host._open_round and Guest._draw, and
engine.shared_random for the commit-reveal exchange itself. At such a table, a game with a
secret part per seat (Game.owned_part: Four Letter Words' grids) leaves each guest's part on
the guest's device: see engine.owned, Host._shown and Guest._outgoing.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import Record, ledger_seed, replay_states, settle, start_state, with_shown
from wordtable.engine.owned import Keep, OwnedBreak, parse_shown
from wordtable.engine.rng import START_MARK, NeedRandomness, Seed, SharedSeed, action_mark
from wordtable.engine.shared_random import (CHAIN_LENGTH, KNOWN_RULES, LEDGER_RULES, Break, EventRound, Ledger, SecretChain,
                                            is_link)

MAX_MESSAGE = 65_536
# The version of these messages. A host and its friends must speak the same: a friend's page
# from before an update (a service worker's old copy) is told to reload rather than play a
# game it would check under other rules. Raise it with any change both sides must share.
PROTOCOL = 1
OTHER_VERSION = ("Your page runs another version of Wordtable than the host's: reload this page (it updates "
                 "itself; the host may need to reload too), then open the invitation again.")
HOST_OTHER_VERSION = ("The host's page runs another version of Wordtable than yours: ask the host to reload "
                      "their page (it updates itself), then open the invitation again.")
RECORD_PART = 30_000      # characters of a finished record per "record" message (JSON escaping
                          # inside the message adds up to a quarter: it stays under MAX_MESSAGE)
RECORD_PARTS = 64         # the most a guest takes (a record of about 3.8 MB)
REFUSALS_KEPT = 32        # per seat: a move sent again gets the same answer


NAME_LENGTH = 24          # characters of a player's name, as the new-game form allows
# Invisible characters that could reorder or hide the rest of a screen's text (bidirectional
# overrides and isolates, marks, zero-width spaces); the zero-width joiner stays (emoji).
_HIDDEN = {0x200B, 0x200C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0xFEFF}


def clean_name(text: Any) -> str | None:
    """A name a friend chose, as every screen shows it: normalised, without control or
    direction-changing characters, spaces collapsed, at most NAME_LENGTH characters; None when
    nothing is left (the seat keeps the name the host gave it)."""
    if not isinstance(text, str):
        return None
    kept = "".join(" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text[:1000])
                   if ord(ch) not in _HIDDEN and (ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn")))
    name = " ".join(kept.split())[:NAME_LENGTH].strip()
    return name or None


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


def labels_digest(labels: list[str]) -> str:
    """What a view says of the random draws it stands on, for a guest to compare with its own."""
    return hashlib.sha256(json.dumps(labels, separators=(",", ":")).encode()).hexdigest()[:32]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def _number(key: Any) -> bool:
    """A JSON object's key that is a whole number as str() writes it ("01" and "²" are not)."""
    return isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 10 and str(int(key)) == key


Outgoing = list[tuple[str, str]]  # (peer, message text)


Action = dict[str, Any]  # what the table is about to do: {"kind": "start" | "move" | "local" | "expire", …}


@dataclass
class Draws:
    """The host's side of an online game's shared randomness (engine.shared_random): its own
    secret chain, the guests' commitments, the events drawn so far (in the record's `shared`)
    and the one being drawn, with the action that waits for it."""

    chain_end: str                                        # the host's secret: in its own save only
    guests: list[int]                                     # guest seats: participants 1, 2, … (0 is the host)
    heads: dict[int, str] = field(default_factory=dict)   # guest seat -> its commitment, sent with join
    round: EventRound | None = None
    pending: Action | None = None
    broken: Break | None = None

    def __post_init__(self) -> None:
        self.chain = SecretChain(bytes.fromhex(self.chain_end))

    @classmethod
    def new(cls, guests: list[int]) -> Draws:
        return cls(secrets.token_hex(32), sorted(guests))

    def participant(self, seat: int) -> int:
        return 1 + self.guests.index(seat)

    def all_heads(self) -> list[str] | None:
        """Every commitment in participant order, once every guest has sent theirs."""
        if any(seat not in self.heads for seat in self.guests):
            return None
        return [self.chain.head()] + [self.heads[seat] for seat in self.guests]

    def waiting_for(self) -> list[int]:
        """The guest seats whose reveal the event being drawn waits for."""
        if self.round is None:
            return []
        return [self.guests[p - 1] for p in self.round.waiting_for() if p > 0]

    def to_json(self) -> dict[str, Any]:
        drawing = None if self.round is None else {"label": self.round.label, "reveals": {
            str(p): x for p, x in self.round.reveals.items()}}
        broken = None if self.broken is None else [self.broken.event, self.broken.seat, self.broken.reason]
        return {"chain": self.chain_end, "guests": self.guests, "heads": {str(k): v for k, v in self.heads.items()},
                "drawing": drawing, "pending": self.pending, "broken": broken}


@dataclass
class Host:
    """The table. Peers are whatever the transport calls them (a connection id).

    With `draws` (shared randomness), the rules draw on events every player reveals a part of:
    the game starts once every guest has joined with its commitment, and a move that needs a
    random event waits, answered by nobody, until every guest's reveal for it is in."""

    game: Any
    record: Record
    names: list[str]
    remote: list[int] = field(default_factory=list)          # seats played from other browsers
    tokens: dict[str, int] = field(default_factory=dict)     # invitation token -> seat
    last_move: dict[int, int] = field(default_factory=dict)  # seat -> counter of its last applied move
    peers: dict[str, int] = field(default_factory=dict)      # connected peer -> seat
    draws: Draws | None = None
    refused: dict[int, dict[int, str]] = field(default_factory=dict)  # seat -> its latest refused moves
    # Connections whose join was turned away as another version: told so again, never asked to
    # join again (an old page re-joins on that, with its moves: the two would bounce for ever).
    other_version: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        # The epoch after each number of moves: a move made on view version V is stale when
        # the epoch then differs from the epoch now.
        self.state: Any = None
        self.epochs: list[Any] = []
        self.seed: Seed = self.record.seed
        self.ledger: Ledger | None = None  # shared randomness, once every commitment is in
        self.mark = START_MARK  # what the next move's events are bound to: the record so far
        if self.draws is not None:
            if self.record.shared is None:
                if self.record.owned is None and self.game.owned_part() is not None:
                    self.record.owned = {"seats": list(self.draws.guests), "shown": {}}  # each guest keeps its own
                return  # not started: waits for every guest's commitment
            self.ledger = self._checked_ledger()
            self.seed = ledger_seed(self.ledger, live=True)
        complete = self.draws is None or self.draws.pending is None
        states = []
        try:
            for self.state in replay_states(self.game, self.record, complete, self.seed):
                self.epochs.append(self.game.epoch(self.state))
                if self.record.owned is not None:
                    states.append(self.state)
        except NeedRandomness:  # the start's own draw is under way: not started yet
            if self.record.moves:
                raise
            self.state = None
        if isinstance(self.seed, SharedSeed):
            self.mark = self.seed.after  # the replay left it at the last move's mark
        broken = self.draws is not None and self.draws.broken is not None  # then a part shown may not hold
        if self.state is not None and self._all_shown() and self.record.shown() and not broken:
            self.state = with_shown(self.game, self.record, states)

    # -- invitations and seats -----------------------------------------------------------------

    def invite(self, seat: int) -> str:
        """The token of one seat; the invitation link carries it (and the connection offer).
        Inviting a seat again gives the same token, so the guest keeps its seat and its moves."""
        if not 0 <= seat < len(self.names):
            raise ValueError("no such seat")
        for token, tokens_seat in self.tokens.items():
            if tokens_seat == seat:
                return token
        token = secrets.token_urlsafe(12)
        self.tokens[token] = seat
        return token

    def disconnected(self, peer: str) -> Outgoing:
        """Forgets a closed connection and tells the others who is away now."""
        self.other_version.discard(peer)
        if self.peers.pop(peer, None) is None:
            return []
        return self.presence()

    def connected_seats(self) -> list[int]:
        return sorted(set(self.peers.values()))

    def presence(self) -> Outgoing:
        """Who is away, and (shared randomness) whom the game waits for: a commitment before
        the start, a reveal during a draw."""
        connected = set(self.peers.values())
        table: dict[str, Any] = {"t": "table", "away": [seat for seat in self.remote if seat not in connected],
                                 "players": self.names}
        if self.draws is not None:
            table["waiting"] = self.waiting_for()
            table["started"] = self.state is not None
            table["showing"] = bool(self.not_shown())  # the game is over: secret parts to be shown
        message = encode(table)
        return [(peer, message) for peer in self.peers]

    def waiting_for(self) -> list[int]:
        """The guest seats the table waits for before it can go on (shared randomness only)."""
        if self.draws is None or self.draws.broken is not None:
            return []
        if self.state is None and self.draws.round is None:
            return [seat for seat in self.draws.guests if seat not in self.draws.heads]
        return self.draws.waiting_for() or self.not_shown()

    def not_shown(self) -> list[int]:
        """Once the game is over: the seats whose secret part is still on their device only."""
        if self.record.owned is None or self.state is None or self.game.outcome(self.state) is None \
                or (self.draws is not None and self.draws.broken is not None):
            return []
        return [seat for seat in self.record.owned_seats() if str(seat) not in self.record.owned["shown"]]

    def _all_shown(self) -> bool:
        return self.record.owned is None or all(str(seat) in self.record.owned["shown"]
                                                for seat in self.record.owned_seats())

    # -- messages ------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.record.moves)

    def view_message(self, seat: int) -> str:
        view = self.game.view(self.state, seat)
        message = {"t": "view", "v": self.version, "view": view, "actors": self.game.actors(self.state),
                   "sum": checksum(view)}
        if self.ledger is not None:  # the draws this view stands on: each guest checks them against its own
            labels = [label for label, _parts in self.ledger.events]
            message["draws"] = [len(labels), labels_digest(labels)]
        return encode(message)

    def broadcast(self) -> Outgoing:
        if self.state is None:
            return []
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
        if seat is None and peer in self.other_version:
            return [(peer, encode({"t": "error", "message": OTHER_VERSION}))]
        if seat is None:
            return [(peer, encode({"t": "error", "message": "Join the game with your invitation first.", "rejoin": True}))]
        if self.draws is not None and self.draws.broken is not None:
            return [(peer, self._broken_message())]
        if kind == "reveal":
            return self._reveal(peer, seat, message)
        if kind == "stopped" and self.draws is not None:
            return self._stopped(seat, message)
        if kind == "shown":
            return self._shown(peer, seat, message)
        if kind in ("sync", "check"):
            return self._resync(peer, seat, message)
        if kind == "move":
            return self._move(peer, seat, message)
        if kind == "ask":
            return self._ask(peer, seat, message)
        return [(peer, encode({"t": "error", "message": f"Unknown message type {kind[:20]!r}."}))]

    def _resync(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        """A guest's view again when it asks (sync) or when its checksum differs (check); a draw
        it has not answered is sent again too (either message may have been lost)."""
        out = self._draw_request(peer, seat)
        if self.state is None:
            return out
        record = [(peer, text) for text in self.record_messages()]
        if message["t"] == "check" and message.get("v") == self.version \
                and message.get("sum") == checksum(self.game.view(self.state, seat)):
            showing = self._show_request(peer, seat)  # with the record it must hold first
            latest = record and decode(record[0][1])["copy"] == message.get("copy")
            return out + ([] if latest and not showing else record + showing)
        return [(peer, self.view_message(seat))] + out + record + self._show_request(peer, seat)

    def _join(self, peer: str, message: dict[str, Any]) -> Outgoing:
        seat = self.tokens.get(message.get("token")) if isinstance(message.get("token"), str) else None
        if seat is None:
            return [(peer, encode({"t": "error", "message": "This invitation is not for this game."}))]
        if message.get("protocol") != PROTOCOL or type(message.get("protocol")) is not int:
            self.other_version.add(peer)
            return [(peer, encode({"t": "error", "message": OTHER_VERSION}))]
        self.other_version.discard(peer)
        refusal = self._commitment(seat, message.get("head"))
        if refusal:
            return [(peer, encode({"t": "error", "message": refusal}))]
        name = clean_name(message.get("name"))
        if name and seat in self.remote:  # the friend's own name for their seat (others hear it with presence)
            self.names[seat] = name
        # One connection per seat: a reconnecting guest replaces its old connection.
        for other, other_seat in list(self.peers.items()):
            if other_seat == seat:
                del self.peers[other]
        self.peers[peer] = seat
        # "last": the counter of this seat's last applied move, so a guest that lost its own
        # count (a new browser) numbers its next move after it instead of being taken for a replay.
        welcome = {"t": "welcome", "seat": seat, "game": self.record.game, "players": self.names,
                   "last": self.last_move.get(seat, 0), "protocol": PROTOCOL}
        if self.draws is not None:
            welcome["host"] = self.draws.chain.head()  # checks the host's reveals
        if seat in self.record.owned_seats():
            welcome["owned"] = True
        out = [(peer, encode(welcome))]
        if self.draws is not None and self.draws.broken is not None:
            return out + [(peer, self._broken_message())]
        if self.state is not None:
            out.append((peer, self.view_message(seat)))
        out += self._draw_request(peer, seat)
        if self.draws is not None and self.state is None and self.draws.round is None and self.draws.all_heads():
            return out + self._open_ledger()
        return out + self.presence() + [(peer, text) for text in self.record_messages()] + self._show_request(peer, seat)

    def _commitment(self, seat: int, head: Any) -> str | None:
        """Takes a guest's commitment (shared randomness), the first time it joins; the reason
        if its join cannot be taken."""
        if self.draws is None:
            return None
        if seat not in self.draws.guests:
            return "This seat is not played from another browser."
        known = self.draws.heads.get(seat)
        if known is not None:
            if head != known:
                return ("This seat already plays with another secret: continue in the browser that joined first, "
                        "or ask the host for a new game.")
            return None
        if not is_link(head):
            return "This table draws its randomness with every player: join with an up-to-date page."
        if head == self.draws.chain.head() or head in self.draws.heads.values():
            return "That commitment is already another player's."
        self.draws.heads[seat] = head
        return None

    def _ask(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        """Answers a question about the asking guest's own seat, never another's: the seat is
        the connection's, and the game answers only what that seat's player may know."""
        number, question, args = message.get("q"), message.get("question"), message.get("args", {})
        if not _int(number) or not isinstance(question, str) or not isinstance(args, dict):
            return [(peer, encode({"t": "error", "message": "A question needs q, question and args."}))]
        if question not in self.game.questions:
            refusal = "This game has no such question." if self.game.questions else "This game answers no questions."
            return [(peer, encode({"t": "answer", "q": number, "error": refusal}))]
        if self.state is None:
            return [(peer, encode({"t": "answer", "q": number, "error": "The game has not started yet."}))]
        try:
            return [(peer, encode({"t": "answer", "q": number, "answer": self.game.answer(self.state, seat, question, args)}))]
        except GameError as error:
            return [(peer, encode({"t": "answer", "q": number, "error": str(error)[:300]}))]
        except NeedRandomness:  # a question that would draw (none does online): never a new event
            return [(peer, encode({"t": "answer", "q": number, "error": "That question cannot be answered online."}))]

    def _move(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        number, move = message.get("n"), message.get("move")
        if not _int(number) or not isinstance(move, dict):
            return [(peer, encode({"t": "error", "message": "A move message needs n and move."}))]
        last = self.last_move.get(seat, 0)
        pending = self.draws.pending if self.draws is not None else None
        waiting = pending["n"] if pending and pending["kind"] == "move" and pending["seat"] == seat else None
        if number == waiting:
            return []  # this very move waits for its draw: answered when it is in
        if number <= last:  # a duplicate or a replay: answered already, the same way
            refusal = self.refused.get(seat, {}).get(number)
            answer = {"t": "ack", "n": number} if refusal is None else {"t": "refused", "n": number, "message": refusal}
            return [(peer, encode(answer))]
        if number > max(last, waiting or 0) + 1:  # an earlier move was lost: sent again first
            return [(peer, encode({"t": "refused", "n": number, "message": "out of order", "retry": True}))]
        if self.state is None or pending is not None:
            why = "the game has not started yet" if self.state is None else "the table is drawing at random"
            return self._refuse(peer, seat, number, f"Wait a moment: {why}.")
        if self._stale(message.get("base"), seat):
            return self._refuse(peer, seat, number, "Too late: the table moved on.") + [(peer, self.view_message(seat))]
        try:
            return self._attempt({"kind": "move", "seat": seat, "move": move, "n": number})
        except GameError as error:
            return self._refuse(peer, seat, number, str(error))

    def _refuse(self, peer: str, seat: int, number: int, message: str) -> Outgoing:
        """A move answered no. Sent again (its answer lost), it gets the same no, never an ack: a
        guest's device changes its own secret part only on the table's yes."""
        self.last_move[seat] = number
        refused = self.refused.setdefault(seat, {})
        refused[number] = message[:300]
        for old in sorted(refused)[:-REFUSALS_KEPT]:  # (a move this old is not sent again)
            del refused[old]
        return [(peer, encode({"t": "refused", "n": number, "message": message}))]

    def _stale(self, base: Any, seat: int) -> bool:
        """Whether a move made on view version `base` comes from an epoch that someone else (or
        the clock) has ended since: the seat's own moves in between do not make it stale."""
        if self.epochs[-1] is None or not (_int(base) and base <= self.version):
            return False  # no (usable) base: the rules alone decide, as for a move made now
        return any(self.epochs[v] != self.epochs[v - 1] and self.record.moves[v - 1][0] != seat
                   for v in range(base + 1, self.version + 1))

    def play_local(self, seat: int, move: dict[str, Any]) -> Outgoing:
        """A move made at the host's own browser (its seat or a bot it runs)."""
        self._ready()
        return self._attempt({"kind": "local", "seat": seat, "move": move})

    def expire(self) -> Outgoing:
        """The host's clock ran out: the game plays the deadline's move (IllegalMove if none)."""
        self._ready()
        return self._attempt({"kind": "expire"})

    def _ready(self) -> None:
        if self.draws is not None and self.draws.broken is not None:
            raise IllegalMove(f"The game has stopped: {self.draws.broken.reason}.")
        if self.state is None:
            raise IllegalMove("The game starts once every player has joined.")
        if self.draws is not None and self.draws.pending is not None:
            raise IllegalMove("Wait a moment: the table is drawing at random.")

    # -- the table's actions, and the random events they draw ----------------------------------

    def _attempt(self, action: Action) -> Outgoing:
        """Carries out an action; with shared randomness, first draws each random event it needs
        (the action then waits, and is tried again once the event's value is in)."""
        try:
            after, seat, move = self._compute(action)
        except NeedRandomness as need:
            return self._open_round(action, need.label)
        if action["kind"] == "start":
            self.state, self.epochs = after, [self.game.epoch(after)]
            return self.broadcast() + self.presence()
        self.state = after
        self.mark = action_mark(self.mark, len(self.record.moves), seat, move)
        self.record.moves.append((seat, move))
        self.epochs.append(self.game.epoch(after))
        out: Outgoing = []
        if action["kind"] == "move":
            self.last_move[seat] = max(self.last_move.get(seat, 0), action["n"])
            out = [(peer, encode({"t": "ack", "n": action["n"]})) for peer, s in self.peers.items() if s == seat]
        out += self.broadcast() + (self.presence() if self.draws is not None else [])
        record = self.record_messages()  # before the show requests: a guest shows once it holds it
        out += [(peer, text) for peer in self.peers for text in record]
        return out + [request for peer, seat in self.peers.items() for request in self._show_request(peer, seat)]

    def _show_request(self, peer: str, seat: int) -> Outgoing:
        return [(peer, encode({"t": "show"}))] if seat in self.not_shown() else []

    def _shown(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        """A guest shows its secret part at the end: replayed against the public record (every
        claim it made, every commitment); the game stops naming the seat if one does not hold.
        Once every part is in, every screen shows them and the record goes to every guest."""
        if seat not in self.not_shown():
            return []  # not asked, or shown already
        part = message.get("part")
        if parse_shown(part) is None:
            return [(peer, encode({"t": "error", "message": "What you showed could not be read."}))]
        owned = self.record.owned
        shown = {"seats": owned["seats"], "shown": {**owned["shown"], str(seat): part}}
        trial = Record(self.record.game, self.record.options, self.record.seed, self.record.moves,
                       self.record.shared, shown)
        try:
            final = with_shown(self.game, trial, list(replay_states(self.game, trial)))
        except OwnedBreak as broken:
            # Kept in the record, which goes to everyone: each can check the accusation.
            self.record.owned = shown
            where = "" if broken.move_index is None else f" (move {broken.move_index + 1})"
            stop = self._break(Break(len(self.ledger.events), broken.seat,
                                     f"what {self.names[broken.seat]} showed at the end does not hold{where}: "
                                     f"{broken.reason}"))
            return stop + [(p, text) for p in self.peers for text in self.record_messages()]
        self.record.owned = shown
        out = []
        if self._all_shown():
            self.state = final
            out = self.broadcast()
        # A new copy of the record for every guest: its check now counts this part in.
        return out + self.presence() + [(p, text) for p in self.peers for text in self.record_messages()]

    def record_messages(self) -> list[str]:
        """Once a game with shared randomness is over, its whole record, in parts that fit a
        message: every guest can check it (its own parts of every draw included)."""
        if self.draws is None or self.state is None or self.game.outcome(self.state) is None:
            return []
        text = json.dumps(self.record.to_json(), separators=(",", ":"))
        parts = [text[i:i + RECORD_PART] for i in range(0, len(text), RECORD_PART)]
        copy = hashlib.sha256(text.encode()).hexdigest()[:16]  # a later copy holds the secrets shown since
        return [encode({"t": "record", "part": i, "of": len(parts), "text": part, "copy": copy})
                for i, part in enumerate(parts)]

    def _compute(self, action: Action) -> tuple[Any, int | None, dict[str, Any] | None]:
        """The state after an action (never changing the table), with the seat and move it
        records; GameError when the rules refuse it, NeedRandomness when it must draw first."""
        kind = action["kind"]
        if kind == "start":
            self.seed.after = START_MARK
            state = start_state(self.game, self.record, self.seed)
            settle(self.game, state)
            return state, None, None
        if kind == "expire":
            deadline = self.game.deadline(self.state)
            if deadline is None:
                raise IllegalMove("No clock is running.")
            seat, move = deadline.seat, deadline.move
        else:
            seat, move = action["seat"], action["move"]
        if isinstance(self.seed, SharedSeed):
            self.seed.after = action_mark(self.mark, len(self.record.moves), seat, move)
        after = self.game.expire(self.state) if kind == "expire" else self.game.apply(self.state, seat, move)
        if isinstance(self.seed, SharedSeed):
            settle(self.game, after)
        return after, seat, move

    def _open_ledger(self) -> Outgoing:
        """Every commitment is in: the randomness is fixed from now on, and the game starts."""
        ledger, broken = Ledger.open(self.draws.all_heads())
        if broken:  # two guests sent the same head (a copied page): nobody's randomness is safe
            return self._break(Break(0, None, "two players sent the same commitment"))
        self.ledger = ledger
        self.record.shared = ledger.to_json()
        self.seed = ledger_seed(ledger, live=True)
        return self._attempt({"kind": "start"})

    def _checked_ledger(self) -> Ledger:
        ledger, broken = Ledger.verify(self.record.shared)
        if broken:
            raise ValueError(broken.reason)
        return ledger

    def _open_round(self, action: Action, label: str) -> Outgoing:
        """An action needs a random event: every guest is asked for its part of it, for this
        label only (the action is fixed from now on); the host's own part, fixed by its chain, is
        added here and shown to the guests only in the record at the end."""
        draws = self.draws
        if draws is None:
            raise RuntimeError("a numbered seed never needs a draw")
        index = len(self.ledger.events) + 1
        if index > draws.chain.length:
            return self._break(Break(index, None, f"the game drew more than {draws.chain.length} random events, "
                                                  "all a commitment covers"))
        draws.pending = action
        draws.round = self.ledger.next_round(label)
        draws.round.offer(0, draws.chain.reveal(draws.round.index))
        out: Outgoing = []
        for peer, seat in self.peers.items():
            out += self._draw_request(peer, seat)
        return out + self.presence()

    def _draw_request(self, peer: str, seat: int) -> Outgoing:
        draws = self.draws
        if draws is None or draws.round is None or seat not in draws.guests \
                or draws.participant(seat) in draws.round.reveals:
            return []
        event = draws.round
        # Every commitment comes with it: no seat's can be chosen after another's part is seen.
        return [(peer, encode({"t": "draw", "k": event.index, "label": event.label, "heads": self.ledger.heads,
                                   "rules": self.ledger.rules}))]

    def _reveal(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        draws = self.draws
        if draws is None or draws.round is None or message.get("k") != draws.round.index or seat not in draws.guests:
            return []  # late, repeated or unasked: nothing is being drawn with it
        event = draws.round
        if event.offer(draws.participant(seat), message.get("x")):
            return self._break(Break(event.index, seat, f"{self.names[seat]}'s part of random event {event.index} "
                                                        "does not match their commitment"))
        if event.waiting_for():
            return self.presence()
        value = self.ledger.close(event)
        self.record.shared = self.ledger.to_json()
        self.seed.add(event.label, value)
        action, draws.round, draws.pending = draws.pending, None, None
        try:
            return self._attempt(action)
        except GameError:
            # The rules drew for a move and then refused it: its events would belong to no move.
            # No game does (the shared-randomness tests play illegal moves at every table).
            return self._break(Break(event.index, None, "the rules refused a move after drawing for it"))

    def _stopped(self, seat: int, message: dict[str, Any]) -> Outgoing:
        """A guest's device says the table's draws do not hold (it caught the host, or it says
        so falsely, which stops the game as withholding would): everyone is told who said it."""
        reason = str(message.get("reason", ""))[:200]
        event = len(self.ledger.events) if self.ledger else 0
        return self._break(Break(event, None, f"{self.names[seat]}'s device says the table's draws do not hold ({reason})"))

    def _break(self, broken: Break) -> Outgoing:
        """A broken commitment: the game stops, and every player is told whose it is."""
        self.draws.broken = broken
        self.draws.round = self.draws.pending = None
        return [(peer, self._broken_message()) for peer in self.peers]

    def _broken_message(self) -> str:
        broken = self.draws.broken
        return encode({"t": "broken", "seat": broken.seat, "event": broken.event,
                       "reason": f"The game has stopped: {broken.reason}."})

    # -- saving (the host's record survives a reload) ---------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = {"record": self.record.to_json(), "names": self.names, "remote": self.remote, "tokens": self.tokens,
                "last_move": {str(k): v for k, v in self.last_move.items()},
                "refused": {str(seat): {str(n): m for n, m in moves.items()} for seat, moves in self.refused.items()}}
        if self.draws is not None:
            data["draws"] = self.draws.to_json()
        return data

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> Host:
        """The saved table, checked: ValueError when any part is not what to_json wrote."""
        record = Record.from_json(data["record"])
        if record.game != game.id:
            raise ValueError(f"the saved table is a game of {record.game[:40]!r}")
        names, remote, tokens, last = data["names"], data.get("remote", []), data["tokens"], data["last_move"]
        refused = data.get("refused", {})
        seats = len(names) if isinstance(names, list) else 0
        if not (seats and all(isinstance(name, str) for name in names)
                and isinstance(remote, list) and all(_int(s) and s < seats for s in remote)
                and isinstance(tokens, dict) and all(_int(s) and s < seats for s in tokens.values())
                and isinstance(last, dict) and all(_number(k) and int(k) < seats and _int(v) for k, v in last.items())
                and isinstance(refused, dict) and all(
                    _number(k) and int(k) < seats and isinstance(moves, dict)
                    and all(_number(n) and isinstance(m, str) for n, m in moves.items())
                    for k, moves in refused.items())):
            raise ValueError("the saved seats, names or tokens are damaged")
        draws = draws_from_json(data["draws"], remote) if "draws" in data else None
        host = cls(game, record, list(names), list(remote), dict(tokens), {int(k): v for k, v in last.items()},
                   draws=draws, refused={int(k): {int(n): m for n, m in moves.items()} for k, moves in refused.items()})
        if host.state is not None and game.seats(host.state) != seats:
            raise ValueError("the saved names do not match the game's seats")
        if draws is not None and draws.pending is not None:
            host._resume_round(data["draws"]["drawing"])
        return host

    def _resume_round(self, drawing: Any) -> None:
        """After a reload in the middle of a draw: the same event again, with the reveals already
        in (a guest asked again answers with the same reveal; a different one is a break)."""
        if not (isinstance(drawing, dict) and isinstance(drawing.get("label"), str)
                and isinstance(drawing.get("reveals"), dict)):
            raise ValueError("the saved draw is damaged")
        event = self.ledger.next_round(drawing["label"])
        for key, reveal in drawing["reveals"].items():
            if not key.isdigit() or event.offer(int(key), reveal):
                raise ValueError("the saved draw is damaged")
        if 0 not in event.reveals:
            raise ValueError("the saved draw is damaged")
        self.draws.round = event


def _no_lexicon(name: str) -> Any:
    raise LookupError(f"no dictionary {name!r} on this device")


def draws_from_json(data: Any, remote: list[int]) -> Draws:
    """The host's saved randomness, checked: ValueError when it is not what Draws.to_json wrote."""
    if not isinstance(data, dict):
        raise ValueError("the saved randomness is damaged")
    chain, guests, heads = data.get("chain"), data.get("guests"), data.get("heads")
    pending, drawing, broken = data.get("pending"), data.get("drawing"), data.get("broken")
    if not (is_link(chain) and isinstance(guests, list) and sorted(guests) == sorted(remote) == guests
            and isinstance(heads, dict) and all(k.isdigit() and int(k) in guests and is_link(v) for k, v in heads.items())
            and (pending is None or (isinstance(pending, dict) and pending.get("kind") in ("start", "move", "local", "expire")))
            and (pending is None) == (drawing is None)
            and (broken is None or (isinstance(broken, list) and len(broken) == 3 and isinstance(broken[2], str)))):
        raise ValueError("the saved randomness is damaged")
    draws = Draws(chain, list(guests), {int(k): v for k, v in heads.items()}, pending=pending)
    if broken is not None:
        draws.broken = Break(broken[0], broken[1], broken[2])
    return draws


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
    # Shared randomness: this guest's secret chain (its end, kept in the guest's save only), the
    # label of every event it gave its part of, and the host's commitment from its welcome.
    chain_end: str = field(default_factory=lambda: secrets.token_hex(32))
    drawn: list[str] = field(default_factory=list)
    host_head: str | None = None
    waiting: list[int] = field(default_factory=list)              # seats the table waits for
    started: bool = True
    showing: bool = False                                         # the table waits for secret parts shown
    broken: dict[str, Any] | None = None                          # the game stopped: whose commitment broke
    error: str | None = None                                      # the table's last "error" message
    other_version: bool = False                                   # the table speaks another protocol: nothing is taken
    record_parts: dict[int, str] = field(default_factory=dict)    # the finished record, as it arrives
    record_of: int = 0
    record_copy: str = ""                                         # which copy of it (a later one adds what was shown)
    heads: list[str] = field(default_factory=list)                # every commitment, from the first draw
    rules: int | None = None                                      # the table's online rules, from the first draw
    game_id: str | None = None                                    # the game the welcome named
    name: str | None = None                                       # the name this guest's player chose
    players: list[str] = field(default_factory=list)              # every seat's name, from the table
    # A secret part this seat keeps on its own device (engine.owned), once the welcome says so;
    # lexicon_for: the dictionaries its rules may need (a chooser's grid that fits no word).
    owned: Keep | None = None
    lexicon_for: Callable[[str], Any] | None = None
    show_asked: bool = False
    shown_at: int | None = None  # the version of the finished game it showed its secret part for

    def __post_init__(self) -> None:
        self.chain = SecretChain(bytes.fromhex(self.chain_end))
        self._games: dict[str, Any] = {}

    def hello(self) -> list[str]:
        """On (re)connecting: join with this guest's commitment, then send again every move not
        yet answered."""
        if self.other_version:
            return []  # another version's table: nothing is sent until this page is reloaded
        join = {"t": "join", "token": self.token, "head": self.chain.head(), "protocol": PROTOCOL}
        if self.name:
            join["name"] = self.name
        return [encode(join)] + [encode(m) for _n, m in sorted(self.pending.items())]

    def saved(self) -> dict[str, Any]:
        """What the guest's page keeps: its moves not yet answered, and its secret chain."""
        return {"sent": self.sent, "pending": {str(n): m for n, m in self.pending.items()},
                "chain": self.chain_end, "drawn": self.drawn, "host_head": self.host_head, "heads": self.heads,
                "rules": self.rules, "broken": self.broken, "owned": None if self.owned is None else self.owned.to_json(),
                "seat": self.seat, "game": self.game_id, "shown_at": self.shown_at}

    def restore(self, saved: dict[str, Any]) -> None:
        """From saved(); ValueError when it is damaged (nothing is changed then)."""
        sent, pending = saved.get("sent", 0), saved.get("pending", {})
        chain, drawn, host = saved.get("chain", self.chain_end), saved.get("drawn", []), saved.get("host_head")
        broken, heads, rules = saved.get("broken"), saved.get("heads", []), saved.get("rules")
        if not (rules is None or (type(rules) is int and rules in KNOWN_RULES)):
            raise ValueError("the saved online rules are damaged")
        if not (isinstance(heads, list) and all(is_link(h) for h in heads)):
            raise ValueError("the saved randomness is damaged")
        if not (type(sent) is int and 0 <= sent < 2**31 and isinstance(pending, dict) and all(
                n.isdigit() and int(n) <= sent and isinstance(m, dict) for n, m in pending.items())):
            raise ValueError("the saved moves are damaged")
        if not (is_link(chain) and isinstance(drawn, list) and all(isinstance(label, str) for label in drawn)
                and (is_link(host) or (host is None and not drawn))
                and len(drawn) <= CHAIN_LENGTH
                and (broken is None or (isinstance(broken, dict) and isinstance(broken.get("reason"), str)))):
            raise ValueError("the saved randomness is damaged")
        owned = None if saved.get("owned") is None else Keep.from_json(saved["owned"])
        seat, game, shown_at = saved.get("seat"), saved.get("game"), saved.get("shown_at")
        if not ((seat is None or _int(seat)) and (game is None or isinstance(game, str))
                and (shown_at is None or _int(shown_at))):
            raise ValueError("the saved seat is damaged")
        self.sent, self.pending, self.owned = sent, {int(n): m for n, m in pending.items()}, owned
        self.seat, self.game_id, self.shown_at = seat, game, shown_at
        self.chain_end, self.chain = chain, SecretChain(bytes.fromhex(chain))
        self.drawn, self.host_head, self.heads, self.broken = list(drawn), host, list(heads), broken
        self.rules = rules

    def move(self, move: dict[str, Any]) -> list[str]:
        """The messages that send a move. GameError (nothing sent, nothing changed) when the
        rules refuse it on the secret part this device keeps."""
        secret = None
        if self.broken is None:
            move, secret = self._outgoing(move)
        self.sent += 1
        if self.broken is not None:  # the game has stopped: answered here, never sent
            self.outcomes.append({"n": self.sent, "ok": False, "message": self.broken["reason"]})
            return []
        if secret is not None:  # it changes the part here once the table takes it
            self.owned.pending = (self.sent, *secret)
        message = {"t": "move", "n": self.sent, "base": self.version, "move": move}
        self.pending[self.sent] = message
        return [encode(message)]

    def _owned_part(self) -> Any:
        """The game's hooks for the secret part this seat keeps (None at other tables)."""
        from wordtable.games import REGISTRY, make
        if self.owned is None or self.game_id not in REGISTRY:
            return None
        if self.game_id not in self._games:
            self._games[self.game_id] = make(self.game_id, self.lexicon_for or _no_lexicon)[0]
        return self._games[self.game_id].owned_part()

    def _outgoing(self, move: dict[str, Any]) -> tuple[dict[str, Any], tuple[dict[str, Any], Any] | None]:
        """What the table is sent for a move: with a secret part on this device, its public form
        (the rules judge the move on the part here), and the secret move with the part after it."""
        part = self._owned_part()
        if self.owned is None:
            return move, None
        if part is None or self.view is None:  # never sent as it is: it would show the secret
            raise IllegalMove("Wait a moment: the table's view of the game has not come yet.")
        public, secret = part.outgoing(self.view, self.owned, move)
        if secret is not None and self.owned.pending is not None:
            raise IllegalMove("Wait a moment: the table has not answered your last move yet.")
        return public, secret

    def screen_view(self) -> dict[str, Any] | None:
        """The view to draw: the table's, with this seat's own secret part merged in."""
        part = self._owned_part()
        if part is None or self.view is None:
            return self.view
        return part.own_view(self.view, self.owned.part)

    def _settled(self, number: int, taken: bool) -> list[str]:
        """The table answered move `number`: a secret move it took changes the part here."""
        if self.owned is None or self.owned.pending is None or self.owned.pending[0] != number:
            return []
        _n, secret, after = self.owned.pending
        self.owned.pending = None
        if taken:
            self.owned.moves.append(secret)
            self.owned.part = after
        return self._show()

    def _automatic_after(self, number: int) -> dict[str, Any] | None:
        """The move this device must make by itself once the table takes its secret move
        `number` (a view that came before the yes was judged on the part before it)."""
        part = self._owned_part()
        pending = None if self.owned is None else self.owned.pending
        if part is None or pending is None or pending[0] != number or self.view is None or self.broken is not None:
            return None
        automatic = part.automatic(self.view, pending[2])
        return None if automatic in [m["move"] for m in self.pending.values()] else automatic

    def _show(self) -> list[str]:
        """At the end, the secret part for everyone to check: once the table has answered every
        move made on it (a move still unanswered is sent again first), and once the record the
        table sent is the game on this screen, over (_record_ended). Until then a table asking
        to see it learns nothing; once shown, it is the same if asked again."""
        if self.owned is None or not self.show_asked or self.broken is not None:
            return []
        if self.owned.pending is not None:
            return [encode(m) for _n, m in sorted(self.pending.items())]
        if self.shown_at is not None:
            return [encode({"t": "shown", "part": self.owned.shown()})]  # asked again: the same
        record = self.final_record()
        if record is None or self.seat is None or self.view is None:
            return []  # shown once the record is in, and the game on this screen
        over, refusal = self._record_ended(record)
        if refusal:
            return self._stop(refusal)
        if not over:
            return []
        self.shown_at = self.version
        return [encode({"t": "shown", "part": self.owned.shown()})]

    def _record_ended(self, record: Any) -> tuple[bool, str | None]:
        """Whether the table's record is the game this screen shows, over: its public moves
        replay to the end, this seat's are exactly the moves the table took from it, its draws
        are those this device gave its parts to, and its end is the view shown here. What is
        wrong with it when it is not."""
        from wordtable.engine.game import Record, replay_states
        part = self._owned_part()
        if part is None:
            return False, "the table's record is not of the game you joined"
        try:
            parsed = Record.from_json(record)
            if parsed.game != self.game_id or self.seat not in parsed.owned_seats():
                return False, "the table's record is not of the game you joined"
            public = Record(parsed.game, parsed.options, parsed.seed, parsed.moves, parsed.shared,
                            {"seats": parsed.owned_seats(), "shown": {}})
            *_, last = replay_states(part.game, public)
        except (ValueError, GameError, LookupError) as error:
            return False, f"the table's record of the game does not hold ({str(error)[:200]})"
        if len(parsed.moves) != self.version or part.game.outcome(last) is None:
            return False, None  # an earlier copy, or a table asking too soon: nothing is shown
        refusal = self.own_moves_refusal(record) or self.own_draws_refusal(record)
        if refusal is None and checksum(part.game.view(last, self.seat)) != checksum(self.view):
            refusal = "the table's record does not end on the game it showed you"
        return True, refusal

    def own_moves_refusal(self, record: Any) -> str | None:
        """Whether the record holds exactly the moves the table took from this seat, as its
        device sent them (with a secret part kept here: each commitment it made)."""
        moves = record.get("moves") if isinstance(record, dict) else None
        if self.owned is None:
            return None
        mine = [entry[1] for entry in moves if isinstance(entry, list) and len(entry) == 2
                and entry[0] == self.seat] if isinstance(moves, list) else None
        if mine != self.owned.told:
            return "the table's record does not hold the moves your device made"
        return None

    def ask(self, question: str, args: dict[str, Any]) -> tuple[int, list[str]]:
        self.asked += 1
        return self.asked, [encode({"t": "ask", "q": self.asked, "question": question, "args": args})]

    def collect(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The moves and questions answered since the last collect (the page settles them)."""
        outcomes, answers = self.outcomes, self.answers
        self.outcomes, self.answers = [], []
        return outcomes, answers

    def check(self) -> list[str]:
        # copy: the finished record's copy it holds (the table sends a later one)
        if self.other_version:
            return []
        return [encode({"t": "check", "v": self.version, "sum": checksum(self.view) if self.view else "",
                        "copy": self.record_copy if self.record_ready() else ""})]

    def receive(self, text: Any) -> list[str]:
        message = decode(text)
        if message is None:
            return [encode({"t": "sync"})]  # damaged: ask for the view again
        kind = message["t"]
        if self.other_version:
            return []
        if kind == "welcome" and (type(message.get("protocol")) is not int or message["protocol"] != PROTOCOL):
            # An older host's (or a newer one's): its rules and checks are not this page's.
            self.other_version, self.error = True, HOST_OTHER_VERSION
            return []
        if kind == "error" and message.get("message") == OTHER_VERSION:
            self.other_version, self.error = True, OTHER_VERSION  # the table turned this page away
            return []
        if kind == "welcome" and _int(message.get("seat")):
            self.seat = message["seat"]
            players = message.get("players")
            if isinstance(players, list) and all(isinstance(name, str) for name in players):
                self.players = [name[:NAME_LENGTH * 4] for name in players[:8]]
            self.game_id = message.get("game") if isinstance(message.get("game"), str) else None
            if message.get("owned") is True and self.owned is None:
                self.owned = Keep()  # its key: made here, shown to nobody before the end
            if _int(message.get("last")):
                self.sent = max(self.sent, message["last"])
            return self._host_head(message.get("host"))
        if kind == "draw":
            return self._draw(message)
        if kind == "record":
            self._record_part(message)
            return self._show() if self.record_ready() else []
        if kind == "show":
            self.show_asked = True
            return self._show()
        if kind == "error":
            if message.get("rejoin") is True:  # the table lost this connection's join: join again
                return self.hello()
            self.error = str(message.get("message", ""))[:300]  # shown where it matters (a join refused)
            return []
        if kind == "broken" and self.broken is None:
            seat = message.get("seat")
            self.broken = {"seat": seat if _int(seat) else None, "reason": str(message.get("reason", ""))[:300]}
            for n in sorted(self.pending):  # moves not answered: they never will be
                self.outcomes.append({"n": n, "ok": False, "message": self.broken["reason"]})
            self.pending.clear()
            if self.owned is not None:
                self.owned.pending = None
            return []
        if kind == "view":
            return self._view(message)
        if kind == "ack" and _int(message.get("n")):
            automatic = self._automatic_after(message["n"])  # first: it changes nothing here
            taken = self.pending.pop(message["n"], None)
            if taken is not None:
                self.outcomes.append({"n": message["n"], "ok": True})
                if self.owned is not None:
                    self.owned.told.append(taken["move"])
            return self._settled(message["n"], taken=True) + (self.move(automatic) if automatic else [])
        if kind == "refused" and _int(message.get("n")):
            if message.get("retry"):
                return [encode(m) for _n, m in sorted(self.pending.items())]
            if self.pending.pop(message["n"], None) is not None:
                reason = str(message.get("message", ""))[:300]
                self.refusals.append(reason)
                self.outcomes.append({"n": message["n"], "ok": False, "message": reason})
            return self._settled(message["n"], taken=False)
        if kind == "answer" and _int(message.get("q")):
            if "error" in message:
                self.answers.append({"q": message["q"], "error": str(message["error"])[:300]})
            else:
                self.answers.append({"q": message["q"], "answer": message.get("answer")})
            return []
        if kind == "table" and isinstance(message.get("away"), list):
            self.away = [seat for seat in message["away"] if _int(seat)]
            waiting = message.get("waiting", [])
            self.waiting = [seat for seat in waiting if _int(seat)] if isinstance(waiting, list) else []
            self.started = message.get("started", True) is not False
            self.showing = message.get("showing") is True
            players = message.get("players")
            if isinstance(players, list) and all(isinstance(name, str) for name in players):
                self.players = [name[:NAME_LENGTH * 4] for name in players[:8]]
            return []
        if kind == "ping" and _int(message.get("at")):
            return [encode({"t": "pong", "at": message["at"]})]
        return []

    def _host_head(self, head: Any) -> list[str]:
        """The host's commitment, from its welcome: fixed once seen (a host that reloads keeps
        its chain, so it sends the same one)."""
        if not is_link(head):
            return []  # a table without shared randomness (or a damaged welcome: the next one counts)
        if self.host_head is None:
            self.host_head = head
        elif head != self.host_head and self.broken is None:
            return self._stop("the host changed its commitment during the game")
        return []

    def _draw(self, message: dict[str, Any]) -> list[str]:
        """The host asks for this guest's part of random event k, for the draw `label` (what the
        rules draw, bound to the whole record so far). The guest gives each event's part once,
        for one label only: the host cannot learn it and then use it for another draw. Guests
        give their parts before the host shows its own, so no guest knows a value before the
        table (the host's part is checked in the record: its chain, from its commitment)."""
        k, label = message.get("k"), message.get("label")
        if self.broken is not None or not _int(k) or not isinstance(label, str) or len(label) > 300:
            return []
        if self.host_head is None:  # the host's welcome (and its commitment) was lost: join again
            return [encode({"t": "join", "token": self.token, "head": self.chain.head(), "protocol": PROTOCOL})]
        heads, rules = message.get("heads"), message.get("rules")
        if not self.heads:
            if not (isinstance(heads, list) and all(is_link(h) for h in heads) and len(set(heads)) == len(heads)):
                return self._stop("the table's list of commitments is damaged")
            if heads[:1] != [self.host_head]:
                return self._stop("the table's commitments do not start with the one the host sent you")
            if self.chain.head() not in heads[1:]:
                return self._stop("the table's commitments do not include yours")
            # A new table plays under today's rules: older ones let the host see more (Spell
            # Write's re-roll before its own choice), and a host may not pick them for a new game.
            if type(rules) is not int or rules != LEDGER_RULES:
                return self._stop("the table opened under older online rules than this app's: every player needs the same version")
            self.heads, self.rules = list(heads), rules
        elif heads != self.heads:
            return self._stop("the table changed its players' commitments during the game")
        elif self.rules is None and type(rules) is int and rules in KNOWN_RULES:
            self.rules = rules  # saved by an app from before the versions
        elif rules != self.rules:
            return self._stop("the table changed its online rules during the game")
        if 1 <= k <= len(self.drawn):  # asked again (a lost answer): the same part, for the same draw only
            if self.drawn[k - 1] != label:
                return self._stop(f"the host asked again for random event {k}, for another draw")
            return [encode({"t": "reveal", "k": k, "x": self.chain.reveal(k)})]
        if k != len(self.drawn) + 1:
            return []
        if k > self.chain.length:
            return self._stop(f"the game drew more than {self.chain.length} random events, all a commitment covers")
        self.drawn.append(label)
        return [encode({"t": "reveal", "k": k, "x": self.chain.reveal(k)})]

    def _check_draws(self, draws: Any) -> list[str]:
        """A view's draws so far (their count and a digest of their labels) must be the draws this
        guest gave its parts to: else the host used a part for another draw than it asked."""
        if self.host_head is None or self.broken is not None:
            return []  # no shared randomness here (or the game has stopped)
        if not (isinstance(draws, list) and len(draws) == 2 and _int(draws[0]) and isinstance(draws[1], str)):
            return self._stop("the table's view does not say which random draws it stands on")
        count, digest = draws
        if count > len(self.drawn) or labels_digest(self.drawn[:count]) != digest:
            return self._stop("the host's table stands on random draws other than those you gave your part to")
        return []

    def _record_part(self, message: dict[str, Any]) -> None:
        part, of, text, copy = message.get("part"), message.get("of"), message.get("text"), message.get("copy", "")
        if not (_int(part) and _int(of) and 0 <= part < of <= RECORD_PARTS and isinstance(text, str)
                and isinstance(copy, str) and len(copy) <= 64):
            return
        if (of, copy) != (self.record_of, self.record_copy):  # another (later) copy of the record: start again
            self.record_parts, self.record_of, self.record_copy = {}, of, copy
        self.record_parts[part] = text

    def record_ready(self) -> bool:
        """Whether every part of the finished record has come (cheap: asked with every reply)."""
        return bool(self.record_of) and len(self.record_parts) == self.record_of

    def final_record(self) -> Any:
        """The finished game's record as the table sent it, or None until every part is in."""
        if not self.record_ready():
            return None
        try:
            return json.loads("".join(self.record_parts[i] for i in range(self.record_of)))
        except ValueError:
            return None

    def own_draws_refusal(self, record: Any) -> str | None:
        """Whether the record holds this guest's draws as it made them: the host's commitment it
        was welcomed with, its own commitment, and for each event it gave a part to, the same
        draw, its own part and the host's. The first difference, or None."""
        shared = record.get("shared") if isinstance(record, dict) else None
        heads = shared.get("heads") if isinstance(shared, dict) else None
        events = shared.get("events") if isinstance(shared, dict) else None
        if not (isinstance(heads, list) and isinstance(events, list)):
            return "the record has no shared randomness, though this game drew with you"
        if self.chain.head() not in heads:
            return "your commitment is not in the record"
        if self.heads and heads != self.heads:
            return "the commitments in the record are not those the table showed you"
        if heads[0] != self.host_head:
            return "the host's commitment in the record is not the one it showed you"
        if self.rules is not None and shared.get("rules", 1) != self.rules:
            return "the record's online rules are not those the table drew with"
        me = heads.index(self.chain.head())
        for k, label in enumerate(self.drawn, 1):
            event = events[k - 1] if k <= len(events) else None
            if not (isinstance(event, list) and len(event) == 2 and event[0] == label and isinstance(event[1], list)
                    and len(event[1]) == len(heads)):
                return f"random event {k} in the record is not the draw you gave your part to"
            if event[1][me] != self.chain.reveal(k):
                return f"your part of random event {k} in the record is not the one you gave"
        if len(events) > len(self.drawn):
            return f"the record has {len(events) - len(self.drawn)} random event(s) you never gave a part to"
        return None

    def own_part_refusal(self, record: Any) -> str | None:
        """Whether the record holds this seat's secret part as its device showed it (not there
        yet is no fault: the record's check says it is still to be shown)."""
        if self.owned is None:
            return None
        owned = record.get("owned") if isinstance(record, dict) else None
        shown = owned.get("shown") if isinstance(owned, dict) else None
        if not isinstance(shown, dict):
            return "the record does not say which secrets its players kept on their own devices"
        if str(self.seat) in shown and shown[str(self.seat)] != self.owned.shown():
            return "the record does not hold the secret your device kept as it showed it at the end"
        return None

    def _stop(self, reason: str) -> list[str]:
        """This guest caught the host: it gives no more parts, says why on its screen, and tells
        the table (an honest host then stops the game for everyone, naming who stopped it)."""
        self.broken = {"seat": None, "reason": f"The game has stopped: {reason}."}
        return [encode({"t": "stopped", "reason": reason})]

    def _view(self, message: dict[str, Any]) -> list[str]:
        version, view = message.get("v"), message.get("view")
        actors = message.get("actors", [])
        if not _int(version) or not isinstance(view, dict) or message.get("sum") != checksum(view) \
                or not isinstance(actors, list):
            return [encode({"t": "sync"})]
        if version < self.version:
            return []  # an older view arriving late
        if "draws" in message and self.host_head is None:  # its welcome was lost: join again first
            return [encode({"t": "join", "token": self.token, "head": self.chain.head(), "protocol": PROTOCOL})]
        # First (it changes nothing here): a move this device must make by itself on its secret
        # part; its rules may need a dictionary the page fetches before asking again.
        part = self._owned_part()
        if part is not None:
            part.warm(view)  # the dictionary its rules need, fetched now rather than mid-answer
        automatic = None if part is None or self.owned.pending is not None else part.automatic(view, self.owned.part)
        stopped = self._check_draws(message.get("draws"))
        if not stopped and self.shown_at is not None and version != self.shown_at:
            stopped = self._stop("the table went on after the game you showed your secret for had ended")
        self.version, self.view = version, view
        self.actors = [a for a in actors if _int(a)]
        if automatic is not None and not stopped and automatic not in [m["move"] for m in self.pending.values()]:
            return self.move(automatic)
        return stopped
