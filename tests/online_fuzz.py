"""A fuzz of the online protocol (wordtable.online) with hostile peers, for every game: used by
tests/test_online_fuzz.py (a few thousand messages) and bench/online_fuzz.py (100,000 a side).

The host's side: a real game at the host, one seat played from a guest's connection that turns
hostile. Each hostile message is a mutation of real traffic (the guest's own moves, joins,
checks, questions, with fields changed, swapped, removed or retyped), a replay of an earlier
message, a message for another seat, a message from a connection that never joined, garbage,
or text over the size limit. After each one:
- the host did not crash (any exception fails);
- what a refused message touched is unchanged: a message the host refuses (refused, error)
  leaves the record and the state as they were, and so does any message that is not a move;
- nothing secret went out: no message to the hostile peer holds what another seat, or nobody,
  may see (game.secrets), nor the game's seed;
- the record stays a game the rules accept: it replays from the start to the host's state.
Between hostile messages, the honest players (bots at the host) go on playing, so the fuzz
meets every phase of the game.

The guest's side: a guest receiving a hostile host's traffic, mutated the same way. After
each message the guest did not crash, and its view changed only to a view that came whole with
its checksum and a version not older than the one it had.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import Record, replay
from wordtable.engine.owned import Keep
from wordtable.engine.rng import rng_for
from wordtable.engine.signing import reveal_statement
from wordtable.games import REGISTRY, game_class, make
from wordtable.lexicon import store
from wordtable.online import MAX_MESSAGE, Draws, Guest, Host, checksum, decode, encode

HOSTILE_SEAT = 1
JUNK = [None, True, False, -1, 0, 1, 2**31, 2**64, 1.5, float("nan"), "", "x" * 300, [], {}, [1, 2], {"a": 1},
        "__proto__", "💥", "\u0000", -2**40]


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def mutate_value(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A hostile variant of a JSON value: retyped, emptied, or changed inside."""
    roll = rng.random()
    if roll < 0.3 or depth > 3:
        return rng.choice(JUNK)
    if isinstance(value, dict) and value:
        changed = dict(value)
        key = rng.choice(list(changed))
        action = rng.random()
        if action < 0.3:
            del changed[key]
        elif action < 0.45:
            changed[rng.choice(["seat", "type", "n", "x", key + "_"])] = rng.choice(JUNK)
        else:
            changed[key] = mutate_value(changed[key], rng, depth + 1)
        return changed
    if isinstance(value, list) and value:
        changed = list(value)
        index = rng.randrange(len(changed))
        if rng.random() < 0.3:
            del changed[index]
        else:
            changed[index] = mutate_value(changed[index], rng, depth + 1)
        return changed
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, value * 1000, 2**31 - 1])
    if isinstance(value, str):
        return rng.choice([value[::-1], value + "x", value[:1], value.upper(), "zzzz", ""])
    return rng.choice(JUNK)


def deeply_nested(text: str, rng: random.Random) -> str:
    """A real message with one more field, valid JSON nested thousands deep (lists or objects)."""
    levels = rng.choice([100, 3_000, 20_000])
    deep = "[" * levels + "]" * levels if rng.random() < 0.5 else '{"a":' * levels + "1" + "}" * levels
    return text[:-1] + ',"deep":' + deep + "}"


def hostile_text(real: list[str], rng: random.Random) -> str:
    """One hostile message made from real traffic."""
    roll = rng.random()
    if roll < 0.55 and real:
        message = json.loads(rng.choice(real))
        return encode(mutate_value(message, rng))
    if roll < 0.7 and real:
        return rng.choice(real)  # a replay, as it was
    if roll < 0.75:
        return rng.choice(["", "{", "null", "[]", "42", '"t"', '{"t": 5}', '{"t": "move"}', "\udcff", "{" * 5000])
    if roll < 0.8 and real:
        return deeply_nested(rng.choice(real), rng)
    if roll < 0.85:
        return encode({"t": "move", "n": 1, "move": {}, "pad": "x" * MAX_MESSAGE})  # over the limit
    if roll < 0.95 and real:
        text = rng.choice(real)
        cut = rng.randrange(len(text))
        return text[:cut] + rng.choice(['"', "}", "\\", "x", ""]) + text[cut + 1:]  # damaged on the way
    return json.dumps(rng.choice(JUNK))


