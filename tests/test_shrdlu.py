"""Shrdlu: every card with passing and failing words, the rules' example, the deal, rounds,
"shrdlu!" calls, the tiebreak, the solver against a brute-force scan, bots and simulate."""

import functools
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from wordtable.engine.bots import play
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Deadline, Record, replay
from wordtable.games.shrdlu.bots import BOTS
from wordtable.games.shrdlu.rules import CARDS, DECK, Shrdlu, breaks, solve
from wordtable.lexicon import store

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


@pytest.fixture(scope="module")
def game():
    return Shrdlu(shipped)


def obeys(card: str, word: str, position: int) -> bool:
    return CARDS[card].fits(word, position)


# -- each card -----------------------------------------------------------------------------------

@pytest.mark.parametrize("card, word, position, expected", [
    ("etaoin", "night", 0, True), ("etaoin", "light", 0, False),
    ("shrdlu", "light", 0, True), ("shrdlu", "night", 0, False),
    ("cmfwyp", "mouse", 0, True), ("cmfwyp", "house", 0, False),
    ("aeiou", "bread", 2, True), ("aeiou", "bread", 1, False),
    # adjacent to ANOTHER letter of the word, anywhere in it
    ("adjacent", "abbey", 0, True),    # A with B
    ("adjacent", "ghost", 0, True),    # G with H
    ("adjacent", "night", 4, False),   # T: no S or U in the word
    ("adjacent", "stone", 4, False),   # E: no D or F in the word
    # earliest: nothing earlier in the word; a second copy of the same letter is fine
    ("earliest", "bread", 3, True), ("earliest", "night", 2, True), ("earliest", "night", 1, False), ("earliest", "aloha", 0, True),
    # later than the previous letter; on the first card, later than the final letter
    ("later", "night", 4, True), ("later", "night", 2, False),
    ("later", "toned", 0, True),       # T later than the final D
    ("later", "dance", 0, False),      # D is not later than the final E
    ("later", "sheep", 3, False),      # E is not later than E
    # repeat any of the final 3 letters, never itself
    ("repeat-final-3", "sheep", 2, True),   # E, like the E in position 4
    ("repeat-final-3", "sheep", 3, True),   # E, like the E in position 3
    ("repeat-final-3", "night", 4, False),  # T is one of the final three, but only itself
    ("repeat-final-3", "tacit", 0, True),   # T like the final T
    ("repeat-final-3", "tacit", 1, False),  # A: not among C, I, T
    ("only-1", "night", 2, True), ("only-1", "sheep", 2, False),
    ("repeat-any", "sheep", 2, True), ("repeat-any", "tacit", 0, True), ("repeat-any", "night", 0, False),
    ("*", "xylyl", 3, True), ("*6", "zzzzz", 0, True),
])
def test_each_card(card, word, position, expected):
    assert obeys(card, word, position) is expected


def test_adjacent_with_a_neighbour_letter_elsewhere():
    assert obeys("adjacent", "stone", 1)  # T has S beside it in the alphabet
    assert obeys("adjacent", "stone", 0)  # and S has T
    assert not obeys("adjacent", "aaaaa", 0)  # the same letter is not adjacent to itself


def test_the_deck_has_fifteen_cards():
    assert len(DECK) == 15
    assert sorted(set(DECK)) == sorted(CARDS)
    assert DECK.count("*") == 4 and DECK.count("*6") == 1
    assert sum(1 for c in DECK if CARDS[c].letters) == 4


def test_the_rules_example_night_fits(game):
    spread = ("etaoin", "*", "only-1", "*", "later")
    assert breaks(spread, "night") is None
    words = solve(shipped("standard"), spread)
    assert "night" in words and all(len(w) == 5 for w in words)
    state = replace(game.new({"players": 2}, 1), spread=spread)
    after = game.apply(state, 1, {"type": "claim", "word": "NIGHT"})
    assert after.won[1] == ("etaoin",) and after.results[0].word == "night"


# -- the deal and the rounds ------------------------------------------------------------------------

