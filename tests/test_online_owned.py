"""Four Letter Words online (issue 18): each guest's grid never leaves its device until the end.
The guest's device runs the rules on its own grid and sends the table only public moves with a
commitment to the grid; at the end it shows its placements and key, and the table, the verify
command and every guest's check replay them. A guest that lied is named, whatever the lie."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from online_fuzz import shipped
from test_online import Wire
from test_online_shared import play_to_the_end, settle_wire
from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Record, replay_states
from wordtable.engine.owned import Keep, commitment
from wordtable.engine.signing import shown_statement
from wordtable.games import make
from wordtable.online import Draws, Guest, Host, checksum, decode, encode
from wordtable.verify import verify, verify_as_guest

GAME = "four-letter-words"


def owned_table(options: dict[str, Any], guests: list[int], seed: int, faults: float = 0.0,
                guest_class: type = Guest, liars: list[int] | None = None, **liar: Any) -> tuple[Host, Wire]:
    """A table with shared randomness, every secret from `seed` (a run is the same every time);
    the guests at seats `liars` (all, if None) are of guest_class, made with `liar`."""
    rng = random.Random(seed)
    game, _bots = make(GAME, shipped)
    names = [f"P{seat + 1}" for seat in range(options["players"])]
    host = Host(game, Record(GAME, options, seed), names, list(guests),
                draws=Draws("%064x" % rng.getrandbits(256), list(guests)))
    made = {}
    for seat in guests:
        kind, extra = (guest_class, liar) if liars is None or seat in liars else (Guest, {})
        made[f"g{seat}"] = kind(host.invite(seat), chain_end="%064x" % rng.getrandbits(256), lexicon_for=shipped, **extra)
    for guest in made.values():
        guest.owned = None  # made at the welcome, as in the page
    wire = Wire(host, made, faults, seed)
    for peer, guest in wire.guests.items():
        wire.from_guest(peer, guest.hello())
    wire.run()
    return host, wire


def finish(host: Host, wire: Wire) -> None:
    """Plays to the end, then lets every guest show its grid and get the whole record."""
    play_to_the_end(host, wire)
    settle_wire(wire)
    for _ in range(30):
        missing = [peer for peer, guest in wire.guests.items() if not guest.record_ready()]
        if not missing or host.draws.broken is not None:
            return
        for peer in missing:
            wire.from_guest(peer, [encode({"t": "sync"})])
        wire.run()


class Recording(Wire):
    """A wire that keeps every guest's message to the host, with whether the game was over."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, str, bool]] = []

    def from_guest(self, peer: str, texts: list[str]) -> None:
        over = self.host.state is not None and self.host.game.outcome(self.host.state) is not None
        self.sent += [(peer, text, over) for text in texts]
        super().from_guest(peer, texts)


def test_no_message_to_the_host_holds_a_guests_grid_before_the_end():
    host, wire = owned_table({"players": 3}, [1, 2], seed=3, faults=0.05)
    recording = Recording(host, wire.guests, 0.05, 3)
    finish(host, recording)
    assert host.draws.broken is None and host.game.outcome(host.state) is not None
    before_end = [(peer, decode(text)) for peer, text, over in recording.sent if not over]
    moves = [message["move"] for _peer, message in before_end if message["t"] == "move"]
    assert {move["type"] for move in moves} >= {"choose", "written"}
    for move in moves:  # where a word went is never said; a commitment seals the grid
        assert move["type"] not in ("place", "xs") and set(move) <= {"type", "word", "commit"}
    assert not [m for _peer, m in before_end if m["t"] == "shown"]
    for peer, guest in wire.guests.items():
        rows = [row for row in guest.screen_view()["grid"] if row.strip(".")]
        assert rows, "the guest wrote nothing"
        told = " ".join(text for sender, text, over in recording.sent if sender == peer and not over)
        assert not [row for row in rows if row in told]
    # The host's record holds only public moves for the guests' seats, and its saved table too.
    for seat, move in host.record.moves:
        if seat in (1, 2):
            assert "row" not in move and "cells" not in move
    assert all(str(seat) in host.record.owned["shown"] for seat in (1, 2))
    assert verify(host.record.to_json(), shipped).ok
    for guest in wire.guests.values():
        assert verify_as_guest(guest, shipped).ok


