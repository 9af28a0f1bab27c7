"""Abbreviations, units and letter names are not words (issue 31): the shipped lists leave them
out by the rule in tools/make_wordlists.py, keep them in wordlists/removed.txt, and none comes
back."""

import importlib.util
import json
from pathlib import Path

import pytest

from wordtable.lexicon import store
from wordtable.lexicon.compile import read_word_list
from wordtable.lexicon.lexicon import removed_words

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_wordlists", ROOT / "tools" / "make_wordlists.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _load_tool()
LIST_NAMES = [item["name"] for item in json.loads((WORDLISTS / "catalog.json").read_text())["lexicons"]]


def removed_rows() -> dict[str, tuple[str, list[str]]]:
    rows = {}
    for line in (WORDLISTS / TOOL.REMOVED).read_text().splitlines():
        if line and not line.startswith("#"):
            word, why, lists = line.split("\t")
            rows[word] = (why, lists.split(","))
    return rows


def test_the_removed_file_states_its_rule_and_lists_mf_kb_lx_lm_gs_rs():
    text = (WORDLISTS / TOOL.REMOVED).read_text()
    assert text.startswith("# ") and "tools/make_wordlists.py" in text.splitlines()[1]
    rows = removed_rows()
    assert {"mf", "kb", "lx", "lm", "gs", "rs", "bs", "csc", "dui", "b"} <= set(rows)
    assert rows["gs"][0] == "letter name" and sorted(rows["gs"][1]) == sorted(LIST_NAMES) and rows["lx"][0].startswith("no vowel")
    assert not {"hmm", "shh", "brr", "nth", "tsk", "a", "i", "as", "act", "and", "laser"} & set(rows)


@pytest.mark.parametrize("name", LIST_NAMES)
def test_no_removed_word_is_in_a_shipped_list(name):
    words = set(read_word_list(WORDLISTS / f"{name}.txt"))
    assert not words & set(removed_rows()), name


@pytest.mark.parametrize("name", LIST_NAMES)
def test_the_rule_reapplied_to_the_shipped_lists_removes_nothing(name):
    words = read_word_list(WORDLISTS / f"{name}.txt")
    # A hyphenated word's parts are checked, a single letter being allowed (X-RAY); the
    # contractions (DON'T, I'M) come whole from SCOWL's list of them.
    plain = [word for word in words if "-" not in word and "'" not in word]
    parts = [part for word in words if "-" in word for part in word.split("-") if len(part) > 1]
    assert [word for word in plain + parts if TOOL.not_a_word(word)] == [], name
    # Each is also judged whole, by its letters alone: L-P is LP, H'M has no vowel.
    joined = [word for word in words if "-" in word or "'" in word]
    assert [word for word in joined if TOOL.not_a_word(TOOL.letters_of(word))] == [], name


def test_the_standard_dictionary_refuses_abbreviations_and_keeps_vowelless_words():
    standard = store.load("standard")
    assert [word for word in ("mf", "kb", "lx", "lm", "gs", "rs") if word in standard] == []
    kept = ("hmm", "shh", "brr", "nth", "gym", "myth", "a", "i", "as", "act")
    assert [word for word in kept if word not in standard] == []
    assert "tsk" in store.load("large")  # SCOWL has TSK at level 80: only the large list holds it


def test_the_rule_by_example():
    assert TOOL.not_a_word("gs") == "letter name" and TOOL.not_a_word("x") == "letter name"
    assert TOOL.not_a_word("mf") == TOOL.not_a_word("kb") == "no vowel: abbreviation or unit"
    assert TOOL.not_a_word("mirv") == "acronym"
    for word in ("hmm", "shh", "brr", "nth", "tsk", "psst", "cwm", "gym", "rhythm", "as", "is", "a", "act", "laser"):
        assert TOOL.not_a_word(word) is None, word
    # The reviewed lists say what they claim: vowel-less words, acronyms SCOWL names.
    assert all(not TOOL.VOWELS & set(word) for word in TOOL.REAL_VOWELLESS)
    assert all(TOOL.VOWELS & set(word) for word in TOOL.ACRONYMS)
    with pytest.raises(ValueError, match="not in SCOWL"):
        TOOL.not_a_word("dui", abbreviations=frozenset({"mirv"}))