def test_deal_five_or_six_with_the_special_asterisk(game):
    fives = sixes = 0
    for seed in range(200):
        state = game.new({"players": 2}, seed)
        assert len(state.spread) + len(state.deck) == 15
        if "*6" in state.spread:
            sixes += 1
            assert len(state.spread) == 6
        else:
            fives += 1
            assert len(state.spread) == 5
    assert fives and sixes


def test_no_sixth_card_when_the_deck_is_empty(game):
    state = game.new({"players": 2}, 0)
    last = replace(state, deck=("*6", "etaoin", "*", "*", "later"), spread=())
    assert Shrdlu._deal(last).spread == ("*6", "etaoin", "*", "*", "later")


def test_the_winner_takes_the_leftmost_card_and_the_rest_go_under_the_deck(game):
    state = game.new({"players": 2}, 3)
    word = game.solutions(state)[0]
    spread, deck = state.spread, state.deck
    after = game.apply(state, 0, {"type": "claim", "word": word})
    assert after.won == ((spread[0],), ())
    rest = spread[1:]
    assert sorted(after.deck[-len(rest):]) == sorted(rest)  # at the bottom, in some order
    assert after.spread == deck[:len(after.spread)]  # the next round deals from the top
    orders = {game.apply(game.new({"players": 2}, seed), 0,
                         {"type": "claim", "word": game.solutions(game.new({"players": 2}, seed))[0]}).deck[-4:]
              for seed in range(3, 40) if game.solutions(game.new({"players": 2}, seed))}
    assert len(orders) > 1


def test_invalid_claims_say_which_card_they_break(game):
    state = replace(game.new({"players": 2}, 1), spread=("etaoin", "*", "only-1", "*", "later"))
    with pytest.raises(IllegalMove, match="Letter 1 \\(L\\) breaks the card “ETAOIN”"):
        game.apply(state, 0, {"type": "claim", "word": "light"})
    with pytest.raises(IllegalMove, match="Letter 5 \\(S\\) breaks the card “Alphabetically later"):
        game.apply(state, 0, {"type": "claim", "word": "abyss"})
    with pytest.raises(IllegalMove, match="5 letters, one per card"):
        game.apply(state, 0, {"type": "claim", "word": "nigh"})
    # Each card says what is wrong with the letter, true of it (the card's own words, "This
    # letter appears somewhere else in the word too", read as a false claim about it).
    said = {
        ("repeat-any", "hello"): "Letter 1 (H) breaks the card “Repeat any letter”: H appears nowhere else in the word.",
        ("only-1", "level"): "Letter 1 (L) breaks the card “Only 1 of this letter”: L appears elsewhere in the word too.",
        ("aeiou", "hello"): "Letter 1 (H) breaks the card “AEIOU”: H is not a vowel.",
        ("earliest", "hello"): "Letter 1 (H) breaks the card “Alphabetically earliest letter in the word”: another "
                               "letter of the word comes before H in the alphabet.",
        ("adjacent", "hello"): "Letter 1 (H) breaks the card “Alphabetically adjacent to another letter”: no other "
                               "letter of the word is next to H in the alphabet.",
        ("repeat-final-3", "hello"): "Letter 1 (H) breaks the card “Repeat any of the final 3 letters”: H is not among "
                                     "the word's last three letters (not counting itself).",
    }
    for (card, word), text in said.items():
        first = replace(state, spread=(card, "*", "*", "*", "*"))
        with pytest.raises(IllegalMove) as refused:
            game.apply(first, 0, {"type": "claim", "word": word})
        assert str(refused.value) == text
    assert all(card.broken for card in CARDS.values() if card.fits is not CARDS["*"].fits)
    with pytest.raises(IllegalMove, match="not in the Standard dictionary"):
        game.apply(state, 0, {"type": "claim", "word": "nixqz"})
    with pytest.raises(MalformedMove):
        game.apply(state, 0, {"type": "fly"})


def test_shrdlu_with_no_word_wins_at_once(game):
    impossible = ("cmfwyp", "cmfwyp", "cmfwyp", "cmfwyp", "cmfwyp")
    state = replace(game.new({"players": 2}, 1), spread=impossible)
    assert game.solutions(state) == []
    after = game.apply(state, 1, {"type": "shrdlu"})
    assert after.won[1] == ("cmfwyp",) and after.results[-1].how == "shrdlu" and after.results[-1].count == 0


