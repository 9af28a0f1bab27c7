"""The online protocol over an in-memory transport with injected faults: dropped, duplicated,
reordered, corrupted, oversized and replayed messages, a cheating peer, reconnecting after a
drop or a reload, real-time claims arriving late, and no secret ever sent to a guest."""

from __future__ import annotations

import functools
import json
import random

import pytest

from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Record, replay
from wordtable.engine.rng import rng_for
from wordtable.games.four_letter_words.bots import BOTS as FLW_BOTS
from wordtable.games.four_letter_words.rules import FourLetterWords
from wordtable.games.shrdlu.rules import Shrdlu
from wordtable.games.spell_write.bots import BOTS as SW_BOTS
from wordtable.games.spell_write.rules import SpellWrite
from wordtable.lexicon import store
from wordtable.online import MAX_MESSAGE, PROTOCOL, Guest, Host, checksum, clean_name, decode, encode

SEED = 987_654_321


@functools.lru_cache(maxsize=None)
def shipped(name):
    return store.load(name)


class Wire:
    """Messages between the host and its guests, with faults chosen by a seeded random stream."""

    def __init__(self, host: Host, guests: dict[str, Guest], faults: float = 0.0, seed: int = 0):
        self.host, self.guests = host, guests
        self.rng = random.Random(seed)
        self.faults = faults
        self.queue: list[tuple[str, str, str]] = []  # (to, from, text); "host" is the host
        self.to_guests: dict[str, list[str]] = {peer: [] for peer in guests}
        self.up: set[str] = set(guests)

    def send(self, to: str, sender: str, text: str) -> None:
        if to != "host" and to not in self.up or sender != "host" and sender not in self.up:
            return
        roll = self.rng.random()
        if roll < self.faults:  # dropped
            return
        if roll < 2 * self.faults:  # duplicated
            self.queue.append((to, sender, text))
        if roll > 1 - self.faults:  # reordered: somewhere earlier in the queue
            self.queue.insert(self.rng.randrange(len(self.queue) + 1), (to, sender, text))
            return
        self.queue.append((to, sender, text))

    def from_host(self, outgoing) -> None:
        for peer, text in outgoing:
            self.send(peer, "host", text)

    def from_guest(self, peer: str, texts: list[str]) -> None:
        for text in texts:
            self.send("host", peer, text)

    def run(self, limit: int = 10_000) -> None:
        for _ in range(limit):
            if not self.queue:
                return
            to, sender, text = self.queue.pop(0)
            if to == "host":
                self.from_host(self.host.receive(sender, text))
            else:
                self.to_guests[to].append(text)
                self.from_guest(to, self.guests[to].receive(text))
        raise AssertionError("the conversation never settled")

    def reconnect(self, peer: str) -> None:
        """The guest's connection comes back (after a drop, or the guest's page reloaded)."""
        self.up.add(peer)
        self.from_host(self.host.disconnected(peer))
        self.from_guest(peer, self.guests[peer].hello())
        self.run()


def flw_host(players=2, seed=SEED) -> Host:
    game = FourLetterWords(shipped)
    record = Record("four-letter-words", {"players": players}, seed)
    return Host(game, record, [f"P{i}" for i in range(players)])


def connect(host: Host, seats: list[int], faults=0.0, seed=0) -> Wire:
    guests = {f"g{seat}": Guest(host.invite(seat)) for seat in seats}
    wire = Wire(host, guests, faults, seed)
    for peer in guests:
        wire.from_guest(peer, guests[peer].hello())
    wire.run()
    return wire


def play_online(host: Host, wire: Wire, guest_seats: dict[int, str], rounds: int = 5000, bot=FLW_BOTS["medium"]) -> None:
    """Plays to the end: the host's seats by bots at the host, each guest seat by a bot whose
    move goes through that guest (the test picks it from the host's state, as a stand-in for a
    person reading the view). When the wire loses something, the guest reconnects and checks."""
    game = host.game
    for _ in range(rounds):
        actors = game.actors(host.state)
        if not actors:
            return
        seat = actors[0]
        move = bot(game, game.view(host.state, seat), rng_for(1, seat, len(host.record.moves)))
        before = len(host.record.moves)
        if seat in guest_seats:
            peer = guest_seats[seat]
            guest = wire.guests[peer]
            if not guest.pending:
                wire.from_guest(peer, guest.move(move))
            wire.run()
            if len(host.record.moves) == before:  # lost on the way: resend as on reconnecting
                wire.reconnect(peer)
        else:
            wire.from_host(host.play_local(seat, move))
            wire.run()
        for peer, guest in wire.guests.items():
            wire.from_guest(peer, guest.check())  # the periodic divergence check
        wire.run()
    raise AssertionError("the game did not end")


