"""Four Letter Words (Kyle Haas): everyone writes the chosen four-letter words into a secret grid.

Rules as implemented (seed 000; decisions marked DECISION are ours and documented in the
how-to-play text):
- 2-8 players; grid 7x7 for 2-4 players, 8x8 for 5-6, 9x9 for 7, 10x10 for 8; any size from
  4x4, non-square allowed, the same for everyone.
- The chooser names a four-letter word from the agreed dictionary (no capitals, spaces,
  hyphens or apostrophes: a dictionary holding contractions, such as "wordsmith", is filtered
  by the game's word rule, so I'LL is never offered, chosen or accepted). Words may be repeated.
- Everyone, the chooser included, writes it in their grid: left-to-right, top-to-bottom,
  right-to-left or bottom-to-top, inside the grid, one letter per cell, contiguous.
- A player's first word goes anywhere; every later word must reuse 1, 2 or 3 letters already
  in the same cells (never 0, never 4). DECISION: "first word" is per player, so a player who
  skipped the game's first word may still place their own first word anywhere.
- No legal place: take a strike. A player may also take a strike to skip a word another player
  chose. Three strikes: out. A chooser who cannot name any word that fits their own grid is
  out. DECISION: the chooser must name a word that fits their own grid (the rules make being
  unable to do so the way out), and cannot skip their own word.
- Last player standing wins. DECISION: if the last players all go out on the same word, they
  share the win.
- Variants: grid size; words must start with a vowel; banned letters; a themed list (any
  dictionary, including a player's own); the X variant (instead of a strike, write X in three
  empty cells, which later words may use like letters; fewer than three empty cells: out).
- Choosing the judge: "dictionary" (default: every word is checked when it is chosen) or
  "players" (words stand unless challenged). In "players" mode every other player accepts or
  challenges the chosen word before anyone writes it. A challenged chooser either withdraws it
  and chooses another, or defends it: the agreed dictionary is where the definition is looked
  up. Found: the word stands. Not found: the chooser chooses again. With the competitive
  penalties: a failed defence loses the chooser their turn (the next player chooses); a
  successful defence costs the challenger their next turn as chooser (these add up).
  DECISION: withdrawing costs nothing; the other restrictions (vowel start, banned letters)
  are mechanical and always checked.
- Abbreviations: no shipped dictionary holds any. Allow them with a player's own list, or in
  "players" mode by not challenging them (a challenged abbreviation is looked up like any word).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeAlias, cast

from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Game, GameKind, Move, Outcome, is_int
from wordtable.engine.options import GameOptions, option
from wordtable.engine.owned import OwnedPart, is_hex
from wordtable.engine.rng import Seed, seed_index
from wordtable.games.four_letter_words.grid import (
    DIRECTIONS,
    EMPTY,
    Placement,
    Window,
    cell_name,
    does_not_fit,
    indexed_windows,
    placements,
)
from wordtable.lexicon.rules import WordRule
from wordtable.lexicon.vocabulary import warm_up as bots_warm_up

GAME_ID = "four-letter-words"
VOWELS = frozenset("aeiou")
GRID_FOR_PLAYERS = {2: 7, 3: 7, 4: 7, 5: 8, 6: 8, 7: 9, 8: 10}
MAX_STRIKES = 3
JUDGES = ("dictionary", "players")
VERDICT_MOVES = ("accept", "challenge", "defend", "withdraw")
# Online, a guest's grid stays on its own device: it sends these public forms instead (a word
# written, three Xs written, each with a commitment to the grid after it; no word fits its grid).
OWNER_MOVES = ("written", "crossed", "stuck")


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Four Letter Words"
    players: int = option(2, "Players", minimum=2, maximum=8)
    rows: int = option(7, "Rows", minimum=4, maximum=12, by_players=GRID_FOR_PLAYERS)
    cols: int = option(7, "Columns", minimum=4, maximum=12, by_players=GRID_FOR_PLAYERS)
    lexicon: str = option("standard", "Dictionary", kind="lexicon")
    vowel_start: bool = option(False, "Every word must start with a vowel")
    banned_letters: str = option("", "Banned letters")
    x_variant: bool = option(False, "The X variant: three Xs instead of a strike")
    judge: str = option("dictionary", "Who judges the words", choices=JUDGES)  # or "players"
    challenge_penalties: bool = option(False, "Competitive penalties for challenges")


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    grids: tuple[str | None, ...]     # per seat, rows*cols characters, EMPTY for empty; None:
                                      # kept on its owner's device (online), unknown to the table
    strikes: tuple[int, ...]
    out: tuple[bool, ...]
    chooser: int
    word: str | None = None           # the word being written; None while the chooser chooses
    responded: frozenset[int] = frozenset()
    history: tuple[tuple[int, str], ...] = ()   # (chooser, word), public
    went_out: tuple[tuple[int, int], ...] = ()  # (seat, number of words chosen when it happened)
    outcome: Outcome | None = None
    # "players decide" mode: the chosen word waits for everyone's verdict before it is written
    vetting: bool = False
    accepted: frozenset[int] = frozenset()
    challenger: int | None = None
    lost_turns: tuple[int, ...] = ()             # turns as chooser each seat still has to miss
    last_challenge: tuple[str, int, int, str] | None = None  # word, chooser, challenger, result

    def active(self) -> list[int]:
        return [seat for seat, gone in enumerate(self.out) if not gone]

    def grid(self, seat: int) -> str:  # a grid the table holds: the rules run on no other
        grid = self.grids[seat]
        assert grid is not None, "this grid is kept on its owner's device"
        return grid

    def chosen(self) -> str:  # the word being vetted or written
        assert self.word is not None, "no word is chosen yet"
        return self.word


def allowed_shape(word: str) -> bool:
    """This game's word rule (four letters a-z), for what is offered, chosen by bots, accepted."""
    return FourLetterWords.word_rule.shape_refusal(word) is None


