"""Wordsmith's rules, one test (or more) per rule and variant of the seed, with its examples:
BAG then CAST from the same 8 pieces, GAB after BAG refused, "Done!" then one more word without
new pieces, 12 discards then every piece used, the bonus boxes; Secret Wordsmith, Word by Word,
Advanced, mixed levels and solo; and the bots' ladder."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

from wordtable.engine.bots import play, simulate
from wordtable.engine.errors import BadOptions, IllegalMove
from wordtable.engine.game import replay
from wordtable.games.wordsmith.bots import BOTS, candidates
from wordtable.games.wordsmith.rules import BOX, DIE, DONE_CLOCK_S, ROWS, State, Wordsmith, pieces_of
from wordtable.lexicon import store
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo

BAG_POOL = (3, 2, 1, 2)  # the rules' example: 3 red, 2 yellow, 1 blue, 2 green


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


@pytest.fixture(scope="module")
def game() -> Wordsmith:
    return Wordsmith(shipped)


def with_player(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def claim(word: str, row: int | None = None) -> dict:
    return {"type": "claim", "word": word} | ({} if row is None else {"row": row})


def refusal(game: Wordsmith, state: State, seat: int, move: dict) -> str:
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, seat, move)
    return str(refused.value)


def table(game: Wordsmith, players: int = 2, pool=BAG_POOL, **options) -> State:
    state = game.new({"players": players, **options}, 1)
    for seat in range(players):
        state = with_player(state, seat, pool=pool)
    return state


def test_the_box_and_the_dice():
    assert BOX == (40, 40, 20, 20)  # red, yellow, blue, green
    assert sorted(DIE) == ["blue-star", "green-star", "red", "red", "yellow", "yellow"]


def test_single_letters_are_not_words_here(game):
    state = table(game, pool=(1, 0, 0, 0))
    assert "i" in shipped("wordsmith") and "at least 2 letters" in refusal(game, state, 0, claim("i"))
    assert "no spaces" in refusal(game, table(game), 0, claim("b a g"))
    assert all(len(m["word"]) >= 2 for m in game.legal_moves(table(game), 0) if m["type"] == "claim")


# -- setup ---------------------------------------------------------------------------------------

def test_a_challenge_starts_with_the_same_eight_pieces_for_everyone(game):
    for seed in range(30):
        state = game.new({"players": 4}, seed)
        pools = {p.pool for p in state.players}
        assert len(pools) == 1 and sum(pools.pop()) == 8
        assert len(state.setup) == 8 and all(face in DIE for face in state.setup)
        # A star at setup gives its own colour: the pool is exactly the faces' colours.
        colours = [face.removesuffix("-star") for face in state.setup]
        assert state.players[0].pool == tuple(colours.count(k) for k in ("red", "yellow", "blue", "green"))
        assert state.supply == tuple(b - 4 * n for b, n in zip(BOX, state.players[0].pool))
    assert game.new({"players": 2}, 7) == game.new({"players": 2}, 7)  # the seed decides


def test_the_setup_is_rolled_again_when_the_box_cannot_give_everyone_the_same_pieces(game):
    for seed in range(300):
        state = game.new({"players": 4}, seed)
        assert all(n >= 0 for n in state.supply)


# -- claiming ------------------------------------------------------------------------------------

def test_bag_then_cast_from_the_same_eight_pieces(game):
    state = table(game)
    assert pieces_of("bag") == BAG_POOL == pieces_of("cast")
    state = game.apply(state, 0, claim("bag"))
    me = state.players[0]
    assert me.rows[0] == "bag" and me.pool == BAG_POOL and me.discards == 0  # the word's pieces stay
    state = game.apply(state, 0, claim("cast"))
    assert state.players[0].rows[:2] == ("bag", "cast")


def test_gab_after_bag_is_refused_for_want_of_a_new_letter(game):
    state = game.apply(table(game), 0, claim("bag"))
    assert "No new letter" in refusal(game, state, 0, claim("gab"))
    # The other player has no previous word: GAB is theirs to claim.
    assert game.apply(state, 1, claim("gab")).players[1].rows[0] == "gab"


# Words of the new-letter examples, in a dictionary of their own: each is alone with its pieces,
# so the bots' search (one word per group of words taking the same pieces) must consider it.
NEW_LETTER_WORDS = ["lo", "loo", "too", "toot", "to", "tot", "see", "sees", "bag", "gab"]


@pytest.fixture(scope="module")
def small() -> Wordsmith:
    own = Lexicon.from_words(LexiconInfo("custom:small", "Small", "", "", 2), NEW_LETTER_WORDS)
    return Wordsmith(lambda name: own)


def after_claiming(game: Wordsmith, previous: str, then_pool: str) -> State:
    """Seat 0 has claimed `previous`, and its pool builds `then_pool` (as if it had rolled)."""
    state = game.new({"players": 2, "lexicon": "custom:small"}, 1)
    state = game.apply(with_player(state, 0, pool=pieces_of(previous)), 0, claim(previous))
    return with_player(state, 0, pool=pieces_of(then_pool))


def bot_words(game: Wordsmith, state: State) -> set[str]:
    """Every word a bot that knows them all may claim from seat 0's pool."""
    pool = state.players[0].pool
    return {word for word, _over, _row in candidates(game, game.view(state, 0), pool, 0, 1.0, random.Random(1))}


