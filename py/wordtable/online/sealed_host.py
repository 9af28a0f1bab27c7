"""The host's side of an online table of sealed cards (issue 47): the host's page orders and
relays the table's entries (online.sealed_play) and runs the devices of the seats it plays (its
player's and each bot's), so it opens only what those seats may. It decides nothing for a guest:
each guest's device runs the rules on what it knows, and checks every entry as the host did.

Messages (beside join, ping and pong, as at every online table; see online.protocol):
  guest -> host  {"t": "join", "token": T, "key": K, "commit": C, "protocol": P, "name": N, "have": H}
                                                     H: how many of the table's entries it holds;
                                                     C: the hash of its number for the table code
                 {"t": "nonce", "nonce": N}          that number, once it holds every seat's key
                 {"t": "sealed", "m": M, "sig": G, "after": A}  its device's sealed message M,
                                                     made after the entries A names, signed
                 {"t": "since", "have": H}           "send me the entries from H on"
  host -> guest  {"t": "welcome", "seat": S, "game": G, "players": [...], "protocol": P,
                  "sealed": {"table": I, "options": {...}, "seed": X}}
                 {"t": "sealed", "e": E}             the table's next entry (E["i"])
                 {"t": "refused", "n": N, "message": M}  its move N is not played (the rules
                                                     refuse it now: another move came first)
                 {"t": "table", "away": [...], "players": [...], "waiting": [...]}
                 {"t": "stopped", "seat": S, "reason": M}  the game stopped, naming S (or nobody)
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Game, Record
from wordtable.engine.sealed_game import SealedFault
from wordtable.engine.sealed_table import Device
from wordtable.engine.signing import DeviceKey, is_public_key, weak_key
from wordtable.online.host_draws import Outgoing
from wordtable.online.names import alike_to
from wordtable.online.protocol import OTHER_VERSION, PROTOCOL, REFUSALS_KEPT, _int, clean_name, decode, encode
from wordtable.online.sealed_play import SealedPlay, commitment, is_digest

SEALED_TOKEN = "s."  # (token_urlsafe never writes a dot)
OBSERVER = -1  # the host's device that sees only what is public, when it plays no seat itself


@dataclass
class SealedHost:
    """The table. Peers are whatever the transport calls them (a connection id)."""

    game: Game
    record: Record                  # the game, its options and seed (its moves are the entries)
    names: list[str]
    remote: list[int] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    peers: dict[str, int] = field(default_factory=dict)
    key_secret: str = field(default_factory=lambda: DeviceKey.new().secret)
    # seat -> [[move message, why, entries then]]: the same move sent again gets the same answer
    refused: dict[int, list[list[Any]]] = field(default_factory=dict)
    play: SealedPlay | None = None
    code_secret: str = field(default_factory=lambda: secrets.token_hex(32))  # its seats' numbers for the code

    def __post_init__(self) -> None:
        self.key = DeviceKey.from_json(self.key_secret)
        if self.play is not None:
            return
        options = self.game.Options.parse(self.record.options)
        if self.game.sealed_cards is None or options.players != len(self.names):
            raise ValueError("this game is not dealt sealed, or not for these seats")
        self.play = SealedPlay(self.game, options, self.record.seed, secrets.token_hex(16))
        local = [seat for seat in range(len(self.names)) if seat not in self.remote]
        for seat in local:
            self.play.take({"i": len(self.play.entries), "from": seat, "key": self.key.public,
                            "commit": commitment(self._nonce(seat))})
        if not local:  # it checks every entry all the same
            self.play.devices[OBSERVER] = Device(self.game, None, options.players, options, self.record.seed)
        hellos = [m for seat in local for m in self.play.seat_device(seat).hello()]
        self._relay(hellos)

    @property
    def table(self) -> SealedPlay:
        assert self.play is not None  # (made in __post_init__)
        return self.play

    def _nonce(self, seat: int) -> str:
        """The number a seat of this page commits to for the table code (SealedPlay.table_code)."""
        return hashlib.sha256(f"{self.code_secret}:{seat}".encode()).hexdigest()

    def _nonces_due(self) -> list[dict[str, Any]]:
        """The entries that show this page's seats' numbers, once every seat's key is in."""
        new = []
        for seat in range(len(self.names)):
            if seat not in self.remote and self.table.nonce_due(seat):
                new.append({"i": len(self.table.entries), "from": seat, "nonce": self._nonce(seat)})
                self.table.take(new[-1])
        return new

    # -- seats ---------------------------------------------------------------------------------

    def invite(self, seat: int) -> str:
        """A seat's token (the invitation carries it): "s." names a table of sealed cards, so
        that the guest's page opens its own device for it."""
        if not 0 <= seat < len(self.names) or seat not in self.remote:
            raise ValueError("no such seat")
        for token, tokens_seat in self.tokens.items():
            if tokens_seat == seat:
                return token
        token = SEALED_TOKEN + secrets.token_urlsafe(12)
        self.tokens[token] = seat
        return token

    def connected_seats(self) -> list[int]:
        return sorted(set(self.peers.values()))

    def disconnected(self, peer: str) -> Outgoing:
        if self.peers.pop(peer, None) is None:
            return []
        return self.presence()

    def presence(self) -> Outgoing:
        connected = set(self.peers.values())
        message = encode({"t": "table", "away": [seat for seat in self.remote if seat not in connected],
                          "players": self.names, "waiting": self.waiting_for()})
        return [(peer, message) for peer in self.peers]

    def waiting_for(self) -> list[int]:
        return [] if self.table.stop is not None else self.table.waiting_for()

    @property
    def started(self) -> bool:
        """Every seat has joined (the deal needs each seat's device)."""
        return len(self.table.keys) == len(self.names)

    # The rest of what the page asks of any online table (bridge.online_host).
    draws = None

    def expire(self) -> Outgoing:
        raise IllegalMove("No clock is running.")

    def not_shown(self) -> list[int]:
        return []  # every hand is shown in the game itself (its showdown)

    def show_due(self) -> list[int]:
        return []

    def forfeit_unshown(self, seats: list[int]) -> Outgoing:
        return []

    # -- messages ------------------------------------------------------------------------------

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
            return [(peer, encode({"t": "error", "message": "Join the game with your invitation first.", "rejoin": True}))]
        if kind == "since":
            return self._entries_for(peer, message.get("have"))
        if self.table.stop is not None:
            return [(peer, self._stopped())]
        if kind == "sealed":
            return self._sealed(peer, seat, message)
        if kind == "nonce":
            return self._shown_nonce(peer, seat, message.get("nonce"))
        return [(peer, encode({"t": "error", "message": f"Unknown message type {kind[:20]!r}."}))]

    def _join(self, peer: str, message: dict[str, Any]) -> Outgoing:
        token = message.get("token")
        seat = self.tokens.get(token) if isinstance(token, str) else None
        if seat is None:
            return [(peer, encode({"t": "error", "message": "This invitation is not for this game."}))]
        if message.get("protocol") != PROTOCOL or type(message.get("protocol")) is not int:
            return [(peer, encode({"t": "error", "message": OTHER_VERSION}))]
        key = message.get("key")
        if weak_key(key) or not is_public_key(key) or not is_digest(message.get("commit")):
            return [(peer, encode({"t": "error", "message": "This device's key cannot sign: reload the page."}))]
        known = self.table.keys.get(seat)
        if known is not None and known != key:
            # Its cards were dealt to the device that joined first: only it can open them.
            return [(peer, encode({"t": "error", "message": "This seat is played from another device: its cards "
                                                            "can be opened only there."}))]
        name = clean_name(message.get("name"))
        if name and not alike_to(name, self.names[:seat] + self.names[seat + 1:]):
            self.names[seat] = name
        for other, other_seat in list(self.peers.items()):
            if other_seat == seat:
                del self.peers[other]
        self.peers[peer] = seat
        welcome = {"t": "welcome", "seat": seat, "game": self.record.game, "players": self.names,
                   "protocol": PROTOCOL, "sealed": {"table": self.table.table, "options": self.record.options,
                                                   "seed": self.record.seed}}
        out: Outgoing = [(peer, encode(welcome))]
        new: list[dict[str, Any]] = []
        if known is None:
            entry = {"i": len(self.table.entries), "from": seat, "key": key, "commit": message["commit"]}
            self.table.take(entry)
            new += [entry] + self._nonces_due()
        out += self._entries_for(peer, message.get("have"))
        out += [(other, encode({"t": "sealed", "e": entry})) for other in self.peers if other != peer for entry in new]
        if self.table.stop is not None:
            out.append((peer, self._stopped()))
        return out + self.presence()

    def _shown_nonce(self, peer: str, seat: int, nonce: Any) -> Outgoing:
        """A guest's number for the table code, relayed once."""
        if seat in self.table.nonces:
            return []
        entry = {"i": len(self.table.entries), "from": seat, "nonce": nonce}
        if self.table.entry_fault(entry) is not None:
            return [(peer, encode({"t": "error", "message": "This number is not the one this device committed to."}))]
        self.table.take(entry)
        return self._broadcast([entry])

    def _entries_for(self, peer: str, have: Any) -> Outgoing:
        """Every entry from `have` on (a guest that reconnects, or missed one)."""
        start = have if _int(have) and have <= len(self.table.entries) else 0
        return [(peer, encode({"t": "sealed", "e": entry})) for entry in self.table.entries[start:]]

    def _stopped(self) -> str:
        stop = self.table.stop
        assert stop is not None
        return encode({"t": "stopped", **stop.to_json()})

    def _sealed(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        sealed = message.get("m")
        if not isinstance(sealed, dict) or sealed.get("seat") != seat:
            return [(peer, encode({"t": "error", "message": "A message for another seat is not taken."}))]
        signed = {"m": sealed, "sig": message.get("sig"), "after": message.get("after")}
        if "after" not in message:
            del signed["after"]  # (a page of before 2026-12-04)
        if self.table.entry_fault({"i": len(self.table.entries), "from": seat, **signed}) is not None:
            # (relayed, it would stop every page naming nobody)
            return [(peer, encode({"t": "error", "message": "This message is not signed by the device that joined "
                                                            "this seat, or follows moves this table did not make."}))]
        device = self.table.any_device
        # Only its seat's next message is relayed: one sent again after a reconnect is in the
        # entries already (the guest gets them with "since"), and one out of its order would stop
        # the game naming nobody.
        if sealed.get("kind") == "move":
            number = sealed.get("n")
            if number != device.moves_by[seat] + 1 or type(number) is not int:
                return []
            # The same move sent again while the table stands as it did gets the same answer; once
            # the table has moved on it is tried again (the rules may take it now).
            for refused, why, at in self.refused.get(seat, []):
                if refused == sealed and at == len(self.table.entries):
                    return [(peer, encode({"t": "refused", "n": number, "message": why}))]
        elif sealed.get("k") != device.heard[seat] + 1 or type(sealed.get("k")) is not int:
            return []
        try:
            new = self._relay([sealed], signed, refusable=sealed.get("kind") == "move")
        except IllegalMove as refusal:
            kept = self.refused.setdefault(seat, [])
            kept.append([sealed, str(refusal), len(self.table.entries)])
            del kept[:-REFUSALS_KEPT]
            return [(peer, encode({"t": "refused", "n": sealed.get("n"), "message": str(refusal)}))]
        return self._broadcast(new)

    def _broadcast(self, new: list[dict[str, Any]]) -> Outgoing:
        out = [(peer, encode({"t": "sealed", "e": entry})) for entry in new for peer in self.peers]
        if self.table.stop is not None:
            out += [(peer, self._stopped()) for peer in self.peers]
        return out + self.presence()

    def _relay(self, messages: list[dict[str, Any]], guests: dict[str, Any] | None = None,
               refusable: bool = False) -> list[dict[str, Any]]:
        """Each message as the table's next entry, taken by this page's devices, and what they
        make in answer after it (signed by the host's key), until they have nothing to add; the
        first is a guest's, as it signed it, when `guests` holds that. With `refusable`, the
        first message is a move: IllegalMove (nothing changed) when the rules refuse it on this
        page's devices."""
        queue, new = list(messages), list[dict[str, Any]]()
        while queue:
            message = queue.pop(0)
            seat = message["seat"]
            signed = guests if not new and guests is not None else self.table.signed(self.key, seat, message)
            entry = {"i": len(self.table.entries), "from": seat, **signed}
            try:
                queue += self.table.take(entry, refusable=refusable and not new)
            except SealedFault as fault:
                raise IllegalMove(fault.what) from None
            new.append(entry)
        return new

    # -- the host's own seats ------------------------------------------------------------------

    def play_local(self, seat: int, move: dict[str, Any]) -> Outgoing:
        """A move made at the host's page (its player's or a bot's seat): IllegalMove when the
        rules refuse it (nothing changes then)."""
        if self.table.stop is not None:
            raise IllegalMove(f"The game has stopped: {self.table.stop.reason}.")
        device = self.table.devices.get(seat)
        if device is None or seat in self.remote:
            raise IllegalMove("That seat is played from another device: only its player's device can move there.")
        if not device.ready():
            raise IllegalMove("Wait a moment: the cards are being dealt.")
        messages = device.move(move)
        try:
            return self._broadcast(self._relay(messages, refusable=True))
        except IllegalMove:
            device.refused()
            raise

    # -- saving --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"sealed": True, "record": self.record.to_json(), "names": self.names, "remote": self.remote,
                "tokens": self.tokens, "key": self.key_secret, "code_secret": self.code_secret,
                "refused": {str(s): r for s, r in self.refused.items()},
                "play": self.table.to_json()}

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> SealedHost:
        """The saved table: ValueError when any part is not what to_json wrote."""
        try:
            return cls._from_saved(game, data)
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"the saved table is damaged ({str(error)[:60]})") from None

    @classmethod
    def _from_saved(cls, game: Game, data: dict[str, Any]) -> SealedHost:
        record = Record.from_json(data["record"])
        names, remote, tokens = data["names"], data["remote"], data["tokens"]
        seats = len(names) if isinstance(names, list) else 0
        refused = data.get("refused", {})
        if not (record.game == game.id and seats and all(isinstance(name, str) for name in names)
                and isinstance(remote, list) and all(_int(s) and s < seats for s in remote)
                and isinstance(tokens, dict) and all(_int(s) and s < seats for s in tokens.values())
                and isinstance(refused, dict) and all(isinstance(r, list) and all(isinstance(e, list) and len(e) == 3 for e in r)
                                                       for r in refused.values())):
            raise ValueError("the saved seats, names or tokens are damaged")
        options = game.Options.parse(record.options)
        play = SealedPlay.from_json(game, options, record.seed, data["play"])
        code_secret = data.get("code_secret", secrets.token_hex(32))  # (none in a table of before the numbers)
        if not is_digest(code_secret):
            raise ValueError("the saved table is damaged")
        return cls(game, record, list(names), list(remote), dict(tokens), {}, DeviceKey.from_json(data["key"]).secret,
                   {int(s): r for s, r in refused.items()}, play, code_secret)