def test_a_whole_game_through_a_clean_wire():
    host = flw_host()
    wire = connect(host, [1])
    play_online(host, wire, {1: "g1"})
    guest = wire.guests["g1"]
    assert host.game.outcome(host.state) is not None
    assert guest.view == host.game.view(host.state, 1) and guest.version == len(host.record.moves)
    assert replay(host.game, host.record) == host.state


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_through_a_faulty_wire_no_lost_or_doubled_moves(seed):
    host = flw_host(players=3, seed=SEED + seed)
    wire = connect(host, [1, 2], faults=0.08, seed=seed)
    play_online(host, wire, {1: "g1", 2: "g2"})
    for peer, seat in (("g1", 1), ("g2", 2)):
        assert wire.guests[peer].view == host.game.view(host.state, seat)
    assert replay(host.game, host.record) == host.state  # every move applied exactly once, legally
    assert host.game.outcome(host.state) is not None


def test_duplicate_and_replayed_moves_apply_once():
    host = flw_host()
    wire = connect(host, [0, 1])
    chooser = host.state.chooser
    peer = f"g{chooser}"
    [text] = wire.guests[peer].move({"type": "choose", "word": "salt"})
    for _ in range(3):
        wire.send("host", peer, text)
    wire.run()
    assert [m for _s, m in host.record.moves] == [{"type": "choose", "word": "salt"}]
    wire.send("host", peer, text)  # replayed much later
    wire.run()
    assert len(host.record.moves) == 1 and wire.guests[peer].pending == {}


def test_a_move_after_a_lost_one_waits_for_it():
    host = flw_host()
    wire = connect(host, [0, 1])
    chooser = host.state.chooser
    guest = wire.guests[f"g{chooser}"]
    guest.move({"type": "choose", "word": "salt"})  # lost: never sent
    [second] = guest.move({"type": "place", "row": 0, "col": 0, "dir": "right"})
    replies = host.receive(f"g{chooser}", second)
    assert decode(replies[0][1])["message"] == "out of order" and host.record.moves == []
    wire.from_host(replies)
    wire.run()  # the guest, told so, sends both again in order
    assert [m["type"] for _s, m in host.record.moves] == ["choose", "place"]


def test_malformed_corrupt_and_oversized_messages_change_nothing():
    host = flw_host()
    wire = connect(host, [1])
    before = json.dumps(host.to_json())
    for garbage in ["not json", "[1, 2]", '{"no": "type"}', "x" * (MAX_MESSAGE + 1), 42,
                    encode({"t": "move", "n": "one", "move": {}}), encode({"t": "teleport"})]:
        replies = host.receive("g1", garbage)
        assert [decode(text)["t"] for _peer, text in replies] == ["error"]
    assert json.dumps(host.to_json()) == before
    guest = wire.guests["g1"]
    view, version = guest.view, guest.version
    assert guest.receive("{broken") == [encode({"t": "sync"})]
    damaged = encode({"t": "view", "v": 5, "view": {"phase": "over"}, "actors": [], "sum": "0000"})
    assert guest.receive(damaged) == [encode({"t": "sync"})] and guest.view == view and guest.version == version


def test_an_old_view_arriving_late_is_ignored():
    host = flw_host()
    wire = connect(host, [0, 1])
    old = host.view_message(1)
    wire.from_host(host.play_local(host.state.chooser, {"type": "choose", "word": "salt"}))
    wire.run()
    wire.guests["g1"].receive(old)
    assert wire.guests["g1"].version == 1 and wire.guests["g1"].view["word"] == "salt"