@pytest.mark.parametrize("previous, word", [("lo", "loo"), ("too", "toot"), ("see", "sees")])
def test_a_repeated_letter_is_a_new_letter(small, previous, word):
    """"Valid words include at least one new letter": a second O (T, S) is one, since building
    it is not moving letters around."""
    state = after_claiming(small, previous, word)
    assert small.apply(state, 0, claim(word)).players[0].claimed == (previous, word)
    # The app's own search (which ends a challenge nobody can go on in) and the bots agree; the
    # bots in a dictionary of the two words alone, as a bot thinks of the commonest word of a
    # group taking the same pieces first (TOO before LOO).
    assert {"type": "claim", "word": word} in small.claimable(state, 0)
    own = Lexicon.from_words(LexiconInfo("custom:pair", "Pair", "", "", 2), [previous, word])
    pair = Wordsmith(lambda name: own)
    assert word in bot_words(pair, after_claiming(pair, previous, word))


@pytest.mark.parametrize("previous, word", [("bag", "gab"), ("too", "to"), ("toot", "tot"), ("sees", "see")])
def test_moving_letters_around_or_leaving_some_out_is_refused(small, previous, word):
    state = after_claiming(small, previous, previous)
    p = previous.upper()
    assert refusal(small, state, 0, claim(word)) == (
        f"No new letter: “{word.upper()}” only moves letters of your previous word {p} around; "
        f"a new word needs a letter {p} lacks, or one of its letters more times than {p} has it.")
    assert {"type": "claim", "word": word} not in small.claimable(state, 0)
    assert word not in bot_words(small, state)
    assert small.view(state, 0)["players"][0]["next_word_needs"] == \
        f"a letter {p} lacks, or one of its letters more times than {p} has it"

def test_a_word_claimed_by_anyone_this_challenge_is_refused(game):
    state = game.apply(table(game), 0, claim("bag"))
    assert "Already claimed" in refusal(game, state, 1, claim("bag"))
    state = game.apply(state, 0, claim("cast"))
    assert "you claimed" in refusal(game, state, 0, claim("bag"))


def test_a_word_not_in_the_dictionary_or_not_built_by_the_pool_is_refused(game):
    state = table(game)
    assert pieces_of("bga") == BAG_POOL and "bga" not in shipped("wordsmith")
    assert "Not a valid word" in refusal(game, state, 0, claim("bga"))
    lacks = refusal(game, state, 0, claim("boo"))  # O takes two blue arcs; the pool has one
    assert "cannot build “BOO”" in lacks and "blue" in lacks
    assert "cannot be built" in refusal(game, state, 0, claim("café"))
    assert "Type a word" in refusal(game, state, 0, claim("  "))


