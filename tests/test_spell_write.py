"""Spell Write: a test per rule, the seed's worked example (ART through a bonus square for
3 + 1 and OR for 2; a K in a highlighted square grants a 2x2 highlight), properties over many
random games (no link scored twice, the score is the sum of the scoring table), simulate."""

import functools
import json
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from wordtable.engine.bots import play
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Record, replay
from wordtable.engine.rng import rng_for
from wordtable.engine.shared_random import LEDGER_RULES
from wordtable.games import make
from wordtable.games.spell_write.bots import BOTS
from wordtable.games.spell_write.rules import LETTERS, Layout, Sheet, SpellWrite, links_of, make_layout, reroll, roll
from wordtable.lexicon import store


@functools.lru_cache(maxsize=None)
def shipped(name):
    return store.load(name)


@pytest.fixture(scope="module")
def game():
    return SpellWrite(shipped)


def seed_rolling(*wanted, round_number=1):
    """A seed whose dice in that round are one of the wanted pairs."""
    return next(seed for seed in range(100_000) if roll(seed, round_number) in wanted)


def with_sheet(game, seed, rows, layout=None, players=1, **options):
    """A game whose seat-0 play grid holds rows ('.' empty, '#' black)."""
    state = game.new({"players": players, **options}, seed)
    sheet = state.sheets[0]
    sheet = replace(sheet, grid="".join(rows), layout=layout or sheet.layout)
    sheets = (sheet,) + state.sheets[1:]
    return replace(state, sheets=sheets, round_start=sheets)


def write(letter_cell, at, words=(), block=None, lookup=None):
    return {"type": "write", "pick": list(letter_cell), "at": list(at), "block": block,
            "words": [{"cells": [list(c) for c in w], **({"lookup": True} if lookup == i else {})}
                      for i, w in enumerate(words)]}


def test_the_letter_grid_is_the_seeds():
    assert LETTERS == ("aeiouy", "bcdfgh", "jtkrlm", "nphqsr", "stvwxz", "aeiouy")


def test_each_player_chooses_which_die_is_the_row(game):
    seed = seed_rolling((4, 3), (3, 4))
    state = game.new({"players": 2}, seed)
    assert game.choices(state, 0) == [(2, 3), (3, 2)]  # row 3 col 4 = R, row 4 col 3 = H
    assert {LETTERS[r][c] for r, c in game.choices(state, 0)} == {"r", "h"}
    with pytest.raises(IllegalMove, match="do not point at that letter"):
        game.apply(state, 0, write((0, 0), (0, 0)))


def test_doubles_take_the_single_letter_or_share_one_reroll(game):
    seed = next(s for s in range(100_000) if roll(s, 1)[0] == roll(s, 1)[1] and reroll(s, 1) != roll(s, 1)[0])
    d, _ = roll(seed, 1)
    state = game.new({"players": 3}, seed)
    with pytest.raises(IllegalMove, match="Doubles: first"):
        game.apply(state, 0, write((d - 1, d - 1), (0, 0)))
    state = game.apply(state, 0, {"type": "doubles", "choice": "take"})
    assert game.choices(state, 0) == [(d - 1, d - 1)]
    state = game.apply(state, 1, {"type": "doubles", "choice": "reroll"})
    state = game.apply(state, 2, {"type": "doubles", "choice": "reroll"})
    r = reroll(seed, 1)
    expected = sorted({(d - 1, r - 1), (r - 1, d - 1)})
    assert game.choices(state, 1) == game.choices(state, 2) == expected  # the same re-roll
    assert game.view(state, 1)["rerolled"] == r and game.view(state, 0)["rerolled"] is None


