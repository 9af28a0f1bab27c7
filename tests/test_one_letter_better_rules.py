"""One Letter Better: a test per rule of the seed (003), with its examples, on a small word list
so each test says exactly which words exist."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.games import make
from wordtable.games.one_letter_better.bots import BOTS
from wordtable.games.one_letter_better.rules import OneLetterBetter
from wordtable.games.one_letter_better.state import CARDS, HAND, Laid, State, Word, word_worth
from wordtable.lexicon import store
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo

WORDS = ["time", "timer", "timers", "slant", "chant", "pint", "print", "star", "fish", "starfish", "tea", "team",
         "teams", "steam", "eat", "ate", "at", "it", "its", "sit", "sting", "stinger", "ring", "rings", "tin",
         "tint", "tints", "quit", "quite", "hat", "hats", "that", "than", "thing", "things", "dog", "dogs", "cat", "sat"]
LEXICON = Lexicon.from_words(LexiconInfo("test", "Test", "", "", len(WORDS)), WORDS)


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def game() -> OneLetterBetter:
    return OneLetterBetter(lambda name: LEXICON)


def uids(*ids: str) -> list[int]:
    """The first free uid of each card id (\"t\", \"red-r\", \"blue-ch\", \"wild\", …), in order."""
    taken: list[int] = []
    for card_id in ids:
        taken.append(next(u for u, card in enumerate(CARDS) if card.id == card_id and u not in taken))
    return taken


def table(g: OneLetterBetter, options: dict | None = None, hands: dict[int, list[str]] | None = None,
          words: list[tuple[int, list[str]]] = (), pile: list[str] = (), phase: str = "play", turn: int = 0,
          stack: int | None = None) -> State:
    """A state with the given hands (card ids), words on the table (owner, card ids), pile and
    turn; every other card in the stack."""
    state = g.new({"lexicon": "test", **(options or {})}, 1)
    players = state.options.players
    wanted = {seat: (hands or {}).get(seat, []) for seat in range(players)}
    spec = [cid for seat in range(players) for cid in wanted[seat]] + [c for _o, cs in words for c in cs] + list(pile)
    chosen = iter(uids(*spec))
    new_hands = tuple(tuple(next(chosen) for _ in wanted[seat]) for seat in range(players))
    table_words, next_id = [], 0
    for owner, cards in words:
        laid = tuple(Laid(uid, CARDS[uid].letters) for uid in (next(chosen) for _ in cards))
        table_words.append(Word(next_id, owner, laid, word_worth(laid, state.options.bonus_for(owner))))
        next_id += 1
    pile_uids = tuple(next(chosen) for _ in pile)
    used = {u for h in new_hands for u in h} | {c.uid for w in table_words for c in w.cards} | set(pile_uids)
    rest = tuple(u for u in range(len(CARDS)) if u not in used and not (state.options.solo and CARDS[u].kind == "steal-one"))
    scores = tuple(sum(w.worth for w in table_words if w.owner == seat) for seat in range(players))
    return replace(state, hands=new_hands, words=tuple(table_words), pile=pile_uids,
                   stack=rest if stack is None else rest[:stack], phase=phase, turn=turn, next_id=next_id,
                   scores=scores)


def word_on(state: State, text: str) -> Word:
    return next(w for w in state.words if w.text == text)


# -- setting up and beginning a turn ------------------------------------------------------------

def test_deal_seven_each_turn_one_up_and_the_player_after_the_dealer_begins():
    g = game()
    state = g.new({"lexicon": "test", "players": 3}, 5)
    assert [len(h) for h in state.hands] == [HAND] * 3 and len(state.pile) == 1
    assert len(state.stack) == len(CARDS) - 3 * HAND - 1
    assert state.turn == (state.dealer + 1) % 3 and state.phase == "draw"
    everything = [u for h in state.hands for u in h] + list(state.pile) + list(state.stack)
    assert sorted(everything) == list(range(len(CARDS)))


def test_the_deal_moves_on_each_round():
    g = game()
    state = g.new({"lexicon": "test", "players": 2, "target": 1}, 5)
    first = state.dealer
    state = g.apply(state, state.turn, {"type": "draw"})
    state = g._end_round(state, "target", state.turn)
    assert state.round == 2 and state.dealer == (first + 1) % 2 and state.turn == (state.dealer + 1) % 2


def test_a_turn_begins_with_eight_cards():
    g = game()
    state = table(g, hands={0: ["t", "i"]}, phase="draw")
    after = g.apply(state, 0, {"type": "draw"})
    assert len(after.hands[0]) == 8 and after.phase == "play"
    full = table(g, hands={0: ["e"] * 8}, phase="draw")
    assert len(g.apply(full, 0, {"type": "draw"}).hands[0]) == 9  # at least one card is drawn


def test_taking_from_the_pile_the_bottom_of_two_or_more_cards_must_be_played():
    g = game()
    state = table(g, hands={0: ["t", "i", "e"]}, pile=["s", "m", "x"], phase="draw")
    after = g.apply(state, 0, {"type": "take", "count": 2})   # takes M and X; M is the bottom one
    m, x = state.pile[1], state.pile[2]
    assert after.must_play == m and set(after.hands[0]) >= {m, x} and after.pile == state.pile[:1]
    t, i, e = state.hands[0]
    with pytest.raises(IllegalMove, match="must use the M"):
        g.apply(after, 0, {"type": "word", "cards": [i, t]})
    with pytest.raises(IllegalMove, match="Play the M"):
        g.apply(after, 0, {"type": "end"})
    played = g.apply(after, 0, {"type": "word", "cards": [t, i, m, e]})
    assert played.must_play is None and played.scores[0] == 14
    back = g.apply(after, 0, {"type": "put-back"})
    assert back.pile == state.pile and back.hands == state.hands and back.phase == "draw"
    with pytest.raises(IllegalMove, match="discard pile has 3 cards"):
        g.apply(state, 0, {"type": "take", "count": 4})
    with pytest.raises(IllegalMove, match="Play the M"):
        g.apply(after, 0, {"type": "discard", "cards": [x]})
    assert not g.view(after, 0)["can_discard"] and not g.view(after, 0)["can_end"] and g.view(after, 0)["can_put_back"]


def test_one_card_taken_from_the_pile_is_like_one_drawn():
    # Seed 003, solo section: "the bottom letter being played if more than one card is drawn";
    # setup: a turn begins "by either picking up the face up card in the discard pile or drawing".
    g = game()
    state = table(g, hands={0: ["t", "i", "e"]}, pile=["s", "m"], phase="draw")
    after = g.apply(state, 0, {"type": "take", "count": 1})
    m = state.pile[1]
    t, i, e = state.hands[0]
    assert after.must_play is None and m in after.hands[0]
    view = g.view(after, 0)
    assert view["can_discard"] and view["can_put_back"] and not view["can_end"]
    word = g.apply(after, 0, {"type": "word", "cards": [i, t]})   # IT: the M stays in the hand
    assert m in word.hands[0] and word.scores[0] == 3 and not g.view(word, 0)["can_put_back"]
    discarded = g.apply(after, 0, {"type": "discard", "cards": [m]})
    assert discarded.turn == 1 and discarded.pile[-1] == m
    back = g.apply(after, 0, {"type": "put-back"})
    assert back.pile == state.pile and back.hands == state.hands and back.phase == "draw"
    with pytest.raises(IllegalMove, match="nothing to put back"):
        g.apply(word, 0, {"type": "put-back"})


# -- words and their points ---------------------------------------------------------------------

def test_time_scores_2_1_5_1_plus_a_five_point_bonus_14():
    g = game()
    state = table(g, hands={0: ["t", "i", "m", "e", "s"]})
    t, i, m, e, _s = state.hands[0]
    after = g.apply(state, 0, {"type": "word", "cards": [t, i, m, e]})
    assert after.scores[0] == 2 + 1 + 5 + 1 + 5 == 14 and word_on(after, "time").worth == 14
    assert after.hands[0] == (_s,)


def test_several_words_a_turn_and_two_cards_at_least():
    g = game()
    state = table(g, hands={0: ["t", "e", "a", "i", "t", "s"]})
    t, e, a, i, t2, s = state.hands[0]
    state = g.apply(state, 0, {"type": "word", "cards": [t, e, a]})
    state = g.apply(state, 0, {"type": "word", "cards": [i, t2, s]})
    assert [w.text for w in state.words] == ["tea", "its"]
    with pytest.raises(IllegalMove, match="at least two cards"):
        g.apply(table(g, hands={0: ["a"]}), 0, {"type": "word", "cards": uids("a")})


def test_the_app_refuses_a_word_not_in_the_dictionary():
    g = game()
    state = table(g, hands={0: ["t", "i", "m", "e"]})
    t, i, m, e = state.hands[0]
    with pytest.raises(IllegalMove, match="EMIT is not in the dictionary"):
        g.apply(state, 0, {"type": "word", "cards": [e, m, i, t]})


def test_adding_to_your_own_word_scores_the_added_card_and_bonus_timer_plus_7():
    g = game()
    state = table(g, hands={0: ["r"]}, words=[(0, ["t", "i", "m", "e"])])
    after = g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": list(state.hands[0])})
    assert after.scores[0] - state.scores[0] == 2 + 5 and word_on(after, "timer").steals == 0


def test_multi_letter_cards_are_one_card_for_the_bonus():
    g = game()
    state = table(g, hands={0: ["th", "ing", "s"]})
    th, ing, s = state.hands[0]
    after = g.apply(state, 0, {"type": "word", "cards": [th, ing, s]})  # three cards: no bonus
    assert word_on(after, "things").worth == CARDS[th].points + CARDS[ing].points + CARDS[s].points


# -- steals ----------------------------------------------------------------------------------------

def test_time_timer_timers_the_points_move_with_each_steal():
    g = game()
    state = table(g, hands={1: ["r"], 0: ["s"]}, words=[(0, ["t", "i", "m", "e"])], turn=1)
    assert state.scores == (14, 0)
    state = g.apply(state, 1, {"type": "add", "word": 0, "front": [], "back": list(state.hands[1])})
    timer = word_on(state, "timer")
    assert timer.owner == 1 and timer.steals == 1 and state.scores == (0, 14 + 2 + 5)
    state = replace(state, turn=0, played=False)
    state = g.apply(state, 0, {"type": "add", "word": timer.id, "front": [], "back": list(state.hands[0])})
    timers = word_on(state, "timers")
    assert timers.owner == 0 and timers.steals == 2 and state.scores == (21 + 2 + 5, 0)


def test_the_third_steal_scores_then_takes_the_word_out_of_play():
    g = game()
    state = table(g, hands={0: ["s"]}, words=[(1, ["t", "i", "m", "e", "r"])])
    state = replace(state, words=(replace(state.words[0], steals=2),))
    after = g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": list(state.hands[0])})
    assert after.words == () and after.out[-1].text == "timers" and after.out[-1].out == "stolen three times"
    assert after.scores == (28, 0)


def test_family_scoring_leaves_the_owner_their_points():
    g = game()
    state = table(g, {"family": True}, hands={1: ["r"]}, words=[(0, ["t", "i", "m", "e"])], turn=1)
    after = g.apply(state, 1, {"type": "add", "word": 0, "front": [], "back": list(state.hands[1])})
    assert after.scores == (14, 21)


def test_a_steal_is_one_card_or_cards_that_spell_a_word():
    g = game()
    state = table(g, hands={0: ["e", "r", "s"]}, words=[(1, ["t", "i", "m"])])
    e, r, s = state.hands[0]
    with pytest.raises(IllegalMove, match="TIMERS is not in the dictionary|ERS is not in the dictionary"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": [e, r, s]})
    with pytest.raises(IllegalMove, match="at one end"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": [s], "back": [e]})


def test_star_and_fish_make_starfish_either_way_round():
    g = game()
    # With a word already on the table (the stealer's own STAR) joined to FISH.
    state = table(g, words=[(0, ["s", "t", "a", "r"]), (1, ["f", "i", "s", "h"])])
    star, fish = state.words
    after = g.apply(state, 0, {"type": "join", "word": fish.id, "with": star.id, "first": True})
    joined = word_on(after, "starfish")
    assert joined.owner == 0 and joined.steals == 1 and len(after.words) == 1
    assert after.scores == (joined.worth, 0)
    with pytest.raises(IllegalMove, match="FISHSTAR is not in the dictionary"):
        g.apply(state, 0, {"type": "join", "word": fish.id, "with": star.id, "first": False})
    # FISH's owner may steal STAR the other way round.
    other = g.apply(replace(state, turn=1), 1, {"type": "join", "word": star.id, "with": fish.id, "first": False})
    assert word_on(other, "starfish").owner == 1
    # With cards from the hand that spell STAR on their own.
    state = table(g, hands={0: ["s", "t", "a", "r"]}, words=[(1, ["f", "i", "s", "h"])])
    after = g.apply(state, 0, {"type": "add", "word": 0, "front": list(state.hands[0]), "back": []})
    assert word_on(after, "starfish").owner == 0 and after.scores[1] == 0


def test_the_word_used_to_steal_has_no_wild_or_green_card():
    g = game()
    state = table(g, hands={0: ["s", "t", "wild", "r"]}, words=[(1, ["f", "i", "s", "h"])])
    s, t, wild, r = state.hands[0]
    with pytest.raises(IllegalMove, match="wild card may not be used to steal"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": [s, t, [wild, "a"], r], "back": []})
    state = table(g, hands={0: ["s", "green-t", "a", "r"]}, words=[(1, ["f", "i", "s", "h"])])
    with pytest.raises(IllegalMove, match="green"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": list(state.hands[0]), "back": []})
    wild_star = table(g, hands={0: ["wild", "t", "a", "r"]}, words=[(1, ["f", "i", "s", "h"])])
    w, t, a, r = wild_star.hands[0]
    wild_star = g.apply(wild_star, 0, {"type": "word", "cards": [[w, "s"], t, a, r]})
    with pytest.raises(IllegalMove, match="may not hold a wild card"):
        g.apply(wild_star, 0, {"type": "join", "word": 0, "with": word_on(wild_star, "star").id, "first": True})


# -- colours, wilds and STL-1 -------------------------------------------------------------------

def test_a_green_card_protects_the_word_scored_then_out_of_play():
    g = game()
    state = table(g, hands={0: ["t", "e", "green-a", "m"]})
    t, e, a, m = state.hands[0]
    after = g.apply(state, 0, {"type": "word", "cards": [t, e, a, m]})
    assert after.words == () and after.out[-1].out == "protected" and after.scores[0] == 2 + 1 + 1 + 5 + 5


def test_slant_to_chant_with_a_blue_ch_the_s_and_l_go_to_the_stealer():
    g = game()
    state = table(g, hands={0: ["blue-ch"]}, words=[(1, ["s", "l", "a", "n", "t"])])
    slant = state.words[0]
    s_card, l_card = slant.cards[0].uid, slant.cards[1].uid
    after = g.apply(state, 0, {"type": "replace", "word": 0, "card": state.hands[0][0], "side": "front", "count": 2})
    chant = word_on(after, "chant")
    assert chant.owner == 0 and chant.steals == 1 and set(after.hands[0]) == {s_card, l_card}
    assert after.scores == (chant.worth, 0)
    with pytest.raises(IllegalMove, match="replaces exactly 2 letters"):
        g.apply(state, 0, {"type": "replace", "word": 0, "card": state.hands[0][0], "side": "front", "count": 1})


def test_a_blue_card_swaps_with_a_card_of_the_pile_and_sits_at_a_word_end():
    g = game()
    state = table(g, hands={0: ["blue-s", "a", "t"]}, pile=["x", "q"])
    blue, a, t = state.hands[0]
    after = g.apply(state, 0, {"type": "swap", "card": blue, "pile": 0})
    assert after.pile == (blue, state.pile[1]) and state.pile[0] in after.hands[0]
    with pytest.raises(IllegalMove, match="start or the end"):
        g.apply(table(g, hands={0: ["a", "blue-s", "t", "e"]}), 0, {"type": "word", "cards": uids("e", "a", "blue-s", "t")})
    assert word_on(g.apply(state, 0, {"type": "word", "cards": [blue, a, t]}), "sat").owner == 0
    with pytest.raises(IllegalMove, match="Swap a blue card"):
        g.apply(state, 0, {"type": "swap", "card": a, "pile": 0})


def test_pint_to_print_with_a_red_r_inserted_negative_points():
    g = game()
    state = table(g, hands={0: ["red-r"]}, words=[(1, ["p", "i", "n", "t"])])
    after = g.apply(state, 0, {"type": "insert", "word": 0, "at": 1, "card": state.hands[0][0]})
    printed = word_on(after, "print")
    assert printed.owner == 0 and printed.worth == 4 - 2 + 1 + 2 + 2 + 10
    with pytest.raises(IllegalMove, match="Only a red card"):
        g.apply(table(g, hands={0: ["r"]}, words=[(1, ["p", "i", "n", "t"])]), 0,
                {"type": "insert", "word": 0, "at": 1, "card": uids("r")[0]})


def test_a_wild_is_any_letter_never_for_stealing_and_may_lengthen_your_own_word():
    g = game()
    state = table(g, hands={0: ["wild", "double-wild"]}, words=[(0, ["t", "i", "m", "e"]), (1, ["h", "a", "t"])])
    wild, double = state.hands[0]
    longer = g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": [[wild, "r"]]})
    assert word_on(longer, "timer").worth == 14 + 0 + 5
    with pytest.raises(IllegalMove, match="wild card may not be used to steal"):
        g.apply(state, 0, {"type": "add", "word": 1, "front": [], "back": [[wild, "s"]]})
    with pytest.raises(IllegalMove, match="Say which two letters"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": [[double, "r"]]})
    both = g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": [[double, "rs"]]})
    assert word_on(both, "timers").worth == 14 + 0 + 5
    with pytest.raises(IllegalMove, match="Only a wild card"):
        g.apply(table(g, hands={0: ["a", "t"]}), 0, {"type": "word", "cards": [[uids("a")[0], "e"], uids("t")[0]]})


def test_stl1_takes_a_card_and_its_owner_draws_two_next_turn():
    g = game()
    state = table(g, hands={0: ["steal-one", "a"], 1: ["e"] * 8}, phase="play")
    stl, _a = state.hands[0]
    after = g.apply(state, 0, {"type": "steal-card", "card": stl, "from": 1})
    assert len(after.hands[1]) == 7 and len(after.hands[0]) == 2 and stl not in after.hands[0]
    assert 1 in after.robbed
    after = g.apply(after, 0, {"type": "discard", "cards": [after.hands[0][0]]})
    assert after.turn == 1
    drawn = g.apply(after, 1, {"type": "draw"})
    assert len(drawn.hands[1]) == 9  # two cards, although seven plus one would make eight


# -- discards, challenges --------------------------------------------------------------------------

def test_no_word_discard_one_to_four_and_draw_back_not_once_the_stack_is_empty():
    g = game()
    state = table(g, hands={0: ["q", "x", "z", "j", "v", "k", "b", "c"]})
    hand = state.hands[0]
    after = g.apply(state, 0, {"type": "discard", "cards": list(hand[:3])})
    assert len(after.hands[0]) == 8 and after.pile[-3:] == hand[:3] and after.turn == 1
    with pytest.raises(IllegalMove, match="one to 4"):
        g.apply(state, 0, {"type": "discard", "cards": list(hand[:5])})
    with pytest.raises(IllegalMove, match="discard one to four"):
        g.apply(state, 0, {"type": "end"})
    empty = replace(state, stack=())
    with pytest.raises(IllegalMove, match="no more discarding"):
        g.apply(empty, 0, {"type": "discard", "cards": [hand[0]]})
    assert g.apply(empty, 0, {"type": "end"}).turn == 1


def test_a_player_left_without_cards_may_end_the_turn():
    g = game()
    emptied = table(g, hands={0: [], 1: ["a", "b"]})  # say, after playing STL-1 as the last card
    assert emptied.stack and not emptied.played
    assert g.view(emptied, 0)["can_discard"] is False
    assert g.apply(emptied, 0, {"type": "end"}).turn == 1


def test_a_blue_card_added_to_a_word_sits_at_its_outer_end():
    g = game()
    state = table(g, hands={0: ["h", "blue-s", "e"]}, words=[(0, ["o", "r"])])
    h, blue, e = state.hands[0]
    with pytest.raises(IllegalMove, match="start or the end"):
        g.apply(state, 0, {"type": "add", "word": 0, "front": [h], "back": [blue, e]})


def test_stl1_at_the_bottom_of_a_take_is_played_by_taking_a_card():
    g = game()
    state = table(g, hands={0: ["e"], 1: ["a", "b"]}, pile=["steal-one", "x"], phase="draw")
    taken = g.apply(state, 0, {"type": "take", "count": 2})
    played = g.apply(taken, 0, {"type": "steal-card", "card": taken.must_play, "from": 1})
    assert played.must_play is None and len(played.hands[1]) == 1
    with pytest.raises(IllegalMove, match="Play the STL-1"):
        g.apply(taken, 0, {"type": "steal-card", "card": [u for u in taken.hands[0] if u != taken.must_play][0], "from": 1})


def test_a_robbed_player_who_puts_back_a_take_still_draws_two():
    g = game()
    state = replace(table(g, hands={0: ["e"] * 7}, pile=["q"], phase="draw"), robbed=frozenset({0}))
    back = g.apply(g.apply(state, 0, {"type": "take", "count": 1}), 0, {"type": "put-back"})
    assert len(g.apply(back, 0, {"type": "draw"}).hands[0]) == 9


def test_stl1_can_never_be_taken_back_even_on_a_player_already_robbed():
    g = game()
    state = replace(table(g, {"players": 3}, hands={0: ["steal-one", "steal-one"], 2: ["a"] * 8}),
                    robbed=frozenset({2}))
    after = g.apply(state, 0, {"type": "steal-card", "card": state.hands[0][0], "from": 2})
    assert g.undo_barrier(state, after)


def test_a_challenged_word_that_stands_scores_double():
    g = game()
    state = table(g, {"judge": "players"}, hands={0: ["t", "i", "m", "e"]})
    after = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})
    assert after.phase == "challenge" and g.actors(after) == [1]
    with pytest.raises(IllegalMove):
        g.apply(after, 0, {"type": "end"})
    stood = g.apply(after, 1, {"type": "challenge"})
    assert stood.scores == (28, 0) and stood.phase == "play" and stood.turn == 0


def test_a_challenged_word_that_falls_goes_back_and_the_challenger_takes_its_points():
    g = game()
    state = table(g, {"judge": "players"}, hands={0: ["e", "m", "i", "t"]})
    after = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})  # EMIT: not in the list
    accepted = g.apply(after, 1, {"type": "accept"})
    assert accepted.scores == (14, 0) and accepted.phase == "play"  # unchallenged, it stands
    fell = g.apply(after, 1, {"type": "challenge"})
    assert fell.scores == (0, 14) and fell.words == () and set(fell.hands[0]) == set(state.hands[0])
    assert fell.turn == 1 and fell.phase == "draw"  # the player's turn ended


def test_a_fallen_extension_gives_the_challenger_the_whole_word():
    g = game()
    state = table(g, {"judge": "players"}, hands={0: ["x"]}, words=[(0, ["t", "i", "m", "e"])])
    after = g.apply(state, 0, {"type": "add", "word": 0, "front": [], "back": list(state.hands[0])})  # TIMEX
    # The challenge screen states both outcomes: TIMEX adds 13 to its owner, a challenger of
    # TIMEX would score the whole word, 27.
    assert {k: g.view(after, 1)["challenge"][k] for k in ("scored", "forfeit")} == {"scored": 13, "forfeit": 27}
    fell = g.apply(after, 1, {"type": "challenge"})
    assert fell.scores == (14, 14 + 8 + 5) and word_on(fell, "time").worth == 14


def test_the_loser_of_a_challenge_discards_down_to_eight():
    g = game()
    state = table(g, {"judge": "players"}, hands={0: ["t", "i", "m", "e"], 1: ["a"] * 8 + ["e"] * 2})
    after = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})
    stood = g.apply(after, 1, {"type": "challenge"})
    assert stood.phase == "trim" and g.actors(stood) == [1]
    with pytest.raises(IllegalMove, match="exactly 2"):
        g.apply(stood, 1, {"type": "discard", "cards": [stood.hands[1][0]]})
    trimmed = g.apply(stood, 1, {"type": "discard", "cards": list(stood.hands[1][:2])})
    assert len(trimmed.hands[1]) == 8 and trimmed.phase == "play" and trimmed.turn == 0


