"""One Letter Better dealt sealed at a table of devices (wordtable.engine.sealed_table, issue 47):
whole games of bots for 2 to 4 players where every device opens only the cards it may (its own
hand, what it drew or took, what was played), plays on to the same scores as an observer that
sees only what is public, and audits every deal at the end; a device that cheats is named."""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest

from wordtable.engine import sealed
from wordtable.engine.bots import ask_bot
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.fair_deal import lock_context
from wordtable.engine.sealed_audit import Table, verify
from wordtable.engine.sealed_game import SealedFault
from wordtable.engine.sealed_table import Device
from wordtable.games import make
from wordtable.games.one_letter_better.state import CARDS, HIDDEN, check_entries
from wordtable.lexicon import store


@functools.lru_cache(maxsize=None)
def game_and_bots():
    return make("one-letter-better", store.load)


def new_table(players: int, seed: int = 1, **options) -> Table:
    game, _bots = game_and_bots()
    parsed = game.Options.parse({"players": players, "rounds": 1, **options})
    return Table(game, parsed, seed, random.Random(seed))


class Watch:
    """Every position each seat has held (in the truth: its own device's state), to check that
    no device opens a card it never held and nobody made public."""

    def __init__(self, table: Table):
        self.table = table
        self.held: dict[tuple[int, int], set[int]] = {}
        self.note()

    def note(self) -> None:
        for device in self.table.devices:
            current = device.rounds.get(device.state.round)
            if current is None:
                continue
            mine = self.held.setdefault((device.state.round, device.seat), set())
            for entry in device.state.hands[device.seat]:
                position = current.position_of(entry, HIDDEN)
                if position is not None:
                    mine.add(position)

    def check(self) -> None:
        """Each device has opened only positions it held or that were made public."""
        for device in self.table.devices:
            for number, current in device.rounds.items():
                # its hand as dealt (the next round's is opened while this one is played)
                allowed = current.public | self.held.get((number, device.seat), set()) \
                    | set(current.layout.hand(device.seat))
                # a victim of STL-1 knows the card it lost: it held it
                opened = set(current.opened)
                assert opened <= allowed, (device.seat, number, sorted(opened - allowed))


def play_out(table: Table, watch: Watch | None = None, level: str = "medium", limit: int = 3000) -> int:
    game, bots = game_and_bots()
    moves = 0
    while game.outcome(table.devices[0].state) is None:
        assert moves < limit, "the game never ended"
        seat = game.actors(table.devices[0].state)[0]
        device = table.devices[seat]
        assert device.ready(), "a seat is asked to move before its cards are open"
        move = ask_bot(bots[level], game, device.state, seat, 1, moves)
        table.play(seat, move)
        moves += 1
        if watch is not None:
            watch.note()
            watch.check()
    return moves


@pytest.mark.parametrize("players,options", [(2, {"rounds": 2}), (3, {"judge": "players"}), (4, {})])
def test_whole_games_open_only_what_each_device_may(players, options):
    table = new_table(players, seed=players, **options)
    rounds = options.get("rounds", 1)
    # The next round is dealt while this one is played, one deal at a time.
    assert sorted(table.devices[0].rounds) == list(range(1, rounds + 1))
    assert all(r.done for r in table.devices[0].rounds.values())
    watch = Watch(table)
    play_out(table, watch)
    game, _bots = game_and_bots()
    final = table.observer.state
    assert game.outcome(final) is not None
    for device in table.devices:
        assert device.state.totals == final.totals and device.state.results == final.results
        cards = device.audit()
        assert sorted(cards) == list(range(1, final.options.rounds + 1))
        for deal in cards.values():
            assert sorted(deal) == list(range(len(CARDS)))  # every card once
    # The record: what each seat played was its position's card in the audited deal.
    kinds = {message["kind"] for message in table.record}
    assert {"key", "mask", "lock", "move", "locks", "secrets"} <= kinds


