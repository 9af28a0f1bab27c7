"""The bridge's game operations: game.*.

The page keeps the record (game, options, seed, moves); Python replays it and decides. A game's
IllegalMove, MalformedMove and BadOptions become replies in bridge.dispatch, in one place.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

from wordtable.bridge.errors import BadRequest, Refused
from wordtable.bridge.schema import Args, Operation, optional, required
from wordtable.bridge.session import WARM_UPS_KEPT, Session

MAX_SEED = 2**53  # a seed the page's JavaScript holds exactly


def seat_in_range(args: Args, players: int) -> int | None:
    """The seat argument, if given, checked against the table's seats."""
    seat = args.get("seat")
    if seat is not None and not 0 <= seat < players:
        raise BadRequest(f"seat must be between 0 and {players - 1}")
    return seat


def required_seat(args: Args, players: int) -> int:
    """The seat argument of an operation that requires it (_SEAT), checked against the table's seats."""
    seat = seat_in_range(args, players)
    assert seat is not None  # a required argument: check_args gave it, an integer
    return seat


def seat_view(game: Any, state: Any, seat: int | None) -> dict[str, Any]:
    return {"view": game.view(state, seat), "actors": game.actors(state), "epoch": game.epoch(state),
            "suggests": game.suggests(state)}


def in_time(args: Args, game: Any, state: Any) -> None:
    """A real-time move (or clock) sent with the epoch it was made in is refused once the
    table has moved past that epoch (a bot's call planned for a round already won)."""
    if "epoch" in args and args["epoch"] != game.epoch(state):
        raise Refused("Too late: the table moved on.")


def info(session: Session, args: Args) -> dict[str, Any]:
    """Every built game: title, blurb, player range, options with defaults and choices."""
    from wordtable.games import infos
    return {"games": infos()}


