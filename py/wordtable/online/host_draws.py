"""The host's side of shared randomness (online.Host's draws): the ledger opened once every
commitment is in, each random event drawn with every guest's signed part, and the game stopped,
with the evidence, when a commitment breaks."""

from __future__ import annotations

from typing import Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import ledger_seed
from wordtable.engine.shared_random import Break, Ledger
from wordtable.engine.signing import reveal_statement, signed_by
from wordtable.online.draws import Action
from wordtable.online.protocol import encode

Outgoing = list[tuple[str, str]]  # (peer, message text)


class HostDraws:
    """A mixin of online.Host: every method here runs at a table with `draws`."""

    def _open_ledger(self) -> Outgoing:
        """Every commitment is in: the randomness is fixed from now on, and the game starts."""
        ledger, broken = Ledger.open(self.draws.all_heads())
        if broken:  # two guests sent the same head (a copied page): nobody's randomness is safe
            return self._break(Break(0, None, "two players sent the same commitment"))
        self.ledger = ledger
        self.record.shared = ledger.to_json()
        guests = self.draws.guests
        self.record.signed = {"keys": {str(seat): self.draws.keys[seat] for seat in guests}, "moves": {},
                              "reveals": {str(seat): [] for seat in guests}, "shown": {}}
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
        request = {"t": "draw", "k": event.index, "label": event.label, "heads": self.ledger.heads,
                   "rules": self.ledger.rules}
        if self.signing:  # every device's key: each can check what another is said to have signed
            request["keys"] = {str(s): key for s, key in self.draws.keys.items()}
        return [(peer, encode(request))]

    def _reveal(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        draws = self.draws
        if draws is None or draws.round is None or message.get("k") != draws.round.index or seat not in draws.guests:
            return []  # late, repeated or unasked: nothing is being drawn with it
        event, part, signature = draws.round, message.get("x"), message.get("sig")
        if self.signing and not signed_by(draws.keys.get(seat), reveal_statement(self.table_id, event.index, event.label,
                                                                                  part), signature):
            return [(peer, encode({"t": "error", "message": "Your part of the draw is not signed by the device that "
                                                            "joined this seat."}))]
        self.proven.add(peer)
        previous = event.previous[draws.participant(seat)]
        if event.offer(draws.participant(seat), part):
            if self.signing:  # the seat's own two signed parts, which do not chain: anyone can check
                earlier = self.record.signed["reveals"][str(seat)]
                draws.evidence = {"k": event.index, "label": event.label, "x": part, "sig": signature,
                                  "previous": previous, "previous_label": self.ledger.events[-1][0] if earlier else None,
                                  "previous_sig": earlier[-1] if earlier else None}
            return self._break(Break(event.index, seat, f"{self.names[seat]}'s part of random event {event.index} "
                                                        "does not match their commitment"))
        if self.signing:
            draws.signatures[seat] = signature
        if event.waiting_for():
            return self.presence()
        value = self.ledger.close(event)
        self.record.shared = self.ledger.to_json()
        if self.signing:
            for guest in draws.guests:
                self.record.signed["reveals"][str(guest)].append(draws.signatures.pop(guest))
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
        said = message.get("reason")
        if self.signing and isinstance(said, str) and len(said) <= 300:
            # The device's own words, signed: every other device checks that it said them.
            self.draws.evidence = {"stopped": said, "by": seat, "sig": message.get("sig")}
        return self._break(Break(event, None, f"{self.names[seat]}'s device says the table's draws do not hold ({reason})"))

    def _break(self, broken: Break) -> Outgoing:
        """A broken commitment: the game stops, and every player is told whose it is."""
        self.draws.broken = broken
        self.draws.round = self.draws.pending = None
        return [(peer, self._broken_message()) for peer in self.peers]

    def _broken_message(self) -> str:
        broken = self.draws.broken
        message = {"t": "broken", "seat": broken.seat, "event": broken.event,
                   "reason": f"The game has stopped: {broken.reason}."}
        if broken.seat is not None:
            message["name"] = self.names[broken.seat]
        if self.draws.evidence is not None:
            message["evidence"] = self.draws.evidence
        return encode(message)

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
        signatures = drawing.get("signatures", {})
        if 0 not in event.reveals or not (isinstance(signatures, dict) and all(
                key.isdigit() and int(key) in self.draws.guests for key in signatures)):
            raise ValueError("the saved draw is damaged")
        self.draws.signatures = {int(key): value for key, value in signatures.items()}
        self.draws.round = event