def test_no_device_can_open_another_hand_with_what_it_holds():
    """Mid-round, every device with everything it holds (its secrets, its sealing key, every
    message of the record) tries to open each card of every other hand: every sealed lock in
    the record unsealed with its own keys, as if sent to it, matches no lock point."""
    table = new_table(3, seed=11)
    watch = Watch(table)
    game, bots = game_and_bots()
    for moves in range(12):
        seat = game.actors(table.devices[0].state)[0]
        table.play(seat, ask_bot(bots["medium"], game, table.devices[seat].state, seat, 1, moves))
        watch.note()
    for device in table.devices:
        current = device.current
        deal = current.deal
        for other in table.devices:
            if other.seat == device.seat:
                continue
            secret_positions = [current.position_of(e, HIDDEN) if e >= HIDDEN else
                                other.current.position_of(e, HIDDEN) for e in other.state.hands[other.seat]]
            for position in secret_positions:
                if position in current.public or position in watch.held[(1, device.seat)]:
                    continue   # played, or lost to STL-1 by this device: it knows that card
                assert position not in current.opened
                tried = 0
                for message in table.record:
                    sealed_values = []
                    if message["kind"] == "lock":
                        sealed_values = [(message["seat"], v) for k, v in message["pass"]["sealed"].items()
                                         if int(k) == position]
                    elif message["kind"] == "locks":
                        sealed_values = [(message["seat"], v) for k, v in message["locks"].items() if int(k) == position]
                    for sender, value in sealed_values:
                        if sender == device.seat:
                            continue
                        for receiver in range(3):
                            lock = sealed.unseal_lock(value, device.keys.shared(sender),
                                                      lock_context(1, position, sender, receiver))
                            assert sealed.lock_point(lock) != deal.lock_passes[sender].lock_points[position]
                            tried += 1
                assert tried > 0


def test_a_card_played_without_its_locks_is_refused_and_named():
    table = new_table(2, seed=5)
    game, _bots = game_and_bots()
    seat = game.actors(table.devices[0].state)[0]
    mover = table.devices[seat]
    table.play(seat, {"type": "draw"})
    hand = [uid for uid in mover.state.hands[seat] if CARDS[uid].kind == "letter"]
    message = mover.move({"type": "discard", "cards": hand[:1]})[0]
    other = table.devices[1 - seat]
    before = other.state
    bare = {**message, "shown": {}}
    with pytest.raises(SealedFault) as fault:
        other.receive(bare)
    # On the other device that card is still unopened in the mover's hand: the rules refuse it.
    assert fault.value.seat == seat and "from your hand" in str(fault.value)
    assert other.state is before
    # A false lock: named, changes nothing.
    position, locks = next(iter(message["shown"].items()))
    false = {**message, "shown": {position: [sealed.scalar_hex(5)] + locks[1:]}}
    with pytest.raises(SealedFault) as fault:
        other.receive(false)
    assert fault.value.seat is not None and "lock" in str(fault.value)
    assert other.state is before
    # A card of the other hand shown as its own.
    theirs = str(other.current.layout.hand(1 - seat)[0])
    with pytest.raises(SealedFault) as fault:
        other.receive({**message, "shown": {theirs: locks}})
    assert fault.value.seat == seat and other.state is before
    # The honest message still plays, on both devices.
    answers = other.receive(message)
    assert other.state.pile[-1] == hand[0]
    mover.receive(message)
    assert mover.state.pile[-1] == hand[0] and not mover.ready()  # the card it drew is not open yet
    for answer in answers:
        mover.receive(answer)
    assert mover.ready()


def test_a_false_lock_for_a_drawn_card_names_its_sender():
    table = new_table(3, seed=9)
    game, _bots = game_and_bots()
    seat = game.actors(table.devices[0].state)[0]
    drawer = table.devices[seat]
    draw = drawer.move({"type": "draw"})[0]
    answers = {device.seat: device.receive(draw) for device in table.devices if device.seat != seat}
    assert drawer.receive(draw) == [] and drawer.current.awaited  # its own move, back from the table
    assert all([m["kind"] for m in sent] == ["locks"] for sent in answers.values())
    liar, honest = sorted(answers)
    false = copy.deepcopy(answers[liar][0])
    position = next(iter(false["locks"]))
    false["locks"][position] = sealed.seal_lock(7, table.devices[liar].keys.shared(seat),
                                                lock_context(1, int(position), liar, seat))
    before = drawer.state
    drawer.receive(false)           # kept until every lock is in: then checked
    with pytest.raises(SealedFault) as fault:
        drawer.receive(answers[honest][0])
    assert fault.value.seat == liar and "lock" in str(fault.value)
    assert drawer.state is before and not drawer.ready()


