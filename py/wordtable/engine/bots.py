"""The generic bot driver: plays bot-only games of any game and keeps the numbers.

A bot is `bot(game, view, rng) -> move`: it receives the seat's view (the same JSON a player's
screen gets; it reaches the dictionary through game.lexicon_for), never the state, so it knows
only what that seat may know. In real-time games a bot's move carries "after_ms": how long
after the epoch began (game.epoch: Shrdlu's round) it would act; None means it waits."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Game, Move, Record
from wordtable.engine.rng import rng_for

Bot = Callable[[Game, dict[str, Any], Any], "Move | None"]  # (game, the seat's view, rng) -> move


@dataclass(frozen=True)
class WordsProposed:
    """How a game's bots propose words, for the check that they draw on everyday words and never
    on a never-propose word (lexicon.vocabulary): a game's bots module declares it as
    WORDS_PROPOSED, or None if its bots propose no word."""
    # The words a move proposes: (state before, state after, seat, move) for a turn-based game,
    # read from the record; (None, None, seat, move) for a real-time game, as each bot proposes it.
    words: Callable[[Any, Any, int, Move], list[str]]
    lexicons: tuple[str, ...]   # the dictionaries the check plays with
    everyday_share: float       # the least share of everyday words among what the bots propose


def move_words(_before: Any, _after: Any, _seat: int, move: Move) -> list[str]:
    """The word a move names outright (chosen or claimed), where that is how a game proposes them."""
    return [move["word"]] if move["type"] in ("choose", "claim") else []


@dataclass
class Played:
    record: Record
    state: Any
    move_ms: list[float] = field(default_factory=list)
    seat_ms: dict[int, list[float]] = field(default_factory=dict)  # the same times, by seat


@dataclass(frozen=True)
class Oracle:
    """A bot that sees everything, for simulations only (a bots module's ORACLES): to measure
    what luck allows. Beside its seat's view it gets "everything": the state as the replay of a
    finished game shows it (game.reveal), and what chance holds for later under "luck"
    (game.luck)."""
    bot: Callable[..., Move | None]  # a game's bot, which takes that game's own class

    def __call__(self, game: Game, view: dict[str, Any], rng: Any) -> Move | None:
        return self.bot(game, view, rng)


def ask_bot(bot: Bot, game: Game, state: Any, seat: int, seed: int, moves_so_far: int) -> Move | None:
    """The bot's move for this seat, seeing only this seat's view (an Oracle: everything)."""
    view = game.view(state, seat)
    if isinstance(bot, Oracle):
        view = {**view, "everything": {**game.reveal(state), "luck": game.luck(state)}}
    return bot(game, view, rng_for(seed, "bot", seat, moves_so_far))


def play(game: Game, bots: list[Bot], options: dict[str, Any], seed: int, max_moves: int = 20_000) -> Played:
    complete = game.Options.complete(options)  # the record holds every option, as the game plays them
    state = game.new(complete, seed)
    played = Played(Record(game.id, complete, seed), state)
    race = _Race() if game.kind.realtime else None
    while (actors := game.actors(state)) and len(played.record.moves) < max_moves:
        if race is not None:
            state = race.step(game, bots, state, actors, played)
            continue
        seat = actors[0]
        move = _timed(bots[seat], game, state, seat, played)
        if move is None:  # only in a real-time game may a bot wait
            raise RuntimeError("a bot gave no move on its turn: a bug in the game's bots")
        state = game.apply(state, seat, move)
        played.record.moves.append((seat, move))
    played.state = state
    return played


def _timed(bot: Bot, game: Game, state: Any, seat: int, played: Played) -> Move | None:
    start = time.perf_counter()
    move = ask_bot(bot, game, state, seat, played.record.seed, len(played.record.moves))
    spent = (time.perf_counter() - start) * 1000
    played.move_ms.append(spent)
    played.seat_ms.setdefault(seat, []).append(spent)
    return move


@dataclass
class _Race:
    """Real-time play in simulated time. Each bot plans a move at an absolute moment (the
    epoch's start + its after_ms) and keeps that plan while the epoch lasts, so a slow bot
    still acts while others keep moving; the table's clock plays a deadline's move."""
    now: int = 0
    epoch: Any = ...
    epoch_start: int = 0
    deadline: Any = None
    deadline_start: int = 0
    plans: dict[int, tuple[int, Move]] = field(default_factory=dict)   # seat -> (at ms, move)
    asked: dict[int, int] = field(default_factory=dict)                # seat -> moves when last asked

    def step(self, game: Game, bots: list[Bot], state: Any, actors: list[int], played: Played) -> Any:
        moves = len(played.record.moves)
        epoch = game.epoch(state)
        if epoch != self.epoch:
            self.epoch, self.epoch_start, self.plans = epoch, self.now, {}
        deadline = game.deadline(state)
        if deadline != self.deadline:
            self.deadline, self.deadline_start = deadline, self.now
        for seat in actors:
            if seat not in self.plans and self.asked.get(seat) != moves:
                self.asked[seat] = moves
                move = _timed(bots[seat], game, state, seat, played)
                if move is not None:
                    move = dict(move)
                    self.plans[seat] = (self.epoch_start + int(move.pop("after_ms", 0)), move)
        offers = [(at, seat, move) for seat, (at, move) in self.plans.items() if seat in actors]
        if deadline is not None:
            offers.append((self.deadline_start + deadline.after_ms, -1, deadline.move))
        if not offers:
            raise RuntimeError("no bot would ever act: a bug in the game's bots")
        at, seat, move = min(offers, key=lambda offer: (offer[0], offer[1]))
        self.now = max(self.now, at)
        if deadline is not None and seat == -1:  # the clock's offer
            played.record.moves.append((deadline.seat, move))
            return game.expire(state)
        del self.plans[seat]
        try:
            after = game.apply(state, seat, move)
        except IllegalMove:
            return state  # the plan went stale (someone called first): the bot is asked again
        played.record.moves.append((seat, move))
        return after


def simulate(game: Game, bots: list[Bot], options: dict[str, Any], games: int, seed: int,
             each: Callable[[int, Played], None] | None = None) -> dict[str, Any]:
    """Bot-only games and their numbers; `each` is given every game as it ends (its index and
    what was played), to keep its record."""
    wins = {str(seat): 0 for seat in range(len(bots))}
    draws = 0
    turns, move_ms = [], []
    seat_ms: dict[int, list[float]] = {seat: [] for seat in range(len(bots))}
    for index in range(games):
        played = play(game, bots, options, seed + index)
        if each is not None:
            each(index, played)
        outcome = game.outcome(played.state)
        if outcome is None or len(outcome.winners) != 1:
            draws += 1
        else:
            wins[str(outcome.winners[0])] += 1
        counted = game.turns(played.state)
        turns.append(len(played.record.moves) if counted is None else counted)
        move_ms += played.move_ms
        for seat, times in played.seat_ms.items():
            seat_ms[seat] += times
    return {"games": games, "wins": wins, "draws": draws,
            "mean_turns": statistics.fmean(turns) if turns else 0,
            "mean_bot_move_ms": statistics.fmean(move_ms) if move_ms else 0,
            "mean_bot_move_ms_by_seat": {str(seat): statistics.fmean(times) if times else 0
                                         for seat, times in seat_ms.items()}}