def test_challenges_wait_for_every_other_player():
    g = game()
    state = table(g, {"judge": "players", "players": 3}, hands={0: ["t", "i", "m", "e"]})
    after = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})
    after = g.apply(after, 1, {"type": "accept"})
    assert g.actors(after) == [2]
    assert g.apply(after, 2, {"type": "accept"}).phase == "play"


# -- the end of a round and of the game -----------------------------------------------------------

def test_reaching_the_target_ends_the_round_and_the_others_pay_for_their_hands_red_counted_positive():
    g = game()
    state = table(g, {"target": 14, "rounds": 2}, hands={0: ["t", "i", "m", "e"], 1: ["red-t", "q"]})
    after = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})
    result = after.results[0]
    assert result.how == "target" and result.winner == 0
    assert result.penalties == (0, 2 + 10) and result.final == (14, -12) and after.round == 2
    assert after.totals == (14, -12)


def test_at_the_end_of_the_deck_the_top_scorer_pays_nothing():
    g = game()
    state = table(g, {"target": 0, "rounds": 1}, hands={0: ["q"], 1: ["z", "red-t"]}, stack=0)
    state = replace(state, scores=(30, 10))
    state = g.apply(state, 0, {"type": "end"})
    assert state.results == () and state.quiet == 1
    state = g.apply(state, 1, {"type": "draw"})
    state = g.apply(state, 1, {"type": "end"})
    result = state.results[0]
    assert result.how == "deck" and result.penalties == (0, 12) and state.outcome.winners == (0,)
    # The screen says why the top scorer's Q costs nothing (issue 32: the note was missing).
    assert g.view(state, 1)["results"][0]["kept"] == [0]