def test_the_host_holds_no_guest_grid_while_the_game_goes_on():
    host, wire = owned_table({"players": 2}, [1], seed=11)
    game, bots = make(GAME, shipped)
    guest = wire.guests["g1"]
    for turn in range(12):
        settle_wire(wire)
        assert host.state.grids[1] is None and "grid" not in host.game.view(host.state, 1)
        assert guest.screen_view()["grid"] == [guest.owned.part[r * 7:(r + 1) * 7] for r in range(7)] \
            if guest.owned.part else True
        saved = json.dumps(host.to_json())
        assert all(row not in saved for row in guest.screen_view()["grid"] if row.strip("."))
        seat = host.game.actors(host.state)[0]
        view = guest.screen_view() if seat == 1 else host.game.view(host.state, seat)
        move = bots["medium"](game, view, random.Random(turn))
        if seat == 1:
            wire.from_guest("g1", guest.move(move))
        else:
            wire.from_host(host.play_local(seat, move))


@pytest.mark.parametrize("options", [{"players": 3, "rows": 4, "cols": 5, "x_variant": True},
                                     {"players": 3, "judge": "players", "challenge_penalties": True},
                                     {"players": 3, "rows": 4, "cols": 4}])
def test_every_variant_plays_online_with_grids_on_their_devices(options):
    kinds: set[str] = set()
    for seed in range(4):
        host, wire = owned_table(options, list(range(1, options["players"])), seed=seed, faults=0.03)
        finish(host, wire)
        assert host.draws.broken is None, host.draws.broken
        verdict = verify(host.record.to_json(), shipped)
        assert verdict.ok and verdict.finished and "every grid kept on its owner" in verdict.message, verdict.message
        for guest in wire.guests.values():
            assert verify_as_guest(guest, shipped).ok
        # Every grid is shown on every screen at the end.
        assert all(grid is not None for grid in host.game.view(host.state, None)["grids"])
        kinds |= {move["type"] for seat, move in host.record.moves if seat > 0}
    if options.get("x_variant", False):
        assert "crossed" in kinds
    if options.get("judge") == "players":
        assert "accept" in kinds  # (bots name dictionary words: nobody challenges)
    if options.get("rows") == options.get("cols") == 4:
        assert "stuck" in kinds  # a small grid soon fits no word: the guest's device says so


@dataclass
class Liar(Guest):
    """A guest whose device lies to the table once, in one way."""

    lie: str = ""
    lied: bool = False

    def _outgoing(self, move: dict[str, Any]):
        public, secret = super()._outgoing(move)
        if self.lied or self.view is None:
            return public, secret
        part = self._owned_part()
        state = part._owner_state(self.view, self.owned.part)
        grid_used = self.owned.part is not None and self.owned.part.strip(".")
        if self.lie == "commitment" and public["type"] == "written":
            self.lied = True
            return {**public, "commit": commitment(self.owned.key, "q" * len(secret[1]))}, secret
        if self.lie == "unfit word" and public["type"] == "choose" and grid_used:
            words = part.game._four_letter_index(state.options)[0]
            unfit = next(w for w in words if not part.game.placements_for(state, self.seat, w))
            self.lied = True
            return {"type": "choose", "word": unfit}, None
        if self.lie == "false stuck" and public["type"] == "choose" and grid_used:
            self.lied = True
            return {"type": "stuck"}, None
        if self.lie == "chooser strike" and public["type"] == "written" and state.chooser == self.seat:
            self.lied = True
            return {"type": "strike"}, None
        if self.lie == "hidden stuck" and public["type"] == "stuck":
            self.lied = True
            return {"type": "choose", "word": "able"}, None
        return public, secret

    def _show(self) -> list[str]:
        texts = super()._show()
        if self.lie != "moved placement" or not texts or decode(texts[0])["t"] != "shown":
            return texts
        message = decode(texts[0])
        first = message["part"]["moves"][0]
        first["row"] = (first["row"] + 1) % 4 if first["type"] == "place" else first["row"]
        self.lied = True  # its own device: it signs the lie, which is then its own
        message["sig"] = self.key.sign(shown_statement(self.host_head, self.seat, message["part"]))
        return [encode(message)]