@dataclass
class Counts:
    messages: int = 0
    kinds: Counter = field(default_factory=Counter)  # what the host (or guest) answered
    games: int = 0
    moves_applied: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"messages": self.messages, "games": self.games, "hostile moves applied (legal)": self.moves_applied,
                "answers": dict(sorted(self.kinds.items()))}


def secrets_for(host: Host) -> list[str]:
    """What the hostile seat may not see, as the text it would appear as."""
    game, state = host.game, host.state
    own = [json.dumps(s) for s in game.secrets(state, HOSTILE_SEAT)]
    hidden = [json.dumps(s) for s in game.secrets(state, None)]
    for seat in range(game.seats(state)):
        if seat != HOSTILE_SEAT:
            hidden += [json.dumps(s) for s in game.secrets(state, seat) if json.dumps(s) not in own]
    return hidden


def converse(host: Host, guest: Guest, peer: str, texts: list[str], real: list[str],
             heard: list[str] | None = None) -> None:
    """The honest guest's messages to the host and back, until neither has more to say; what
    the guest sends joins the real traffic the fuzz mutates (heard: what the host sent it)."""
    for _ in range(100):
        if not texts:
            return
        real += texts
        replies = [reply for text in texts for to, reply in host.receive(peer, text) if to == peer]
        if heard is not None:
            heard += replies
        texts = [answer for reply in replies for answer in guest.receive(reply)]


def fuzz_host(game_id: str, messages: int, seed: int = 0, shared: bool = False) -> Counts:
    """Hostile messages at a host running game_id; raises AssertionError on the first broken rule.
    shared: the table draws its randomness with the guest (commitments and reveals): a hostile
    reveal may stop the game, and must then name the hostile seat."""
    rng = random.Random(seed)
    counts = Counts()
    game, bots = make(game_id, shipped)
    earlier: list[str] = []  # Mallory's parts of draws in earlier games: replayed against this one
    while counts.messages < messages:
        counts.games += 1
        record = Record(game_id, {"players": 3}, rng.randrange(2**31))
        # Secrets from the fuzz's own stream, so a run is the same every time.
        draws = Draws("%064x" % rng.getrandbits(256), [HOSTILE_SEAT]) if shared else None
        host = Host(game, record, ["Host", "Mallory", "Bot"], remote=[HOSTILE_SEAT], draws=draws)
        honest = Guest(host.invite(HOSTILE_SEAT), chain_end="%064x" % rng.getrandbits(256), lexicon_for=shipped)
        real: list[str] = []
        if shared:  # her commitment is in and the first draw waits for her: attacked first, now and then
            real += honest.hello()
            for text in real:
                host.receive("mallory", text)
            for _ in range(rng.randint(0, 6) if counts.games > 1 else 1):
                if counts.messages >= messages:
                    break
                # The first game always meets a forged part: the break is met in every run.
                forge = host.draws.round is not None and (counts.games == 1 or rng.random() < 0.05)
                attack(host, "mallory", forged_part(1, earlier + real, rng, host, honest) if forge
                       else hostile_text(real + earlier[-20:], rng), counts)
            converse(host, honest, "mallory", honest.check(), real)
        else:
            converse(host, honest, "mallory", honest.hello(), real)
        for turn in range(400):
            if shared and host.draws.broken is not None:
                break  # Mallory broke her commitment, and was named: a new game
            if shared and host.draws.pending is not None:  # her part of a draw, honestly
                converse(host, honest, "mallory", honest.check(), real)
                if host.draws.pending is not None:
                    break  # her honest self is stopped (the fuzz sent her a forged draw): a new game
            if counts.messages >= messages or not game.actors(host.state):
                break
            # The honest players move (bots at the host, and Mallory's seat played honestly too
            # now and then, which gives the fuzz real moves to mutate).
            actors = game.actors(host.state)
            seat = rng.choice(actors)
            view = None
            if seat == HOSTILE_SEAT:  # her own screen's view (a secret part of hers is only there)
                if honest.other_version:
                    break  # her hostile joins got her page turned away as another version: a new game
                converse(host, honest, "mallory", [encode({"t": "sync"})], real)
                view = honest.screen_view()
                if view is None or seat not in game.actors(host.state):
                    continue  # (her device moved by itself meanwhile: a grid that fits no word goes out)
            move = honest_move(host, bots, seat, rng_for(seed, game_id, counts.games, turn, seat), view)
            if move is None:
                continue
            if seat == HOSTILE_SEAT:  # Mallory plays honestly too, now and then
                honest.sent = max(honest.sent, host.last_move.get(HOSTILE_SEAT, 0))
                honest.pending.clear()
                if honest.owned is not None:
                    honest.owned.pending = None
                before = len(host.record.moves)
                try:
                    texts = honest.move(move)
                except GameError:
                    continue  # her hostile moves have left the table where her own grid is not
                converse(host, honest, "mallory", texts, real)
                if len(host.record.moves) == before and (not shared or host.draws.pending is None):
                    play(host, seat, move)  # her own hostile traffic used that number
            else:
                play(host, seat, move)
            for _ in range(rng.randint(3, 12)):
                text = hostile_text(real, rng)
                if shared and host.draws.round is not None and rng.random() < 0.1:
                    text = forged_part(host.draws.round.index, earlier + real, rng, host, honest)
                attack(host, "mallory" if rng.random() < 0.9 else "stranger", text, counts)
                if counts.messages >= messages or shared and host.draws.broken is not None:
                    break
        if shared and host.draws.broken is not None:
            counts.kinds["(the game stopped, naming Mallory)"] += 1
        earlier += [text for text in real if (decode(text) or {}).get("t") == "reveal"]
        if host.state is None:
            continue
        # The record is still a game the rules accept, ending where the host is.
        replayed = replay(game, host.record, complete=not shared or host.draws.pending is None)
        assert json.dumps(game.view(replayed, None), sort_keys=True) == json.dumps(game.view(host.state, None), sort_keys=True)
    return counts


