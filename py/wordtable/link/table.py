"""One game played by link, as one device holds it (LinkTable): the public record every device
holds alike, this device's seat, its secrets (hash chain, signing key, the secret part it keeps)
and what it knows each other device has seen. Opening a link (take) adds what the link carries;
a move (play) adds this device's; `recipient` says whom the next link goes to.

No device is a host: each replays the same public record and checks every move in it against
its author's signature and the rules. Random events are drawn by commit and reveal with every
seat's hash chain (engine.shared_random), each part signed; the device that completes an event
goes on with the action that waited for it, and every other device, given the same parts, does
the same. A secret part (Four Letter Words' grid) never leaves its owner's device until the
end, as online (engine.owned): the record holds its public moves and commitments.

The table's jobs, a module each: this one replays the game and holds the table (its views, its
moves, saving it); link.outgoing makes the links it sends, link.incoming checks and takes the
links it opens, link.draws draws the random events with the other devices. Each of those is
plain functions of a LinkTable.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import WORD_LISTS, Game, Record, ledger_seed, replay_states, settle, start_state
from wordtable.engine.owned import Keep, OwnedPart
from wordtable.engine.rng import START_MARK, NeedRandomness, SharedSeed, action_mark
from wordtable.engine.shared_random import CHAIN_LENGTH, Ledger, SecretChain
from wordtable.engine.signing import DeviceKey, chain_statement, move_statement, shown_statement
from wordtable.link import draws, incoming, outgoing
from wordtable.link.codec import AHEAD_VERSION, ANOTHER_VERSION, LINK_VERSION, LINK_VERSIONS, LinkError
from wordtable.link.forfeit import LINK_FIELDS, TWO_MOVES, TwoMoves, faults_json_ok, forfeit_line, prefix_digest
from wordtable.link.incoming import check_sender, name_in, second_joiner_refusal, weak_key_refusal
from wordtable.online.names import alike_to, clean_name
from wordtable.online.protocol import _int

MAX_PLAYERS = 4
RESTORED = ("This copy of the game was restored from an export, so it may be behind moves you made since: ask a friend "
            "to send you the whole game (under “A friend lost the game or a link?”), or, if you made no move since "
            "that export, say so to play on.")


@dataclass
class LinkTable:
    game: Game
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
        self.incoming_events: dict[int, tuple[str, dict[str, Any]]] = {}  # a link's finished events, by number
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
        assert ledger is not None  # verify gives the ledger or where it broke
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
    def part(self) -> OwnedPart:
        """The game's hooks for the secret part this device keeps (asked for only where self.keep is)."""
        part = self.game.owned_part()
        assert part is not None  # a table keeps a part (self.keep) only for a game that has one
        return part

    def opened_draws(self) -> tuple[Ledger, SharedSeed]:
        """The draws' ledger and the seed the rules draw on from it: set together once every seat
        has joined (draws.open_draws, or _replay from the record), before anything is drawn."""
        assert self.ledger is not None and self.seed is not None
        return self.ledger, self.seed

    def signatures(self) -> dict[str, Any]:
        """The record's signatures: held from the moment the draws open (draws.open_draws)."""
        assert self.record.signed is not None
        return self.record.signed

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
        outcome: dict[str, Any] | None = None if view is None else view.get("outcome")
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
                              self.game.kind.owned_name or None)
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
            view = self.table_view()
            assert view is not None  # your turn: the game has started
            public, secret = self.part.outgoing(view, self.keep, move)
        n, base = self.sent + 1, len(self.record.moves)
        signature = self.key.sign(move_statement(self.table, self.seat, n, base, public))
        self.attempt({"kind": "move", "seat": self.seat, "move": public, "n": n, "base": base, "sig": signature})
        self.sent = n
        if self.keep is not None:
            self.keep.told.append(public)
            if secret is not None and self.pending is None:
                self.keep.moves.append(secret[0])
                self.keep.part = secret[1]
            elif secret is not None:
                self.keep.pending = (n, *secret)
        self.own_duties()

    def own_duties(self) -> None:
        """What this device does by itself: its part of a draw under way, the move its secret part
        makes (a grid that fits no word goes out), and at the end its secret shown."""
        for _ in range(50):
            if self.event is not None and str(self.seat) not in self.event["parts"]:
                draws.give_part(self)
                continue
            if self.keep is not None and self.your_turn():
                view = self.table_view()
                assert view is not None  # your turn: the game has started
                automatic = self.part.automatic(view, self.keep.part)
                if automatic is not None:
                    self.play(automatic)
                    continue
            if self.over() and self.keep is not None and str(self.seat) not in self.shown:
                part = self.keep.shown()
                self.shown[str(self.seat)] = [part, self.key.sign(shown_statement(self.table, self.seat, part))]
                incoming.take_shown(self)
                continue
            return

    def sign_chain(self) -> None:
        """With parts ahead, this device's head signed once: every part it gives follows from it."""
        if self.ahead:
            self.chains[self.seat] = self.key.sign(chain_statement(self.table, self.chain.head()))

    def version(self) -> int:
        return AHEAD_VERSION if self.ahead else LINK_VERSION

    # -- actions and their draws ------------------------------------------------------------------

    def attempt(self, action: dict[str, Any]) -> None:
        """Carries out the start or a move; one that needs a random event waits for every part."""
        _ledger, seed = self.opened_draws()  # the start and every move come once the draws are open
        try:
            if action["kind"] == "start":
                seed.after = START_MARK
                after = start_state(self.game, self.record, seed)
                settle(self.game, after)
                self.state = after
                return
            seat, move = action["seat"], action["move"]
            seed.after = action_mark(self.mark, len(self.record.moves), seat, move)
            after = self.game.apply(self.state, seat, move)
            settle(self.game, after)
        except NeedRandomness as need:
            self.pending, self.event = action, {"label": need.label, "parts": {}}
            draws.fill_event(self)  # the link being taken may hold its parts already
            return
        self.state, self.mark = after, seed.after
        self.record.moves.append((seat, move))
        self.signatures()["moves"][str(len(self.record.moves) - 1)] = [action["n"], action["base"], action["sig"]]

    # -- links: what this device sends (link.outgoing) and takes (link.incoming) ------------------

    def recipient(self, again: bool = False) -> int | None:
        return outgoing.recipient(self, again)

    def hand_over(self, to: int) -> dict[str, Any]:
        return outgoing.hand_over(self, to)

    def hand_over_whole(self, to: int) -> dict[str, Any]:
        return outgoing.hand_over_whole(self, to)

    def payload(self, to: int) -> dict[str, Any]:
        """What a link to `to` carries now (hand_over also notes it as handed over)."""
        return outgoing.link_for(self, to)

    def take(self, payload: dict[str, Any]) -> bool:
        return incoming.take(self, payload)

    def owing(self) -> list[int]:
        """The seats whose part of the open draw this device still lacks (the deal, before the game
        starts: no part leaves a device before every seat has joined)."""
        if self.event is None:
            return []
        return [seat for seat in range(self.players) if str(seat) not in self.event["parts"]]

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
    def from_json(cls, game: Game, data: dict[str, Any]) -> LinkTable:
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
                and draw_under_way_ok(table)
                and _int(table.ahead) and table.ahead <= CHAIN_LENGTH and faults_json_ok(table.forfeits, table.players)
                and isinstance(table.restored, bool) and isinstance(table.told_forfeits, dict)
                and all(isinstance(seats, list) and all(isinstance(seat, str) for seat in seats)
                        for seats in table.told_forfeits.values())):
            raise ValueError("this device's saved game is damaged")
        return table