@pytest.mark.parametrize(("lie", "said"), [
    ("commitment", "not the one they committed to"),
    ("unfit word", "cannot go in your grid: every word after your first must reuse"),
    ("false stuck", "they said no word fits their grid, but"),
    ("chooser strike", "You chose this word: write it in your grid"),
    ("hidden stuck", "yet they played on instead of going out"),
    ("moved placement", "what P2 showed at the end does not hold"),
])
def test_a_lying_guest_is_caught_at_the_end_and_named(lie, said):
    options = {"players": 3, "rows": 4, "cols": 4} if lie == "hidden stuck" else {"players": 2}
    guests = list(range(1, options["players"]))
    for seed in range(40):
        host, wire = owned_table(options, guests, seed=seed, guest_class=Liar, lie=lie)
        finish(host, wire)
        liars = [guest for guest in wire.guests.values() if guest.lied]
        if liars:
            break
    assert liars, "no guest had the chance to lie"
    liar = liars[0]
    broken = host.draws.broken
    assert broken is not None and broken.seat == liar.seat, broken
    name = f"P{liar.seat + 1}"
    assert f"what {name} showed at the end does not hold" in broken.reason and said in broken.reason, broken.reason
    assert all(guest.broken is not None and said in guest.broken["reason"] for guest in wire.guests.values())
    # The record with the lying grid in is refused by anyone who checks it, naming the seat.
    data = host.record.to_json()
    for guest in wire.guests.values():
        shown = data["owned"]["shown"][str(guest.seat)] = json.loads(json.dumps(guest.owned.shown()))
        if lie == "moved placement" and guest is liar:
            shown["moves"][0]["row"] = (shown["moves"][0]["row"] + 1) % 4
        data["signed"]["shown"][str(guest.seat)] = guest.key.sign(shown_statement(host.table_id, guest.seat, shown))
    verdict = verify(data, shipped)
    assert not verdict.ok and f"seat {liar.seat + 1} showed of their grid does not hold" in verdict.message, \
        verdict.message


def test_a_guest_that_never_shows_its_grid_is_waited_for_and_named():
    @dataclass
    class Silent(Guest):
        def _show(self) -> list[str]:
            return []

    host, wire = owned_table({"players": 3}, [1, 2], seed=5, guest_class=Silent)
    with pytest.raises(AssertionError, match=r"the table still waits for \[1, 2\]"):
        play_to_the_end(host, wire)  # it ends, and then waits for the grids
    assert host.game.outcome(host.state) is not None and host.waiting_for() == [1, 2]
    [table] = [decode(text) for peer, text in host.presence() if peer == "g1"]
    assert table["waiting"] == [1, 2]
    # The record goes out at the end, before any grid: a guest shows its own once it holds it.
    [sent] = [json.loads(decode(text)["text"]) for text in host.record_messages()]
    assert sent["owned"] == {"seats": [1, 2], "shown": {}}
    verdict = verify(host.record.to_json(), shipped)
    assert not verdict.ok and not verdict.checked and "Seats 2, 3 have not shown" in verdict.message
    # A part that cannot be read is refused, and changes nothing; the true one is taken.
    [(_peer, reply)] = host.receive("g1", encode({"t": "shown", "part": {"key": "x", "moves": []}}))
    assert decode(reply)["t"] == "error" and host.draws.broken is None
    guest = wire.guests["g1"]
    unsigned = host.receive("g1", encode({"t": "shown", "part": guest.owned.shown()}))
    assert [decode(text)["t"] for _peer, text in unsigned] == ["error"] and host.waiting_for() == [1, 2]
    host.receive("g1", guest._shown_message())
    assert host.waiting_for() == [2] and host.draws.broken is None
    # Reopened from its save with one grid in: it still waits for the other.
    again = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))
    assert again.waiting_for() == [2] and again.state.grids[1] is None
    again.receive("g2", wire.guests["g2"].hello()[0])
    out = again.receive("g2", wire.guests["g2"]._shown_message())
    assert again.waiting_for() == [] and any(decode(text)["t"] == "record" for _peer, text in out)
    assert all(grid is not None for grid in again.state.grids)
    reopened = Host.from_json(host.game, json.loads(json.dumps(again.to_json())))
    assert reopened.state == again.state


@dataclass
class Silent(Guest):
    """A device that will not show its grid at the end."""
    def _show(self) -> list[str]:
        return []


def silent_table_at_the_end() -> tuple[Host, Wire]:
    host, wire = owned_table({"players": 3}, [1, 2], seed=5, guest_class=Silent)
    with pytest.raises(AssertionError, match="the table still waits"):
        play_to_the_end(host, wire)
    return host, wire


