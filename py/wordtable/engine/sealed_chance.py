"""A move's chance, drawn by every device of a sealed table (docs/fair-cards.md): mixed into
sealed_table.Device. A move that draws at random (One Letter Better's STL-1) carries its
player's commitment to a secret number; every other seat answers with a commitment of its own
("chance"), then every seat shows its number ("reveal"), and the chance is a hash of them all."""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

from wordtable.engine import sealed
from wordtable.engine.sealed_game import Chance

if TYPE_CHECKING:
    from wordtable.engine.sealed_game import SealedCards


class ChanceDraws:
    """The device's side of drawing a chance together."""

    if TYPE_CHECKING:  # the device's (sealed_table.Device)
        game: Any
        hooks: SealedCards
        seat: int | None
        seats: int
        rng: random.Random
        state: Any
        chance: Chance | None
        chance_secret: str | None
        replaying: dict[int, dict[str, Any]] | None

        def _took(self, before: Any, after: Any, message: dict[str, Any]) -> list[dict[str, Any]]: ...

    def _draw_chance(self, mover: int, commit: str, message: dict[str, Any]) -> list[dict[str, Any]]:
        """A move that draws at random (STL-1's card) waits: its player committed to a secret
        number in it, every other seat commits to one of its own ("chance"), then every seat
        shows its number ("reveal"); the chance is a hash of them all. Nobody could foresee
        it, and nobody, not even two players together, could choose it against a third."""
        self.chance = Chance(mover, {mover: commit}, message, {})
        if self.seat is None or self.seat == mover or self.replaying is not None:
            return self._reveal_if_due()
        self.chance_secret = self.rng.randbytes(32).hex()
        own = hashlib.sha256(bytes.fromhex(self.chance_secret)).hexdigest()
        self.chance.commits[self.seat] = own
        return [{"kind": "chance", "seat": self.seat, "commit": own}] + self._reveal_if_due()

    def _chance(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        chance = self.chance
        if chance is None or sender in chance.commits:
            raise ValueError("a commitment to a chance nobody is drawing")
        chance.commits[sender] = sealed.hex_bytes(message.get("commit"), "a commitment to a chance").hex()
        return [] if sender == self.seat else self._reveal_if_due()  # (its own: replayed)

    def _reveal_if_due(self) -> list[dict[str, Any]]:
        """Once every seat has committed, this device shows its number."""
        chance = self.chance
        if chance is None or self.seat is None or self.replaying is not None or len(chance.commits) != self.seats \
                or self.seat in chance.values or self.chance_secret is None:
            return []
        value, self.chance_secret = self.chance_secret, None
        chance.values[self.seat] = value
        return [{"kind": "reveal", "seat": self.seat, "value": value}] + self._resolve_if_done()

    def _reveal(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        chance = self.chance
        if chance is None or len(chance.commits) != self.seats or sender in chance.values:
            raise ValueError("a number shown before every seat committed to one, or twice")
        value = sealed.hex_bytes(message.get("value"), "a chance")
        if hashlib.sha256(value).hexdigest() != chance.commits[sender]:
            raise ValueError("the number it shows is not the one it committed to")
        chance.values[sender] = value.hex()
        return self._resolve_if_done()

    def _resolve_if_done(self) -> list[dict[str, Any]]:
        chance = self.chance
        assert chance is not None
        if len(chance.values) != self.seats:
            return []
        parts = [chance.commits[seat] + chance.values[seat] for seat in range(self.seats)]
        seed = int.from_bytes(hashlib.sha256("|".join(parts).encode()).digest()[:16], "big")
        state = self.hooks.with_chance(self.state, seed)
        after = self.game.apply(state, chance.mover, chance.message["move"])
        self.chance = None
        return self._took(state, after, chance.message)
