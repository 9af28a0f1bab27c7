"""One Letter Better benchmark: the deck's balance by simulation, and the hard bot's turn time.

    .venv/bin/python bench/one_letter_better.py [--games N]   (after `python3 build.py test`)

Balance (CPython, bot games on the standard dictionary, one round each): for 2, 3 and 4 players,
the share of games that end by the rules (not by the turn cap), the mean points per round at
the end of the deck and how many turns a round to 100 points takes, how often each kind of card
is played, and how often words are stolen. Timing (Pyodide in Chromium, and CPython): the hard
bot's whole turn, target <= 150 ms median. Not a test.
"""

from __future__ import annotations

import argparse
import collections
import functools
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
import one_letter_better_turns  # noqa: E402
from lexicon import in_browser  # noqa: E402
from wordtable.games.one_letter_better.bots import BOTS  # noqa: E402
from wordtable.games.one_letter_better.rules import OneLetterBetter  # noqa: E402
from wordtable.games.one_letter_better.state import CARDS, MAX_TURNS  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

LINEUPS = {2: ("hard", "medium"), 3: ("hard", "medium", "easy"), 4: ("hard", "medium", "easy", "hard")}
TARGET_MS = 150


def card_kind(uid: int) -> str:
    card = CARDS[uid]
    if card.kind != "letter":
        return card.kind
    if card.colour != "plain":
        return card.colour
    return "multi-letter" if len(card.letters) > 1 else "letter"


def played_cards(move: dict) -> list[int]:
    entries = move.get("cards", []) + move.get("front", []) + move.get("back", [])
    if move["type"] in ("insert", "replace", "steal-card", "swap"):
        entries = [move["card"]]
    return [e if isinstance(e, int) else e[0] for e in entries]


def one_game(game: OneLetterBetter, players: int, target: int, seed: int) -> dict:
    state = game.new({"players": players, "rounds": 1, "target": target}, seed)
    lineup = LINEUPS[players][seed % players:] + LINEUPS[players][:seed % players]  # every seat gets each bot
    rng = random.Random(seed)
    first = state.turn
    used: collections.Counter[str] = collections.Counter()
    plays = steals = 0
    while state.outcome is None:
        seat = game.actors(state)[0]
        move = BOTS[lineup[seat]](game, game.view(state, seat), rng)
        kind = move["type"]
        if kind in ("word", "add", "insert", "replace", "join", "steal-card", "swap"):
            used.update(card_kind(uid) for uid in played_cards(move))
        if kind in ("word", "add", "insert", "replace", "join"):
            plays += 1
            target_word = next((w for w in state.words if w.id == move.get("word")), None)
            steals += target_word is not None and target_word.owner != seat
        before_turns = state.turns
        state = game.apply(state, seat, move)
    result = state.results[0]
    return {"ended": result.how == "target" or before_turns + 1 < MAX_TURNS, "how": result.how,
            "points": statistics.fmean(result.scores), "turns": state.all_turns, "used": used,
            "plays": plays, "steals": steals, "first_won": max(range(players), key=lambda s: result.final[s]) == first}


def balance(games: int) -> None:
    game = OneLetterBetter(functools.lru_cache(maxsize=None)(store.load))
    in_deck = collections.Counter(card_kind(uid) for uid in range(len(CARDS)))
    print(f"Deck: {len(CARDS)} cards: " + ", ".join(f"{n} {kind}" for kind, n in in_deck.most_common()))
    for players in (2, 3, 4):
        to_end = [one_game(game, players, 0, seed) for seed in range(games)]
        to_100 = [one_game(game, players, 100, seed) for seed in range(games)]
        ended = sum(g["ended"] for g in to_end + to_100) / (2 * games)
        used: collections.Counter[str] = sum((g["used"] for g in to_end), collections.Counter())
        plays = sum(g["plays"] for g in to_end)
        steals = sum(g["steals"] for g in to_end)
        reached = sum(g["how"] == "target" for g in to_100) / games
        print(f"\n{players} players ({', '.join(LINEUPS[players])} bots, {games} games each way)")
        print(f"  games that end by the rules: {ended:.0%}")
        print(f"  to the end of the deck: mean points per player per round {statistics.fmean(g['points'] for g in to_end):.0f}"
              f" (median {statistics.median(g['points'] for g in to_end):.0f}), turns {statistics.fmean(g['turns'] for g in to_end):.1f}")
        print(f"  to 100 points: the target reached in {reached:.0%}, turns per round {statistics.fmean(g['turns'] for g in to_100):.1f}"
              f" ({statistics.fmean(g['turns'] for g in to_100) / players:.1f} each)")
        print(f"  the first player wins the round: to 100 points {sum(g['first_won'] for g in to_100) / games:.0%}, to the end"
              f" of the deck {sum(g['first_won'] for g in to_end) / games:.0%} (a fair share: {1 / players:.0%}; each seat"
              f" plays each bot in turn)")
        print(f"  plays: {plays / games:.1f} a round, of which steals {steals / max(1, plays):.0%} ({steals / games:.1f} a round)")
        print("  card plays per round (a card a blue card sends back can be played again), and per card of that kind in the deck: "
              + ", ".join(f"{kind} {used[kind] / games:.1f} ({used[kind] / games / in_deck[kind]:.0%})"
                          for kind, _n in in_deck.most_common()))


def timing() -> None:
    dist = build.build()
    columns = {"Pyodide (Chromium)": in_browser(dist, "one_letter_better_turns"),
               "CPython": one_letter_better_turns.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"))}
    for measure in columns["CPython"]:
        print(f"\nOne Letter Better, {measure} (standard dictionary, against the medium bot)")
        for name, results in columns.items():
            r = results[measure]
            print(f"  {name:20} median {r['median_ms']:7.2f} ms   p90 {r['p90_ms']:7.2f} ms   p99 {r['p99_ms']:7.2f} ms"
                  f"   max {r['max_ms']:7.2f} ms   letter-set index once {r['first_ms']:7.1f} ms   ({r['count']} {r['unit']})")
    pyodide = columns["Pyodide (Chromium)"]["hard bot's whole turn"]["median_ms"]
    print(f"  target (Pyodide): whole turn <= {TARGET_MS} ms median: {pyodide:.2f} ({pyodide / TARGET_MS:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="bot games per player count and target")
    parser.add_argument("--skip-browser", action="store_true", help="only the balance (CPython)")
    args = parser.parse_args()
    balance(args.games)
    if not args.skip_browser:
        timing()


if __name__ == "__main__":
    main()
