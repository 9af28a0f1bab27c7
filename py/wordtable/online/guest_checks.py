"""What a guest's device holds the table to (online.Guest's checks): the finished record against
the moves the table took from it, the draws it gave its parts to, the secret it showed and every
view it was shown; and whether a "broken" notice carries evidence this device can check."""

from __future__ import annotations

from typing import Any

from wordtable.engine.game import WORD_LISTS
from wordtable.engine.owned import Keep
from wordtable.engine.shared_random import SecretChain, follows
from wordtable.engine.signing import reveal_statement, signed_by, stopped_statement
from wordtable.online.protocol import _int, checksum


class GuestChecks:
    """A mixin of online.Guest: it reads the guest's own state, never changes it."""

    # Guest's, declared here for the type checker only (no values: Guest's dataclass sets them).
    seat: int | None
    owned: Keep | None
    rules: int | None
    taken: list[int]
    seen: list[list[Any]]
    host_head: str | None
    keys: dict[int, str]
    heads: list[str]
    drawn: list[str]
    chain: SecretChain

    def own_moves_refusal(self, record: Any) -> str | None:
        """Whether the record holds exactly the moves the table took from this seat, as its
        device sent them (with a secret part kept here: each commitment it made)."""
        moves = record.get("moves") if isinstance(record, dict) else None
        mine = [(index, entry[1]) for index, entry in enumerate(moves) if isinstance(entry, list) and len(entry) == 2
                and entry[0] == self.seat] if isinstance(moves, list) else []
        if self.owned is not None and [move for _index, move in mine] != self.owned.told:
            return "the table's record does not hold the moves your device made"
        if self.rules is not None and self.rules >= 3:
            signed = record.get("signed") if isinstance(record, dict) else None
            by_index = signed.get("moves") if isinstance(signed, dict) else None
            numbers = [entry[0] for index, _move in mine if isinstance(by_index, dict)
                       and isinstance(entry := by_index.get(str(index)), list) and entry]
            if numbers != self.taken:
                return (f"the table took {len(self.taken)} moves from your device, and its record holds "
                        f"{len(numbers)} of them as your device signed them")
            if record.get("word_lists") != WORD_LISTS:
                return "the record says it was played under other word lists than this app's"
        return None

    def seen_refusal(self, game: Any, states: list[Any], finals: list[Any]) -> str | None:
        """Whether the record's game goes through every view this device was shown: `states`,
        the record's state after each number of moves; `finals`, what its last may also be
        (every secret part shown)."""
        if self.seat is None:
            return None
        for version, shown in self.seen:
            if version >= len(states):
                return (f"the game you were shown went on past this record: it stops after move {len(states) - 1}, "
                        f"and you were shown move {version}")
            candidates = [states[version]] + (finals if version == len(states) - 1 else [])
            if shown not in [checksum(game.view(state, self.seat)) for state in candidates]:
                return (f"the table showed you, after move {version}, a game other than the one it recorded "
                        f"(its record does not go through what you were shown)")
        return None

    def _accusation(self, message: dict[str, Any]) -> str:
        """What this screen says of the table's "broken": its reason when the evidence it carries
        holds (checked here, against the keys and commitments this device was shown), else
        that the host says so, which nothing here shows to be true."""
        reason = str(message.get("reason", ""))[:300]
        if self.rules is None or self.rules < 3 or self._evidence_holds(message.get("seat"), message.get("evidence")):
            return reason
        said = reason.removeprefix("The game has stopped: ").rstrip(".")
        return f"The game has stopped. The host says {said} (not shown to be true)."

    def _evidence_holds(self, seat: Any, evidence: Any) -> bool:
        table = self.host_head
        if not isinstance(evidence, dict) or table is None:
            return False
        if "stopped" in evidence:  # a device's own signed words
            by = evidence.get("by")
            return (_int(by) and isinstance(evidence["stopped"], str)
                    and signed_by(self.keys.get(by), stopped_statement(table, by, evidence["stopped"]), evidence.get("sig")))
        # A part of a draw that does not follow the part before it, both signed by the seat's device.
        k, label = evidence.get("k"), evidence.get("label")
        part: Any = evidence.get("x")  # any JSON the notice carries: the signatures and the chain check it
        previous: Any = evidence.get("previous")
        if not (_int(seat) and seat in self.keys and _int(k) and k >= 1 and isinstance(label, str)):
            return False
        key = self.keys[seat]
        if k == 1:
            participant = 1 + sorted(self.keys).index(seat)
            earlier = participant < len(self.heads) and previous == self.heads[participant]
        else:
            earlier = isinstance(evidence.get("previous_label"), str) and signed_by(
                key, reveal_statement(table, k - 1, evidence["previous_label"], previous), evidence.get("previous_sig"))
        return (earlier and signed_by(key, reveal_statement(table, k, label, part), evidence.get("sig"))
                and not follows(previous, part))

    def own_draws_refusal(self, record: Any) -> str | None:
        """Whether the record holds this guest's draws as it made them: the host's commitment it
        was welcomed with, its own commitment, and for each event it gave a part to, the same
        draw, its own part and the host's. The first difference, or None."""
        shared = record.get("shared") if isinstance(record, dict) else None
        heads = shared.get("heads") if isinstance(shared, dict) else None
        events = shared.get("events") if isinstance(shared, dict) else None
        if not (isinstance(shared, dict) and isinstance(heads, list) and isinstance(events, list)):
            return "the record has no shared randomness, though this game drew with you"
        if self.chain.head() not in heads:
            return "your commitment is not in the record"
        if self.heads and heads != self.heads:
            return "the commitments in the record are not those the table showed you"
        if heads[0] != self.host_head:
            return "the host's commitment in the record is not the one it showed you"
        if self.rules is not None and shared.get("rules", 1) != self.rules:
            return "the record's online rules are not those the table drew with"
        me = heads.index(self.chain.head())
        for k, label in enumerate(self.drawn, 1):
            event = events[k - 1] if k <= len(events) else None
            if not (isinstance(event, list) and len(event) == 2 and event[0] == label and isinstance(event[1], list)
                    and len(event[1]) == len(heads)):
                return f"random event {k} in the record is not the draw you gave your part to"
            if event[1][me] != self.chain.reveal(k):
                return f"your part of random event {k} in the record is not the one you gave"
        if len(events) > len(self.drawn):
            return f"the record has {len(events) - len(self.drawn)} random event(s) you never gave a part to"
        return None

    def own_part_refusal(self, record: Any) -> str | None:
        """Whether the record holds this seat's secret part as its device showed it (not there
        yet is no fault: the record's check says it is still to be shown)."""
        if self.owned is None:
            return None
        owned = record.get("owned") if isinstance(record, dict) else None
        shown = owned.get("shown") if isinstance(owned, dict) else None
        if not isinstance(shown, dict):
            return "the record does not say which secrets its players kept on their own devices"
        if str(self.seat) in shown and shown[str(self.seat)] != self.owned.shown():
            return "the record does not hold the secret your device kept as it showed it at the end"
        return None