def test_a_crossed_off_letter_costs_a_point(game):
    seed = seed_rolling((4, 3), (3, 4))
    state = game.new({"players": 1}, seed)
    empty = [(r, c) for r in range(4) for c in range(4) if state.sheets[0].at((r, c)) == "."]
    first = game.apply(state, 0, write((2, 3), empty[0]))
    assert first.sheets[0].crossed == frozenset({(2, 3)}) and first.sheets[0].score == 0
    # The same R again (as if the dice pointed at it again): crossed off, so it costs a point.
    again = replace(first, round=1, done=frozenset())
    after = game.apply(again, 0, write((2, 3), empty[1]))
    assert after.sheets[0].score == -1 and after.sheets[0].table[-1].text == "R was already crossed off"


def test_the_sheet_is_generated_and_shared_by_default(game):
    for seed in range(50):
        layout = make_layout(seed, None)
        cells = set(layout.black) | set(layout.highlighted)
        assert len(layout.black) == 2 and len(layout.highlighted) == 2 and len(cells) == 4
        assert 0 <= layout.bonus_row < 4 and 0 <= layout.bonus_col < 4
    shared = game.new({"players": 3}, 7)
    assert len({sheet.layout for sheet in shared.sheets}) == 1
    own = game.new({"players": 3, "shared_sheet": False}, 7)
    assert len({sheet.layout for sheet in own.sheets}) > 1
    assert sum(sheet.grid.count("#") for sheet in shared.sheets) == 6
    assert len({make_layout(seed, None) for seed in range(30)}) > 20  # varies with the seed


def test_black_squares_cannot_be_used(game):
    seed = seed_rolling((4, 3), (3, 4))
    state = game.new({"players": 1}, seed)
    black = state.sheets[0].layout.black[0]
    with pytest.raises(IllegalMove, match="Black squares"):
        game.apply(state, 0, write((2, 3), black))


EXAMPLE_LAYOUT = Layout(black=((3, 0), (3, 1)), highlighted=((2, 3), (3, 3)), bonus_row=3, bonus_col=2)


def test_worked_example_art_with_bonus_and_or(game):
    """Pat writes R: ART scores 3 + 1 (the T is in the bonus column), OR scores 2."""
    seed = seed_rolling((3, 4), (4, 3))
    state = with_sheet(game, seed, [".o..", "a.t.", "....", "##.."], EXAMPLE_LAYOUT)
    # A at (1,0), T at (1,2), O at (0,1): R goes to (1,1): ART across, OR down.
    after = game.apply(state, 0, write((2, 3), (1, 1), words=[[(1, 0), (1, 1), (1, 2)], [(0, 1), (1, 1)]]))
    sheet = after.sheets[0]
    assert [(e.text, e.points) for e in sheet.table] == [("ART", 3), ("bonus square", 1), ("OR", 2)]
    assert sheet.score == 6


def test_worked_example_k_in_a_highlighted_square_grants_a_block(game):
    seed = seed_rolling((3, 3))  # K is row 3, column 3
    state = with_sheet(game, seed, ["....", "....", "....", "##.."], EXAMPLE_LAYOUT)
    state = game.apply(state, 0, {"type": "doubles", "choice": "take"})
    after = game.apply(state, 0, write((2, 2), (2, 3), block=[0, 0]))
    sheet = after.sheets[0]
    assert sheet.blocks == ((0, 0),)
    assert {LETTERS[r][c] for r, c in [(0, 0), (0, 1), (1, 0), (1, 1)]} == {"a", "e", "b", "c"}
    # From now on a roll landing on A, E, B or C may take any of the four.
    assert set(game.pickable(sheet, [(1, 1)])) == {(1, 1), (0, 0), (0, 1), (1, 0)}
    assert game.pickable(sheet, [(4, 4)]) == [(4, 4)]
    with pytest.raises(IllegalMove, match="Only writing in a highlighted square"):
        game.apply(state, 0, write((2, 2), (0, 0), block=[0, 0]))