def test_a_guest_at_the_table_that_will_not_show_its_grid_loses_by_forfeit_on_the_hosts_clock():
    """Issue 42: an honest device shows its grid the moment the table asks. A guest that stays at
    the table and does not, within SHOW_WITHIN_MS by the host's clock, loses by forfeit."""
    host, wire = silent_table_at_the_end()
    assert host.show_due() == [1, 2], "both played (signed moves) on the connections they are on"
    host.receive("g2", wire.guests["g2"]._shown_message())  # P3's grid comes: only P2 is due
    assert host.show_due() == [1] and host.forfeit_unshown([2]) == [] and host.draws.broken is None
    out = host.forfeit_unshown([1, 2])
    broken = host.draws.broken
    assert broken is not None and broken.seat == 1, broken
    assert "P2's device stayed at the table but did not show the grid it kept" in broken.reason
    assert "P2 loses by forfeit" in broken.reason, broken.reason
    told = {peer: decode(text) for peer, text in out}
    assert set(told) == {"g1", "g2"} and all(m["t"] == "broken" and m["seat"] == 1 for m in told.values())
    again = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))
    assert again.draws.broken == broken and again.show_due() == [], "the forfeit is kept across a reload"


def test_a_guest_away_or_an_impostor_with_its_invitation_is_never_put_on_the_show_clock():
    """A seat away is waited for (a dropped phone cannot be told from a player who left). Whoever
    holds a seat's invitation can join as it (its key and commitment are public) but cannot sign
    for it: only a connection that signed as its seat counts as the seat at the table."""
    host, wire = silent_table_at_the_end()
    host.disconnected("g1")
    assert host.show_due() == [2] and host.forfeit_unshown([1]) == [] and host.draws.broken is None
    join = wire.guests["g1"].hello()[0]
    host.receive("mallory", join)  # the invitation's join, sent by someone else
    assert 1 in host.connected_seats() and host.show_due() == [2]
    assert host.forfeit_unshown([1]) == [] and host.draws.broken is None, "an impostor made P2 lose"
    host.receive("g1", join)  # P2's own device back: it shows, or is waited for, as one away
    assert host.show_due() == [2] and host.draws.broken is None


def test_a_stop_at_the_end_stops_the_game_naming_who_stopped_it_and_shows_nothing():
    """A device may stop the game at the end: the table's record does not hold for it, which
    only it can check (its own moves, its own draws). It cannot show its grid with the stop: a
    host that forged an end would learn it (test_a_table_that_asks_to_see_a_grid_before_the_end…).
    So a stop is no forfeit: the game stops, naming whose device stopped it, as at any time."""
    host, wire = silent_table_at_the_end()
    host.receive("g1", encode({"t": "stopped", "reason": "the table's record does not hold"}))
    broken = host.draws.broken
    assert broken is not None and broken.seat is None and "P2's device says" in broken.reason, broken
    assert host.show_due() == [] and host.forfeit_unshown([1]) == []


def test_a_guests_device_refuses_a_move_its_grid_does_not_allow_and_sends_nothing():
    host, wire = owned_table({"players": 2}, [1], seed=2)
    guest = wire.guests["g1"]
    for _ in range(10):
        view = guest.screen_view()
        if view["phase"] == "write" and 1 in view["waiting_for"] and guest.owned.part:
            break
        game, bots = make(GAME, shipped)
        seat = host.game.actors(host.state)[0]
        move = bots["medium"](game, view if seat == 1 else host.game.view(host.state, seat), random.Random(1))
        if seat == 1:
            wire.from_guest("g1", guest.move(move))
        else:
            wire.from_host(host.play_local(seat, move))
        wire.run()
    view = guest.screen_view()
    assert view["phase"] == "write" and view["placements"]
    legal = {tuple(p) for p in view["placements"]}
    bad = next((r, c, d) for r in range(7) for c in range(7) for d in ("right", "down") if (r, c, d) not in legal)
    sent, before = guest.sent, json.dumps(guest.saved())
    with pytest.raises(IllegalMove):
        guest.move({"type": "place", "row": bad[0], "col": bad[1], "dir": bad[2]})
    assert guest.sent == sent and json.dumps(guest.saved()) == before
    # A guest's page reloaded mid-game comes back with its grid and its key.
    again = Guest(guest.token, lexicon_for=shipped)
    again.restore(json.loads(json.dumps(guest.saved())))
    assert again.owned == guest.owned
    damaged = guest.saved() | {"owned": {"key": "not a key", "moves": []}}
    with pytest.raises(ValueError):
        Guest(guest.token).restore(damaged)


