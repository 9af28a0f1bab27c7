"""The host's side of online play: the table (Host), which holds the record, decides every
move and sends each guest only that guest's view; with shared randomness it runs each draw
(Host._open_round), and with secret parts kept on the guests' devices it checks each part
shown at the end (Host._shown)."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import Game, Record, ledger_seed, replay_states, settle, start_state, with_shown
from wordtable.engine.owned import OwnedBreak, parse_shown
from wordtable.engine.rng import START_MARK, NeedRandomness, Seed, SharedSeed, action_mark
from wordtable.engine.shared_random import Break, Ledger, is_link
from wordtable.engine.signing import (
    CLOCK,
    SIGNED_RULES,
    is_public_key,
    move_statement,
    shown_statement,
    signed_by,
    weak_key,
)
from wordtable.online.draws import Action, Draws, draws_from_json
from wordtable.online.host_draws import HostDraws, Outgoing
from wordtable.online.names import alike_to
from wordtable.online.protocol import (
    OTHER_VERSION,
    PROTOCOL,
    RECORD_PART,
    REFUSALS_KEPT,
    _int,
    _number,
    checksum,
    clean_name,
    decode,
    encode,
    labels_digest,
)

# An honest guest's device shows the secret part it kept the moment the table asks (Guest._show).
# One that stays at the table this long in all after being asked (the host's clock: time away
# does not count, and coming back does not start it again) will not, and loses by forfeit; one
# that is away is waited for, as a dropped phone cannot be told from a player who left.
SHOW_WITHIN_MS = 60_000


@dataclass
class Host(HostDraws):
    """The table. Peers are whatever the transport calls them (a connection id).

    With `draws` (shared randomness), the rules draw on events every player reveals a part of:
    the game starts once every guest has joined with its commitment, and a move that needs a
    random event waits, answered by nobody, until every guest's reveal for it is in."""

    game: Game
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
    # Connections that sent something signed by their seat's key (a move, a part of a draw): only
    # these count as the seat at the table for the show clock. Whoever holds an invitation's token
    # can join as its seat (its key and commitment are public), but cannot sign for it.
    proven: set[str] = field(default_factory=set)

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
                if self.record.owned is None and self.game.kind.owned_parts:
                    self.record.owned = {"seats": list(self.draws.guests), "shown": {}}  # each guest keeps its own
                return  # not started: waits for every guest's commitment
            self.ledger = self._checked_ledger()
            self.seed = ledger_seed(self.ledger, live=True)
        complete = self.draws is None or self.draws.pending is None
        states = []
        try:
            for state in replay_states(self.game, self.record, complete, self.seed):
                self.state = state  # kept as it goes: the last one replayed is the table's
                self.epochs.append(self.game.epoch(state))
                if self.record.owned is not None:
                    states.append(state)
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
        self.proven.discard(peer)
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

    def show_due(self) -> list[int]:
        """The seats asked to show their secret part that are at the table now, on a connection
        that signed as the seat (proven): each has SHOW_WITHIN_MS by the host's clock (online.unshown)."""
        present = {seat for peer, seat in self.peers.items() if peer in self.proven or not self.signing}
        return [seat for seat in self.not_shown() if seat in present]

    def forfeit_unshown(self, seats: list[int]) -> Outgoing:
        """The host's clock: `seats` stayed at the table, asked, for SHOW_WITHIN_MS without showing
        what they kept. The game stops with the first still so named: they lose by forfeit."""
        due = [seat for seat in seats if seat in self.show_due()]
        if not due:
            return []  # shown since, or away: nothing to decide
        name, secret = self.names[due[0]], self.game.kind.owned_name
        return self._break(Break(len(self._open()[0].events), due[0],
                                 f"{name}'s device stayed at the table but did not show the {secret} it kept within "
                                 f"{SHOW_WITHIN_MS // 1000} seconds of the end: {name} loses by forfeit"))

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
            held = decode(record[0][1]) if record else None  # (the table's own message: never None)
            latest = held is not None and held["copy"] == message.get("copy")
            return out + ([] if latest and not showing else record + showing)
        return [(peer, self.view_message(seat))] + out + record + self._show_request(peer, seat)

    def _join(self, peer: str, message: dict[str, Any]) -> Outgoing:
        token = message.get("token")
        seat = self.tokens.get(token) if isinstance(token, str) else None
        if seat is None:
            return [(peer, encode({"t": "error", "message": "This invitation is not for this game."}))]
        if message.get("protocol") != PROTOCOL or type(message.get("protocol")) is not int:
            self.other_version.add(peer)
            return [(peer, encode({"t": "error", "message": OTHER_VERSION}))]
        self.other_version.discard(peer)
        refusal = self._commitment(seat, message.get("head"), message.get("key"))
        if refusal:
            return [(peer, encode({"t": "error", "message": refusal}))]
        name = clean_name(message.get("name"))
        # The friend's own name for their seat (others hear it with presence); a name that reads
        # like another seat's is not taken: the seat keeps the one it was given.
        others = self.names[:seat] + self.names[seat + 1:]
        if name and seat in self.remote and not alike_to(name, others):
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

    @property
    def signing(self) -> bool:
        """Whether this table's guests sign what they say (engine.signing): every new one."""
        if self.draws is None:
            return False
        return self.ledger is None or self.ledger.rules >= SIGNED_RULES

    @property
    def table_id(self) -> str:
        """What a guest's signatures name the table by: the host's commitment."""
        return self._table_draws().chain.head()  # (asked for at a signing table: one with draws)

    def _commitment(self, seat: int, head: Any, key: Any) -> str | None:
        """Takes a guest's commitment (shared randomness) and its device's public key, the first
        time it joins; the reason if its join cannot be taken."""
        if self.draws is None:
            return None
        if seat not in self.draws.guests:
            return "This seat is not played from another browser."
        if self.signing and weak_key(key):
            return "This device's signing key is one that anyone could sign for: its join is refused."
        if self.signing and not is_public_key(key):
            return "This table asks every device to sign its moves: join with an up-to-date page."
        known = self.draws.heads.get(seat)
        if known is not None and self.signing and head == known:
            self.draws.keys.setdefault(seat, key)  # (a guest that committed before keys were asked for)
        if known is not None:
            if head != known or (self.signing and key != self.draws.keys[seat]):
                return ("This seat already plays with another secret: continue in the browser that joined first, "
                        "or ask the host for a new game.")
            return None
        if not is_link(head):
            return "This table draws its randomness with every player: join with an up-to-date page."
        if head == self.draws.chain.head() or head in self.draws.heads.values():
            return "That commitment is already another player's."
        if self.signing and key in self.draws.keys.values():
            return "That signing key is already another player's."
        self.draws.heads[seat] = head
        if self.signing:
            self.draws.keys[seat] = key
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
        base, signature = message.get("base"), message.get("sig")
        if self.signing and not (_int(base) and base <= self.version and signed_by(
                self._table_draws().keys.get(seat), move_statement(self.table_id, seat, number, base, move), signature)):
            return self._refuse(peer, seat, number, "This move is not signed by the device that joined this seat: "
                                                    "reload the page and play from the browser you joined with.")
        self.proven.add(peer)
        if self._stale(base, seat):
            return self._refuse(peer, seat, number, "Too late: the table moved on.") + [(peer, self.view_message(seat))]
        try:
            return self._attempt({"kind": "move", "seat": seat, "move": move, "n": number, "base": base, "sig": signature})
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
        if seat in self.remote and self.signing:
            raise IllegalMove("That seat is played from another device: only its player's device can move there.")
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
        assert seat is not None and move is not None  # every action but the start is a seat's move
        self.state = after
        self.mark = action_mark(self.mark, len(self.record.moves), seat, move)
        self.record.moves.append((seat, move))
        self._signature_of(action, seat)
        self.epochs.append(self.game.epoch(after))
        out: Outgoing = []
        if action["kind"] == "move":
            self.last_move[seat] = max(self.last_move.get(seat, 0), action["n"])
            out = [(peer, encode({"t": "ack", "n": action["n"]})) for peer, s in self.peers.items() if s == seat]
        out += self.broadcast() + (self.presence() if self.draws is not None else [])
        record = self.record_messages()  # before the show requests: a guest shows once it holds it
        out += [(peer, text) for peer in self.peers for text in record]
        return out + [request for peer, seat in self.peers.items() for request in self._show_request(peer, seat)]

    def _signature_of(self, action: Action, seat: int | None) -> None:
        """Keeps, with a move just recorded, the guest's signature of it (or that the table's
        clock played it for a guest's seat)."""
        if not self.signing or seat not in self._table_draws().keys:
            return
        index = str(len(self.record.moves) - 1)
        if action["kind"] == "move":
            self._signatures()["moves"][index] = [action["n"], action["base"], action["sig"]]
        elif action["kind"] == "expire":
            self._signatures()["moves"][index] = CLOCK

    def _show_request(self, peer: str, seat: int) -> Outgoing:
        return [(peer, encode({"t": "show"}))] if seat in self.not_shown() else []

    def _shown(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        """A guest shows its secret part at the end: replayed against the public record (every
        claim it made, every commitment); the game stops naming the seat if one does not hold.
        Once every part is in, every screen shows them and the record goes to every guest."""
        owned = self.record.owned
        if owned is None or seat not in self.not_shown():
            return []  # not asked, or shown already
        part, signature = message.get("part"), message.get("sig")
        if parse_shown(part) is None:
            return [(peer, encode({"t": "error", "message": "What you showed could not be read."}))]
        if self.signing and not signed_by(self._table_draws().keys.get(seat), shown_statement(self.table_id, seat, part),
                                          signature):
            return [(peer, encode({"t": "error", "message": "What you showed is not signed by the device that joined "
                                                            "this seat."}))]
        if self.signing:
            self._signatures()["shown"][str(seat)] = signature
        shown = {"seats": owned["seats"], "shown": {**owned["shown"], str(seat): part}}
        trial = self.record.but(owned=shown)
        try:
            final = with_shown(self.game, trial, list(replay_states(self.game, trial)))
        except OwnedBreak as broken:
            # Kept in the record, which goes to everyone: each can check the accusation.
            self.record.owned = shown
            where = "" if broken.move_index is None else f" (move {broken.move_index + 1})"
            stop = self._break(Break(len(self._open()[0].events), broken.seat,
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
        if kind == "start":  # (at a table with draws, once they are open: _open_ledger)
            _ledger, seed = self._open()
            seed.after = START_MARK
            state = start_state(self.game, self.record, seed)
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

    # -- saving (the host's record survives a reload) ---------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = {"record": self.record.to_json(), "names": self.names, "remote": self.remote, "tokens": self.tokens,
                "last_move": {str(k): v for k, v in self.last_move.items()},
                "refused": {str(seat): {str(n): m for n, m in moves.items()} for seat, moves in self.refused.items()}}
        if self.draws is not None:
            data["draws"] = self.draws.to_json()
        return data

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> Host:
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

