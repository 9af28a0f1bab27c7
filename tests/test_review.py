"""After the game (issue 46): every game's review of a finished game, turn by turn.

For every built game, over seeded games of its hard bot against its easy one: the best is never
worth less than what was played; every best the review names is legal where it was (its moves
replayed from that turn's state); no turn holds a secret its seat did not know then; and the
hard bot misses less than the easy one. A record that is not over or does not check is refused
with a message."""

from __future__ import annotations

import functools
import json

import pytest

from wordtable import review
from wordtable.engine.bots import play
from wordtable.engine.game import Record, replay_states, shown_replay
from wordtable.games import BUILT_IN, make, reviewer_of
from wordtable.lexicon import store

lexicon_for = functools.lru_cache(maxsize=None)(store.load)
SEEDS = (3, 8, 21)
MAX_MOVES = 3000


@functools.lru_cache(maxsize=None)
def played_games(game_id: str) -> tuple:
    """Seeded two-player games, seat 0 the hard bot and seat 1 the easy one."""
    game, bots = make(game_id, lexicon_for)
    return tuple(play(game, [bots["hard"], bots["easy"]], {"players": 2}, seed, MAX_MOVES) for seed in SEEDS)


def reviewed(game_id: str) -> list[tuple[Record, review.Review]]:
    return [(p.record, review.review(p.record.to_json(), lexicon_for)) for p in played_games(game_id)]


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_game_declares_how_its_turns_are_reviewed(game_id):
    reviewer = reviewer_of(game_id)
    assert isinstance(reviewer, review.Reviewer)
    assert reviewer.turn_name and reviewer.measure and reviewer.best_from


@pytest.mark.parametrize("game_id", BUILT_IN)
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


@pytest.mark.parametrize("game_id", BUILT_IN)
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


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_hard_bot_misses_less_than_the_easy_one(game_id):
    missed = {0: 0, 1: 0}
    for _record, result in reviewed(game_id):
        for turn in result.turns:
            missed[turn.seat] += turn.missed
    assert missed[0] < missed[1], (game_id, missed)


@pytest.mark.parametrize("game_id", BUILT_IN)
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