def test_hyphens_and_apostrophes_count_as_letters(game):
    word = "don't"
    state = table(game, pool=pieces_of(word))
    after = game.apply(state, 0, claim(word))
    assert after.players[0].rows[0] == word
    # The shipped lists (SCOWL) hold no hyphenated word; a player's own list may.
    own = Lexicon.from_words(LexiconInfo("custom:mine", "Mine", "", "", 3), ["bag", "cast", "x-ray"])
    with_own = Wordsmith(lambda name: own)
    state = with_own.new({"players": 2, "lexicon": "custom:mine"}, 1)
    state = with_player(state, 0, pool=pieces_of("x-ray"))
    state = with_own.apply(state, 0, claim("x-ray"))
    assert state.players[0].rows[0] == "x-ray" and state.players[0].pool == pieces_of("x-ray")


def test_leftover_pieces_tick_discard_boxes_and_go_back_to_the_box(game):
    state = table(game, pool=(5, 2, 1, 2))
    before = state.supply
    after = game.apply(state, 0, claim("bag"))
    me = after.players[0]
    assert me.discards == 2 and me.pool == BAG_POOL and after.supply == (before[0] + 2, *before[1:])
    assert me.bonus == 6  # the first six boxes are free


def test_the_blue_boxes_are_bonus_points_while_unticked(game):
    state = with_player(table(game, pool=(5, 2, 1, 2)), 0, discards=7)
    after = game.apply(state, 0, claim("bag"))
    assert after.players[0].discards == 9 and after.players[0].bonus == 3


def test_after_twelve_discards_every_word_uses_every_piece(game):
    state = with_player(table(game, pool=(4, 2, 1, 2)), 0, discards=12)
    assert "must use every piece" in refusal(game, state, 0, claim("bag"))
    exact = with_player(state, 0, pool=BAG_POOL)
    assert game.apply(exact, 0, claim("bag")).players[0].discards == 12
    # With fewer boxes left than pieces over, the claim is refused too.
    two_left = with_player(table(game, pool=(6, 2, 1, 2)), 0, discards=10)
    assert "2 discard boxes left" in refusal(game, two_left, 0, claim("bag"))


# -- rolling -------------------------------------------------------------------------------------

def test_rolling_adds_the_rolled_piece_or_a_choice_for_a_star(game):
    state = table(game)
    kinds_seen, picks = set(), 0
    for _ in range(30):
        before = state.players[0]
        state = game.apply(state, 0, {"type": "roll"})
        me = state.players[0]
        if me.picks:
            picks += 1
            assert me.pool == before.pool
            assert "Choose the piece" in refusal(game, state, 0, {"type": "roll"})
            assert "Choose the piece" in refusal(game, state, 0, claim("bag"))
            state = game.apply(state, 0, {"type": "take", "piece": "blue"})
            assert state.players[0].pool[2] == before.pool[2] + 1
        else:
            added = [k for k in range(4) if me.pool[k] != before.pool[k]]
            assert len(added) == 1 and added[0] in (0, 1)  # only red and yellow faces are not stars
            kinds_seen.add(added[0])
    assert picks and kinds_seen == {0, 1}
    assert "no piece to choose" in refusal(game, state, 0, {"type": "take", "piece": "red"})


def test_a_sold_out_kind_becomes_a_choice_and_an_empty_box_cannot_be_rolled(game):
    state = replace(table(game), supply=(0, 0, 3, 0))
    state = game.apply(state, 0, {"type": "roll"})
    assert state.players[0].picks == 1
    assert "no red pieces left" in refusal(game, state, 0, {"type": "take", "piece": "red"})
    state = game.apply(state, 0, {"type": "take", "piece": "blue"})
    assert state.supply == (0, 0, 2, 0)
    empty = replace(table(game), supply=(0, 0, 0, 0))
    assert "box is empty" in refusal(game, empty, 0, {"type": "roll"})


def test_a_star_rolled_as_the_box_runs_out_lapses(game):
    state = with_player(replace(table(game), supply=(0, 0, 0, 1)), 1, picks=1)
    state = game.apply(state, 1, {"type": "take", "piece": "green"})  # the last piece in the box
    assert state.supply == (0, 0, 0, 0)
    stuck = with_player(state, 0, picks=1)
    after = game.apply(stuck, 1, {"type": "stop"})   # any move settles the table: the choice lapses
    assert after.players[0].picks == 0
    assert game.apply(after, 0, claim("bag")).players[0].rows[0] == "bag"
    for level, bot in BOTS.items():  # and no bot is asked to choose from an empty box
        assert bot(game, game.view(after, 0), random.Random(1)) is not None, level


