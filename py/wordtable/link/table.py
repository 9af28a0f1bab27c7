"""One game played by link, as one device holds it (LinkTable): the public record every device
holds alike, this device's seat, its secrets (hash chain, signing key, the secret part it keeps)
and what it knows each other device has seen. Opening a link (take) adds what the link carries;
a move (play) adds this device's; `send` is the link the next player needs, or None.

No device is a host: each replays the same public record and checks every move in it against
its author's signature and the rules. Random events are drawn by commit and reveal with every
seat's hash chain (engine.shared_random), each part signed; the device that completes an event
goes on with the action that waited for it, and every other device, given the same parts, does
the same. A secret part (Four Letter Words' grid) never leaves its owner's device until the
end, as online (engine.owned): the record holds its public moves and commitments.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import WORD_LISTS, Record, ledger_seed, replay_states, settle, start_state, with_shown
from wordtable.engine.owned import Keep, OwnedBreak, parse_shown
from wordtable.engine.rng import START_MARK, NeedRandomness, SharedSeed, action_mark
from wordtable.engine.shared_random import (
    CHAIN_LENGTH,
    LEDGER_RULES,
    NUMBERED_RULES,
    Ledger,
    SecretChain,
    derived,
    follows,
    is_link,
)
from wordtable.engine.signing import (
    DeviceKey,
    chain_statement,
    is_public_key,
    link_statement,
    move_statement,
    reveal_statement,
    shown_statement,
    signed_by,
    weak_key,
)
from wordtable.link.codec import LinkError, SeatTaken
from wordtable.link.forfeit import (
    BROKEN,
    LINK_FIELDS,
    TWO_MOVES,
    UNSHOWN,
    TwoMoves,
    faults_json_ok,
    forfeit_line,
    leaves_secret_unshown,
    prefix_digest,
    two_moves_refusal,
    unshown_evidence_refusal,
)
from wordtable.online.names import alike_to, clean_name
from wordtable.online.protocol import _int

LINK_VERSION = 1   # the payload's format and the rules it is played under; raise with any change
# A table whose devices give their parts of the draws ahead (Game.parts_ahead_by_link): its
# links carry them, and its events' values are drawn from their numbers (NUMBERED_RULES).
AHEAD_VERSION = 2
LINK_VERSIONS = (LINK_VERSION, AHEAD_VERSION)
MAX_PLAYERS = 4
RESTORED = ("This copy of the game was restored from an export, so it may be behind moves you made since: ask a friend "
            "to send you the whole game (under “A friend lost the game or a link?”), or, if you made no move since "
            "that export, say so to play on.")
ANOTHER_VERSION = ("This link was made by another version of Wordtable: both players need the same version (reload "
                   "the page; it updates itself).")



@dataclass
class LinkTable:
    game: Any
    table: str
    players: int
    seat: int
    names: list[str | None]
    heads: list[str | None]
    keys: list[str | None]
    record: Record
    chain_end: str = field(default_factory=lambda: secrets.token_hex(32))
    key_secret: str = field(default_factory=lambda: DeviceKey.new().secret)
    keep: Keep | None = None
    known: list[int] = field(default_factory=list)       # per seat: record length that seat holds
    event: dict[str, Any] | None = None                  # {"label", "parts": {seat: [x, sig]}}
    pending: dict[str, Any] | None = None                # the action the event waits for
    sent: int = 0                                        # this device's moves so far
    shown: dict[str, list[Any]] = field(default_factory=dict)  # seat -> [part, sig], at the end
    shown_known: list[int] = field(default_factory=list)  # per seat: how many of them it holds
    events_known: list[int] = field(default_factory=list)  # per seat: how many random events it holds
    handed: dict[str, str] = field(default_factory=dict)  # seat -> digest of what the last link to it said
    ahead: int = 0                                       # how many draws ahead this device gives its parts
    aheads: dict[str, list[Any]] = field(default_factory=dict)  # seat -> [j, its part j], the furthest given
    chains: list[str | None] = field(default_factory=list)  # per seat: its head signed (with parts ahead)
    forfeits: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> its fault (link.forfeit)
    restored: bool = False  # imported from an export: it may be behind moves this device signed since
    told_forfeits: dict[str, list[str]] = field(default_factory=dict)  # seat -> the forfeits it is known to know

    def __post_init__(self) -> None:
        self.chain = SecretChain(bytes.fromhex(self.chain_end))
        self.key = DeviceKey.from_json(self.key_secret)
        if not self.known:
            self.known = [0] * self.players
        if not self.shown_known:
            self.shown_known = [0] * self.players
        if not self.events_known:
            self.events_known = [0] * self.players
        if not self.chains:
            self.chains = [None] * self.players
        self._incoming: dict[int, tuple[str, dict[str, Any]]] = {}  # a link's finished events, by number
        self.state: Any = None
        self.ledger: Ledger | None = None
        self.seed: SharedSeed | None = None
        self.mark = START_MARK
        self._replay()

    # -- the game as the record has it ----------------------------------------------------------

    def _replay(self) -> None:
        if self.record.shared is None:
            return
        ledger, broken = Ledger.verify(self.record.shared)
        if broken:
            raise LinkError(f"The game's random draws do not hold: {broken.reason}.")
        self.ledger, self.seed = ledger, ledger_seed(ledger, live=True)
        try:
            for state in replay_states(self.game, self.record, complete=self.pending is None, seed=self.seed):
                self.state = state
        except NeedRandomness:
            if self.record.moves:
                raise
            self.state = None
        self.mark = self.seed.after

    @property
    def part(self) -> Any:
        return self.game.owned_part()

    def table_view(self) -> dict[str, Any] | None:
        return None if self.state is None else self.game.view(self.state, self.seat)

    def screen_view(self) -> dict[str, Any] | None:
        view = self.table_view()
        if view is not None and self.played_out():
            view = {**view, "outcome": self.outcome()}
        elif view is not None and self.ended_by_fault():
            view = {**view, "waiting_for": []}  # nobody moves any more
        elif view is not None and self.own_move_pending():
            # Moved already: not listed as still choosing while the draw it needs waits for parts,
            # and the move shows on the player's own board as far as the game can show it.
            assert self.pending is not None and self.state is not None
            view = {**view, "waiting_for": [seat for seat in view["waiting_for"] if seat != self.seat],
                    "made_move": self.game.made_move(self.state, self.seat, self.pending["move"])}
        if view is None or self.keep is None:
            return view
        return self.part.own_view(view, self.keep.part)

    def outcome(self) -> dict[str, Any] | None:
        """The game's outcome, where no player at fault wins (link.forfeit): a winner who lost by
        forfeit leaves the win to the other winners, or else to every player not at fault. A
        game ended by a fault (two moves for one turn) has that outcome alone."""
        view = self.table_view()
        outcome = None if view is None else view.get("outcome")
        if not self.forfeits or (outcome is None and not self.ended_by_fault()):
            return outcome
        at_fault = sorted(int(seat) for seat in self.forfeits)
        winners = [seat for seat in (outcome or {}).get("winners", []) if seat not in at_fault]
        if outcome is not None and winners == outcome["winners"]:
            return outcome
        names = [self.names[seat] or f"Player {seat + 1}" for seat in at_fault]
        return {"winners": winners or [seat for seat in range(self.players) if seat not in at_fault],
                "reason": f"{' and '.join(names)} lost by forfeit"}

    def own_move_pending(self) -> bool:
        """This device's player moved, and the move waits for the others' parts of a draw it needs."""
        return self.pending is not None and self.pending.get("kind") == "move" and self.pending.get("seat") == self.seat

    def parts_missing(self) -> list[int]:
        """The seats whose part of the draw under way this device lacks."""
        return [] if self.event is None else [seat for seat in range(self.players) if str(seat) not in self.event["parts"]]

    def over(self) -> bool:
        """The game's end, or an end by a player's fault (two moves signed for one turn)."""
        return self.state is not None and (self.game.outcome(self.state) is not None or self.ended_by_fault())

    def played_out(self) -> bool:
        """Over by the rules: every move made, the outcome the game's own."""
        return self.state is not None and self.game.outcome(self.state) is not None

    def ended_by_fault(self) -> bool:
        return any(fault["kind"] == TWO_MOVES for fault in self.forfeits.values())

    def blame(self, two_moves: TwoMoves) -> None:
        """A player signed two different moves for one place in the game: they lose by forfeit,
        the two signed moves kept as the evidence, and the game ends here."""
        self.forfeits.setdefault(str(two_moves.seat), {"kind": TWO_MOVES, "evidence": two_moves.proof})

    def unshown(self) -> list[int]:
        """At the end of a game whose players keep a secret on their devices (Four Letter Words'
        grids): the seats whose secret is not in yet. Until it is, the result is not final."""
        if not self.played_out() or self.record.owned is None:
            return []
        return [seat for seat in range(self.players) if str(seat) not in self.shown and str(seat) not in self.forfeits]

    def forfeit_lines(self) -> list[str]:
        """Who lost by forfeit, and why (link.forfeit), in seat order."""
        return [forfeit_line(self.names[int(seat)] or f"Player {int(seat) + 1}", self.forfeits[seat],
                              None if self.part is None else self.part.name)
                for seat in sorted(self.forfeits, key=int)]

    def your_turn(self) -> bool:
        return self.state is not None and not self.over() and self.pending is None and not self.restored \
            and self.seat in self.game.actors(self.state)

    def played_on_since_restored(self) -> None:
        """The player says this restored copy is not behind (they made no move since its export):
        it may move again. If they did, a second move for one turn names them (TwoMoves)."""
        self.restored = False

    # -- this device's moves ---------------------------------------------------------------------

    def play(self, move: dict[str, Any]) -> None:
        """This device's player's move; IllegalMove (nothing changed) when the rules refuse it."""
        if self.restored:
            raise IllegalMove(RESTORED)
        if not self.your_turn():
            raise IllegalMove("It is not your move: send the link to the next player, or wait for theirs.")
        public, secret = move, None
        if self.keep is not None:
            public, secret = self.part.outgoing(self.table_view(), self.keep, move)
        n, base = self.sent + 1, len(self.record.moves)
        signature = self.key.sign(move_statement(self.table, self.seat, n, base, public))
        self._attempt({"kind": "move", "seat": self.seat, "move": public, "n": n, "base": base, "sig": signature})
        self.sent = n
        if self.keep is not None:
            self.keep.told.append(public)
            if secret is not None and self.pending is None:
                self.keep.moves.append(secret[0])
                self.keep.part = secret[1]
            elif secret is not None:
                self.keep.pending = (n, *secret)
        self._own_duties()

    def _own_duties(self) -> None:
        """What this device does by itself: its part of a draw under way, the move its secret part
        makes (a grid that fits no word goes out), and at the end its secret shown."""
        for _ in range(50):
            if self.event is not None and str(self.seat) not in self.event["parts"]:
                self._give_part()
                continue
            if self.keep is not None and self.your_turn():
                automatic = self.part.automatic(self.table_view(), self.keep.part)
                if automatic is not None:
                    self.play(automatic)
                    continue
            if self.over() and self.keep is not None and str(self.seat) not in self.shown:
                part = self.keep.shown()
                self.shown[str(self.seat)] = [part, self.key.sign(shown_statement(self.table, self.seat, part))]
                self._take_shown()
                continue
            return

    def _give_part(self) -> None:
        self.event["parts"][str(self.seat)] = self._own_part()
        self._close_event()

    def _own_part(self) -> list[str | None]:
        """This device's part of the open draw, signed for it (with parts ahead, the signed head
        covers every part)."""
        k = len(self.ledger.events) + 1
        x = self.chain.reveal(k)
        return [x, None if self.ahead else self.key.sign(reveal_statement(self.table, k, self.event["label"], x))]

    def sign_chain(self) -> None:
        """With parts ahead, this device's head signed once: every part it gives follows from it."""
        if self.ahead:
            self.chains[self.seat] = self.key.sign(chain_statement(self.table, self.chain.head()))

    def version(self) -> int:
        return AHEAD_VERSION if self.ahead else LINK_VERSION

    # -- actions and their draws ------------------------------------------------------------------

    def _attempt(self, action: dict[str, Any]) -> None:
        """Carries out the start or a move; one that needs a random event waits for every part."""
        try:
            if action["kind"] == "start":
                self.seed.after = START_MARK
                after = start_state(self.game, self.record, self.seed)
                settle(self.game, after)
                self.state = after
                return
            seat, move = action["seat"], action["move"]
            self.seed.after = action_mark(self.mark, len(self.record.moves), seat, move)
            after = self.game.apply(self.state, seat, move)
            settle(self.game, after)
        except NeedRandomness as need:
            self.pending, self.event = action, {"label": need.label, "parts": {}}
            self._fill_event()  # the link being taken may hold its parts already
            return
        self.state, self.mark = after, self.seed.after
        self.record.moves.append((seat, move))
        self.record.signed["moves"][str(len(self.record.moves) - 1)] = [action["n"], action["base"], action["sig"]]

    def _seat_keys(self) -> list[str]:
        """The seats as a link's objects name them: "0", "1", … and nothing else ("01" is not 1)."""
        return [str(seat) for seat in range(self.players)]

    def _fill_event(self) -> None:
        """The open event's parts from the link being taken, each checked against its seat's
        chain and signature; the event closes once every part is in."""
        k = len(self.ledger.events) + 1
        label, parts = self._incoming.pop(k, (self.event["label"], {}))
        if label != self.event["label"]:
            raise LinkError(f"This link's random event {k} is not the draw this game makes there.")
        for key, part in parts.items():
            if not (key in self._seat_keys() and isinstance(part, list)
                    and len(part) == 2):
                raise LinkError("This link's random draw is damaged.")
            seat = int(key)
            if not (follows(self.ledger.last_links()[seat], part[0]) and signed_by(
                    self.keys[seat], reveal_statement(self.table, k, label, part[0]), part[1])):
                raise LinkError(f"{self.names[seat]}'s part of random event {k} does not match their commitment.")
            self.event["parts"].setdefault(key, part)
        if self.ahead:
            self._parts_given_ahead(k)
        self._close_event()

    def _parts_given_ahead(self, k: int) -> None:
        """At a table whose devices give their parts ahead, event k takes each other seat's part
        from the furthest one it gave (its chain before it), and this device's own: so a move
        that drew in its player's turn replays here at once, with the moves after it."""
        for seat in range(self.players):
            key, held = str(seat), self.aheads.get(str(seat))
            if key in self.event["parts"]:
                continue
            if seat == self.seat:
                self.event["parts"][key] = self._own_part()
            elif held is not None and held[0] >= k:
                self.event["parts"][key] = [derived(held[1], held[0] - k), None]

    def _close_event(self) -> None:
        if self.event is None or len(self.event["parts"]) < self.players:
            return
        round_ = self.ledger.next_round(self.event["label"])
        for seat in range(self.players):
            x, signature = self.event["parts"][str(seat)]
            given = self.ahead or signed_by(self.keys[seat], reveal_statement(
                self.table, round_.index, round_.label, x), signature)
            if round_.offer(seat, x) or not given:
                raise LinkError(f"{self.names[seat]}'s part of random event {round_.index} does not match their "
                                "commitment: this game cannot go on.")
        value = self.ledger.close(round_)
        self.seed.add(round_.label, value)
        self.record.shared = self.ledger.to_json()
        if not self.ahead:  # with parts ahead, the signed heads cover every part
            for seat in range(self.players):
                self.record.signed["reveals"][str(seat)].append(self.event["parts"][str(seat)][1])
        action, self.event, self.pending = self.pending, None, None
        self._attempt(action)
        if self.keep is not None and self.keep.pending is not None and action.get("seat") == self.seat:
            _n, secret, after = self.keep.pending
            self.keep.moves.append(secret)
            self.keep.part, self.keep.pending = after, None

    def _open(self) -> None:
        """Every seat has joined: the commitments are fixed and the game starts (or waits for
        its first draw)."""
        if self.ahead and None in self.chains:
            raise LinkError("This link's list of players is damaged.")
        self.ledger = Ledger(list(self.heads), rules=NUMBERED_RULES if self.ahead else LEDGER_RULES)
        self.record.shared = self.ledger.to_json()
        # Each part signed for its draw, or (parts ahead) every part following from its seat's head, signed once.
        parts = ({"heads": {str(s): signature for s, signature in enumerate(self.chains)}} if self.ahead
                 else {"reveals": {str(s): [] for s in range(self.players)}})
        self.record.signed = {"table": self.table, "keys": {str(s): k for s, k in enumerate(self.keys)},
                              "moves": {}, **parts, "shown": {}}
        self.seed = ledger_seed(self.ledger, live=True)
        self._attempt({"kind": "start"})

    def _take_shown(self) -> None:
        """The record holds every secret part shown so far, signed, and each is checked against
        the public record as it comes: one that does not hold loses its player the game
        (link.forfeit), and stays in the record as the evidence."""
        if self.record.owned is None or not self.shown:
            return
        self.record.owned = {"seats": list(range(self.players)),
                             "shown": {s: part for s, (part, _sig) in self.shown.items()}}
        self.record.signed["shown"] = {s: sig for s, (_part, sig) in self.shown.items()}
        for _ in range(self.players):
            trial = self.record.but(owned={"seats": self.record.owned["seats"], "shown": {
                s: part for s, part in self.record.owned["shown"].items() if self.forfeits.get(s, {}).get("kind") != BROKEN}})
            try:
                with_shown(self.game, trial, list(replay_states(self.game, trial)))
                return
            except OwnedBreak as broken:
                where = "" if broken.move_index is None else f" (move {broken.move_index + 1})"
                self.forfeits[str(broken.seat)] = {"kind": BROKEN, "reason": broken.reason + where}

    def _left_unshown(self, payload: dict[str, Any]) -> None:
        """A link its sender's device made once the game was over, without the secret it kept:
        its player loses by forfeit, and the link, signed, is kept as the evidence."""
        sender = str(payload["from"])
        # (Even if their grid came through another player: an honest device shows it in every such link.)
        if (self.record.owned is not None and self.played_out() and sender not in self.forfeits
                and leaves_secret_unshown(payload, len(self.record.moves))):
            self.forfeits[sender] = {"kind": UNSHOWN, "evidence": payload}

    def _untold(self, seat: int) -> bool:
        """Whether that seat may not know yet of a forfeit this device holds the proof of."""
        return bool({key for key, fault in self.forfeits.items() if fault["kind"] != BROKEN}
                    - set(self.told_forfeits.get(str(seat), [])))

    def _relayed_forfeits(self, payload: dict[str, Any]) -> None:
        """A forfeit another device saw, with its proof (the faulty player's own signed link, or
        their two signed moves), checked here before it is believed: everyone learns it."""
        relayed = payload.get("forfeits")
        if relayed is None:
            return
        if not faults_json_ok(relayed, self.players):
            raise LinkError("This link's list of forfeits is damaged.")
        self.told_forfeits[str(payload["from"])] = sorted(relayed)  # its sender knows them
        for seat, fault in relayed.items():
            evidence = fault.get("evidence")
            if fault["kind"] == TWO_MOVES:
                holds = two_moves_refusal(evidence, int(seat), self.table, self.keys[int(seat)]) is None
            else:
                holds = (fault["kind"] == UNSHOWN and self.played_out() and str(evidence.get("from")) == seat
                         and unshown_evidence_refusal(evidence, self.record) is None)
            if not holds:
                raise LinkError(f"This link says {self.names[int(seat)]} lost by forfeit, but the proof it carries does "
                                "not hold: it was changed by its sender's device.")
            # A proof stands even where the player's grid came too: every device decides alike.
            self.forfeits.setdefault(seat, {"kind": fault["kind"], "evidence": evidence})

    # -- links ------------------------------------------------------------------------------------

    def recipient(self, again: bool = False) -> int | None:
        """Whom this device's next link goes to: the first seat after this one, in seat order,
        that has not joined, must act, owes a part of the draw, or has not seen the end, and that
        the last link handed over (unless `again`) did not already tell all this device knows."""
        if self.your_turn() or self.restored:  # a restored copy asks for the whole game first
            return None
        seat = self._needed()
        if seat is None or (not again and self.handed.get(str(seat)) == self._digest(seat)):
            return None
        return seat

    def _digest(self, to: int) -> str:
        """All this device knows, in short: a link to `to` says something new when it changed."""
        knows = [len(self.record.moves), len(self.ledger.events) if self.ledger else 0, sorted(self.shown), sorted(self.forfeits),
                 None if self.event is None else sorted(self.event["parts"]), [h is not None for h in self.heads]]
        return hashlib.sha256(json.dumps([to, knows]).encode()).hexdigest()[:32]

    def hand_over(self, to: int) -> dict[str, Any]:
        """The link's payload for `to`, given to the player to send now."""
        self.handed[str(to)] = self._digest(to)
        return self.payload(to)

    def hand_over_whole(self, to: int) -> dict[str, Any]:
        """The whole game in a link for `to`: for a player who lost a link or their saved game
        and restored an older copy (an export). Their next link says again what they hold."""
        if not (_int(to) and to < self.players and to != self.seat and self.heads[to] is not None):
            raise LinkError("The whole game can be sent only to another player who has joined it.")
        self.known[to] = self.events_known[to] = self.shown_known[to] = 0
        return self.hand_over(to)

    def owing(self) -> list[int]:
        """The seats whose part of the open draw this device still lacks (the deal, before the game
        starts: no part leaves a device before every seat has joined)."""
        if self.event is None:
            return []
        return [seat for seat in range(self.players) if str(seat) not in self.event["parts"]]

    def _needed(self) -> int | None:
        for step in range(1, self.players):
            seat = (self.seat + step) % self.players
            if self.heads[seat] is None:
                return seat
            if self.state is None and self.event is None:
                continue
            owes = self.event is not None and str(seat) not in self.event["parts"]
            acts = self.state is not None and not self.over() and seat in self.game.actors(self.state)
            behind = self.over() and (self.known[seat] < len(self.record.moves)
                                      or self.shown_known[seat] < len(self.shown) or self._untold(seat))
            if owes or acts or behind:
                return seat
        return None

    def payload(self, to: int) -> dict[str, Any]:
        since = min(self.known[to], len(self.record.moves))
        moves = [[seat, move, *self.record.signed["moves"][str(i)]] if self.record.signed else [seat, move]
                 for i, (seat, move) in enumerate(self.record.moves[since:], since)]
        self.known[self.seat] = len(self.record.moves)
        self.shown_known[self.seat] = len(self.shown)
        payload: dict[str, Any] = {
            "w": self.version(), "g": self.game.id, "t": self.table, "n": self.players, "from": self.seat, "to": to,
            "since": since, "prefix": prefix_digest(self.table, self.record.options, self.record.moves[:since]), "moves": moves,
            "known": self.known, "shown_known": self.shown_known}
        if since == 0:  # what joining and starting need: the table's options and every player
            payload.update(o=self.record.options, names=self.names, heads=self.heads, keys=self.keys)
            if self.ahead:
                payload["chains"] = self.chains
        done = len(self.ledger.events) if self.ledger else 0
        self.events_known[self.seat] = done
        payload["events_known"] = self.events_known
        if done > self.events_known[to] and not self.ahead:  # finished draws the recipient has not seen
            payload["events"] = [[k, label, {str(seat): [x, self.record.signed["reveals"][str(seat)][k - 1]]
                                             for seat, x in enumerate(parts)}]
                                 for k, (label, parts) in enumerate(self.ledger.events, 1) if k > self.events_known[to]]
        if self.event is not None:
            payload["event"] = [len(self.ledger.events) + 1, self.event["label"],
                                {} if self.ahead else self.event["parts"]]
            payload["pending"] = self.pending
        # Every part travels ahead (the recipient derives each draw's parts from these), but only
        # once every seat has committed to its chain: a part given before would let a player who
        # has yet to join try chain after chain, see each deal, and join with the one they like.
        if self.ahead and None not in self.heads:
            self._give_ahead(done)
            payload["ahead"] = {seat: entry for seat, entry in self.aheads.items() if seat != str(to)}
        if self.shown:
            payload["shown"] = self.shown
        proved = {seat: fault for seat, fault in self.forfeits.items() if fault["kind"] != BROKEN}
        if proved:  # each with its proof, for the devices that did not see it
            payload["forfeits"] = proved
            self.told_forfeits[str(to)] = sorted(proved)
        payload["sig"] = self.key.sign(link_statement(self.table, payload))
        return json.loads(json.dumps(payload))  # as it travels: no list shared with this table

    def _give_ahead(self, done: int) -> None:
        """This device's part of the draw `ahead` after the last one done (and with it every part
        before it: the draw under way, if any), unless it gave one as far already."""
        j = min(CHAIN_LENGTH - 1, done + self.ahead)  # the chain's end is its secret: never given
        mine = self.aheads.get(str(self.seat))
        if mine is None or mine[0] < j:
            self.aheads[str(self.seat)] = [j, self.chain.reveal(j)]

    def _take_aheads(self, payload: dict[str, Any]) -> None:
        """The other seats' parts given ahead that a link carries, each in its seat's chain (whose
        head its device signed); the furthest of each is kept."""
        given = payload.get("ahead")
        if given is None:
            return
        if not (self.ahead and isinstance(given, dict)):
            raise LinkError("This link's random draws are damaged.")
        for key, entry in given.items():
            seat = int(key) if key in self._seat_keys() else None
            if not (seat is not None and isinstance(entry, list) and len(entry) == 2 and _int(entry[0])
                    and 1 <= entry[0] < CHAIN_LENGTH and is_link(entry[1]) and self.heads[seat] is not None):
                raise LinkError("This link's random draws are damaged.")
            if derived(entry[1], entry[0]) != self.heads[seat]:
                raise LinkError(f"{self.names[seat]}'s parts of the draws to come do not match their commitment.")
            held = self.aheads.get(key)
            if seat != self.seat and (held is None or entry[0] > held[0]):
                self.aheads[key] = list(entry)

    def take(self, payload: dict[str, Any]) -> bool:
        """Adds what a link carries (checked first: LinkError, nothing changed, when it does
        not hold); whether anything was new."""
        if payload.get("w") != self.version():
            raise LinkError(ANOTHER_VERSION)
        before, moves_before = json.dumps(self.to_json(), sort_keys=True), len(self.record.moves)
        to = payload.get("to")
        if to != self.seat and payload.get("from") == self.seat:
            who = self.names[to] if _int(to) and to < self.players else None
            raise LinkError(f"This link was made on this device, for {who or 'the friend you invite'}: send it to "
                            "them. Opening it here changes nothing.")
        if to != self.seat:
            self._own_seat_given_away(payload)
            who = self.names[to] if _int(to) and to < self.players else None
            raise LinkError(f"This link was sent to {who or 'another player'}, not to you: open the link sent to you.")
        if not payload.keys() <= LINK_FIELDS:
            raise LinkError("This link is damaged.")
        check_sender(payload, self.keys, self.names)
        self._roster(payload)
        self._take_aheads(payload)
        self._incoming = self._events_of(payload)
        if self.record.shared is None and all(self.heads):
            self._open()
        elif self.event is not None:
            self._fill_event()
        new = self._moves(payload)
        self._event(payload)
        self._relayed_forfeits(payload)
        self._shown(payload)
        self._left_unshown(payload)
        self._incoming = {}
        for mine, theirs, most in ((self.known, payload.get("known"), len(self.record.moves)),
                                   (self.shown_known, payload.get("shown_known"), len(self.shown)),
                                   (self.events_known, payload.get("events_known"),
                                    len(self.ledger.events) if self.ledger else 0)):
            for seat, count in enumerate(theirs[:self.players] if isinstance(theirs, list) else []):
                if _int(count):
                    mine[seat] = max(mine[seat], min(count, most))
        if len(self.record.moves) > moves_before and payload.get("since") == 0:
            # The whole game from a friend, made now: it holds every move this player signed that
            # ever left their lost copy. (An old link opened again proves nothing of the kind.)
            self.restored = False
        self._own_duties()
        return new or json.dumps(self.to_json(), sort_keys=True) != before

    def _roster(self, payload: dict[str, Any]) -> None:
        named = False  # a player's name taken now (names already held are never judged again)
        for name in ("names", "heads", "keys"):
            values = payload.get(name)
            if values is None:
                continue
            if not (isinstance(values, list) and len(values) == self.players):
                raise LinkError("This link's list of players is damaged.")
            mine = getattr(self, name)
            for seat, value in enumerate(values):
                if value is None:
                    continue
                valid = clean_name(value) == value or value == mine[seat] if name == "names" else (
                    is_link(value) if name == "heads" else is_public_key(value))
                if name == "keys" and weak_key(value):
                    raise LinkError(weak_key_refusal(seat))
                if not valid:
                    raise LinkError("This link's list of players is damaged.")
                if mine[seat] is None:
                    named |= name == "names"
                    if name != "names" and value in mine:
                        raise LinkError("Two players of this link share a secret: it was copied, not made.")
                    mine[seat] = value
                elif mine[seat] != value and seat == self.seat:
                    raise SeatTaken(self._seat_taken_refusal(payload))
                elif mine[seat] != value:
                    raise LinkError(f"This link gives seat {seat + 1} to another device than the one that joined "
                                    "it: it belongs to another game (or the seat was taken twice).")
        if named:
            self._names_apart()
        self._chains(payload.get("chains"))

    def _own_seat_given_away(self, payload: dict[str, Any]) -> None:
        """A link for another seat that shows the table: when it comes from another seat's device
        this one knows (its signature holds) and gives this device's seat to another key, SeatTaken.
        (From a device claiming this seat too, nothing here tells which of the two joined first.)"""
        keys, sender = payload.get("keys"), payload.get("from")
        if isinstance(keys, list) and len(keys) == self.players and keys[self.seat] not in (None, self.keys[self.seat]) \
                and _int(sender) and sender < self.players and sender != self.seat and self.keys[sender] is not None:
            check_sender(payload, self.keys, self.names)
            raise SeatTaken(self._seat_taken_refusal(payload))

    def _seat_taken_refusal(self, payload: dict[str, Any]) -> str:
        """This device's own seat held by another device in a link from the table: this device
        joined by an invitation someone had used before (the table took theirs first)."""
        sender, holder = payload.get("from"), name_in(payload, self.seat)
        host = (self.names[sender] if _int(sender) and sender < self.players else None) or "whoever invited you"
        whose = f"{holder}'s" if holder else "another"
        # Each joiner's link invites the next seat: a seat still free has its invitation elsewhere.
        free = (" If a seat of this game is still free, whoever holds its invitation can send it to you: opened here, "
                "it offers you that seat.") if self.players > 2 else ""
        return (f"Your seat in this game (seat {self.seat + 1}) was taken by {whose} device before yours joined: the "
                f"invitation you opened had been used. This game goes on without this device; ask {host} for a game "
                f"of your own.{free}")

    def _branch_refusal(self, index: int, entry: list[Any]) -> LinkError:
        """A link whose move differs from the one held: when both carry the signature of the same
        player's device, that player signed two moves for one place in the game (TwoMoves: the
        device that opened it keeps the proof, see blame)."""
        seat, move, n, base, signature = entry
        held_seat, held_move = self.record.moves[index]
        held = self.record.signed.get("moves", {}).get(str(index)) if isinstance(self.record.signed, dict) else None
        proof = {"index": index, "moves": [[held_seat, held_move, *held] if isinstance(held, list) else None, entry]}
        if seat == held_seat and two_moves_refusal(proof, seat, self.table, self.keys[seat]) is None:
            name = self.names[seat] or f"Player {seat + 1}"
            return TwoMoves(f"{name} signed two different moves for move {index + 1}: this link's and the one this "
                            f"device holds, both signed by {name}'s device (an old copy of the game restored, or two "
                            "moves sent to two players).", seat, proof)
        return LinkError(self._diverged(f"its move {index + 1} is not the one this device holds"))

    def _diverged(self, how: str) -> str:
        """A link of this game that does not follow it here, with what the player can do."""
        me = self.names[self.seat] or "you"
        return (f"This link does not follow the game on this device: {how}, so one of the two devices holds an "
                "older copy of the game (an export restored) or a copy changed elsewhere. Nothing changed here. Ask "
                f"whoever sent it to send the whole game again (their screen's “Send {me} the whole game”), and "
                "open that instead.")

    def _names_apart(self) -> None:
        """Two players whose names read the same on a screen: a device that joined under another's
        name (this app's join refuses it), so the link is refused."""
        for seat, name in enumerate(self.names):
            if name is not None and (twin := alike_to(name, self.names[:seat])):
                raise LinkError(f"This link names two players alike (“{twin}” and “{name}”): it was not made "
                                "by this app, and is refused.")

    def _chains(self, chains: Any) -> None:
        """With parts ahead, each seat's head as its device signed it."""
        if chains is None:
            return
        if not (self.ahead and isinstance(chains, list) and len(chains) == self.players):
            raise LinkError("This link's list of players is damaged.")
        for seat, signature in enumerate(chains):
            if signature is None or self.chains[seat] is not None:
                continue
            if not signed_by(self.keys[seat], chain_statement(self.table, self.heads[seat] or ""), signature):
                raise LinkError(f"Seat {seat + 1}'s commitment to the draws is not signed by its device.")
            self.chains[seat] = signature

    def _moves(self, payload: dict[str, Any]) -> bool:
        since, moves, prefix = payload.get("since"), payload.get("moves"), payload.get("prefix")
        if not (_int(since) and isinstance(moves, list)):
            raise LinkError("This link is damaged.")
        if since > len(self.record.moves):
            raise LinkError(f"This link comes after one you have not opened yet (it starts after move {since}; you "
                            f"have {len(self.record.moves)}): open the earlier link first, or ask for it again.")
        if prefix != prefix_digest(self.table, self.record.options, self.record.moves[:since]):
            raise LinkError(self._diverged("the moves before its own are not the ones held here"))
        new = False
        for index, entry in enumerate(moves, since):
            if not (isinstance(entry, list) and len(entry) == 5 and _int(entry[0]) and entry[0] < self.players
                    and isinstance(entry[1], dict)):
                raise LinkError("This link is damaged.")
            seat, move, n, base, signature = entry
            if index < len(self.record.moves):
                if [seat, move] != list(self.record.moves[index]):
                    raise self._branch_refusal(index, entry)
                continue
            if self.state is None or self.pending is not None:
                raise LinkError(self._stalled())
            self._apply(index, self._checked_move(index, entry))
            new = True
        return new

    def _stalled(self) -> str:
        """Why a link's moves cannot be replayed: the draw before them lacks some seat's part."""
        missing = [] if self.event is None else [self.names[seat] or f"Player {seat + 1}" for seat in range(self.players)
                                                 if str(seat) not in self.event["parts"]]
        if not missing:
            return "This link's moves come before the game could go on: it is damaged."
        return (f"This link's moves go on after a draw it does not give {' and '.join(missing)}'s part of: it was "
                "changed by its sender's device, or made by another version of Wordtable.")

    def _checked_move(self, index: int, entry: list[Any]) -> dict[str, Any]:
        """Another seat's move as a link carries it, once its author's signature and the rules
        hold (the rules' verdict comes when it is applied: LinkError then)."""
        seat, move, n, base, signature = entry
        if not (_int(seat) and seat < self.players and isinstance(move, dict) and _int(n) and _int(base)
                and base == index and signed_by(self.keys[seat], move_statement(self.table, seat, n, base, move),
                                                signature)):
            raise LinkError(f"Move {index + 1} of this link is not signed by its player's device: nobody else can "
                            "move for them.")
        if seat == self.seat:
            # Signed by this device's own key: made on a copy of this game (an export restored
            # here is older than the moves it made since). Taken back, unless a secret part
            # moved with it: that stays on the copy that played it.
            if self.keep is not None:
                raise LinkError(f"This link holds your move {index + 1}, made on another copy of this game: your "
                                f"{self.part.name} stays on the device that played it, so go on playing there.")
            self.sent = max(self.sent, n)
        return {"kind": "move", "seat": seat, "move": move, "n": n, "base": base, "sig": signature}

    def _apply(self, index: int, action: dict[str, Any]) -> None:
        try:
            self._attempt(action)
        except GameError as error:
            raise LinkError(f"Move {index + 1} of this link breaks the rules: {error}") from None

    def _events_of(self, payload: dict[str, Any]) -> dict[int, tuple[str, dict[str, Any]]]:
        """The draws a link carries, finished or under way, by number (checked as they are used)."""
        entries = list(payload.get("events", [])) if isinstance(payload.get("events", []), list) else None
        if entries is None or (payload.get("event") is not None and not isinstance(payload["event"], list)):
            raise LinkError("This link's random draws are damaged.")
        if payload.get("event") is not None:
            entries.append(payload["event"])
        found = {}
        for entry in entries:
            if not (isinstance(entry, list) and len(entry) == 3 and _int(entry[0]) and isinstance(entry[1], str)
                    and isinstance(entry[2], dict)):
                raise LinkError("This link's random draws are damaged.")
            found[entry[0]] = (entry[1], entry[2])
        return found

    def _event(self, payload: dict[str, Any]) -> None:
        """A draw under way at the sender for a move not recorded yet: that move (signed by its
        author) opens the same draw here, with the parts given so far."""
        pending = payload.get("pending")
        if pending is None or self.event is not None or self.state is None:
            return  # none, or this device has it open (parts taken) or closed already
        if not (isinstance(pending, dict) and pending.get("kind") == "move"):
            return  # the start's draw: opened here when every player has joined
        k = len(self.ledger.events) + 1
        if k not in self._incoming:
            return  # a draw this device has closed already
        entry = [pending.get(key) for key in ("seat", "move", "n", "base", "sig")]
        index = len(self.record.moves)
        self._apply(index, self._checked_move(index, entry))  # opens the draw, and takes its parts

    def _shown(self, payload: dict[str, Any]) -> None:
        shown = payload.get("shown")
        if shown is None:
            return
        if not (isinstance(shown, dict) and self.over()):
            raise LinkError("This link shows secrets before the game is over.")
        for key, entry in shown.items():
            if not (key in self._seat_keys() and isinstance(entry, list) and len(entry) == 2
                    and parse_shown(entry[0]) is not None
                    and signed_by(self.keys[int(key)], shown_statement(self.table, int(key), entry[0]), entry[1])):
                raise LinkError("A secret this link shows is not signed by its owner's device.")
            self.shown.setdefault(key, entry)
        self._take_shown()

    # -- saving -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"w": self.version(), "game": self.game.id, "table": self.table, "players": self.players,
                "seat": self.seat, "names": self.names, "heads": self.heads, "keys": self.keys,
                "record": self.record.to_json(), "chain": self.chain_end, "key": self.key_secret,
                "keep": None if self.keep is None else self.keep.to_json(), "known": self.known,
                "event": self.event, "pending": self.pending, "sent": self.sent, "shown": self.shown,
                "shown_known": self.shown_known, "events_known": self.events_known, "handed": self.handed,
                "ahead": self.ahead, "aheads": self.aheads, "chains": self.chains, "forfeits": self.forfeits,
                "restored": self.restored, "told_forfeits": self.told_forfeits}

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> LinkTable:
        """ValueError when the saved game is damaged."""
        try:
            keep = None if data["keep"] is None else Keep.from_json(data["keep"])
            table = cls(game, data["table"], data["players"], data["seat"], list(data["names"]), list(data["heads"]),
                        list(data["keys"]), Record.from_json(data["record"]), data["chain"], data["key"], keep,
                        list(data["known"]), data["event"], data["pending"], data["sent"], dict(data["shown"]),
                        list(data["shown_known"]), list(data["events_known"]), dict(data["handed"]),
                        data.get("ahead", 0), dict(data.get("aheads", {})), list(data.get("chains", [])),
                        data.get("forfeits", {}), data.get("restored", False), data.get("told_forfeits", {}))
        except NeedRandomness:  # its replay reached a draw the record does not hold
            raise ValueError("this device's saved game is damaged (a draw is missing from it)") from None
        except (KeyError, TypeError, IndexError, AttributeError, ValueError, GameError) as error:
            raise ValueError(f"this device's saved game is damaged ({error})") from None
        if not (isinstance(table.table, str) and _int(table.players) and 2 <= table.players <= MAX_PLAYERS
                and _int(table.seat) and table.seat < table.players
                and all(len(values) == table.players for values in (table.names, table.heads, table.keys, table.known,
                                                                     table.shown_known, table.events_known, table.chains))
                and all(map(_int, table.known + table.shown_known + table.events_known))
                and all(value is None or isinstance(value, str)
                        for value in table.names + table.heads + table.keys + table.chains)
                and (table.event is None or (isinstance(table.event, dict) and isinstance(table.event.get("parts"), dict)))
                and _int(table.ahead) and table.ahead <= CHAIN_LENGTH and faults_json_ok(table.forfeits, table.players)
                and isinstance(table.restored, bool) and isinstance(table.told_forfeits, dict)
                and all(isinstance(seats, list) and all(isinstance(seat, str) for seat in seats)
                        for seats in table.told_forfeits.values())):
            raise ValueError("this device's saved game is damaged")
        return table