def test_a_cheating_or_confused_peer_is_told_why_and_the_game_goes_on():
    host = flw_host()
    wire = connect(host, [0, 1])
    chooser = host.state.chooser
    other = f"g{1 - chooser}"
    # Not its turn, and a "seat" field claiming to be the chooser is ignored.
    replies = host.receive(other, encode({"t": "move", "n": 1, "seat": chooser, "move": {"type": "choose", "word": "salt"}}))
    assert decode(replies[0][1]) == {"t": "refused", "n": 1, "message": "It is not your turn."}
    assert host.record.moves == []
    assert decode(host.receive("stranger", encode({"t": "move", "n": 1, "move": {}}))[0][1])["t"] == "error"
    assert decode(host.receive("stranger", encode({"t": "join", "token": "guessed"}))[0][1])["t"] == "error"
    wire.from_guest(f"g{chooser}", wire.guests[f"g{chooser}"].move({"type": "choose", "word": "salt"}))
    wire.run()
    assert len(host.record.moves) == 1  # the game went on


def test_reconnect_after_a_drop_and_after_the_host_reloads():
    host = flw_host()
    wire = connect(host, [0, 1])
    chooser = host.state.chooser
    peer = f"g{chooser}"
    wire.up.discard(peer)  # the guest's connection drops; it makes its move meanwhile
    wire.guests[peer].move({"type": "choose", "word": "salt"})
    saved = json.loads(json.dumps(host.to_json()))  # the host's page reloads from its save
    wire.host = Host.from_json(host.game, saved)
    wire.reconnect(peer)
    wire.reconnect(f"g{1 - chooser}")
    assert [m for _s, m in wire.host.record.moves] == [{"type": "choose", "word": "salt"}]
    wire.reconnect(peer)  # reconnecting again resends nothing new and doubles nothing
    assert len(wire.host.record.moves) == 1
    assert wire.guests[peer].seat == chooser and wire.guests[peer].version == 1


def test_divergence_is_caught_by_the_checksum_and_resynchronised():
    host = flw_host()
    wire = connect(host, [1])
    guest = wire.guests["g1"]
    guest.view = dict(guest.view, strikes=[2, 2])  # a bug or a tampered page
    wire.from_guest("g1", guest.check())
    wire.run()
    assert guest.view == host.game.view(host.state, 1)
    assert checksum(guest.view) == checksum(host.game.view(host.state, 1))


def test_real_time_claims_arrive_in_order_and_late_ones_are_refused():
    game = Shrdlu(shipped)
    host = Host(game, Record("shrdlu", {"players": 3}, SEED), ["H", "A", "B"])
    wire = connect(host, [1, 2])
    assert game.solutions(host.state), "this seed's first deal has words"
    word = game.solutions(host.state)[0]
    first = wire.guests["g1"].move({"type": "claim", "word": word})
    second = wire.guests["g2"].move({"type": "claim", "word": word})
    wire.from_guest("g1", first)
    wire.from_guest("g2", second)  # arrives after g1's: the round is already won
    wire.run()
    assert host.state.won[1] and not host.state.won[2]
    assert wire.guests["g2"].refusals == ["Too late: the table moved on."]


def test_only_the_hosts_clock_ends_a_shrdlu_countdown_and_claims_in_the_round_stand():
    """Regression: a guest who called shrdlu! could send the time-up move at once and win the
    round without the 30 seconds the others are owed. Also: a claim made before someone's call
    (same round, an older view) is not stale; only a new round makes it too late."""
    game = Shrdlu(shipped)
    host = Host(game, Record("shrdlu", {"players": 3}, SEED), ["H", "A", "B"])
    wire = connect(host, [1, 2])
    word = game.solutions(host.state)[0]
    late_claim = wire.guests["g2"].move({"type": "claim", "word": word})  # made on the pre-call view
    wire.from_guest("g1", wire.guests["g1"].move({"type": "shrdlu"}))
    wire.run()
    assert host.state.countdown and host.state.caller == 1
    wire.from_guest("g1", wire.guests["g1"].move({"type": "time-up"}))
    wire.run()
    assert host.state.countdown and host.state.round == 1, "a seat cannot end the countdown"
    assert "clock" in wire.guests["g1"].refusals[-1]
    with pytest.raises(IllegalMove, match="clock"):
        host.play_local(0, {"type": "time-up"})  # nor can the host's own seat
    wire.from_guest("g2", late_claim)
    wire.run()
    assert host.state.won[2] and host.state.round == 2, "a claim in the same round is not stale"
    wire.from_guest("g1", wire.guests["g1"].move({"type": "shrdlu"}))
    wire.run()
    if host.state.countdown:  # the new spread has words: the host's clock ends it
        sent = host.expire()
        assert host.state.won[1] and host.record.moves[-1] == (1, {"type": "time-up"})
        assert sent and Host.from_json(game, json.loads(json.dumps(host.to_json()))).state == host.state
    with pytest.raises(IllegalMove, match="No clock"):
        host.expire()