def test_the_readme_says_what_was_removed_and_why():
    readme = (WORDLISTS / "README.md").read_text().lower()
    assert "removed.txt" in readme and "abbreviation" in readme and "letter name" in readme
    for example in ("MF", "KB", "LX", "GS", "HMM", "NTH"):
        assert example.lower() in readme, example


def test_a_game_recorded_before_keeps_the_words_taken_out_since_a_new_move_may_not_use_them():
    from wordtable.lexicon.lexicon import removed_words, removed_words_accepted
    # The package reads the same file as the one beside the lists.
    packaged = ROOT / "py" / "wordtable" / "lexicon" / "data" / "removed.txt"
    assert packaged.read_text() == (WORDLISTS / "removed.txt").read_text()
    assert removed_words("standard") == {w for w, (_why, lists) in removed_rows().items() if "standard" in lists}
    standard = store.load("standard")
    assert "gs" not in standard and "csch" not in standard
    with removed_words_accepted():
        assert "gs" in standard and "csch" in standard and "zzyzx" not in standard
    assert "gs" not in standard  # only within the block


def test_four_letter_words_replays_a_removed_word_and_refuses_it_as_a_new_move():
    from wordtable.engine.errors import IllegalMove
    from wordtable.engine.game import Record, replay
    from wordtable.games import make
    game, _bots = make("four-letter-words", store.load)
    chooser = game.view(game.new({"players": 2}, 3), None)["chooser"]
    # A record from before the key: played when CSCH was in the list, the game opens as it did.
    record = Record.from_json({"game": "four-letter-words", "options": {"players": 2}, "seed": 3,
                               "moves": [[chooser, {"type": "choose", "word": "csch"}]]})
    assert record.word_lists == 1
    assert replay(game, record).word == "csch"
    assert "word_lists" not in record.to_json()  # and it is saved as it was
    # A record played since the words were taken out replays under its own lists: refused.
    with pytest.raises(IllegalMove, match="not in the Standard dictionary"):
        replay(game, Record.from_json({**record.to_json(), "word_lists": 2}))
    with pytest.raises(IllegalMove, match="not in the Standard dictionary"):
        game.apply(game.new({"players": 2}, 3), chooser, {"type": "choose", "word": "csch"})


def test_a_challenge_of_a_removed_word_falls_in_every_replay_of_a_new_game():
    """One Letter Better, players decide: a word since taken out of the lists is challenged and
    falls when played. A reload replays the record: the challenger keeps the points (a replay
    that accepted the word would give them to the player instead)."""
    from wordtable.engine.game import Record, replay
    from wordtable.games import make
    game, _bots = make("one-letter-better", store.load)
    removed = sorted(removed_words("standard"))
    for seed in range(400):
        state = game.new({"players": 2, "judge": "players"}, seed)
        record = Record("one-letter-better", game.Options.complete({"players": 2, "judge": "players"}), seed)
        seat = state.turn
        record.moves.append((seat, {"type": "draw"}))
        state = game.apply(state, seat, {"type": "draw"})
        hand = game.view(state, seat)["hand"]
        letters = {card["uid"]: card["letters"] for card in hand if card["kind"] == "letter"}
        points = {card["uid"]: card["points"] for card in hand}
        pair = next(((a, b) for a in letters for b in letters
                     if a != b and letters[a] + letters[b] in removed and points[a] + points[b] > 0), None)
        if pair is None:
            continue
        play = {"type": "word", "cards": list(pair)}
        state = game.apply(game.apply(state, seat, play), 1 - seat, {"type": "challenge"})
        record.moves += [(seat, play), (1 - seat, {"type": "challenge"})]
        assert state.scores[1 - seat] > 0 and state.scores[seat] == 0
        replayed = replay(game, Record.from_json(record.to_json()))
        assert replayed.scores == state.scores and record.to_json()["word_lists"] == 2
        return
    pytest.fail("no deal in 400 seeds made a removed word from two cards")
