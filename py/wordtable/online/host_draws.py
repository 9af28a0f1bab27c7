"""The host's side of shared randomness (online.Host's draws): the ledger opened once every
commitment is in, each random event drawn with every guest's signed part, and the game stopped,
with the evidence, when a commitment breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import Record, ledger_seed
from wordtable.engine.rng import Seed, SharedSeed
from wordtable.engine.shared_random import Break, Ledger
from wordtable.engine.signing import reveal_statement, signed_by
from wordtable.online.draws import Action, Draws
from wordtable.online.protocol import encode

Outgoing = list[tuple[str, str]]  # (peer, message text)


class HostDraws:
    """A mixin of online.Host: every method here runs at a table with `draws`."""

    # Host's, declared here for the type checker only (no values: Host's dataclass sets them).
    draws: Draws | None
    record: Record
    names: list[str]
    peers: dict[str, int]
    proven: set[str]
    ledger: Ledger | None
    seed: Seed

    if TYPE_CHECKING:  # Host's methods these call (defined there, never here)
        @property
        def signing(self) -> bool: ...
        @property
        def table_id(self) -> str: ...
        def presence(self) -> Outgoing: ...
        def _attempt(self, action: Action) -> Outgoing: ...

    def _table_draws(self) -> Draws:
        """The table's draws, for the methods that run only at a table with them."""
        assert self.draws is not None  # called only where self.draws is set (see each caller)
        return self.draws

    def _open(self) -> tuple[Ledger, SharedSeed]:
        """The ledger and the seed drawn from it, once the game's randomness is fixed: set together
        (_open_ledger, or Host.__post_init__ from the saved record)."""
        assert self.ledger is not None and isinstance(self.seed, SharedSeed)
        return self.ledger, self.seed

    def _signatures(self) -> dict[str, Any]:
        """The record's signatures: a signing table's record holds them from its start (_open_ledger)."""
        assert self.record.signed is not None
        return self.record.signed

    def _open_ledger(self) -> Outgoing:
        """Every commitment is in: the randomness is fixed from now on, and the game starts."""
        draws = self._table_draws()
        heads = draws.all_heads()
        assert heads is not None  # called once every guest has sent its commitment (Host._join)
        ledger, broken = Ledger.open(heads)
        if broken:  # two guests sent the same head (a copied page): nobody's randomness is safe
            return self._break(Break(0, None, "two players sent the same commitment"))
        assert ledger is not None  # open gives the ledger or where it broke
        self.ledger = ledger
        self.record.shared = ledger.to_json()
        guests = draws.guests
        self.record.signed = {"keys": {str(seat): draws.keys[seat] for seat in guests}, "moves": {},
                              "reveals": {str(seat): [] for seat in guests}, "shown": {}}
        self.seed = ledger_seed(ledger, live=True)
        return self._attempt({"kind": "start"})

    def _checked_ledger(self) -> Ledger:
        ledger, broken = Ledger.verify(self.record.shared)
        if broken:
            raise ValueError(broken.reason)
        assert ledger is not None  # verify gives the ledger or where it broke
        return ledger

    def _open_round(self, action: Action, label: str) -> Outgoing:
        """An action needs a random event: every guest is asked for its part of it, for this
        label only (the action is fixed from now on); the host's own part, fixed by its chain, is
        added here and shown to the guests only in the record at the end."""
        draws = self.draws
        if draws is None:
            raise RuntimeError("a numbered seed never needs a draw")
        ledger, _seed = self._open()  # only the live seed drawn from it needs a draw
        index = len(ledger.events) + 1
        if index > draws.chain.length:
            return self._break(Break(index, None, f"the game drew more than {draws.chain.length} random events, "
                                                  "all a commitment covers"))
        draws.pending = action
        draws.round = ledger.next_round(label)
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
        event, ledger = draws.round, self._open()[0]  # a round is drawn only once the ledger is open
        # Every commitment comes with it: no seat's can be chosen after another's part is seen.
        request: dict[str, Any] = {"t": "draw", "k": event.index, "label": event.label, "heads": ledger.heads,
                                   "rules": ledger.rules}
        if self.signing:  # every device's key: each can check what another is said to have signed
            request["keys"] = {str(s): key for s, key in draws.keys.items()}
        return [(peer, encode(request))]

    def _reveal(self, peer: str, seat: int, message: dict[str, Any]) -> Outgoing:
        draws = self.draws
        if draws is None or draws.round is None or message.get("k") != draws.round.index or seat not in draws.guests:
            return []  # late, repeated or unasked: nothing is being drawn with it
        event, signature = draws.round, message.get("sig")
        part: Any = message.get("x")  # any JSON the guest sent: its signature and its chain check it
        ledger, seed = self._open()  # a round is drawn only once they are
        if self.signing and not signed_by(draws.keys.get(seat), reveal_statement(self.table_id, event.index, event.label,
                                                                                  part), signature):
            return [(peer, encode({"t": "error", "message": "Your part of the draw is not signed by the device that "
                                                            "joined this seat."}))]
        self.proven.add(peer)
        previous = event.previous[draws.participant(seat)]
        if event.offer(draws.participant(seat), part):
            if self.signing:  # the seat's own two signed parts, which do not chain: anyone can check
                earlier = self._signatures()["reveals"][str(seat)]
                draws.evidence = {"k": event.index, "label": event.label, "x": part, "sig": signature,
                                  "previous": previous, "previous_label": ledger.events[-1][0] if earlier else None,
                                  "previous_sig": earlier[-1] if earlier else None}
            return self._break(Break(event.index, seat, f"{self.names[seat]}'s part of random event {event.index} "
                                                        "does not match their commitment"))
        if self.signing:
            assert isinstance(signature, str)  # signed_by held above: a signature's hex text
            draws.signatures[seat] = signature
        if event.waiting_for():
            return self.presence()
        value = ledger.close(event)
        self.record.shared = ledger.to_json()
        if self.signing:
            for guest in draws.guests:
                self._signatures()["reveals"][str(guest)].append(draws.signatures.pop(guest))
        seed.add(event.label, value)
        action, draws.round, draws.pending = draws.pending, None, None
        assert action is not None  # a round is drawn for the action pending (_open_round, _resume_round)
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
            self._table_draws().evidence = {"stopped": said, "by": seat, "sig": message.get("sig")}
        return self._break(Break(event, None, f"{self.names[seat]}'s device says the table's draws do not hold ({reason})"))

    def _break(self, broken: Break) -> Outgoing:
        """A broken commitment: the game stops, and every player is told whose it is."""
        draws = self._table_draws()
        draws.broken = broken
        draws.round = draws.pending = None
        return [(peer, self._broken_message()) for peer in self.peers]

    def _broken_message(self) -> str:
        draws = self._table_draws()
        broken = draws.broken
        assert broken is not None  # said only once the game has stopped (_break, or its save)
        message: dict[str, Any] = {"t": "broken", "seat": broken.seat, "event": broken.event,
                                   "reason": f"The game has stopped: {broken.reason}."}
        if broken.seat is not None:
            message["name"] = self.names[broken.seat]
        if draws.evidence is not None:
            message["evidence"] = draws.evidence
        return encode(message)

    def _resume_round(self, drawing: Any) -> None:
        """After a reload in the middle of a draw: the same event again, with the reveals already
        in (a guest asked again answers with the same reveal; a different one is a break)."""
        if not (isinstance(drawing, dict) and isinstance(drawing.get("label"), str)
                and isinstance(drawing.get("reveals"), dict)):
            raise ValueError("the saved draw is damaged")
        if self.ledger is None:  # a save drawing for an action before the game's randomness was fixed
            raise ValueError("the saved draw is damaged")
        draws = self._table_draws()  # (Host.from_json resumes a save's draw only)
        event = self.ledger.next_round(drawing["label"])
        for key, reveal in drawing["reveals"].items():
            if not key.isdigit() or event.offer(int(key), reveal):
                raise ValueError("the saved draw is damaged")
        signatures = drawing.get("signatures", {})
        if 0 not in event.reveals or not (isinstance(signatures, dict) and all(
                key.isdigit() and int(key) in draws.guests for key in signatures)):
            raise ValueError("the saved draw is damaged")
        draws.signatures = {int(key): value for key, value in signatures.items()}
        draws.round = event