# -- the end of a challenge ----------------------------------------------------------------------

def five_words(game: Wordsmith, state: State, seat: int) -> State:
    return with_player(state, seat, claimed=("bag", "cast", "act", "bat", "tab"), order=(0, 1, 2, 3, 4))


def test_done_then_one_more_word_without_new_pieces(game):
    state = five_words(game, table(game, players=3), 0)
    state = game.apply(state, 0, claim("cab"))
    assert state.done_by == 0 and state.players[0].finished == "six words"
    deadline = game.deadline(state)
    assert deadline.after_ms == DONE_CLOCK_S * 1000 and deadline.seat == 0
    assert "no more pieces" in refusal(game, state, 1, {"type": "roll"})
    assert "done for this challenge (six words)" in refusal(game, state, 0, claim("gas"))
    state = game.apply(state, 1, claim("gab"))
    assert state.players[1].finished and "last word" in state.players[1].finished
    assert state.challenge == 1
    state = game.apply(state, 2, {"type": "stop"})
    assert state.challenge == 2 and state.results[0].ended.startswith("“Done!”")
    assert state.results[0].scores == (3 + 4 + 3 + 3 + 3 + 3 + 6, 3 + 6, 6)


def test_the_clock_after_done_ends_the_challenge(game):
    state = game.apply(five_words(game, table(game), 0), 0, claim("cab"))
    assert game.epoch(state) == [1, 0]
    after = game.expire(state)
    assert after.challenge == 2 and after.results[0].ended == "time for the last words ran out"
    assert "clock" in refusal(game, state, 1, {"type": "time-up"})


def test_a_player_who_can_find_no_word_is_finished_and_the_challenge_ends(game):
    # After "Done!" nothing may be added; a pool of one yellow piece builds only - and ' (not words).
    state = five_words(game, table(game), 0)
    state = with_player(state, 1, pool=(0, 1, 0, 0))
    assert game.word_possible(state, 1)  # before "Done!" the box could still add pieces
    assert not game.word_possible(replace(state, done_by=0), 1)
    state = game.apply(state, 0, claim("cab"))
    assert state.challenge == 2 and state.results[0].ended.startswith("“Done!”")
    assert not any(row.word for row in state.results[0].rows[1])


def test_a_challenge_ends_before_done_when_nobody_can_claim_another_word(game):
    # Every box ticked, the box empty, and pools that build no word using every piece.
    state = replace(table(game, pool=(0, 1, 0, 0)), supply=(0, 0, 0, 0))
    state = with_player(with_player(state, 0, discards=12), 1, discards=12, pool=(5, 0, 0, 0))
    assert not game.word_possible(state, 0) and not game.word_possible(state, 1)
    after = game.apply(table(game), 0, {"type": "stop"})
    assert after.challenge == 1  # one player stopping does not end it
    ended = game.apply(with_player(state, 1, pool=BAG_POOL, discards=0), 1, {"type": "stop"})
    assert ended.challenge == 2 and ended.results[0].ended == "nobody could claim another word"


def test_how_a_challenge_ended_speaks_to_a_player_alone_as_you(game):
    state = game.apply(table(game, players=1), 0, {"type": "stop"})
    assert state.results[0].ended == "you stopped"  # not "everyone stopped", in a solo daily
    state = game.apply(table(game), 0, {"type": "stop"})
    assert game.apply(state, 1, {"type": "stop"}).results[0].ended == "everyone stopped"


def test_three_challenges_most_points_wins_and_a_tie_shares(game):
    state = table(game, challenges=2)
    for _ in range(2):
        state = game.apply(state, 0, {"type": "stop"})
        state = game.apply(state, 1, {"type": "stop"})
    assert state.outcome is not None and state.outcome.winners == (0, 1)  # 6 bonus points each
    assert [r.scores for r in state.results] == [(6, 6), (6, 6)]
    three = game.new({"players": 2}, 3)
    assert three.options.challenges == 3


# -- variants ------------------------------------------------------------------------------------