def test_the_highest_total_after_the_last_round_wins_and_a_tie_shares():
    g = game()
    state = table(g, {"target": 0, "rounds": 1}, hands={0: [], 1: []}, stack=0)
    state = replace(state, scores=(20, 20))
    state = g.apply(g.apply(g.apply(state, 0, {"type": "end"}), 1, {"type": "draw"}), 1, {"type": "end"})
    assert state.outcome.winners == (0, 1)


def test_the_bonus_per_card_is_set_per_player():
    g = game()
    state = table(g, {"bonus": [5, 0]}, hands={0: ["t", "i", "m", "e"], 1: ["t", "i", "m", "e"]})
    mine = g.apply(state, 0, {"type": "word", "cards": list(state.hands[0])})
    theirs = g.apply(replace(state, turn=1), 1, {"type": "word", "cards": list(state.hands[1])})
    assert mine.scores[0] == 14 and theirs.scores[1] == 9
    with pytest.raises(Exception, match="every player"):
        g.new({"lexicon": "test", "bonus": [5]}, 1)


def test_solo_plays_the_whole_deck_minus_the_hand_and_optionally_the_pile():
    g = game()
    state = g.new({"lexicon": "test", "players": 1}, 3)
    assert state.options.rounds == 1 and state.options.target == 0
    assert all(CARDS[u].kind != "steal-one" for u in (*state.stack, *state.hands[0], *state.pile))
    solo = table(g, {"players": 1}, hands={0: ["q", "red-t"]}, pile=["z"], stack=0)
    solo = replace(solo, scores=(40,))
    done = g.apply(solo, 0, {"type": "end"})
    assert done.results[0].final == (40 - 12,) and done.outcome.winners == (0,)
    pile = table(g, {"players": 1, "solo_pile": True}, hands={0: ["q", "red-t"]}, pile=["z"], stack=0)
    pile = replace(pile, scores=(40,))
    assert g.apply(pile, 0, {"type": "end"}).results[0].final == (40 - 12 - 10,)


