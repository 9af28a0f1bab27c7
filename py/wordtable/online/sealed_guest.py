"""A guest's side of an online table of sealed cards (issue 47; the messages are in
online.sealed_host): its own device (engine.sealed_table) runs the rules on what it knows, takes
every entry of the table in order and checks it (online.sealed_play), and draws its screen from
its own state. Nothing it holds, in memory or in its save, opens another seat's card."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import IllegalMove
from wordtable.engine.signing import DeviceKey
from wordtable.online.protocol import HOST_OTHER_VERSION, NAME_LENGTH, OTHER_VERSION, PROTOCOL, _int, decode, encode
from wordtable.online.sealed_play import SealedPlay, Stop, commitment, is_digest


@dataclass
class SealedGuest:
    token: str
    lexicon_for: Callable[[str], Any] | None = None
    name: str | None = None
    key_secret: str = field(default_factory=lambda: DeviceKey.new().secret)
    seat: int | None = None
    game_id: str | None = None
    table: dict[str, Any] | None = None        # the welcome's "sealed": the table, its options and seed
    play: SealedPlay | None = None
    outbox: list[dict[str, Any]] = field(default_factory=list)  # sent, not yet among the table's entries
    players: list[str] = field(default_factory=list)
    away: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    error: str | None = None
    other_version: bool = False
    refusals: list[str] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)  # answered moves, for the page to collect
    answers: list[dict[str, Any]] = field(default_factory=list)   # answered questions, likewise
    asked: int = 0
    code_nonce: str = field(default_factory=lambda: secrets.token_hex(32))  # its number for the table code
    nonce_sent: bool = False  # (since it last said hello)

    def __post_init__(self) -> None:
        self.key = DeviceKey.from_json(self.key_secret)

    # -- what it says ------------------------------------------------------------------------

    def hello(self) -> list[str]:
        """On (re)connecting: join, saying how many entries it holds, then send again what the
        table has not relayed yet."""
        if self.other_version:
            return []
        join = {"t": "join", "token": self.token, "key": self.key.public, "commit": commitment(self.code_nonce),
                "protocol": PROTOCOL, "have": 0 if self.play is None else len(self.play.entries)}
        if self.name:
            join["name"] = self.name
        self.nonce_sent = False
        return [encode(join)] + [encode(message) for message in self.outbox] + self._nonce_if_due()

    def _nonce_if_due(self) -> list[str]:
        """Its number for the table code, once it holds every seat's key and commitment."""
        if self.play is None or self.seat is None or self.nonce_sent or not self.play.nonce_due(self.seat):
            return []
        self.nonce_sent = True
        return [encode({"t": "nonce", "nonce": self.code_nonce})]

    def _send(self, messages: list[dict[str, Any]]) -> list[str]:
        assert self.play is not None and self.seat is not None
        out = []
        for message in messages:
            signed = {"t": "sealed", **self.play.signed(self.key, self.seat, message)}
            self.outbox.append(signed)
            out.append(encode(signed))
        return out

    def move(self, move: dict[str, Any]) -> list[str]:
        """The messages that send a move: IllegalMove / MalformedMove (nothing sent) when the
        rules refuse it on this device."""
        if self.play is None or self.seat is None:
            raise IllegalMove("Wait a moment: the table has not answered yet.")
        if self.play.stop is not None:
            raise IllegalMove(f"The game has stopped: {self.play.stop.reason}.")
        device = self.play.devices[self.seat]
        if not device.ready():
            raise IllegalMove("Wait a moment: the cards are being dealt.")
        return self._send(device.move(move))

    @property
    def sent(self) -> int:
        """The number of this seat's move on its way (or of its last one)."""
        if self.play is None or self.seat is None:
            return 0
        device = self.play.devices[self.seat]
        return device.moves_by[self.seat] + (1 if device.sent is not None else 0)

    # -- what it hears -----------------------------------------------------------------------

    def receive(self, text: Any) -> list[str]:
        message = decode(text)
        if message is None or self.other_version:
            return [] if self.other_version else self._since()
        kind = message["t"]
        if kind == "welcome":
            return self._welcome(message)
        if kind == "error" and message.get("message") == OTHER_VERSION:
            self.other_version, self.error = True, OTHER_VERSION
            return []
        if kind == "error":
            if message.get("rejoin") is True:
                return self.hello()
            self.error = str(message.get("message", ""))[:300]
            return []
        if kind == "sealed":
            return self._entry(message.get("e"))
        if kind == "refused":
            return self._refused(message)
        if kind == "stopped" and self.play is not None and self.play.stop is None:
            seat = message.get("seat")
            # The host's word: this device found nothing wrong with the entries it took, and says so
            reason = str(message.get("reason", ""))[:300]
            self.play.stop = Stop(seat if _int(seat) else None, f"the host's page says “{reason}”; this page found "
                                                                "nothing wrong in what it was sent")
            return []
        if kind == "table" and isinstance(message.get("away"), list):
            self.away = [seat for seat in message["away"] if _int(seat)]
            waiting = message.get("waiting", [])
            self.waiting = [seat for seat in waiting if _int(seat)] if isinstance(waiting, list) else []
            self._players(message.get("players"))
            return []
        if kind == "ping" and _int(message.get("at")):
            return [encode({"t": "pong", "at": message["at"]})]
        return []

    def _players(self, players: Any) -> None:
        if isinstance(players, list) and all(isinstance(name, str) for name in players):
            self.players = [name[:NAME_LENGTH * 4] for name in players[:8]]

    def _since(self) -> list[str]:
        return [encode({"t": "since", "have": 0 if self.play is None else len(self.play.entries)})]

    def _welcome(self, message: dict[str, Any]) -> list[str]:
        if type(message.get("protocol")) is not int or message["protocol"] != PROTOCOL:
            self.other_version, self.error = True, HOST_OTHER_VERSION
            return []
        seat, table, game_id = message.get("seat"), message.get("sealed"), message.get("game")
        self._players(message.get("players"))
        if self.play is not None:
            if table != self.table or seat != self.seat:
                self.error = "This table is not the one this game was dealt at."
            return []
        if not (_int(seat) and isinstance(game_id, str) and isinstance(table, dict)
                and isinstance(table.get("table"), str) and isinstance(table.get("options"), dict)):
            self.error = "The table's welcome could not be read."
            return []
        from wordtable.games import REGISTRY, make
        try:
            if game_id not in REGISTRY:
                raise ValueError(f"no game {game_id[:40]!r}")
            game = make(game_id, self.lexicon_for or _no_lexicon)[0]
            options = game.Options.parse(table["options"])
            if game.sealed_cards is None or not seat < options.players:
                raise ValueError("not a game of sealed cards")
            play = SealedPlay(game, options, table.get("seed"), table["table"])
            device = play.seat_device(seat)
        except (ValueError, LookupError, TypeError) as error:
            self.error = f"This game cannot be played here: {str(error)[:120]}"
            return []
        self.seat, self.game_id, self.table, self.play = seat, game_id, table, play
        return self._send(device.hello())

    def _entry(self, entry: Any) -> list[str]:
        # A page that stopped takes nothing more (asking for what it misses would loop for ever)
        if self.play is None or self.play.stop is not None or not isinstance(entry, dict) or not _int(entry.get("i")):
            return []
        if entry["i"] < len(self.play.entries):
            return []  # taken already
        if entry["i"] > len(self.play.entries):
            return self._since()  # one is missing: asked for again, from where it is
        before = self.sent
        if entry.get("from") == self.seat and "key" in entry and (entry.get("key") != self.key.public
                                                                  or entry.get("commit") != commitment(self.code_nonce)):
            self.play.stop = Stop(None, "the table gave this seat a key that is not this device's")
            return []
        made = self.play.take(entry)
        message = entry.get("m")
        if entry.get("from") == self.seat and isinstance(message, dict):
            self.outbox = [sent for sent in self.outbox if sent["m"] != message]
            if message.get("kind") == "move" and message.get("n") == before:
                self.outcomes.append({"n": before, "ok": True})
        return self._send(made) + self._nonce_if_due()

    def _refused(self, message: dict[str, Any]) -> list[str]:
        if self.play is None or self.seat is None:
            return []
        device = self.play.devices[self.seat]
        number = message.get("n")
        if device.sent is None or device.sent.get("n") != number:
            return []
        self.outbox = [sent for sent in self.outbox if sent["m"] != device.sent]
        device.refused()
        reason = str(message.get("message", ""))[:300]
        self.refusals.append(reason)
        self.outcomes.append({"n": number, "ok": False, "message": reason})
        return []

    # -- what it shows -----------------------------------------------------------------------

    def screen_view(self) -> dict[str, Any] | None:
        if self.play is None or self.seat is None:
            return None
        return self.play.view(self.seat)

    @property
    def actors(self) -> list[int]:
        if self.play is None or self.seat is None:
            return []
        return list(self.play.game.actors(self.play.devices[self.seat].state))

    # What the page's reply holds of any guest (bridge.online_guest), as this table has it.
    @property
    def version(self) -> int:
        return 0 if self.play is None else len(self.play.entries)

    @property
    def pending(self) -> dict[int, dict[str, Any]]:
        device = None if self.play is None or self.seat is None else self.play.devices[self.seat]
        return {} if device is None or device.sent is None else {self.sent: device.sent}

    @property
    def started(self) -> bool:
        """Every seat has joined (the deal needs each seat's device)."""
        return self.play is not None and len(self.play.keys) == self.play.seats

    @property
    def broken(self) -> dict[str, Any] | None:
        stop = None if self.play is None else self.play.stop
        return None if stop is None else {"seat": stop.seat, "reason": f"The game has stopped: {stop.reason}."}

    showing = False       # every hand is shown in the game itself (its showdown)
    host_head = None      # no shared randomness: the deal and STL-1's chance are drawn by the devices

    def collect(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        outcomes, answers = self.outcomes, self.answers
        self.outcomes, self.answers = [], []
        return outcomes, answers

    def ask(self, question: str, args: dict[str, Any]) -> tuple[int, list[str]]:
        """A question about this seat's game, answered here: its own device holds the game."""
        self.asked += 1
        if self.play is None or self.seat is None or question not in self.play.game.questions:
            self.answers.append({"q": self.asked, "error": "This game has no such question."})
        else:
            answer = self.play.game.answer(self.play.devices[self.seat].state, self.seat, question, args)
            self.answers.append({"q": self.asked, "answer": answer})
        return self.asked, []

    def check(self) -> list[str]:
        """The periodic check: the entries this device misses, if any (a lost message)."""
        return [] if self.other_version or self.play is None or self.play.stop is not None else self._since()

    def record_ready(self) -> bool:
        """The game is over and every device showed its keys: this page holds the whole record."""
        return self.play is not None and self.play.audited

    @property
    def record_copy(self) -> str:
        return str(self.version) if self.record_ready() else ""

    def final_record(self) -> Any:
        """The game's record, from the entries this page took, once it is over (for "Check this game")."""
        if self.play is None or self.table is None or not self.record_ready():
            return None
        return {"game": self.game_id, "options": self.table["options"], "seed": self.table.get("seed"), "moves": [],
                "sealed": self.play.sealed_record()}

    # -- saving --------------------------------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        return {"sealed": True, "key": self.key_secret, "seat": self.seat, "game": self.game_id, "table": self.table,
                "play": None if self.play is None else self.play.to_json(), "outbox": self.outbox,
                "code_nonce": self.code_nonce}

    def restore(self, saved: dict[str, Any]) -> None:
        """From saved(); ValueError when it is damaged (nothing is changed then)."""
        key = DeviceKey.from_json(saved.get("key"))
        seat, game_id, table, outbox = saved.get("seat"), saved.get("game"), saved.get("table"), saved.get("outbox", [])
        if not (isinstance(outbox, list) and all(isinstance(m, dict) and isinstance(m.get("m"), dict) for m in outbox)):
            raise ValueError("the saved messages are damaged")
        play = None
        if saved.get("play") is not None:
            if not (_int(seat) and isinstance(game_id, str) and isinstance(table, dict)):
                raise ValueError("the saved seat is damaged")
            from wordtable.games import make
            try:
                game = make(game_id, self.lexicon_for or _no_lexicon)[0]
                options = game.Options.parse(table["options"])
            except (KeyError, LookupError, TypeError) as error:
                raise ValueError(f"the saved game cannot be played here ({error})") from None
            play = SealedPlay.from_json(game, options, table.get("seed"), saved["play"])
            if play.table != table.get("table") or set(play.devices) != {seat}:
                raise ValueError("the saved seat is damaged")
        code_nonce = saved.get("code_nonce", self.code_nonce)  # (none in a table of before the numbers)
        if not is_digest(code_nonce):
            raise ValueError("the saved number for the table code is damaged")
        self.key_secret, self.key, self.code_nonce = key.secret, key, code_nonce
        self.seat, self.game_id, self.table, self.play, self.outbox = seat, game_id, table, play, list(outbox)


def _no_lexicon(name: str) -> Any:
    raise LookupError(f"no dictionary {name!r} on this device")