def test_secret_wordsmith_checks_the_sheets_at_the_end(game):
    state = table(game, secret=True)
    state = game.apply(state, 0, claim("bag"))
    state = game.apply(state, 0, claim("gab"))     # no new letter: accepted now, scores 0 later
    state = game.apply(state, 1, claim("bag"))     # the same word on two sheets is allowed
    state = game.apply(state, 1, claim("cast"))
    assert game.view(state, 1)["players"][0]["rows"] == [None] * ROWS   # hidden from the others
    assert game.view(state, 0)["players"][0]["rows"][:2] == ["bag", "gab"]
    assert game.secrets(state, 0) == [list(state.players[0].rows)]
    state = game.apply(game.apply(state, 0, {"type": "stop"}), 1, {"type": "stop"})
    sheet0 = state.results[0].rows[0]
    assert (sheet0[0].points, sheet0[1].points) == (3, 0) and "No new letter" in sheet0[1].refusal
    assert state.results[0].rows[1][0].points == 3


def test_secret_wordsmith_scores_a_repeat_of_your_own_word_zero(game):
    state = table(game, secret=True, challenges=1)
    for word in ("bag", "cast", "bag"):
        state = game.apply(state, 0, claim(word))
    state = game.apply(game.apply(state, 0, {"type": "stop"}), 1, {"type": "stop"})
    rows = state.results[0].rows[0]
    assert [r.points for r in rows[:3]] == [3, 4, 0] and "Already claimed: you" in rows[2].refusal


def test_secret_advanced_checks_the_required_letter_at_the_end(game):
    state = replace(table(game, secret=True, advanced=True, challenges=1), required="gtsbxa")
    state = game.apply(state, 0, claim("bag", 1))  # row 2 asks for a T: accepted now
    state = game.apply(game.apply(state, 0, {"type": "stop"}), 1, {"type": "stop"})
    row = state.results[0].rows[0][1]
    assert row.points == 0 and "required letter T" in row.refusal


def test_secret_wordsmith_gives_zero_to_a_word_not_in_the_dictionary(game):
    state = table(game, secret=True, challenges=1)
    state = game.apply(state, 0, claim("bga"))
    state = game.apply(game.apply(state, 0, {"type": "stop"}), 1, {"type": "stop"})
    row = state.results[0].rows[0][0]
    assert row.points == 0 and "Not a valid word" in row.refusal


def test_word_by_word_with_dice_rolls_three_dice_for_everyone(game):
    state = game.new({"players": 2, "word_by_word": "dice"}, 4)
    faces = state.last_roll
    assert len(faces) == 3 and not all(f.endswith("star") for f in faces) and state.word_round == 1
    reds = faces.count("red")
    stars = sum(f.endswith("star") for f in faces)
    setup = game.new({"players": 2}, 4).players[0].pool
    for player in state.players:
        assert player.pool[0] == setup[0] + reds and player.circles == stars
    assert "nobody rolls" in refusal(game, state, 0, {"type": "roll"})


def test_word_by_word_with_dice_waits_for_everyone_before_the_next_roll(game):
    state = table(game, word_by_word="dice")
    state = with_player(with_player(state, 0, circles=0), 1, circles=0)
    state = game.apply(state, 0, claim("bag"))
    assert state.players[0].waiting and "Wait for the others" in refusal(game, state, 0, claim("cast"))
    rolls = state.word_round
    state = game.apply(state, 1, {"type": "pass"})
    assert state.word_round == rolls + 1 and not any(p.waiting for p in state.players)


def test_word_by_word_with_dice_circles_are_any_piece_and_unspent_ones_tick_boxes(game):
    state = table(game, pool=(3, 2, 0, 2), word_by_word="dice")
    state = with_player(state, 0, circles=2)
    after = game.apply(state, 0, claim("bag"))        # one circle becomes the blue arc
    assert after.players[0].discards == 1 and after.players[0].circles == 0
    assert after.players[0].pool == BAG_POOL
    none_left = with_player(state, 0, circles=0)
    assert "lacks 1 blue" in refusal(game, none_left, 0, claim("bag"))
    passed = game.apply(with_player(state, 1, circles=1), 1, {"type": "pass"})
    assert passed.players[1].circles == 1  # kept until the next roll (the other has not claimed yet)


