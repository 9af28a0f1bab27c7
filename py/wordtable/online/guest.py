"""A guest's side of online play (Guest): the last good view, its moves until the host
answers them, its part of each random draw (Guest._draw) and the checks it holds the table
to; with a secret part kept on its own device (engine.owned), the public form of each move
(Guest._outgoing) and the part shown at the end."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordtable import safe_json
from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import Game
from wordtable.engine.owned import Keep, OwnedPart
from wordtable.engine.shared_random import CHAIN_LENGTH, LEDGER_RULES, ONLINE_RULES, SecretChain, is_link
from wordtable.engine.signing import (
    DeviceKey,
    is_public_key,
    move_statement,
    reveal_statement,
    shown_statement,
    stopped_statement,
)
from wordtable.online.guest_checks import GuestChecks
from wordtable.online.protocol import (
    HOST_OTHER_VERSION,
    NAME_LENGTH,
    OTHER_VERSION,
    PROTOCOL,
    RECORD_PARTS,
    _int,
    checksum,
    decode,
    encode,
    labels_digest,
)


def _no_lexicon(name: str) -> Any:
    raise LookupError(f"no dictionary {name!r} on this device")


@dataclass
class Guest(GuestChecks):
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
    # Signing (engine.signing): this device's key for the table (its secret in the guest's save
    # only), every guest's public key as the table listed them, the numbers of this device's
    # moves the table took, and each view it was shown ([version, checksum], a new entry when
    # the view changed): the end check holds the record to them.
    key_secret: str = field(default_factory=lambda: DeviceKey.new().secret)
    keys: dict[int, str] = field(default_factory=dict)
    taken: list[int] = field(default_factory=list)
    seen: list[list[Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.chain = SecretChain(bytes.fromhex(self.chain_end))
        self.key = DeviceKey.from_json(self.key_secret)
        self._games: dict[str, Game] = {}

    def _join_message(self) -> dict[str, Any]:
        join = {"t": "join", "token": self.token, "head": self.chain.head(), "key": self.key.public,
                "protocol": PROTOCOL}
        if self.name:
            join["name"] = self.name
        return join

    def _signed(self, message: dict[str, Any], statement: bytes | None) -> dict[str, Any]:
        """The message with this device's signature over `statement` (once the table's identity,
        the host's commitment, is known: every table that asks for signatures has one)."""
        if statement is not None:
            message["sig"] = self.key.sign(statement)
        return message

    def _table(self) -> str | None:
        return self.host_head if self.seat is not None else None

    def hello(self) -> list[str]:
        """On (re)connecting: join with this guest's commitment, then send again every move not
        yet answered."""
        if self.other_version:
            return []  # another version's table: nothing is sent until this page is reloaded
        return [encode(self._join_message())] + [encode(m) for _n, m in sorted(self.pending.items())]

    def saved(self) -> dict[str, Any]:
        """What the guest's page keeps: its moves not yet answered, and its secret chain."""
        return {"sent": self.sent, "pending": {str(n): m for n, m in self.pending.items()},
                "chain": self.chain_end, "drawn": self.drawn, "host_head": self.host_head, "heads": self.heads,
                "rules": self.rules, "broken": self.broken, "owned": None if self.owned is None else self.owned.to_json(),
                "seat": self.seat, "game": self.game_id, "shown_at": self.shown_at, "key": self.key_secret,
                "keys": {str(seat): key for seat, key in self.keys.items()}, "taken": self.taken, "seen": self.seen}

    def restore(self, saved: dict[str, Any]) -> None:
        """From saved(); ValueError when it is damaged (nothing is changed then)."""
        sent, pending = saved.get("sent", 0), saved.get("pending", {})
        chain, drawn, host = saved.get("chain", self.chain_end), saved.get("drawn", []), saved.get("host_head")
        broken, heads, rules = saved.get("broken"), saved.get("heads", []), saved.get("rules")
        if not (rules is None or (type(rules) is int and rules in ONLINE_RULES)):
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
        key = DeviceKey.from_json(saved.get("key", self.key_secret))
        keys, taken, seen = saved.get("keys", {}), saved.get("taken", []), saved.get("seen", [])
        if not (isinstance(keys, dict) and all(k.isdigit() and is_public_key(v) for k, v in keys.items())
                and isinstance(taken, list) and all(_int(n) for n in taken)
                and isinstance(seen, list) and all(isinstance(e, list) and len(e) == 2 and _int(e[0])
                                                   and isinstance(e[1], str) for e in seen)):
            raise ValueError("the saved signatures are damaged")
        self.sent, self.pending, self.owned = sent, {int(n): m for n, m in pending.items()}, owned
        self.seat, self.game_id, self.shown_at = seat, game, shown_at
        self.chain_end, self.chain = chain, SecretChain(bytes.fromhex(chain))
        self.drawn, self.host_head, self.heads, self.broken = list(drawn), host, list(heads), broken
        self.rules = rules
        self.key_secret, self.key = key.secret, key
        self.keys, self.taken, self.seen = {int(k): v for k, v in keys.items()}, list(taken), [list(e) for e in seen]

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
            assert self.owned is not None  # (_outgoing gives a secret move only for a part kept here)
            self.owned.pending = (self.sent, *secret)
        table = self._table()
        message = self._signed({"t": "move", "n": self.sent, "base": self.version, "move": move},
                               None if table is None or self.seat is None
                               else move_statement(table, self.seat, self.sent, self.version, move))
        self.pending[self.sent] = message
        return [encode(message)]

    def _owned_part(self) -> OwnedPart | None:
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
        if part is None or self.view is None or self.owned is None:  # (no part without self.owned)
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
            return [self._shown_message()]  # asked again: the same
        record = self.final_record()
        if record is None or self.seat is None or self.view is None:
            return []  # shown once the record is in, and the game on this screen
        over, refusal = self._record_ended(record)
        if refusal:
            return self._stop(refusal)
        if not over:
            return []
        self.shown_at = self.version
        return [self._shown_message()]

    def _shown_message(self) -> str:
        assert self.owned is not None  # (_show sends it only for a part kept here)
        part, table = self.owned.shown(), self._table()
        return encode(self._signed({"t": "shown", "part": part},
                                   None if table is None or self.seat is None else shown_statement(table, self.seat, part)))

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
            public = parsed.but(owned={"seats": parsed.owned_seats(), "shown": {}})
            states = list(replay_states(part.game, public))
            last = states[-1]
        except (ValueError, GameError, LookupError) as error:
            return False, f"the table's record of the game does not hold ({str(error)[:200]})"
        if len(parsed.moves) != self.version or part.game.outcome(last) is None:
            return False, None  # an earlier copy, or a table asking too soon: nothing is shown
        refusal = self.own_moves_refusal(record) or self.own_draws_refusal(record) \
            or self.seen_refusal(part.game, states, [])
        assert self.view is not None  # (_show asks only once a view has come)
        if refusal is None and checksum(part.game.view(last, self.seat)) != checksum(self.view):
            refusal = "the table's record does not end on the game it showed you"
        return True, refusal

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
            self.broken = {"seat": seat if _int(seat) else None, "reason": self._accusation(message)}
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
                self.taken.append(message["n"])
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
            return [encode(self._join_message())]
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
            refusal = self._take_keys(message.get("keys"))
            if refusal:
                return self._stop(refusal)
        elif heads != self.heads:
            return self._stop("the table changed its players' commitments during the game")
        elif self.rules is None and type(rules) is int and rules in ONLINE_RULES:
            self.rules = rules  # saved by an app from before the versions
        elif rules != self.rules:
            return self._stop("the table changed its online rules during the game")
        if 1 <= k <= len(self.drawn):  # asked again (a lost answer): the same part, for the same draw only
            if self.drawn[k - 1] != label:
                return self._stop(f"the host asked again for random event {k}, for another draw")
            return [self._reveal_message(k, label)]
        if k != len(self.drawn) + 1:
            return []
        if k > self.chain.length:
            return self._stop(f"the game drew more than {self.chain.length} random events, all a commitment covers")
        self.drawn.append(label)
        return [self._reveal_message(k, label)]

    def _reveal_message(self, k: int, label: str) -> str:
        part, table = self.chain.reveal(k), self._table()
        return encode(self._signed({"t": "reveal", "k": k, "x": part},
                                   None if table is None else reveal_statement(table, k, label, part)))

    def _take_keys(self, keys: Any) -> str | None:
        """Every guest device's public key, from the first draw (a table that signs sends them):
        this device's own at its own seat, one per guest commitment."""
        if self.rules is None or self.rules < 3:
            return None
        if not (isinstance(keys, dict) and all(k.isascii() and k.isdigit() and is_public_key(v) for k, v in keys.items())
                and len(keys) == len(self.heads) - 1 and len(set(keys.values())) == len(keys)):
            return "the table's list of its players' signing keys is damaged"
        if keys.get(str(self.seat)) != self.key.public:
            return "the table's list of signing keys does not give your seat your device's key"
        self.keys = {int(k): v for k, v in keys.items()}
        return None

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
            return safe_json.loads("".join(self.record_parts[i] for i in range(self.record_of)))
        except ValueError:
            return None

    def _stop(self, reason: str) -> list[str]:
        """This guest caught the host: it gives no more parts, says why on its screen, and tells
        the table (an honest host then stops the game for everyone, naming who stopped it)."""
        self.broken = {"seat": None, "reason": f"The game has stopped: {reason}."}
        table = self._table()
        return [encode(self._signed({"t": "stopped", "reason": reason},
                                    None if table is None or self.seat is None
                                    else stopped_statement(table, self.seat, reason)))]

    def _view(self, message: dict[str, Any]) -> list[str]:
        version, view = message.get("v"), message.get("view")
        actors = message.get("actors", [])
        if not _int(version) or not isinstance(view, dict) or message.get("sum") != checksum(view) \
                or not isinstance(actors, list):
            return [encode({"t": "sync"})]
        if version < self.version:
            return []  # an older view arriving late
        if "draws" in message and self.host_head is None:  # its welcome was lost: join again first
            return [encode(self._join_message())]
        # First (it changes nothing here): a move this device must make by itself on its secret
        # part; its rules may need a dictionary the page fetches before asking again.
        part = self._owned_part()
        if part is not None:
            part.warm(view)  # the dictionary its rules need, fetched now rather than mid-answer
        owned = self.owned  # (set wherever part is)
        automatic = None if part is None or owned is None or owned.pending is not None else part.automatic(view, owned.part)
        stopped = self._check_draws(message.get("draws"))
        if not stopped and self.shown_at is not None and version != self.shown_at:
            stopped = self._stop("the table went on after the game you showed your secret for had ended")
        self.version, self.view = version, view
        shown = [version, checksum(view)]
        if not self.seen or self.seen[-1] != shown:
            self.seen.append(shown)
        self.actors = [a for a in actors if _int(a)]
        if automatic is not None and not stopped and automatic not in [m["move"] for m in self.pending.values()]:
            return self.move(automatic)
        return stopped
