"""What sealed hands cost (issue 47, docs/fair-cards.md): the group operations of a deal
and of a draw in the prime-order subgroup of Ed25519's curve, timed in CPython and in Pyodide
(Node), for a deck of One Letter Better's size, with wordtable.engine.fair_deal (not wired into
the game yet), checked as it runs (every card opened is the card dealt).

    .venv/bin/python bench/fair_cards.py          (CPython, then the same in Pyodide under Node)

The scheme measured: every device masks the whole deck with one secret scalar and shuffles it
(N multiplications each, each clearing any small-order part a hostile device put in) with a
proof that it is a shuffle (wordtable.engine.shuffle_proofs, checked by every other device before
it seals a lock), then, in
turn, swaps its mask for a key of its own per card (N more, and N base multiplications for the
lock points) and proves it moved no card (wordtable.engine.lock_proofs: about two more
multiplications a position), checking the earlier passes' proofs at the positions it seals:
done one device after another. A card is opened by the one who holds every other device's key
for it, once every pass's proof holds at its position: the keys are scalars, checked against the
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

from wordtable.engine import ed25519 as curve, fair_deal, lock_proofs, sealed, shuffle_proofs  # noqa: E402

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


def seats(players: int, rng: random.Random) -> tuple[fair_deal.Layout, list[fair_deal.Keys], list[fair_deal.DeviceSecrets]]:
    """A table's layout, and each seat's sealing keys and deal secrets."""
    layout = fair_deal.Layout(players, DECK, HAND)
    dh = [sealed.scalar_from(rng.randbytes(64)) for _ in range(players)]
    publics = tuple(sealed.public_point(secret) for secret in dh)
    keys = [fair_deal.Keys(seat, dh[seat], publics) for seat in range(players)]
    return layout, keys, [fair_deal.DeviceSecrets.new(layout, rng) for _ in range(players)]


def deal(players: int, rng: random.Random) -> tuple[fair_deal.Layout, list, list, list, fair_deal.Deal]:
    """A round's deal as fair_deal makes it: every device masks and shuffles in turn, then
    locks, proves its lock pass and seals its locks of the others' hands, checking each earlier
    pass's proof where it seals (as if on its own device: nothing checked before is remembered)."""
    layout, keys, secrets = seats(players, rng)
    masks: list[fair_deal.MaskPass] = []
    for seat in range(players):
        masks.append(fair_deal.mask_pass(layout, 1, seat, secrets[seat], masks[-1] if masks else None))
    dealt = fair_deal.Deal(layout, 1, tuple(masks))
    for seat in range(players):
        lock_proofs._PROVEN.clear()
        shuffle_proofs._PROVEN.clear()
        dealt = dealt.with_pass(fair_deal.lock_pass(dealt, keys[seat], secrets[seat]))
    return layout, keys, secrets, masks, dealt


def _clock(action, *args, **named) -> tuple[float, object]:
    """Seconds the call took, and what it returned."""
    start = time.perf_counter()
    result = action(*args, **named)
    return time.perf_counter() - start, result


def _forget() -> None:
    lock_proofs._PROVEN.clear()
    shuffle_proofs._PROVEN.clear()


