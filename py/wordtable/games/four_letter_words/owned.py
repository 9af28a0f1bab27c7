"""Four Letter Words online: each guest's grid stays on its own device (engine.owned)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import Move, is_int, words_played_under
from wordtable.engine.owned import Keep, OwnedBreak, OwnedPart, commitment, parse_shown
from wordtable.games.four_letter_words.grid import EMPTY, does_not_fit
from wordtable.games.four_letter_words.rules import MAX_STRIKES, OWNER_MOVES, FourLetterWords, Options, State, allowed_shape


class Grids(OwnedPart):
    """Online, each guest's grid stays on its own device (engine.owned). The device runs this
    game's rules on its own grid and sends the table the public form of each move: "written" or
    "crossed" with a commitment to the grid after it, a strike, or "stuck" when it is the
    chooser and no allowed word fits its grid. At the end it shows the placements and Xs it
    wrote and its key, and check_shown replays them: every claim must hold."""

    game: FourLetterWords

    def hide(self, state: State, seats: list[int]) -> State:
        return replace(state, grids=tuple(None if seat in seats else grid for seat, grid in enumerate(state.grids)))

    # -- the owner's device --------------------------------------------------------------------

    def _owner_state(self, view: dict[str, Any], part: Any) -> State:
        """The table as the owner's view shows it, with its own grid in (the others' unknown):
        the rules then judge its moves on its grid exactly as the table would on one it held."""
        try:
            if not isinstance(view.get("options"), dict):
                raise ValueError("no options")
            options = cast(Options, Options.parse(view["options"]))  # parse builds this class; the base types it GameOptions
            players, seat, phase, word = options.players, view["seat"], view["phase"], view["word"]
            grid = EMPTY * (options.rows * options.cols) if part is None else part

            def numbers(values: Any, below: int, count: int | None = None) -> bool:
                return isinstance(values, list) and (count is None or len(values) == count) and all(
                    is_int(v) and 0 <= v < below for v in values)

            def seats(values: Any, count: int | None = None) -> bool:
                return numbers(values, players, count)

            if not (isinstance(grid, str) and len(grid) == options.rows * options.cols and is_int(seat)
                    and 0 <= seat < players and phase in ("choose", "vet", "defend", "write", "over")
                    and (word is None or (isinstance(word, str) and allowed_shape(word)))
                    and is_int(view["chooser"]) and 0 <= view["chooser"] < players
                    and (view["challenger"] is None or seats([view["challenger"]]))
                    and numbers(view["strikes"], MAX_STRIKES + 1, players) and numbers(view["lost_turns"], 1000, players)
                    and seats(view["waiting_for"]) and seats(view["accepted"])
                    and isinstance(view["out"], list) and len(view["out"]) == players
                    and all(isinstance(gone, bool) for gone in view["out"])
                    and isinstance(view["history"], list) and all(
                        isinstance(h, list) and len(h) == 2 and seats(h[:1]) and isinstance(h[1], str)
                        for h in view["history"])):
                raise ValueError("the view is not this table's")
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise IllegalMove("The table's view of the game could not be read: wait for the next one.") from error
        active = [s for s in range(players) if not view["out"][s]]
        return State(options, 0, tuple(grid if s == seat else None for s in range(players)), tuple(view["strikes"]),
                     tuple(view["out"]), view["chooser"], word,
                     frozenset(s for s in active if s not in view["waiting_for"]) if phase == "write" else frozenset(),
                     tuple((s, w) for s, w in view["history"]), vetting=phase in ("vet", "defend"),
                     accepted=frozenset(view["accepted"]), challenger=view["challenger"],
                     lost_turns=tuple(view["lost_turns"]))

    def own_view(self, view: dict[str, Any], part: Any) -> dict[str, Any]:
        try:
            state = self._owner_state(view, part)
        except IllegalMove:
            return view
        seat = view["seat"]
        own = self.game.view(state, seat)
        merged: dict[str, Any] = {**view, **{key: own[key] for key in ("grid", "placements", "may_skip", "skip", "no_place") if key in own}}
        grids = view.get("grids")
        if isinstance(grids, list) and len(grids) > seat and grids[seat] is None:  # not shown to the table yet
            merged["grids"] = [own["grid"] if s == seat else rows for s, rows in enumerate(grids)]
        return merged

    def outgoing(self, view: dict[str, Any], keep: Keep, move: Move) -> tuple[Move, tuple[Move, str] | None]:
        kind = self.game.checked_move(move)
        if kind == "stuck":  # this device's own finding (automatic), never a player's choice
            if self.automatic(view, keep.part) is None:
                raise IllegalMove("A word still fits your grid: choose one.")
            return move, None
        if kind in OWNER_MOVES:
            raise IllegalMove("Write the word in your grid.")
        if kind not in ("choose", "place", "xs", "strike"):
            return move, None  # accepting, challenging…: nothing of the grid
        state = self._owner_state(view, keep.part)
        seat = view["seat"]
        if kind == "choose":
            word = move["word"].strip().lower()
            if state.word is None and seat == state.chooser and allowed_shape(word) \
                    and not self.game.placements_for(state, seat, word):
                raise IllegalMove(does_not_fit(state.grids[seat], word, self.game.windows(state.options)))
            return move, None
        if state.word is None or state.vetting or seat not in self.game.actors(state):
            raise IllegalMove(self.game.not_your_turn(state, seat))
        grid, _strikes, _out = self.game.writing(state, seat, kind, move)
        if grid is None:
            return move, None  # a strike: nothing written
        public = {"type": "written" if kind == "place" else "crossed", "commit": commitment(keep.key, grid)}
        return public, (move, grid)

    def warm(self, view: dict[str, Any]) -> None:
        try:
            options = cast(Options, Options.parse(view["options"]))  # parse builds this class; the base types it GameOptions
            self.game.fitting_words_for(EMPTY * 16, options)  # the dictionary's index
        except (GameError, LookupError, KeyError, TypeError, ValueError):
            pass  # a view that cannot be read, a dictionary not here: nothing to load

    def automatic(self, view: dict[str, Any], part: Any) -> Move | None:
        try:
            state = self._owner_state(view, part)
            if view["phase"] != "choose" or state.chooser != view["seat"] or state.chooser not in view["waiting_for"] \
                    or self.game.fitting_words(state, state.chooser):
                return None
        except (IllegalMove, LookupError):  # an unreadable view, a dictionary not on this device
            return None
        return {"type": "stuck"}

    # -- the table, at the end -----------------------------------------------------------------

    def check_shown(self, record: Any, states: list[State], shown: dict[int, Any]) -> tuple[list[State], list[Move]]:
        parsed: dict[int, tuple[str, list[Move]]] = {}
        for seat, data in shown.items():
            key_and_moves = parse_shown(data)
            if key_and_moves is None:
                raise OwnedBreak(seat, None, "what they showed of their grid cannot be read")
            parsed[seat] = key_and_moves
        start = states[0]
        empty = EMPTY * (start.options.rows * start.options.cols)
        full = replace(start, grids=tuple(empty if s in parsed else grid for s, grid in enumerate(start.grids)))
        with words_played_under(record):
            return self._replay_shown(record, states, full, parsed)

    def _replay_shown(self, record: Any, states: list[State], full: State,
                      parsed: dict[int, tuple[str, list[Move]]]) -> tuple[list[State], list[Move]]:
        used = dict.fromkeys(parsed, 0)
        moves = record.moves
        grids, made = [full.grids], []  # after each move; each move as made
        for index, (seat, move) in enumerate(moves):
            made.append(move)
            if seat in parsed:
                full = self._shown_step(full, index, seat, move, parsed[seat], used)
                if move.get("type") in ("written", "crossed"):
                    made[-1] = parsed[seat][1][used[seat] - 1]
            else:
                try:
                    full = self.game.step(full, seat, move)
                except GameError as error:
                    raise OwnedBreak(seat, index, f"the move does not hold once the grids are shown: {error}") from error
            after = states[index + 1]
            grids.append(full.grids)
            # (A game that ends on a "stuck" leaves that seat as the last chooser named; one that
            # ends as the rules find it out by themselves leaves the one before: no matter.)
            chooser = after.chooser if after.outcome and full.outcome else full.chooser
            if replace(full, grids=after.grids, seed=after.seed, chooser=chooser) != after:
                # A grid that fits no word puts its owner out when the turn comes to them; on a
                # hidden grid the owner's next move says so ("stuck").
                stuck = [s for s in parsed if full.out[s] and not after.out[s]]
                following = moves[index + 1] if index + 1 < len(moves) else None
                if stuck and following is not None and following[0] in stuck and following[1].get("type") == "stuck":
                    continue
                if stuck:
                    raise OwnedBreak(stuck[0], index, "no allowed word fitted their grid when their turn to choose "
                                                      "came, yet they played on instead of going out")
                raise OwnedBreak(seat, index, "what they told the table does not match their grid")
        for seat, (_key, secret) in parsed.items():
            if used[seat] != len(secret):
                raise OwnedBreak(seat, None, f"they showed {len(secret) - used[seat]} more writing(s) than they made")
        return [replace(state, grids=tuple(shown_grids[s] if s in parsed else grid for s, grid in enumerate(state.grids)))
                for state, shown_grids in zip(states, grids)], made

    def _shown_step(self, full: State, index: int, seat: int, move: Move, shown: tuple[str, list[Move]],
                    used: dict[int, int]) -> State:
        """A hidden grid's move replayed on the grid its owner showed."""
        key, secret = shown
        kind = move.get("type")
        if kind == "stuck":
            if full.out[seat]:
                return full  # the rules put them out by themselves when the turn came to them
            if full.word is not None or full.chooser != seat:
                raise OwnedBreak(seat, index, "they said no word fits their grid when it was not theirs to choose")
            fitting = self.game.fitting_words(full, seat)
            if fitting:
                raise OwnedBreak(seat, index, f"they said no word fits their grid, but {fitting[0].upper()} does")
            return self.game._stuck(full, seat)  # the game's first chooser, whom the rules never check
        if kind not in ("written", "crossed"):
            try:  # choosing a word, a strike: the same move, now judged on their grid too
                return self.game.apply(full, seat, move)
            except GameError as error:
                raise OwnedBreak(seat, index, str(error)) from error
        if used[seat] >= len(secret):
            raise OwnedBreak(seat, index, "they did not show where they wrote this word")
        written = secret[used[seat]]
        used[seat] += 1
        if written.get("type") != ("place" if kind == "written" else "xs"):
            raise OwnedBreak(seat, index, "what they showed for this word is not what they told the table")
        try:
            after = self.game.apply(full, seat, written)
        except GameError as error:
            raise OwnedBreak(seat, index, f"where they showed they wrote it breaks the rules: {error}") from error
        if commitment(key, after.grids[seat]) != move["commit"]:
            raise OwnedBreak(seat, index, "their grid after this word is not the one they committed to")
        return after
