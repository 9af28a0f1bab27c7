"""The bridge's game operations: the page keeps the record, Python replays it and decides."""

import json
from dataclasses import replace

from toy_games import TOY_GAMES
from wordtable import bridge

# Each test's `call` answers in a session of its own, reading the compiled dictionaries
# (conftest.py, bridge_client.py).


def test_a_game_played_through_the_bridge(call):
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=3)["result"]["record"]
    assert record["moves"] == [] and record["seed"] == 3
    view = call("game.view", record=record, seat=0)["result"]
    chooser = view["view"]["chooser"]
    assert view["actors"] == [chooser]
    played = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["result"]
    assert played["view"]["word"] == "salt" and sorted(played["actors"]) == [0, 1]
    record = played["record"]
    bot = call("game.bot", record=record, seat=0, level="hard")["result"]["move"]
    assert bot["type"] == "place"
    record = call("game.play", record=record, seat=0, move=bot)["result"]["record"]
    secret = call("game.view", record=record, seat=1)["result"]["view"]
    assert "salt" not in "".join(secret["grid"])  # seat 1 has not written it; seat 0's grid stays hidden


def test_a_number_too_long_to_read_is_a_bad_request(call):
    reply = call.text('{"op": "game.new", "args": {"game": "shrdlu", "seed": ' + "1" * 4301 + "}}")
    assert reply["error"]["kind"] == "bad-request" and "too long" in reply["error"]["message"]


def test_refusals_and_bad_requests(call):
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=3)["result"]["record"]
    chooser = call("game.view", record=record)["result"]["view"]["chooser"]
    refused = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "zzzz"})
    assert refused["error"]["kind"] == "refused" and "not in the Standard dictionary" in refused["error"]["message"]
    assert call("game.play", record=record, seat=chooser, move={"type": "fly"})["error"]["kind"] == "bad-request"
    assert call("game.play", record=record, seat=5, move={"type": "strike"})["error"]["kind"] == "bad-request"
    assert call("game.new", game="chess")["error"]["kind"] == "bad-request"
    assert call("game.new", game="no-such-game")["error"]["kind"] == "bad-request"
    assert call("game.new", game="four-letter-words", options={"players": 12})["error"]["kind"] == "refused"
    unknown = call("game.new", game="four-letter-words", options={"lexicon": "custom:gone"})["error"]
    assert unknown["kind"] == "refused" and "custom:gone" in unknown["message"]
    orphan = dict(record, options={"players": 2, "lexicon": "custom:gone"})  # an own list since deleted
    assert call("game.view", record=orphan)["error"]["kind"] == "refused"
    forged = dict(record, moves=[[chooser, {"type": "choose", "word": "qqqq"}]])
    assert "cannot be replayed" in call("game.view", record=forged, seat=0)["error"]["message"]
    assert call("game.view", record={"nonsense": 1})["error"]["kind"] == "bad-request"


def test_undo_through_the_bridge(call):
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=2)["result"]["record"]
    chooser = call("game.view", record=record)["result"]["view"]["chooser"]
    record = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["result"]["record"]
    undone = call("game.undo", record=record, seat=chooser)["result"]
    assert undone["record"]["moves"] == [] and undone["view"]["word"] is None
    refused = call("game.undo", record=undone["record"], seat=chooser)
    assert refused["error"]["kind"] == "refused"


def test_the_view_offers_exactly_the_seats_legal_placements(call):
    record = call("game.new", game="four-letter-words", options={"players": 2, "rows": 4, "cols": 4}, seed=5)["result"]["record"]
    chooser = call("game.view", record=record)["result"]["view"]["chooser"]
    other = 1 - chooser
    record = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["result"]["record"]
    view = call("game.view", record=record, seat=chooser)["result"]["view"]
    # A first word on an empty 4x4 grid: 4 rows + 4 columns, each in 2 directions.
    assert len(view["placements"]) == 16 and [0, 0, "right"] in view["placements"]
    assert view["may_skip"] is False  # the chooser writes their own word
    assert call("game.view", record=record, seat=other)["result"]["view"]["skip"] == "strike"
    record = call("game.play", record=record, seat=chooser, move={"type": "place", "row": 0, "col": 0, "dir": "right"})["result"]["record"]
    done = call("game.view", record=record, seat=chooser)["result"]["view"]
    assert "placements" not in done  # nothing more for this seat to do with the word
    assert "placements" not in call("game.view", record=record)["result"]["view"]  # a spectator