def test_word_by_word_with_dice_a_sold_out_piece_becomes_a_circle(game):
    state = replace(table(game, word_by_word="dice"), supply=(0, 0, 5, 5))
    state = with_player(with_player(state, 0, circles=0), 1, circles=0)
    rolled = game.apply(game.apply(state, 0, {"type": "pass"}), 1, {"type": "pass"})
    faces = rolled.last_roll
    assert rolled.players[0].pool == BAG_POOL and rolled.players[0].circles == len(faces)


def test_word_by_word_with_dice_ends_when_everyone_has_six_words(game):
    played = play(game, [BOTS["hard"], BOTS["hard"]], {"players": 2, "word_by_word": "dice", "challenges": 1}, 8)
    result = played.state.results[0]
    assert played.state.outcome and result.ended == "everyone has six words"
    assert all(row.word for sheet in result.rows for row in sheet)
    assert {m["type"] for _s, m in played.record.moves} <= {"claim", "pass"}


# -- Word by Word, plain: "Players claim and score words one at a time. After claiming a word, a
# player waits for everyone else to claim their words. Solo players just move on to the next
# word." Pieces come as in the basic game (own die); "Done!" as in the basic game.

def test_plain_word_by_word_a_player_who_claimed_waits_for_everyone(game):
    state = table(game, word_by_word="plain")
    assert state.word_round == 1 and state.last_roll == () and game.epoch(state) == [1, 1]
    state = game.apply(state, 0, claim("bag"))
    assert state.players[0].waiting and game.actors(state) == [1]
    waiting = "Wait for the others to claim their word: then everyone goes on to the next word."
    assert refusal(game, state, 0, claim("cast")) == waiting
    assert refusal(game, state, 0, {"type": "roll"}) == waiting
    state = game.apply(state, 1, {"type": "roll"})          # the other still gathers pieces for it
    state = game.apply(with_player(state, 1, picks=0), 1, claim("cast"))
    assert state.word_round == 2 and game.epoch(state) == [1, 2]
    assert not any(p.waiting for p in state.players) and game.actors(state) == [0, 1]
    assert state.last_roll == () and all(p.circles == 0 and p.word_rolls == 0 for p in state.players)


def test_plain_word_by_word_pieces_come_from_your_own_die_and_nobody_passes(game):
    state = table(game, word_by_word="plain")
    rolled = game.apply(state, 0, {"type": "roll"})
    me = rolled.players[0]
    assert me.rolls == me.word_rolls == 1 and (sum(me.pool) == sum(BAG_POOL) + 1 or me.picks == 1)
    assert {"type": "roll"} in game.legal_moves(state, 0) and {"type": "pass"} not in game.legal_moves(state, 0)
    assert "Passing is for Word by Word with three dice a word" in refusal(game, state, 0, {"type": "pass"})


def test_plain_word_by_word_solo_players_just_move_on_to_the_next_word(game):
    state = game.apply(table(game, players=1, word_by_word="plain"), 0, claim("bag"))
    assert not state.players[0].waiting and state.word_round == 2 and game.actors(state) == [0]


def test_plain_word_by_word_the_sixth_word_calls_done(game):
    state = table(game, players=3, word_by_word="plain")
    for seat in range(3):
        state = five_words(game, state, seat)
    state = game.apply(state, 0, claim("cab"))
    assert state.done_by == 0 and game.deadline(state).after_ms == DONE_CLOCK_S * 1000
    assert "no more pieces" in refusal(game, state, 1, {"type": "roll"})
    state = game.apply(state, 1, claim("gab"))             # their sixth, in step: the last one
    assert state.players[1].finished == "six words" and state.done_by == 0 and state.challenge == 1
    state = game.apply(state, 2, {"type": "stop"})
    assert state.challenge == 2 and state.results[0].ended == "“Done!” and the last words claimed"


