"""One contract over every registered game (in the spirit of OpenSpiel's random_sim_test): a game
joins these tests by being in wordtable.games.REGISTRY.

- Seeded random playthroughs to the end, mixing the game's bots and a random player: every
  legal move applies, apply never changes its input, every view is JSON-safe and holds no
  other seat's secret (nor the seed, nor what no seat may see), move_text works for every
  move, undo follows the policy, and the record survives JSON and replays to the same state.
- A bad-input fuzz through bridge.handle: mutated moves and malformed requests are each
  answered as a refusal or a bad request, never an internal error, and change nothing.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from bridge_client import BridgeClient
from cores import assert_all_pass
from toy_games import web_folder
from wordtable.engine.errors import GameError, IllegalMove
from wordtable.engine.game import Record, replay, undo
from wordtable.games import REGISTRY, game_class, make
from wordtable.lexicon import store

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(REGISTRY)
PLAYTHROUGHS = int(os.environ.get("CONTRACT_PLAYTHROUGHS", 200))
FUZZ_CASES = int(os.environ.get("CONTRACT_FUZZ", 20_000))
MAX_STEPS = 4_000
UNDO_CHECKS = 6  # per playthrough: each replays the whole record, so long games would pay quadratically
SEED_BASE = 7_301_946_825  # ten digits: a seed leaking into a view would be seen


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def random_options(game_id: str, rng: random.Random) -> dict[str, Any]:
    """Options drawn from what the game declares (grids kept small so games stay short)."""
    options: dict[str, Any] = {}
    for spec in game_class(game_id).Options.specs():
        if spec.kind == "int":
            options[spec.name] = rng.randint(spec.minimum, min(spec.maximum, spec.minimum + 3))
        elif spec.kind == "bool":
            options[spec.name] = rng.random() < 0.5
        elif spec.kind == "choice":
            options[spec.name] = rng.choice(spec.choices)
        elif spec.kind == "letters":
            options[spec.name] = rng.choice(["", "", "q", "zx"])
        elif spec.kind == "lexicon":
            options[spec.name] = rng.choice(["standard", "common", "wordsmith"])
    if "players" in options:
        low, high = game_class(game_id).Options.player_range()
        options["players"] = rng.randint(low, min(high, 4))
    for spec in game_class(game_id).Options.specs():
        if spec.kind == "per_seat" and rng.random() < 0.5:
            options[spec.name] = [rng.randint(spec.minimum, spec.maximum) for _ in range(options["players"])]
    return options


def json_safe(value: Any) -> bool:
    return json.loads(json.dumps(value, allow_nan=False)) == value


def check_views(game, state, seed: int) -> None:
    seats = game.seats(state)
    views = {seat: game.view(state, seat) for seat in [None, *range(seats)]}
    texts = {seat: json.dumps(view, allow_nan=False) for seat, view in views.items()}
    deadline = game.deadline(state)
    for seat, view in views.items():
        # Plain JSON: it survives the trip through its own text (encoded once, not twice).
        assert json.loads(texts[seat]) == view, f"{game.id}: the view of seat {seat} is not plain JSON"
        # The clock is part of every view, so the page runs it without knowing the game.
        assert view.get("deadline") == (deadline.to_json() if deadline else None), f"{game.id}: view without its deadline"
        assert str(seed) not in texts[seat], f"{game.id}: the seed shows in seat {seat}'s view"
    if game.kind.hidden == "none":  # as declared: every seat sees what the table sees
        assert all(game.secrets(state, seat) == [] for seat in [None, *range(seats)]), f"{game.id}: secrets, declared none"
        public = {key: value for key, value in views[None].items() if key != "seat"}
        assert all({key: value for key, value in view.items() if key != "seat"} == public for view in views.values()), (
            f"{game.id}: a seat sees more than the table, yet the game declares nothing hidden")
    elif game.kind.hidden == "table":
        assert all(game.secrets(state, seat) == [] for seat in range(seats)), f"{game.id}: a seat's secret, declared none"
    for secret in game.secrets(state, None):
        for seat, text in texts.items():
            assert json.dumps(secret) not in text, f"{game.id}: seat {seat} sees what nobody may: {secret}"
    for owner in range(seats):
        for secret in game.secrets(state, owner):
            for seat, text in texts.items():
                if seat != owner and secret not in (game.secrets(state, seat) if seat is not None else []):
                    assert json.dumps(secret) not in text, f"{game.id}: seat {seat} sees seat {owner}'s {secret}"


def choose(game, bots, state, actors, rng, who: dict[int, str]):
    """(seat, move) from a bot or the random player; None when everyone waits."""
    for seat in rng.sample(actors, len(actors)):
        level = who[seat]
        if level == "random":
            moves = game.legal_moves(state, seat)
            if moves:
                return seat, rng.choice(moves)
            continue
        move = bots[level](game, game.view(state, seat), rng)
        if move is not None:
            move = dict(move)
            move.pop("after_ms", None)
            return seat, move
    return None


def playthrough(game, bots, seed: int) -> None:
    rng = random.Random(seed)
    options = random_options(game.id, rng)
    state = game.new(options, seed)
    record = Record(game.id, options, seed)
    who = {seat: rng.choice(["random", *bots]) for seat in range(game.seats(state))}
    undo_checks = 0
    examples: dict[str, dict] = {}  # a well-formed move of each kind seen so far
    for _step in range(MAX_STEPS):
        check_views(game, state, seed)
        actors = game.actors(state)
        if not actors:
            break
        legal_of = {seat: game.legal_moves(state, seat) for seat in actors}
        for seat, legal in legal_of.items():  # every legal move applies (a sample of them: claims can be many)
            for move in rng.sample(legal, min(3, len(legal))):
                game.apply(state, seat, move)
                game.move_text(state, move)
        check_offers(game, state, rng, examples, legal_of)
        deadline = game.deadline(state)
        picked = choose(game, bots, state, actors, rng, who)
        before = copy.deepcopy(state)
        if picked is None or (deadline is not None and rng.random() < 0.3):
            assert deadline is not None, f"{game.id}: nobody can act and no clock runs"
            after = game.expire(state)
            seat, move = deadline.seat, deadline.move
        else:
            seat, move = picked
            assert isinstance(game.move_text(state, move), str)
            if game.kind.complete_moves:  # as declared: every move the engine accepts is listed
                assert move in legal_of[seat], f"{game.id}: {move} is accepted but not among the legal moves"
            after = game.apply(state, seat, move)
        assert state == before, f"{game.id}: apply changed its input"
        record.moves.append((seat, move))
        if not game.kind.realtime and rng.random() < 0.05 and undo_checks < UNDO_CHECKS:
            undo_checks += 1
            check_undo(game, record, seat, state)
        state = after
    else:
        pytest.fail(f"{game.id} seed {seed}: no end after {MAX_STEPS} moves")
    outcome = game.outcome(state)
    assert outcome is not None and all(0 <= seat < game.seats(state) for seat in outcome.winners)
    assert all(game.legal_moves(state, seat) == [] for seat in range(game.seats(state)))
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert replay(game, again) == state
    if not game.kind.chance:  # as declared: another seed plays the same game
        reseeded = replay(game, again.but(seed=seed + 1))
        assert game.view(reseeded, None) == game.view(state, None), f"{game.id}: the seed changed the game"
    assert json_safe(game.reveal(state))


def check_offers(game, state, rng: random.Random, examples: dict[str, dict], legal_of: dict[int, list]) -> None:
    """What each view offers is what the engine accepts: its `waiting_for` names exactly the
    seats that may move (in a turn-based game each has a legal move; in a race a seat may wait
    with nothing listed, such as the player who called shrdlu), a kind of move it offers has a
    legal move the engine applies, and a kind it denies has none and is refused."""
    actors = game.actors(state)
    for seat in range(game.seats(state)):
        view = game.view(state, seat)
        legal = legal_of[seat] if seat in legal_of else game.legal_moves(state, seat)  # listed once per state
        waits = seat in view["waiting_for"]
        assert waits == (seat in actors) and (waits or not legal) and (game.kind.realtime or waits <= bool(legal)), (
            f"{game.id}: seat {seat}'s view says waiting_for={view['waiting_for']}, the engine lists {len(legal)} moves")
        for move in legal:
            examples.setdefault(move["type"], move)
        for kind, offered in game.offers(view).items():
            of_kind = [move for move in legal if move["type"] == kind]
            if offered:
                assert of_kind, f"{game.id}: seat {seat}'s view offers {kind!r} but the engine allows none"
                game.apply(state, seat, rng.choice(of_kind))
            else:
                assert not of_kind, f"{game.id}: seat {seat}'s view denies {kind!r} but the engine allows {of_kind[0]}"
                if kind in examples:
                    with pytest.raises(GameError):
                        game.apply(state, seat, examples[kind])


def check_undo(game, record: Record, seat: int, before) -> None:
    """Only your own last move, and only when it did not reveal or hand anything on."""
    try:
        shorter = undo(game, record, seat)
    except IllegalMove:
        assert game.undo_barrier(before, replay(game, record)), "undo refused without a reason"
        return
    assert replay(game, shorter) == before
    assert not game.undo_barrier(before, replay(game, record))
    other = next((s for s in range(game.seats(before)) if s != seat), None)
    if other is not None:
        with pytest.raises(IllegalMove):
            undo(game, record, other)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playthroughs_keep_the_contract(game_id):
    # The playthroughs are independent: they share the machine's cores (forked workers, each
    # with its own game), and any failure comes back with its traceback.
    assert_all_pass(functools.partial(playthroughs, game_id), PLAYTHROUGHS)


def playthroughs(game_id: str, indexes: list[int]) -> None:
    game, bots = make(game_id, shipped)
    for index in indexes:
        playthrough(game, bots, SEED_BASE + index)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_has_its_renderer_and_how_to_play_page(game_id):
    """The home card links how-to-play/ID.html and the registry of renderers imports ID/index.js
    (a toy game of the test run keeps both in its own folder's web/)."""
    toy = web_folder(game_id)
    if toy is not None:
        assert (toy / "index.js").is_file() and (toy / "how-to-play.html").is_file()
        return
    assert (ROOT / "web" / "how-to-play" / f"{game_id}.html").is_file()
    assert (ROOT / "web" / "js" / "games" / game_id / "index.js").is_file()
    assert f'"./{game_id}/index.js"' in (ROOT / "web" / "js" / "games" / "index.js").read_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_declares_its_options_and_refuses_bad_ones(game_id):
    cls = game_class(game_id)
    info = cls.info()
    assert info["id"] == game_id and info["title"] and info["blurb"]
    # Said before an online game starts: what the host's device could see, in a game with secrets.
    if info["kind"]["hidden"] != "none":
        assert len(info["host_sees"]) > 40 and info["host_sees"].endswith(".") and "host" in info["host_sees"]
    else:
        assert info["host_sees"] == "", "a game with nothing hidden has nothing to say the host sees"
    assert json_safe(info) and info["players"]["min"] <= info["players"]["max"]
    game, _bots = make(game_id, shipped)
    assert cls.kind.owned_parts == (game.owned_part() is not None), "the kind says otherwise of owned parts"
    # By link: the kind's word held to live_only over the game's variants (golden.variants).
    from golden import variants
    races = {game.live_only(game.Options.parse(game.Options.complete(variant))) for variant in variants(game_id)
             if _parses(game, variant)}
    assert races == {"yes": {False}, "no": {True}, "some": {False, True}}[cls.kind.by_link], \
        f"by_link is {cls.kind.by_link!r}, but live_only says {races} over the variants"
    assert info["owned_part"] == (cls.kind.owned_name or None)
    # Its bots that see everything are declared (if only as {}), each wrapped as one.
    from wordtable.engine.bots import Oracle
    from wordtable.games import oracles
    assert all(isinstance(bot, Oracle) for bot in oracles(game_id).values())
    state = game.new({}, 1)  # every option has a default
    assert game.Options.parse(game.view(state, None)["options"]) == state.options
    for bad in ({"players": True}, {"players": info["players"]["max"] + 1}, {"players": "2"},
                {"no-such-option": 1}, {"lexicon": 7}, {"lexicon": ""}):
        with pytest.raises(GameError):
            game.new(bad, 1)


def _parses(game: Any, options: dict[str, Any]) -> bool:
    try:
        game.Options.parse(game.Options.complete(options))
        return True
    except GameError:
        return False  # an end of a range this game refuses alone


# -- the bad-input fuzz through the bridge -----------------------------------------------------

WRONG_VALUES = [True, False, None, "", "x" * 50, 1.5, -1, 0, 4, 2**70, -(2**70), [], [0], [[0, 0]], {}, {"a": 1},
                [-1, 99], [True, 0], "right", "time-up"]


def sample_records(game, bots, seed: int) -> list[dict[str, Any]]:
    """Records of one bot game at several points, the finished game among them."""
    rng = random.Random(seed)
    options = random_options(game.id, rng)
    state = game.new(options, seed)
    record = Record(game.id, options, seed)
    kept = [record.to_json()]
    while game.actors(state):
        picked = choose(game, bots, state, game.actors(state), rng, {s: "medium" for s in range(game.seats(state))})
        if picked is None:
            deadline = game.deadline(state)
            state, picked = game.expire(state), (deadline.seat, deadline.move)
        else:
            state = game.apply(state, *picked)
        record.moves.append(picked)
        if rng.random() < 0.15:
            kept.append(record.to_json())
    kept.append(record.to_json())
    return kept


def mutations(move: dict[str, Any], rng: random.Random):
    """A move changed in one way: a field with a wrong value, missing or unknown, another type."""
    field = rng.choice(list(move))
    choice = rng.random()
    mutated = copy.deepcopy(move)
    if choice < 0.55:
        value = mutated[field]
        if isinstance(value, list) and value and rng.random() < 0.5:  # deep inside a list
            index = rng.randrange(len(value))
            if isinstance(value[index], list) and value[index]:
                value[index][rng.randrange(len(value[index]))] = rng.choice(WRONG_VALUES)
            elif isinstance(value[index], dict) and value[index]:
                value[index][rng.choice(list(value[index]))] = rng.choice(WRONG_VALUES)
            else:
                value[index] = rng.choice(WRONG_VALUES)
        else:
            mutated[field] = rng.choice(WRONG_VALUES)
    elif choice < 0.7:
        del mutated[field]
    elif choice < 0.85:
        mutated[rng.choice(["extra", "seat", "after_ms", "__proto__"])] = rng.choice(WRONG_VALUES)
    else:
        mutated["type"] = rng.choice(["claim", "place", "write", "choose", "strike", "xs", "doubles", "pass",
                                      "shrdlu", "time-up", "accept", "defend", "", "PLACE"])
    return mutated


def malformed_request(game_id: str, record: dict[str, Any], rng: random.Random) -> tuple[str, Any]:
    """A request that is wrong in its envelope: arguments missing, of the wrong type, a record
    broken in one place, a bad seat, options or question."""
    broken = copy.deepcopy(record)
    part = rng.choice(["game", "options", "seed", "moves", "move-entry", "seat-entry"])
    if part == "moves" or (part in ("move-entry", "seat-entry") and not broken["moves"]):
        broken["moves"] = rng.choice(WRONG_VALUES)
    elif part == "move-entry":
        broken["moves"][rng.randrange(len(broken["moves"]))] = rng.choice(WRONG_VALUES)
    elif part == "seat-entry":
        broken["moves"][rng.randrange(len(broken["moves"]))][0] = rng.choice(WRONG_VALUES)
    else:
        broken[part] = rng.choice(WRONG_VALUES)
    return rng.choice([
        ("game.view", {"record": broken}),
        ("game.play", {"record": broken, "seat": 0, "move": {"type": "pass"}}),
        ("game.view", {"record": record, "seat": rng.choice(WRONG_VALUES)}),
        ("game.bot", {"record": record, "seat": rng.choice(WRONG_VALUES), "level": "easy"}),
        ("game.bot", {"record": record, "seat": 0, "level": rng.choice(WRONG_VALUES)}),
        ("game.ask", {"record": record, "seat": 0, "question": rng.choice(WRONG_VALUES + ["candidates", "missed"]),
                      "args": rng.choice([{}, {"pick": rng.choice(WRONG_VALUES), "at": rng.choice(WRONG_VALUES)}])}),
        ("game.undo", {"record": record, "seat": rng.choice(WRONG_VALUES)}),
        ("game.expire", {"record": rng.choice([record, broken])}),
        ("game.replay", {"record": rng.choice([record, broken])}),
        ("game.new", {"game": game_id, "options": {rng.choice(["players", "lexicon", "mode", "rows", "judge", "x"]):
                                                       rng.choice(WRONG_VALUES)}}),
        ("game.new", {"game": game_id, "seed": rng.choice(WRONG_VALUES)}),
        ("game.new", {"game": rng.choice(WRONG_VALUES)}),
        ("game.warm_up", {"game": game_id, "options": rng.choice(WRONG_VALUES)}),
        ("game.play", rng.choice(WRONG_VALUES)),
        *online_requests(record, rng),
    ])


def mutated_json(value: Any, rng: random.Random) -> Any:
    """A JSON value with one part (at any depth) replaced by a wrong value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: mutated_json(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return value[:index] + [mutated_json(value[index], rng)] + value[index + 1:]
    return rng.choice(WRONG_VALUES)


def online_requests(record: dict[str, Any], rng: random.Random) -> list[tuple[str, Any]]:
    """Hostile messages to an open online table and to a guest, and damaged saves of both."""
    players = record["options"]["players"]
    names = [f"P{seat}" for seat in range(players)]
    saved = {"record": record, "names": names, "remote": [players - 1], "tokens": {"tok": players - 1},
             "last_move": {str(players - 1): 0}}
    message = rng.choice([{"t": "join", "token": "tok"}, {"t": "move", "n": 1, "base": 0, "move": {"type": "pass"}},
                          {"t": "check", "v": 0, "sum": "x"}, {"t": "ask", "q": 1, "question": "candidates", "args": {}},
                          {"t": "sync"}, {"t": "ping", "at": 5}])
    view = {"t": "view", "v": 3, "view": {"phase": "play"}, "actors": [0], "sum": "0"}
    return [
        ("online.host", {"id": "fuzz", "record": record, "names": names, "saved": mutated_json(saved, rng)}),
        ("online.host", {"id": "fuzz", "record": record, "names": mutated_json(names, rng), "remote": mutated_json([0], rng)}),
        ("online.receive", {"id": "fuzz", "peer": "p", "text": json.dumps(mutated_json(message, rng))}),
        ("online.receive", {"id": "fuzz", "peer": "p", "text": json.dumps({"t": "join", "token": "tok"})}),
        ("online.local", {"id": "fuzz", "seat": rng.choice(WRONG_VALUES), "move": {"type": "pass"}}),
        ("online.expire", {"id": "fuzz", "epoch": rng.choice(WRONG_VALUES)}),
        ("online.guest", {"id": "guest", "token": "tok", "saved": mutated_json({"sent": 1, "pending": {"1": {}}}, rng)}),
        ("online.guest_receive", {"id": "guest", "text": json.dumps(mutated_json(view, rng))}),
        ("online.guest_move", {"id": "guest", "move": mutated_json({"type": "pass"}, rng)}),
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_input_is_refused_and_changes_nothing(bridge_session, game_id, capsys):
    call = BridgeClient(bridge_session).request  # every reply accepted is held to its declaration too
    game, bots = make(game_id, shipped)
    rng = random.Random(f"fuzz:{game_id}")
    records = [r for seed in range(4) for r in sample_records(game, bots, SEED_BASE + seed)]
    moves_by_record = []
    for record in records:
        state = replay(game, Record.from_json(record))
        legal = [(s, m) for s in range(game.seats(state)) for m in game.legal_moves(state, s)[:40]]
        recorded = [tuple(entry) for entry in record["moves"][-5:]]
        moves_by_record.append(legal + recorded or [(0, {"type": "pass"})])
    views_before = [call("game.view", {"record": r})["result"] for r in records]
    players = records[0]["options"]["players"]
    assert call("online.host", {"id": "fuzz", "record": records[0], "names": [f"P{s}" for s in range(players)],
                                "remote": [players - 1]})["ok"]
    assert call("online.guest", {"id": "guest", "token": "tok"})["ok"]
    kinds = {"refused": 0, "bad-request": 0, "ok": 0}
    for case in range(FUZZ_CASES):
        # The cases of one record come together, so the bridge's small cache of replayed states
        # serves them: a long game is not replayed from its start for every case.
        index = case * len(records) // FUZZ_CASES
        record = records[index]
        if case % 4 == 3:
            op, args = malformed_request(game_id, record, rng)
        else:
            seat, move = rng.choice(moves_by_record[index])
            seat = rng.choice([seat, seat, (seat + 1) % game.seats(game.new(record["options"], 1)), -1, 99, True])
            op, args = "game.play", {"record": record, "seat": seat, "move": mutations(move, rng)}
        reply = call(op, args)
        kind = "ok" if reply["ok"] else reply["error"]["kind"]
        assert kind in kinds, f"{op} {json.dumps(args)[-600:]} -> {reply}"
        kinds[kind] += 1
    frames = call("game.replay", {"record": records[-1]})["result"]["frames"]  # a finished game
    assert [frame["seat"] for frame in frames[1:]] == [seat for seat, _move in records[-1]["moves"]]
    for record, before in zip(records, views_before):  # nothing the bridge keeps has changed
        assert call("game.view", {"record": record})["result"] == before
        bridge_session.forget_states()
        assert call("game.view", {"record": record})["result"] == before
    assert kinds["refused"] > FUZZ_CASES / 50 and kinds["bad-request"] > FUZZ_CASES / 10  # both paths exercised
    with capsys.disabled():
        print(f"\n{game_id}: {FUZZ_CASES} bad inputs: {kinds['refused']} refused, "
              f"{kinds['bad-request']} bad requests, {kinds['ok']} accepted as legal moves")


def test_a_board_view_may_not_replace_a_field_every_view_has():
    """Issue 45: the engine writes the view's envelope (game, phase, waiting_for…) and the game
    its board; a board field of the same name would silently replace the engine's, so the view
    is refused, naming the field."""
    from toy_games.ghost.rules import Ghost

    class Clashing(Ghost):
        def board_view(self, state: Any, seat: int | None) -> dict[str, Any]:
            return {**super().board_view(state, seat), "phase": "mine"}

    game = Clashing(store.load)
    state = game.new({}, 1)
    with pytest.raises(TypeError, match=r"\['phase'\]"):
        game.view(state, 0)
    assert Ghost(store.load).view(state, 0)["phase"] != "mine"