def test_the_replay_reveals_every_step_only_once_the_game_is_over(call):
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=8)["result"]["record"]
    assert "once the game is over" in call("game.replay", record=record)["error"]["message"]
    while actors := call("game.view", record=record)["result"]["actors"]:
        move = call("game.bot", record=record, seat=actors[0], level="easy")["result"]["move"]
        record = call("game.play", record=record, seat=actors[0], move=move)["result"]["record"]
    frames = call("game.replay", record=record)["result"]["frames"]
    assert len(frames) == len(record["moves"]) + 1
    assert all(set("".join(row)) == {"."} for grid in frames[0]["grids"] for row in grid)
    final = call("game.view", record=record)["result"]["view"]
    assert frames[-1]["grids"] == final["grids"] and frames[-1]["strikes"] == final["strikes"]
    first_seat, first_move = record["moves"][0]
    assert frames[1]["seat"] == first_seat and frames[1]["text"] == f"chose {first_move['word'].upper()}"


def test_moves_have_a_short_text_form(call):
    from wordtable.games.four_letter_words.rules import FourLetterWords
    game = FourLetterWords(lambda name: None)
    choosing = game.new({"players": 2}, 1)
    writing = replace(choosing, word="salt")
    text = FourLetterWords.move_text
    assert text(choosing, {"type": "choose", "word": "salt"}) == "chose SALT"
    assert text(writing, {"type": "place", "row": 2, "col": 0, "dir": "down"}) == "wrote SALT at A3 going down"
    assert text(writing, {"type": "xs", "cells": [[0, 0], [0, 1], [1, 1]]}) == "wrote three Xs at A1, B1, B2"
    assert text(writing, {"type": "strike"}) == "took a strike"


def test_warm_up_and_real_time_bot_moves_through_the_bridge(call):
    for game in ("shrdlu", "four-letter-words"):
        while not call("game.warm_up", game=game, options={})["result"]["done"]:
            pass  # a slice per call, as the page asks
    assert call("game.warm_up", game="shrdlu", options={"players": 99})["error"]["kind"] == "refused"
    record = call("game.new", game="shrdlu", options={"players": 2}, seed=4)["result"]["record"]
    move = call("game.bot", record=record, seat=1, level="hard")["result"]["move"]
    assert move["type"] in ("claim", "shrdlu") and move["after_ms"] > 0
    view = call("game.view", record=record, seat=0)["result"]
    assert view["actors"] == [0, 1] and '"deck"' not in json.dumps(view)


def test_game_info_describes_every_built_game_once(call):
    games = call("game.info")["result"]["games"]
    # The shipped games in order, then the test run's toy games.
    assert [g["id"] for g in games] == ["four-letter-words", "shrdlu", "spell-write", "wordsmith", "one-letter-better",
                                        *TOY_GAMES]
    flw = games[0]
    assert flw["players"] == {"min": 2, "max": 8} and not flw["realtime"]
    # What sort of game it is, declared: tests and the page branch on it.
    plain = {"chance": False, "hidden": "none", "owned_parts": False, "owned_name": "", "complete_moves": True,
             "realtime": False, "by_link": "yes", "parts_ahead_by_link": 0,
             "sealed_online": False}
    assert flw["kind"] == {**plain, "chance": True, "hidden": "seats", "owned_parts": True, "owned_name": "grid"}
    assert flw["owned_part"] == "grid" and games[1]["owned_part"] is None
    assert games[5]["kind"] == plain  # Ghost
    assert games[1]["kind"]["realtime"] and games[1]["kind"]["by_link"] == "no"  # Shrdlu: a race
    assert games[3]["kind"]["by_link"] == "some" and games[4]["kind"]["parts_ahead_by_link"] == 16
    assert games[4]["kind"]["sealed_online"] is True  # One Letter Better: online, hands dealt sealed
    rows = next(o for o in flw["options"] if o["name"] == "rows")
    assert rows["minimum"] == 4 and rows["maximum"] == 12 and rows["by_players"]["8"] == 10
    assert games[1]["realtime"] and games[2]["questions"] == ["candidates", "missed", "hard-bot"]
    crossed = next(o for o in games[3]["options"] if o["name"] == "crossed")
    assert crossed == {"name": "crossed", "label": crossed["label"], "kind": "per_seat", "default": [],
                       "minimum": 0, "maximum": 6}
    record = call("game.new", game="four-letter-words", options={"players": 8}, seed=1)["result"]["record"]
    assert call("game.view", record=record)["result"]["view"]["options"]["rows"] == 10  # the declared default