def test_stl1_passes_the_card_to_the_thief_alone_and_a_false_pass_on_names_the_victim():
    game, _bots = game_and_bots()
    table = new_table(2, seed=42)   # seat 1 moves first and was dealt an STL-1
    seat = game.actors(table.devices[0].state)[0]
    thief, victim = table.devices[seat], table.devices[1 - seat]
    steal_one = next(uid for uid in thief.state.hands[seat] if CARDS[uid].kind == "steal-one")
    table.play(seat, {"type": "draw"})
    messages = thief.move({"type": "steal-card", "card": steal_one, "from": victim.seat})
    assert "commit" in messages[0]
    # The card is drawn by both devices: the thief's commitment (in its move), the victim's,
    # then both numbers shown; a number that is not the one committed to names its seat.
    part = victim.receive(messages[0])
    assert [m["kind"] for m in part] == ["chance", "reveal"] and not victim.ready()
    assert victim.withholding() == [seat]  # its number is all the table waits for
    assert thief.receive(messages[0]) == [] and thief.withholding() == [victim.seat]
    table.observer.receive(messages[0])
    reveal = thief.receive(part[0])
    assert [m["kind"] for m in reveal] == ["reveal"]
    assert thief.receive(part[1]) == []  # drawn: it waits for the card's locks now
    with pytest.raises(SealedFault) as fault:
        victim.receive({**reveal[0], "value": "00" * 32})
    assert fault.value.seat == seat
    answers = victim.receive(reveal[0])
    assert [m["kind"] for m in answers] == ["pass-on"]
    taken = thief.state.hands[seat][-1]
    assert taken >= HIDDEN  # not opened yet
    false = copy.deepcopy(answers[0])
    owner = next(iter(false["locks"]))
    false["locks"][owner] = sealed.seal_lock(3, victim.keys.shared(seat), "wrong")
    with pytest.raises(SealedFault) as fault:
        thief.receive(false)
    assert fault.value.seat == victim.seat
    thief.receive(answers[0])
    opened = thief.state.hands[seat][-1]
    assert opened < HIDDEN and victim.state.hands[seat][-1] == opened  # the victim knew it
    for message in part + reveal:
        table.observer.receive(message)
    assert table.observer.state.hands[seat][-1] == taken  # nobody else learns it


def test_secrets_that_do_not_hold_are_named_at_the_audit():
    table = new_table(2, seed=3)
    play_out(table)
    device = table.devices[0]
    device.audit()
    shown = device.shown[1]
    tampered = json.loads(json.dumps(shown))
    order = tampered["rounds"]["1"]["order"]
    order[0], order[1] = order[1], order[0]
    device.shown[1] = tampered
    with pytest.raises(SealedFault) as fault:
        device.audit()
    assert fault.value.seat == 1
    del device.shown[1]
    with pytest.raises(SealedFault) as fault:
        device.audit()
    assert fault.value.seat == 1 and "did not show" in str(fault.value)


def test_messages_that_do_not_hold_are_refused_with_their_seat():
    table = new_table(2, seed=4)
    device = table.devices[0]
    before = device.state
    bad = [{"kind": "move", "seat": 5}, {"kind": "nonsense", "seat": 1}, "text",
           {"kind": "mask", "seat": 1, "round": 1, "pass": {}},
           {"kind": "move", "seat": 1, "move": {"type": "draw"}, "shown": []},
           {"kind": "secrets", "seat": 1, "key": "00", "rounds": {}},
           {"kind": "key", "seat": 1, "public": "00" * 32}]
    for message in bad:
        with pytest.raises(SealedFault):
            device.receive(message)
        assert device.state is before


