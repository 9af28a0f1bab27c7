"""After the game (issue 46): every game's review of a finished game, turn by turn.

For every built game, over seeded games of its hard bot against its easy one: the best is never
worth less than what was played; every best the review names is legal where it was (its moves
replayed from that turn's state); no turn holds a secret its seat did not know then; and the
hard bot misses less than the easy one. A record that is not over or does not check is refused
with a message."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from wordtable import review
from wordtable.engine.bots import play
from wordtable.engine.game import Record, replay_states, shown_replay
from wordtable.games import BUILT_IN, make, reviewer_of
from wordtable.lexicon import store

lexicon_for = functools.lru_cache(maxsize=None)(store.load)
SEEDS = (3, 8, 21)
REVIEWED = BUILT_IN  # every built game declares its review (test_every_game_declares…)
MAX_MOVES = 3000


@functools.lru_cache(maxsize=None)
def played_games(game_id: str) -> tuple:
    """Seeded two-player games, seat 0 the hard bot and seat 1 the easy one."""
    game, bots = make(game_id, lexicon_for)
    return tuple(play(game, [bots["hard"], bots["easy"]], {"players": 2}, seed, MAX_MOVES) for seed in SEEDS)


def reviewed(game_id: str) -> list[tuple[Record, review.Review]]:
    return [(p.record, review.review(p.record.to_json(), lexicon_for)) for p in played_games(game_id)]


@pytest.mark.parametrize("game_id", REVIEWED)
def test_every_game_declares_how_its_turns_are_reviewed(game_id):
    reviewer = reviewer_of(game_id)
    assert isinstance(reviewer, review.Reviewer)
    assert reviewer.turn_name and reviewer.measure and reviewer.best_from


@pytest.mark.parametrize("game_id", REVIEWED)
def test_the_best_is_never_worth_less_than_what_was_played_and_is_legal_where_it_was(game_id):
    game, _bots = make(game_id, lexicon_for)
    for record, result in reviewed(game_id):
        assert all(game.outcome(played.state) is not None for played in played_games(game_id))
        states, _made = shown_replay(game, record, list(replay_states(game, record)))
        assert result.turns, f"{game_id}: a whole game reviewed to no turn at all"
        for seat in result.seats:
            assert any(turn.seat == seat for turn in result.turns), f"{game_id}: seat {seat} has no turn"
        for turn in result.turns:
            assert turn.best.points >= turn.played.points, (game_id, turn)
            assert 0 <= turn.step < len(states), (game_id, turn)
            state = states[turn.step]
            for move in turn.best_moves:
                state = game.apply(state, turn.seat, move)  # IllegalMove: the review named a best that is not
        json.dumps(result.to_json(), allow_nan=False)


@pytest.mark.parametrize("game_id", REVIEWED)
def test_no_turn_holds_a_secret_its_seat_did_not_know_then(game_id):
    game, _bots = make(game_id, lexicon_for)
    for record, result in reviewed(game_id):
        states = list(replay_states(game, record))  # as each seat saw the game: others' parts still hidden
        seats = game.seats(states[-1])
        for turn in result.turns:
            text = json.dumps(turn.to_json())
            later = [t.step for t in result.turns if t.seat == turn.seat and t.step > turn.step]
            until = min(later, default=len(states) - 1)
            for state in states[turn.step:until + 1]:
                own = [json.dumps(s) for s in game.secrets(state, turn.seat)]
                for other in [None, *range(seats)]:
                    if other == turn.seat:
                        continue
                    for secret in game.secrets(state, other):
                        if json.dumps(secret) not in own:
                            assert json.dumps(secret) not in text, (game_id, turn.seat, other, secret)


@pytest.mark.parametrize("game_id", REVIEWED)
def test_the_hard_bot_misses_less_than_the_easy_one(game_id):
    missed = {0: 0, 1: 0}
    for _record, result in reviewed(game_id):
        for turn in result.turns:
            missed[turn.seat] += turn.missed
    assert missed[0] < missed[1], (game_id, missed)


@pytest.mark.parametrize("game_id", REVIEWED)
def test_a_seats_review_is_its_part_of_the_whole_tables(game_id):
    record, whole = reviewed(game_id)[0]
    one = review.review(record.to_json(), lexicon_for, seat=1)
    assert one.seats == [1]
    assert [t.to_json() for t in one.turns] == [t.to_json() for t in whole.turns if t.seat == 1]


def test_a_game_not_over_or_that_does_not_check_is_refused_with_a_message():
    record = played_games("shrdlu")[0].record
    shorter = record.but(moves=record.moves[:3]).to_json()
    with pytest.raises(review.NotReviewable, match="once the game is over"):
        review.review(shorter, lexicon_for)
    broken = record.to_json()
    broken["moves"][0] = [0, {"type": "claim", "word": "zzzzz"}]
    with pytest.raises(review.NotReviewable, match="cannot be reviewed"):
        review.review(broken, lexicon_for)
    with pytest.raises(review.NotReviewable, match="cannot be reviewed"):
        review.review({"game": "chess"}, lexicon_for)
    with pytest.raises(review.NotReviewable, match="no seat 5"):
        review.review(record.to_json(), lexicon_for, seat=5)


def test_the_summary_and_the_line_to_share_hold_no_word():
    record, result = reviewed("shrdlu")[0]
    rows = result.summary()
    for row in rows:
        mine = [t for t in result.turns if t.seat == row["seat"]]
        assert row["played"] == sum(t.played.points for t in mine) and row["best"] == sum(t.best.points for t in mine)
        assert row["line"].startswith(f"scored {row['played']} of the {row['best']} cards")
    line = review.share_line(result, 0, "Shrdlu", "daily 2026-12-02")
    words = {w for t in result.turns for w in (*t.played.words, *t.best.words)}
    assert not any(word in line.lower() for word in words)
    assert line.count("\n") == 2 and len(line.splitlines()[2]) == len([t for t in result.turns if t.seat == 0])


FIXTURES = Path(__file__).parent / "fixtures"


def check_turns(game, record: Record, result: review.Review) -> None:
    states, _made = shown_replay(game, record, list(replay_states(game, record)))
    for turn in result.turns:
        assert turn.best.points >= turn.played.points, (record.game, turn)
        state = states[turn.step]
        for move in turn.best_moves:
            state = game.apply(state, turn.seat, move)


@pytest.mark.parametrize("game_id", REVIEWED)
def test_a_game_saved_before_this_change_is_reviewed(game_id):
    """Records kept from before shared randomness, and every golden record (each game's
    variants): all reviewed, every turn's best legal and worth at least what was played."""
    game, _bots = make(game_id, lexicon_for)
    old = json.loads((FIXTURES / f"{game_id}-before-shared-randomness-4242.json").read_text())
    golden = [entry["record"] for entry in json.loads((FIXTURES / "golden" / f"{game_id}.json").read_text())["games"]]
    reviewed_any = 0
    for data in [old, *golden]:
        record = Record.from_json(data)
        if game.outcome(deque(replay_states(game, record), maxlen=1)[0]) is None:
            continue  # a golden record cut short: not a finished game
        result = review.review(data, lexicon_for)
        assert result.turns
        check_turns(game, record, result)
        reviewed_any += 1
    assert reviewed_any >= 2


