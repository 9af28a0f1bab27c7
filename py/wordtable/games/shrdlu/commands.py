"""Shrdlu's own commands on the command line (wordtable.commands):

    shrdlu solve [--lexicon NAME] CARD...   every word fitting a spread, one per line
"""

from __future__ import annotations

import argparse
from typing import Any

from wordtable.commands import UsageError, lexicon_named


def add(subcommands: Any) -> None:
    tools = subcommands.add_parser("shrdlu", help="Shrdlu tools").add_subparsers(dest="tool", required=True)
    solve = tools.add_parser("solve", help="every word that fits a spread of cards")
    solve.add_argument("--lexicon", metavar="NAME", help="dictionary (default: standard)")
    solve.add_argument("cards", metavar="CARD", nargs="+",
                       help="etaoin shrdlu cmfwyp aeiou adjacent earliest later repeat-final-3 only-1 repeat-any *")
    solve.set_defaults(run=solve_spread)


def solve_spread(args: argparse.Namespace) -> list[str]:
    from wordtable.games.shrdlu.rules import CARDS, solve
    lexicon = lexicon_named(args.lexicon)
    unknown = [card for card in args.cards if card.lower() not in CARDS]
    if unknown:
        raise UsageError(f"unknown card {unknown[0]!r}; cards: {', '.join(CARDS)}")
    return solve(lexicon, [card.lower() for card in args.cards])