def test_scored_links_are_used_up_her_then_he_and_tar_rat(game):
    seed = seed_rolling((3, 4), (4, 3))  # R
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=2, bonus_col=3)
    state = with_sheet(game, seed, ["he..", "....", "ta..", "##.."], layout)
    after = game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 0), (0, 1), (0, 2)]]))  # HER
    sheet = after.sheets[0]
    assert game.segment_refusal(sheet, [(0, 0), (0, 1)], (0, 2), "friendly") == \
        "Those letters are already linked by a scored word."  # HE
    state = with_sheet(game, seed, ["....", "....", "ta..", "##.."], layout)
    with pytest.raises(IllegalMove, match="already linked"):  # TAR, then RAT on the same letters
        game.apply(state, 0, write((2, 3), (2, 2), words=[[(2, 0), (2, 1), (2, 2)], [(2, 2), (2, 1), (2, 0)]]))


def test_short_words_first_he_then_her_both_score_in_one_turn(game):
    """Regression: the rules tell players to score shorter words first so both count; HE then
    HER in the same turn was refused. A word scores while one of its links is still open."""
    seed = seed_rolling((3, 4), (4, 3))  # R
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=2, bonus_col=3)
    state = with_sheet(game, seed, ["he..", "....", "....", "##.."], layout, mode="friendly")
    after = game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 0), (0, 1)], [(0, 0), (0, 1), (0, 2)]]))
    sheet = after.sheets[0]
    assert [(e.text, e.points) for e in sheet.table] == [("HE", 2), ("HER", 3)]
    # Friendly mode's later claims follow the same rule: HE again (links all used) is refused.
    assert game.segment_refusal(sheet, [(0, 1), (0, 0)], None, "friendly") == \
        "Those letters are already linked by a scored word."
    # In competitive mode the same order works through the new letter: HE is not through R,
    # but ER then HER is.
    competitive = with_sheet(game, seed, ["he..", "....", "....", "##.."], layout)
    after = game.apply(competitive, 0, write((2, 3), (0, 2), words=[[(0, 1), (0, 2)], [(0, 0), (0, 1), (0, 2)]]))
    assert [e.text for e in after.sheets[0].table] == ["ER", "HER"]


def test_a_line_is_claimed_once_per_turn(game):
    """A non-word claimed three times in one move would cost three points: refused instead."""
    seed = seed_rolling((3, 4), (4, 3))  # R
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=2, bonus_col=3)
    state = with_sheet(game, seed, ["q...", "....", "....", "##.."], layout)
    with pytest.raises(IllegalMove, match="once per turn"):
        game.apply(state, 0, write((2, 3), (0, 1), words=[[(0, 0), (0, 1)]] * 3))
    after = game.apply(state, 0, write((2, 3), (0, 1), words=[[(0, 0), (0, 1)]]))
    assert after.sheets[0].score == -1  # QR is not a word: one point, once


@pytest.mark.parametrize("at", [[4, 0], [0, 4], [4, 4], [-1, 2], [2, -1], [99, 99]])
def test_writing_off_the_play_grid_is_refused_not_an_internal_error(game, at):
    """Regression: row or column 4 raised IndexError instead of a refusal."""
    state = game.new({"players": 1}, 3)
    if game.needs_doubles_choice(state, 0):
        state = game.apply(state, 0, {"type": "doubles", "choice": "take"})
    pick = list(game.pickable(state.sheets[0], game.choices(state, 0))[0])
    with pytest.raises(IllegalMove, match="4×4 play grid"):
        game.apply(state, 0, {"type": "write", "pick": pick, "at": at, "words": []})


def test_at_most_one_bonus_point_per_turn(game):
    seed = seed_rolling((3, 4), (4, 3))
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=1, bonus_col=1)
    state = with_sheet(game, seed, [".o..", "a.t.", "....", "##.."], layout)
    after = game.apply(state, 0, write((2, 3), (1, 1), words=[[(1, 0), (1, 1), (1, 2)], [(0, 1), (1, 1)]]))
    assert [e.points for e in after.sheets[0].table].count(1) == 1 and after.sheets[0].score == 6