def test_the_page_gets_the_review_a_slice_at_a_time(call, bridge_session):
    record = played_games("shrdlu")[1].record.to_json()
    bridge_session.warm_slice_s = 0  # one turn per call
    calls, reply = 0, {"done": False}
    while not reply["done"]:
        answer = call("game.review", record=record, label="daily 2026-12-02")
        assert answer["ok"], answer
        reply, calls = answer["result"], calls + 1
    assert calls > 5
    whole = review.review(record, lexicon_for)
    assert reply["review"]["turns"] == whole.to_json()["turns"]
    assert reply["review"]["summary"][0]["share"] == review.share_line(whole, 0, "Shrdlu", "daily 2026-12-02")
    unfinished = {**record, "moves": record["moves"][:2]}
    refused = call("game.review", record=unfinished)
    assert not refused["ok"] and "once the game is over" in refused["error"]["message"]


def test_the_command_line_writes_records_and_analyzes_one(tmp_path):
    folder = tmp_path / "records"
    out = subprocess.run([sys.executable, "-m", "wordtable", "simulate", "shrdlu", "--games", "2", "--seed", "5",
                          "--levels", "hard,easy", "--records", str(folder)], capture_output=True, text=True, check=True)
    assert "2 games of shrdlu" in out.stdout
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["shrdlu-5.json", "shrdlu-6.json"]
    verified = subprocess.run([sys.executable, "-m", "wordtable", "verify", str(files[0])], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout
    analyzed = subprocess.run([sys.executable, "-m", "wordtable", "analyze", str(files[0]), "--seat", "1"],
                              capture_output=True, text=True, check=True)
    data = json.loads(analyzed.stdout)
    assert data["game"] == "shrdlu" and data["turns"] and {t["seat"] for t in data["turns"]} == {1}
    assert set(data["turns"][0]) >= {"seat", "turn", "played", "best"}
    assert set(data["turns"][0]["played"]) == {"words", "points"}
    assert [row["seat"] for row in data["summary"]] == [1]
    short = tmp_path / "short.json"
    record = json.loads(files[0].read_text())
    short.write_text(json.dumps({**record, "moves": record["moves"][:1]}))
    refused = subprocess.run([sys.executable, "-m", "wordtable", "analyze", str(short)], capture_output=True, text=True)
    assert refused.returncode == 1 and "once the game is over" in refused.stderr and not refused.stdout
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    unreadable = subprocess.run([sys.executable, "-m", "wordtable", "analyze", str(garbage)], capture_output=True, text=True)
    assert unreadable.returncode == 2 and "cannot read" in unreadable.stderr


def test_an_online_game_with_grids_kept_on_their_devices_is_reviewed_for_every_seat():
    """Online, a guest's grid stays on its device and the record holds only "written": the
    review takes each move as its owner showed it at the end, so the guests' words are reviewed
    as the host's are."""
    from test_online_owned import finish, owned_table
    host, wire = owned_table({"players": 3}, [1, 2], seed=3)
    finish(host, wire)
    data = host.record.to_json()
    assert {move["type"] for seat, move in data["moves"] if seat in (1, 2)} >= {"written"}
    result = review.review(data, lexicon_for)
    game, _bots = make("four-letter-words", lexicon_for)
    check_turns(game, Record.from_json(data), result)
    for seat in (1, 2):
        mine = [turn for turn in result.turns if turn.seat == seat]
        assert mine and any(turn.played.points > 0 for turn in mine), seat


def test_three_xs_keep_the_room_their_grid_keeps_and_may_be_the_best_answer():
    """The X variant: a seat that writes three Xs though the word fitted is credited with the
    words that still fit its grid after them, and where that is more than any place for the
    word, the Xs are the best."""
    from wordtable.engine.bots import ask_bot
    game, bots = make("four-letter-words", lexicon_for)
    checked = 0
    for seed in (1, 2, 3):
        options = game.Options.complete({"players": 2, "x_variant": True})
        state, record, answers = game.new(options, seed), Record(game.id, options, seed), 0
        while (actors := game.actors(state)) and len(record.moves) < MAX_MOVES:
            seat = actors[0]
            move = ask_bot(bots["hard"], game, state, seat, seed, len(record.moves))
            if seat == 0 and move["type"] == "place" and state.chooser != 0:
                answers += 1
                if answers in (3, 6):  # Xs in the first empty cells instead
                    empty = [i for i, ch in enumerate(state.grids[0]) if ch == "."][:3]
                    move = {"type": "xs", "cells": [[i // options["cols"], i % options["cols"]] for i in empty]}
            state = game.apply(state, seat, move)
            record.moves.append((seat, move))
        result = review.review(record.to_json(), lexicon_for, seat=0)
        states = list(replay_states(game, record))
        check_turns(game, record, result)
        for turn in result.turns:
            if record.moves[turn.step][1]["type"] == "xs":
                after = states[turn.step + 1]
                assert turn.played.points == len(game.fitting_words_for(after.grids[0], after.options))
                assert turn.best.points >= turn.played.points
                checked += turn.played.points > 0
    assert checked >= 4


def test_the_share_stays_between_nothing_and_all_where_points_can_be_lost():
    """Spell Write's crossed-off letters cost a point: a total below nothing is 0%, and where
    every position cost points, losing no more than the best was 100%."""
    assert review.share_of(45, 90) == 50 and review.share_of(90, 90) == 100
    assert review.share_of(-2, 90) == 0
    assert review.share_of(0, 0) == 100 and review.share_of(-1, -1) == 100 and review.share_of(-3, -1) == 0
