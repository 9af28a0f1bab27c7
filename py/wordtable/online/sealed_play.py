"""What every page at an online table of sealed cards holds (issue 47, docs/fair-cards.md): the
devices it runs (engine.sealed_table: a guest's one seat; at the host, its own seat and each bot
it seats) and the table's entries, in the host's order, as it took them.

An entry is one of:
  {"i": I, "from": S, "key": K, "commit": C} seat S signs its messages with key K (the host's word:
                                              the first device that joined the seat; K is the host's
                                              own key for the seats the host's page plays), and C is
                                              the SHA-256 of a number its device keeps for the code
  {"i": I, "from": S, "nonce": N}            that number, shown once its device holds every key entry
  {"i": I, "from": S, "m": M, "sig": G, "after": [K, H]}
                                             seat S's sealed message M, made after the table's
                                              first K entries, whose running hash is H (heads[K]),
                                              signed G (engine.signing.sealed_statement) by S's key
Every page takes every entry in order and checks it the same way: the host cannot make up a
guest's message, nor change one on the way, nor show two pages two histories and carry a message
made in one into the other (its "after" does not hold there). A message that does not hold stops the game, naming
the seat at fault (SealedFault's); the host refuses a move the rules refuse before it relays it.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.sealed_game import RefusedNow, SealedFault
from wordtable.engine.sealed_table import Device
from wordtable.engine.signing import DeviceKey, is_public_key, sealed_statement, signed_by
from wordtable.online.protocol import _int


@dataclass
class Stop:
    """Why the game stopped: the seat at fault (None: nobody can be named) and what it did."""

    seat: int | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason}


@dataclass
class SealedPlay:
    """The devices of this page and the table's entries it took (`entries[i]["i"] == i`)."""

    game: Any
    options: Any        # the game's parsed options
    seed: Any
    table: str          # the table's identity, in every signature
    devices: dict[int, Device] = field(default_factory=dict)
    entries: list[dict[str, Any]] = field(default_factory=list)
    keys: dict[int, str] = field(default_factory=dict)
    commits: dict[int, str | None] = field(default_factory=dict)  # seat -> its number's hash (None: a table of before)
    nonces: dict[int, str] = field(default_factory=dict)          # seat -> its number, shown
    stop: Stop | None = None
    audited: bool = False  # every deal of the game checked, once every seat showed its secrets
    dealt: dict[int, list[int]] = field(default_factory=dict)  # once audited: round -> the card at each position
    heads: list[str] = field(default_factory=list)  # heads[k]: the running hash of the first k entries

    def __post_init__(self) -> None:
        self.heads = [hashlib.sha256(self.table.encode()).hexdigest()]

    @property
    def seats(self) -> int:
        return int(self.options.players)

    def seat_device(self, seat: int, rng: random.Random | None = None) -> Device:
        device = Device(self.game, seat, self.seats, self.options, self.seed, rng)
        self.devices[seat] = device
        return device

    @property
    def any_device(self) -> Device:
        """A device of this page (each holds every public fact of the game)."""
        return next(iter(self.devices.values()))

    def entry_fault(self, entry: Any) -> str | None:
        """Why an entry cannot be the table's next (None when it can)."""
        if not isinstance(entry, dict) or entry.get("i") != len(self.entries) or not _int(entry.get("from")) \
                or entry["from"] >= self.seats:
            return "an entry of the table out of its order"
        seat = entry["from"]
        if "key" in entry:
            if not is_public_key(entry["key"]) or seat in self.keys or not is_digest(entry.get("commit")):
                return f"a second key for seat {seat + 1}, or one that is not a key"
            return None
        if "nonce" in entry:
            nonce = entry["nonce"]
            if len(self.keys) < self.seats or seat in self.nonces or not is_digest(nonce) \
                    or commitment(nonce) != self.commits.get(seat):
                return f"seat {seat + 1}'s number for the table code is not the one it committed to, or comes too soon"
            return None
        message, after = entry.get("m"), entry.get("after")
        if not isinstance(message, dict) or message.get("seat") != seat:
            return f"a message said to be seat {seat + 1}'s names another seat"
        if not (after is None or is_after(after)) or \
                not signed_by(self.keys.get(seat), sealed_statement(self.table, seat, message, after), entry.get("sig")):
            return f"a message said to be seat {seat + 1}'s is not signed by its device"
        # (after None: a message of a page of before 2026-12-04; an honest page's always has one,
        # and the host cannot take it off, as the signature covers it)
        if after is not None and (after[0] > len(self.entries) or self.heads[after[0]] != after[1]):
            return (f"seat {seat + 1}'s message was made after other moves than this page took: the host's page "
                    "showed the players different games")
        return None

    def after(self) -> list[Any]:
        """What a message made now follows: the number of entries taken and their running hash."""
        return [len(self.entries), self.heads[-1]]

    def signed(self, key: DeviceKey, seat: int, message: dict[str, Any]) -> dict[str, Any]:
        """A message of seat, made now, as an entry carries it (but its place): signed by key."""
        after = self.after()
        return {"m": message, "sig": key.sign(sealed_statement(self.table, seat, message, after)), "after": after}

    def _append(self, entry: dict[str, Any]) -> None:
        self.entries.append(entry)
        canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        self.heads.append(hashlib.sha256((self.heads[-1] + canonical).encode()).hexdigest())

    def _pop(self) -> None:
        self.entries.pop()
        self.heads.pop()

    def take(self, entry: dict[str, Any], refusable: bool = False) -> list[dict[str, Any]]:
        """The table's next entry, taken by every device here: the messages they make in answer
        (for this page to sign and send). A fault stops the game (self.stop), naming its seat.
        With `refusable` (the host, offered a move): SealedFault, nothing changed, when the
        first device refuses it (the rules refuse it now, or its cards' locks do not hold)."""
        if self.stop is not None:
            if self._own_complaint(entry):
                self._append(entry)  # (relayed by the host's page, which stopped as it made it)
            return []
        refusal = self.entry_fault(entry)
        if refusal is not None:
            # The host orders and relays every entry: one that does not hold is the host's doing
            self.stop = Stop(None, refusal)
            return []
        self._append(entry)
        if "key" in entry or "nonce" in entry:
            self._note(entry)
            return []
        made: list[dict[str, Any]] = []
        devices = list(self.devices.values())
        if refusable:
            try:
                made += devices[0].receive(entry["m"])
            except SealedFault:
                self._pop()
                raise
            devices = devices[1:]
        device = None
        try:
            for device in devices:
                made += device.receive(entry["m"])
            device = None
            made += self.automatic()
            self._audit_if_due()
        except RefusedNow as race:
            # The host tries every move before it relays it, and refuses one the rules refuse
            # now (it may have lost a race, made honestly): relayed all the same, it is the host's doing.
            self.stop = Stop(None, f"the host relayed a move of seat {race.sender + 1} that the rules refuse now "
                                   f"({race.rule})")
            return []
        except SealedFault as fault:
            self.stop = Stop(fault.seat, fault.what)
            # What this page alone may have found, it shows the table, so that every page stops alike
            return [] if device is None or fault.evidence is None or entry["from"] == device.seat \
                else device.complaint(fault.evidence)
        except (TypeError, KeyError, AttributeError, IndexError, ArithmeticError):
            # A message no check foresaw (a bug of ours, not a verdict): every page that takes it
            # stops alike, naming nobody, rather than fail with the table half changed.
            self.stop = Stop(None, f"this page could not take seat {entry['from'] + 1}'s message (entry {entry['i'] + 1})")
            return []
        return made

    def sealed_record(self) -> dict[str, Any]:
        """What a record of the game holds of it (Record.sealed): the table's id and every entry."""
        return {"table": self.table, "entries": self.entries}

    def _own_complaint(self, entry: dict[str, Any]) -> bool:
        message = entry.get("m")
        return isinstance(message, dict) and message.get("kind") == "complaint" and entry.get("from") in self.devices \
            and self.entry_fault(entry) is None

    def _note(self, entry: dict[str, Any]) -> None:
        """A seat's key and commitment, or the number it committed to."""
        if "key" in entry:
            self.keys[entry["from"]] = entry["key"]
            self.commits[entry["from"]] = entry.get("commit")
        else:
            self.nonces[entry["from"]] = entry["nonce"]

    def _audit_if_due(self) -> None:
        """Once every seat has shown its secrets: each device here audits every deal (and the
        cards it opened against them); SealedFault names the seat at fault."""
        if self.audited or any(len(device.shown) < self.seats for device in self.devices.values()):
            return
        for device in self.devices.values():
            self.dealt = device.audit()
        self.audited = True

    def automatic(self) -> list[dict[str, Any]]:
        """The moves these devices make by themselves (a hand shown at a round's end)."""
        return [message for device in self.devices.values() for message in device.automatic()]

    def view(self, seat: int) -> dict[str, Any]:
        """What seat's player sees: the game as its own device knows it."""
        view: dict[str, Any] = self.game.view(self.devices[seat].state, seat)
        return view

    def waiting_for(self) -> list[int]:
        """The seats whose messages the table waits for (their deal pass, locks they owe)."""
        device = self.any_device
        return device.withholding() or self._dealing_seats(device)

    def _dealing_seats(self, device: Device) -> list[int]:
        """The seats that have not sent their key, or whose pass of the deal is due."""
        missing = [seat for seat in range(self.seats) if device.publics[seat] is None]
        if missing:
            return missing
        if not device.hooks.dealing(device.state):
            return []  # (a deal ahead of its round waits for nobody)
        dealing = device.rounds.get(device.hooks.round_number(device.state))
        if dealing is None or dealing.done:
            return []
        passes = len(dealing.masks)
        return [passes if passes < self.seats else len(dealing.locks)]

    def table_code(self) -> str | None:
        """A short code of the table, every seat's signing key and every seat's number, once each
        seat has shown its number: the same on every screen unless the host told someone another
        seat's key (to read the cards sealed to it). Players who compare it (said aloud, in a
        call) rule that out; nothing inside the table can, as the host carries every message.
        A seat commits to its number with its key and shows it only once it holds every seat's
        key and commitment, so a host in the middle must fix everything a screen's code hangs on
        before that screen's own number is known: it cannot try keys until two codes agree, and
        its one guess holds once in 2^32."""
        if len(self.keys) < self.seats:
            return None
        said: list[Any] = [self.table, [self.keys[s] for s in range(self.seats)]]
        if any(commit is not None for commit in self.commits.values()):
            if len(self.nonces) < self.seats:
                return None
            said.append([self.nonces[s] for s in range(self.seats)])
        # (else a table of before the numbers, 2026-12-03: its keys only)
        digest = hashlib.sha256(json.dumps(said).encode()).hexdigest()
        return f"{digest[:4]}-{digest[4:8]}".upper()

    def nonce_due(self, seat: int) -> bool:
        """Whether that seat's device shows its number now: it holds every key, and has not."""
        return len(self.keys) == self.seats and seat not in self.nonces and self.commits.get(seat) is not None

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "entries": self.entries,
                "devices": {str(seat): device.to_json() for seat, device in self.devices.items()},
                "stop": None if self.stop is None else self.stop.to_json(), "audited": self.audited}

    @classmethod
    def from_json(cls, game: Any, options: Any, seed: Any, data: Any) -> SealedPlay:
        """The saved page's devices (each replays its own log) and the table's entries (their
        keys taken again); ValueError when the save is not what to_json wrote."""
        if not isinstance(data, dict) or not isinstance(data.get("table"), str) \
                or not isinstance(data.get("entries"), list) or not isinstance(data.get("devices"), dict):
            raise ValueError("the saved table of sealed cards is damaged")
        play = cls(game, options, seed, data["table"])
        for entry in data["entries"]:
            if not isinstance(entry, dict):
                raise ValueError("the saved table of sealed cards is damaged")
            # (a table of before the numbers: its key entries commit to none)
            fault = play.entry_fault(entry if "key" not in entry or "commit" in entry else {**entry, "commit": "0" * 64})
            if fault is not None and ("key" in entry or "nonce" in entry):
                raise ValueError(f"the saved table of sealed cards is damaged ({fault})")
            play._append(entry)
            if "key" in entry or "nonce" in entry:
                play._note(entry)
        for key, saved in data["devices"].items():
            if not (isinstance(key, str) and key.lstrip("-").isdigit() and -1 <= int(key) < play.seats):
                raise ValueError("the saved table of sealed cards is damaged")
            play.devices[int(key)] = Device.from_json(game, play.seats, options, seed, saved)
        stop = data.get("stop")
        if stop is not None:
            if not (isinstance(stop, dict) and isinstance(stop.get("reason"), str)
                    and (stop.get("seat") is None or _int(stop.get("seat")))):
                raise ValueError("the saved table of sealed cards is damaged")
            play.stop = Stop(stop["seat"], stop["reason"])
        play.audited = data.get("audited") is True
        return play


def is_digest(value: Any) -> bool:
    """A SHA-256 written in hex (or a 32-byte number, likewise)."""
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def is_after(value: Any) -> bool:
    """What a message says it follows: [a number of entries, a running hash]."""
    return isinstance(value, list) and len(value) == 2 and _int(value[0]) and is_digest(value[1])


def commitment(nonce: str) -> str:
    """The hash a seat commits to its number with."""
    return hashlib.sha256(bytes.fromhex(nonce)).hexdigest()
