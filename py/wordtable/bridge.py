"""The only module the JavaScript calls: JSON text in, JSON text out.

A request is {"op": NAME, "args": {...}}. The reply is {"ok": true, "result": ...} or
{"ok": false, "error": {"kind": ..., "message": ...}} where message is fit to show a player.
Python never touches the DOM; the JavaScript never decides a rule.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from wordtable.engine.errors import GameError, MalformedMove
from wordtable.lexicon.registry import LexiconRegistry, NeedFiles, UnknownLexicon
from wordtable.runtime import runtime_info

# Where the worker puts site files Python asks for (see NeedFiles); a folder on CPython.
# Dictionary code is imported inside the operations: the boot should not pay for it.
REGISTRY = LexiconRegistry(Path(os.environ.get("WORDTABLE_SITE", "/site")))
MAX_RESULTS = 500

# Requests come from our own page, but a bug (or a hostile embedder) must not exhaust memory.
MAX_REQUEST_CHARS = 1_000_000


class BadRequest(Exception):
    """The request itself is malformed: not JSON, unknown operation, wrong arguments."""


class Refused(Exception):
    """A well-formed request that cannot be done; the message is for the player."""


def _arg(args: dict[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    value = args.get(name, default)
    if value is ... or (value is None and default is ...):
        raise BadRequest(f"missing argument {name!r}")
    if value is None:  # null given for an argument with a default: the default
        return default
    # JSON true is not a number, though Python's bool is an int.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"argument {name!r} must be {kind.__name__}")
    return value


def _strings(args: dict[str, Any], name: str, limit: int) -> list[str]:
    values = _arg(args, name, list)
    if len(values) > limit or not all(isinstance(v, str) and len(v) < 100 for v in values):
        raise BadRequest(f"argument {name!r} must be a list of at most {limit} short strings")
    return values


def _lexicon(args: dict[str, Any]):
    try:
        return REGISTRY.get(_arg(args, "lexicon", str, None))
    except UnknownLexicon as error:
        raise Refused(str(error)) from None


def _hello(args: dict[str, Any]) -> dict[str, Any]:
    return runtime_info().to_json()


def _lexicons(args: dict[str, Any]) -> dict[str, Any]:
    return {"lexicons": [info.to_json() for info in REGISTRY.infos()], "default": REGISTRY.default_name()}


def _check(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.lexicon.rules import refusal
    lexicon = _lexicon(args)
    game = _arg(args, "game", str, None)
    rule = None if game is None else _game(game)[0].word_rule
    results = []
    for raw in _strings(args, "words", 1000):
        word = raw.strip().lower()
        if game is not None:
            reason = refusal(lexicon, rule, word)
            results.append({"word": word, "valid": reason is None, "reason": reason})
        else:
            results.append(_plain_check(lexicon, raw.strip(), word))
    return {"lexicon": lexicon.name, "results": results}


def _plain_check(lexicon: Any, typed: str, word: str) -> dict[str, Any]:
    """The look-up of the home screen: a dictionary holds letters (with apostrophes and hyphens
    inside words), so "hello!" is looked up as HELLO, and the note says so."""
    from wordtable.lexicon.custom import normalise
    letters = normalise(word)
    if re.search(r"[^\W\d_]\s+[^\W\d_]", letters):
        return {"word": word, "valid": False, "reason": f"One word at a time: “{typed}” has a space.", "note": None}
    foreign = sorted({c for c in letters if c.isalpha() and not "a" <= c <= "z"})
    if foreign:
        return {"word": word, "valid": False, "note": None,
                "reason": f"The dictionaries hold the letters A to Z only: “{typed}” has {', '.join(foreign)}."}
    plain = re.sub(r"[^a-z'-]+", "", letters).strip("'-")
    if not plain:
        return {"word": word, "valid": False, "reason": f"“{typed}” has no letters: type a word.", "note": None}
    note = None if plain == word else (
        f"Dictionaries hold letters only (apostrophes and hyphens inside a word count), so “{typed}” is looked up as {plain.upper()}.")
    found = plain in lexicon
    reason = None if found else f"{plain.upper()} is not in the {lexicon.info.title} dictionary."
    return {"word": plain, "valid": found, "reason": reason, "note": note}


def _limited(words: list[str]) -> dict[str, Any]:
    return {"count": len(words), "words": words[:MAX_RESULTS]}


def _find(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.lexicon.queries import parse_pattern
    lexicon = _lexicon(args)
    try:
        pattern = parse_pattern(_arg(args, "pattern", str).strip().lower())
    except ValueError as error:
        raise Refused(str(error)) from None
    return _limited(lexicon.match(pattern))


def _tiles(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.lexicon.queries import Tiles
    lexicon = _lexicon(args)
    try:
        tiles = Tiles.parse(_arg(args, "tiles", str))
    except ValueError as error:
        raise Refused(str(error)) from None
    if tiles.count > 16:
        raise Refused("At most 16 tiles at a time.")
    return _limited(lexicon.from_tiles(tiles, min_length=_arg(args, "min_length", int, 2)))


def _parse_custom(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.lexicon.custom import WordListError, parse_word_list
    try:
        parsed = parse_word_list(_arg(args, "text", str))
    except WordListError as error:
        raise Refused(str(error)) from None
    return {"words": parsed.words, "rejected": parsed.rejected, "rejected_examples": parsed.rejected_examples,
            "split": parsed.split, "split_examples": parsed.split_examples}


def _add_custom(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.lexicon.custom import WordListError
    words = _arg(args, "words", list)
    if not all(isinstance(w, str) for w in words):
        raise BadRequest("argument 'words' must be a list of strings")
    try:
        info = REGISTRY.add_custom(_arg(args, "id", str), _arg(args, "title", str, ""), words)
    except (ValueError, WordListError) as error:
        raise Refused(str(error)) from None
    return info.to_json()


def _remove_custom(args: dict[str, Any]) -> dict[str, Any]:
    REGISTRY.remove_custom(_arg(args, "id", str))
    return {}


# -- games: the page keeps the record (game, options, seed, moves); Python replays it --------
# A game's IllegalMove, MalformedMove and BadOptions become replies in handle(), in one place.

_GAMES: dict[str, tuple[Any, dict]] = {}
_STATES: dict[str, Any] = {}  # record JSON -> state, so a move does not replay the whole game


def _game(game_id: str):
    if game_id not in _GAMES:
        from wordtable.games import GAME_IDS, make
        if game_id not in GAME_IDS:
            raise BadRequest(f"unknown game {game_id[:40]!r}")
        try:
            _GAMES[game_id] = make(game_id, REGISTRY.get)
        except KeyError:
            raise Refused("This game is not built yet.") from None
    return _GAMES[game_id]


def _remember(record, state) -> None:
    if len(_STATES) > 8:
        _STATES.clear()
    _STATES[json.dumps(record.to_json(), sort_keys=True)] = state


def _record_and_state(args: dict[str, Any]):
    from wordtable.engine.errors import GameError
    from wordtable.engine.game import Record, replay
    try:
        record = Record.from_json(_arg(args, "record", dict))
    except ValueError as error:
        raise BadRequest(f"not a game record ({error})") from None
    game, bots = _game(record.game)
    state = _STATES.get(json.dumps(record.to_json(), sort_keys=True))
    if state is None:
        try:
            # complete=False: an online table's record may hold the events drawn so far for a
            # move that still waits for its last one.
            state = replay(game, record, complete=False)
        except (GameError, UnknownLexicon) as error:
            raise Refused(f"This game record cannot be replayed: {error}") from None
        _remember(record, state)
    return record, game, bots, state


def _seat(args: dict[str, Any], players: int, name: str = "seat") -> int | None:
    seat = _arg(args, name, int, None)
    if seat is not None and not 0 <= seat < players:
        raise BadRequest(f"{name} must be between 0 and {players - 1}")
    return seat


def _player(args: dict[str, Any], game, state) -> int:
    seat = _seat(args, game.seats(state))
    if seat is None:
        raise BadRequest("missing argument 'seat'")
    return seat


def _info(args: dict[str, Any]) -> dict[str, Any]:
    """Every built game: title, blurb, player range, options with defaults and choices."""
    from wordtable.games import infos
    return {"games": infos()}


def _new_game(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.engine.game import Record
    game, _bots = _game(_arg(args, "game", str))
    seed = _arg(args, "seed", int, None)
    if seed is None:
        import secrets
        seed = secrets.randbelow(2**31)
    if not 0 <= seed < 2**53:
        raise BadRequest("the seed must be a whole number from 0 to 2**53")
    options = _arg(args, "options", dict, {})
    game.new(options, seed)
    # Every option written out: a default changed later cannot change this game.
    return {"record": Record(game.id, game.Options.complete(options), seed).to_json()}


def _seat_view(game, state, seat: int | None) -> dict[str, Any]:
    return {"view": game.view(state, seat), "actors": game.actors(state), "epoch": game.epoch(state),
            "suggests": game.suggests(state)}


def _view(args: dict[str, Any]) -> dict[str, Any]:
    _record, game, _bots, state = _record_and_state(args)
    return _seat_view(game, state, _seat(args, game.seats(state)))


def _in_time(args: dict[str, Any], game, state) -> None:
    """A real-time move (or clock) sent with the epoch it was made in is refused once the
    table has moved past that epoch (a bot's call planned for a round already won)."""
    if "epoch" in args and args["epoch"] != game.epoch(state):
        raise Refused("Too late: the table moved on.")


def _play(args: dict[str, Any]) -> dict[str, Any]:
    record, game, _bots, state = _record_and_state(args)
    seat = _player(args, game, state)
    move = _arg(args, "move", dict)
    _in_time(args, game, state)
    after = game.apply(state, seat, move)
    record.moves.append((seat, move))
    _remember(record, after)
    return {"record": record.to_json(), **_seat_view(game, after, seat)}


def _expire(args: dict[str, Any]) -> dict[str, Any]:
    """The table's clock ran out (a real-time game's deadline): the game plays its move."""
    record, game, _bots, state = _record_and_state(args)
    _in_time(args, game, state)
    deadline = game.deadline(state)
    after = game.expire(state)
    record.moves.append((deadline.seat, deadline.move))
    _remember(record, after)
    return {"record": record.to_json(), **_seat_view(game, after, None)}


def _bot_move(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.engine.bots import ask_bot
    record, game, bots, state = _record_and_state(args)
    seat = _player(args, game, state)
    level = _arg(args, "level", str)
    if level not in bots:
        raise BadRequest(f"unknown bot level {level[:20]!r}")
    if seat not in game.actors(state):
        raise Refused("It is not this bot's turn.")
    return {"move": ask_bot(bots[level], game, state, seat, record.seed, len(record.moves))}


def _ask(args: dict[str, Any]) -> dict[str, Any]:
    """A game-specific question about the game as it stands (see each game's answer())."""
    _record, game, _bots, state = _record_and_state(args)
    seat = _seat(args, game.seats(state))
    question = _arg(args, "question", str)
    if question not in game.questions:
        raise Refused(f"{game.title} has no question {question[:40]!r}.")
    return {"answer": game.answer(state, seat, question, _arg(args, "args", dict, {}))}


# Warm-ups under way, by game and options: each call runs one slice of about WARM_SLICE_S.
_WARMING: dict[str, Iterator[None]] = {}
WARM_SLICE_S = 0.02
_WARMING_KEPT = 8  # warm-ups a page stopped asking for are dropped beyond this


def _warm_up(args: dict[str, Any]) -> dict[str, Any]:
    """Lets a game build its indexes before play starts (Shrdlu: five- and six-letter words),
    a slice at a time: {"done": false} until it is over, and the page asks again, so a request
    sent meanwhile waits for one slice at most. A failed slice (a file to fetch first) starts the
    warm-up again on the next call; what it built so far is kept."""
    game_id = _arg(args, "game", str)
    options = _arg(args, "options", dict, {})
    if game_id not in _GAMES:
        # A game's first use: importing its rules, then its bots, are a slice each.
        from wordtable.games import REGISTRY as BUILT
        from wordtable.games import rules_module
        module = rules_module(game_id) if game_id in BUILT else None
        if module and module not in sys.modules:
            importlib.import_module(module)
        else:
            game, _bots = _game(game_id)
            game.Options.parse(options)  # bad options are refused before any work
        return {"done": False}
    game, _bots = _game(game_id)
    key = json.dumps([game_id, options], sort_keys=True)
    steps = _WARMING.pop(key, None) or iter(game.warm_up(options))
    deadline = time.perf_counter() + WARM_SLICE_S
    for _ in steps:
        if time.perf_counter() >= deadline:
            if len(_WARMING) >= _WARMING_KEPT:
                _WARMING.clear()
            _WARMING[key] = steps
            return {"done": False}
    return {"done": True}


def _undo(args: dict[str, Any]) -> dict[str, Any]:
    from wordtable.engine.game import undo
    record, game, _bots, state = _record_and_state(args)
    seat = _player(args, game, state)
    shorter = undo(game, record, seat)
    _record, _game_again, _bots_again, earlier = _record_and_state({**args, "record": shorter.to_json()})
    return {"record": shorter.to_json(), **_seat_view(game, earlier, seat)}


def _replay_frames(args: dict[str, Any]) -> dict[str, Any]:
    """Every step of a finished game with everything revealed; refused while it goes on, since
    the frames hold every player's secrets."""
    from wordtable.engine.game import replay_states, shown_replay
    record, game, _bots, final = _record_and_state(args)
    if game.outcome(final) is None:
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


def _verify(args: dict[str, Any]) -> dict[str, Any]:
    """"Check this game": the record replayed from the start (wordtable.verify)."""
    from wordtable.verify import verify
    return verify(_arg(args, "record", dict), REGISTRY.get).to_json()


# -- online play: the protocol objects live here while the page is open; the page saves them --

_HOSTS: dict[str, Any] = {}
_GUESTS: dict[str, Any] = {}


def _online_host(args: dict[str, Any]) -> dict[str, Any]:
    """Opens (or reopens from its save) the table of an online game in this browser."""
    from wordtable.online import Host
    saved = _arg(args, "saved", dict, None)
    if saved:  # the save holds its own record and names (one mid-draw replays only at the table)
        record = _arg(args, "record", dict)
        game, _bots = _game(record.get("game") if isinstance(record.get("game"), str) else "")
        try:
            host = Host.from_json(game, saved)
        except (KeyError, TypeError, ValueError, AttributeError, UnknownLexicon) as error:  # GameError is a ValueError
            raise Refused(f"The online table could not be restored: {error}") from None
    else:
        host = _new_online_host(args)
    _HOSTS[_arg(args, "id", str)] = host
    return {"saved": host.to_json(), **_table_state(host)}


def _new_online_host(args: dict[str, Any]):
    from wordtable.online import Draws, Host
    record, game, _bots, state = _record_and_state(args)
    names = _strings(args, "names", 8)
    if len(names) != game.seats(state):
        raise BadRequest("argument 'names' must name every seat")
    remote = _arg(args, "remote", list, [])
    if not all(type(seat) is int and 0 <= seat < len(names) for seat in remote):
        raise BadRequest("argument 'remote' must list seats")
    # shared: every random event drawn with every player by commit and reveal (issue 18)
    remote = sorted(set(remote))
    draws = Draws.new(remote) if _arg(args, "shared", bool, False) else None
    part = game.owned_part()
    if draws is not None and remote and part is not None and str(record.options.get("lexicon", "")).startswith("custom:"):
        raise Refused(f"Online, each friend's device checks their own {part.name} against the dictionary, so this game "
                      "needs one that comes with Wordtable: your own word lists stay in this browser.")
    return Host(game, record, names, remote, draws=draws)


def _opened(kept: dict[str, Any], args: dict[str, Any], what: str):
    found = kept.get(_arg(args, "id", str))
    if found is None:
        raise Refused(f"This online {what} is not open.")
    return found


def _host(args: dict[str, Any]):
    return _opened(_HOSTS, args, "table")


def _table_state(host) -> dict[str, Any]:
    """Shared randomness: whether the game has started, whom it waits for, and whose broken
    commitment stopped it."""
    broken = host.draws.broken if host.draws is not None else None
    return {"started": host.state is not None, "waiting": host.waiting_for(),
            "drawing": host.draws is not None and host.draws.round is not None, "showing": bool(host.not_shown()),
            "broken": None if broken is None else {"seat": broken.seat, "reason": f"The game has stopped: {broken.reason}."}}


def _host_reply(host, outgoing) -> dict[str, Any]:
    return {"outgoing": [[peer, text] for peer, text in outgoing], "record": host.record.to_json(),
            "saved": host.to_json(), "connected": host.connected_seats(), "names": host.names, **_table_state(host)}


def _online_invite(args: dict[str, Any]) -> dict[str, Any]:
    host = _host(args)
    try:
        token = host.invite(_arg(args, "seat", int))
    except ValueError as error:
        raise BadRequest(str(error)) from None
    return {"token": token, "saved": host.to_json()}


def _online_receive(args: dict[str, Any]) -> dict[str, Any]:
    host = _host(args)
    return _host_reply(host, host.receive(_arg(args, "peer", str), _arg(args, "text", str)))


def _online_local(args: dict[str, Any]) -> dict[str, Any]:
    host = _host(args)
    seat, move = _arg(args, "seat", int), _arg(args, "move", dict)
    _in_time(args, host.game, host.state)
    return _host_reply(host, host.play_local(seat, move))


def _online_expire(args: dict[str, Any]) -> dict[str, Any]:
    """The table's clock ran out: only the host's page calls this, never a guest's message."""
    host = _host(args)
    _in_time(args, host.game, host.state)
    return _host_reply(host, host.expire())


def _online_disconnected(args: dict[str, Any]) -> dict[str, Any]:
    host = _host(args)
    return _host_reply(host, host.disconnected(_arg(args, "peer", str)))


def _online_guest(args: dict[str, Any]) -> dict[str, Any]:
    """A guest's side; its moves not yet answered survive a reload through the page's save."""
    from wordtable.online import Guest
    from wordtable.online import clean_name
    guest = Guest(_arg(args, "token", str), lexicon_for=REGISTRY.get, name=clean_name(_arg(args, "name", str, None)))
    saved = _arg(args, "saved", dict, None)
    if saved:
        try:
            guest.restore(saved)
        except ValueError:
            raise Refused("This game's saved moves are damaged: ask the host for a new invitation.") from None
    _GUESTS[_arg(args, "id", str)] = guest
    # Kept by the page at once: a reload before the table answers joins with the same commitment.
    return {"outgoing": guest.hello(), "saved": guest.saved()}


def _guest(args: dict[str, Any]):
    return _opened(_GUESTS, args, "game")


def _guest_reply(guest, outgoing: list[str], **extra: Any) -> dict[str, Any]:
    outcomes, answers = guest.collect()
    return {"outgoing": outgoing, "seat": guest.seat, "version": guest.version, "view": guest.screen_view(),
            "actors": guest.actors, "refusals": guest.refusals[-5:], "pending": len(guest.pending),
            "outcomes": outcomes, "answers": answers, "away": guest.away, "waiting": guest.waiting,
            "started": guest.started, "showing": guest.showing, "broken": guest.broken, "error": guest.error,
            "other_version": guest.other_version, "shared": guest.host_head is not None,
            "record_ready": guest.record_ready(), "record_copy": guest.record_copy, "players": guest.players,
            **extra, "saved": guest.saved()}


def _online_guest_receive(args: dict[str, Any]) -> dict[str, Any]:
    guest = _guest(args)
    return _guest_reply(guest, guest.receive(_arg(args, "text", str)))


def _online_guest_move(args: dict[str, Any]) -> dict[str, Any]:
    guest = _guest(args)
    outgoing = guest.move(_arg(args, "move", dict))
    return _guest_reply(guest, outgoing, n=guest.sent)


def _online_guest_ask(args: dict[str, Any]) -> dict[str, Any]:
    guest = _guest(args)
    number, outgoing = guest.ask(_arg(args, "question", str), _arg(args, "args", dict, {}))
    return _guest_reply(guest, outgoing, q=number)


def _online_guest_check(args: dict[str, Any]) -> dict[str, Any]:
    """The periodic divergence check: the host answers only when the guest's view is off."""
    guest = _guest(args)
    return _guest_reply(guest, guest.check())


def _online_guest_verify(args: dict[str, Any]) -> dict[str, Any]:
    """A guest's "Check this game" on the record the table sent at the end."""
    from wordtable.verify import verify_as_guest
    return verify_as_guest(_guest(args), REGISTRY.get).to_json()


def _online_guest_hello(args: dict[str, Any]) -> dict[str, Any]:
    guest = _guest(args)
    return _guest_reply(guest, guest.hello() + guest.check())


OPERATIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "online.host": _online_host,
    "online.invite": _online_invite,
    "online.receive": _online_receive,
    "online.local": _online_local,
    "online.expire": _online_expire,
    "online.disconnected": _online_disconnected,
    "online.guest": _online_guest,
    "online.guest_receive": _online_guest_receive,
    "online.guest_move": _online_guest_move,
    "online.guest_ask": _online_guest_ask,
    "online.guest_hello": _online_guest_hello,
    "online.guest_check": _online_guest_check,
    "online.guest_verify": _online_guest_verify,
    "game.replay": _replay_frames,
    "game.verify": _verify,
    "game.info": _info,
    "game.new": _new_game,
    "game.expire": _expire,
    "game.undo": _undo,
    "game.warm_up": _warm_up,
    "game.ask": _ask,
    "game.view": _view,
    "game.play": _play,
    "game.bot": _bot_move,
    "hello": _hello,
    "lexicons": _lexicons,
    "lexicon.check": _check,
    "lexicon.find": _find,
    "lexicon.tiles": _tiles,
    "lexicon.parse_custom": _parse_custom,
    "lexicon.add_custom": _add_custom,
    "lexicon.remove_custom": _remove_custom,
}


def _parse(request_text: str) -> tuple[str, dict[str, Any]]:
    if not isinstance(request_text, str):
        raise BadRequest("the request must be JSON text")
    if len(request_text) > MAX_REQUEST_CHARS:
        raise BadRequest(f"the request is longer than {MAX_REQUEST_CHARS} characters")
    try:
        request = json.loads(request_text)
    except json.JSONDecodeError as error:
        raise BadRequest(f"the request is not valid JSON ({error.msg})") from error
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise BadRequest("the request holds a number too long to read") from None
    if not isinstance(request, dict):
        raise BadRequest("the request must be a JSON object")
    op = request.get("op")
    if op not in OPERATIONS:
        raise BadRequest(f"unknown operation {op!r}")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise BadRequest("args must be a JSON object")
    return op, args


def handle(request_text: str) -> str:
    """Answer one request. Never raises: every failure becomes an error reply."""
    try:
        op, args = _parse(request_text)
        reply: dict[str, Any] = {"ok": True, "result": OPERATIONS[op](args)}
    except (BadRequest, MalformedMove) as error:
        reply = {"ok": False, "error": {"kind": "bad-request", "message": str(error)}}
    except (Refused, GameError, UnknownLexicon) as error:
        # GameError: an illegal move, bad options, a question the game will not answer.
        reply = {"ok": False, "error": {"kind": "refused", "message": str(error)}}
    except NeedFiles as need:
        # Not a failure: the worker fetches these files into the site folder and asks again.
        files = [{"path": f.path, "sha256": f.sha256} for f in need.files]
        reply = {"ok": False, "error": {"kind": "need-files", "message": str(need), "files": files}}
    except ModuleNotFoundError as error:
        # The browser's standard library is cut to what we import (build.py): name what is missing.
        message = (f"This build of Wordtable left the Python module {error.name!r} out of its standard library; "
                   "please report it (build.py's STDLIB_ALSO_IMPORTED lists such modules).")
        reply = {"ok": False, "error": {"kind": "internal", "message": message}}
    except Exception as error:  # a bug of ours: report it rather than kill the worker
        reply = {"ok": False, "error": {"kind": "internal", "message": f"{type(error).__name__}: {error}"}}
    return json.dumps(reply)