def test_competitive_only_words_through_the_new_letter_friendly_missed_ones_later(game):
    seed = seed_rolling((3, 4), (4, 3))
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=3, bonus_col=3)
    rows = ["at..", "....", "....", "##.."]
    competitive = with_sheet(game, seed, rows, layout)
    with pytest.raises(IllegalMove, match="only words through the letter you just wrote"):
        game.apply(competitive, 0, write((2, 3), (2, 2), words=[[(0, 0), (0, 1)]]))
    friendly = with_sheet(game, seed, rows, layout, mode="friendly")
    after = game.apply(friendly, 0, write((2, 3), (2, 2), words=[[(0, 0), (0, 1)]]))  # AT, missed before
    assert after.sheets[0].score == 2


def test_a_claimed_non_word_costs_a_point_and_the_free_look_up_once(game):
    seed = seed_rolling((3, 4), (4, 3))
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=3, bonus_col=3)
    state = with_sheet(game, seed, ["zq..", "....", "....", "##.."], layout)
    after = game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 0), (0, 1), (0, 2)]]))  # ZQR
    sheet = after.sheets[0]
    assert sheet.score == -1 and sheet.used == frozenset()  # no links filled in
    looked = game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 0), (0, 1), (0, 2)]], lookup=0))
    assert looked.sheets[0].score == 0 and looked.sheets[0].lookup_used
    # The player is told, on their sheet and in their turn's notes, not left to wonder.
    said = "ZQR is not in the dictionary: not scored; your look-up is used"
    assert [(e.text, e.points) for e in looked.sheets[0].table] == [(said, 0)]
    assert said in looked.last_turn[0]
    second = replace(state, sheets=(replace(state.sheets[0], lookup_used=True),))
    with pytest.raises(IllegalMove, match="one look-up"):
        game.apply(second, 0, write((2, 3), (0, 2), words=[[(0, 0), (0, 1), (0, 2)]], lookup=0))


def test_claims_must_be_straight_lines_of_letters(game):
    seed = seed_rolling((3, 4), (4, 3))
    layout = Layout(((3, 0), (3, 1)), ((3, 2), (3, 3)), bonus_row=3, bonus_col=3)
    state = with_sheet(game, seed, ["a...", ".t..", "....", "##.."], layout)
    with pytest.raises(IllegalMove, match="straight line"):  # diagonal
        game.apply(state, 0, write((2, 3), (2, 2), words=[[(0, 0), (1, 1), (2, 2)]]))
    with pytest.raises(IllegalMove, match="must hold a letter"):
        game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 1), (0, 2)]]))
    with pytest.raises(IllegalMove, match="2 to 4 letters"):
        game.apply(state, 0, write((2, 3), (0, 2), words=[[(0, 2)]]))
    with pytest.raises(MalformedMove):
        game.apply(state, 0, {"type": "write", "pick": "r"})


def test_fourteen_rounds_highest_score_wins(game):
    played = play(game, [BOTS["hard"], BOTS["easy"]], {"players": 2}, 3)
    state = played.state
    assert state.outcome and state.round == 14
    assert all(sheet.grid.count(".") == 0 for sheet in state.sheets)  # 14 squares, 14 rounds
    best = max(s.score for s in state.sheets)
    assert state.outcome.winners == tuple(i for i, s in enumerate(state.sheets) if s.score == best)


def test_choices_stay_hidden_until_everyone_has_chosen(game):
    seed = seed_rolling((3, 4), (4, 3))
    state = game.new({"players": 2}, seed)
    after = game.apply(state, 0, write((2, 3), next((r, c) for r in range(4) for c in range(4)
                                                     if state.sheets[0].at((r, c)) == ".")))
    assert "r" in "".join(game.view(after, 0)["sheets"][0]["grid"])
    assert "r" not in "".join(game.view(after, 1)["sheets"][0]["grid"])  # seat 1 does not see it yet
    assert "rerolled" not in json.dumps(game.view(after, None))