def parallel_deal(players: int, rng: random.Random) -> float:
    """Milliseconds from the dealer's first pass to every player holding its hand, with each
    device on its own processor (as at a real table): modelled from each step timed here. The
    passes go round in turn (each mask pass, then each lock pass, waits for the one before); a
    device checks another seat's pass when it arrives, while it waits for its own turn, and waits
    for a check it has begun; it locks once it has checked every shuffle and every earlier lock
    pass, and opens its hand once it has checked every pass where its hand needs it."""
    layout, keys, secrets = seats(players, rng)
    chain: list[tuple[int, float]] = []          # (seat, seconds) of each pass, in turn
    checks: dict[int, list[tuple[int, float]]] = {seat: [] for seat in range(players)}  # (pass index, seconds)
    masks: list[fair_deal.MaskPass] = []
    for seat in range(players):
        _forget()
        seconds, sent = _clock(fair_deal.mask_pass, layout, 1, seat, secrets[seat], masks[-1] if masks else None)
        masks.append(sent)
        chain.append((seat, seconds))
    dealt = fair_deal.Deal(layout, 1, tuple(masks))
    for checker in range(players):
        for seat in range(players):
            if seat != checker:
                _forget()
                checks[checker].append((seat, _clock(dealt.check_shuffles, [seat])[0]))
    for seat in range(players):
        for checker in range(seat + 1, players):  # later seats check it where they seal
            _forget()
            positions = fair_deal._others_hands(layout, checker) + [layout.pile]
            checks[checker].append((players + seat, _clock(dealt.check, positions, seats=[seat])[0]))
        _forget()
        dealt.check_shuffles([other for other in range(players) if other != seat])
        dealt.check(fair_deal._others_hands(layout, seat) + [layout.pile])
        seconds, sent = _clock(fair_deal.lock_pass, dealt, keys[seat], secrets[seat])
        dealt = dealt.with_pass(sent)
        chain.append((seat, seconds))
    opening: list[float] = []
    for seat in range(players):
        _forget()
        opening.append(_clock(fair_deal.open_hand, dealt, keys[seat], secrets[seat])[0])
    # the schedule: pass k is ready when pass k-1 is done; a check of pass k when pass k is done
    free = [0.0] * players
    done: list[float] = []
    for index, (seat, seconds) in enumerate(chain):
        ready = done[-1] if done else 0.0
        locking = index >= players  # it must have checked every pass before; a mask pass need not
        for target, length in sorted(checks[seat]):
            start = max(free[seat], done[target]) if target < index else None
            if start is None or (not locking and start + length > ready):
                break
            free[seat] = start + length
            checks[seat].remove((target, length))
        done.append(max(ready, free[seat]) + seconds)
        free[seat] = done[-1]
    # (opening checks every pass at the hand from scratch: a little more than a device that
    # kept what it checked while waiting would do)
    return 1000 * max(max(free[seat], done[-1]) + opening[seat] for seat in range(players))


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
        layout, keys, secrets, masks, dealt = deal(players, rng)
        lock_proofs._PROVEN.clear()
        hand = fair_deal.open_hand(dealt, keys[0], secrets[0])
        results[f"{players} players: a whole deal, every device in turn, proofs checked (ms)"] = \
            (time.perf_counter() - start) * 1000
        cards = fair_deal.audit(dealt, secrets)
        assert hand == [cards[position] for position in layout.hand(0)]
        lock_proofs._PROVEN.clear()
        start = time.perf_counter()
        fair_deal.open_hand(dealt, keys[0], secrets[0])
        results[f"{players} players: a hand of {HAND} opened by its holder, proofs checked (ms)"] = \
            (time.perf_counter() - start) * 1000
        top = layout.pile + 1
        start = time.perf_counter()
        assert fair_deal.open_public(dealt, top, [own.locks[top] for own in secrets]) == cards[top]
        results[f"{players} players: a card of the stack opened, every proof checked there (ms)"] = \
            (time.perf_counter() - start) * 1000
    for players in (2, 3, 4):
        results[f"{players} players: the deal on {players} devices at once, checks while waiting (ms, modelled)"] = \
            parallel_deal(players, rng)
    last = dealt.lock_passes[-1]
    received = dealt.lock_passes[-2].deck
    proof_context = fair_deal._proof_context(dealt, last.seat)
    results["a lock pass's proof, made (ms)"] = timed(lambda: lock_proofs.prove(
        received, last.deck, last.lock_points, secrets[-1].mask, secrets[-1].locks, proof_context))

    def check_locks() -> None:
        lock_proofs._PROVEN.clear()
        lock_proofs.Checker(received, last.deck, last.lock_points, last.proof, proof_context).check_locks()

    def check_position() -> None:
        lock_proofs._PROVEN.clear()
        lock_proofs.Checker(received, last.deck, last.lock_points, last.proof, proof_context).check_position(0)
    results["a lock pass's proof checked: its lock points (ms)"] = timed(check_locks)
    results["a lock pass's proof checked: one position (ms)"] = timed(check_position)
    shuffled, before = masks[-1], masks[-2].deck
    mask_context = fair_deal._mask_context(layout, 1, shuffled.seat)
    results["a mask pass's shuffle proof, made (ms)"] = timed(lambda: shuffle_proofs.prove(
        before, shuffled.deck, secrets[-1].mask, secrets[-1].order, mask_context))

    def check_shuffle() -> None:
        shuffle_proofs._PROVEN.clear()
        shuffle_proofs.check(before, shuffled.deck, shuffled.proof, mask_context)
    results["a mask pass's shuffle proof, checked (ms)"] = timed(check_shuffle)
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