def test_shrdlu_when_words_exist_starts_the_countdown(game):
    state = replace(game.new({"players": 3}, 1), spread=("etaoin", "*", "only-1", "*", "later"))
    called = game.apply(state, 2, {"type": "shrdlu"})
    assert called.countdown and called.caller == 2 and game.view(called, 0)["phase"] == "countdown"
    with pytest.raises(IllegalMove, match="cannot answer this round"):
        game.apply(called, 2, {"type": "claim", "word": "night"})
    with pytest.raises(IllegalMove, match="already called"):
        game.apply(called, 0, {"type": "shrdlu"})
    found = game.apply(called, 0, {"type": "claim", "word": "night"})  # a word in time wins
    assert found.won[0] == ("etaoin",) and not found.countdown
    assert game.deadline(called) == Deadline(30_000, 2, {"type": "time-up"})
    assert game.view(called, 0)["deadline"] == {"after_ms": 30_000, "seat": 2}
    # Only the table's clock ends the countdown: no seat, the caller included, can send time-up.
    for seat in range(3):
        with pytest.raises(IllegalMove, match="clock"):
            game.apply(called, seat, {"type": "time-up"})
    timed_out = game.expire(called)  # nobody found one: the caller wins
    assert timed_out.won[2] == ("etaoin",) and timed_out.results[-1].how == "shrdlu"
    with pytest.raises(IllegalMove, match="No clock"):
        game.expire(state)


def test_eleven_rounds_most_cards_wins(game):
    state = game.new({"players": 2}, 5)
    rounds = 0
    while not state.outcome:
        winner = 0 if rounds < 7 else 1
        state = game.apply(state, winner, {"type": "claim", "word": game.solutions(state)[0]}) \
            if game.solutions(state) else game.apply(state, winner, {"type": "shrdlu"})
        rounds += 1
    assert rounds == 11 and len(state.deck) == 4
    assert [len(c) for c in state.won] == [7, 4] and state.outcome.winners == (0,)


def test_a_tie_plays_one_tiebreak_round_with_a_reshuffled_deck_for_the_tied_only(game):
    state = game.new({"players": 3}, 9)
    for rounds in range(11):
        winner = [0, 1][rounds % 2] if rounds < 10 else 2
        move = {"type": "claim", "word": game.solutions(state)[0]} if game.solutions(state) else {"type": "shrdlu"}
        state = game.apply(state, winner, move)
    assert [len(c) for c in state.won] == [5, 5, 1]
    assert state.tiebreak and state.outcome is None and game.actors(state) == [0, 1]
    assert len(state.spread) + len(state.deck) == 15  # the whole deck again
    with pytest.raises(IllegalMove, match="tied players"):
        game.apply(state, 2, {"type": "shrdlu"})
    move = {"type": "claim", "word": game.solutions(state)[0]} if game.solutions(state) else {"type": "shrdlu"}
    done = game.apply(state, 1, move)
    assert done.outcome.winners == (1,) and done.outcome.reason == "won the tiebreak round"


def test_practice_alone_pass_and_calls(game):
    state = game.new({"players": 1}, 2)
    with pytest.raises(IllegalMove, match="Passing is only for practice"):
        game.apply(game.new({"players": 2}, 2), 0, {"type": "pass"})
    passed = game.apply(state, 0, {"type": "pass"})
    assert passed.won == ((),) and passed.results[0].how == "pass" and passed.results[0].examples
    assert len(passed.spread) + len(passed.deck) == 14  # the leftmost card is set aside
    if game.solutions(state):
        wrong = game.apply(state, 0, {"type": "shrdlu"})
        assert wrong.won == ((),) and wrong.results[0].winner is None


def test_views_hide_the_deck_order_and_the_seed(game):
    state = game.new({"players": 2}, 123456)
    text = json.dumps(game.view(state, 0))
    assert "123456" not in text and "deck\"" not in text
    assert game.view(state, 0)["deck_left"] == len(state.deck)
    assert game.view(state, 0) | {"seat": None} == game.view(state, None)  # all see the same table


