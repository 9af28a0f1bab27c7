"""Word lists: the shipped ones, a player's own, per-game word rules, and the command line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordtable.games.four_letter_words.rules import FourLetterWords
from wordtable.games.shrdlu.rules import Shrdlu
from wordtable.games.spell_write.rules import SpellWrite
from wordtable.lexicon import Lexicon, LexiconInfo, WordRule, refusal, store
from wordtable.lexicon.compile import WordListFileError, compile_all, read_word_list
from wordtable.lexicon.custom import MAX_CHARS, WordListError, parse_word_list

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"


# -- the shipped lists -------------------------------------------------------------------------

def test_each_catalog_list_is_clean_and_sized():
    catalog = json.loads((WORDLISTS / "catalog.json").read_text())
    names = [item["name"] for item in catalog["lexicons"]]
    assert set(names) >= {"common", "standard", "large", "british", "wordsmith"}
    sizes = {}
    for name in names:
        words = read_word_list(WORDLISTS / f"{name}.txt")  # refuses capitals, digits, repeats
        sizes[name] = len(words)
        assert not [w for w in words if w.endswith("'s")], f"{name} holds possessives"
        if name != "wordsmith":
            assert all(w.isalpha() and w.isascii() for w in words), name
    assert sizes["common"] < sizes["standard"] < sizes["large"]
    assert (WORDLISTS / "SCOWL-COPYRIGHT.txt").read_text().count("Kevin Atkinson")


def test_list_contents_differ_as_described():
    common, standard, large, british, wordsmith = (
        set(read_word_list(WORDLISTS / f"{n}.txt"))
        for n in ("common", "standard", "large", "british", "wordsmith"))
    assert common < standard < large
    assert "color" in standard and "colour" not in standard
    assert "colour" in british and "color" not in british
    assert "don't" in wordsmith and "don't" not in standard and standard < wordsmith


def test_manifest_describes_every_file(tmp_path):
    manifest = store.manifest()
    default = [e["name"] for e in manifest["lexicons"] if e["default"]]
    assert default == ["standard"]
    for entry in manifest["lexicons"]:
        assert entry["words"] > 50_000 and entry["description"] and "SCOWL" in entry["licence"]
        # The bots' `common` list alone carries its words' levels (issue 44: not in our wheel).
        assert set(entry["files"]) == {"words"} | ({"levels"} if entry["name"] == "common" else set())
        for kind in entry["files"]:
            file = entry["files"][kind]
            assert (store.compiled_dir() / file["file"]).stat().st_size == file["bytes"]


def test_a_garbage_list_file_stops_the_build(tmp_path):
    (tmp_path / "catalog.json").write_text(json.dumps({"licence": "x", "lexicons": [
        {"name": "bad", "title": "Bad", "description": "d"}]}))
    (tmp_path / "bad.txt").write_text("apple\nBanana\n")
    with pytest.raises(WordListFileError, match="line 2"):
        compile_all(tmp_path, tmp_path / "out")


def test_compiling_twice_reuses_unchanged_lists(tmp_path):
    (tmp_path / "catalog.json").write_text(json.dumps({"licence": "x", "lexicons": [
        {"name": "tiny", "title": "Tiny", "description": "d", "default": True}]}))
    (tmp_path / "tiny.txt").write_text("cat\ndog\n")
    first = compile_all(tmp_path, tmp_path / "out")
    stamp = (tmp_path / "out" / "tiny.marisa").stat().st_mtime_ns
    assert compile_all(tmp_path, tmp_path / "out") == first
    assert (tmp_path / "out" / "tiny.marisa").stat().st_mtime_ns == stamp
    (tmp_path / "tiny.txt").write_text("cat\ndog\nemu\n")
    assert compile_all(tmp_path, tmp_path / "out")["lexicons"][0]["words"] == 3


# -- a player's own list -----------------------------------------------------------------------

def test_own_list_is_normalised():
    parsed = parse_word_list("Apple\n  banana  \r\nCAFÉ\ndon’t\n# a comment\n\nbanana\nx-ray, yo-yo; zebra\n")
    assert parsed.words == ["apple", "banana", "cafe", "don't", "x-ray", "yo-yo", "zebra"]
    assert parsed.rejected == 0
    assert parsed.split == 1 and parsed.split_examples == ["x-ray, yo-yo; zebra"]  # the player is told
    assert parse_word_list("# fruit, veg\ncat\ndog\n").words == ["cat", "dog"]  # a comment stays one, commas and all


def test_own_list_counts_rejected_lines():
    parsed = parse_word_list("apple\npear\nplum\nfig\n2024\nhello world\n")
    assert parsed.words == ["apple", "fig", "pear", "plum"]
    assert parsed.rejected == 2
    assert parsed.rejected_examples == ["2024 (no letters)", "hello world (a space: one word per line)"]


@pytest.mark.parametrize("text, message", [
    ("", "no words"),
    ("   \n\n# only comments\n", "no words"),
    ("\x00\x01\x02binary\x00stuff", "binary"),
    ("x" * (MAX_CHARS + 1), "too big"),
    ("1\n2\n3\n4\napple\n!!!\n", "does not look like a word list"),
])
def test_bad_own_lists_are_refused_with_a_reason(text, message):
    with pytest.raises(WordListError, match=message):
        parse_word_list(text)


def test_own_list_answers_the_same_queries():
    info = LexiconInfo("mine", "Foods", "my foods", "mine", 4, custom=True)
    foods = Lexicon.from_words(info, parse_word_list("kale\nleek\nlime\nlimes\nsublime\n").words)
    assert "kale" in foods and "salt" not in foods
    assert foods.end_extensions("lime") == ["limes"]
    assert foods.front_extensions("lime") == ["sublime"]
    assert foods.words_of_length(4) == ["kale", "leek", "lime"]
    assert "kale" in foods.from_tiles("ealk")


# -- per-game validity -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def standard():
    return store.load("standard")


def test_word_rules_per_game(standard):
    flw, shrdlu, spell_write = FourLetterWords.word_rule, Shrdlu.word_rule, SpellWrite.word_rule
    assert refusal(standard, flw, "salt") is None
    assert "exactly four" in refusal(standard, flw, "salts")
    assert "not in the Standard dictionary" in refusal(standard, flw, "zzzz")
    assert "only contain letters" in refusal(standard, flw, "ab1c")
    assert "only contain letters" in refusal(store.load("wordsmith"), flw, "i'll")
    assert refusal(standard, shrdlu, "night") is None
    assert "too short" in refusal(standard, shrdlu, "nigh")
    assert refusal(standard, spell_write, "art") is None
    assert "too long" in refusal(standard, spell_write, "night")
    wordsmith = store.load("wordsmith")
    assert refusal(wordsmith, WordRule("a-z'\\-", 2, None, "at least two letters."), "don't") is None


# -- command line ------------------------------------------------------------------------------

def cli(*args):
    return subprocess.run([sys.executable, "-m", "wordtable", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})


def test_cli_lexicons():
    lines = cli("lexicons").stdout.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["standard", "common", "large", "british", "wordsmith"]
    assert lines[0].split("\t")[1] == str(len(read_word_list(WORDLISTS / "standard.txt")))


def test_cli_check():
    assert cli("check", "night", "nigth").stdout == "night yes\nnigth no\n"
    assert cli("check", "--lexicon", "british", "colour").stdout == "colour yes\n"


def test_cli_find_and_tiles():
    assert cli("find", "n[aeiou]ght").stdout == "night\n"
    found = cli("find", "[etaoin]?[aeiou]??").stdout.split()
    assert "night" not in found and "tiara" in found and all(len(w) == 5 for w in found)
    assert "stings" in cli("tiles", "st(ing)s").stdout.split()


@pytest.mark.parametrize("args", [(), ("check",), ("find", "[abc"), ("tiles", "a#"),
                                  ("check", "--lexicon", "klingon", "qapla"), ("frobnicate",)])
def test_cli_bad_arguments_exit_2_with_usage(args):
    result = cli(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr


def test_dictionaries_load_while_another_process_loads_them_too():
    """The compiled manifest is replaced whole: a reader never sees it half-written (tools and
    tests load dictionaries at the same time)."""
    script = "from wordtable.lexicon import store\nfor _ in range(40): store.load('common')\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    runs = [subprocess.Popen([sys.executable, "-c", script], env=env, stderr=subprocess.PIPE, text=True)
            for _ in range(3)]
    for run in runs:
        _out, errors = run.communicate(timeout=900)
        assert run.returncode == 0, errors[-500:]


def test_a_process_reads_each_shipped_lexicon_once():
    """A game asks its lexicon_for at every step: the command line's verify of one Wordsmith
    game read the dictionary twice a move (issue 42: 3-5 s a link, 23 GB for a script driving
    many devices). Read once per process, per folder of compiled lexicons."""
    first = store.load("wordsmith")
    assert store.load("wordsmith") is first
    assert store.load(None) is store.load(store.default_name())
    with pytest.raises(store.UnknownLexicon):
        store.load("no-such-list")
