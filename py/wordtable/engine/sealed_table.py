"""Cards dealt sealed, at a table of devices (issue 47, docs/fair-cards.md "Wiring it in"): what
each device does in a game whose hands are dealt by every device together (fair_deal).

Game-agnostic: a game declares its hooks as a SealedCards subclass (Game.sealed_cards), the
only place that knows where its cards lie. Every device holds the game's state with the cards it
has not opened written as `hidden + position` (the position in the round's deal), and runs the
same rules on it. Transport-free: a device takes a message and returns the messages it sends in
answer; online the host relays them as it relays moves (not wired yet), by link they ride in
links (not wired yet). The hooks and a round's parts are in sealed_game; the audit, verify and
`Table` (every device in one process, for the tests and the bench) in sealed_audit.

The messages (plain JSON, as a record holds them):
- "key": a seat's public point, for sealing locks to it (made for this game).
- "mask", "lock": a seat's passes of a round's deal, in turn (fair_deal). Once the last lock
  pass is in, every device opens its own hand and the card turned up on the pile.
- "move": a seat's move, with every lock of each card it shows (a card it plays, discards or
  shows at a round's end), so that every device opens it.
- "locks": a seat's locks of the cards another drew from the stack, sealed to the drawer.
- "pass-on": STL-1's victim passes the thief every lock of the card taken, sealed to it.
- "secrets": at the end, a seat's masks, orders and locks of every round and its sealing key,
  for the audit (sealed_audit.audit), which any device or a verifier runs on the record.

A message that does not hold is refused with SealedFault naming the seat it came from.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from wordtable.engine import fair_deal, sealed
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.fair_deal import DealFault, DeviceSecrets, Keys
from wordtable.engine.sealed_chance import ChanceDraws
from wordtable.engine.sealed_complaints import Complaints
from wordtable.engine.sealed_game import Chance, Opened, RefusedNow, Round, SealedCards, SealedFault, is_index, json_number
from wordtable.engine.sealed_own import OwnMessages


class Device(ChanceDraws, OwnMessages, Complaints):
    """One seat's device (seat None: an observer, who sees only what is public: a verifier).
    `state` is the game as this device knows it."""

    def __init__(self, game: Any, seat: int | None, seats: int, options: Any, seed: Any,
                 rng: random.Random | None = None):
        self.game, self.seat, self.seats = game, seat, seats
        self.hooks: SealedCards = game.sealed_cards
        self.rng = rng or random.SystemRandom()
        self.key_secret = sealed.scalar_from(self.rng.randbytes(64)) if seat is not None else 0
        self.publics: list[bytes | None] = [None] * seats
        self.state = self.hooks.start(options, seed)
        self.rounds: dict[int, Round] = {}
        self.shown: dict[int, dict[str, Any]] = {}   # seat -> its secrets message, at the end
        self.sent: dict[str, Any] | None = None      # its move on its way to the table
        self.moves_by = [0] * seats                   # each seat's moves played: the next one's number
        self.heard = [0] * seats                      # each seat's other messages taken: the next one's k
        self.chance: Chance | None = None             # a move waiting for its chance to be drawn
        self.chance_secret: str | None = None          # this device's number for it, until shown
        self.log: list[dict[str, Any]] = []          # every message the table relayed, in order
        # Restoring a save (from_json): the log replayed with what the device had opened, its
        # own passes taken from the log, nothing checked again nor sent.
        self.replaying: dict[int, dict[str, Any]] | None = None
        self.sent_secrets = False
        # Every move as played, (seat, move, state before, after), when asked for (a replay's observer)
        self.history: list[tuple[int, Any, Any, Any]] | None = None

    # -- what this device says -------------------------------------------------------------

    def hello(self) -> list[dict[str, Any]]:
        """The device's first message: its public point."""
        assert self.seat is not None
        self.publics[self.seat] = sealed.public_point(self.key_secret)
        return self._made([{"kind": "key", "seat": self.seat, "public": sealed.public_point(self.key_secret).hex()}]
                          + self._next_deal())

    @property
    def keys(self) -> Keys:
        assert self.seat is not None and all(public is not None for public in self.publics)
        return Keys(self.seat, self.key_secret, tuple(p for p in self.publics if p is not None))

    @property
    def current(self) -> Round:
        """The round being played (ValueError before its deal has begun)."""
        current = self.rounds.get(self.hooks.round_number(self.state))
        if current is None:
            raise ValueError("a message of a round not dealt yet")
        return current

    def move(self, move: dict[str, Any]) -> list[dict[str, Any]]:
        """The message of this seat's move (with every lock of each card it shows), played on
        every device, this one included, in the order the table relays it (online the host's:
        two players may answer a challenge at once). IllegalMove / MalformedMove as the rules
        say; refused() if the table turns it down."""
        assert self.seat is not None
        if self.sent is not None:
            raise IllegalMove("Wait a moment: your last move is on its way.")
        before = self.state
        shows_hand = self.hooks.shows_hand(before, self.seat)
        after = self.game.apply(before, self.seat, move)
        current = self.current
        mine = self._held(before, current)[self.seat]
        shown = mine if shows_hand else [p for p in self._public_positions(after, current) if p in mine]
        shown = [p for p in shown if p not in current.public]
        locks = {}
        for position in shown:
            opened = current.opened[position]
            assert opened.locks is not None, "a card of this device's hand has every lock"
            locks[str(position)] = [sealed.scalar_hex(lock) for lock in opened.locks]
        self.sent = {"kind": "move", "seat": self.seat, "n": self.moves_by[self.seat] + 1, "move": move, "shown": locks}
        if self.hooks.draws_at_random(before, self.seat, move):
            # Its chance is drawn by every device (Chance): this one's part, committed to now
            self.chance_secret = self.rng.randbytes(32).hex()
            self.sent["commit"] = hashlib.sha256(bytes.fromhex(self.chance_secret)).hexdigest()
        return [self.sent]

    def refused(self) -> None:
        """The table turned down the move sent (another player's came first)."""
        self.sent = None

    def automatic(self) -> list[dict[str, Any]]:
        """The move this device makes by itself: showing its hand at a round's end."""
        if self.seat is None or self.seat not in self.game.actors(self.state) or self.sent is not None \
                or not self.hooks.shows_hand(self.state, self.seat) or self._opening():
            return []
        return self.move(self.hooks.show_move())

    def ready(self) -> bool:
        """Its seat may move: the round is dealt, every card of its hand opened, and no move of
        its own on its way."""
        return not self.hooks.dealing(self.state) and not self._opening() and self.sent is None and self.chance is None

    def withholding(self) -> list[int]:
        """The seats that owe another device locks they could send now (a draw's, STL-1's): whom
        the table waits for, and names if it waits too long. A victim of STL-1 that has not
        opened the card taken yet is not one of them: the seat that owes it that card's lock is."""
        if self.chance is not None:  # every seat commits, then every seat shows its number
            missing = [seat for seat in range(self.seats) if seat not in self.chance.commits]
            return missing or [seat for seat in range(self.seats) if seat not in self.chance.values]
        current = self.rounds.get(self.hooks.round_number(self.state))
        if current is None:
            return []
        awaited: dict[int, set[int]] = {}
        for (_sender, receiver), positions in current.owed.items():
            awaited.setdefault(receiver, set()).update(positions)
        seats = {sender for (sender, _receiver), positions in current.owed.items() if positions}
        seats |= {victim for (victim, _thief), positions in current.owed_on.items()
                  if positions - awaited.get(victim, set())}
        return sorted(seats)

    def _opening(self) -> bool:
        rounds = self.rounds.get(self.hooks.round_number(self.state))
        return rounds is not None and bool(rounds.awaited)

    # -- what it hears -----------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """A message the table relays, in its order: what this device sends in answer.
        SealedFault naming the sender when it does not hold. Of its own messages only a move
        changes anything: played when it comes back (the others were taken when made)."""
        if not isinstance(message, dict) or not is_index(message.get("seat"), self.seats):
            raise SealedFault(None, "a message names the seat that sent it")
        sender = message["seat"]
        kind = message.get("kind")
        handlers = {"key": self._key, "mask": self._mask, "lock": self._lock, "move": self._move,
                    "locks": self._locks, "pass-on": self._pass_on, "secrets": self._secrets,
                    "chance": self._chance, "reveal": self._reveal, "complaint": self._complaint}
        if not isinstance(kind, str) or kind not in handlers:
            raise SealedFault(sender, "a message of no kind the table knows")
        if sender == self.seat and self.replaying is None:
            # Its own: a move is played now, in the table's order, like any seat's (one this
            # page forgot, restored from an older save, too); the rest was taken (and logged)
            # when it was made.
            if kind != "move":
                return self._own_again(message)
            self._own_move_back(message)
        if kind != "move":  # (a move carries its own number, n)
            if type(message.get("k")) is not int or message["k"] != self.heard[sender] + 1:
                raise SealedFault(None, f"a message of seat {sender + 1} out of its order (relayed twice, or one is missing)")
            if sender == self.seat and kind in ("locks", "pass-on"):  # replayed: sent when made
                self.heard[sender] += 1
                self.log.append(message)
                return []
        try:
            out = handlers[kind](sender, message)
        except DealFault as fault:
            raise SealedFault(sender if fault.seat is None else fault.seat, str(fault), fault.evidence) from None
        except (ValueError, sealed.SealedError, IllegalMove, MalformedMove) as error:
            if isinstance(error, SealedFault):
                raise
            raise SealedFault(sender, str(error)) from None
        if kind != "move":
            self.heard[sender] += 1
        self.log.append(message)
        return self._made(out)

    def _key(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        if sender == self.seat:  # replayed: set when made
            return self._next_deal()
        if self.publics[sender] is not None:
            raise ValueError("a seat sends its key once")
        public = sealed.hex_bytes(message.get("public"), "a public point")
        sealed.shared_secret(1, public)  # a point of the group, or SealedError
        if public in self.publics:
            raise ValueError("it sent another seat's key as its own")
        self.publics[sender] = public
        return self._next_deal()

    def _next_deal(self) -> list[dict[str, Any]]:
        """Deals go round as early as they can, one at a time: the first once every key is in,
        each next one as soon as the one before is done, while its round is played (every
        device is mostly waiting for a player then), so that a new round begins at once."""
        if any(public is None for public in self.publics):
            return []
        last = max(self.rounds, default=0)
        if last == 0:
            number = self.hooks.round_number(self.state)
        elif self.rounds[last].done and last < self.hooks.last_round(self.state):
            number = last + 1
        else:
            return []
        layout = self.hooks.layout(self.state)
        if self.seat is None:
            secrets = None
        elif self.replaying is not None:
            secrets = DeviceSecrets.from_json(self.replaying[number]["secrets"], layout)
        else:
            secrets = DeviceSecrets.new(layout, self.rng)
        dealing = self.rounds[number] = Round(layout, number, secrets)
        return self._mask_if_due(dealing)

    def _mask_if_due(self, dealing: Round) -> list[dict[str, Any]]:
        if self.seat is None or len(dealing.masks) != self.seat or dealing.secrets is None \
                or self.replaying is not None:
            return []
        received = dealing.masks[-1] if dealing.masks else None
        mask = fair_deal.mask_pass(dealing.layout, dealing.number, self.seat, dealing.secrets, received)
        dealing.masks.append(mask)
        out = [{"kind": "mask", "seat": self.seat, "round": dealing.number, "pass": mask.to_json()}]
        return out + self._lock_if_due(dealing)

    def _lock_if_due(self, dealing: Round) -> list[dict[str, Any]]:
        if self.seat is None or dealing.secrets is None or len(dealing.masks) != self.seats \
                or len(dealing.locks) != self.seat or self.replaying is not None:
            return []
        lock = fair_deal.lock_pass(dealing.deal, self.keys, dealing.secrets)
        dealing.locks.append(lock)
        out = [{"kind": "lock", "seat": self.seat, "round": dealing.number, "pass": lock.to_json()}]
        return out + self._deal_done(dealing)

    def _round_of(self, sender: int, message: dict[str, Any]) -> Round:
        number = message.get("round")
        dealing = self.rounds.get(number) if is_index(number, 2**31) else None
        if dealing is None or dealing.done:
            raise ValueError("a pass of a round that is not being dealt")
        return dealing

    def _mask(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        dealing = self._round_of(sender, message)
        in_turn = len(dealing.masks) == sender
        dealing.masks.append(self._pass_of(sender, message, fair_deal.MaskPass, dealing, in_turn))
        return self._mask_if_due(dealing) + self._lock_if_due(dealing)

    def _lock(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        dealing = self._round_of(sender, message)
        in_turn = len(dealing.masks) == self.seats and len(dealing.locks) == sender
        dealing.locks.append(self._pass_of(sender, message, fair_deal.LockPass, dealing, in_turn))
        return self._lock_if_due(dealing) + self._deal_done(dealing)

    @staticmethod
    def _pass_of(sender: int, message: dict[str, Any], kind: Any, dealing: Round, in_turn: bool) -> Any:
        """The sender's mask or lock pass, when it is its turn to send it."""
        if not in_turn:
            raise ValueError("seats mask in turn, then lock in turn")
        sent = kind.from_json(message.get("pass"), dealing.layout)
        if sent.seat != sender:
            raise ValueError("a pass names its own seat")
        return sent

    def _deal_done(self, dealing: Round) -> list[dict[str, Any]]:
        """The last lock pass is in: the device opens its own hand and the pile's card (the
        round begins now if it waits for them), and the next round's deal begins."""
        if not dealing.done:
            return []
        deal = dealing.deal
        pile = dealing.layout.pile
        if self.replaying is not None:
            for position in ([] if self.seat is None else dealing.layout.hand(self.seat)) + [pile]:
                dealing.opened[position] = self._saved(dealing, position)
        else:
            if self.seat is None:  # an observer checks what the seats check at the deal, all of it
                deal.check_shuffles(range(self.seats))
                deal.check([p for seat in range(self.seats) for p in dealing.layout.hand(seat)] + [pile])
            else:
                assert dealing.secrets is not None
                positions = dealing.layout.hand(self.seat)
                for position, (card, locks) in zip(positions, fair_deal.hand_with_locks(deal, self.keys, dealing.secrets)):
                    dealing.opened[position] = Opened(card, locks)
            dealing.opened[pile] = Opened(fair_deal.pile_card(deal), [lp.pile_lock for lp in dealing.locks])
        dealing.public.add(pile)
        self._enter_round()
        return self._next_deal()

    def _enter_round(self) -> None:
        """A round waiting for its deal begins once its deal is done."""
        dealing = self.rounds.get(self.hooks.round_number(self.state))
        if not self.hooks.dealing(self.state) or dealing is None or not dealing.done:
            return
        cards = {position: opened.card for position, opened in dealing.opened.items()}
        self.state = self.hooks.dealt(self.hooks.with_cards(self.state, cards))

    def _saved(self, current: Round, position: int) -> Opened:
        """What the device had opened at this position, when its save was made."""
        assert self.replaying is not None
        card, locks = self.replaying[current.number]["opened"][str(position)]
        if not is_index(card, current.layout.deck_size) or any(o.card == card for p, o in current.opened.items() if p != position) \
                or not (locks is None or (isinstance(locks, list) and len(locks) == self.seats)):
            raise ValueError("a card it had opened is damaged")
        return Opened(card, None if locks is None else [sealed.hex_number(lock, "a lock") for lock in locks])

    def _move(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        move, shown = message.get("move"), message.get("shown")
        if type(message.get("n")) is not int or message["n"] != self.moves_by[sender] + 1:
            # Not the sender's next move: one relayed twice, or out of order (the relay's doing)
            raise SealedFault(None, f"a move of seat {sender + 1} out of its order (sent twice, or one is missing)")
        if self.chance is not None:
            raise RefusedNow(sender, "Wait a moment: the chance of the last move is being drawn.")
        if self.hooks.dealing(self.state):
            raise RefusedNow(sender, "Wait a moment: the cards are being dealt.")
        if not isinstance(shown, dict):
            raise MalformedMove("a move names the cards it shows")
        before, current = self.state, self.current
        held = self._held(before, current)[sender]
        opened: dict[int, Opened] = {}   # taken only once the move holds: a refused one changes nothing
        for key, locks in shown.items():
            position = json_number(key)
            if position not in held or position in current.public:
                raise ValueError("a move shows cards of its player's own hand, once each")
            if not isinstance(locks, list):
                raise ValueError("a card shown comes with every seat's lock")
            numbers = [sealed.hex_number(lock, "a lock") for lock in locks]
            card = self._saved(current, position).card if self.replaying is not None \
                else fair_deal.open_public(current.deal, position, numbers, shown_by=sender)
            known = current.opened.get(position)
            if known is not None and known.card != card:
                raise ValueError(f"position {position + 1} opens to another card than the one it holds")
            opened[position] = Opened(card, numbers)
        state = self.hooks.with_cards(before, {position: o.card for position, o in opened.items()})
        shows_hand = self.hooks.shows_hand(before, sender)
        try:
            after = self.game.apply(state, sender, move)
        except (IllegalMove, MalformedMove) as refusal:
            raise RefusedNow(sender, str(refusal)) from None
        # Every card it made public, or every card of its hand it showed, comes with its locks,
        # whether or not this device knew it already (a victim of STL-1 does).
        if shows_hand:
            unshown = [p for p in held if p not in current.public and p not in opened]
        elif self.hooks.dealing(after):
            unshown = []
        else:
            shown_at = {o.card: position for position, o in opened.items()}
            public_after = [shown_at.get(entry, current.position_of(entry, self.hooks.hidden))
                            for entry in self.hooks.public(after)]
            unshown = [p for p in public_after if p in held and p not in current.public and p not in opened]
        if unshown:
            raise ValueError("it played a card it did not show")
        draws = isinstance(move, dict) and self.hooks.draws_at_random(state, sender, move)
        commit = sealed.hex_bytes(message.get("commit"), "a commitment to a chance").hex() if draws else ""
        current.opened.update(opened)
        current.public.update(opened)
        self.moves_by[sender] += 1
        self.state = state
        if draws:
            return self._draw_chance(sender, commit, message)
        return self._took(state, after, message)

    def _took(self, before: Any, after: Any, message: dict[str, Any]) -> list[dict[str, Any]]:
        """The move is played: cards that went into a hand (drawn from the stack, taken by STL-1)
        are opened for their new holder, every other device sending its locks; a new round's
        deal begins; at the end, every device shows its secrets."""
        old_round = self.current
        held_before = self._held(before, old_round)
        public_before = set(self._public_positions(before, old_round))
        self.state = after
        if self.history is not None:
            self.history.append((message["seat"], message["move"], before, after))
        out: list[dict[str, Any]] = []
        if self.hooks.round_number(after) == old_round.number and not self.hooks.dealing(after):
            owner_before = {p: seat for seat, positions in enumerate(held_before) for p in positions}
            for holder, positions in enumerate(self._held(after, old_round)):
                new = [p for p in positions if owner_before.get(p) != holder and p not in public_before]
                drawn = [p for p in new if p not in owner_before]
                for position in new:
                    if position in drawn:
                        continue
                    victim = owner_before[position]
                    out += self._passed(old_round, position, victim, holder)
                if drawn:
                    out += self._drawn(old_round, drawn, holder)
        self._enter_round()
        if self.game.outcome(after) is not None:
            out += self._show_secrets()
        return out

    def _drawn(self, current: Round, positions: list[int], holder: int) -> list[dict[str, Any]]:
        for sender in range(self.seats):
            if sender not in (holder, self.seat):  # (this device sends its own now)
                current.owed.setdefault((sender, holder), set()).update(positions)
        if holder == self.seat:
            for position in positions:
                current.awaited[position] = {}
            return []
        if self.seat is None or current.secrets is None:
            return []
        locks = fair_deal.send_locks(current.deal, self.keys, current.secrets, positions, holder)
        return [{"kind": "locks", "seat": self.seat, "to": holder, "round": current.number,
                 "locks": {str(p): lock for p, lock in locks.items()}}]

    def _passed(self, current: Round, position: int, victim: int, holder: int) -> list[dict[str, Any]]:
        if holder == self.seat:
            current.awaited[position] = {}
            current.passed_on[position] = victim
        if victim == self.seat and position not in current.awaited:
            return [self._pass_on_message(current, position, holder)]
        # owed (by this device too, for a card it has not opened yet: passed on once it has)
        current.owed_on.setdefault((victim, holder), set()).add(position)
        return []

    def _pass_on_message(self, current: Round, position: int, holder: int) -> dict[str, Any]:
        opened = current.opened[position]
        assert opened.locks is not None, "a card this device opened in its hand has every lock"
        locks = fair_deal.forward_locks(current.deal, self.keys, position, opened.locks, holder)
        return {"kind": "pass-on", "seat": self.seat, "to": holder, "round": current.number, "position": position,
                "locks": {str(owner): lock for owner, lock in locks.items()}}

    def _owed(self, sender: int, message: dict[str, Any], kind: str) -> tuple[int, dict[str, Any], Any]:
        """(receiver, locks, what they settle) of a locks or pass-on message, checked against what
        the sender owes (every device works that out from the moves): one not owed is refused."""
        current, receiver, locks = self.current, message.get("to"), message.get("locks")
        if message.get("round") != current.number or not is_index(receiver, self.seats) or not isinstance(locks, dict):
            raise ValueError("locks of this round, to a seat, by position")
        for value in locks.values():
            sealed.hex_bytes(value, "a sealed lock")
        if kind == "locks":
            positions = {json_number(key) for key in locks}
            if not locks or not positions <= current.owed.get((sender, receiver), set()):
                raise ValueError("locks of cards the receiver drew, once each")
            return receiver, locks, positions
        position = message.get("position")
        if not is_index(position, current.layout.deck_size) or position not in current.owed_on.get((sender, receiver), set()) \
                or {json_number(key) for key in locks} != set(range(self.seats)) - {receiver}:
            raise ValueError("every lock of the card the receiver took from the sender's hand")
        return receiver, locks, position

    def _locks(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        receiver, locks, positions = self._owed(sender, message, "locks")
        current = self.current
        out = []
        if receiver == self.seat:  # (sealed to another device, nothing this one can read)
            out = self._open_awaited(current, {int(key): {**current.awaited[int(key)], sender: value}
                                               for key, value in locks.items()})
        current.owed[(sender, receiver)] -= positions
        return out

    def _pass_on(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        receiver, locks, position = self._owed(sender, message, "pass-on")
        current = self.current
        out = []
        if receiver == self.seat:
            out = self._open_awaited(current, {position: {int(owner): lock for owner, lock in locks.items()}})
        current.owed_on[(sender, receiver)].discard(position)
        return out

    def _open_awaited(self, current: Round, received: dict[int, dict[int, str]]) -> list[dict[str, Any]]:
        """Locks received for cards this device awaits: each card opens once every other seat's
        lock of it is in. A false one is named before anything changes."""
        others = set(range(self.seats)) - {self.seat}
        assert current.secrets is not None
        opened = {}
        for position, locks in received.items():
            if set(locks) != others:
                continue
            if self.replaying is not None:
                opened[position] = self._saved(current, position)
            else:
                card, all_locks = fair_deal.open_received(current.deal, self.keys, current.secrets, position, locks,
                                                          current.passed_on.get(position))
                opened[position] = Opened(card, all_locks)
        current.awaited.update(received)
        out = []
        for position, found in opened.items():
            current.opened[position] = found
            del current.awaited[position]
            current.passed_on.pop(position, None)
            # a card STL-1 took from this hand before its locks came: passed on now
            for (victim, thief), positions in current.owed_on.items():
                if victim == self.seat and position in positions:
                    positions.discard(position)
                    out.append(self._pass_on_message(current, position, thief))
        if opened:
            self.state = self.hooks.with_cards(self.state, {position: o.card for position, o in opened.items()})
        return out

    # -- the end -----------------------------------------------------------------------------

    def _show_secrets(self) -> list[dict[str, Any]]:
        if self.seat is None or self.sent_secrets:
            return []
        self.sent_secrets = True
        message = {"kind": "secrets", "seat": self.seat, "key": sealed.scalar_hex(self.key_secret),
                   "rounds": {str(n): r.secrets.to_json() for n, r in sorted(self.rounds.items()) if r.secrets}}
        self.shown[self.seat] = message
        return [message]

    def _secrets(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        if sender == self.seat:  # replayed: kept when made
            return []
        if self.game.outcome(self.state) is None or sender in self.shown:
            raise ValueError("secrets are shown once, when the game is over")
        self.shown[sender] = message
        return []

    def audit(self) -> dict[int, list[int]]:
        """wordtable.engine.sealed_audit.audit of this device, once every seat has shown its secrets."""
        from wordtable.engine.sealed_audit import audit

        return audit(self)

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """What the device saves (its secrets among it: it stays on this device): the table's
        messages so far and what it opened of each round, from which from_json replays it."""
        rounds = {str(number): {"secrets": None if r.secrets is None else r.secrets.to_json(),
                                "opened": {str(p): [o.card, None if o.locks is None else
                                                    [sealed.scalar_hex(lock) for lock in o.locks]]
                                           for p, o in sorted(r.opened.items())}}
                  for number, r in sorted(self.rounds.items())}
        return {"seat": self.seat, "key": sealed.scalar_hex(self.key_secret) if self.seat is not None else None,
                "log": self.log, "rounds": rounds, "sent": self.sent, "chance": self.chance_secret}

    @classmethod
    def from_json(cls, game: Any, seats: int, options: Any, seed: Any, data: Any) -> Device:
        """The saved device, its log replayed (nothing checked again: it was when it came);
        ValueError when the save is not what to_json wrote."""
        if not isinstance(data, dict) or not isinstance(data.get("log"), list) or not isinstance(data.get("rounds"), dict):
            raise ValueError("the saved cards of this game are damaged")
        seat = data.get("seat")
        if seat is not None and not is_index(seat, seats):
            raise ValueError("the saved cards of this game are damaged")
        device = cls(game, seat, seats, options, seed)
        try:
            if seat is not None:
                device.key_secret = sealed.hex_number(data.get("key"), "the saved sealing key")
                device.publics[seat] = sealed.public_point(device.key_secret)
            device.replaying = {int(number): saved for number, saved in data["rounds"].items()}
            for message in data["log"]:
                device.receive(message)
            sent = data.get("sent")
            if not (sent is None or (seat is not None and isinstance(sent, dict) and sent.get("kind") == "move"
                                     and sent.get("seat") == seat
                                     and sent.get("n") == device.moves_by[seat] + 1)):
                raise ValueError("its move on its way is damaged")
            device.sent = sent
            chance = data.get("chance")
            device.chance_secret = None if chance is None else sealed.hex_bytes(chance, "a chance").hex()
        except (SealedFault, ValueError, sealed.SealedError, KeyError, TypeError, IndexError, AssertionError) as error:
            raise ValueError(f"the saved cards of this game are damaged ({str(error)[:80]})") from None
        finally:
            device.replaying = None
        return device

    # -- where the cards are -------------------------------------------------------------------

    def _held(self, state: Any, current: Round) -> list[list[int]]:
        """Each seat's hand as positions of the round's deal."""
        return [[self._position(entry, current) for entry in hand] for hand in self.hooks.hands(state)]

    def _public_positions(self, state: Any, current: Round) -> list[int]:
        return [self._position(entry, current) for entry in self.hooks.public(state)]

    def _position(self, entry: int, current: Round) -> int:
        position = current.position_of(entry, self.hooks.hidden)
        assert position is not None, "every card this device knows it opened"
        return position