def test_a_verdict_sent_for_a_withdrawn_word_does_not_count_for_the_next_one():
    """Four Letter Words, players judge: B accepts SALT, A challenges, the chooser withdraws
    and names QATS; B's accept, arriving late, must not count for QATS (the game's epoch)."""
    game = FourLetterWords(shipped)
    host = Host(game, Record("four-letter-words", {"players": 3, "judge": "players"}, 3), ["H", "A", "B"])
    wire = connect(host, [1, 2])
    chooser = host.state.chooser
    assert chooser == 0, "this seed lets the host's seat choose"
    wire.from_host(host.play_local(0, {"type": "choose", "word": "salt"}))
    wire.run()
    late_accept = wire.guests["g2"].move({"type": "accept"})  # made on SALT's view, delayed
    wire.from_guest("g1", wire.guests["g1"].move({"type": "challenge"}))
    wire.run()
    wire.from_host(host.play_local(0, {"type": "withdraw"}))
    wire.from_host(host.play_local(0, {"type": "choose", "word": "tsar"}))
    wire.run()
    wire.from_guest("g2", late_accept)
    wire.run()
    assert host.state.word == "tsar" and host.state.accepted == frozenset()
    assert wire.guests["g2"].refusals[-1] == "Too late: the table moved on."
    fresh = wire.guests["g2"].move({"type": "accept"})  # made on TSAR's view: counts
    wire.from_guest("g2", fresh)
    wire.run()
    assert host.state.accepted == frozenset({2})


def test_damaged_saves_and_hostile_messages_are_refused_not_internal_errors():
    host = flw_host()
    saved = json.loads(json.dumps(host.to_json()))
    for damage in ({"tokens": {"t": 99}}, {"tokens": {"t": True}}, {"remote": [5]}, {"names": [1, 2]},
                   {"last_move": {"x": 1}}, {"names": ["only one"]},
                   {"record": dict(saved["record"], game="shrdlu")}):
        with pytest.raises((ValueError, KeyError)):
            Host.from_json(host.game, {**saved, **damage})
    guest = Guest("t")
    for actors in (5, None, True, 1.5):
        view = {"phase": "play"}
        text = encode({"t": "view", "v": 3, "view": view, "actors": actors, "sum": checksum(view)})
        assert guest.receive(text) == [encode({"t": "sync"})] and guest.view is None


def test_no_message_to_a_guest_holds_another_players_secrets():
    for seed in range(4):
        host = flw_host(players=3, seed=SEED + seed)
        wire = connect(host, [1, 2])
        play_online(host, wire, {1: "g1", 2: "g2"})
        for peer in ("g1", "g2"):
            for text in wire.to_guests[peer]:
                message = decode(text)
                assert str(host.record.seed) not in text
                if message["t"] == "view" and message["view"]["phase"] != "over":
                    assert set(message["view"]) >= {"grid"} and "grids" not in message["view"]
    # Shrdlu: the deck's order and the seed never go out.
    game = Shrdlu(shipped)
    host = Host(game, Record("shrdlu", {"players": 2}, SEED), ["H", "A"])
    wire = connect(host, [1])
    for text in wire.to_guests["g1"]:
        assert str(SEED) not in text and '"deck"' not in text


