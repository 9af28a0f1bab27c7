"""The one small API every game implements (in the spirit of OpenSpiel's State and
python-chess's Board), so that one driver, one save format, one bridge and one UI shell serve
them all. A game subclasses Game: it provides the rules (start, actors, move_fields, play,
view, …) and may override the optional capabilities, whose defaults are written here once."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from wordtable.engine.errors import IllegalMove, MalformedMove, RecordMismatch
from wordtable.engine.options import GameOptions
from wordtable.engine.rng import START_MARK, Seed, SharedSeed, action_mark
from wordtable.engine.shared_random import Ledger
from wordtable.lexicon.lexicon import removed_words_accepted

if TYPE_CHECKING:  # for the annotation only: the engine loads owned.py when a game has such a part
    from wordtable.engine.owned import OwnedPart
    from wordtable.engine.sealed_game import SealedCards

Move = dict[str, Any]  # a small JSON object, e.g. {"type": "place", "row": 0, "col": 2, "dir": "down"}
# The shipped word lists a new record is played under. 2: without the words since taken out of
# them (lexicon.removed_words); a record without the key was played under 1, when they were
# words. Only a record under 1 replays with them accepted: a newer game's challenge of one of
# them fell when it was played and must fall again in every replay.
WORD_LISTS = 2
KNOWN_WORD_LISTS = (1, 2)


def is_int(value: Any) -> bool:
    """A JSON number that is a whole number (JSON true is not a number, though Python's bool is
    an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]          # several winners = a shared win (a draw among them)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


# The fields the engine writes into every view (Game.view); a game's board_view may not use them.
ENVELOPE = frozenset({"game", "options", "seat", "phase", "waiting_for", "outcome", "deadline"})


@dataclass(frozen=True)
class GameKind:
    """What sort of game this is, declared once (OpenSpiel's GameType in spirit): shared code and
    tests branch on it instead of probing the game or assuming every game is like the first five."""
    chance: bool = False           # the rules draw at random (dice, a deck, who starts)
    hidden: str = "none"           # "none"; "table": something nobody sees (a deck's order);
    #                                "seats": each seat holds what the others may not see
    owned_parts: bool = False      # online, guests keep a secret part on their own device (owned_part)
    owned_name: str = ""           # that part in a player's words ("grid"), said while it is awaited
    complete_moves: bool = True    # legal_moves lists every legal move (False: representative ones)
    realtime: bool = False         # everyone may act at any moment (bots say when: after_ms)
    # By link: "yes"; "no" (a race); "some": with some options (Game.live_only says which,
    # Game.by_link_hint tells the player).
    by_link: str = "yes"
    # By link, how many random events ahead each device gives its parts, for a game that draws in
    # the middle of a player's turn (a card from the stack): that draw then waits for no extra
    # exchange of links, but the drawing player's device could work the card out before drawing.
    # Only for a game whose devices hold what the rules hide anyway (no owned parts).
    parts_ahead_by_link: int = 0
    # Online, each seat's cards dealt by every device together and opened on its own only
    # (Game.sealed_cards, online.sealed_host): no page, the host's included, holds another hand.
    sealed_online: bool = False

    HIDDEN: ClassVar[tuple[str, ...]] = ("none", "table", "seats")
    BY_LINK: ClassVar[tuple[str, ...]] = ("yes", "some", "no")

    def __post_init__(self) -> None:
        if self.hidden not in self.HIDDEN:
            raise ValueError(f"hidden must be one of {self.HIDDEN}")
        if self.by_link not in self.BY_LINK:
            raise ValueError(f"by_link must be one of {self.BY_LINK}")
        if self.owned_parts != bool(self.owned_name):
            raise ValueError("a game with owned parts names them (owned_name), and only such a game")
        if self.realtime and self.by_link == "yes":
            raise ValueError("a race cannot be played by link a move at a time: by_link is 'no' or 'some'")
        if self.parts_ahead_by_link and (self.owned_parts or self.by_link == "no"):
            raise ValueError("parts ahead by link are for a game played by link whose devices keep no secret part")

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.chance, "hidden": self.hidden, "owned_parts": self.owned_parts,
                "owned_name": self.owned_name, "complete_moves": self.complete_moves, "realtime": self.realtime,
                "by_link": self.by_link, "parts_ahead_by_link": self.parts_ahead_by_link,
                "sealed_online": self.sealed_online}