# -- views, previews, bad moves --------------------------------------------------------------------

def test_a_hand_is_seen_only_by_its_player():
    g = game()
    state = table(g, hands={0: ["q", "z", "x"], 1: ["j", "k", "v"]})
    mine, theirs, public = g.view(state, 0), g.view(state, 1), g.view(state, None)
    assert [c["id"] for c in mine["hand"]] == ["q", "z", "x"] and [c["id"] for c in theirs["hand"]] == ["j", "k", "v"]
    assert public["hand"] is None and mine["hand_sizes"] == [3, 3]
    assert '"id": "j"' not in str(mine).replace("'", '"')


def test_the_preview_says_what_a_play_makes_without_playing_it():
    g = game()
    state = table(g, hands={0: ["r", "e"]}, words=[(0, ["t", "i", "m", "e"])])
    r, e = state.hands[0]
    said = g.answer(state, 0, "preview", {"move": {"type": "add", "word": 0, "front": [], "back": [r]}})
    assert said == {"ok": True, "words": ["timer"], "scored": 7}
    refused = g.answer(state, 0, "preview", {"move": {"type": "add", "word": 0, "front": [], "back": [e]}})
    assert refused["ok"] is False and "TIMEE is not in the dictionary" in refused["reason"]
    players = table(g, {"judge": "players"}, hands={0: ["e"]}, words=[(0, ["t", "i", "m", "e"])])
    unchecked = g.answer(players, 0, "preview", {"move": {"type": "add", "word": 0, "front": [], "back": list(players.hands[0])}})
    assert unchecked["ok"] is True  # players decide: no look-up before playing