def new_table(game: Any, players: int, options: dict[str, Any], name: str, strict_draws: bool = False) -> LinkTable:
    """A new game on this device, at seat 0, waiting for the others to join by link. strict_draws:
    no parts ahead (where the game gives them), so each draw in a turn waits for a link."""
    if not 2 <= players <= min(MAX_PLAYERS, game.info()["players"]["max"]):
        raise LinkError(f"{game.title} by link is for 2 to {min(MAX_PLAYERS, game.info()['players']['max'])} players.")
    options = game.Options.complete({**options, "players": players})
    if game.live_only(game.Options.parse(options)):
        raise LinkError(f"{game.title} (as set) is a race: everyone plays at once, so it needs live play (Me and a "
                        f"friend online), not links sent a move at a time. {game.by_link_hint}".strip())
    record = Record(game.id, options, 0, word_lists=WORD_LISTS)
    if game.kind.owned_parts:
        record.owned = {"seats": list(range(players)), "shown": {}}
    table = LinkTable(game, secrets.token_hex(8), players, 0, [name] + [None] * (players - 1),
                      [None] * players, [None] * players, record, ahead=0 if strict_draws else game.parts_ahead_by_link)
    table.heads[0], table.keys[0] = table.chain.head(), table.key.public
    table.sign_chain()
    if game.kind.owned_parts:
        table.keep = Keep()
    return table


