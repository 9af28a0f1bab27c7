"""One Letter Better's own commands on the command line (wordtable.commands):

    one-letter-better deck [--json]      our deck: every card, its points and copies
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def add(subcommands: Any) -> None:
    tools = subcommands.add_parser("one-letter-better", help="One Letter Better tools").add_subparsers(
        dest="tool", required=True)
    deck = tools.add_parser("deck", help="the deck: every card, its points and how many copies")
    deck.add_argument("--json", action="store_true", help="one JSON object: the cards and the total")
    deck.set_defaults(run=the_deck)


def the_deck(args: argparse.Namespace) -> list[str]:
    from wordtable.games.one_letter_better.deck import deck_json
    deck = deck_json()
    if args.json:
        return [json.dumps(deck)]
    lines = [f"{card['id']}\t{card['kind']}\t{card['colour']}\t{card['points']:+d} points\t×{card['count']}"
             for card in deck["cards"]]
    return lines + [f"{deck['total']} cards"]
