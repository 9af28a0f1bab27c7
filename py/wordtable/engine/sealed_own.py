"""A sealed device's own messages (mixed into sealed_table.Device): numbered and logged as it
makes them, and checked when the table relays them back (a page restored from an older save
may meet messages a copy of it made and it never did)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from wordtable.engine.sealed_game import FORGOTTEN, SealedFault


class OwnMessages:
    """The device's side of its own messages."""

    if TYPE_CHECKING:  # the device's (sealed_table.Device)
        seat: int | None
        heard: list[int]
        log: list[dict[str, Any]]
        sent: dict[str, Any] | None
        chance_secret: str | None
        replaying: dict[int, dict[str, Any]] | None

    def _own_again(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """One of its own messages (but a move) back from the table: one it made. Another is one
        a copy of this device made and this one never did (this page was restored from an older
        save): made with secrets it does not hold, so it cannot go on. (Its number is not
        compared: a device that held a message back numbers the next ones as it likes.)"""
        said = {key: value for key, value in message.items() if key != "k"}
        if not any({key: value for key, value in made.items() if key != "k"} == said
                   for made in self.log if made.get("seat") == self.seat and made.get("kind") == message.get("kind")):
            raise SealedFault(None, FORGOTTEN)
        return []

    def _own_move_back(self, message: dict[str, Any]) -> None:
        """Its own move back from the table. One it did not send from here was sent by this page
        before it was restored from an older save: played all the same, unless it drew a chance
        whose secret number this page no longer holds."""
        if message == self.sent:
            self.sent = None
            return
        if self.sent is not None and message.get("n") == self.sent.get("n"):
            self.sent = None  # (the table took the forgotten one: this one's number is gone)
        commit = message.get("commit")
        if commit is not None and (self.chance_secret is None
                                   or hashlib.sha256(bytes.fromhex(self.chance_secret)).hexdigest() != commit):
            raise SealedFault(None, FORGOTTEN)

    def _made(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Its own messages (but a move), numbered and logged as they are made (replayed: they
        are in the log already, and sent before)."""
        if self.replaying is not None or not messages:
            return []
        assert self.seat is not None, "an observer says nothing"
        for message in messages:
            message["k"] = self.heard[self.seat] + 1
            self.heard[self.seat] += 1
            self.log.append(message)
        return messages