def weak_key_refusal(seat: int) -> str:
    return f"Seat {seat + 1}'s device offers a signing key that anyone could sign for: this link is refused."


def check_sender(payload: dict[str, Any], keys: list[str | None], names: list[str | None] | None = None) -> None:
    """The link is exactly as its sender's device made it: signed by the key that device joined
    with (known here, or for a player not known yet, the one the link gives)."""
    sender, given = payload.get("from"), payload.get("keys")
    if not (_int(sender) and sender < len(keys)):
        raise LinkError("This link is damaged.")
    given_key = given[sender] if isinstance(given, list) and len(given) == len(keys) else None
    key = keys[sender] or given_key
    if weak_key(key):
        raise LinkError(weak_key_refusal(sender))
    statement = link_statement(str(payload.get("t")), payload)
    if signed_by(key, statement, payload.get("sig")):
        return
    if keys[sender] is not None and given_key not in (None, keys[sender]) and is_public_key(given_key) \
            and not weak_key(given_key) and signed_by(given_key, statement, payload.get("sig")):
        raise LinkError(second_joiner_refusal(payload, sender, (names or [None] * len(keys))[sender]))
    raise LinkError("This link was changed on the way (it is not as its sender's device made it): ask for it again.")


def name_in(payload: dict[str, Any], seat: int) -> str | None:
    """The name a link gives a seat, when it is one a player could have chosen (else None)."""
    names = payload.get("names")
    name = names[seat] if isinstance(names, list) and seat < len(names) else None
    return name if isinstance(name, str) and clean_name(name) == name else None


