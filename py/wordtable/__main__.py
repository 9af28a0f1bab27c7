"""Command line: python3 -m wordtable COMMAND ..."""

from __future__ import annotations

import argparse
import sys

from wordtable.runtime import runtime_info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m wordtable",
                                     description="Wordtable's rules, lexicons and bots.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("version", help="print the package and Python versions")
    args = parser.parse_args(argv)
    if args.command == "version":
        print(runtime_info().summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
