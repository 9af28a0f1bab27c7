"""The bots' vocabulary (wordtable.lexicon.vocabulary): bots and "Suggest one" draw from
everyday words and never propose a word of the never-propose list; players may still play
any word of the agreed dictionary.

Every registered game is driven by its own bots through the engine, and every word a bot
proposes (a chosen or claimed word, a word written and scored, a word laid on the table) is
checked: a game's bots module declares how its moves name words (WORDS_PROPOSED)."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from wordtable.engine.bots import play
from wordtable.games import BUILT_IN, REGISTRY, make, words_proposed
from wordtable.lexicon import Lexicon, LexiconInfo, store
from wordtable.lexicon.compile import read_levels_text
from wordtable.lexicon.levels import Levels, levels_bytes
from wordtable.lexicon.rules import refusal
from wordtable.lexicon.vocabulary import NEVER_PROPOSE_FILES, forms, never_propose, read_list, vocabulary

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "py" / "wordtable" / "lexicon" / "data"
SEEDS = int(os.environ.get("VOCABULARY_SEEDS", 12))  # bot games per game and dictionary


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


@functools.cache
def scowl_levels() -> dict[str, int]:
    return read_levels_text((ROOT / "wordlists" / "everyday-levels.txt").read_text(encoding="utf-8"))


def made_up(**lists: list[str]):
    """lexicon_for over made-up dictionaries, e.g. standard=[...], common=[...]; each knows
    SCOWL's levels of its words, as the shipped `common` does."""
    lexicons = {name: Lexicon.from_words(LexiconInfo(name, name.title(), "", "", len(words)), words,
                                         Levels(levels_bytes(words, scowl_levels())))
                for name, words in lists.items()}

    def lexicon_for(name: str):
        if name not in lexicons:
            raise store.UnknownLexicon(name)
        return lexicons[name]
    return lexicon_for


# -- the data ----------------------------------------------------------------------------------

def test_the_never_propose_lists_load_with_their_source_and_licence():
    source, ours = (read_list(name) for name in NEVER_PROPOSE_FILES)
    assert len(source) >= 250 and len(ours) >= 100
    for words in (source, ours):
        assert all(word.isascii() and word.isalpha() and word.islower() for word in words)
        assert len(set(words)) == len(words)
    assert {"nigger", "cunt", "fuck", "rape"} <= set(source)
    assert {"gyp", "fart", "chink", "wop", "retard"} <= set(ours)
    header = (DATA / "never-propose.txt").read_text().split("\n# ")[:8]
    assert any("Shutterstock" in line for line in header) and any("CC BY 4.0" in line for line in header)
    assert any(line.startswith("#") and "project's own" in line
               for line in (DATA / "never-propose-ours.txt").read_text().splitlines())
    licence = (DATA / "never-propose-LICENCE.txt").read_text()
    assert "Shutterstock" in licence and "Attribution 4.0 International" in licence
    assert len(never_propose()) > 4 * len(source + ours)  # the forms are added


def test_the_data_ships_in_our_wheel_and_loads_from_a_zip_as_in_the_browser(tmp_path):
    import build
    shipped_files = {path.name for path in build.package_sources()}
    assert {*NEVER_PROPOSE_FILES, "never-propose-LICENCE.txt"} <= shipped_files
    archive = tmp_path / "wordtable.zip"  # the browser imports our wheel straight from its zip
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in build.package_sources():
            zipped.write(path, path.relative_to(ROOT / "py").as_posix())
    code = ("import wordtable, wordtable.lexicon.vocabulary as v; assert '.zip' in wordtable.__file__;"
            "print(len(v.never_propose()), v.Vocabulary.blocked('gyps'))")
    result = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(archive)!r}); {code}"],
                            capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.split() == [str(len(never_propose())), "True"]


def test_the_site_ships_the_attribution_beside_the_lexicons(dist):
    shipped_licence = dist / "lexicons" / "never-propose-LICENCE.txt"
    assert shipped_licence.read_text() == (DATA / "never-propose-LICENCE.txt").read_text()


def test_a_blocked_word_blocks_its_inflections_by_a_rule():
    assert forms("gyp") == {"gyp", "gyps", "gypped", "gypping"}
    assert {"farts", "farted", "farting"} <= forms("fart")
    assert {"raped", "rapes", "raping"} <= forms("rape")
    assert {"bitches", "bitched", "bitching"} <= forms("bitch")
    assert {"pussies"} <= forms("pussy") and {"buggered", "buggering"} <= forms("bugger")
    blocked = never_propose()
    assert {"gyps", "gypped", "fart", "farting", "niggers", "bitches", "fucking"} <= blocked
    # The rule makes no other words: BUTTER is not a form of BUTT, nor SPICED of SPIC.
    assert not {"butter", "spiced", "spicing", "japed", "sextet", "scunthorpe", "assess", "class"} & blocked