def new(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.engine.game import Record
    game, _bots = session.game(args["game"])
    seed = args.get("seed")
    if seed is None:
        import secrets
        seed = secrets.randbelow(2**31)
    if not 0 <= seed < MAX_SEED:
        raise BadRequest("the seed must be a whole number from 0 to 2**53")
    # Every option written out: a default changed later cannot change this game.
    options = game.Options.complete(args["options"])
    game.new(options, seed)  # fails now on a dictionary that is not here
    return {"record": Record(game.id, options, seed).to_json()}


def view(session: Session, args: Args) -> dict[str, Any]:
    table = session.replayed(args["record"])
    return seat_view(table.game, table.state, seat_in_range(args, table.game.seats(table.state)))


def play(session: Session, args: Args) -> dict[str, Any]:
    table = session.replayed(args["record"])
    game, record = table.game, table.record
    seat = required_seat(args, game.seats(table.state))
    in_time(args, game, table.state)
    after = game.apply(table.state, seat, args["move"])
    record.moves.append((seat, args["move"]))
    session.remember(record, after)
    return {"record": record.to_json(), **seat_view(game, after, seat)}


def expire(session: Session, args: Args) -> dict[str, Any]:
    """The table's clock ran out (a real-time game's deadline): the game plays its move."""
    table = session.replayed(args["record"])
    game, record = table.game, table.record
    in_time(args, game, table.state)
    deadline = game.deadline(table.state)
    after = game.expire(table.state)
    record.moves.append((deadline.seat, deadline.move))
    session.remember(record, after)
    return {"record": record.to_json(), **seat_view(game, after, None)}


def bot(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.engine.bots import ask_bot
    table = session.replayed(args["record"])
    seat = required_seat(args, table.game.seats(table.state))
    level = args["level"]
    if level not in table.bots:
        raise BadRequest(f"unknown bot level {level[:20]!r}")
    if seat not in table.game.actors(table.state):
        raise Refused("It is not this bot's turn.")
    return {"move": ask_bot(table.bots[level], table.game, table.state, seat, table.record.seed,
                            len(table.record.moves))}


def ask(session: Session, args: Args) -> dict[str, Any]:
    """A game-specific question about the game as it stands (see each game's answer())."""
    table = session.replayed(args["record"])
    game = table.game
    seat = seat_in_range(args, game.seats(table.state))
    question = args["question"]
    if question not in game.questions:
        raise Refused(f"{game.title} has no question {question[:40]!r}.")
    return {"answer": game.answer(table.state, seat, question, args["args"])}


def undo(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.engine.game import undo as undone
    table = session.replayed(args["record"])
    seat = required_seat(args, table.game.seats(table.state))
    shorter = undone(table.game, table.record, seat).to_json()
    earlier = session.replayed(shorter)
    return {"record": shorter, **seat_view(table.game, earlier.state, seat)}


def replay(session: Session, args: Args) -> dict[str, Any]:
    """Every step of a finished game with everything revealed; refused while it goes on, since
    the frames hold every player's secrets."""
    from wordtable.engine.game import Record, replay_states, shown_replay
    from wordtable.verify import find_record, sealed_replay
    found = find_record(args["record"])
    if isinstance(found, dict) and "sealed" in found:  # dealt sealed: from the table's entries
        try:
            record = Record.from_json(found)
            frames, moves = sealed_replay(session.game(record.game)[0], record)
        except ValueError as error:
            raise Refused(f"This game cannot be stepped through: {error}.") from None
        return {"frames": frames, "moves": moves}
    table = session.replayed(args["record"])
    game, record = table.game, table.record
    if game.outcome(table.state) is None:
        raise Refused("The replay opens once the game is over.")
    # A secret part kept on its owner's device is in the frames once its owner showed it, and
    # each move as it was made ("move": where the record holds its public form).
    states, made = shown_replay(game, record, list(replay_states(game, record)))
    # The mover and the text come last: a reveal holding a view's own "seat" must not hide them.
    frames = [{**game.reveal(states[0]), "seat": None, "text": "The game begins."}]
    for (seat, move), as_made, before, after in zip(record.moves, made, states, states[1:]):
        frame = {**game.reveal(after), "seat": seat, "text": game.move_text(before, as_made)}
        frames.append(frame | ({"move": as_made} if as_made is not move else {}))
    return {"frames": frames}


def review(session: Session, args: Args) -> dict[str, Any]:
    """"Review this game" (wordtable.review): a slice of about warm_slice_s per call, so a
    request sent meanwhile waits for one slice at most: {"done": false} until the review is
    whole, then {"done": true, "review": ...}, with each seat's line to share when a label
    names the game ("daily 2026-12-02"). Refused for a game not over or that does not check."""
    from wordtable.review import NotReviewable, review_steps
    key = json.dumps([args["record"], args.get("seat")], sort_keys=True)
    steps = session.reviewing.pop(key, None) or review_steps(args["record"], session.registry.get, args.get("seat"))
    deadline = time.perf_counter() + session.warm_slice_s
    try:
        for whole in steps:
            if whole is not None:
                return {"done": True, "review": whole.to_json(args.get("label", "")[:60])}
            if time.perf_counter() >= deadline:
                if len(session.reviewing) >= WARM_UPS_KEPT:
                    session.reviewing.clear()
                session.reviewing[key] = steps
                return {"done": False, "review": None}
    except NotReviewable as error:
        raise Refused(str(error)) from None
    raise AssertionError("a review's steps end with the review")


def verify(session: Session, args: Args) -> dict[str, Any]:
    """"Check this game": the record replayed from the start (wordtable.verify)."""
    from wordtable.verify import verify as verified
    return verified(args["record"], session.registry.get).to_json()


def warm_up(session: Session, args: Args) -> dict[str, Any]:
    """Lets a game build its indexes before play starts (Shrdlu: five- and six-letter words),
    a slice at a time: {"done": false} until it is over, and the page asks again, so a request
    sent meanwhile waits for one slice at most. A failed slice (a file to fetch first) starts the
    warm-up again on the next call; what it built so far is kept."""
    game_id, options = args["game"], args["options"]
    if game_id not in session.games:
        # A game's first use: importing its rules, then its bots, are a slice each.
        from wordtable.games import REGISTRY as BUILT, rules_module
        module = rules_module(game_id) if game_id in BUILT else None
        if module and module not in sys.modules:
            importlib.import_module(module)
        else:
            game, _bots = session.game(game_id)
            game.Options.parse(options)  # bad options are refused before any work
        return {"done": False}
    game, _bots = session.game(game_id)
    key = json.dumps([game_id, options], sort_keys=True)
    steps = session.warming.pop(key, None) or iter(game.warm_up(options))
    deadline = time.perf_counter() + session.warm_slice_s
    for _ in steps:
        if time.perf_counter() >= deadline:
            if len(session.warming) >= WARM_UPS_KEPT:
                session.warming.clear()
            session.warming[key] = steps
            return {"done": False}
    return {"done": True}


# What the page is given of a table after a move: the seat's view and who may act now.
_SEAT_VIEW = (required("view", "object"), required("actors", "array", items="integer"), required("epoch", "any"),
              required("suggests", "boolean"))
_RECORD = required("record", "object")
_SEAT = required("seat", "integer")
# Sent with a real-time move (or clock) by the page: the epoch it was made in (see in_time).
EPOCH = optional("epoch", "any")
# "Check this game" (wordtable.verify.Verdict), a guest's too.
VERDICT = (required("ok", "boolean"), required("message", "string"), required("moves", "integer"),
           required("events", "integer"), required("finished", "boolean"), required("checked", "boolean"))

OPERATIONS: dict[str, Operation] = {
    "game.info": Operation(info, (), (required("games", "array", items="object"),)),
    "game.new": Operation(new, (
        required("game", "string"), optional("options", "object", {}), optional("seed", "integer"),
    ), (_RECORD,)),
    "game.view": Operation(view, (_RECORD, optional("seat", "integer")), _SEAT_VIEW),
    "game.play": Operation(play, (_RECORD, _SEAT, required("move", "object"), EPOCH), (_RECORD, *_SEAT_VIEW)),
    "game.expire": Operation(expire, (_RECORD, EPOCH), (_RECORD, *_SEAT_VIEW)),
    "game.bot": Operation(bot, (_RECORD, _SEAT, required("level", "string")), (required("move", "object|null"),)),
    "game.ask": Operation(ask, (
        _RECORD, optional("seat", "integer"), required("question", "string"), optional("args", "object", {}),
    ), (required("answer", "any"),)),
    "game.undo": Operation(undo, (_RECORD, _SEAT), (_RECORD, *_SEAT_VIEW)),
    "game.replay": Operation(replay, (_RECORD,), (required("frames", "array", items="object"),
                                                  optional("moves", "array", None))),
    "game.verify": Operation(verify, (_RECORD,), VERDICT),
    "game.review": Operation(review, (_RECORD, optional("seat", "integer"), optional("label", "string", "")), (
        required("done", "boolean"), required("review", "object|null"))),
    "game.warm_up": Operation(warm_up, (required("game", "string"), optional("options", "object", {})), (
        required("done", "boolean"),)),
}
