"""The bridge's dictionary operations under CPython, with the site folder filled on demand."""

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridge_client import BridgeClient
from wordtable import bridge
from wordtable.lexicon import store


@dataclass
class Site:
    """An empty site folder, as the worker's before it has fetched anything, and a bridge
    session reading it."""
    root: Path
    client: BridgeClient


@pytest.fixture
def site(tmp_path) -> Site:
    store.manifest()  # compiled
    return Site(tmp_path, BridgeClient(bridge.Session.at(tmp_path)))


def provide(site: Site, reply: dict) -> None:
    """Play the worker: copy the files Python asked for into the site folder."""
    for file in reply["error"]["files"]:
        target = site.root / file["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(store.compiled_dir() / Path(file["path"]).name, target)


def call(site: Site, op: str, **args) -> dict:
    for _ in range(8):
        reply = site.client(op, **args)
        if reply["ok"] or reply["error"]["kind"] != "need-files":
            return reply
        provide(site, reply)
    raise AssertionError("files kept going missing")


def test_files_are_asked_for_with_their_hashes(site):
    first = site.client("lexicon.check", words=["night"])
    assert first["error"]["files"] == [{"path": "lexicons/manifest.json", "sha256": None}]
    provide(site, first)
    second = site.client("lexicon.check", words=["night"])
    paths = {f["path"]: f["sha256"] for f in second["error"]["files"]}
    assert set(paths) == {"lexicons/standard.marisa"}
    assert all(len(digest) == 64 for digest in paths.values())


def test_a_game_needs_no_file_beside_the_tries(site):
    """Issue 44: a dictionary travels once. A game's warm-up that lists every word decodes the
    trie on the device; nothing but the tries (and the bots' levels) is ever asked for."""
    assert call(site, "lexicon.check", words=["night"])["ok"]
    asked = set()
    while True:
        reply = site.client("game.warm_up", game="shrdlu", options={})
        if not reply["ok"]:
            asked |= {f["path"] for f in reply["error"]["files"]}
            provide(site, reply)
        elif reply["result"]["done"]:
            break
    assert all(path.endswith((".marisa", ".levels", ".zip", ".json")) for path in asked), asked
    assert site.client.session.registry.get("standard")._listing_source.get(False) is not None


def test_lexicons_and_check(site):
    listed = call(site, "lexicons")["result"]
    assert listed["default"] == "standard"
    assert [entry["name"] for entry in listed["lexicons"]][:2] == ["standard", "common"]
    results = call(site, "lexicon.check", words=["Night", "nigth"], game="shrdlu")["result"]["results"]
    assert results[0] == {"word": "night", "valid": True, "reason": None}
    assert results[1]["valid"] is False and "not in the Standard dictionary" in results[1]["reason"]


def test_find_and_tiles(site):
    assert call(site, "lexicon.find", pattern="n[aeiou]ght")["result"] == {"count": 1, "words": ["night"]}
    assert "stings" in call(site, "lexicon.tiles", tiles="st(ing)s")["result"]["words"]
    refused = call(site, "lexicon.find", pattern="[abc")
    assert refused["error"]["kind"] == "refused"
    assert call(site, "lexicon.check", lexicon="klingon", words=["x"])["error"]["kind"] == "refused"


def test_own_list_round_trip(site):
    parsed = call(site, "lexicon.parse_custom", text="Kale\nleek\n42\n")["result"]
    assert parsed == {"words": ["kale", "leek"], "rejected": 1, "rejected_examples": ["42 (no letters)"],
                      "split": 0, "split_examples": []}
    info = call(site, "lexicon.add_custom", id="custom:a", title="Veg", words=parsed["words"])["result"]
    assert info["custom"] is True and info["words"] == 2
    assert call(site, "lexicon.check", lexicon="custom:a", words=["kale"])["result"]["results"][0]["valid"]
    assert "custom:a" in [entry["name"] for entry in call(site, "lexicons")["result"]["lexicons"]]
    call(site, "lexicon.remove_custom", id="custom:a")
    assert call(site, "lexicon.check", lexicon="custom:a", words=["kale"])["error"]["kind"] == "refused"


@pytest.mark.parametrize("args", [{"id": "nope", "words": ["a"]}, {"id": "custom:b", "words": ["1", "2"]}])
def test_bad_own_lists_are_refused(site, args):
    assert call(site, "lexicon.add_custom", **args)["error"]["kind"] == "refused"


@pytest.mark.parametrize("op, args", [("lexicon.check", {"words": "night"}),
                                      ("lexicon.check", {"words": [1]}),
                                      ("lexicon.add_custom", {"id": "custom:c", "words": [1]}),
                                      ("lexicon.find", {})])
def test_malformed_arguments(site, op, args):
    assert call(site, op, **args)["error"]["kind"] == "bad-request"


def test_the_word_check_explains_punctuation(site):
    """The home screen's look-up (issue 16): "hello!" is looked up as HELLO, and the player is told why."""
    [result] = call(site, "lexicon.check", words=["Hello!"])["result"]["results"]
    assert result["valid"] and result["word"] == "hello"
    assert result["note"] == ("Dictionaries hold letters only (apostrophes and hyphens inside a word count), "
                              "so “Hello!” is looked up as HELLO.")
    [plain] = call(site, "lexicon.check", words=["night"])["result"]["results"]
    assert plain["valid"] and plain["note"] is None
    [wrong] = call(site, "lexicon.check", words=["nigth?"])["result"]["results"]
    assert not wrong["valid"] and wrong["reason"] == "NIGTH is not in the Standard dictionary."
    [empty] = call(site, "lexicon.check", words=["?!"])["result"]["results"]
    assert not empty["valid"] and empty["reason"] == "“?!” has no letters: type a word."
    [inner] = call(site, "lexicon.check", lexicon="wordsmith", words=["don't"])["result"]["results"]
    assert inner["valid"] and inner["note"] is None
    # What cannot be a word is said, not looked up as something else (ß, æ were dropped; the space closed up).
    [foreign] = call(site, "lexicon.check", words=["straße"])["result"]["results"]
    assert not foreign["valid"] and foreign["reason"] == "The dictionaries hold the letters A to Z only: “straße” has ß."
    [two] = call(site, "lexicon.check", words=["ice cream"])["result"]["results"]
    assert not two["valid"] and two["reason"] == "One word at a time: “ice cream” has a space."
    [accented] = call(site, "lexicon.check", words=["Café"])["result"]["results"]
    assert accented["word"] == "cafe"  # accents are read as the plain letter, as in a player's own list