@pytest.mark.parametrize("move", [{"type": "word"}, {"type": "word", "cards": "abc"}, {"type": "word", "cards": [True]},
                                  {"type": "add", "word": 0, "front": [[1, "abc"]], "back": []},
                                  {"type": "take", "count": "2"}, {"type": "replace", "word": 0, "card": 1, "side": "middle", "count": 1},
                                  {"type": "join", "word": 0, "with": 1, "first": "yes"}, {"type": "fly"}])
def test_malformed_moves_are_refused(move):
    g = game()
    with pytest.raises(MalformedMove):
        g.apply(table(g, hands={0: ["t"]}), 0, move)


def test_cards_not_in_the_hand_or_twice_are_refused():
    g = game()
    state = table(g, hands={0: ["t", "e"], 1: ["a"]})
    t, e = state.hands[0]
    with pytest.raises(IllegalMove, match="not in your hand"):
        g.apply(state, 0, {"type": "word", "cards": [t, state.hands[1][0]]})
    with pytest.raises(IllegalMove, match="only once"):
        g.apply(state, 0, {"type": "word", "cards": [t, t]})
    with pytest.raises(IllegalMove, match="not your turn"):
        g.apply(state, 1, {"type": "end"})


# -- bots -----------------------------------------------------------------------------------------