def test_a_guests_check_refuses_a_record_that_changed_its_grid():
    host, wire = owned_table({"players": 2}, [1], seed=8)
    finish(host, wire)
    guest = wire.guests["g1"]
    assert verify_as_guest(guest, shipped).ok
    changed = json.loads(json.dumps(host.record.to_json()))
    changed["owned"]["shown"]["1"]["moves"] = changed["owned"]["shown"]["1"]["moves"][:-1]
    guest.receive(encode({"t": "record", "part": 0, "of": 1, "text": json.dumps(changed)}))
    verdict = verify_as_guest(guest, shipped)
    assert not verdict.ok and "the secret your device kept" in verdict.message
    key = Keep().key
    assert key != guest.owned.key and len(key) == 64


def test_a_table_that_asks_to_see_a_grid_before_the_end_learns_nothing():
    host, wire = owned_table({"players": 2}, [1], seed=4)
    game, bots = make(GAME, shipped)
    guest = wire.guests["g1"]
    for turn in range(8):  # a few words in
        settle_wire(wire)
        seat = host.game.actors(host.state)[0]
        move = bots["medium"](game, guest.screen_view() if seat == 1 else host.game.view(host.state, seat),
                              random.Random(turn))
        wire.from_guest("g1", guest.move(move)) if seat == 1 else wire.from_host(host.play_local(seat, move))
        wire.run()
    assert guest.owned.moves and host.game.outcome(host.state) is None
    assert guest.receive(encode({"t": "show"})) == []  # no record of a finished game: nothing shown
    # A record that is not over, or over without this device's moves in it, shows nothing either.
    unfinished = json.dumps(host.record.to_json())
    assert guest.receive(encode({"t": "record", "part": 0, "of": 1, "text": unfinished, "copy": "a"})) == []
    # A forged end: the real record, then the guest "striking" out, with a view of that end.
    forged = host.record.to_json()
    *_, state = replay_states(game, Record.from_json(forged))
    for step in range(60):
        if game.outcome(state) is not None:
            break
        seat = game.actors(state)[0]
        move = bots["medium"](game, game.view(state, 0), random.Random(step)) if seat == 0 else (
            {"type": "strike"} if state.word else {"type": "choose", "word": "able"})
        state = game.apply(state, seat, move)
        forged["moves"].append([seat, move])
    assert game.outcome(state) is not None
    ending = game.view(state, 1)
    replies = guest.receive(encode({"t": "view", "v": len(forged["moves"]), "view": ending, "actors": [],
                                    "sum": checksum(ending), "draws": json.loads(host.view_message(1))["draws"]}))
    replies += guest.receive(encode({"t": "record", "part": 0, "of": 1, "text": json.dumps(forged), "copy": "b"}))
    replies += guest.receive(encode({"t": "show"}))
    assert all(decode(text)["t"] != "shown" for text in replies) and not any("row" in text for text in replies)
    assert "does not hold the moves your device made" in guest.broken["reason"]


class Reversed(Wire):
    """A wire that delivers each batch of the host's messages last first (a move's ack after
    the views it caused), as a reconnect does."""

    def from_host(self, outgoing) -> None:
        super().from_host(list(outgoing)[::-1])


def test_a_grid_that_fits_no_word_goes_out_even_when_the_yes_comes_after_the_view():
    stuck = 0
    for seed in range(3):
        host, wire = owned_table({"players": 3, "rows": 4, "cols": 4}, [1, 2], seed=seed)
        reversed_wire = Reversed(host, wire.guests, 0.0, seed)
        finish(host, reversed_wire)
        assert host.draws.broken is None and host.game.outcome(host.state) is not None
        assert verify(host.record.to_json(), shipped).ok
        stuck += sum(move["type"] == "stuck" for _seat, move in host.record.moves)
    assert stuck


def test_a_move_sent_again_gets_the_same_no_and_the_grid_stays_as_it_was():
    """A refusal lost on the way: the move sent again must not be taken for done (the guest's
    device would write the word in its grid, and be blamed for it at the end)."""
    host, wire = next((h, w) for h, w in (owned_table({"players": 2}, [1], seed=s) for s in range(20))
                      if h.state.chooser == 0)
    guest = wire.guests["g1"]
    wire.from_host(host.play_local(0, {"type": "choose", "word": "able"}))
    wire.run()
    guest.version = 0  # it writes on the view from before the word: too late, as the table says
    [text] = guest.move({"type": "place", "row": 0, "col": 0, "dir": "right"})
    assert guest.owned.pending is not None
    first = [decode(t) for _p, t in host.receive("g1", text)]
    again = [decode(t) for _p, t in host.receive("g1", text)]  # the first answer was lost
    assert first[0]["t"] == again[0]["t"] == "refused" and first[0]["message"] == again[0]["message"]
    guest.receive(encode(again[0]))
    assert guest.owned.pending is None and guest.owned.part is None and guest.owned.moves == []