def test_a_move_out_of_turn_is_refused():
    table = new_table(2, seed=6)
    game, _bots = game_and_bots()
    seat = game.actors(table.devices[0].state)[0]
    with pytest.raises(IllegalMove):
        table.devices[1 - seat].move({"type": "draw"})
    with pytest.raises(SealedFault) as fault:
        table.devices[seat].receive({"kind": "move", "seat": 1 - seat, "n": 1, "move": {"type": "draw"}, "shown": {}})
    assert fault.value.seat == 1 - seat


def test_a_move_never_names_an_unopened_card():
    with pytest.raises(MalformedMove):
        check_entries([HIDDEN + 3], "cards")
    check_entries([len(CARDS) - 1], "cards")


def test_a_device_saved_mid_game_plays_on_after_a_reload_and_a_damaged_save_is_refused():
    """Each device saved (to JSON, as the page keeps it) partway, restored from its save alone,
    plays the game on to the same end as the table; the replay checks nothing again but
    opens every card as before."""
    game, bots = game_and_bots()
    table = new_table(3, seed=8)
    for moves in range(15):
        seat = game.actors(table.devices[0].state)[0]
        table.play(seat, ask_bot(bots["medium"], game, table.devices[seat].state, seat, 1, moves))
    options, seed = table.devices[0].state.options, 8
    for index, device in enumerate(table.devices):
        saved = json.loads(json.dumps(device.to_json()))
        restored = Device.from_json(game, 3, options, seed, saved)
        assert restored.state == device.state and restored.current.opened == device.current.opened
        assert restored.current.public == device.current.public and restored.log == device.log
        table.devices[index] = restored
    play_out(table)
    final = table.observer.state
    assert all(device.state.totals == final.totals for device in table.devices)
    table.devices[0].audit()
    saved = table.devices[1].to_json()
    for damage in [None, {"log": "x", "rounds": {}}, {**saved, "seat": 9}, {**saved, "key": "zz"},
                   {**saved, "rounds": {}}, {**saved, "log": saved["log"][:5] + [{"kind": "move", "seat": 0}]}]:
        with pytest.raises(ValueError, match="damaged"):
            Device.from_json(game, 3, options, seed, damage)


def test_a_move_the_rules_refuse_changes_nothing_on_any_device():
    """A play of cards shown with their locks that the rules then refuse (no such word) leaves
    every device as it was: the cards stay unopened and the player may play them otherwise."""
    table = new_table(2, seed=5)
    game, _bots = game_and_bots()
    seat = game.actors(table.devices[0].state)[0]
    table.play(seat, {"type": "draw"})
    mover, other = table.devices[seat], table.devices[1 - seat]
    hand = [uid for uid in mover.state.hands[seat] if CARDS[uid].kind == "letter"]
    letters = next([a, b] for a in hand for b in hand
                   if a != b and not game.is_word(mover.state, CARDS[a].letters + CARDS[b].letters))
    message = mover.move({"type": "discard", "cards": letters})[0]
    nonsense = {**message, "move": {"type": "word", "cards": letters}}
    opened, public, state = dict(other.current.opened), set(other.current.public), other.state
    with pytest.raises(SealedFault) as fault:
        other.receive(nonsense)
    assert fault.value.seat == seat and "dictionary" in str(fault.value)
    assert other.current.opened == opened and other.current.public == public and other.state is state
    mover.refused()
    table.send(mover.move({"type": "discard", "cards": letters}))
    assert all(device.state.pile[-2:] == tuple(letters) for device in table.devices)


class Withholding(Table):
    """A table whose relay holds back the messages `held` says, as a device withholding them
    would: numbering the messages it does send one after another (k), and those it sends late
    after them."""

    def __init__(self, *args, **kwargs):
        self.held = lambda message: False
        self.kept: list[dict] = []
        self.numbered: dict[int, int] = {}
        super().__init__(*args, **kwargs)

    def send(self, messages):
        queue = list(messages)
        while queue:
            message = queue.pop(0)
            if self.held(message):
                self.kept.append(message)
                continue
            if "k" in message:
                message = {**message, "k": self.numbered.get(message["seat"], 0) + 1}
                self.numbered[message["seat"]] = message["k"]
            self.record.append(message)
            for device in self.devices + [self.observer]:
                queue += device.receive(message)
            for device in self.devices:
                queue += device.automatic()


