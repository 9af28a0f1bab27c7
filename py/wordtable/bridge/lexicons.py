"""The bridge's start and dictionary operations: hello, lexicons, lexicon.*.

Dictionary code is imported inside the operations: the boot should not pay for it.
"""

from __future__ import annotations

import re
from typing import Any

from wordtable.bridge.errors import Refused
from wordtable.bridge.schema import Args, Operation, optional, required, short_strings
from wordtable.bridge.session import Session
from wordtable.runtime import runtime_info

MAX_RESULTS = 500  # words listed by a search; the count says how many there are in all
MAX_TILES = 16


def hello(session: Session, args: Args) -> dict[str, Any]:
    return runtime_info().to_json()


def lexicons(session: Session, args: Args) -> dict[str, Any]:
    registry = session.registry
    return {"lexicons": [info.to_json() for info in registry.infos()], "default": registry.default_name()}


def check(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.lexicon.rules import refusal
    lexicon = session.lexicon(args.get("lexicon"))
    game_id = args.get("game")
    rule = None if game_id is None else session.game(game_id)[0].word_rule
    results = []
    for raw in short_strings(args, "words", 1000):
        word = raw.strip().lower()
        if game_id is not None:
            assert rule is not None  # every built game declares what a valid word is (Game.word_rule)
            reason = refusal(lexicon, rule, word)
            results.append({"word": word, "valid": reason is None, "reason": reason})
        else:
            results.append(_plain_check(lexicon, raw.strip(), word))
    return {"lexicon": lexicon.name, "results": results}


def _plain_check(lexicon: Any, typed: str, word: str) -> dict[str, Any]:
    """The look-up of the home screen: a dictionary holds letters (with apostrophes and hyphens
    inside words), so "hello!" is looked up as HELLO, and the note says so."""
    from wordtable.lexicon.custom import normalise
    letters = normalise(word)
    if re.search(r"[^\W\d_]\s+[^\W\d_]", letters):
        return {"word": word, "valid": False, "reason": f"One word at a time: “{typed}” has a space.", "note": None}
    foreign = sorted({c for c in letters if c.isalpha() and not "a" <= c <= "z"})
    if foreign:
        return {"word": word, "valid": False, "note": None,
                "reason": f"The dictionaries hold the letters A to Z only: “{typed}” has {', '.join(foreign)}."}
    plain = re.sub(r"[^a-z'-]+", "", letters).strip("'-")
    if not plain:
        return {"word": word, "valid": False, "reason": f"“{typed}” has no letters: type a word.", "note": None}
    note = None if plain == word else (
        f"Dictionaries hold letters only (apostrophes and hyphens inside a word count), so “{typed}” is looked up as {plain.upper()}.")
    found = plain in lexicon
    reason = None if found else f"{plain.upper()} is not in the {lexicon.info.title} dictionary."
    return {"word": plain, "valid": found, "reason": reason, "note": note}


def _limited(words: list[str]) -> dict[str, Any]:
    return {"count": len(words), "words": words[:MAX_RESULTS]}


def find(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.lexicon.queries import parse_pattern
    lexicon = session.lexicon(args.get("lexicon"))
    try:
        pattern = parse_pattern(args["pattern"].strip().lower())
    except ValueError as error:
        raise Refused(str(error)) from None
    return _limited(lexicon.match(pattern))


def tiles(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.lexicon.queries import Tiles
    lexicon = session.lexicon(args.get("lexicon"))
    try:
        rack = Tiles.parse(args["tiles"])
    except ValueError as error:
        raise Refused(str(error)) from None
    if rack.count > MAX_TILES:
        raise Refused(f"At most {MAX_TILES} tiles at a time.")
    return _limited(lexicon.from_tiles(rack, min_length=args["min_length"]))


def parse_custom(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.lexicon.custom import WordListError, parse_word_list
    try:
        parsed = parse_word_list(args["text"])
    except WordListError as error:
        raise Refused(str(error)) from None
    return {"words": parsed.words, "rejected": parsed.rejected, "rejected_examples": parsed.rejected_examples,
            "split": parsed.split, "split_examples": parsed.split_examples}


def add_custom(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.lexicon.custom import WordListError
    try:
        info = session.registry.add_custom(args["id"], args["title"], args["words"])
    except (ValueError, WordListError) as error:
        raise Refused(str(error)) from None
    return info.to_json()


def remove_custom(session: Session, args: Args) -> dict[str, Any]:
    session.registry.remove_custom(args["id"])
    return {}


# A dictionary's info, as lexicons lists it and lexicon.add_custom answers it.
_INFO = (required("name", "string"), required("title", "string"), required("description", "string"),
         required("licence", "string"), required("words", "integer"), required("custom", "boolean"))
_FOUND = (required("count", "integer"), required("words", "array", items="string"))

OPERATIONS: dict[str, Operation] = {
    "hello": Operation(hello, (), (
        required("wordtable", "string"), required("python", "string"), required("implementation", "string"),
        required("platform", "string"), required("in_browser", "boolean"), required("summary", "string"))),
    "lexicons": Operation(lexicons, (), (
        required("lexicons", "array", items="object"), required("default", "string"))),
    "lexicon.check": Operation(check, (
        required("words", "array", items="string"), optional("lexicon", "string"), optional("game", "string"),
    ), (required("lexicon", "string"), required("results", "array", items="object"))),
    "lexicon.find": Operation(find, (required("pattern", "string"), optional("lexicon", "string")), _FOUND),
    "lexicon.tiles": Operation(tiles, (
        required("tiles", "string"), optional("lexicon", "string"), optional("min_length", "integer", 2),
    ), _FOUND),
    "lexicon.parse_custom": Operation(parse_custom, (required("text", "string"),), (
        required("words", "array", items="string"), required("rejected", "integer"),
        required("rejected_examples", "array", items="string"), required("split", "integer"),
        required("split_examples", "array", items="string"))),
    "lexicon.add_custom": Operation(add_custom, (
        required("id", "string"), optional("title", "string", ""), required("words", "array", items="string"),
    ), _INFO),
    "lexicon.remove_custom": Operation(remove_custom, (required("id", "string"),), ()),
}
