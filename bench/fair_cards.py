"""What sealed hands would cost (issue 47, docs/fair-cards.md): the group operations of a deal
and of a draw in the prime-order subgroup of Ed25519's curve, timed in CPython and in Pyodide
(Node), for a deck of One Letter Better's size, with wordtable.engine.sealed (not wired into the
game yet), checked as it runs (every card opened is the card dealt).

    .venv/bin/python bench/fair_cards.py          (CPython, then the same in Pyodide under Node)

The scheme measured: every device masks the whole deck with one secret scalar and shuffles it
(N multiplications each, each clearing any small-order part a hostile device put in), then, in
turn, swaps its mask for a key of its own per card (N more, and N base multiplications for the
lock points): done one device after another. A card is opened by
the one who holds every other device's key for it: the keys are scalars, checked against the
key points each device published (one base multiplication each), and one multiplication by
their product opens it. Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from wordtable.engine import ed25519 as curve, sealed  # noqa: E402

DECK = 124           # One Letter Better's cards (deck.py)
HAND = 7
REPEATS = 5


def timed(action) -> float:
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        action()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def deal(players: int, rng: random.Random) -> tuple[list[bytes], list[list[int]], list[list[bytes]], list[int]]:
    """Every device masks and shuffles, then locks each card and publishes its lock points;
    returns the locked deck, every device's locks and lock points, and where each card went."""
    deck = list(sealed.card_points(DECK))
    where = list(range(DECK))
    masks = [sealed.scalar_from(rng.randbytes(64)) for _ in range(players)]
    for mask in masks:
        order = rng.sample(range(DECK), DECK)
        deck = sealed.masked(deck, mask, order)
        where = [where[i] for i in order]
    keys, points = [], []
    for mask in masks:
        own = [sealed.scalar_from(rng.randbytes(64)) for _ in range(DECK)]
        deck = sealed.locked(deck, mask, own)
        keys.append(own)
        points.append([sealed.lock_point(lock) for lock in own])
    return deck, keys, points, where


def run() -> dict[str, float]:
    rng = random.Random(47)
    card = sealed.card_points(DECK)[0]
    scalar = sealed.scalar_from(rng.randbytes(64))
    point = sealed.member(card)
    results = {
        "one multiplication, double-and-add (ms)": timed(lambda: curve._multiply(scalar, point)),
        "one multiplication, 4-bit window (ms)": timed(lambda: sealed._multiply(scalar, point)),
        "one base multiplication, powers of two (ms)": timed(lambda: curve._multiply_base(scalar)),
        "one base multiplication, comb (ms)": timed(lambda: sealed._multiply_base(scalar)),
        "one multiplication of a received point, cleared (ms)": timed(lambda: sealed._times(scalar, card)),
    }
    start = time.perf_counter()
    sealed.card_points.cache_clear()
    sealed.card_points(DECK)
    results["the deck's card points (ms, once)"] = (time.perf_counter() - start) * 1000
    for players in (2, 3, 4):
        start = time.perf_counter()
        deck, keys, points, where = deal(players, rng)
        results[f"{players} players: a whole deal, every device in turn (ms)"] = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        for place in range(HAND):
            locks = [own[place] for own in keys]
            assert sealed.opened(deck[place], locks, [p[place] for p in points], DECK) == where[place]
        results[f"{players} players: a hand of {HAND} opened by its holder (ms)"] = (time.perf_counter() - start) * 1000
    return results


def links_per_game(players: int, games: int = 6) -> dict[str, float]:
    """One Letter Better games of medium bots (default options), and the links play by link
    would pass under each mode, counted from their moves (a link is a player's turn passed on):
    today one per turn; every mode adds the deal's passes each round (2 per player, less one:
    the last to shuffle locks in the same pass); strict adds, for every draw from the stack
    (a turn's draw, or the draw after a discard), the drawer's "I draw" and every other
    player's keys (players links); keys ahead sends a drawer's keys with the turn before its
    own, where the cards it draws are known: the player before it sends its keys in its turn's
    link, every other player in one link more (players - 2 links a draw: none for two)."""
    import functools

    from wordtable.engine.bots import play
    from wordtable.games import make
    from wordtable.lexicon import store
    game, bots = make("one-letter-better", functools.lru_cache(maxsize=None)(store.load))
    counts: dict[str, list[int]] = {"turns": [], "draws": [], "rounds": [], "steals": []}
    for seed in range(games):
        played = play(game, [bots["medium"]] * players, {"players": players}, seed, 5000)
        moves = [move["type"] for _seat, move in played.record.moves]
        view = game.view(played.state, None)
        counts["turns"].append(sum(kind in ("draw", "take") for kind in moves))
        counts["draws"].append(sum(kind in ("draw", "discard") for kind in moves))
        counts["rounds"].append(view["round"])
        counts["steals"].append(moves.count("steal-card"))
    median = {name: statistics.median(values) for name, values in counts.items()}
    deal = (2 * players - 1) * median["rounds"]
    return {**median, "links today": median["turns"], "links, keys ahead": median["turns"] + deal + (players - 2) * median["draws"],
            "links, strict": median["turns"] + deal + players * median["draws"]}


def main() -> None:
    if sys.platform == "emscripten":
        print(json.dumps(run()))
        return
    print("Links per game of One Letter Better by link (medium bots, default options; medians of 6 games)")
    print(f"{'players':>8} {'rounds':>7} {'turns':>6} {'draws':>6} {'today':>6} {'keys ahead':>11} {'strict':>7}")
    for players in (2, 3, 4):
        row = links_per_game(players)
        print(f"{players:8} {row['rounds']:7.0f} {row['turns']:6.0f} {row['draws']:6.0f} {row['links today']:6.0f} "
              f"{row['links, keys ahead']:11.0f} {row['links, strict']:7.0f}")
    print()
    native = run()
    pyodide_dir = ROOT / ".cache" / "pyodide-314.0.7"
    output = subprocess.run(["node", str(ROOT / "tools" / "pyodide-run.mjs"), str(pyodide_dir), str(ROOT),
                             "bench/fair_cards.py"], check=True, capture_output=True, text=True).stdout
    browser = json.loads(output.strip().splitlines()[-1])
    print(f"{'':58} {'CPython':>10} {'Pyodide':>10} {'ratio':>6}")
    for name, ms in native.items():
        print(f"{name:58} {ms:10.2f} {browser[name]:10.2f} {browser[name] / ms:5.1f}x")


if __name__ == "__main__":
    main()