def test_the_clock_not_a_seat_ends_a_countdown_and_old_records_still_replay(call, bridge_session):
    record = call("game.new", game="shrdlu", options={"players": 2}, seed=4)["result"]["record"]
    called = call("game.play", record=record, seat=1, move={"type": "shrdlu"})["result"]
    assert called["view"]["phase"] == "countdown", "this seed's first spread has words"
    assert called["view"]["deadline"] == {"after_ms": 30_000, "seat": 1} and called["epoch"] == [1, False]
    for seat in (0, 1):
        refused = call("game.play", record=called["record"], seat=seat, move={"type": "time-up"})["error"]
        assert refused["kind"] == "refused" and "clock" in refused["message"]
    expired = call("game.expire", record=called["record"])["result"]
    assert expired["record"]["moves"][-1] == [1, {"type": "time-up"}]  # as saves always wrote it
    assert expired["view"]["results"][-1]["winner"] == 1 and expired["epoch"] == [2, False]
    bridge_session.forget_states()  # a save of an earlier version replays the same way
    assert call("game.view", record=expired["record"])["result"]["view"] == expired["view"]
    assert call("game.expire", record=expired["record"])["error"]["kind"] == "refused"


def test_a_real_time_move_made_in_an_earlier_round_is_too_late(call):
    """The page sends a race's moves (and its clock) with the epoch they were made in: a bot's
    call planned for a round someone has just won must not land in the next round."""
    record = call("game.new", game="shrdlu", options={"players": 2}, seed=4)["result"]["record"]
    first = call("game.view", record=record)["result"]["epoch"]
    word = call("game.bot", record=record, seat=0, level="hard")["result"]["move"]["word"]
    won = call("game.play", record=record, seat=0, move={"type": "claim", "word": word}, epoch=first)["result"]
    assert won["epoch"] != first
    late = call("game.play", record=won["record"], seat=1, move={"type": "shrdlu"}, epoch=first)["error"]
    assert late == {"kind": "refused", "message": "Too late: the table moved on."}
    called = call("game.play", record=won["record"], seat=1, move={"type": "shrdlu"}, epoch=won["epoch"])["result"]
    assert called["view"]["deadline"], "round 2 of this seed has words: the call starts the clock"
    assert call("game.expire", record=called["record"], epoch=first)["error"]["kind"] == "refused"
    assert call("game.expire", record=called["record"], epoch=won["epoch"])["ok"]