def test_random_games_score_each_word_on_an_open_link_and_the_score_is_the_table(game):
    lexicon = shipped("standard")
    for seed in range(60):
        players = 1 + seed % 3
        levels = [["easy", "medium", "hard"][(seed + s) % 3] for s in range(players)]
        options = {"players": players, "mode": ["competitive", "friendly"][seed % 2], "shared_sheet": seed % 4 != 1}
        played = play(game, [BOTS[level] for level in levels], options, seed)
        assert replay(game, Record.from_json(json.loads(json.dumps(played.record.to_json())))) == played.state
        for sheet in played.state.sheets:
            seen: set = set()
            for cells in sheet.scored:  # each scored word had a link still open when scored
                assert not set(links_of(cells)) <= seen
                seen.update(links_of(cells))
            assert seen == sheet.used
            words = ["".join(sheet.at(c) for c in cells) for cells in sheet.scored]
            assert all(word in lexicon for word in words)
            bonuses = Counter(entry.round for entry in sheet.table if entry.text == "bonus square")
            assert all(count == 1 for count in bonuses.values())
            penalties = sum(1 for entry in sheet.table if entry.points < 0)
            assert sheet.score == sum(map(len, words)) + sum(bonuses.values()) - penalties


def test_simulate_command_plays_spell_write():
    out = subprocess.run([sys.executable, "-m", "wordtable", "simulate", "spell-write", "--players", "2",
                          "--levels", "hard,easy", "--games", "6", "--json"], capture_output=True, text=True, check=True)
    summary = json.loads(out.stdout)
    assert summary["games"] == 6 and summary["wins"]["0"] >= 5


def test_questions_candidates_then_missed_words_and_the_hard_bot_score(game):
    from wordtable.engine.bots import play as play_bots
    seed = seed_rolling((3, 4), (4, 3))
    state = with_sheet(game, seed, [".o..", "a.t.", "....", "##.."], EXAMPLE_LAYOUT)
    texts = {c["text"] for c in game.answer(state, 0, "candidates", {"pick": [2, 3], "at": [1, 1]})}
    assert {"ART", "TRA", "OR", "RO", "AR", "RA", "RT", "TR"} <= texts
    assert game.answer(state, 0, "candidates", {"pick": [2, 3], "at": [3, 0]}) == []  # a black square
    with pytest.raises(ValueError, match="once the game is over"):
        game.answer(state, 0, "missed", {})
    finished = play_bots(game, [BOTS["easy"]], {"players": 1}, 5).state
    missed = game.answer(finished, 0, "missed", {})
    lexicon = shipped("standard")
    assert all(word.lower() in lexicon for word in missed)
    assert game.answer(finished, 0, "hard-bot", {}) == play_bots(game, [BOTS["hard"]], {"players": 1}, 5).state.sheets[0].score


# -- online: the re-roll waits for every doubles choice (online rules 2) ----------------------

FIXTURES = Path(__file__).parent / "fixtures"


def _doubles_round_online(first: int) -> tuple[Any, Any, int]:
    """An online game (host seat 0, a guest seat 1) played with medium bots up to a round of
    doubles; the seat `first` chooses to re-roll first. Returns the host, the wire and that seat."""
    from test_online_shared import join, settle_wire, shared_host
    game, bots = make("spell-write", shipped)
    for attempt in range(60):
        host = shared_host("spell-write", 2, [1])
        wire = join(host, [1])
        for turn in range(40):
            settle_wire(wire)
            state = host.state
            if state.outcome is not None:
                break
            if game.needs_doubles_choice(state, first) and game.needs_doubles_choice(state, 1 - first):
                send(host, wire, first, {"type": "doubles", "choice": "reroll"})
                return host, wire, first
            seat = game.actors(state)[0]
            move = bots["medium"](game, game.view(state, seat), rng_for(attempt, seat, turn))
            if move["type"] == "doubles":  # not this round: the doubles' letter, to play on
                move = {"type": "doubles", "choice": "take"}
            send(host, wire, seat, {k: v for k, v in move.items() if k != "after_ms"})
    raise AssertionError("no round of doubles in 60 games")


