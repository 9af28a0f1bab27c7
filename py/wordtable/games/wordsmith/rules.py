"""Wordsmith (HeidelBÄR Games, 2019): build letters from pieces, and race to six words.

Rules as implemented (seed 001; the alphabet is in wordsmith_alphabet.py; decisions marked
DECISION are ours, and the how-to-play page says them too):
- The box holds 40 red, 40 yellow, 20 blue and 20 green pieces. A die has 2 red, 2 yellow, a
  blue star and a green star face; a star is wild (take any piece). A rolled kind that is sold
  out becomes a free choice too.
- A challenge starts with the four dice rolled twice; everyone takes the same 8 pieces.
  DECISION: at setup a star gives a piece of its own colour (the rules' example pool, 3 red,
  2 yellow, 1 blue and 2 green, needs that), and the setup is rolled again in the rare case the
  box cannot give every player the same 8 pieces.
- Play is simultaneous. Anyone may roll their own die at any time to add a piece; a star (or a
  sold-out kind) lets them choose the piece, which they do before rolling again or claiming.
- Claiming a word: its letters are built from the pool (hyphen and apostrophe count as
  letters); it is in the agreed dictionary; it brings a new letter compared with the player's
  previous word of this challenge (DECISION in has_new_letter_after: letters count with their
  repeats, so LOO after LO stands and GAB after BAG is refused); nobody claimed it yet this
  challenge. The word's pieces stay in the pool for the next word; the leftover pieces go back
  to the box, each ticking a discard box. A sheet has 12 boxes: 6 free, then 6 blue ones worth a bonus point
  each while unticked. DECISION: a claim may leave at most as many pieces over as boxes are
  left, so once all 12 are ticked every word uses every piece.
- The first to claim a sixth word calls "Done!": the others may claim one more word without
  adding pieces (a star chosen before "Done!" may still be taken), or stop. DECISION: they have
  DONE_CLOCK_S seconds for it (a table online must not wait forever). A challenge also ends when
  no player can find another word: the app knows, counting every word still possible with the
  pieces the box could add. A player may also stop for the rest of a challenge.
- Score of a challenge: the letters of its claimed words plus the bonus points. Three
  challenges (fewer if chosen); most points wins; a tie shares the win.
- Secret Wordsmith: words are not checked while the challenge lasts (the pool must still build
  them) and other players' words stay hidden; at its end every sheet is checked and invalid
  words score 0. The same word may be on several sheets.
- Word by Word comes in two readings (option word_by_word), since the printed variants page is
  laid out in columns and its sentences can be grouped two ways:
  - "plain" follows the Word by Word paragraph alone: "Players claim and score words one at a
    time. After claiming a word, a player waits for everyone else to claim their words. Solo
    players just move on to the next word." DECISION: everything else is the basic game, as
    the paragraph changes nothing else: own die, rolled at any time, and "Done!" (it comes on
    the sixth word, everyone's last in step).
  - "dice", Word by Word, advanced (3 dice a word), also follows the sentences printed under
    the Advanced game's headings: before each word one roll of 3 dice for everyone (rolled
    again when it shows only stars); everyone adds the red and yellow pieces rolled; each star
    is a circle on the row, spent on any piece when claiming; no other rolling. Everyone
    claims a word (or passes) before the next roll; unspent circles tick discard boxes when
    claiming; "The challenge ends when all players have claimed six words" (no "Done!").
    DECISION: a piece the box has run out of becomes a circle; a player who passes keeps
    their circles for the next roll. Saves made before the plain reading existed say
    word_by_word: true for this game, and load as it.
- Advanced: six required letters per challenge, from a six-letter dictionary word or six
  random letters (drawn by English letter frequency); a claimed word may go on any empty row
  and must contain that row's letter.
- Mixed levels: up to 6 white boxes crossed out on a player's sheet at each challenge.
- Solo: one player, the same rules; the page keeps the best scores per variant.
- DECISION: a word has at least MIN_LETTERS letters (A and I are words of every list, and six of them would need no roll).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, TypeAlias, cast

from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Deadline, Game, GameKind, Move, Outcome, is_int
from wordtable.engine.options import GameOptions
from wordtable.engine.rng import Seed, rng_for, table_rules
from wordtable.games.wordsmith.alphabet import ALPHABET, KINDS, Pieces, pieces_of
from wordtable.games.wordsmith.state import (
    BOX,
    BOXES,
    DIE,
    DONE_CLOCK_S,
    FREE_BOXES,
    GAME_ID,
    LETTER_WEIGHTS,
    MIN_LETTERS,
    NONE,
    ROWS,
    SETUP_ROLLS,
    STUCK,
    WORD_BY_WORD_DICE,
    ChallengeResult,
    Options,
    Player,
    SheetRow,
    State,
    add,
    fitting_groups,
    has_new_letter_after,
    minus,
    next_word_needs,
    one,
    pieces_json,
    result_json,
    spend,
    totals_of,
    word_groups_build,
)
from wordtable.lexicon.rules import WordRule
from wordtable.lexicon.vocabulary import warm_up as bots_warm_up


class Wordsmith(Game):
    id = GAME_ID
    title = "Wordsmith"
    blurb = ("Build letters from straight and curved pieces, then words from your letters: first to "
             "six words calls “Done!”.")
    minutes = 25
    kind = GameKind(chance=True, hidden="seats", complete_moves=False, realtime=True, by_link="some")  # dice; Secret Wordsmith's words
    host_sees = ("rolls the dice together with every player's device, so nobody, the host included, can know "
                 "or choose a roll before it is made; in Secret Wordsmith the host could read everyone's words "
                 "before the challenge ends with the browser's developer tools.")
    Options: TypeAlias = Options  # the class, so that methods can annotate with it
    word_rule = WordRule("a-z'\\-", MIN_LETTERS, None, "a word has at least two letters, hyphens and apostrophes counting.")
    move_fields = {"roll": frozenset(), "take": frozenset({"piece"}), "claim": frozenset({"word", "row"}),
                   "pass": frozenset(), "stop": frozenset(), "time-up": frozenset()}
    clock_moves = frozenset({"time-up"})

    def __init__(self, lexicon_for: Callable[[str], Any]):
        super().__init__(lexicon_for)
        self._possible: dict[tuple, bool] = {}
        self._six_letters: dict[int, tuple[Any, list[str]]] = {}

    # -- the dictionary ------------------------------------------------------------------------

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """Groups the dictionary's words by the pieces they take, in the order searches want
        them (about 0.4 s in the browser, run a slice at a time), and builds the bots' everyday
        words, while the new-game form is open."""
        name = Options.parse(options).lexicon
        yield from word_groups_build(self.lexicon_for(name)).steps()
        yield from bots_warm_up(self.lexicon_for, name)

    # -- setup ---------------------------------------------------------------------------------

    def start(self, options: Options, seed: Seed) -> State:
        return self._new_challenge(options, seed, 1, ())

    def _new_challenge(self, options: Options, seed: Seed, number: int, results: tuple) -> State:
        rng = rng_for(seed, GAME_ID, "setup", number)
        while True:
            faces = tuple(rng.choice(DIE) for _ in range(4 * SETUP_ROLLS))
            pool = NONE
            for face in faces:
                pool = add(pool, one(KINDS.index(face.removesuffix("-star"))))
            if all(options.players * n <= box for n, box in zip(pool, BOX)):
                break
        supply = minus(BOX, tuple(options.players * n for n in pool))  # type: ignore[arg-type]
        players = tuple(Player(pool, crossed=options.crossed_for(seat)) for seat in range(options.players))
        state = State(options, seed, number, players, supply, required=self._required(options, seed, number),
                      setup=faces, results=results)
        return self._next_word(state) if options.in_step else state

    def _required(self, options: Options, seed: Seed, number: int) -> str:
        if not options.advanced:
            return ""
        rng = rng_for(seed, GAME_ID, "required", number)
        if options.required_from == "random":
            letters, weights = zip(*LETTER_WEIGHTS.items())
            return "".join(rng.choices(letters, weights, k=ROWS))
        words = self._plain_words(options.lexicon)
        return rng.choice(words) if words else "".join(rng.choices("etaoinshrdlu", k=ROWS))

    def _plain_words(self, lexicon_name: str) -> list[str]:
        """The dictionary's six-letter words of letters only, in order (for required letters)."""
        lexicon = self.lexicon_for(lexicon_name)
        cached = self._six_letters.get(id(lexicon))
        if cached is None or cached[0] is not lexicon:
            words = sorted(w for w in lexicon.words_of_length(ROWS) if w.isascii() and w.isalpha())
            cached = self._six_letters[id(lexicon)] = (lexicon, words)
        return cached[1]

    def _next_word(self, state: State) -> State:
        """Word by Word: everyone goes on to the next word (with dice: after the table's roll)."""
        if state.options.dice_per_word:
            return self._roll_for_everyone(state)
        players = tuple(replace(p, waiting=False, word_rolls=0) for p in state.players)
        return replace(state, players=players, word_round=state.word_round + 1)

    def _roll_for_everyone(self, state: State) -> State:
        """Word by Word: three dice for everyone (again while they show only stars)."""
        rng = rng_for(state.seed, GAME_ID, "word", state.challenge, state.word_round)
        faces = tuple(rng.choice(DIE) for _ in range(WORD_BY_WORD_DICE))
        while all(face.endswith("star") for face in faces):
            faces = tuple(rng.choice(DIE) for _ in range(WORD_BY_WORD_DICE))
        supply, players = state.supply, []
        for player in state.players:
            if player.finished:
                players.append(player)
                continue
            pool, circles = player.pool, player.circles
            for face in faces:
                kind = KINDS.index(face.removesuffix("-star"))
                if face.endswith("star") or supply[kind] == 0:
                    circles += 1
                else:
                    pool, supply = add(pool, one(kind)), minus(supply, one(kind))
            players.append(replace(player, pool=pool, circles=circles, waiting=False))
        return replace(state, players=tuple(players), supply=supply, last_roll=faces, word_round=state.word_round + 1)

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        if state.outcome:
            return []
        return [seat for seat, p in enumerate(state.players) if not p.finished and not p.waiting]

    def not_your_turn(self, state: State, seat: int) -> str:
        player = state.players[seat]
        if player.waiting:
            then = "the dice are rolled again" if state.options.dice_per_word else "everyone goes on to the next word"
            return f"Wait for the others to claim their word: then {then}."
        return f"You are done for this challenge ({player.finished})."

    def check_fields(self, kind: str, move: Move) -> None:
        if kind == "take" and move.get("piece") not in KINDS:
            raise MalformedMove("Say which piece to take: red, yellow, blue or green.")
        if kind == "claim":
            if not isinstance(move.get("word"), str):
                raise MalformedMove("A claim needs a word.")
            if len(move["word"]) > 40:
                raise MalformedMove("That word is too long: no word here has more than 40 letters.")
            if "row" in move and not (is_int(move["row"]) and 0 <= move["row"] < ROWS):
                raise MalformedMove(f"A row is a number from 0 to {ROWS - 1}.")

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        if kind == "roll":
            state = self._roll(state, seat)
        elif kind == "take":
            state = self._take(state, seat, KINDS.index(move["piece"]))
        elif kind == "claim":
            state = self._claim(state, seat, move["word"].strip().lower(), move.get("row"))
        elif kind == "pass":
            state = self._pass(state, seat)
        elif kind == "stop":
            state = self._set(state, seat, finished="stopped")
        else:  # time-up: the clock after "Done!" ran out
            if state.done_by is None:
                raise IllegalMove("No clock is running.")
            return self._end_challenge(state, "time for the last words ran out")
        return self._settle(state)

    def _set(self, state: State, seat: int, **changes: Any) -> State:
        players = list(state.players)
        players[seat] = replace(players[seat], **changes)
        return replace(state, players=tuple(players))

    def luck(self, state: State) -> dict[str, Any]:
        """What each player's next roll of their own die will show (a numbered seed only:
        online each roll is drawn when it happens)."""
        if table_rules(state.seed):
            return {}
        return {"next_roll": [rng_for(state.seed, GAME_ID, "roll", state.challenge, seat, player.rolls).choice(DIE)
                              for seat, player in enumerate(state.players)]}

    def _roll(self, state: State, seat: int) -> State:
        player = state.players[seat]
        if state.options.dice_per_word:
            raise IllegalMove("In Word by Word with three dice a word nobody rolls their own die: "
                              "the table rolls before each word.")
        if state.done_by is not None:
            raise IllegalMove("After “Done!” no more pieces may be added: claim a word from your pool, or stop.")
        if player.picks:
            raise IllegalMove("Choose the piece your last roll gave you first.")
        if sum(state.supply) == 0:
            raise IllegalMove("The box is empty: there are no pieces left to roll for.")
        face = rng_for(state.seed, GAME_ID, "roll", state.challenge, seat, player.rolls).choice(DIE)
        kind = KINDS.index(face.removesuffix("-star"))
        rolled = {"rolls": player.rolls + 1, "word_rolls": player.word_rolls + 1}
        if face.endswith("star") or state.supply[kind] == 0:
            return self._set(state, seat, picks=1, **rolled)
        state = replace(state, supply=minus(state.supply, one(kind)))
        return self._set(state, seat, pool=add(player.pool, one(kind)), **rolled)

    def _take(self, state: State, seat: int, kind: int) -> State:
        player = state.players[seat]
        if not player.picks:
            how = "" if state.options.dice_per_word else ": roll your die for one"
            raise IllegalMove(f"You have no piece to choose{how}.")
        if state.supply[kind] == 0:
            raise IllegalMove(f"The box has no {KINDS[kind]} pieces left: choose another kind.")
        state = replace(state, supply=minus(state.supply, one(kind)))
        return self._set(state, seat, picks=player.picks - 1, pool=add(player.pool, one(kind)))

    def _pass(self, state: State, seat: int) -> State:
        if not state.options.dice_per_word:
            raise IllegalMove("Passing is for Word by Word with three dice a word; roll your die for more pieces, or stop.")
        return self._set(state, seat, waiting=True)

    # -- claiming ------------------------------------------------------------------------------

    def claim_plan(self, state: State, seat: int, word: str, row: int | None) -> tuple[int, Pieces, int]:
        """(row, pieces taken from circles, pieces discarded) for a claim the rules allow;
        IllegalMove naming the first objection otherwise."""
        player, options = state.players[seat], state.options
        if player.picks:
            raise IllegalMove("Choose the piece your last roll gave you first.")
        if not word:
            raise IllegalMove("Type a word to claim.")
        if " " in word:
            raise IllegalMove("A word has no spaces: claim one word at a time.")
        if len(word) < MIN_LETTERS:
            raise IllegalMove(f"A word has at least {MIN_LETTERS} letters.")
        row = self._row(state, player, word, row)
        cost = pieces_of(word)
        if cost is None:
            odd = next(char for char in word if char not in ALPHABET)
            raise IllegalMove(f"“{odd}” cannot be built: letters are A to Z, the hyphen and the apostrophe.")
        short, over = spend(player.pool, player.circles, cost)
        if sum(short) > player.circles:
            missing = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(short) if n)
            more = f" (you have {player.circles} circle{'s' * (player.circles != 1)})" if options.dice_per_word else ""
            raise IllegalMove(f"Your pool cannot build “{word.upper()}”: it lacks {missing}{more}.")
        if any(n > s for n, s in zip(short, state.supply)):
            raise IllegalMove("The box has run out of a piece your circles would take.")
        if over > player.boxes_left:
            if player.boxes_left == 0:
                raise IllegalMove(f"Every discard box is ticked: a word must use every piece in your pool "
                                  f"(“{word.upper()}” leaves {over} over).")
            raise IllegalMove(f"You have {player.boxes_left} discard box{'es' * (player.boxes_left != 1)} left: "
                              f"“{word.upper()}” would leave {over} pieces over.")
        if not options.secret:
            objection = self.objection(state, seat, word, row)
            if objection:
                raise IllegalMove(objection)
        return row, short, over  # type: ignore[return-value]

    def _row(self, state: State, player: Player, word: str, row: int | None) -> int:
        if not state.options.advanced:
            if row is not None:
                raise IllegalMove("Rows are chosen only in the Advanced game: words fill the sheet from the top.")
            return player.rows.index(None)
        if row is None:
            raise IllegalMove("Choose the row (its required letter) for the word.")
        held = player.rows[row]
        if held is not None:
            raise IllegalMove(f"Row {row + 1} already holds {held.upper()}.")
        return row

    def objection(self, state: State, seat: int, word: str, row: int, earlier: tuple[str, ...] | None = None) -> str | None:
        """The valid objection to a word, as the table would raise it: not a word, no new
        letter, already claimed, no required letter (None: it stands). `earlier`: the words
        this player claimed before it (Secret Wordsmith checks a sheet at the end)."""
        player = state.players[seat]
        lexicon = self.lexicon_for(state.options.lexicon)
        if word not in lexicon:
            return f"Not a valid word: “{word.upper()}” is not in the {lexicon.info.title} dictionary."
        before = player.claimed if earlier is None else earlier
        if before and not has_new_letter_after(before[-1])(word):
            return (f"No new letter: “{word.upper()}” only moves letters of your previous word "
                    f"{before[-1].upper()} around; a new word needs {next_word_needs(before[-1])}.")
        if word in before:
            return f"Already claimed: you claimed “{word.upper()}” in this challenge."
        if not state.options.secret:  # Secret Wordsmith allows the same word on several sheets
            if any(word in someone.claimed for someone in state.players):
                return f"Already claimed: someone else claimed “{word.upper()}” in this challenge."
        if state.required and state.required[row] not in word:
            return f"Doesn't contain the required letter {state.required[row].upper()} of row {row + 1}."
        return None

    def _claim(self, state: State, seat: int, word: str, row: int | None) -> State:
        row, from_circles, over = self.claim_plan(state, seat, word, row)
        player = state.players[seat]
        cost = pieces_of(word)
        assert cost is not None
        leftover = minus(add(player.pool, from_circles), cost)
        state = replace(state, supply=add(minus(state.supply, from_circles), leftover))
        finished = ""
        if len(player.claimed) + 1 == ROWS:
            finished = "six words"
        elif state.done_by is not None:
            finished = "claimed the last word after “Done!”"
        state = self._set(state, seat, pool=cost, claimed=player.claimed + (word,), order=player.order + (row,),
                          discards=player.discards + over, circles=0,
                          waiting=state.options.in_step, finished=finished)
        if finished == "six words" and state.done_by is None and not state.options.dice_per_word:
            state = replace(state, done_by=seat)
        return state

    # -- the end of a challenge ----------------------------------------------------------------

    def _settle(self, state: State) -> State:
        """After every move: players who can find no other word are finished; the challenge
        ends when everyone is; in Word by Word the next word begins when all have claimed."""
        while True:
            players = list(state.players)
            for seat, player in enumerate(players):
                if player.picks and sum(state.supply) == 0:
                    player = replace(player, picks=0)  # a star's choice lapses: the box is empty
                if player.finished in ("", STUCK) and not (player.waiting or player.picks):
                    # Pieces discarded by others may make a word possible again.
                    player = replace(player, finished="" if self.word_possible(state, seat) else STUCK)
                players[seat] = player
            state = replace(state, players=tuple(players))
            if all(p.finished for p in state.players):
                return self._end_challenge(state, self._why_ended(state))
            if not (state.options.in_step and all(p.finished or p.waiting for p in state.players)):
                return state
            state = self._next_word(state)

    @staticmethod
    def _why_ended(state: State) -> str:
        if state.done_by is not None:
            return "six words" if len(state.players) == 1 else "“Done!” and the last words claimed"
        alone = len(state.players) == 1  # a solo game (the daily): "you", not "everyone"
        if all(p.finished == "six words" for p in state.players):
            return "you have six words" if alone else "everyone has six words"
        if all(p.finished == "stopped" for p in state.players):
            return "you stopped" if alone else "everyone stopped"
        return "nobody could claim another word"

    def word_possible(self, state: State, seat: int) -> bool:
        """Whether any word could still be claimed by this player, with the pieces the box
        could still add (none after "Done!"; with dice a word, later rolls may add any)."""
        player = state.players[seat]
        adds = state.supply if state.done_by is None else NONE
        claimed = tuple(sorted(player.claimed if state.options.secret else (w for p in state.players for w in p.claimed)))
        free_letters = "".join(sorted({r for r, taken in zip(state.required, player.rows) if taken is None}))
        key = (id(self.lexicon_for(state.options.lexicon)), player.pool, player.circles, state.supply, player.boxes_left, adds,
               player.claimed[-1:], claimed, free_letters)
        if key not in self._possible:
            if len(self._possible) > 4096:
                self._possible.clear()  # replays ask the same questions again: keep the recent ones
            lexicon = self.lexicon_for(state.options.lexicon)
            stands = self._stands_for(state, seat)
            self._possible[key] = any(
                any(map(stands, words))
                for _over, words in fitting_groups(lexicon, player.pool, player.circles, state.supply,
                                                   player.boxes_left, adds))
        return self._possible[key]

    @staticmethod
    def _stands_for(state: State, seat: int) -> Callable[[str], bool]:
        """A check that a word built from the pool meets no objection: a new letter, not claimed
        yet, a free row with its required letter (what Secret Wordsmith checks at the end)."""
        player = state.players[seat]
        has_new_letter = has_new_letter_after(player.claimed[-1]) if player.claimed else None
        claimed = set(player.claimed) if state.options.secret else {w for p in state.players for w in p.claimed}
        letters = {letter for letter, taken in zip(state.required, player.rows) if taken is None}

        def stands(word: str) -> bool:
            if len(word) < MIN_LETTERS or word in claimed or (has_new_letter is not None and not has_new_letter(word)):
                return False
            return not letters or not letters.isdisjoint(word)
        return stands

    def _end_challenge(self, state: State, ended: str) -> State:
        sheets = tuple(self._score_sheet(state, seat) for seat in range(len(state.players)))
        result = ChallengeResult(
            state.challenge, state.required, ended, state.done_by, sheets,
            tuple(p.discards for p in state.players), tuple(p.crossed for p in state.players),
            tuple(p.bonus for p in state.players),
            tuple(sum(row.points for row in sheet) + p.bonus for sheet, p in zip(sheets, state.players)))
        results = state.results + (result,)
        if state.challenge < state.options.challenges:
            return self._new_challenge(state.options, state.seed, state.challenge + 1, results)
        totals = totals_of(results, len(state.players))
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        return replace(state, results=results, outcome=Outcome(winners, f"{best} points"))

    def _score_sheet(self, state: State, seat: int) -> tuple[SheetRow, ...]:
        """Each row's points: its letters; in Secret Wordsmith a word meeting an objection
        (checked against the words claimed before it) scores 0."""
        player = state.players[seat]
        rows = [SheetRow(None, 0)] * ROWS
        for index, (row, word) in enumerate(zip(player.order, player.claimed)):
            refusal = None
            if state.options.secret:
                refusal = self.objection(state, seat, word, row, earlier=player.claimed[:index])
            rows[row] = SheetRow(word, 0 if refusal else len(word), refusal)
        return tuple(rows)

    # -- time ----------------------------------------------------------------------------------

    by_link_hint = "Choose “Word by Word” (under how words are claimed) to play it by link."

    def live_only(self, options: GameOptions) -> bool:
        """The race needs everyone at once; Word by Word, a word each in step, does not."""
        return not cast(Options, options).in_step  # the engine passes this game's own (Options.parse)

    def deadline(self, state: State) -> Deadline | None:
        """After "Done!", the others have DONE_CLOCK_S seconds for their last word."""
        if state.done_by is not None and state.outcome is None:
            return Deadline(DONE_CLOCK_S * 1000, state.done_by, {"type": "time-up"})
        return None

    def epoch(self, state: State) -> list[int]:
        """A move made in an earlier challenge (or for an earlier word in Word by Word) is too late."""
        return [state.challenge, state.word_round]

    def undo_barrier(self, before: State, after: State) -> bool:
        return True  # claims are public and rolls are random: nothing is taken back

    def turns(self, state: State) -> int:
        """Words claimed in the whole game."""
        done = sum(1 for result in state.results for sheet in result.rows for row in sheet if row.word)
        return done + (0 if state.outcome else sum(len(p.claimed) for p in state.players))

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """Secret Wordsmith: a player's words while the challenge lasts."""
        if seat is None or not state.options.secret or state.outcome or not state.players[seat].claimed:
            return []
        return [list(state.players[seat].rows)]

    # -- legal moves ---------------------------------------------------------------------------

    def claimable(self, state: State, seat: int, limit: int | None = None) -> list[Move]:
        """Claims the rules allow now (words taking most pieces first), as moves."""
        player = state.players[seat]
        rows = [r for r in range(ROWS) if player.rows[r] is None]
        if player.picks or not rows:
            return []
        lexicon = self.lexicon_for(state.options.lexicon)
        found = []
        stands = self._stands_for(state, seat)
        for _over, words in fitting_groups(lexicon, player.pool, player.circles, state.supply, player.boxes_left):
            for word in words:
                if stands(word):
                    row = next(r for r in rows if not state.required or state.required[r] in word)
                    found.append({"type": "claim", "word": word} | ({"row": row} if state.required else {}))
                    if limit is not None and len(found) >= limit:
                        return found
        return found

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Representative: up to 12 claims (taking most pieces), and every other move allowed now."""
        if seat not in self.actors(state):
            return []
        player = state.players[seat]
        moves = self.claimable(state, seat, limit=12)
        if player.picks:
            moves += [{"type": "take", "piece": kind} for k, kind in enumerate(KINDS) if state.supply[k]]
        elif not state.options.dice_per_word and state.done_by is None and sum(state.supply) != 0:
            moves.append({"type": "roll"})
        if state.options.dice_per_word:
            moves.append({"type": "pass"})
        moves.append({"type": "stop"})
        return moves

    # -- what a player sees --------------------------------------------------------------------

    def phase(self, state: State) -> str:
        return "last-words" if state.done_by is not None else "race"

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Pools and sheets are on the table for all to see, except the words of other players
        in Secret Wordsmith until the challenge ends."""
        hide = state.options.secret and state.outcome is None
        return {
            "challenge": state.challenge, "challenges": state.options.challenges,
            "supply": pieces_json(state.supply), "setup": list(state.setup),
            "required": state.required or None, "done_by": state.done_by,
            "word_round": state.word_round if state.options.in_step else None,
            "last_roll": list(state.last_roll), "done_clock_s": DONE_CLOCK_S,
            "rows": ROWS, "boxes": BOXES, "free_boxes": FREE_BOXES,  # the sheet's shape, for the page
            "players": [self._player_json(state, p, hide and other != seat) for other, p in enumerate(state.players)],
            "claimed": [] if hide else sorted({w for p in state.players for w in p.claimed}),
            "results": [result_json(r) for r in state.results],
            "totals": totals_of(state.results, len(state.players)),
        }

    @staticmethod
    def _player_json(state: State, player: Player, hidden: bool) -> dict[str, Any]:
        rows = [None if hidden else w for w in player.rows]
        return {
            "pool": pieces_json(player.pool), "rows": rows, "filled": [w is not None for w in player.rows],
            "previous": None if hidden or not player.claimed else player.claimed[-1],
            "next_word_needs": None if hidden or not player.claimed else next_word_needs(player.claimed[-1]),
            "words": len(player.claimed), "discards": player.discards, "crossed": player.crossed,
            "boxes_left": player.boxes_left, "bonus": player.bonus, "score": None if hidden else player.score,
            "must_use_all": player.boxes_left == 0,
            "rolls": player.rolls, "word_rolls": player.word_rolls, "picks": player.picks, "circles": player.circles,
            "waiting": player.waiting, "finished": player.finished or None,
        }

    def reveal(self, state: State) -> dict[str, Any]:
        view = self.view(state, None)
        view["players"] = [self._player_json(state, p, False) for p in state.players]
        view["claimed"] = sorted({w for p in state.players for w in p.claimed})
        return view

    @staticmethod
    def move_text(before: State, move: Move) -> str:
        kind = move["type"]
        if kind == "claim":
            hidden = before.options.secret
            return "wrote a word" if hidden else f"claimed {move['word'].strip().upper()}"
        if kind == "take":
            return f"took a {move['piece']} piece"
        return {"roll": "rolled their die", "pass": "passed", "stop": "stopped for this challenge",
                "time-up": "time for the last words ran out"}[kind]