def test_a_lie_caught_at_the_end_is_in_the_record_everyone_gets():
    for seed in range(40):
        host, wire = owned_table({"players": 3}, [1, 2], seed=seed, guest_class=Liar, liars=[2], lie="commitment")
        finish(host, wire)
        liars = [guest for guest in wire.guests.values() if getattr(guest, "lied", False)]
        if liars and host.draws.broken is not None:
            break
    [liar] = liars
    honest = next(guest for guest in wire.guests.values() if guest is not liar)
    assert str(liar.seat) in host.record.owned["shown"]
    verdict = verify_as_guest(honest, shipped)
    assert not verdict.ok and f"seat {liar.seat + 1} showed of their grid does not hold" in verdict.message
    # The host's table reopens stopped, the lie still in its record.
    again = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))
    assert again.draws.broken is not None and again.waiting_for() == []


def test_an_unfinished_record_claims_nothing_of_grids_not_yet_shown():
    host, wire = owned_table({"players": 2}, [1], seed=9)
    settle_wire(wire)
    verdict = verify(host.record.to_json(), shipped)
    assert verdict.ok and not verdict.finished and "grid" not in verdict.message


def test_own_word_lists_cannot_seat_a_friend_online_where_grids_stay_on_their_devices(call):
    record = Record(GAME, {"players": 2, "lexicon": "custom:mine"}, 3).to_json()
    assert call("lexicon.add_custom", id="custom:mine", title="Mine", words=["able", "bale", "sale", "tale"])["ok"]
    reply = call("online.host", id="t-own", record=record, names=["A", "B"], remote=[1], shared=True)
    assert not reply["ok"] and "your own word lists stay in this browser" in reply["error"]["message"]


def test_a_guest_sends_nothing_of_its_grid_before_the_tables_view_has_come():
    guest = Guest("token", lexicon_for=shipped, owned=Keep(), game_id=GAME)
    with pytest.raises(IllegalMove):
        guest.move({"type": "place", "row": 0, "col": 0, "dir": "right"})
    assert guest.sent == 0 and not guest.pending


def test_a_guests_check_before_every_grid_is_shown_accuses_nobody():
    @dataclass
    class Silent(Guest):
        def _show(self) -> list[str]:
            return []

    host, wire = owned_table({"players": 3}, [1, 2], seed=5, guest_class=Silent, liars=[2])
    with pytest.raises(AssertionError, match=r"the table still waits for \[2\]"):
        play_to_the_end(host, wire)
    wire.run()
    verdict = verify_as_guest(wire.guests["g1"], shipped)  # its own grid is in; the other's is not yet
    assert not verdict.ok and not verdict.checked and "Seat 3 has not shown" in verdict.message


def test_a_guest_reloaded_keeps_its_seat_and_game_for_the_end():
    """Reloaded before showing its grid, and its welcome lost: it still shows it."""
    class NoShow(Wire):
        def from_guest(self, peer: str, texts: list[str]) -> None:
            super().from_guest(peer, [text for text in texts if decode(text)["t"] != "shown"])

    host, wire = owned_table({"players": 2}, [1], seed=12)
    wire = NoShow(host, wire.guests)
    guest = wire.guests["g1"]
    with pytest.raises(AssertionError, match=r"the table still waits for \[1\]"):
        play_to_the_end(host, wire)
    again = Guest(guest.token, lexicon_for=shipped)
    again.restore(json.loads(json.dumps(guest.saved())))
    assert (again.seat, again.game_id) == (guest.seat, guest.game_id)
    replies = [reply for _peer, text in host.receive("g1", encode({"t": "sync"})) for reply in again.receive(text)]
    for reply in replies:
        host.receive("g1", reply)
    assert again.broken is None and host.draws.broken is None and host.waiting_for() == []
    assert verify(host.record.to_json(), shipped).ok


@pytest.mark.parametrize("key", ["²", "١", "1 ", "-1", "01x"])
def test_a_record_whose_shown_seats_are_not_plain_numbers_is_refused_with_a_clear_message(key):
    from wordtable.engine.game import Record
    data = {"game": "four-letter-words", "options": {"players": 2}, "seed": 1, "moves": [],
            "owned": {"seats": [1], "shown": {key: {}}}}
    with pytest.raises(ValueError, match="secrets kept by their owners is not readable"):
        Record.from_json(data)