def test_online_play_through_the_bridge(call):
    """The page's side of online play: a host table and a guest, messages carried by the test."""
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=6)["result"]["record"]
    opened = call("online.host", id="t1", record=record, names=["Ann", "Bo"])["result"]
    assert opened["saved"]["record"] == record
    token = call("online.invite", id="t1", seat=1)["result"]["token"]
    hello = call("online.guest", id="g1", token=token)["result"]["outgoing"]

    def to_host(texts):
        replies = []
        for text in texts:
            replies += call("online.receive", id="t1", peer="p1", text=text)["result"]["outgoing"]
        return replies

    def to_guest(replies):
        last = None
        for _peer, text in replies:
            last = call("online.guest_receive", id="g1", text=text)["result"]
        return last

    state = to_guest(to_host(hello))
    assert state["seat"] == 1 and state["view"]["seat"] == 1 and "grids" not in state["view"]
    chooser = state["view"]["chooser"]
    if chooser == 0:
        local = call("online.local", id="t1", seat=0, move={"type": "choose", "word": "salt"})["result"]
        state = to_guest(local["outgoing"])
    else:
        moved = call("online.guest_move", id="g1", move={"type": "choose", "word": "salt"})["result"]
        state = to_guest(to_host(moved["outgoing"]))
    assert state["view"]["word"] == "salt" and state["version"] == 1
    refused = call("online.local", id="t1", seat=0, move={"type": "choose", "word": "zzzz"})
    assert refused["error"]["kind"] == "refused"
    # The host's page reloads: the table comes back from its save, the guest reconnects.
    saved = call("online.receive", id="t1", peer="p1", text='{"t":"sync"}')["result"]["saved"]
    call("online.host", id="t2", record=saved["record"], names=["Ann", "Bo"], saved=saved)
    again = call("online.guest_hello", id="g1")["result"]["outgoing"]
    replies = []
    for text in again:
        replies += call("online.receive", id="t2", peer="p9", text=text)["result"]["outgoing"]
    assert to_guest(replies)["version"] == 1
    # The periodic check: silence while the guest's view is the table's, its view when not.
    check = call("online.guest_check", id="g1")["result"]["outgoing"]
    assert [json.loads(text)["t"] for text in check] == ["check"]
    assert call("online.receive", id="t2", peer="p9", text=check[0])["result"]["outgoing"] == []
    off = json.dumps({**json.loads(check[0]), "sum": "0" * 16})
    [[peer, view]] = call("online.receive", id="t2", peer="p9", text=off)["result"]["outgoing"]
    assert peer == "p9" and json.loads(view)["t"] == "view"
    # A guest learns how its moves and questions were answered, and who is away.
    asked = call("online.guest_ask", id="g1", question="candidates", args={})["result"]
    assert asked["q"] == 1 and json.loads(asked["outgoing"][0])["question"] == "candidates"
    answered = call("online.guest_receive", id="g1", text=json.dumps({"t": "answer", "q": 1, "error": "No."}))["result"]
    assert answered["answers"] == [{"q": 1, "error": "No."}]
    assert to_guest([["p9", json.dumps({"t": "table", "away": [0]})]])["away"] == [0]
    assert call("online.receive", id="nope", peer="p", text="{}")["error"]["kind"] == "refused"


def test_a_move_with_its_epoch_before_a_shared_table_has_started_is_refused(call):
    """The table's first draw waits for its guests: there is no epoch yet to compare with."""
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=6)["result"]["record"]
    assert call("online.host", id="t", record=record, names=["Ann", "Bo"], remote=[1], shared=True)["ok"]
    for op, args in (("online.local", {"seat": 0, "move": {"type": "choose", "word": "salt"}}), ("online.expire", {})):
        for epoch in (None, [0, None]):
            refused = call(op, id="t", epoch=epoch, **args)["error"]
            assert refused == {"kind": "refused", "message": "The game starts once every player has joined."}


def test_a_guest_reloading_its_page_resends_its_unanswered_moves(call):
    pending = {"1": {"t": "move", "n": 1, "base": 0, "move": {"type": "choose", "word": "salt"}}}
    hello = call("online.guest", id="g9", token="tok", saved={"sent": 1, "pending": pending})["result"]["outgoing"]
    assert [json.loads(text)["t"] for text in hello] == ["join", "move"]
    nxt = call("online.guest_move", id="g9", move={"type": "strike"})["result"]
    assert json.loads(nxt["outgoing"][0])["n"] == 2 and set(nxt["saved"]["pending"]) == {"1", "2"}


def test_a_module_the_cut_standard_library_lacks_is_named(call, monkeypatch):
    """Issue 17: the browser's standard library holds only what our code imports (build.py cuts
    it); an import it missed is reported with the module's name, not as a bare internal error."""
    def needs_a_missing_module(_session, _args):
        raise ModuleNotFoundError("No module named 'xml'", name="xml")
    monkeypatch.setitem(bridge.OPERATIONS, "hello", bridge.Operation(needs_a_missing_module))
    reply = call("hello")
    assert reply["ok"] is False and reply["error"]["kind"] == "internal"
    assert "left the Python module 'xml' out of its standard library" in reply["error"]["message"]


