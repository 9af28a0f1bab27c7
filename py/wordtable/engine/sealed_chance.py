"""A move's chance, drawn by every device of a sealed table (docs/fair-cards.md): mixed into
sealed_table.Device. A move that draws at random (One Letter Better's STL-1) carries its
player's commitment to a secret number; every other seat answers with a number in the clear
("chance"), then the player shows its own ("reveal"), and the chance is a hash of them all."""

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
        number in it, every other seat now sends one in the clear, then the player shows its
        own; the chance is a hash of them all, so nobody could foresee or choose it."""
        self.chance = Chance(mover, commit, message, {})
        if self.seat is None or self.seat == mover or self.replaying is not None:
            return self._reveal_if_due()
        value = self.rng.randbytes(32).hex()
        self.chance.values[self.seat] = value
        return [{"kind": "chance", "seat": self.seat, "value": value}] + self._reveal_if_due()

    def _chance(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        chance = self.chance
        if chance is None or sender == chance.mover or sender in chance.values:
            raise ValueError("a part of a chance nobody is drawing")
        chance.values[sender] = sealed.hex_bytes(message.get("value"), "a part of a chance").hex()
        return [] if sender == self.seat else self._reveal_if_due()  # (its own: replayed)

    def _reveal_if_due(self) -> list[dict[str, Any]]:
        chance = self.chance
        if chance is None or self.seat != chance.mover or self.replaying is not None \
                or len(chance.values) != self.seats - 1 or self.chance_secret is None:
            return []
        value, self.chance_secret = self.chance_secret, None
        return [{"kind": "reveal", "seat": self.seat, "value": value}] + self._resolve(value)

    def _reveal(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        chance = self.chance
        if chance is None or sender != chance.mover or len(chance.values) != self.seats - 1:
            raise ValueError("a chance shown before every other seat's part of it")
        value = sealed.hex_bytes(message.get("value"), "a chance")
        if hashlib.sha256(value).hexdigest() != chance.commit:
            raise ValueError("the number it shows is not the one it committed to")
        return self._resolve(value.hex())

    def _resolve(self, value: str) -> list[dict[str, Any]]:
        chance = self.chance
        assert chance is not None
        parts = [chance.commit, value] + [chance.values[seat] for seat in sorted(chance.values)]
        seed = int.from_bytes(hashlib.sha256("|".join(parts).encode()).digest()[:16], "big")
        state = self.hooks.with_chance(self.state, seed)
        after = self.game.apply(state, chance.mover, chance.message["move"])
        self.chance = None
        return self._took(state, after, chance.message)
