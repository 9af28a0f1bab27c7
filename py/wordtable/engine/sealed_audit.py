"""The end of a game dealt sealed, and a table in one process (issue 47, docs/fair-cards.md "The
audit at the end"): every seat's secrets shown, each round's deal replayed and every lock sent
during play checked (audit); a finished record checked by anyone (verify); and Table, every
seat's device with an observer in one process, for the tests and the bench."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wordtable.engine import fair_deal, sealed
from wordtable.engine.fair_deal import DealFault, DeviceSecrets
from wordtable.engine.sealed_game import SealedFault, is_index
from wordtable.engine.sealed_table import Device


def audit(self: Device) -> dict[int, list[int]]:
    """Once every seat has shown its secrets: every round's deal replayed (fair_deal.audit,
    every sealed lock included), and each card this device opened compared with its
    position's; the card at every position, by round. SealedFault naming the seat at
    fault, or a seat whose secrets are missing."""
    missing = [seat for seat in range(self.seats) if seat not in self.shown]
    if missing:
        raise SealedFault(missing[0], "it did not show its secrets at the end")
    keys = []
    for seat in range(self.seats):
        try:
            keys.append(sealed.hex_number(self.shown[seat].get("key"), "a sealing key"))
        except sealed.SealedError as error:
            raise SealedFault(seat, str(error)) from None
    publics = [public for public in self.publics if public is not None]
    cards = {}
    for number, current in sorted(self.rounds.items()):
        shown = []
        for seat in range(self.seats):
            rounds = self.shown[seat].get("rounds")
            try:
                shown.append(DeviceSecrets.from_json(rounds.get(str(number)) if isinstance(rounds, dict) else None,
                                                     current.layout))
            except (ValueError, sealed.SealedError) as error:
                raise SealedFault(seat, f"its secrets of round {number}: {error}") from None
        try:
            cards[number] = fair_deal.audit(current.deal, shown, keys, publics)
        except DealFault as fault:
            raise SealedFault(fault.seat, f"round {number}: {fault}") from None
        for position, opened in current.opened.items():
            if cards[number][position] != opened.card:
                raise SealedFault(None, f"round {number}: position {position + 1} opened to another card")
        _audit_sent(self, number, shown, keys, publics)
    return cards

def _audit_sent(self: Device, number: int, shown: list[DeviceSecrets], keys: list[int], publics: list[bytes]) -> None:
    """Every lock sealed during the round's play (a draw's, STL-1's) is its sender's shown
    lock (an owner's, passed on): a complaint of a false one can be checked by anyone."""
    for message in self.log:
        if message.get("kind") not in ("locks", "pass-on") or message.get("round") != number:
            continue
        sender, receiver = message["seat"], message.get("to")
        if not is_index(receiver, self.seats) or receiver == sender:
            raise SealedFault(sender, "it sent locks to no other seat")
        shared = sealed.shared_secret(keys[sender], publics[receiver])
        if message["kind"] == "locks":
            sent = {(int(p), sender): value for p, value in message["locks"].items()}
        else:
            sent = {(message["position"], int(owner)): value for owner, value in message["locks"].items()}
        for (position, owner), value in sent.items():
            lock = sealed.unseal_lock(value, shared, fair_deal.lock_context(number, position, sender, receiver, owner))
            if lock != shown[owner].locks[position]:
                raise SealedFault(sender, f"round {number}: the lock it sent for position {position + 1}"
                                          " is not the shown one")


def verify(game: Any, options: Any, seed: Any, log: Sequence[dict[str, Any]]) -> tuple[Any, dict[int, list[int]]]:
    """A finished sealed game checked from its record (every message the table relayed, in
    order), as anyone can: every pass, proof, lock and move checked as a seat's device checks
    it, then every round's deal audited with the secrets every seat showed at the end. The final
    state and the card at every position by round; SealedFault naming the seat at fault (or the
    first seat whose secrets are missing)."""
    if not isinstance(log, list):
        raise SealedFault(None, "a sealed game's record is a list of messages")
    observer = Device(game, None, options.players, options, seed)
    for message in log:
        observer.receive(message)
    if game.outcome(observer.state) is None:
        raise SealedFault(None, "the game in this record is not over")
    owing = unsettled(observer)
    if owing:
        raise SealedFault(*owing[0])
    return observer.state, observer.audit()


def unsettled(observer: Device) -> list[tuple[Any, str]]:
    """At the end of a game: (seat, what) for each round's locks a seat owed and never sent."""
    found: list[tuple[Any, str]] = []
    for number, dealt in sorted(observer.rounds.items()):
        owing = sorted({sender for (sender, _receiver), positions in dealt.owed.items() if positions}
                       | {victim for (victim, _thief), positions in dealt.owed_on.items() if positions})
        found += [(seat, f"round {number}: it never sent locks it owed") for seat in owing]
    return found


class Table:
    """Every seat's device in one process, and an observer's (what a verifier holds), passing
    every message to every other device as the host relays them online."""

    def __init__(self, game: Any, options: Any, seed: Any, rng: random.Random | None = None):
        rng = rng or random.SystemRandom()
        seats = options.players
        self.devices = [Device(game, seat, seats, options, seed, random.Random(rng.randbytes(16)))
                        for seat in range(seats)]
        self.observer = Device(game, None, seats, options, seed)
        self.record: list[dict[str, Any]] = []
        for device in self.devices:
            self.send(device.hello())

    def send(self, messages: list[dict[str, Any]]) -> None:
        queue = list(messages)
        while queue:
            message = queue.pop(0)
            self.record.append(message)
            for device in self.devices + [self.observer]:
                queue += device.receive(message)
            for device in self.devices:
                queue += device.automatic()

    def play(self, seat: int, move: dict[str, Any]) -> None:
        self.send(self.devices[seat].move(move))
