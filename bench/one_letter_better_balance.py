"""One Letter Better's balance: how long a round lasts, and how often words are stolen, for each
number of players, round target and deck, with medium bots in every seat (CPython, the standard
dictionary, one round a game). It chose the default targets (issue 31): the smallest multiple
of 25 at which a round lasts at least five turns per player (median) with a steal in most
rounds, for two and three players (four run through the deck in about six turns each whatever
the target). The how-to-play page carries its table.

    .venv/bin/python bench/one_letter_better_balance.py [--games N] [--decks all|ours]

Decks: ours, and variants that change what the seed leaves open (lower values, fewer vowels,
more multi-letter cards), to measure what the deck can do; "no bonus" drops the seed's five
points per card above three, for comparison only (the seed fixes it: TIME is worth 14). Each
deck runs in its own worker processes (the deck is read when the game's module loads), two at
a time. Not a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

# Deck name -> changes to one_letter_better_deck's tables (letter -> [points, copies]); options
# added to every game.
LOWER_VALUES = {"d": [2, 4], "g": [2, 3], "h": [2, 3], "c": [2, 3], "p": [3, 2], "b": [3, 2], "f": [3, 2], "y": [3, 2],
                "w": [3, 2], "k": [5, 1], "v": [5, 1], "j": [6, 1], "x": [6, 1], "q": [8, 1], "z": [8, 1]}
FEWER_VOWELS = {"e": [1, 8], "a": [1, 6], "i": [1, 5], "o": [1, 5], "u": [2, 3]}
MORE_CHUNKS = ["ing", "ant", "ent", "er", "ed", "th", "qu", "st", "in", "an", "re", "on", "es", "ly", "ion", "ou"]
DECKS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "ours": ({}, {}),
    "lower values": ({"LETTERS": LOWER_VALUES}, {}),
    "fewer vowels": ({"LETTERS": FEWER_VOWELS}, {}),
    "more multi-letter cards": ({"MULTI": MORE_CHUNKS}, {}),
    "all three": ({"LETTERS": {**LOWER_VALUES, **FEWER_VOWELS}, "MULTI": MORE_CHUNKS}, {}),
    "ours, no bonus": ({}, {"bonus": "none"}),
}
TARGETS = (50, 75, 100, 125, 150, 175, 200, 225, 250)
TURNS_WANTED = 5          # per player, median, in a round to the target
STEALS_WANTED = 0.5       # the share of rounds with at least one steal
PLAYERS = (2, 3, 4)


def use_deck(changes: dict[str, Any]) -> None:
    """(In a worker, before the game loads) the deck with these changes."""
    from wordtable.games.one_letter_better import deck
    for name, value in changes.items():
        if name == "LETTERS":
            deck.LETTERS.update({letter: tuple(entry) for letter, entry in value.items()})
        else:
            setattr(deck, name, tuple(value))
    deck.DECK = deck._deck()


def rounds(players: int, target: int, options: dict[str, Any], seeds: list[int]) -> list[dict[str, float]]:
    """One round per seed with medium bots: turns per player, steals, the top score, the round's end."""
    import functools

    from wordtable.games.one_letter_better.bots import BOTS
    from wordtable.games.one_letter_better.rules import OneLetterBetter
    from wordtable.lexicon import store
    game = OneLetterBetter(functools.lru_cache(maxsize=None)(store.load))
    extra = {"bonus": [0] * players} if options.get("bonus") == "none" else {}
    found = []
    for seed in seeds:
        state = game.new({"players": players, "rounds": 1, "target": target, **extra}, seed)
        rng, steals = random.Random(seed), 0
        while state.outcome is None:
            seat = game.actors(state)[0]
            move = BOTS["medium"](game, game.view(state, seat), rng)
            target_word = next((w for w in state.words if w.id == move.get("word")), None)
            steals += move["type"] in ("add", "insert", "replace", "join") and target_word is not None and target_word.owner != seat
            state = game.apply(state, seat, move)
        result = state.results[0]
        begun = state.all_turns + (result.how == "target")  # the turn that reached the target counts
        found.append({"turns": begun / players, "steals": steals, "top": max(result.scores),
                      "reached": result.how == "target", "cards": len(state.stack) == 0})
    return found


def measure(name: str, games: int, targets: tuple[int, ...]) -> dict[tuple[int, int], list[dict[str, float]]]:
    changes, options = DECKS[name]
    cells = [(players, target) for players in PLAYERS for target in (0, *targets)]
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter reads the changed deck
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn, initializer=use_deck, initargs=(changes,)) as pool:
        halves = {cell: [pool.submit(rounds, *cell, options, list(range(start, games, 2))) for start in (0, 1)]
                  for cell in cells}
        return {cell: [r for half in futures for r in half.result()] for cell, futures in halves.items()}


def row(name: str, players: int, target: int, found: list[dict[str, float]]) -> dict[str, Any]:
    return {"deck": name, "players": players, "target": target,
            "turns": statistics.median(r["turns"] for r in found),
            "stolen": sum(r["steals"] > 0 for r in found) / len(found),
            "steals": statistics.fmean(r["steals"] for r in found),
            "top": statistics.median(r["top"] for r in found),
            "reached": sum(r["reached"] for r in found) / len(found)}


def smallest_target(rows: list[dict[str, Any]], players: int) -> int | None:
    fits = [r["target"] for r in rows if r["players"] == players and r["target"]
            and r["turns"] >= TURNS_WANTED and r["stolen"] > STEALS_WANTED]
    return min(fits, default=None)


def default_target(players: int) -> int:
    from wordtable.games.one_letter_better.state import Options
    return next(spec for spec in Options.specs() if spec.name == "target").default_for(players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="rounds per cell")
    parser.add_argument("--decks", choices=("all", "ours"), default="all")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    names = list(DECKS) if args.decks == "all" else ["ours"]
    rows = []
    for name in names:
        targets = TARGETS if name == "ours" else (100, 150, 200)
        measured = measure(name, args.games, targets)
        rows += [row(name, players, target, found) for (players, target), found in measured.items()]
    print(f"One Letter Better, medium bots in every seat, {args.games} rounds a cell (standard dictionary)")
    print(f"{'deck':26} {'players':>7} {'target':>7} {'turns each':>10} {'rounds with a steal':>20}"
          f" {'steals':>7} {'top score':>9} {'target reached':>15}")
    for r in rows:
        target = r["target"] or "end"
        print(f"{r['deck']:26} {r['players']:>7} {target:>7} {r['turns']:>10.1f} {r['stolen']:>20.0%}"
              f" {r['steals']:>7.1f} {r['top']:>9.0f} {r['reached']:>15.0%}")
    ours = [r for r in rows if r["deck"] == "ours"]
    for players in PLAYERS:
        default = default_target(players)
        at = next((r for r in ours if r["players"] == players and r["target"] == default), None)
        print(f"{players} players: the smallest target with >= {TURNS_WANTED} turns each (median) and a steal in"
              f" most rounds: {smallest_target(ours, players)}; the default, {default}: "
              + (f"{at['turns']:.1f} turns each, a steal in {at['stolen']:.0%} of rounds, the target reached in"
                 f" {at['reached']:.0%}" if at else "not measured"))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