# -- the helper --------------------------------------------------------------------------------

def test_everyday_words_first_then_the_fallback_never_a_blocked_word():
    words = vocabulary(shipped, "standard")
    assert words.everyday("salt") and words.everyday("beautiful") and words.everyday("understanding")
    assert not words.everyday("odyl") and not words.everyday("gyps") and not words.everyday("fart")
    assert words.blocked("gyps") and words.blocked("fart") and not words.blocked("odyl")
    assert words.may_propose("odyl") and not words.may_propose("gyps") and not words.may_propose("zzzq")
    assert words.prefer(["odyl", "gyps", "salt", "fart", "malt"]) == ["salt", "malt"]
    assert words.prefer(["odyl", "gyps", "fart"]) == ["odyl"]  # no everyday word: the fallback
    assert words.prefer(["gyps", "fart"]) == []
    assert words.prefer([("odyl", 1), ("salt", 2)], word=lambda item: item[0]) == [("salt", 2)]
    assert vocabulary(shipped, "standard") is words  # built once


def test_with_no_common_list_the_agreed_words_are_the_everyday_ones():
    words = vocabulary(made_up(standard=["odyl", "gyps", "salt"]), "standard")
    assert words.prefer(["odyl", "gyps", "salt"]) == ["odyl", "salt"]


# -- every game's bots -------------------------------------------------------------------------

# Each game's bots declare how they propose words (WORDS_PROPOSED, engine.bots.WordsProposed):
# how moves name words, the dictionaries to check and the least share of everyday words.
PROPOSING = [game_id for game_id in sorted(REGISTRY) if words_proposed(game_id) is not None]
LEVELS = ("easy", "medium", "hard")


def bot_words(game_id: str, lexicon: str, seeds: range) -> list[tuple[str, str]]:
    """(level, word) for every word the game's bots proposed in bot-only games over seeds:
    two to four seats, levels mixed. Real-time bots' plans count even when they go stale."""
    game, bots = make(game_id, shipped)
    declared = words_proposed(game_id)
    found: list[tuple[str, str]] = []
    for seed in seeds:
        rng = random.Random(seed)
        low, high = game.Options.player_range()
        players = max(low, min(high, rng.choice([2, 2, 3, 4])))
        levels = [LEVELS[(seed + seat) % 3] for seat in range(players)]

        def asking(level):
            def bot(game, view, bot_rng):  # the player's own rng, not the seed's above
                move = bots[level](game, view, bot_rng)
                if move is not None and game.kind.realtime:
                    found.extend((level, word) for word in declared.words(None, None, view["seat"], move))
                return move
            return bot

        options = {"players": players, "lexicon": lexicon}
        played = play(game, [asking(level) for level in levels], options, seed)
        if not game.kind.realtime:
            state = game.new(options, seed)
            for seat, move in played.record.moves:
                after = game.step(state, seat, move)
                found.extend((levels[seat], word) for word in declared.words(state, after, seat, move))
                state = after
    return found


def test_every_game_says_how_its_bots_propose_words():
    """Declared, not forgotten: a game whose bots propose no word says None."""
    for game_id in REGISTRY:
        assert words_proposed(game_id) is None or words_proposed(game_id).lexicons, game_id
    assert set(PROPOSING) >= set(BUILT_IN)  # every shipped game's bots propose words


# Before the bots' vocabulary the share of everyday words was 0.69 (Four Letter Words), 0.64
# (Shrdlu), 0.65 (Wordsmith), 0.73 (One Letter Better), 0.72 (Spell Write) on the defaults.


@pytest.mark.parametrize("game_id", PROPOSING)
def test_bots_never_propose_a_blocked_word_and_mostly_everyday_ones(game_id):
    blocked, common = never_propose(), shipped("common")
    declared = words_proposed(game_id)
    for lexicon in declared.lexicons:
        words = bot_words(game_id, lexicon, range(SEEDS))
        assert len(words) >= 100, (lexicon, len(words))  # the check below is not empty
        assert not [word for _level, word in words if word in blocked], lexicon
        share = sum(word in common for _level, word in words) / len(words)
        assert share >= declared.everyday_share, (lexicon, share)