def second_joiner_refusal(payload: dict[str, Any], seat: int, holder: str | None) -> str:
    """A link from a second device that joined a seat this device knows another one holds:
    an invitation opened twice (in a group chat, say), the later one told apart."""
    late = name_in(payload, seat)
    late = late if late != holder else None
    holder = holder or f"Player {seat + 1}"
    who = f"“{late}”" if late else "someone else"
    return (f"{holder} has seat {seat + 1} already: this link comes from another device, where {who} opened the same "
            f"invitation later. The seat stays {holder}'s and this link changes nothing here. Tell {late or 'them'} "
            "the invitation was used; for a game of their own, start a new one.")


def joined_table(game: Any, payload: dict[str, Any], name: str) -> LinkTable:
    """This device takes the free seat an invitation is for."""
    seat, players = payload.get("to"), payload.get("n")
    options = payload.get("o")
    if not (_int(players) and 2 <= players <= MAX_PLAYERS and _int(seat) and seat < players
            and isinstance(options, dict) and isinstance(payload.get("heads"), list)
            and len(payload["heads"]) == players and isinstance(payload.get("t"), str)):
        raise LinkError("This invitation is damaged.")
    if not payload.keys() <= LINK_FIELDS:
        raise LinkError("This invitation is damaged.")
    check_sender(payload, [None] * players)
    # A game that gives its parts ahead still joins an invitation made before it did (version 1).
    if payload.get("w") not in LINK_VERSIONS or (payload["w"] == AHEAD_VERSION and not game.parts_ahead_by_link):
        raise LinkError(ANOTHER_VERSION)
    if payload["heads"][seat] is not None:
        raise LinkError("This link is not an invitation: its seat is taken (is it a link of a game on another "
                        "device of yours?).")
    try:
        options = game.Options.complete(options)
    except GameError as error:
        raise LinkError(f"This invitation's options are not this app's: {error}") from None
    record = Record(game.id, options, 0, word_lists=WORD_LISTS)
    if game.kind.owned_parts:
        record.owned = {"seats": list(range(players)), "shown": {}}
    table = LinkTable(game, payload["t"], players, seat, [None] * players, [None] * players, [None] * players, record,
                      ahead=game.parts_ahead_by_link if payload["w"] == AHEAD_VERSION else 0)
    table._roster(payload)
    table.names[seat] = clean_name(name) or f"Player {seat + 1}"
    if twin := alike_to(table.names[seat], table.names[:seat] + table.names[seat + 1:]):
        raise LinkError(f"“{twin}” already plays in this game: choose another name to join it.")
    table.heads[seat], table.keys[seat] = table.chain.head(), table.key.public
    table.sign_chain()
    if game.kind.owned_parts:
        table.keep = Keep()
    table.take(payload)
    return table


__all__ = ["ANOTHER_VERSION", "LINK_VERSION", "LINK_VERSIONS", "LinkTable", "joined_table", "new_table", "prefix_digest"]