def test_stl1_of_a_card_its_victim_has_not_opened_waits_for_the_seat_withholding_its_lock():
    """From an independent attack: the cheater withholds its locks of cards the victim drew,
    then STL-1 takes one of them from the victim. Nothing breaks:
    every device names the withholding seat, and once its locks come the victim passes the
    card on."""
    game, _bots = game_and_bots()
    parsed = game.Options.parse({"players": 2, "rounds": 1})
    table = Withholding(game, parsed, 42, random.Random(42))
    cheat, victim = 1, 0
    c, v = table.devices[cheat], table.devices[victim]
    steal_one = next(uid for uid in c.state.hands[cheat] if CARDS[uid].kind == "steal-one")
    table.play(cheat, {"type": "draw"})
    table.play(cheat, {"type": "discard", "cards": [u for u in c.state.hands[cheat] if u != steal_one][:1]})
    table.play(victim, {"type": "draw"})
    table.held = lambda m: m["kind"] == "locks" and m["seat"] == cheat
    table.play(victim, {"type": "discard", "cards": list(v.state.hands[victim][:4])})
    unopened = [e - HIDDEN for e in v.state.hands[victim] if e >= HIDDEN]
    others = [v, table.observer]  # (the cheat's own device thinks it sent them)
    assert len(unopened) == 4 and all(d.withholding() == [cheat] for d in others)
    table.play(cheat, {"type": "draw"})
    # The chance the devices draw decides which card is taken: the first numbers that take one
    # of the four (each try on a copy of the table).
    table.observer.rng = random.Random(0)  # (it draws nothing; a system source cannot be copied)
    for tried in range(40):
        trial = copy.deepcopy(table)
        for device in trial.devices:
            device.rng = random.Random(tried)
        trial.play(cheat, {"type": "steal-card", "card": steal_one, "from": victim})
        if trial.devices[cheat].state.hands[cheat][-1] - HIDDEN in unopened:
            break
    table = trial
    c, v = table.devices[cheat], table.devices[victim]
    others = [v, table.observer]
    taken = c.state.hands[cheat][-1]
    assert taken - HIDDEN in unopened
    assert all(d.withholding() == [cheat] for d in others)
    held, table.held = table.kept, (lambda m: False)
    table.send(held)
    assert c.state.hands[cheat][-1] < HIDDEN and v.ready()
    assert all(d.withholding() == [] for d in table.devices + [table.observer])


def test_a_stolen_card_played_or_left_out_of_a_show_without_its_locks_is_refused_by_its_victim_too():
    """From an independent attack: the victim of STL-1 knows the card taken; the thief playing
    it without its locks must be refused there as everywhere, or the devices would part ways."""
    game, _bots = game_and_bots()
    table = new_table(2, seed=42)
    seat = game.actors(table.devices[0].state)[0]
    thief, victim = table.devices[seat], table.devices[1 - seat]
    steal_one = next(uid for uid in thief.state.hands[seat] if CARDS[uid].kind == "steal-one")
    table.play(seat, {"type": "draw"})
    table.play(seat, {"type": "steal-card", "card": steal_one, "from": victim.seat})
    taken = thief.state.hands[seat][-1]
    assert victim.state.hands[seat][-1] == taken  # the victim knows it
    honest = thief.move({"type": "discard", "cards": [taken]})[0]
    bare = {**honest, "shown": {}}
    for device in (victim, table.observer):
        with pytest.raises(SealedFault) as fault:
            device.receive(bare)
        assert fault.value.seat == seat
    table.send([honest])
    assert victim.state.pile[-1] == table.observer.state.pile[-1] == taken
    assert victim.state.scores == table.observer.state.scores and victim.state.turn == table.observer.state.turn


def test_a_copied_key_names_the_copier_and_a_replayed_move_names_nobody():
    game, _bots = game_and_bots()
    parsed = game.Options.parse({"players": 3, "rounds": 1})
    devices = [Device(game, seat, 3, parsed, 1, random.Random(seat)) for seat in range(3)]
    first = devices[0].hello()[0]
    devices[2].receive(first)
    with pytest.raises(SealedFault) as fault:
        devices[2].receive({**first, "seat": 1})
    assert fault.value.seat == 1
    table = new_table(2, seed=4)
    seat = game.actors(table.devices[0].state)[0]
    draw = table.devices[seat].move({"type": "draw"})
    table.send(draw)
    other = table.devices[1 - seat]
    with pytest.raises(SealedFault) as fault:
        other.receive(draw[0])
    assert fault.value.seat is None and "order" in str(fault.value)