@dataclass(frozen=True)
class Deadline:
    """A clock running in a real-time game: when it runs out, the table (never a seat) plays
    `move`, credited to `seat` in the record."""
    after_ms: int
    seat: int
    move: Move

    def to_json(self) -> dict[str, Any]:
        return {"after_ms": self.after_ms, "seat": self.seat}


class Game:
    """Base of every game. Required: the class attributes id, title, Options, and the methods
    marked "required" below. Everything else has a default that suits a turn-based game.

    A state is typed Any throughout: each game has its own (a frozen dataclass), and the engine
    only passes it back to the game. Only the defaults of seats and outcome look inside, at the
    fields most states have (`options.players`, `outcome`); a game without them overrides those."""

    id: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str] = ""        # one or two sentences for the home screen
    # Online, the host's device runs the game: what it can see that the rules keep from the host
    # as a player, said to everyone before play (it follows "the game runs on the host's
    # device, which ...").
    host_sees: ClassVar[str] = ""    # required unless kind.hidden is "none"
    minutes: ClassVar[int] = 20      # how long a game takes, roughly
    kind: ClassVar[GameKind] = GameKind()
    Options: ClassVar[type[GameOptions]]
    by_link_hint: ClassVar[str] = ""  # a game some of whose options are a race: which to choose to play by link
    clock_moves: ClassVar[frozenset[str]] = frozenset()  # move types only the table's clock plays
    questions: ClassVar[tuple[str, ...]] = ()            # what a seat may ask (see answer)
    move_fields: ClassVar[dict[str, frozenset[str]]]     # move type -> its fields besides "type"
    word_rule: ClassVar[Any] = None  # a lexicon.rules.WordRule: what a valid word looks like here

    def __init__(self, lexicon_for: Callable[[str], Any]):
        self.lexicon_for = lexicon_for

    # -- required ------------------------------------------------------------------------------

    def start(self, options: Any, seed: Seed) -> Any:
        """Required: the first state for parsed options."""
        raise NotImplementedError

    def seats(self, state: Any) -> int:
        players: int = state.options.players
        return players

    def actors(self, state: Any) -> list[int]:
        """Required: the seats that may act now (several at once in simultaneous phases)."""
        raise NotImplementedError

    def check_fields(self, kind: str, move: Move) -> None:
        """The fields of a move of this type have the right shape; MalformedMove if not (the
        type, and that no other field is present, are checked already)."""

    def play(self, state: Any, seat: int, kind: str, move: Move) -> Any:
        """Required: the state after a well-formed move by a seat that may act (apply has
        checked that); IllegalMove when the rules forbid it. Never changes `state`."""
        raise NotImplementedError

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        """Required: every legal move of this seat now (where enumeration is impossible,
        representative moves, declared by kind.complete_moves = False; apply decides)."""
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        outcome: Outcome | None = state.outcome
        return outcome

    def phase(self, state: Any) -> str:
        """Required: the phase of a game not over (the game's own words: "choose", "race"…)."""
        raise NotImplementedError

    def board_view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Required: the game's own part of what this seat may see (None: a spectator),
        JSON-safe: everything but the fields every view has (see view)."""
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Exactly what this seat may see (None: a spectator), JSON-safe: the fields the shell
        reads of every game, written here once, and the game's own board_view. The board comes
        first: a view may draw at random (a deal), in the same order everywhere."""
        board = self.board_view(state, seat)
        clash = ENVELOPE.intersection(board)
        if clash:  # the game's field would silently replace the engine's
            raise TypeError(f"{self.id}'s board_view has fields every view has already: {sorted(clash)}")
        outcome, deadline = self.outcome(state), self.deadline(state)
        return {"game": self.id, "options": state.options.to_json(), "seat": seat,
                "phase": "over" if outcome is not None else self.phase(state),
                "waiting_for": self.actors(state), "outcome": None if outcome is None else outcome.to_json(),
                "deadline": None if deadline is None else deadline.to_json(), **board}

    def offers(self, view: dict[str, Any]) -> dict[str, bool]:
        """The kinds of move a view tells its seat it may (True) or may not (False) make now, for
        the kinds the page shows or hides from view fields (a game's buttons). The contract test
        holds the engine to them: an offered kind has a legal move the engine accepts, a denied
        kind is refused. Whose move it is comes from the view's `waiting_for`, for every game."""
        return {}

    def suggests(self, state: Any) -> bool:
        """Whether a person may ask a bot to suggest a move (the page's Suggest): not where the
        rules forbid looking words up before playing them."""
        return True

    def reveal(self, state: Any) -> dict[str, Any]:
        """Required: everything in the state, for the replay of a finished game."""
        raise NotImplementedError

    def luck(self, state: Any) -> dict[str, Any]:
        """What chance holds for later (the dice to come), for an oracle in simulations only
        (engine.bots). Online nothing is drawn before it happens: a game answers {} there."""
        return {}

    def move_text(self, before: Any, move: Move) -> str:
        """Required: a move's short text, e.g. "chose SALT" (before: the state it was played in)."""
        raise NotImplementedError

    def made_move(self, before: Any, seat: int, move: Move) -> dict[str, Any] | None:
        """What a seat's own move, made but waiting for a draw that comes with it (by link, the
        others' parts of the next roll), shows on that seat's board until the draw completes:
        a JSON object the game's page draws (its view's `made_move`), or None. The state after
        the move cannot be had before the draw, so the game says what of the move it can show."""
        return None

    # -- written once for every game -----------------------------------------------------------

    def new(self, options: dict[str, Any], seed: Seed) -> Any:
        """A fresh game's state: every option left out takes today's default (Options.complete),
        as the record a new game writes holds it. Bad options raise BadOptions, an unknown
        dictionary UnknownLexicon."""
        return self.recorded_start(self.Options.complete(options), seed)

    def recorded_start(self, options: dict[str, Any], seed: Seed) -> Any:
        """A recorded game's first state: an option its record lacks (an older record wrote only
        what was chosen) means the default it was recorded under (OptionSpec.when_missing)."""
        parsed = self.Options.parse(options)
        self.lexicon_for(parsed.lexicon)  # fail now, not mid-game, on an unknown dictionary
        return self.start(parsed, seed)

    def apply(self, state: Any, seat: int, move: Move) -> Any:
        """The state after a seat's move (the given state is not changed), or IllegalMove /
        MalformedMove with a message a player understands."""
        kind = self.checked_move(move)
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats(state):
            raise IllegalMove("There is no such seat in this game.")
        if kind in self.clock_moves:
            raise IllegalMove("Only the table's clock can do that: wait for it to run out.")
        if seat not in self.actors(state):
            raise IllegalMove(self.not_your_turn(state, seat))
        return self.play(state, seat, kind, move)

    def checked_move(self, move: Any) -> str:
        """The move's type; MalformedMove when it is not a move of this game: no object with a
        type, an unknown type, a field the move does not have, a field of the wrong shape."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise MalformedMove("A move must be an object with a type.")
        kind: str = move["type"]
        if kind not in self.move_fields:
            raise MalformedMove(f"Unknown move type {kind[:30]!r}.")
        extra = set(move) - self.move_fields[kind] - {"type"}
        if extra:
            raise MalformedMove(f"A {kind} move has no field {str(min(extra))[:30]!r}.")
        self.check_fields(kind, move)
        return kind

    def expire(self, state: Any) -> Any:
        """The table's clock ran out: plays the deadline's move."""
        deadline = self.deadline(state)
        if deadline is None or self.outcome(state) is not None:
            raise IllegalMove("No clock is running.")
        return self.play(state, deadline.seat, self.checked_move(deadline.move), deadline.move)

    def is_clock_move(self, state: Any, seat: int, move: Move) -> bool:
        """Whether a recorded (seat, move) is the clock running out (replaying a record)."""
        deadline = self.deadline(state)
        return deadline is not None and seat == deadline.seat and move == deadline.move

    def step(self, state: Any, seat: int, move: Move) -> Any:
        """One recorded move replayed: a seat's move, or the clock's."""
        if self.is_clock_move(state, seat, move):
            return self.expire(state)
        return self.apply(state, seat, move)

    # -- optional capabilities, with their defaults --------------------------------------------

    def not_your_turn(self, state: Any, seat: int) -> str:
        return "It is not your turn."

    def deadline(self, state: Any) -> Deadline | None:
        """The clock running now, if any (real-time games)."""
        return None

    def epoch(self, state: Any) -> Any:
        """Real-time games: a JSON value that changes when moves made on an older view become
        stale (Shrdlu: the round). A move made in another epoch is refused as too late; a bot's
        planned move stays valid while the epoch is the same. None: nothing is ever stale."""
        return None

    def answer(self, state: Any, seat: int | None, question: str, args: dict[str, Any]) -> Any:
        """A question a seat may ask about its own game (see `questions`); IllegalMove if not."""
        raise IllegalMove(f"{self.title} answers no questions.")

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """Builds indexes before play starts (called while the new-game form is open), as a
        generator that yields between slices of a few ms: the bridge runs it a slice at a time
        so other requests need not wait for all of it (see wordtable.stepwise). The default only
        checks the options."""
        self.Options.parse(options)
        return iter(())

    def undo_barrier(self, before: Any, after: Any) -> bool:
        """Whether the move from before to after revealed hidden information, drew on
        randomness or handed the turn on, so that it can no longer be taken back."""
        return True

    def turns(self, state: Any) -> int | None:
        """How many turns the game took, for simulations (None: count the moves)."""
        return None

    def owned_part(self) -> OwnedPart | None:
        """Online, a secret part of each guest's state kept on the guest's own device
        (engine.owned.OwnedPart: Four Letter Words' grids), declared by kind.owned_parts; None:
        the table holds all of it."""
        return None

    @property
    def sealed_cards(self) -> SealedCards | None:
        """Hands dealt sealed by every device together (engine.sealed_table.SealedCards: One
        Letter Better's); None: the game deals from its seed."""
        return None

    def secrets(self, state: Any, seat: int | None) -> list[Any]:
        """What only `seat` may see now (None: what nobody may see, such as the deck's order),
        as JSON values: the contract test checks no other seat's view contains them."""
        return []

    @classmethod
    def by_link_note(cls, parts_ahead: bool = True, started: bool = False) -> str | None:
        """Said before a game by link: where its secrets are, since every device replays it, and
        (parts_ahead: the table gives its parts ahead, where the game does) what that costs. Once
        started, the choice is made: the note says what this game chose, not what could be chosen."""
        if cls.kind.hidden == "none" or cls.kind.by_link == "no":
            return None
        if cls.kind.owned_parts:
            return ("What each player keeps secret stays on their own device until the end, when it is shown and "
                    "checked against everything its player said during the game.")
        replayed = ("Every device replays the whole game, so what the rules hide from one player until later (what "
                    "another holds or has written) is on that player's device too: they could read it with the "
                    "browser's developer tools")
        if cls.kind.parts_ahead_by_link and parts_ahead:
            return (f"{replayed}. Once everyone has joined, each link also carries its sender's share of the next "
                    "draws: drawing never waits, but a device (or anyone who sees the links) could work out the coming "
                    "cards. " + ("This game was started without strict draws, which prevent it." if started
                                 else "Strict draws prevent it."))
        return f"{replayed}. Draws stay unknown to everyone until they are made."

    def live_only(self, options: GameOptions) -> bool:
        """Whether a game with these options needs every player at once (a race), so that it
        cannot be played by link, a move at a time. A game whose kind says "some" overrides it."""
        return self.kind.by_link == "no"

    @classmethod
    def info(cls) -> dict[str, Any]:
        low, high = cls.Options.player_range()
        return {"id": cls.id, "title": cls.title, "blurb": cls.blurb, "host_sees": cls.host_sees, "minutes": cls.minutes,
                "players": {"min": low, "max": high}, "realtime": cls.kind.realtime, "by_link": cls.kind.by_link,
                "by_link_note": cls.by_link_note(), "by_link_hint": cls.by_link_hint,
                "by_link_note_strict": cls.by_link_note(parts_ahead=False) if cls.kind.parts_ahead_by_link else None,
                "owned_part": cls.kind.owned_name or None,
                "kind": cls.kind.to_json(), "questions": list(cls.questions), "options": [spec.to_json() for spec in cls.Options.specs()]}


@dataclass
class Record:
    """A game is (game, options, seed, moves); everything else derives from it. An online game
    played with shared randomness also carries `shared` (engine.shared_random.Ledger's JSON:
    every player's commitment and every random event's reveals), and its rules draw on that
    instead of the seed (which then serves the host's bots only). In a game whose guests keep a
    secret part on their own device (engine.owned), `owned` names those seats and holds what
    each showed at the end: {"seats": [...], "shown": {seat: ...}}. At a table whose guests sign
    (engine.signing), `signed` holds their devices' keys and signatures. A game dealt sealed
(engine.sealed_table) keeps no moves: once it is over, `sealed` holds its table's id and
every entry its table relayed, in order (online.sealed_play), all a verifier needs."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, Move]] = field(default_factory=list)
    shared: dict[str, Any] | None = None
    owned: dict[str, Any] | None = None
    word_lists: int = WORD_LISTS
    signed: dict[str, Any] | None = None
    sealed: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data = {"game": self.game, "options": self.options, "seed": self.seed,
                "moves": [[seat, move] for seat, move in self.moves]}
        if self.word_lists != 1:  # a record from before the key replays and saves as it was
            data["word_lists"] = self.word_lists
        if self.shared is not None:
            data["shared"] = self.shared
        if self.owned is not None:
            data["owned"] = self.owned
        if self.signed is not None:
            data["signed"] = self.signed
        if self.sealed is not None:
            data["sealed"] = self.sealed
        return data

    def owned_seats(self) -> list[int]:
        return [] if self.owned is None else list(self.owned["seats"])

    def shown(self) -> dict[int, Any]:
        """What each owned seat showed at the end, by seat."""
        return {} if self.owned is None else {int(seat): part for seat, part in self.owned["shown"].items()}

    def rules_seed(self) -> Seed:
        """What the rules draw on: the seed, or the shared randomness (every reveal checked
        against its commitment: RecordMismatch at the first that breaks)."""
        if self.shared is None:
            return self.seed
        return shared_seed(self.shared)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """The record, or ValueError naming what is wrong (JSON true is not a seat)."""
        if not isinstance(data, dict):
            raise ValueError("a record is an object")
        game, options, seed, moves = data.get("game"), data.get("options"), data.get("seed"), data.get("moves")
        if not isinstance(game, str) or not isinstance(options, dict) or not isinstance(moves, list):
            raise ValueError("a record needs game, options and moves")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError("the seed must be a whole number")
        parsed = []
        for entry in moves:
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
                    and not isinstance(entry[0], bool) and isinstance(entry[1], dict)):
                raise ValueError("each move is [seat, move]")
            parsed.append((entry[0], dict(entry[1])))
        shared = data.get("shared")
        if shared is not None and not isinstance(shared, dict):
            raise ValueError("the record's shared randomness is not readable")
        owned = data.get("owned")
        if owned is not None:
            seats, shown = (owned.get("seats"), owned.get("shown")) if isinstance(owned, dict) else (None, None)
            if not (isinstance(seats, list) and all(is_int(s) and 0 <= s < 64 for s in seats)
                    and isinstance(shown, dict) and all(k.isascii() and k.isdigit() and int(k) in seats for k in shown)):
                raise ValueError("the record's list of secrets kept by their owners is not readable")
            owned = {"seats": list(seats), "shown": dict(shown)}
        word_lists = data.get("word_lists", 1)
        if not is_int(word_lists) or word_lists not in KNOWN_WORD_LISTS:
            raise ValueError("the record was played with word lists this app does not know (a newer version of Wordtable?)")
        signed = data.get("signed")
        if signed is not None and not isinstance(signed, dict):
            raise ValueError("the record's signatures are not readable")
        sealed = data.get("sealed")
        if sealed is not None and not (isinstance(sealed, dict) and isinstance(sealed.get("table"), str)
                                       and isinstance(sealed.get("entries"), list)):
            raise ValueError("the record's sealed cards are not readable")
        return cls(game, dict(options), seed, parsed, shared, owned, word_lists, signed, sealed)

    def but(self, **changes: Any) -> Record:
        """A copy with some fields changed (a shorter list of moves, a record's public part)."""
        return replace(self, **changes)


def shared_seed(data: dict[str, Any]) -> SharedSeed:
    """A record's shared randomness (its `shared`), every part checked against its commitment."""
    ledger, broken = Ledger.verify(data)
    if broken:
        raise RecordMismatch(broken.reason)
    assert ledger is not None  # verify gives the ledger or where it broke
    return ledger_seed(ledger)


def ledger_seed(ledger: Ledger, live: bool = False) -> SharedSeed:
    """What the rules draw on from a checked ledger (live: the host's, which asks for new events)."""
    return SharedSeed(ledger.public(), list(zip([label for label, _ in ledger.events], ledger.values())), live,
                      ledger.rules)


def settle(game: Game, state: Any) -> None:
    """Computes everything a table shows of a state (every seat's view), so that any random
    event a view needs is drawn now, in the same order at the host and in every replay."""
    for seat in [None, *range(game.seats(state))]:
        game.view(state, seat)
    game.actors(state)
    game.deadline(state)
    game.epoch(state)


def replay_states(game: Game, record: Record, complete: bool = True, seed: Seed | None = None) -> Iterator[Any]:
    """The state at the start, then after each of the record's moves. An online record's random
    events must be exactly those its moves drew, in order (complete=False: events after the
    last move may remain, drawn for a move still waiting for its last one); RecordMismatch if
    not. The host passes its own live seed (RecordMismatch becomes NeedRandomness then)."""
    seed = record.rules_seed() if seed is None else seed
    shared = seed if isinstance(seed, SharedSeed) else None
    state = start_state(game, record, seed)
    if shared is not None:
        settle(game, state)
    yield state
    mark = START_MARK
    for index, (seat, move) in enumerate(record.moves):
        if shared is not None:
            shared.after = mark = action_mark(mark, index, seat, move)
        state = replayed_step(game, record, state, seat, move)
        if shared is not None:
            settle(game, state)
        yield state
    if complete and shared is not None and shared.unused():
        raise RecordMismatch(f"the record has {shared.unused()} random event(s) its moves never drew")


def replayed_step(game: Game, record: Record, state: Any, seat: int, move: Move) -> Any:
    """One recorded move, under the word lists the record was played with."""
    with words_played_under(record):  # set and reset around the move: never across a yield
        return game.step(state, seat, move)


def words_played_under(record: Record) -> AbstractContextManager[None]:
    """Within this block, the shipped word lists are those the record was played with."""
    return removed_words_accepted() if record.word_lists < 2 else nullcontext()


def start_state(game: Game, record: Record, seed: Seed) -> Any:
    """The game's first state; the secret parts its guests keep on their devices unknown."""
    state = game.recorded_start(record.options, seed)
    if record.owned is None:
        return state
    part = game.owned_part()
    if part is None:
        raise RecordMismatch("this game keeps no secrets on its players' devices, yet the record says it did")
    return part.hide(state, record.owned_seats())


def with_shown(game: Game, record: Record, states: list[Any]) -> Any:
    """The final state with every secret part its owner showed at the end, each checked against
    the public record (engine.owned.OwnedBreak at the first that does not hold)."""
    return shown_replay(game, record, states)[0][-1]


def shown_replay(game: Game, record: Record, states: list[Any]) -> tuple[list[Any], list[Move]]:
    """Every state with the secret parts their owners showed, and each move as it was made (see
    engine.owned.OwnedPart.check_shown); the record's own states and moves when none was."""
    shown = record.shown()
    if not shown:
        return states, [move for _seat, move in record.moves]
    part = game.owned_part()
    if part is None:  # as start_state, which refuses such a record before any state is replayed
        raise RecordMismatch("this game keeps no secrets on its players' devices, yet the record says it did")
    return part.check_shown(record, states, shown)


def replay(game: Game, record: Record, complete: bool = True) -> Any:
    """The state after the record's moves (see replay_states), with every secret part its owner
    showed at the end (with_shown)."""
    if record.shown():
        return with_shown(game, record, list(replay_states(game, record, complete)))
    # Run the whole replay (its checks come after the last move) and keep only the last state.
    return deque(replay_states(game, record, complete), maxlen=1)[0]


def undo(game: Game, record: Record, seat: int) -> Record:
    """Takes back this seat's last move, following Board Game Arena's policy: only your own
    latest move, never across another player's action, never once the move revealed hidden
    information or a random outcome. Raises IllegalMove with the reason otherwise."""
    if not record.moves or record.moves[-1][0] != seat:
        raise IllegalMove("You can only take back your own last move, before anyone else acts.")
    shorter = record.but(moves=record.moves[:-1])
    if game.undo_barrier(replay(game, shorter, complete=False), replay(game, record)):
        raise IllegalMove("That move can no longer be taken back: the game has moved on.")
    return shorter