def send(host: Any, wire: Any, seat: int, move: dict) -> None:
    from test_online_shared import settle_wire
    if seat == 0:
        wire.from_host(host.play_local(0, move))
    else:
        wire.from_guest("g1", wire.guests["g1"].move(move))
    settle_wire(wire)


def _reroll_events(host: Any) -> list[str]:
    return [label for label, _reveals in host.record.shared["events"] if label.startswith("spell-write:reroll:")]


@pytest.mark.parametrize("first", [0, 1], ids=["the host re-rolls first", "a guest re-rolls first"])
def test_online_the_re_roll_is_drawn_once_every_player_has_chosen(first):
    """Nobody's device, the host's included, holds the re-roll while a player still chooses:
    the re-roller waits, and the die is drawn with the last choice (bound to that move)."""
    from wordtable.engine.rng import START_MARK, action_mark
    from wordtable.verify import verify
    host, wire, reroller = _doubles_round_online(first)
    game, state = host.game, host.state
    drawn_before = _reroll_events(host)
    assert not any(label.startswith(f"spell-write:reroll:{state.round}@") for label in drawn_before)
    assert reroller in state.rerolling and reroller not in game.actors(state)
    view = game.view(state, reroller)
    assert view["reroll_waits"] and view["rerolled"] is None and view["choices"] == []
    state_dice = game.dice(state)
    d = state_dice[0]
    write = {"type": "write", "pick": [d - 1, d - 1], "at": _empty_square(state.sheets[reroller]), "words": []}
    if reroller == 0:
        with pytest.raises(IllegalMove, match="re-rolled once every player has chosen"):
            host.play_local(0, write)
    other = 1 - reroller
    choice = "take" if first == 0 else "reroll"  # the last choice draws the die, whichever it is
    send(host, wire, other, {"type": "doubles", "choice": choice})
    state = host.state
    new = [label for label in _reroll_events(host) if label not in drawn_before]
    assert len(new) == 1 and new[0].startswith(f"spell-write:reroll:{state.round}@")
    mark = START_MARK
    for index, (seat, move) in enumerate(host.record.moves):
        mark = action_mark(mark, index, seat, move)
    assert new[0].endswith("@" + mark)  # bound to the last choice: drawn after it, not before
    assert set(game.actors(state)) >= {reroller} and not game.view(state, reroller)["reroll_waits"]
    assert game.view(state, reroller)["rerolled"] in range(1, 7) and state_dice[0] == state_dice[1]
    assert verify(json.loads(json.dumps(host.record.to_json())), shipped).ok
    assert host.record.shared["rules"] == LEDGER_RULES >= 2  # the re-roll waits from rules 2 on