def test_the_page_offers_suggestions_only_where_the_rules_allow_a_look_up(call):
    # One Letter Better, "players decide": seed 003 says players may NOT look up words before
    # playing them, and a bot's suggestion would be one.
    for judge, suggests in (("app", True), ("players", False)):
        record = call("game.new", game="one-letter-better", options={"players": 2, "judge": judge}, seed=4)["result"]["record"]
        assert call("game.view", record=record, seat=0)["result"]["suggests"] is suggests
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=3)["result"]["record"]
    assert call("game.view", record=record, seat=0)["result"]["suggests"] is True


def test_a_new_games_record_holds_every_option(call):
    """So that a default changed later (One Letter Better's target, issue 31) cannot change it."""
    from wordtable.games import game_class
    for game_id, options in (("one-letter-better", {"players": 4}), ("four-letter-words", {"players": 2})):
        record = call("game.new", game=game_id, options=options, seed=1)["result"]["record"]
        assert set(record["options"]) == {spec.name for spec in game_class(game_id).Options.specs()}
    assert call("game.new", game="one-letter-better", options={"players": 4}, seed=1)["result"]["record"]["options"]["target"] == 175


def test_a_wordsmith_save_from_when_word_by_word_was_yes_or_no_plays_the_game_it_was(call, bridge_session):
    """Word by Word was a yes/no option, yes being three dice a word: a record saved then (its
    options as written then) loads, replays and plays on as that game."""
    record = call("game.new", game="wordsmith", options={"players": 2, "word_by_word": "dice"}, seed=3)["result"]["record"]
    move = call("game.bot", record=record, seat=0, level="hard")["result"]["move"]
    move.pop("after_ms", None)
    record = call("game.play", record=record, seat=0, move=move)["result"]["record"]
    bridge_session.forget_states()  # read afresh, as a page loading the save does
    old = dict(record, options=dict(record["options"], word_by_word=True))
    view = call("game.view", record=old, seat=1)["result"]["view"]
    assert view == call("game.view", record=record, seat=1)["result"]["view"]
    assert view["options"]["word_by_word"] == "dice" and len(view["last_roll"]) == 3
    passed = call("game.play", record=old, seat=1, move={"type": "pass"})["result"]  # passing is for the dice
    assert passed["record"]["moves"][-1] == [1, {"type": "pass"}]
    plain = dict(record, options=dict(record["options"], word_by_word=False), moves=[])  # no was the race
    assert call("game.view", record=plain)["result"]["view"]["options"]["word_by_word"] == "off"
    info = next(g for g in call("game.info")["result"]["games"] if g["id"] == "wordsmith")
    assert next(o for o in info["options"] if o["name"] == "word_by_word")["choices"] == ["off", "plain", "dice"]


def test_the_numbers_the_pages_state_come_with_the_view(call):
    """The page states the rules' numbers from the view and game.info, never from copies."""
    views = {game_id: call("game.view", record=call("game.new", game=game_id, options={"players": 2}, seed=3)["result"]["record"],
                           seat=0)["result"]["view"] for game_id in ("shrdlu", "wordsmith", "one-letter-better")}
    assert views["shrdlu"]["rounds"] == 11  # the seed: eleven rounds
    assert (views["wordsmith"]["rows"], views["wordsmith"]["boxes"], views["wordsmith"]["free_boxes"]) == (6, 12, 6)
    olb = views["one-letter-better"]
    assert (olb["turn_hand"], olb["max_discard"], olb["max_steals"]) == (8, 4, 3) and olb["bonus"] == [5, 5]
    games = {info["id"]: info for info in call("game.info")["result"]["games"]}
    bonus = next(o for o in games["one-letter-better"]["options"] if o["name"] == "bonus")
    assert bonus["each"] == 5 and bonus["default"] == []
    crossed = next(o for o in games["wordsmith"]["options"] if o["name"] == "crossed")
    assert crossed["maximum"] == views["wordsmith"]["free_boxes"]  # the form's limit is the white boxes