def test_plain_word_by_word_with_bots_keeps_everyone_in_step(game):
    played = play(game, [BOTS["hard"], BOTS["medium"], BOTS["easy"]],
                  {"players": 3, "word_by_word": "plain", "challenges": 1}, 5)
    assert played.state.outcome is not None and replay(game, played.record) == played.state
    assert any(move["type"] == "roll" for _seat, move in played.record.moves)
    state = game.new(played.record.options, played.record.seed)
    for seat, move in played.record.moves:
        before = len(state.players[seat].claimed)
        state = game.apply(state, seat, move)
        if move["type"] == "claim" and state.challenge == 1:
            # Nobody claims a word before every player still playing has claimed the one before.
            behind = [len(p.claimed) for p in state.players if not p.finished or p.finished == "six words"]
            assert before < min(behind) + 1, (seat, move)


def test_saves_from_before_the_plain_reading_keep_playing_word_by_word_with_dice(game):
    """Word by Word was a yes/no option, yes being three dice a word: old saves still say so."""
    for old, now in ((True, "dice"), (False, "off")):
        assert game.new({"players": 2, "word_by_word": old}, 3).options.word_by_word == now
        assert game.new({"players": 2, "word_by_word": old}, 3) == game.new({"players": 2, "word_by_word": now}, 3)
    for bad in (1, 0, "yes", "Plain", None):
        with pytest.raises(BadOptions, match="Word by Word (is one of: off, plain, dice|must be text)."):
            game.new({"players": 2, "word_by_word": bad}, 3)


def test_advanced_required_letters_and_rows(game):
    state = game.new({"players": 2, "advanced": True}, 2)
    assert len(state.required) == ROWS and state.required in shipped("wordsmith")
    state = replace(table(game, advanced=True), required="gtsbxa")
    assert "Choose the row" in refusal(game, state, 0, claim("bag"))
    assert "required letter T" in refusal(game, state, 0, claim("bag", 1))
    state = game.apply(state, 0, claim("bag", 5))       # any empty row with its letter
    assert state.players[0].rows[5] == "bag"
    assert "already holds BAG" in refusal(game, state, 0, claim("cast", 5))
    plain = table(game)
    assert "only in the Advanced game" in refusal(game, plain, 0, claim("bag", 0))


def test_advanced_random_letters(game):
    letters = [game.new({"players": 1, "advanced": True, "required_from": "random"}, s).required for s in range(50)]
    assert all(len(x) == ROWS and x.isalpha() for x in letters)
    together = "".join(letters)
    assert together.count("e") > together.count("z")  # by English frequency


def test_mixed_levels_cross_out_white_boxes(game):
    state = table(game, crossed=[6, 0])
    me = state.players[0]
    assert me.crossed == 6 and me.boxes_left == 6 and me.bonus == 6
    after = game.apply(with_player(state, 0, pool=(4, 2, 1, 2)), 0, claim("bag"))
    assert after.players[0].bonus == 5  # the first discard already ticks a blue box
    for bad in ([7, 0], [0], [0, 0, 0], ["1", 0], [True, 0]):
        with pytest.raises(BadOptions):
            game.new({"players": 2, "crossed": bad}, 1)


def test_solo_ends_a_challenge_at_six_words(game):
    state = five_words(game, table(game, players=1), 0)
    state = game.apply(state, 0, claim("cab"))
    assert state.challenge == 2 and state.results[0].scores[0] > 0 and state.results[0].ended == "six words"


def test_moves_from_an_earlier_challenge_are_stale(game):
    state = table(game)
    assert game.epoch(state) == [1, 0]
    later = game.apply(game.apply(state, 0, {"type": "stop"}), 1, {"type": "stop"})
    assert game.epoch(later) == [2, 0]


# -- bots ----------------------------------------------------------------------------------------

def test_every_variant_plays_to_the_end_with_bots(game):
    for options in ({"players": 3}, {"players": 2, "secret": True}, {"players": 2, "advanced": True},
                    {"players": 3, "word_by_word": "dice", "advanced": True, "required_from": "random"},
                    {"players": 3, "word_by_word": "plain"}, {"players": 2, "word_by_word": "plain", "secret": True},
                    {"players": 1}, {"players": 4, "crossed": [0, 6, 3, 0]}):
        played = play(game, [BOTS[level] for level in ("hard", "easy", "medium", "hard")[:options["players"]]],
                      options, 21)
        assert played.state.outcome is not None, options
        assert len(played.state.results) == 3
        assert replay(game, played.record) == played.state