def _empty_square(sheet: Sheet) -> list[int]:
    index = sheet.grid.index(".")
    return [index // 4, index % 4]


def test_an_online_record_from_before_the_rules_versions_still_replays():
    """A table saved under online rules 1 (made by the app as it was on 23 November 2026: the
    re-roll drawn at the first re-roll) replays as it was played, and only under those rules."""
    from wordtable.engine.game import Record, replay_states
    from wordtable.verify import verify
    record = json.loads((FIXTURES / "spell-write-online-rules-1.json").read_text())
    assert "rules" not in record["shared"]
    verdict = verify(record, shipped)
    assert verdict.ok and verdict.finished, verdict.message
    game, _bots = make("spell-write", shipped)
    parsed = Record.from_json(record)
    states = list(replay_states(game, parsed))
    early = [index for index, ((seat, move), before) in enumerate(zip(parsed.moves, states))
             if move["type"] == "write" and seat in before.rerolling
             and any(game.needs_doubles_choice(before, other) for other in range(2))]
    assert early, "the fixture should hold a re-roller's letter written before the other player chose"
    relabelled = dict(record, shared=dict(record["shared"], rules=2))
    verdict = verify(relabelled, shipped)
    assert not verdict.ok and verdict.message.startswith(f"Move {early[0] + 1} ") \
        and "re-rolled once every player has chosen" in verdict.message, verdict.message


def test_a_record_under_online_rules_this_app_does_not_know_is_refused():
    from wordtable.verify import verify
    record = json.loads((FIXTURES / "spell-write-online-rules-1.json").read_text())
    for rules in (5, "2", True, None, 0):
        verdict = verify(dict(record, shared=dict(record["shared"], rules=rules)), shipped)
        assert not verdict.ok and "online rules this app does not know" in verdict.message, (rules, verdict.message)
    # Rules 4 are a game by link's (parts given ahead): a record played online cannot claim them.
    assert not verify(dict(record, shared=dict(record["shared"], rules=4)), shipped).ok


def test_on_one_device_a_re_roller_sees_the_die_at_once(game):
    """Pass-and-play keeps the numbered seed's rule: the re-roll is fixed by the seed, shown to
    the re-roller straight away (nobody else sees that screen)."""
    state = game.new({"players": 2}, seed_rolling(*[(d, d) for d in range(1, 7)]))
    state = game.apply(state, 0, {"type": "doubles", "choice": "reroll"})
    view = game.view(state, 0)
    assert 0 in game.actors(state) and not view["reroll_waits"] and view["rerolled"] in range(1, 7)


def test_an_oracle_sees_the_dice_to_come_and_no_other_bot_does(game):
    from wordtable.engine.bots import Oracle, ask_bot
    from wordtable.engine.rng import SharedSeed
    from wordtable.games.spell_write.bots import ORACLES
    from wordtable.games.spell_write.rules import ROUNDS
    state = game.new({"players": 2}, 7)
    luck = game.luck(state)
    assert luck["rolls"] == [list(roll(7, r)) for r in range(1, ROUNDS + 1)]
    assert luck["rerolls"] == [reroll(7, r) for r in range(1, ROUNDS + 1)]
    assert game.luck(replace(state, seed=SharedSeed("public", rules=2))) == {}  # online: drawn when it happens
    seen = {}
    for name, bot in {**BOTS, **ORACLES}.items():
        def spy(g, view, rng, bot=bot, name=name):
            seen[name] = "everything" in view and bool(view["everything"]["luck"])
            return bot(g, view, rng)
        if isinstance(bot, Oracle):
            spy = Oracle(spy)
        ask_bot(spy, game, state, 0, 3, 0)
    assert seen == {"easy": False, "medium": False, "hard": False, "oracle": True}


def test_with_the_same_rolls_the_oracle_scores_more_than_the_hard_bot(game):
    """Solo games, where both bots get the very same dice: seeing them coming is worth points."""
    from wordtable.games.spell_write.bots import ORACLES
    oracle = sum(play(game, [ORACLES["oracle"]], {"players": 1}, seed).state.sheets[0].score for seed in (1, 2, 3))
    hard = sum(play(game, [BOTS["hard"]], {"players": 1}, seed).state.sheets[0].score for seed in (1, 2, 3))
    assert oracle > hard, (oracle, hard)


def test_the_replay_says_what_every_players_turn_scored_bots_too(game):
    """Each step of the replay carries what each player's last turn scored (Python's notes), so
    a bot's score is explained like the player's: the points its notes give are its score."""
    from wordtable.engine.game import replay_states
    played = play(game, [BOTS["hard"], BOTS["medium"]], {"players": 2}, 5)
    states = list(replay_states(game, played.record))
    for (seat, move), before, after in zip(played.record.moves, states, states[1:]):
        if move["type"] != "write":
            continue
        notes = game.reveal(after)["last_turn"][seat]
        assert notes[0].startswith("wrote ")
        gained = sum(int(note.rsplit(": ", 1)[1].replace("−", "-")) for note in notes[1:] if ": " in note)
        assert gained == after.sheets[seat].score - before.sheets[seat].score, notes
    assert any(note.startswith("scored ") for notes in game.reveal(played.state)["last_turn"] for note in notes)
