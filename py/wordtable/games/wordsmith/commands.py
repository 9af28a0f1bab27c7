"""Wordsmith's own commands on the command line (wordtable.commands):

    wordsmith alphabet [--json]          each character's pieces (red, yellow, blue, green)
    wordsmith words --pool R,Y,B,G [--lexicon NAME] [--exact]
                                         every word a pool of pieces builds (--exact: using all)
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from wordtable.commands import UsageError, lexicon_named


def add(subcommands: Any) -> None:
    tools = subcommands.add_parser("wordsmith", help="Wordsmith tools").add_subparsers(dest="tool", required=True)
    alphabet = tools.add_parser("alphabet", help="the pieces that build each character")
    alphabet.add_argument("--json", action="store_true", help="one JSON object: character -> pieces")
    alphabet.set_defaults(run=pieces_of_each_character)
    words = tools.add_parser("words", help="every dictionary word a pool of pieces builds")
    words.add_argument("--pool", required=True, metavar="R,Y,B,G",
                       help="how many red, yellow, blue and green pieces, e.g. 3,2,1,2")
    words.add_argument("--lexicon", metavar="NAME", default="wordsmith",
                       help="dictionary (default: wordsmith, which holds contractions)")
    words.add_argument("--exact", action="store_true", help="only words that use every piece")
    words.set_defaults(run=words_of_a_pool)


def pieces_of_each_character(args: argparse.Namespace) -> list[str]:
    from wordtable.games.wordsmith.alphabet import KINDS, alphabet_json
    table = alphabet_json()
    if args.json:
        return [json.dumps(table)]
    return [f"{char}\t" + ", ".join(f"{pieces[kind]} {kind}" for kind in KINDS if pieces[kind])
            for char, pieces in table.items()]


def words_of_a_pool(args: argparse.Namespace) -> list[str]:
    from wordtable.games.wordsmith.alphabet import ALPHABET
    pool = parse_pool(args.pool)
    lexicon = lexicon_named(args.lexicon)
    found: list[str] = lexicon.buildable(ALPHABET, pool, exact=args.exact, min_length=2)
    return found


def parse_pool(text: str) -> tuple[int, int, int, int]:
    """R,Y,B,G: how many red, yellow, blue and green pieces (each 0 to 99)."""
    parts = text.split(",")
    if len(parts) != 4 or not all(part.strip().isdigit() and int(part) < 100 for part in parts):
        raise UsageError(f"--pool needs four counts R,Y,B,G (red, yellow, blue, green), each 0 to 99; not {text!r}")
    red, yellow, blue, green = (int(part) for part in parts)
    return red, yellow, blue, green