def test_spell_write_bots_claim_everyday_words_between_equal_choices_never_blocked_ones():
    """AT and TA take the same link (only one may be claimed) and score the same: the bot
    claims the everyday one. TIT would score more, but is a never-propose word."""
    from wordtable.games.spell_write.bots import best_claims
    from wordtable.games.spell_write.rules import Layout, Sheet
    layout = Layout(black=((3, 2), (3, 3)), highlighted=(), bonus_row=3, bonus_col=3)
    sheet = Sheet(layout, "at..............")
    for common, expected in ((["at"], [[(0, 0), (0, 1)]]), (["ta"], [[(0, 1), (0, 0)]])):
        game, _bots = make("spell-write", made_up(standard=["at", "ta"], common=common))
        words = vocabulary(game.lexicon_for, "standard")
        assert best_claims(game, sheet, (0, 1), "competitive", words) == (2, expected)
    game, _bots = make("spell-write", made_up(standard=["tit", "it"], common=["tit", "it"]))
    sheet = Sheet(layout, "tit.............")
    points, claims = best_claims(game, sheet, (0, 2), "competitive", vocabulary(game.lexicon_for, "standard"))
    assert points == 2 and claims in ([[(0, 1), (0, 2)]], [[(0, 2), (0, 1)]])


def test_four_letter_words_bots_choose_everyday_words_and_never_gyps_fart_or_odyl():
    game, bots = make("four-letter-words", shipped)
    chosen = Counter()
    for seed in range(60):
        state = game.new({"players": 2}, seed)
        view = game.view(state, state.chooser)
        for level in LEVELS:
            chosen[bots[level](game, view, random.Random(seed))["word"]] += 1
    assert not {"gyps", "fart", "odyl"} & set(chosen)
    assert all(word in shipped("common") for word in chosen), [w for w in chosen if w not in shipped("common")]


def test_where_gyps_fart_and_odyl_are_all_that_fits_bots_choose_odyl():
    """Everyday words first (SALT), else the fallback (ODYL), never GYPS or FART."""
    every = made_up(standard=["fart", "gyps", "odyl", "salt"], common=["fart", "gyps", "salt"])
    fallback = made_up(standard=["fart", "gyps", "odyl"], common=["fart", "gyps"])
    for lexicon_for, expected in ((every, "salt"), (fallback, "odyl")):
        game, bots = make("four-letter-words", lexicon_for)
        state = game.new({"players": 2}, 1)
        for level in LEVELS:
            for seed in range(30):
                move = bots[level](game, game.view(state, state.chooser), random.Random(seed))
                assert move == {"type": "choose", "word": expected}, (level, move)


def test_suggest_one_through_the_bridge_offers_everyday_words(call):
    """The page's "Suggest one" is game.bot at the medium level."""
    for seed in range(20):
        record = call("game.new", game="four-letter-words", options={"players": 2}, seed=seed)["result"]["record"]
        chooser = call("game.view", record=record)["result"]["view"]["chooser"]
        word = call("game.bot", record=record, seat=chooser, level="medium")["result"]["move"]["word"]
        assert word in shipped("common") and word not in never_propose(), word


def test_players_may_still_play_a_blocked_word():
    game, _bots = make("four-letter-words", shipped)
    state = game.new({"players": 2}, 1)
    chosen = game.apply(state, state.chooser, {"type": "choose", "word": "gyps"})
    assert chosen.word == "gyps"
    for game_id in REGISTRY:
        game, _bots = make(game_id, shipped)
        lexicon = shipped(game.Options.parse({}).lexicon)
        rule = game.word_rule
        fitting = [w for w in ("fart", "gyps", "turds", "gypped", "bastard") if rule.min_length <= len(w)
                   and (rule.max_length is None or len(w) <= rule.max_length)]
        assert fitting and all(refusal(lexicon, rule, word) is None for word in fitting), game_id


def test_words_shrdlu_shows_after_a_round_are_never_never_propose_words():
    """Shrdlu's example words after a round are the app's proposals too: a blocked word is never
    among them, though it still counts among the round's solutions."""
    from wordtable.games import make
    from wordtable.lexicon.vocabulary import Vocabulary

    shrdlu, _bots = make("shrdlu", shipped)
    rounds_with_a_blocked_solution = 0
    for seed in range(80):
        state = shrdlu.new({"players": 1}, seed)
        for _round in range(3):
            if state.outcome:
                break
            found = shrdlu.solutions(state)
            blocked = [word for word in found if Vocabulary.blocked(word)]
            state = shrdlu.apply(state, 0, {"type": "pass"})
            result = state.results[-1]
            assert not any(Vocabulary.blocked(word) for word in result.examples)
            assert result.count == len(found)  # still counted
            rounds_with_a_blocked_solution += bool(blocked)
    assert rounds_with_a_blocked_solution >= 5  # the check met blocked words often enough to mean something