def test_bots_see_only_their_view_and_play_legal_moves():
    real, bots = make("one-letter-better", shipped)
    rng = random.Random(4)
    for level in BOTS:
        state = real.new({"players": 3, "judge": "players", "target": 40}, 9)
        for _ in range(300):
            if state.outcome:
                break
            seat = real.actors(state)[0]
            state = real.apply(state, seat, bots[level](real, real.view(state, seat), rng))
        assert state.round > 1 or state.outcome


LADDER = [("medium", "easy", 0.65), ("hard", "medium", 0.65), ("hard", "easy", 0.85)]


@pytest.mark.parametrize("strong, weak, target", LADDER)
def test_the_ladder_is_clear_from_both_seats(strong, weak, target):
    """Issue 19's targets on 60 seeded games a pairing, 30 from each seat; each pairing its
    own test (a shared fixture was played once per test worker)."""
    from ladder import rates
    rate = rates("one-letter-better", [(strong, weak)], {"players": 2}, 30, (11, 12))[strong, weak]
    assert rate >= target, rate


def _played_on(real, bots, seed: int, turns: int):
    # The target these positions were chosen under (the default until 2026-11-26)
    state = real.new({"players": 2, "rounds": 8, "target": 100}, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        assert state.outcome is None
        seat = real.actors(state)[0]
        state = real.apply(state, seat, bots["medium"](real, real.view(state, seat), rng))
    return state


@pytest.mark.parametrize("turns", [0, 40, 90])
def test_the_hard_bot_counts_exactly_the_cards_it_cannot_see(turns):
    """What the hard bot reasons over: the deck less every card in its view is exactly the
    other hands and the stack (it is never shown them)."""
    from collections import Counter

    from wordtable.games.one_letter_better.bots import _unseen
    real, bots = make("one-letter-better", shipped)
    state = _played_on(real, bots, 5, turns)
    hidden = [u for seat, hand in enumerate(state.hands) if seat != 0 for u in hand] + list(state.stack)
    view = real.view(state, 0)
    assert _unseen(view) == Counter(CARDS[u].id for u in hidden)
    if turns == 40:  # this game has by then an STL-1 played and words out of play: counted too
        assert view["spent"] and view["out"]


def test_the_chance_a_rival_can_steal_a_word_is_what_random_hands_give():
    """Risk.stolen against hands dealt at random from the cards the bot cannot see."""
    from wordtable.games.one_letter_better.bots import Risk
    real, bots = make("one-letter-better", shipped)
    state = _played_on(real, bots, 8, 30)
    seat = state.turn
    view = real.view(state, seat)
    view = {**view, "pile": [c for c in view["pile"] if c["letters"] not in "aeiost"][-1:]}  # no sure steal from the pile
    risk = Risk(real, view)
    pool = [card_id for card_id, n in risk.unseen.items() for _ in range(n)]
    rng = random.Random(1)
    held = max(view["hand_sizes"][1 - seat], 8)
    checked = 0
    for text in ("cat", "ring", "tone", "lamp", "quiz", "planet"):
        chance = risk.stolen(text)
        hits = sum(any(risk.steals(text, card) for card in rng.sample(pool, held)) for _ in range(3000))
        assert abs(hits / 3000 - chance) < 0.035, (text, chance, hits / 3000)
        checked += 0 < chance < 1
    assert checked >= 3  # the words are neither sure nor safe: the comparison means something


def test_a_word_is_safe_when_protected_and_sure_to_go_when_the_pile_steals_it():
    from wordtable.games.one_letter_better.bots import Risk
    from wordtable.games.one_letter_better.plays import Play
    real, bots = make("one-letter-better", shipped)
    view = real.view(_played_on(real, bots, 8, 30), 0)
    s = next(c for c in CARDS if c.id == "s")
    green = next(u for u, c in enumerate(CARDS) if c.colour == "green")
    with_s = {**view, "pile": [{"uid": CARDS.index(s), "id": "s", "kind": "letter", "letters": "s", "colour": "plain", "points": 2}]}
    assert Risk(real, with_s).stolen("cat") == 1.0
    word = Play({"type": "word", "cards": [green, 1]}, "word", 10, 0, 2, "cat")
    assert Risk(real, with_s).cost(word) == 0.0
    plain = Play({"type": "word", "cards": [1, 2]}, "word", 10, 0, 2, "cat")
    assert Risk(real, with_s).cost(plain) == 20.0  # its 10 points lost, and 10 more to the rival


def test_an_oracle_sees_everything_and_no_other_bot_does():
    from wordtable.engine.bots import Oracle, ask_bot
    from wordtable.games.one_letter_better.bots import ORACLES
    real, _bots = make("one-letter-better", shipped)
    seen = {}
    for name, bot in {**BOTS, **ORACLES}.items():
        def spy(game, view, rng, bot=bot, name=name):
            seen[name] = "everything" in view
            return bot(game, view, rng)
        if isinstance(bot, Oracle):
            spy = Oracle(spy)
        ask_bot(spy, real, real.new({"players": 2}, 3), real.actors(real.new({"players": 2}, 3))[0], 3, 0)
    assert seen == {"easy": False, "medium": False, "hard": False, "oracle": True}
    assert "oracle" not in BOTS


def test_which_cards_the_hard_bot_reckons_would_steal_a_word():
    """The rules' steals, one card at a time: added at an end, a red card inserted, a blue card
    replacing an end with other letters; never a wild, and never the same word again."""
    from wordtable.games.one_letter_better.bots import Risk
    real, bots = make("one-letter-better", shipped)
    risk = Risk(real, real.view(_played_on(real, bots, 8, 30), 0))
    assert risk.steals("cat", "s") and risk.steals("pint", "red-r") and risk.steals("slant", "blue-ch")
    assert not risk.steals("pint", "r")          # only a red card goes inside a word
    assert not risk.steals("cat", "wild") and not risk.steals("cat", "steal-one")
    assert not risk.steals("shop", "blue-sh")    # SH for SH: the same word, no steal