def forged_view(real: list[str], rng: random.Random) -> str:
    """A real view, changed, with its checksum made to match (a hostile host can): the guest's
    device then runs its rules on it (a secret part of its own merged in, moves it makes itself)."""
    views = [message for message in map(decode, real) if message and message.get("t") == "view"]
    if not views:
        return encode({"t": "view"})
    message = dict(rng.choice(views))
    message["view"] = mutate_value(message["view"], rng, depth=1)
    if isinstance(message["view"], dict):
        message["sum"] = checksum(message["view"])
    message["v"] = message["v"] + rng.choice([0, 0, 1, 5])
    return encode(message)


def forged_part(k: int, real: list[str], rng: random.Random, host: Host, mallory: Guest) -> str:
    """Mallory's part of the draw under way, forged: a made-up link, or a true part of hers
    from another event or game; mostly signed by her own device's key (she is that device), so
    that it is her broken commitment the table names, now and then unsigned (refused)."""
    parts = [message["x"] for message in map(decode, real) if message and message.get("t") == "reveal"]
    x = rng.choice(parts) if parts and rng.random() < 0.5 else "%064x" % rng.getrandbits(256)
    message = {"t": "reveal", "k": k, "x": x}
    if rng.random() < 0.8 and host.draws.round is not None:
        message["sig"] = mallory.key.sign(reveal_statement(host.table_id, k, host.draws.round.label, x))
    return encode(message)