def test_the_hard_bot_beats_the_easy_bot_in_at_least_70_percent_of_200_games(game):
    first = simulate(game, [BOTS["hard"], BOTS["easy"]], {"players": 2}, 100, 1)
    second = simulate(game, [BOTS["easy"], BOTS["hard"]], {"players": 2}, 100, 1001)
    wins = first["wins"]["0"] + second["wins"]["1"]
    assert wins >= 140, (first, second)


def test_an_oracle_sees_the_next_roll_and_no_other_bot_does(game):
    """Luck (for oracles in simulations only): each player's next roll is what rolling gives."""
    from wordtable.engine.bots import Oracle, ask_bot
    from wordtable.games.wordsmith.bots import ORACLES
    from wordtable.games.wordsmith.rules import KINDS
    state = table(game)
    for _ in range(20):
        face = game.luck(state)["next_roll"][0]
        before = state.players[0]
        state = game.apply(state, 0, {"type": "roll"})
        if face.endswith("star"):
            assert state.players[0].picks == before.picks + 1
            state = game.apply(state, 0, {"type": "take", "piece": "blue"})
        else:
            assert state.players[0].pool[KINDS.index(face)] == before.pool[KINDS.index(face)] + 1
    seen = {}
    for name, bot in {**BOTS, **ORACLES}.items():
        def spy(g, view, rng, bot=bot, name=name):
            seen[name] = "everything" in view and "next_roll" in view["everything"]["luck"]
            return bot(g, view, rng)
        if isinstance(bot, Oracle):
            spy = Oracle(spy)
        ask_bot(spy, game, table(game), 0, 3, 0)
    assert seen == {"easy": False, "medium": False, "hard": False, "oracle": True}


def test_online_nothing_is_luck_before_it_is_drawn(game):
    """An online table's rolls are drawn when they happen: there is nothing to foresee."""
    from wordtable.engine.rng import SharedSeed
    assert game.luck(table(game))["next_roll"]
    assert game.luck(replace(table(game), seed=SharedSeed("public", rules=2))) == {}


def test_the_oracle_counts_a_sold_out_face_as_a_free_choice(game):
    """A rolled kind that is sold out lets the roller choose, like a star (the rules): the
    oracle's roll pays when some kind left in the box gives a better word."""
    from wordtable.games.wordsmith import bots
    from wordtable.games.wordsmith.rules import KINDS
    state = game.new({"players": 1, "challenges": 1}, 1)
    face = game.luck(state)["next_roll"][0]
    assert not face.endswith("star")
    state = replace(state, supply=tuple(0 if kind == face else n for kind, n in zip(KINDS, state.supply)))
    assert game.apply(state, 0, {"type": "roll"}).players[0].picks == 1  # the rules: a choice
    view = {**game.view(state, 0), "everything": {**game.reveal(state), "luck": game.luck(state)}}
    pool = bots._pieces(view["players"][0]["pool"])
    choice = bots._choose("oracle", view, bots.candidates(game, view, pool, 0, 1.0, random.Random(0)), random.Random(0))
    assert bots._roll_pays(game, view, pool, choice, random.Random(0))


def test_the_players_panel_counts_the_sheet_as_the_challenge_will(game):
    """Each player's "score" in a view is the current sheet's points (a point a letter and the
    bonus) as the challenge's end scores it; the panel showed the finished challenges' total,
    0 during the first, while the sheet showed 8. Hidden in Secret Wordsmith for the others."""
    from wordtable.engine.game import replay_states
    played = play(game, [BOTS["hard"], BOTS["medium"]], {"players": 2, "challenges": 2}, 5)
    states = list(replay_states(game, played.record))
    checked = 0
    for state in states:
        if state.outcome is not None:
            continue
        for seat, shown in enumerate(game.view(state, 0)["players"]):
            rows = game._score_sheet(state, seat)
            assert shown["score"] == sum(row.points for row in rows) + state.players[seat].bonus
            checked += shown["score"] > 0
    assert checked > 10
    secret = game.new({"players": 2, "secret": True}, 5)
    assert [p["score"] for p in game.view(secret, 0)["players"]] == [secret.players[0].score, None]