def draw_under_way_ok(table: LinkTable) -> bool:
    """A saved draw under way holds together: its event (with its parts) and the action that
    waits for it come together, only once the draws are open; the action is the start or a
    move with every field a move's action has."""
    event, pending = table.event, table.pending
    if event is None or pending is None:
        return event is None and pending is None
    if not (isinstance(event, dict) and isinstance(event.get("parts"), dict) and isinstance(event.get("label"), str)
            and isinstance(pending, dict) and table.record.shared is not None):
        return False
    if pending.get("kind") == "start":
        return True
    seat = pending.get("seat")
    return (pending.get("kind") == "move" and {"seat", "move", "n", "base", "sig"} <= pending.keys()
            and _int(seat) and seat < table.players and isinstance(pending["move"], dict))


def new_table(game: Game, players: int, options: dict[str, Any], name: str, strict_draws: bool = False) -> LinkTable:
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
                      [None] * players, [None] * players, record, ahead=0 if strict_draws else game.kind.parts_ahead_by_link)
    table.heads[0], table.keys[0] = table.chain.head(), table.key.public
    table.sign_chain()
    if game.kind.owned_parts:
        table.keep = Keep()
    return table


def joined_table(game: Game, payload: dict[str, Any], name: str) -> LinkTable:
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
    if payload.get("w") not in LINK_VERSIONS or (payload["w"] == AHEAD_VERSION and not game.kind.parts_ahead_by_link):
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
                      ahead=game.kind.parts_ahead_by_link if payload["w"] == AHEAD_VERSION else 0)
    incoming.take_roster(table, payload)
    own = table.names[seat] = clean_name(name) or f"Player {seat + 1}"
    if twin := alike_to(own, table.names[:seat] + table.names[seat + 1:]):
        raise LinkError(f"“{twin}” already plays in this game: choose another name to join it.")
    table.heads[seat], table.keys[seat] = table.chain.head(), table.key.public
    table.sign_chain()
    if game.kind.owned_parts:
        table.keep = Keep()
    incoming.take(table, payload)
    return table


__all__ = ["ANOTHER_VERSION", "LINK_VERSION", "LINK_VERSIONS", "LinkTable", "check_sender", "joined_table", "name_in",
           "new_table", "prefix_digest", "second_joiner_refusal", "weak_key_refusal"]