def test_a_guest_in_a_new_browser_continues_its_seat_and_move_count():
    host = flw_host()
    wire = connect(host, [0, 1])
    chooser = host.state.chooser
    peer = f"g{chooser}"
    wire.from_guest(peer, wire.guests[peer].move({"type": "choose", "word": "salt"}))
    wire.run()
    token = host.invite(chooser)
    assert token == wire.guests[peer].token  # inviting a seat again: the same seat, the same token
    wire.guests[peer] = Guest(token)  # a new browser: no memory of its moves
    wire.reconnect(peer)
    wire.from_guest(peer, wire.guests[peer].move({"type": "place", "row": 0, "col": 0, "dir": "right"}))
    wire.run()
    assert [m["type"] for _s, m in host.record.moves] == ["choose", "place"]  # not taken for a replay


def spell_write_host(players=3, seed=SEED) -> Host:
    game = SpellWrite(shipped)
    return Host(game, Record("spell-write", {"players": players}, seed), [f"P{i}" for i in range(players)],
                remote=list(range(1, players)))


@pytest.mark.parametrize("seed", [1, 2])
def test_spell_write_plays_to_the_end_online_through_a_faulty_wire_and_keeps_choices_secret(seed):
    host = spell_write_host(seed=SEED + seed)
    wire = connect(host, [1, 2], faults=0.06, seed=seed)
    play_online(host, wire, {1: "g1", 2: "g2"}, bot=SW_BOTS["medium"])
    assert host.game.outcome(host.state) is not None
    final = replay(host.game, host.record)
    assert [sheet.score for sheet in final.sheets] == [sheet.score for sheet in host.state.sheets]
    for peer, seat in (("g1", 1), ("g2", 2)):
        wire.from_guest(peer, wire.guests[peer].check())
        wire.run()
        assert wire.guests[peer].view == host.game.view(host.state, seat)
        for text in wire.to_guests[peer]:
            assert str(host.record.seed) not in text  # the seed would tell every roll to come


def test_a_guest_asks_questions_about_its_own_seat_only():
    host = spell_write_host()
    wire = connect(host, [1, 2])
    # One round: the host's seat and guest 2 write their letter in the corner, guest 1 beside it.
    for peer, _seat, at in (("g1", 1, [0, 1]), ("g2", 2, [0, 0])):
        pick = wire.guests[peer].view["pickable"][0]
        wire.from_guest(peer, wire.guests[peer].move({"type": "write", "pick": pick, "at": at, "words": []}))
    wire.from_host(host.play_local(0, {"type": "write", "pick": host.game.view(host.state, 0)["pickable"][0], "at": [0, 0], "words": []}))
    wire.run()
    guest = wire.guests["g1"]
    assert guest.view["round"] == 2, guest.refusals
    pick = guest.view["pickable"][0]
    where = {"pick": pick, "at": [0, 0]}
    number, texts = guest.ask("candidates", {**where, "seat": 2})  # a "seat" in the question is ignored
    wire.from_guest("g1", texts)
    wire.run()
    _outcomes, answers = guest.collect()
    assert answers == [{"q": number, "answer": host.game.answer(host.state, 1, "candidates", where)}]
    assert answers[0]["answer"] and host.game.answer(host.state, 2, "candidates", where) == []
    # Questions kept for the end of the game are refused while it goes on; nonsense is answered too.
    for question, args in (("missed", {}), ("hard-bot", {}), ("everyones-sheets", {}), ("candidates", {"pick": "x"})):
        number, texts = guest.ask(question, args)
        wire.from_guest("g1", texts)
        wire.run()
        [answer] = guest.collect()[1]
        assert answer["q"] == number and "error" in answer and "answer" not in answer
    replies = host.receive("g1", encode({"t": "ask", "q": "x", "question": 5}))
    assert [decode(text)["t"] for _peer, text in replies] == ["error"]
    # A game without questions says so.
    flw = flw_host()
    wire = connect(flw, [1])
    wire.from_guest("g1", wire.guests["g1"].ask("candidates", {})[1])
    wire.run()
    assert wire.guests["g1"].collect()[1][0]["error"] == "This game answers no questions."