def test_malformed_messages_from_an_attack_are_refused_not_crashing():
    game, _bots = game_and_bots()
    parsed = game.Options.parse({"players": 2, "rounds": 1})
    early = Device(game, 0, 2, parsed, 1, random.Random(1))
    for message in [{"kind": [], "seat": 1}, {"kind": {}, "seat": 1},
                    {"kind": "locks", "seat": 1, "to": 0, "round": 1, "locks": {"16": "00" * 32}},
                    {"kind": "pass-on", "seat": 1, "to": 0, "round": 1, "position": 3, "locks": {}}]:
        with pytest.raises(SealedFault):
            early.receive(message)


def test_a_finished_record_verifies_and_a_tampered_one_names_the_seat():
    """verify: anyone with the record (every message relayed, in order) replays the whole game
    as a seat's device checks it, then audits every deal and every lock sent during play."""


    game, _bots = game_and_bots()
    table = new_table(2, seed=3)
    play_out(table)
    options = table.observer.state.options
    final, cards = verify(game, options, 3, copy.deepcopy(table.record))
    assert final.totals == table.observer.state.totals and sorted(cards[1]) == list(range(len(CARDS)))
    record = copy.deepcopy(table.record)
    sent = next(i for i, m in enumerate(record) if m["kind"] == "locks")
    liar = record[sent]["seat"]
    position = next(iter(record[sent]["locks"]))
    value = bytearray.fromhex(record[sent]["locks"][position])
    value[0] ^= 1
    record[sent]["locks"][position] = value.hex()  # (the drawer would have named it at once)
    with pytest.raises(SealedFault) as fault:
        verify(game, options, 3, record)
    assert fault.value.seat == liar and "lock it sent" in str(fault.value)
    record = [m for m in copy.deepcopy(table.record) if not (m["kind"] == "secrets" and m["seat"] == 1)]
    with pytest.raises(SealedFault) as fault:
        verify(game, options, 3, record)
    assert fault.value.seat == 1 and "did not show" in str(fault.value)
    with pytest.raises(SealedFault):
        verify(game, options, 3, copy.deepcopy(table.record[:-10]))


def steal_under_way(seats: int = 2):
    """A table (seeds 42 and 7: the first to move holds an STL-1) whose thief has just sent its
    STL-1: (table, thief's seat, the move's message), nothing relayed yet."""
    game, _bots = game_and_bots()
    table = new_table(seats, seed={2: 42, 3: 7}[seats])
    seat = game.actors(table.devices[0].state)[0]
    thief = table.devices[seat]
    steal_one = next(uid for uid in thief.state.hands[seat] if CARDS[uid].kind == "steal-one")
    table.play(seat, {"type": "draw"})
    victim = next(s for s in range(seats) if s != seat)
    return table, seat, thief.move({"type": "steal-card", "card": steal_one, "from": victim})[0]


def test_a_second_move_while_a_chance_is_drawn_names_its_player():
    """From a second attack: a thief that did not like the others' numbers sent STL-1 again
    with a new commitment (a free re-roll); now refused, naming it, on every device."""
    table, seat, steal = steal_under_way()
    other = next(d for d in table.devices if d.seat != seat)
    answers = other.receive(steal)
    assert [m["kind"] for m in answers] == ["chance", "reveal"]
    for device in (other, table.observer):
        if device is table.observer:
            device.receive(steal)
        with pytest.raises(SealedFault) as fault:
            device.receive({**steal, "n": steal["n"] + 1, "commit": "22" * 32})
        assert fault.value.seat == seat and "chance" in str(fault.value)