def honest_move(host: Host, bots: dict, seat: int, rng: random.Random,
                view: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """A medium bot's move for the seat (the page's way: without its timing) on its view (the
    host's view of it, unless given); when it waits, the table's clock plays a deadline that has
    come, if one has."""
    move = bots["medium"](host.game, view or host.game.view(host.state, seat), rng)
    if move is None:
        if host.game.deadline(host.state):
            host.expire()
        return None
    return {key: value for key, value in move.items() if key != "after_ms"}


def play(host: Host, seat: int, move: dict[str, Any]) -> None:
    try:
        host.play_local(seat, move)
    except GameError:
        pass  # made stale by someone else's move in a race, or waiting for a draw: refused


def attack(host: Host, peer: str, text: str, counts: Counts) -> None:
    before = (len(host.record.moves), json.dumps(host.record.to_json(), sort_keys=True))
    state_before = host.state
    pending = host.draws.pending if host.draws is not None else None
    was_broken = host.draws is not None and host.draws.broken is not None
    hidden = secrets_for(host) if host.state is not None else []
    seed_text = str(host.record.seed)
    try:
        replies = host.receive(peer, text)
    except Exception as error:
        raise AssertionError(f"{host.game.id}: the host crashed on {text[:200]!r}: {error!r}") from error
    counts.messages += 1
    kinds = [decode(reply)["t"] for _peer, reply in replies]
    counts.kinds.update(kinds or ["(nothing)"])
    message = decode(text) or {}
    moved = len(host.record.moves) != before[0]
    if was_broken:
        assert set(kinds) <= {"broken", "error", "pong", "welcome"} and len(host.record.moves) == before[0], \
            f"{host.game.id}: a stopped game answered {kinds} to {text[:200]!r}"
    elif host.draws is not None and host.draws.broken is not None:
        # A cheat is named: the hostile seat, never another; nothing else changed.
        assert (host.draws.broken.seat == HOSTILE_SEAT and message.get("t") in ("reveal", "shown")
                or host.draws.broken.seat is None and message.get("t") == "stopped" and peer == "mallory"), \
            f"{host.game.id}: the game stopped naming seat {host.draws.broken.seat} on {text[:200]!r}"
        assert len(host.record.moves) == before[0]
    elif moved and message.get("t") == "reveal":
        # Her (replayed, true) part of a draw completed it: the move that waited for it went on.
        assert pending is not None and host.record.moves[-1][0] == pending.get("seat", host.record.moves[-1][0])
    elif moved:
        counts.moves_applied += 1
        assert "ack" in kinds and host.record.moves[-1][0] == host.peers.get(peer), \
            f"{host.game.id}: a move was applied for a seat not this connection's"
    elif message.get("t") in ("reveal", "join") and host.draws is not None:
        # A part of a draw or a commitment may be taken (the randomness moved on), never a move.
        assert json.loads(before[1])["moves"] == host.record.to_json()["moves"]
    else:
        assert json.dumps(host.record.to_json(), sort_keys=True) == before[1] and host.state is state_before, \
            f"{host.game.id}: a refused message changed the table: {text[:200]!r}"
    over = host.state is not None and host.game.outcome(host.state) is not None
    for to, reply in replies:
        if to in ("mallory", "stranger"):
            # Once the game is over the whole record goes to every guest (shared randomness).
            assert seed_text not in reply or seed_text in text or over, f"{host.game.id}: the seed went out"
            for secret in hidden:
                assert secret not in reply, f"{host.game.id}: {to} was sent a secret: {secret[:80]}"


def mid_game(twin: Guest, rng: random.Random, shared: bool) -> Guest:
    """The guest as it was after some of the real draws its honest twin took part in (it gave
    its part to those): the twin's secrets, a copy of its own secret part."""
    drawn = twin.drawn[:rng.randint(0, len(twin.drawn))] if shared else []
    owned = None if twin.owned is None else Keep.from_json(twin.owned.to_json())
    return Guest(twin.token, chain_end=twin.chain_end, drawn=list(drawn), host_head=twin.host_head,
                 game_id=twin.game_id, owned=owned, lexicon_for=shipped, key_secret=twin.key_secret, seat=twin.seat)


def fuzz_guest(game_id: str, messages: int, seed: int = 0, shared: bool = False) -> Counts:
    """A hostile host's traffic at a guest, made from a real game's messages to that guest.
    shared: with the host's draws (welcome with its commitment, draw requests), and the guest
    must give each event's part once, for one draw only, and only after the host's own part."""
    rng = random.Random(seed)
    counts = Counts()
    game, bots = make(game_id, shipped)
    while counts.messages < messages:
        counts.games += 1
        host = Host(game, Record(game_id, {"players": 2}, rng.randrange(2**31)), ["Host", "Guest"], remote=[1],
                    draws=Draws("%064x" % rng.getrandbits(256), [1]) if shared else None)
        guest = Guest(host.invite(1), chain_end="%064x" % rng.getrandbits(256), lexicon_for=shipped)
        # honest, with the same secrets: makes real traffic
        twin = Guest(guest.token, chain_end=guest.chain_end, lexicon_for=shipped)
        real: list[str] = []
        converse(host, twin, "g", twin.hello(), [], real)
        for turn in range(60):
            actors = game.actors(host.state)
            if not actors:
                break
            seat = actors[0]
            if seat == 1:  # the guest's seat: its twin plays it from its own screen
                converse(host, twin, "g", [encode({"t": "sync"})], [], real)
                move = twin.view and honest_move(host, bots, seat, rng_for(seed, turn), twin.screen_view())
                if move is not None:
                    try:
                        converse(host, twin, "g", twin.move(move), [], real)
                    except GameError:
                        pass
            else:
                move = honest_move(host, bots, seat, rng_for(seed, turn))
                if move is not None:
                    play(host, seat, move)
            if shared:  # the draws it caused, answered by the honest twin
                converse(host, twin, "g", twin.check(), [], real)
            real += [host.view_message(1)]
        real += [encode({"t": "ack", "n": 1}), encode({"t": "refused", "n": 1, "message": "no", "retry": True}),
                 encode({"t": "answer", "q": 1, "answer": [1]}), encode({"t": "table", "away": [1]}),
                 encode({"t": "ping", "at": 5})]
        randomness = [text for text in real if decode(text)["t"] in ("welcome", "draw")]
        guest = mid_game(twin, rng, shared)
        for _ in range(2000):
            if counts.messages >= messages:
                break
            text = hostile_text(randomness if shared and rng.random() < 0.5 else real, rng)
            if rng.random() < 0.15:
                text = forged_view(real, rng)
            version, view, drawn = guest.version, guest.view, list(guest.drawn)
            try:
                replies = guest.receive(text)
                guest.screen_view()  # what its screen draws, its own secret part merged in
            except Exception as error:
                raise AssertionError(f"{game_id}: the guest crashed on {text[:200]!r}: {error!r}") from error
            counts.messages += 1
            assert guest.drawn[:len(drawn)] == drawn, f"{game_id}: the guest forgot which draw it gave a part to"
            for reply in map(decode, replies):
                if reply["t"] == "reveal":  # only for an event it has given this part to, for one draw
                    assert 1 <= reply["k"] <= len(guest.drawn) and guest.broken is None
                    assert reply["x"] == guest.chain.reveal(reply["k"])
                    counts.kinds["part given"] += 1
            if guest.view is not view:
                message = decode(text)
                assert message is not None and message.get("t") == "view" and message.get("sum") == checksum(guest.view)
                assert guest.version >= version, f"{game_id}: an older view replaced a newer one"
                counts.kinds["view taken"] += 1
            else:
                counts.kinds["left as it was"] += 1
            if guest.broken is not None:  # it caught the host: a new game with a new guest
                counts.kinds["(the guest stopped the game)"] += 1
                guest = mid_game(twin, rng, shared)
            elif guest.other_version:  # a welcome of another version: it takes nothing more (a new guest)
                assert guest.error and not replies
                counts.kinds["(turned away: another version)"] += 1
                guest = mid_game(twin, rng, shared)
    return counts


def games(chance: bool | None = None) -> list[str]:
    """Every registered game (chance=True: those whose rules draw at random, as declared)."""
    return [game_id for game_id in REGISTRY if chance is None or game_class(game_id).kind.chance == chance]