def test_the_guest_learns_how_each_of_its_moves_was_answered():
    host = flw_host()
    wire = connect(host, [0, 1])
    peer = f"g{host.state.chooser}"
    guest = wire.guests[peer]
    guest.collect()
    wire.from_guest(peer, guest.move({"type": "choose", "word": "zzzz"}))
    wire.from_guest(peer, guest.move({"type": "choose", "word": "salt"}))
    wire.run()
    outcomes, _answers = guest.collect()
    assert outcomes[0]["n"] == 1 and outcomes[0]["ok"] is False and "zzzz" in outcomes[0]["message"].lower()
    assert outcomes[1] == {"n": 2, "ok": True}
    wire.from_guest(peer, guest.hello())  # a resend after reconnecting: answered once only
    wire.run()
    assert guest.collect() == ([], [])


def test_every_guest_sees_who_is_away():
    host = spell_write_host()
    wire = connect(host, [1, 2])
    assert wire.guests["g1"].away == [] and wire.guests["g2"].away == []
    wire.up.discard("g2")
    wire.from_host(host.disconnected("g2"))
    wire.run()
    assert wire.guests["g1"].away == [2]
    wire.reconnect("g2")
    assert wire.guests["g1"].away == [] and wire.guests["g2"].away == []
    assert host.disconnected("nobody") == []
    # The remote seats survive the host's reload.
    again = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))
    assert again.remote == [1, 2]


def test_a_friend_chooses_their_name_cleaned_and_everyone_hears_it():
    game = FourLetterWords(shipped)
    host = Host(game, Record("four-letter-words", {"players": 3}, SEED), ["Ann", "Friend 1", "Friend 2"], [1, 2])
    hostile = "\u202e<img src=x onerror=alert(1)>" + "\u200f" + "B" * 10_000
    guests = {"g1": Guest(host.invite(1), name=clean_name(hostile)), "g2": Guest(host.invite(2), name=clean_name("  Bo \n\t Lee\x00 "))}
    wire = Wire(host, guests)
    for peer in guests:
        wire.from_guest(peer, guests[peer].hello())
    wire.run()
    assert host.names == ["Ann", "<img src=x onerror=alert", "Bo Lee"]  # 24 characters, no hidden marks
    assert guests["g1"].players == guests["g2"].players == host.names  # the first joiner hears the second's too
    assert Host.from_json(game, json.loads(json.dumps(host.to_json()))).names == host.names


def test_a_friend_cannot_take_a_name_that_reads_like_another_seats():
    game = FourLetterWords(shipped)
    host = Host(game, Record("four-letter-words", {"players": 3}, SEED), ["Ann", "Friend 1", "Friend 2"], [1, 2])
    for seat, disguised in ((1, "\u0410nn"), (2, "Ann\u200d"), (2, "ANN")):
        host.receive(f"p{seat}", encode({"t": "join", "token": host.invite(seat), "protocol": PROTOCOL, "name": disguised}))
    assert host.names == ["Ann", "Friend 1", "Friend 2"]  # each seat keeps the name it was given
    host.receive("p2", encode({"t": "join", "token": host.invite(2), "protocol": PROTOCOL, "name": "Анна"}))
    assert host.names == ["Ann", "Friend 1", "Анна"]  # a real Cyrillic name is a name of its own


def test_a_name_that_cleans_to_nothing_or_comes_to_a_local_seat_changes_nothing():
    assert clean_name("\u200b\u202e \x07") is None and clean_name(42) is None and clean_name(None) is None
    assert clean_name("Zo\u0065\u0301") == "Zoé" and clean_name("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"
    game = FourLetterWords(shipped)
    host = Host(game, Record("four-letter-words", {"players": 2}, SEED), ["Ann", "Friend"], [1])
    token = host.invite(1)
    host.receive("x", encode({"t": "join", "token": token, "protocol": PROTOCOL, "name": "\u200b"}))
    assert host.names == ["Ann", "Friend"]
    # A seat played at the host's device is the host's to name.
    local = Host(game, Record("four-letter-words", {"players": 2}, SEED), ["Ann", "Bo"], [])
    local.receive("y", encode({"t": "join", "token": local.invite(1), "protocol": PROTOCOL, "name": "Mallory"}))
    assert local.names == ["Ann", "Bo"]
