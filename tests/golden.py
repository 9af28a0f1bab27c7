"""Golden records: seeded games of every game and variant, each kept with the hash of every
seat's view after every move and of the final state (python-chess's perft files in spirit). A
change that moves code about must replay them identically; a change of rules shows here first.
Beside each hash, a line a person reads (the move, then the phase, who acts and the scores as
the table sees them): a failure shows what changed, not only where.

    .venv/bin/python tests/golden.py            # writes tests/fixtures/golden/GAME.json anew
    .venv/bin/python tests/golden.py --rehash   # the same records' hashes anew (a view changed)

Write them anew only for a deliberate change of rules or views, and say so in the commit.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "fixtures" / "golden"
SEEDS_PER_VARIANT = 2
MIN_GAMES = 10  # a game with few variants plays more seeds of each
MAX_STEPS = 3_000
HASH_CHARS = 16  # per step: enough to tell two views apart, small enough to keep every step


def canonical(value: Any) -> Any:
    """Plain JSON for any state: dataclasses by their fields (not their class, so code can move),
    sets sorted, tuples as lists, enums by value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: canonical(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, dict):
        return {str(key): canonical(item) for key, item in sorted(value.items(), key=lambda pair: repr(pair[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(item) for item in value), key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "__dict__"):
        return {name: canonical(item) for name, item in sorted(vars(value).items()) if not name.startswith("_")}
    return repr(value)


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()[:HASH_CHARS]


def step_hash(game, state) -> str:
    """Every seat's view of a state, and the table's (seat None), in one hash."""
    return digest([game.view(state, seat) for seat in [None, *range(game.seats(state))]])


# Fields of the table's view that say how the game stands, where a game has them.
SUMMARY_FIELDS = ("round", "scores", "totals", "cards_won")


def step_summary(game, state, move_text: str) -> str:
    """A step in words: the move that led here, then the phase, who acts, how the game stands."""
    view = game.view(state, None)
    standing = {name: view[name] for name in SUMMARY_FIELDS if name in view and len(json.dumps(view[name])) <= 200}
    outcome = f" · winners {view['outcome']['winners']}" if view["outcome"] else ""
    return (f"{move_text} → {view['phase']}, waiting for {view['waiting_for']}"
            + "".join(f" · {name} {json.dumps(value)}" for name, value in standing.items()) + outcome)


def trace(game, record, summaries: list[str] | None = None) -> tuple[list[str], str]:
    """The hash after the start and after each move, and the final state's hash; summaries,
    when given, gets each step's line (step_summary)."""
    from wordtable.engine.game import replay_states
    steps, state = [], None
    for number, state_now in enumerate(replay_states(game, record)):
        if summaries is not None:
            seat_move = record.moves[number - 1] if number else None
            said = "start" if seat_move is None else f"seat {seat_move[0]}: {game.move_text(state, seat_move[1])}"
            summaries.append(step_summary(game, state_now, said))
        state = state_now
        steps.append(step_hash(game, state))
    return steps, digest(canonical(state))


def traced(game, record) -> dict[str, Any]:
    """A golden game: its record, each step's hash and line, and the final state's hash."""
    summaries: list[str] = []
    steps, final = trace(game, record, summaries)
    return {"record": record.to_json(), "steps": steps, "summary": summaries, "final": final}


def variants(game_id: str) -> list[dict[str, Any]]:
    """The defaults, then each option moved off its default on its own (every other choice, both
    ends of a number, a banned letter or two, the other shipped dictionaries, a number per seat)."""
    from wordtable.games import game_class
    options_class = game_class(game_id).Options
    found: list[dict[str, Any]] = [{}]
    low, high = options_class.player_range() if any(s.name == "players" for s in options_class.specs()) else (1, 1)
    for spec in options_class.specs():
        if spec.name == "players":
            found += [{"players": count} for count in sorted({low, min(high, 4)}) if count != spec.default]
        elif spec.kind == "bool":
            found.append({spec.name: not spec.default})
        elif spec.kind == "choice":
            found += [{spec.name: choice} for choice in spec.choices if choice != spec.default]
        elif spec.kind == "int":
            found += [{spec.name: value} for value in (spec.minimum, spec.maximum) if value != spec.default]
        elif spec.kind == "letters":
            found.append({spec.name: "qz"})
        elif spec.kind == "lexicon":
            found += [{spec.name: name} for name in ("standard", "common", "wordsmith") if name != spec.default]
        elif spec.kind == "per_seat":
            players = options_class.complete({}).get("players", 2)
            found.append({spec.name: [spec.minimum + seat % (spec.maximum - spec.minimum + 1) for seat in range(players)]})
    return found


def play(game, bots: dict, options: dict[str, Any], seed: int):
    """A record of one game to its end: each seat a bot or the random player, clocks run out at
    random moments (as test_contract's playthroughs)."""
    from test_contract import choose
    from wordtable.engine.game import Record
    rng = random.Random(seed)
    options = game.Options.complete(options)  # as the bridge makes a new game: every option written
    state = game.new(options, seed)
    record = Record(game.id, options, seed)
    who = {seat: rng.choice(["random", *bots]) for seat in range(game.seats(state))}
    for _step in range(MAX_STEPS):
        actors = game.actors(state)
        if not actors:
            return record
        deadline = game.deadline(state)
        picked = choose(game, bots, state, actors, rng, who)
        if picked is None or (deadline is not None and rng.random() < 0.3):
            state, seat, move = game.expire(state), deadline.seat, deadline.move
        else:
            seat, move = picked
            state = game.apply(state, seat, move)
        record.moves.append((seat, move))
    raise AssertionError(f"{game.id} seed {seed}: no end after {MAX_STEPS} moves")


def golden_games(game_id: str) -> list[dict[str, Any]]:
    from test_contract import shipped
    from wordtable.engine.options import BadOptions
    from wordtable.games import make
    game, bots = make(game_id, shipped)
    games = []
    found = variants(game_id)
    seeds = max(SEEDS_PER_VARIANT, -(-MIN_GAMES // len(found)))
    for number, options in enumerate(found):
        for seed in range(1_000 + number * 10, 1_000 + number * 10 + seeds):
            try:
                game.new(options, seed)
            except BadOptions:
                continue  # an end of a range this game refuses alone (another option fixes it)
            games.append(traced(game, play(game, bots, options, seed)))
    return games


def write(game_ids: list[str]) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id in game_ids:
        games = golden_games(game_id)
        text = json.dumps({"game": game_id, "games": games}, separators=(",", ":"))
        (FOLDER / f"{game_id}.json").write_text(text + "\n")
        print(f"{game_id}: {len(games)} games, {sum(len(g['steps']) for g in games)} steps, {len(text) // 1024} KB")


def rehash(game_ids: list[str]) -> None:
    """The kept records' hashes computed anew (not the games played again): for a deliberate
    change of views, once the old views are shown to differ only by it."""
    from test_contract import shipped
    from wordtable.engine.game import Record
    from wordtable.games import make
    for game_id in game_ids:
        path = FOLDER / f"{game_id}.json"
        kept = json.loads(path.read_text())
        game, _bots = make(game_id, shipped)
        kept["games"] = [traced(game, Record.from_json(golden["record"])) for golden in kept["games"]]
        path.write_text(json.dumps(kept, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
    from toy_games import register_toy_games
    from wordtable.games import REGISTRY
    register_toy_games()
    if sys.argv[1:2] == ["--rehash"]:
        rehash(sys.argv[2:] or sorted(REGISTRY))
    else:
        write(sys.argv[1:] or sorted(REGISTRY))
