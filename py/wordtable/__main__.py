"""Command line: python3 -m wordtable COMMAND ...

    version                              package and Python versions
    lexicons                             one line per lexicon: name, words, licence
    check [--lexicon NAME] WORD...       WORD yes / WORD no
    find [--lexicon NAME] PATTERN        words matching ? (any letter), [abc] (a set), letters
    tiles [--lexicon NAME] TILES         words from tiles: ? wildcard, (ing) a multi-letter tile
"""

from __future__ import annotations

import argparse
import sys

from wordtable.runtime import runtime_info


class UsageError(Exception):
    pass


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python3 -m wordtable",
                                  description="Wordtable's rules, lexicons and bots.")
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("version", help="print the package and Python versions")
    commands.add_parser("lexicons", help="list the dictionaries")
    for name, what, metavar, many in (("check", "is each word in the dictionary?", "WORD", True),
                                      ("find", "words matching a pattern", "PATTERN", False),
                                      ("tiles", "words spelled from tiles", "TILES", False)):
        command = commands.add_parser(name, help=what)
        command.add_argument("--lexicon", metavar="NAME", help="dictionary (default: standard)")
        command.add_argument("query", metavar=metavar, nargs="+" if many else None)
    return top


def run(args: argparse.Namespace) -> list[str]:
    if args.command == "version":
        return [runtime_info().summary()]
    from wordtable.lexicon import Tiles, parse_pattern, store
    if args.command == "lexicons":
        return [f"{info.name}\t{info.words}\t{info.licence}" for info in store.available()]
    try:
        lexicon = store.load(args.lexicon)
    except store.UnknownLexicon as error:
        names = ", ".join(info.name for info in store.available())
        raise UsageError(f"{error}; choose one of: {names}") from None
    try:
        if args.command == "check":
            return [f"{word} {'yes' if word.lower() in lexicon else 'no'}" for word in args.query]
        if args.command == "find":
            return lexicon.match(parse_pattern(args.query.lower()))
        return lexicon.from_tiles(Tiles.parse(args.query), min_length=2)
    except ValueError as error:
        raise UsageError(str(error)) from None


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    try:
        lines = run(args)
    except UsageError as error:
        command_line.print_usage(sys.stderr)
        print(f"python3 -m wordtable: error: {error}", file=sys.stderr)
        return 2
    try:
        for line in lines:
            print(line)
    except BrokenPipeError:  # `| head` closed the pipe: not an error
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
