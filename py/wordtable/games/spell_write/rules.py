"""Spell Write (Q4ia): roll two dice, take a letter from the 6x6 letter grid, write it on your
4x4 play grid, score the words it makes.

Rules as implemented (seed 004; decisions marked DECISION are ours and written in the
how-to-play page too):
- Two dice for everyone each round. Each player picks the letter at (row, column) = (die 1,
  die 2) or (die 2, die 1). Doubles: take the single letter at (d, d), or re-roll: one die keeps
  d, the other is re-rolled once, the same re-roll for every player who chose it. DECISION: a
  re-roll that gives doubles again leaves only that single letter. Online (tables opened under
  online rules 2 or later), the re-roll is made once every player has chosen, as at a real
  table: nobody, the host's device included, holds it before their own choice. On one device it
  is fixed by the seed and shown to each re-roller at once (nobody else sees that screen).
- Each player has their own copy of the letter grid: a picked letter is crossed off there;
  picking a crossed-off letter again costs one point.
- The play grid is 4x4: two black squares, two highlighted squares, a bonus row and a bonus
  column, generated from the seed; by default every player has the same sheet. Writing in a
  highlighted square lets the player highlight a 2x2 block of the letter grid; from then on, a
  roll landing in a block may take any of its four letters (crossed-off ones at the usual cost).
- After writing, the player claims words: 2-4 letters in a straight line (left to right, right
  to left, top to bottom or bottom to top) with at least one link between its letters still
  unused. Scoring a word uses up its links, so shorter words go first: HE then HER both score
  in one turn, but HE cannot follow HER, and TAR and RAT on the same three letters count once
  (the same rule for later claims in friendly mode). One point per letter; one bonus point per turn at most when a scored
  word uses a square of the bonus row or column. Competitive mode: only words through the
  letter just written. Friendly mode: earlier missed words may be claimed too.
- A claimed word that is not in the dictionary scores nothing and costs a point. Once per game
  a player may look a word up while claiming it: if it is not a word, nothing is lost.
- Fourteen rounds (the 14 usable squares); highest score wins; ties share the win.
- DECISION: the other players' sheets are shown as they were at the start of the round, so
  choices stay hidden until everyone has chosen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeAlias, TypeGuard

from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Game, GameKind, Move, Outcome, is_int
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed, rng_for, table_rules, what_if_seed
from wordtable.lexicon.rules import WordRule
from wordtable.lexicon.vocabulary import vocabulary, warm_up as bots_warm_up

GAME_ID = "spell-write"
LETTERS = ("aeiouy", "bcdfgh", "jtkrlm", "nphqsr", "stvwxz", "aeiouy")
SIZE = 4
ROUNDS = 14
EMPTY, BLACK = ".", "#"
MODES = ("competitive", "friendly")

Cell = tuple[int, int]
Link = tuple[Cell, Cell]  # two neighbouring play-grid cells, in sorted order


@dataclass(frozen=True)
class Layout:
    black: tuple[Cell, ...]
    highlighted: tuple[Cell, ...]
    bonus_row: int
    bonus_col: int

    def to_json(self) -> dict[str, Any]:
        return {"black": [list(c) for c in self.black], "highlighted": [list(c) for c in self.highlighted],
                "bonus_row": self.bonus_row, "bonus_col": self.bonus_col}


def make_layout(seed: Seed, seat: int | None) -> Layout:
    """A sheet from the seed (seat None: the one sheet everyone shares)."""
    rng = rng_for(seed, "spell-write", "sheet", "shared" if seat is None else seat)
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    chosen = rng.sample(cells, 4)
    return Layout(tuple(sorted(chosen[:2])), tuple(sorted(chosen[2:])), rng.randrange(SIZE), rng.randrange(SIZE))


def roll(seed: Seed, round_number: int) -> tuple[int, int]:
    rng = rng_for(seed, "spell-write", "dice", round_number)
    return rng.randint(1, 6), rng.randint(1, 6)


def reroll(seed: Seed, round_number: int) -> int:
    return rng_for(seed, "spell-write", "reroll", round_number).randint(1, 6)


def link(a: Cell, b: Cell) -> Link:
    return (a, b) if a <= b else (b, a)


def links_of(cells: list[Cell] | tuple[Cell, ...]) -> list[Link]:
    return [link(a, b) for a, b in zip(cells, cells[1:])]


def block_cells(top_left: Cell) -> list[Cell]:
    r, c = top_left
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


@dataclass(frozen=True)
class Entry:
    """One line of the scoring table."""
    round: int
    text: str
    points: int


@dataclass(frozen=True)
class Sheet:
    layout: Layout
    grid: str                               # 16 characters: letters, EMPTY, BLACK
    crossed: frozenset[Cell] = frozenset()  # letter-grid cells crossed off
    blocks: tuple[Cell, ...] = ()           # top-left corners of highlighted 2x2 blocks
    used: frozenset[Link] = frozenset()
    scored: tuple[tuple[Cell, ...], ...] = ()
    table: tuple[Entry, ...] = ()
    lookup_used: bool = False

    @property
    def score(self) -> int:
        return sum(entry.points for entry in self.table)

    def at(self, cell: Cell) -> str:
        return self.grid[cell[0] * SIZE + cell[1]]


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Spell Write"
    players: int = option(1, "Players", minimum=1, maximum=8)
    lexicon: str = option("standard", "Dictionary", kind="lexicon")
    mode: str = option("competitive", "Mode", choices=MODES)
    shared_sheet: bool = option(True, "Everyone plays on the same sheet")


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    sheets: tuple[Sheet, ...]
    round: int = 1
    rerolling: frozenset[int] = frozenset()     # seats that chose to re-roll this round's doubles
    taking: frozenset[int] = frozenset()        # seats that took the doubles' single letter
    done: frozenset[int] = frozenset()          # seats that wrote their letter this round
    round_start: tuple[Sheet, ...] = ()         # what the others see until the round ends
    outcome: Outcome | None = None
    last_turn: tuple[tuple[str, ...], ...] = field(default=())  # per seat: what happened in its last turn


class SpellWrite(Game):
    id = GAME_ID
    title = "Spell Write"
    blurb = ("Roll two dice, pick a letter from the grid and write it on your sheet. Score every word "
             "you spell across and down.")
    minutes = 15
    kind = GameKind(chance=True, hidden="seats", complete_moves=False)  # dice; a sheet until the round ends
    host_sees = ("holds every player's sheet as they write (the others see it when the round ends): the host "
                 "could read it with the browser's developer tools. The dice are rolled together with every "
                 "player's device, so nobody, the host included, can know or choose a roll before it is made.")
    Options: TypeAlias = Options  # the class, so that methods can annotate with it
    word_rule = WordRule("a-z", 2, 4, "words of two to four letters score.")
    move_fields = {"doubles": frozenset({"choice"}), "write": frozenset({"pick", "at", "words", "block"})}
    questions = ("candidates", "missed", "hard-bot")

    # -- setup ---------------------------------------------------------------------------------

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """The bots' everyday words of two to four letters, while the new-game form is open."""
        yield from bots_warm_up(self.lexicon_for, Options.parse(options).lexicon, [2, 3, 4])

    def start(self, parsed: Options, seed: Seed) -> State:
        sheets = []
        for seat in range(parsed.players):
            layout = make_layout(seed, None if parsed.shared_sheet else seat)
            grid = "".join(BLACK if (r, c) in layout.black else EMPTY for r in range(SIZE) for c in range(SIZE))
            sheets.append(Sheet(layout, grid))
        sheets_tuple = tuple(sheets)
        return State(parsed, seed, sheets_tuple, round_start=sheets_tuple, last_turn=((),) * parsed.players)

    def dice(self, state: State) -> tuple[int, int]:
        return roll(state.seed, state.round)

    def choices(self, state: State, seat: int) -> list[Cell]:
        """The letter-grid cells this seat's roll points at (0-based), before 2x2 blocks."""
        d1, d2 = self.dice(state)
        if d1 == d2:
            if self.reroll_waits(state, seat):
                return []
            if seat in state.rerolling:
                d2 = reroll(state.seed, state.round)
            elif seat not in state.taking:
                return []
        return sorted({(d1 - 1, d2 - 1), (d2 - 1, d1 - 1)})

    def reroll_waits(self, state: State, seat: int) -> bool:
        """A re-roller whose die is not rolled yet: online, the re-roll is drawn once every
        player has chosen (before, the host's device would hold it while the host still chose)."""
        if seat not in state.rerolling or table_rules(state.seed) < 2:
            return False
        return any(other not in state.rerolling and other not in state.taking for other in range(state.options.players))

    def pickable(self, sheet: Sheet, choices: list[Cell]) -> list[Cell]:
        """Every letter-grid cell the seat may take: the roll's cells and, for a roll landing in
        a highlighted block, the block's other letters."""
        cells = set(choices)
        for corner in sheet.blocks:
            block = block_cells(corner)
            if any(choice in block for choice in choices):
                cells.update(block)
        return sorted(cells)

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        if state.outcome:
            return []
        return [seat for seat in range(state.options.players)
                if seat not in state.done and not self.reroll_waits(state, seat)]

    def needs_doubles_choice(self, state: State, seat: int) -> bool:
        d1, d2 = self.dice(state)
        return d1 == d2 and seat not in state.rerolling and seat not in state.taking

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Representative: the doubles choice, or each letter in each square (no claims)."""
        if seat not in self.actors(state):
            return []
        if self.needs_doubles_choice(state, seat):
            return [{"type": "doubles", "choice": "take"}, {"type": "doubles", "choice": "reroll"}]
        sheet = state.sheets[seat]
        empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if sheet.at((r, c)) == EMPTY]
        return [{"type": "write", "pick": list(pick), "at": list(at), "words": []}
                for pick in self.pickable(sheet, self.choices(state, seat)) for at in empty]

    def check_fields(self, kind: str, move: Move) -> None:
        check_fields(kind, move)

    def not_your_turn(self, state: State, seat: int) -> str:
        if self.reroll_waits(state, seat):
            return "Your die is re-rolled once every player has chosen: wait for the others."
        return "You have written your letter this round: wait for the others."

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        if kind == "doubles":
            if not self.needs_doubles_choice(state, seat):
                raise IllegalMove("There is no doubles choice to make now.")
            group = "rerolling" if move["choice"] == "reroll" else "taking"
            return replace(state, **{group: getattr(state, group) | {seat}})
        if self.needs_doubles_choice(state, seat):
            raise IllegalMove("Doubles: first take the single letter or re-roll one die.")
        sheet, notes = self._write(state, seat, move)
        sheets = list(state.sheets)
        sheets[seat] = sheet
        last = list(state.last_turn)
        last[seat] = notes
        state = replace(state, sheets=tuple(sheets), done=state.done | {seat}, last_turn=tuple(last))
        return self._next_round(state) if not self.actors(state) else state

    def _write(self, state: State, seat: int, move: Move) -> tuple[Sheet, tuple[str, ...]]:
        sheet = state.sheets[seat]
        pick, at = tuple(move["pick"]), tuple(move["at"])
        if not (0 <= pick[0] < 6 and 0 <= pick[1] < 6):
            raise IllegalMove("That is not a square of the letter grid.")
        if pick not in self.pickable(sheet, self.choices(state, seat)):
            raise IllegalMove("The dice do not point at that letter.")
        if not (0 <= at[0] < SIZE and 0 <= at[1] < SIZE):
            raise IllegalMove("Write the letter in a square of your 4×4 play grid.")
        if sheet.at(at) != EMPTY:
            raise IllegalMove("Black squares cannot be used." if sheet.at(at) == BLACK
                              else "Write the letter in an empty square of your play grid.")
        letter = LETTERS[pick[0]][pick[1]]
        round_number = state.round
        table = list(sheet.table)
        notes = [f"wrote {letter.upper()}"]
        if pick in sheet.crossed:
            table.append(Entry(round_number, f"{letter.upper()} was already crossed off", -1))
            notes.append("took a crossed-off letter: −1")
        index = at[0] * SIZE + at[1]
        grid = sheet.grid[:index] + letter + sheet.grid[index + 1:]
        blocks = sheet.blocks
        if move.get("block") is not None:
            if at not in sheet.layout.highlighted:
                raise IllegalMove("Only writing in a highlighted square lets you highlight letters.")
            corner = tuple(move["block"])
            if not (0 <= corner[0] <= 4 and 0 <= corner[1] <= 4):
                raise IllegalMove("Choose a 2×2 block inside the letter grid.")
            blocks = blocks + (corner,)
        sheet = replace(sheet, grid=grid, crossed=sheet.crossed | {pick}, blocks=blocks, table=tuple(table))
        sheet, word_notes = self._claims(state, sheet, at, move.get("words", []), round_number)
        return sheet, tuple(notes + word_notes)

    def segment_refusal(self, sheet: Sheet, cells: list[Cell], written: Cell | None, mode: str) -> str | None:
        """Why these cells cannot be claimed as a word now; None when they can."""
        if not 2 <= len(cells) <= 4:
            return "A word has 2 to 4 letters."
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:])}
        if len(steps) != 1 or steps.pop() not in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            return "A word reads in a straight line of neighbouring squares, across or down, either way."
        if not all(0 <= r < SIZE and 0 <= c < SIZE and sheet.at((r, c)) not in (EMPTY, BLACK) for r, c in cells):
            return "Every square of a word must hold a letter."
        if mode == "competitive" and written not in cells:
            return "In competitive mode only words through the letter you just wrote score."
        # A word scores while at least one link between its letters is still open: HE then HER
        # both score (shorter first, as the rules advise); HE after HER, or RAT after TAR, not.
        if all(each in sheet.used for each in links_of(cells)):
            return "Those letters are already linked by a scored word."
        return None

    def _claims(self, state: State, sheet: Sheet, written: Cell, claims: list, round_number: int) -> tuple[Sheet, list[str]]:
        lexicon = self.lexicon_for(state.options.lexicon)
        layout = sheet.layout
        table, used, scored, notes = list(sheet.table), set(sheet.used), list(sheet.scored), []
        lookup_used, bonus_earned = sheet.lookup_used, False
        if len({tuple(map(tuple, claim["cells"])) for claim in claims}) != len(claims):
            raise IllegalMove("Each line can be claimed once per turn.")
        for claim in claims:
            cells = [tuple(cell) for cell in claim["cells"]]
            reason = self.segment_refusal(replace(sheet, used=frozenset(used)), cells, written, state.options.mode)
            if reason:
                raise IllegalMove(reason)
            word = "".join(sheet.at(cell) for cell in cells)
            if claim.get("lookup"):
                if lookup_used:
                    raise IllegalMove("You have already used your one look-up this game.")
                lookup_used = True
            if word not in lexicon:
                if claim.get("lookup"):
                    # Said on the sheet too: the look-up is spent, though nothing is lost.
                    looked_up = f"{word.upper()} is not in the dictionary: not scored; your look-up is used"
                    table.append(Entry(round_number, looked_up, 0))
                    notes.append(looked_up)
                else:
                    table.append(Entry(round_number, f"{word.upper()} is not a word", -1))
                    notes.append(f"{word.upper()} is not a word: −1")
                continue
            used.update(links_of(cells))
            scored.append(tuple(cells))
            table.append(Entry(round_number, word.upper(), len(word)))
            notes.append(f"scored {word.upper()}: +{len(word)}")
            if not bonus_earned and any(r == layout.bonus_row or c == layout.bonus_col for r, c in cells):
                bonus_earned = True
                table.append(Entry(round_number, "bonus square", 1))
                notes.append("bonus: +1")
        return replace(sheet, used=frozenset(used), scored=tuple(scored), table=tuple(table),
                       lookup_used=lookup_used), notes

    def _next_round(self, state: State) -> State:
        if state.round >= ROUNDS:
            best = max(sheet.score for sheet in state.sheets)
            winners = tuple(seat for seat, sheet in enumerate(state.sheets) if sheet.score == best)
            return replace(state, outcome=Outcome(winners, "the highest score"), round_start=state.sheets)
        return replace(state, round=state.round + 1, rerolling=frozenset(), taking=frozenset(), done=frozenset(),
                       round_start=state.sheets)

    def undo_barrier(self, before: State, after: State) -> bool:
        # A re-roll reveals a die; a finished round reveals everyone's choices.
        rolled = any(self.reroll_waits(before, seat) and not self.reroll_waits(after, seat) for seat in after.rerolling)
        return bool(after.rerolling - before.rerolling) or rolled or after.round != before.round or after.outcome is not None

    # -- what a player sees --------------------------------------------------------------------

    def candidates(self, sheet: Sheet, written: Cell | None, mode: str) -> list[list[Cell]]:
        """Every line of 2-4 letters that could be claimed now, in both reading directions
        (through the letter just written in competitive mode). Validity is not revealed."""
        # Walked from each letter, a line ending at the edge or at a square without a letter,
        # so segment_refusal judges only lines of letters (asked of all 1,200 segments, it was
        # a bot's slowest step).
        found = []
        for r in range(SIZE):
            for c in range(SIZE):
                if sheet.at((r, c)) in (EMPTY, BLACK):
                    continue
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    cells = [(r, c)]
                    for i in range(1, 4):
                        cell = (r + dr * i, c + dc * i)
                        if not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE) or sheet.at(cell) in (EMPTY, BLACK):
                            break
                        cells = [*cells, cell]
                        if self.segment_refusal(sheet, cells, written, mode) is None:
                            found.append(cells)
        return found

    def answer(self, state: State, seat: int | None, question: str, args: dict[str, Any]) -> Any:
        """Questions the page asks while a player decides (game.ask):
        candidates — the lines a letter written at a square lets the player claim (texts only,
        whether they are words is not revealed); after the game, missed — real words left in
        the grid unscored, and hard-bot — what a hard bot scored with the same rolls."""
        if seat is None:
            raise IllegalMove("Only a player can ask about their own sheet.")
        if question == "candidates":
            sheet, pick, at = state.sheets[seat], args.get("pick"), args.get("at")
            if not (_cell(pick) and _cell(at)) or not (0 <= pick[0] < 6 and 0 <= pick[1] < 6):
                raise IllegalMove("candidates needs pick and at")
            if not (0 <= at[0] < SIZE and 0 <= at[1] < SIZE) or sheet.at((at[0], at[1])) != EMPTY:
                return []
            index = at[0] * SIZE + at[1]
            written = replace(sheet, grid=sheet.grid[:index] + LETTERS[pick[0]][pick[1]] + sheet.grid[index + 1:])
            return [{"cells": [list(c) for c in cells], "text": "".join(written.at(c) for c in cells).upper()}
                    for cells in self.candidates(written, (at[0], at[1]), state.options.mode)]
        if state.outcome is None:
            raise IllegalMove("That question is answered once the game is over.")
        if question == "missed":
            lexicon = self.lexicon_for(state.options.lexicon)
            sheet = state.sheets[seat]
            words = {"".join(sheet.at(c) for c in cells) for cells in self.candidates(sheet, None, "friendly")}
            # Words the app names are words it proposes: never one of the never-propose list,
            # the longest first and, as long, the commonest.
            named = vocabulary(self.lexicon_for, state.options.lexicon)
            shown = sorted((w for w in words if w in lexicon and not named.blocked(w)),
                           key=lambda w: (-len(w), named.level(w), w))
            return [w.upper() for w in shown[:12]]
        if question == "hard-bot":
            from wordtable.engine.bots import play
            from wordtable.games.spell_write.bots import BOTS
            options = {**state.options.to_json(), "players": 1}
            # engine.bots.play is typed for a numbered seed, but replays under any Seed: online, a shared one.
            return play(self, [BOTS["hard"]], options, what_if_seed(state.seed)).state.sheets[0].score  # type: ignore[arg-type]
        raise IllegalMove(f"Spell Write has no question {question[:40]!r}.")

    def phase(self, state: State) -> str:
        return "play"

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        over = state.outcome is not None
        d1, d2 = self.dice(state)

        sheets = []
        for other in range(state.options.players):
            mine = other == seat
            shown = state.sheets[other] if mine or over else state.round_start[other]
            sheets.append(sheet_json(shown))
        view: dict[str, Any] = {
            "letters": list(LETTERS), "round": state.round, "rounds": ROUNDS, "dice": [d1, d2], "sheets": sheets,
        }
        if seat is not None and not over:
            view["doubles_choice"] = self.needs_doubles_choice(state, seat)
            waits = self.reroll_waits(state, seat)
            view["reroll_waits"] = waits
            view["rerolled"] = reroll(state.seed, state.round) if seat in state.rerolling and not waits else None
            view["choices"] = [list(c) for c in self.choices(state, seat)]
            view["pickable"] = [list(c) for c in self.pickable(state.sheets[seat], self.choices(state, seat))]
            view["done"] = seat in state.done
            view["last_turn"] = list(state.last_turn[seat])
        return view

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """A sheet written this round stays hidden from the others until the round ends."""
        if seat is None or state.outcome or state.sheets[seat].grid == state.round_start[seat].grid:
            return []
        now, before = sheet_json(state.sheets[seat]), sheet_json(state.round_start[seat])
        # (not "crossed": the roll's two cells, which everyone knows, can read the same)
        return [now[part] for part in ("grid", "table") if now[part] != before[part]]

    def turns(self, state: State) -> int:
        return state.round

    def luck(self, state: State) -> dict[str, Any]:
        """The dice of this round and the rounds to come, and their re-rolls (a numbered seed
        only: online each roll is drawn when it happens)."""
        if table_rules(state.seed):
            return {}
        rounds = range(state.round, ROUNDS + 1)
        return {"rolls": [list(roll(state.seed, r)) for r in rounds], "rerolls": [reroll(state.seed, r) for r in rounds]}

    def reveal(self, state: State) -> dict[str, Any]:
        """Everything, with what each player's last turn scored (the replay says it of every
        player, bots too)."""
        return {**self.view(state, None), "sheets": [self.view(state, s)["sheets"][s] for s in range(state.options.players)],
                "last_turn": [list(notes) for notes in state.last_turn]}

    def made_move(self, before: State, seat: int, move: Move) -> dict[str, Any] | None:
        """A letter written: shown on its square as written, before the next roll is drawn."""
        if move.get("type") != "write":
            return None
        r, c = move["pick"]
        return {"at": list(move["at"]), "letter": LETTERS[r][c]}

    @staticmethod
    def move_text(before: State, move: Move) -> str:
        if move["type"] == "doubles":
            return "re-rolled a die" if move["choice"] == "reroll" else "took the doubles letter"
        r, c = move["pick"]
        return f"wrote {LETTERS[r][c].upper()} at {chr(65 + move['at'][1])}{move['at'][0] + 1}"


def _cell(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    return {"layout": sheet.layout.to_json(), "grid": [sheet.grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "crossed": [list(c) for c in sorted(sheet.crossed)], "blocks": [list(c) for c in sheet.blocks],
            "used": [[list(a), list(b)] for a, b in sorted(sheet.used)],
            "scored": [[list(c) for c in cells] for cells in sheet.scored],
            "table": [{"round": e.round, "text": e.text, "points": e.points} for e in sheet.table],
            "score": sheet.score, "lookup_used": sheet.lookup_used}


def sheet_from_json(data: dict[str, Any]) -> Sheet:
    """A sheet as a view shows it (what a bot reads of its own sheet)."""
    cells = lambda values: tuple(tuple(c) for c in values)  # noqa: E731
    layout = data["layout"]
    return Sheet(Layout(cells(layout["black"]), cells(layout["highlighted"]), layout["bonus_row"], layout["bonus_col"]),
                 "".join(data["grid"]), frozenset(cells(data["crossed"])), cells(data["blocks"]),
                 frozenset((tuple(a), tuple(b)) for a, b in data["used"]), tuple(cells(c) for c in data["scored"]),
                 tuple(Entry(e["round"], e["text"], e["points"]) for e in data["table"]), data["lookup_used"])


def check_fields(kind: str, move: Move) -> None:
    """MalformedMove when a move's fields do not have their shape."""
    if kind == "doubles":
        if move.get("choice") not in ("take", "reroll"):
            raise MalformedMove("A doubles move chooses take or reroll.")
        return
    if not (_cell(move.get("pick")) and _cell(move.get("at"))):
        raise MalformedMove("A write move needs pick and at as [row, col].")
    if move.get("block") is not None and not _cell(move["block"]):
        raise MalformedMove("block must be [row, col].")
    words = move.get("words", [])
    if not (isinstance(words, list) and len(words) <= 40 and all(
            isinstance(w, dict) and set(w) <= {"cells", "lookup"} and isinstance(w.get("cells"), list)
            and len(w["cells"]) <= 4 and all(_cell(c) for c in w["cells"])
            and isinstance(w.get("lookup", False), bool) for w in words)):
        raise MalformedMove("words must be a list of {cells: [[row, col], ...], lookup?: true}.")