def skip_moves_for(grid: str, options: Options) -> list[Move]:
    """How a seat skips a word: a strike, or in the X variant three Xs (the first empty cells)."""
    if not options.x_variant:
        return [{"type": "strike"}]
    empty = [i for i, ch in enumerate(grid) if ch == EMPTY]
    if len(empty) < 3:
        return [{"type": "strike"}]  # in the X variant this means going out
    return [{"type": "xs", "cells": [[i // options.cols, i % options.cols] for i in empty[:3]]}]


class FourLetterWords(Game):
    id = GAME_ID
    title = "Four Letter Words"
    blurb = ("Everyone writes the same four-letter words into a secret grid. Each word must reuse "
             "letters already written. Three strikes and you are out.")
    minutes = 20
    kind = GameKind(chance=True, hidden="seats", owned_parts=True, owned_name="grid")  # who chooses first; each grid
    host_sees = ("holds only the host's own grid (and its bots'): each friend's grid stays on their own "
                 "device, which tells the table only what the rules make public (a word written, a strike, three "
                 "Xs, out) with a sealed commitment to the grid. At the end every grid is shown and checked "
                 "against its commitments and the words played, and a player whose grid does not match is named.")
    Options: TypeAlias = Options  # the class, so that methods can annotate with it
    word_rule = WordRule("a-z", 4, 4, "every word has exactly four letters.")
    move_fields = {"choose": frozenset({"word"}), "place": frozenset({"row", "col", "dir"}),
                   "xs": frozenset({"cells"}), "strike": frozenset(),
                   "written": frozenset({"commit"}), "crossed": frozenset({"commit"}), "stuck": frozenset(),
                   **{kind: frozenset() for kind in VERDICT_MOVES}}

    def __init__(self, lexicon_for: Callable[[str], Any]):
        super().__init__(lexicon_for)
        self._windows: dict[tuple[int, int], list[Window]] = {}
        self._fitting: dict[tuple[str, Options], list[str]] = {}
        self._indexes: dict[tuple[str, bool, str], tuple[list[str], dict[tuple[int, str], frozenset[str]]]] = {}

    # -- setup and queries ---------------------------------------------------------------------

    def start(self, options: Options, seed: Seed) -> State:
        empty = EMPTY * (options.rows * options.cols)
        return State(options, seed, (empty,) * options.players, (0,) * options.players,
                     (False,) * options.players, chooser=seed_index(seed, options.players, GAME_ID, "first-chooser"),
                     lost_turns=(0,) * options.players)

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """The four-letter words by letter and position, and the bots' everyday ones, while the
        new-game form is open."""
        parsed = cast(Options, Options.parse(options))  # parse builds this class; the base types it GameOptions
        lexicon = parsed.lexicon
        self.lexicon_for(lexicon).words_of_length(4)  # from the trie's nodes near its root: a slice of its own
        yield
        self._four_letter_index(parsed)
        yield
        yield from bots_warm_up(self.lexicon_for, lexicon, [4])

    def windows(self, options: Options) -> list[Window]:
        key = (options.rows, options.cols)
        if key not in self._windows:
            self._windows[key] = indexed_windows(options.rows, options.cols)
        return self._windows[key]

    def word_refusal(self, options: Options, word: str, check_dictionary: bool = True) -> str | None:
        if not allowed_shape(word):
            return "Choose a word of exactly four letters, A to Z (no apostrophes or hyphens)."
        if options.vowel_start and word[0] not in VOWELS:
            return f"In this game every word must start with a vowel; {word.upper()} does not."
        banned = sorted(set(word) & set(options.banned_letters))
        if banned:
            return f"The letter {banned[0].upper()} is banned in this game."
        if not check_dictionary:
            return None
        lexicon = self.lexicon_for(options.lexicon)
        if word not in lexicon:
            return f"{word.upper()} is not in the {lexicon.info.title} dictionary."
        return None

    def fitting_words(self, state: State, seat: int) -> list[str]:
        """Every allowed word that fits this seat's grid (what the chooser may name)."""
        return self.fitting_words_for(state.grid(seat), state.options)

    def fitting_words_for(self, grid: str, options: Options) -> list[str]:
        key = (grid, options)
        if key not in self._fitting:
            if len(self._fitting) > 5000:
                self._fitting.clear()
            self._fitting[key] = sorted(self._fitting_set(grid, options))
        return self._fitting[key]

    def fitting_count_for(self, grid: str, options: Options) -> int:
        """How many allowed words fit (the room a placement leaves): fitting_words_for unsorted."""
        cached = self._fitting.get((grid, options))
        return len(cached) if cached is not None else len(self._fitting_set(grid, options))

    def _fitting_set(self, grid: str, options: Options) -> set[str]:
        words, by_letter = self._four_letter_index(options)
        if grid.count(EMPTY) == len(grid):
            return set(words)
        candidates, seen = set[str](), set[tuple]()
        for _window, cells in self.windows(options):
            pattern = tuple(grid[i] for i in cells)
            fixed = [(i, ch) for i, ch in enumerate(pattern) if ch != EMPTY]
            if not 1 <= len(fixed) <= 3 or pattern in seen:
                continue
            seen.add(pattern)
            candidates |= frozenset.intersection(*(by_letter.get(key, frozenset()) for key in fixed))
        return candidates

    def _four_letter_index(self, options: Options) -> tuple[list[str], dict[tuple[int, str], frozenset[str]]]:
        """The dictionary's four-letter words that this game and these options allow (no
        apostrophes: a list with I'LL must not offer it; the restrictions of the variant), and
        for each (position, letter) the words with that letter there: a window's candidates are
        then one set intersection."""
        key = (options.lexicon, options.vowel_start, options.banned_letters)
        if key not in self._indexes:
            words = [w for w in self.lexicon_for(options.lexicon).words_of_length(4)
                     if allowed_shape(w) and self._restrictions_allow(options, w)]
            groups: dict[tuple[int, str], set[str]] = {}
            for word in words:
                for position, letter in enumerate(word):
                    groups.setdefault((position, letter), set()).add(word)
            self._indexes[key] = (words, {letter_at: frozenset(group) for letter_at, group in groups.items()})
        return self._indexes[key]

    @staticmethod
    def _restrictions_allow(options: Options, word: str) -> bool:
        return (not options.vowel_start or word[0] in VOWELS) and not set(word) & set(options.banned_letters)

    def placements_for(self, state: State, seat: int, word: str | None = None) -> list[Placement]:
        return placements(state.grid(seat), word or state.chosen(), self.windows(state.options))

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        if state.outcome:
            return []
        if state.word is None:
            return [state.chooser]
        if state.vetting:
            if state.challenger is not None:
                return [state.chooser]
            return [seat for seat in state.active() if seat != state.chooser and seat not in state.accepted]
        return [seat for seat in state.active() if seat not in state.responded]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.actors(state) or state.grids[seat] is None:
            return []  # (a grid on its owner's device: that device finds the moves)
        if state.word is None:
            return [{"type": "choose", "word": w} for w in self.fitting_words(state, seat)]
        if state.vetting:
            kinds = ("defend", "withdraw") if state.challenger is not None else ("accept", "challenge")
            return [{"type": kind} for kind in kinds]
        moves: list[Move] = [p.to_move() for p in self.placements_for(state, seat)]
        if not moves or seat != state.chooser:
            moves.extend(self.skip_moves(state, seat))
        return moves

    def skip_moves(self, state: State, seat: int) -> list[Move]:
        return skip_moves_for(state.grid(seat), state.options)

    def check_fields(self, kind: str, move: Move) -> None:
        check_fields(kind, move)

    def not_your_turn(self, state: State, seat: int) -> str:
        return ("It is not your turn." if state.word is None or seat in state.responded or state.out[seat]
                else "Wait for the word to be chosen.")

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        hidden = state.grids[seat] is None
        if kind in OWNER_MOVES and not hidden:
            raise IllegalMove("Write the word in your grid.")
        if kind in ("place", "xs") and hidden:
            raise IllegalMove("This grid is kept on its owner's device: the table takes only what the rules make public.")
        if state.word is None:
            if kind == "stuck":
                return self._stuck(state, seat)
            if kind != "choose":
                raise IllegalMove("Choose a word first.")
            return self._choose(state, seat, move["word"])
        if kind in ("choose", "stuck"):
            raise IllegalMove("The word has already been chosen.")
        if state.vetting:
            return self._verdict(state, seat, kind)
        if kind in VERDICT_MOVES:
            raise IllegalMove("The word is settled: write it in your grid.")
        if hidden:
            return self._public_response(state, seat, kind)
        grid, strikes, out = self.writing(state, seat, kind, move)
        return self._respond(state, seat, grid=grid, strikes=strikes, out=out)

    def writing(self, state: State, seat: int, kind: str, move: Move) -> tuple[str | None, int | None, bool]:
        """What a seat's place, xs or strike does to its own grid and strikes (the new grid or
        None, the strikes or None, whether it goes out); IllegalMove when the rules forbid it.
        The table runs it on grids it holds, a guest's device on its own."""
        if kind == "place":
            placement = Placement(move["row"], move["col"], move["dir"])
            if placement not in self.placements_for(state, seat):
                raise IllegalMove(self._placement_refusal(state, seat, placement))
            return self._write(state, seat, placement), None, False
        return self._skip(state, seat, kind, move)

    # -- moves ---------------------------------------------------------------------------------

    def _choose(self, state: State, seat: int, word: str) -> State:
        word = word.strip().lower()
        players_judge = state.options.judge == "players"
        reason = self.word_refusal(state.options, word, check_dictionary=not players_judge)
        if reason:
            raise IllegalMove(reason)
        if state.grids[seat] is not None and not self.placements_for(state, seat, word):
            raise IllegalMove(does_not_fit(state.grid(seat), word, self.windows(state.options)))
        state = replace(state, word=word)
        if players_judge:
            return replace(state, vetting=True, accepted=frozenset(), challenger=None)
        return self._stand(state)

    @staticmethod
    def _stand(state: State) -> State:
        """The word is settled: everyone writes it."""
        return replace(state, vetting=False, accepted=frozenset(), challenger=None, responded=frozenset(),
                       history=state.history + ((state.chooser, state.chosen()),))

    def _verdict(self, state: State, seat: int, kind: str) -> State:
        """"Players decide" mode: the others accept or challenge; a challenged chooser defends
        the word (the agreed dictionary is where its definition is looked up) or withdraws it."""
        if state.challenger is None:
            if kind == "accept":
                state = replace(state, accepted=state.accepted | {seat})
                return self._stand(state) if not self.actors(state) else state
            if kind == "challenge":
                return replace(state, challenger=seat)
            raise IllegalMove("Accept the word or challenge it.")
        word, chooser, challenger = state.chosen(), state.chooser, state.challenger
        if kind == "withdraw":
            return replace(state, word=None, vetting=False, challenger=None, accepted=frozenset(),
                           last_challenge=(word, chooser, challenger, "withdrawn"))
        if kind != "defend":
            raise IllegalMove("Defend your word or choose another one.")
        penalties = state.options.challenge_penalties
        if word in self.lexicon_for(state.options.lexicon):
            lost = list(state.lost_turns)
            lost[challenger] += penalties
            return self._stand(replace(state, lost_turns=tuple(lost), last_challenge=(word, chooser, challenger, "stood")))
        state = replace(state, word=None, vetting=False, challenger=None, accepted=frozenset(),
                        last_challenge=(word, chooser, challenger, "not found"))
        return self._next_turn(state) if penalties else state

    def _placement_refusal(self, state: State, seat: int, placement: Placement) -> str:
        options, grid = state.options, state.grid(seat)
        cells = placement.cells()
        if not all(0 <= r < options.rows and 0 <= c < options.cols for r, c in cells):
            return "The word must fit inside the grid."
        reused = 0
        for (r, c), letter in zip(cells, state.chosen()):
            cell = grid[r * options.cols + c]
            if cell not in (EMPTY, letter):
                return f"That would write {letter.upper()} over the {cell.upper()} already there."
            reused += cell == letter
        if reused == 4:
            return "The word must use at least one empty cell: it cannot reuse all four letters."
        return "Each word after your first must reuse one, two or three letters already in your grid."

    def _write(self, state: State, seat: int, placement: Placement) -> str:
        cells = list(state.grid(seat))
        for (r, c), letter in zip(placement.cells(), state.chosen()):
            cells[r * state.options.cols + c] = letter
        return "".join(cells)

    def _skip(self, state: State, seat: int, kind: str, move: Move) -> tuple[str | None, int | None, bool]:
        forced = not self.placements_for(state, seat)
        if not forced and seat == state.chooser:
            raise IllegalMove("You chose this word: write it in your grid.")
        options = state.options
        empty = [i for i, ch in enumerate(state.grid(seat)) if ch == EMPTY]
        if options.x_variant and kind == "strike":
            if len(empty) >= 3:
                raise IllegalMove("In the X variant you write three Xs instead of taking a strike.")
            return None, None, True
        if kind == "xs":
            if not options.x_variant:
                raise IllegalMove("Writing Xs is only allowed in the X variant.")
            cells = move["cells"]
            indexes = {r * options.cols + c for r, c in cells if 0 <= r < options.rows and 0 <= c < options.cols}
            if len(indexes) != 3 or len(cells) != 3 or not indexes <= set(empty):
                raise IllegalMove("Choose three different empty cells for your Xs.")
            grid = "".join("x" if i in indexes else ch for i, ch in enumerate(state.grid(seat)))
            return grid, None, False
        strikes = state.strikes[seat] + 1
        return None, strikes, strikes >= MAX_STRIKES

    def _public_response(self, state: State, seat: int, kind: str) -> State:
        """A hidden grid's answer to the word, as its owner's device says (each claim is checked
        against the grid shown at the end): written, three Xs, or a strike."""
        options = state.options
        if kind == "crossed" and not options.x_variant:
            raise IllegalMove("Writing Xs is only allowed in the X variant.")
        if kind == "strike":
            if options.x_variant:  # fewer than three empty cells: out
                return self._respond(state, seat, out=True)
            strikes = state.strikes[seat] + 1
            return self._respond(state, seat, strikes=strikes, out=strikes >= MAX_STRIKES)
        return self._respond(state, seat)

    def _stuck(self, state: State, seat: int) -> State:
        """A hidden grid's device says no allowed word fits it: the chooser is out (on a grid
        the table holds, _next_turn finds that by itself)."""
        outs = list(state.out)
        outs[seat] = True
        return self._next_turn(replace(state, out=tuple(outs), went_out=state.went_out + ((seat, len(state.history)),)))

    def _respond(self, state: State, seat: int, grid: str | None = None, strikes: int | None = None,
                 out: bool = False) -> State:
        grids, strike_counts, outs = list(state.grids), list(state.strikes), list(state.out)
        if grid is not None:
            grids[seat] = grid
        if strikes is not None:
            strike_counts[seat] = strikes
        went_out = state.went_out
        if out:
            outs[seat] = True
            went_out += ((seat, len(state.history)),)
        state = replace(state, grids=tuple(grids), strikes=tuple(strike_counts), out=tuple(outs),
                        responded=state.responded | {seat}, went_out=went_out)
        if self.actors(state):
            return state
        # The word is done: what happened to the last challenge is no longer news.
        return self._next_turn(replace(state, last_challenge=None))

    def _next_turn(self, state: State) -> State:
        """Everyone has written (or skipped) the word: the next active player chooses. A
        chooser who cannot name any fitting word is out, and the turn passes on."""
        state = replace(state, word=None, responded=frozenset())
        seat = state.chooser
        while True:
            finished = self._finished(state)
            if finished:
                return replace(state, outcome=finished)
            seat = next(s for s in [(seat + k) % state.options.players for k in range(1, state.options.players + 1)]
                        if not state.out[s])
            if state.lost_turns[seat]:  # a failed challenge costs this turn as chooser
                lost = list(state.lost_turns)
                lost[seat] -= 1
                state = replace(state, lost_turns=tuple(lost))
                continue
            # A hidden grid's device says for itself whether a word fits ("stuck").
            if state.grids[seat] is None or self.fitting_words(replace(state, chooser=seat), seat):
                return replace(state, chooser=seat)
            outs = list(state.out)
            outs[seat] = True
            state = replace(state, out=tuple(outs), went_out=state.went_out + ((seat, len(state.history)),))

    @staticmethod
    def _finished(state: State) -> Outcome | None:
        active = state.active()
        if len(active) == 1:
            return Outcome((active[0],), "the last player standing")
        if not active:
            last = max(turn for _seat, turn in state.went_out)
            return Outcome(tuple(sorted(s for s, turn in state.went_out if turn == last)),
                           "the last players went out together")
        return None

    def owned_part(self) -> OwnedPart:
        from wordtable.games.four_letter_words.owned import Grids  # the online adapter, beside the rules
        return Grids(self)

    def undo_barrier(self, before: State, after: State) -> bool:
        # Choosing or writing can be taken back while the word is still being written; the
        # move that finished the word settled strikes and handed the turn on.
        # A defended challenge is settled by the dictionary and cannot be taken back either.
        return (before.word is not None and after.word != before.word) or (
            before.challenger is not None and after.challenger is None)

    # -- what a player sees --------------------------------------------------------------------

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        options = state.options
        over = state.outcome is not None

        def rows(grid: str | None) -> list[str] | None:
            if grid is None:
                return None  # on its owner's device
            return [grid[r * options.cols:(r + 1) * options.cols] for r in range(options.rows)]

        view: dict[str, Any] = {
            "chooser": state.chooser, "word": state.word,
            "challenger": state.challenger, "accepted": sorted(state.accepted),
            "lost_turns": list(state.lost_turns),
            "last_challenge": None if state.last_challenge is None else dict(zip(
                ("word", "chooser", "challenger", "result"), state.last_challenge)),
            "strikes": list(state.strikes), "out": list(state.out),
            "history": [[s, w] for s, w in state.history],
        }
        if seat is not None and state.grids[seat] is not None:
            view["grid"] = rows(state.grids[seat])
            if state.word is not None and not state.vetting and seat in self.actors(state):
                # What this seat may do with the word: the UI highlights and offers exactly these.
                legal = self.placements_for(state, seat)
                view["placements"] = [[p.row, p.col, p.dir] for p in legal]
                view["may_skip"] = not legal or seat != state.chooser
                view["skip"] = self.skip_moves(state, seat)[0]["type"] if view["may_skip"] else None
                # Why not, when it goes nowhere: a grid with room may still have no place for it.
                view["no_place"] = None if legal else does_not_fit(state.grid(seat), state.word, self.windows(state.options))
        if over:  # every grid is revealed when the game ends (online, as each is shown)
            view["grids"] = [rows(g) for g in state.grids]
        return view

    def phase(self, state: State) -> str:
        if state.word is None:
            return "choose"
        if state.vetting:
            return "vet" if state.challenger is None else "defend"
        return "write"

    def epoch(self, state: State) -> list[Any]:
        """A move made for another word is stale: online, an accept sent for a word that was
        withdrawn meanwhile must not count for the word chosen next. Writing is not made
        stale by the others writing the same word."""
        return [len(state.history), state.word]

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        grid = None if seat is None else state.grids[seat]
        if grid is None or state.outcome or grid.count(EMPTY) == len(grid):
            return []
        cols = state.options.cols
        return [[grid[r * cols:(r + 1) * cols] for r in range(state.options.rows)]]

    def turns(self, state: State) -> int:
        return len(state.history)

    def reveal(self, state: State) -> dict[str, Any]:
        """Everything at this point of the game, for the replay once the game is over."""
        cols = state.options.cols
        return {"grids": [None if g is None else [g[r * cols:(r + 1) * cols] for r in range(state.options.rows)]
                          for g in state.grids],
                "strikes": list(state.strikes), "out": list(state.out), "word": state.word,
                "chooser": state.chooser}

    @staticmethod
    def move_text(before: State, move: Move) -> str:
        """The move's short text form, as in a written game record (before: the state it was
        played in, which names the word being written)."""
        kind = move["type"]
        if kind == "choose":
            return f"chose {move['word'].upper()}"
        if kind == "place":
            return f"wrote {(before.word or '').upper()} at {cell_name(move['row'], move['col'])} going {move['dir']}"
        if kind == "xs":
            return "wrote three Xs at " + ", ".join(cell_name(r, c) for r, c in move["cells"])
        if kind == "written":
            return f"wrote {(before.word or '').upper()} in their grid"
        if kind == "crossed":
            return "wrote three Xs in their grid"
        if kind == "stuck":
            return "could not name a word that fits their grid: out"
        if kind in VERDICT_MOVES:
            word = (before.word or "").upper()
            return {"accept": f"accepted {word}", "challenge": f"challenged {word}",
                    "defend": f"defended {word}", "withdraw": f"withdrew {word}"}[kind]
        return "took a strike"


def check_fields(kind: str, move: Move) -> None:
    """MalformedMove when a move's fields do not have their shape."""
    if kind == "choose":
        if not isinstance(move.get("word"), str) or len(move["word"]) > 40:
            raise MalformedMove("A choose move needs a word.")
    elif kind == "place":
        if not (is_int(move.get("row")) and is_int(move.get("col")) and isinstance(move.get("dir"), str)
                and move["dir"] in DIRECTIONS):
            raise MalformedMove("A place move needs row, col and dir (right, down, left or up).")
    elif kind in ("written", "crossed"):
        if not is_hex(move.get("commit"), 64):
            raise MalformedMove(f"A {kind} move needs the commitment to the grid (64 hex digits).")
    elif kind == "xs":
        cells = move.get("cells")
        if not (isinstance(cells, list) and len(cells) <= 3 and all(
                isinstance(c, list) and len(c) == 2 and all(is_int(v) for v in c) for c in cells)):
            raise MalformedMove("An xs move needs three [row, col] cells.")