def test_after_each_round_some_words_and_how_many(game):
    state = replace(game.new({"players": 2}, 1), spread=("etaoin", "*", "only-1", "*", "later"))
    after = game.apply(state, 0, {"type": "claim", "word": "night"})
    result = game.view(after, 1)["results"][0]
    assert result["count"] == len(solve(shipped("standard"), state.spread)) and len(result["examples"]) == 8
    assert set(result["examples"]) <= set(game.solutions(state))


# -- the solver ---------------------------------------------------------------------------------

def test_solver_matches_a_brute_force_scan_for_1000_random_spreads():
    lexicon = shipped("standard")
    words = (ROOT / "wordlists" / "standard.txt").read_text().split()
    by_length = {n: [w for w in words if len(w) == n and w.isalpha()] for n in (5, 6)}
    rng = random.Random(2026)
    for _ in range(1000):
        deck = list(DECK)
        rng.shuffle(deck)
        spread = deck[:6] if "*6" in deck[:5] else deck[:5]
        brute = [w for w in by_length[len(spread)] if breaks(spread, w) is None]
        assert solve(lexicon, spread) == sorted(brute), spread


def test_solve_command_prints_every_fitting_word():
    out = subprocess.run([sys.executable, "-m", "wordtable", "shrdlu", "solve", "etaoin", "*", "only-1", "*", "later"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert "night" in out and out == solve(shipped("standard"), ["etaoin", "*", "only-1", "*", "later"])
    bad = subprocess.run([sys.executable, "-m", "wordtable", "shrdlu", "solve", "vowel"], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown card 'vowel'" in bad.stderr


# -- bots and whole games -------------------------------------------------------------------------

def test_bot_games_are_legal_and_replayable_and_easy_bots_can_call_wrongly():
    game = Shrdlu(shipped)
    wrong_calls = 0
    for seed in range(40):
        players = 1 + seed % 4
        levels = [["easy", "medium", "hard"][(seed + seat) % 3] for seat in range(players)]
        played = play(game, [BOTS[level] for level in levels], {"players": players}, seed)
        assert played.state.outcome is not None
        assert replay(game, Record.from_json(json.loads(json.dumps(played.record.to_json())))) == played.state
        for result in played.state.results:
            if result.caller is not None and result.count:  # called although words existed
                wrong_calls += 1
                assert levels[result.caller] != "hard"  # the hard bot knows every word
            if result.how == "shrdlu" and not result.count:
                assert result.winner == result.caller  # a right call wins at once
    assert wrong_calls > 0


def test_bots_answer_slower_when_fewer_words_fit(game):
    rng = random.Random(0)
    many = replace(game.new({"players": 2}, 1), spread=("etaoin", "*", "*", "*", "*"))
    few = replace(many, spread=("etaoin", "*", "only-1", "*", "later"))
    quick = sorted(BOTS["hard"](game, game.view(many, 0), random.Random(i))["after_ms"] for i in range(20))[10]
    slow = sorted(BOTS["hard"](game, game.view(few, 0), random.Random(i))["after_ms"] for i in range(20))[10]
    assert quick < slow
    impossible = replace(many, spread=("cmfwyp",) * 5)
    assert BOTS["hard"](game, game.view(impossible, 0), rng)["type"] == "shrdlu"


def test_simulate_command_plays_shrdlu():
    out = subprocess.run([sys.executable, "-m", "wordtable", "simulate", "shrdlu", "--players", "2",
                          "--levels", "hard,easy", "--games", "10", "--json"], capture_output=True, text=True, check=True)
    summary = json.loads(out.stdout)
    assert summary["games"] == 10 and summary["wins"]["0"] > summary["wins"]["1"]


def test_the_home_card_does_not_promise_five_cards_when_a_round_can_deal_six():
    from wordtable.games.shrdlu.rules import CARDS, Shrdlu
    assert any(card.sixth for card in CARDS.values())
    assert "sometimes six" in Shrdlu.blurb and "Five cards, five rules" not in Shrdlu.blurb