def test_a_message_relayed_twice_names_nobody_and_a_malformed_pass_on_is_refused():
    table, seat, steal = steal_under_way()
    other = next(d for d in table.devices if d.seat != seat)
    chance = other.receive(steal)[0]
    observer = table.observer
    observer.receive(steal)
    observer.receive(chance)
    with pytest.raises(SealedFault) as fault:
        observer.receive(chance)
    assert fault.value.seat is None and "relayed twice" in str(fault.value)
    for position in ([], {}, [1, 2], "3", True):
        with pytest.raises(SealedFault):
            observer.receive({"kind": "pass-on", "seat": other.seat, "k": observer.heard[other.seat] + 1, "to": seat,
                              "round": 1, "position": position, "locks": {}})


def test_a_save_made_before_the_table_relays_its_messages_back_restores_and_plays_on():
    """From a second attack: a device saved just after making a message (a chance's part),
    before the table relayed it: restored from its save, it plays on with the others."""
    game, _bots = game_and_bots()
    table, seat, steal = steal_under_way()
    victim = next(d for d in table.devices if d.seat != seat)
    chance = victim.receive(steal)
    restored = Device.from_json(game, 2, victim.state.options, 42, json.loads(json.dumps(victim.to_json())))
    assert restored.chance is not None and restored.chance.values == victim.chance.values
    table.devices[victim.seat] = restored
    table.observer.receive(steal)
    table.devices[seat].receive(steal)
    table.send(chance)
    assert restored.chance is None and table.devices[seat].ready() and restored.ready()
    observed = table.observer.state
    assert [len(h) for h in restored.state.hands] == [len(h) for h in observed.hands]
    assert restored.state.pile == observed.pile and restored.state.turn == observed.turn


def test_verify_names_a_seat_whose_owed_locks_are_missing_from_the_record_and_damaged_saves_are_refused():
    game, _bots = game_and_bots()
    table = new_table(2, seed=3)
    play_out(table)
    options = table.observer.state.options
    dropped = next(i for i, m in enumerate(table.record) if m["kind"] == "locks")
    liar = table.record[dropped]["seat"]
    record = copy.deepcopy(table.record[:dropped] + table.record[dropped + 1:])
    for message in record[dropped:]:  # the seat numbered what it did send one after another
        if message["seat"] == liar and "k" in message:
            message["k"] -= 1
    with pytest.raises(SealedFault) as fault:
        verify(game, options, 3, record)
    assert fault.value.seat == liar
    saved = table.devices[0].to_json()
    bad_card = copy.deepcopy(saved)
    round_one = bad_card["rounds"]["1"]["opened"]
    first, second = sorted(round_one)[:2]
    round_one[second][0] = round_one[first][0]  # two positions, one card
    forged = {**copy.deepcopy(saved), "sent": {"kind": "move", "seat": 1, "n": 1, "move": {}, "shown": {}}}
    for damaged in (bad_card, forged, {**copy.deepcopy(saved), "sent": 5}):
        with pytest.raises(ValueError, match="damaged"):
            Device.from_json(game, 2, options, 3, damaged)


def test_two_players_together_cannot_choose_the_chance_against_a_third():
    """With three seats, the thief's accomplice must commit to its number before anyone shows
    one: told the thief's number, it still cannot pick the card (the honest seat's number is
    unknown until every commitment is in), and a number other than its committed one is refused."""
    table, seat, steal = steal_under_way(3)
    devices = {d.seat: d for d in table.devices}
    others = [s for s in range(3) if s != seat]
    commits = {s: devices[s].receive(steal) for s in others}
    for s in others:  # with two others, nobody shows a number until both have committed
        assert [m["kind"] for m in commits[s]] == ["chance"]
    accomplice, honest = others
    devices[seat].receive(steal)
    table.observer.receive(steal)
    first = commits[accomplice][0]
    for device in [devices[seat], table.observer]:
        device.receive(first)
    shown = devices[honest].receive(first)  # it holds every commitment now: it shows its number
    assert [m["kind"] for m in shown] == ["reveal"]
    chosen = {**commits[accomplice][0], "kind": "reveal", "value": "ab" * 32}
    chosen.pop("commit")
    with pytest.raises(SealedFault) as fault:
        devices[honest].receive({**chosen, "k": chosen["k"] + 1})
    assert fault.value.seat == accomplice and "committed" in str(fault.value)
