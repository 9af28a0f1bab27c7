"""Play by link (issue 35): whole games between command-line devices that only ever exchange
links, for every turn-based game, with bots choosing the moves; every abuse of a link refused
with a clear message and nothing changed; the command line's JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from online_fuzz import shipped
from wordtable.__main__ import main
from wordtable.engine.errors import IllegalMove
from wordtable.engine.signing import DeviceKey, move_statement
from wordtable.link import codec, device as devices
from wordtable.link.codec import LinkError
from wordtable.verify import verify

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def play_by_link(tmp_path: Path, game_id: str, players: int, options: dict | None = None,
                 seed: int = 0, before_open=None, first=None, tamper=None) -> tuple[list[devices.Device], str, list[str]]:
    """A whole game between `players` devices, medium bots moving, each link opened by the
    player it is for; the devices (saved), the game's id and every link sent. Each device's
    game stays in memory between links (the command line reads and writes its file each time,
    which test_the_command_line... checks). first(table): the new game as its device holds it.
    tamper(link, table): the link a hostile sender sends instead of the one its device made."""
    made = [devices.Device(tmp_path / f"{game_id}-{players}-{i}.json", shipped) for i in range(players)]
    tables = {0: devices.new(made[0], game_id, players, options or {}, NAMES[0])}
    if first is not None:
        tables[0] = first(tables[0])
    links: list[str] = []
    for _ in range(5000):
        moved = False
        for table in list(tables.values()):
            if table.your_turn():
                table.play(devices.bot_move(table, "medium", shipped, seed))
                moved = True
            link = devices.summary(table, "https://example.org/wordtable/")["send"]
            if link is None:
                continue
            if tamper is not None:
                link = tamper(link, table)
            to, moved = codec.decode(link)["to"], True
            links.append(link)
            if before_open is not None:
                made[to].put(tables[to]) if to in tables else None
                before_open(made[to], link, table)
            if to in tables:
                tables[to].take(codec.decode(link))
            else:
                tables[to] = devices.open_link(made[to], link, NAMES[to])
        if not moved:
            for seat, table in tables.items():
                made[seat].put(table)
                made[seat].save()
            return made, tables[0].table, links
    raise AssertionError("the game by link never ended")


def by_link_games() -> list[tuple[str, int, dict]]:
    """Every registered game that plays by link (the toy games too), with two players and the
    first of its variants (golden.variants: the defaults, then each option moved alone) that
    is not a race; three players too where a game's exchanges differ with them (Wordsmith's
    bots are slow: not it)."""
    from golden import variants
    from wordtable.games import REGISTRY, game_class
    found = []
    for game_id in sorted(REGISTRY):
        game = game_class(game_id)(shipped)
        if game.kind.by_link == "no":
            continue
        options = next(variant for variant in variants(game_id) if "players" not in variant
                       and not game.live_only(game.Options.parse({**variant, "players": 2})))
        low, high = game.Options.player_range()
        counts = [2] + ([3] if 3 <= high and game_id in THREE_PLAYERS_TOO else [])
        found += [(game_id, players, options) for players in counts if low <= players]
    return found


THREE_PLAYERS_TOO = {"four-letter-words", "one-letter-better", "spell-write"}
# Readings whose exchanges of links differ from the first one's: Wordsmith's Word by Word with
# dice, where every word draws for everyone.
OTHER_READINGS = [("wordsmith", 2, {"word_by_word": "dice"})]
TURN_BASED = by_link_games() + OTHER_READINGS


@pytest.mark.parametrize(("game_id", "players", "options"), TURN_BASED,
                         ids=[f"{game_id}-{players}{''.join(f'-{k}={v}' for k, v in options.items())}"
                              for game_id, players, options in TURN_BASED])
def test_a_whole_game_by_link_between_devices_that_never_connect(tmp_path, game_id, players, options):
    made, game, links = play_by_link(tmp_path, game_id, players, options)
    tables = [device.table(game) for device in made]
    assert all(table.over() for table in tables)
    records = {json.dumps(table.record.to_json(), sort_keys=True) for table in tables}
    assert len(records) == 1, "every device ends with the same record"
    verdict = verify(tables[0].record.to_json(), shipped)
    assert verdict.ok and verdict.finished and "signature" in verdict.message, verdict.message
    assert all(main(["verify", str(device.path)]) == 0 for device in made)  # a device file is checkable
    sizes = sorted(len(link) for link in links)
    assert sizes[len(sizes) // 2] < 1500, f"median link {sizes[len(sizes) // 2]} characters"
    # A link is all that leaves a device: its secrets never do (a grid: only once shown at the end).
    for table in tables:
        for payload in map(codec.decode, links):
            text = json.dumps(payload)
            assert table.chain_end not in text and table.key_secret not in text
            if table.keep is not None and payload["from"] == table.seat and "shown" not in payload:
                assert table.keep.key not in text and table.keep.part not in text
        for other in made:
            if other is not made[table.seat]:
                assert table.chain_end not in other.path.read_text() and table.key_secret not in other.path.read_text()


def turns_of(table) -> int:
    """How many turns a game took: runs of moves by one seat."""
    moves = table.record.moves
    return 1 + sum(a[0] != b[0] for a, b in zip(moves, moves[1:]))


@pytest.mark.parametrize("players", [2, 3])
def test_in_one_letter_better_no_draw_costs_an_extra_exchange_of_links(tmp_path, players):
    """Each link carries its sender's parts of the next draws, so a card drawn in the middle of
    a turn waits for no link: one link a turn, besides the invitations, the deal's and the end's.
    (No part goes before every seat has joined, so the deal waits for the parts of every seat but
    the last to join: with three players, one link more than a link a turn.)"""
    made, game, links = play_by_link(tmp_path, "one-letter-better", players)
    table = made[0].table(game)
    assert len(table.ledger.events) > turns_of(table) // 2, "the game draws, mostly in the middle of a turn"
    payloads = [codec.decode(link) for link in links]
    first_move = next(i for i, payload in enumerate(payloads) if payload["moves"])
    waiting = [i for i, payload in enumerate(payloads) if "event" in payload]
    assert all(i < first_move for i in waiting), "a link went only for a part of a draw after the deal"
    assert len(waiting) == players - 1, ("the deal's links", [payloads[i]["from"] for i in waiting])
    assert len(links) <= turns_of(table) + 2 * players, (len(links), turns_of(table))
    assert all(codec.decode(link)["w"] == 2 for link in links)
    assert "work out the coming cards" in table.game.by_link_note(), "the price is said before the game"
    assert "join again and again" not in table.game.by_link_note()  # issue 42: no longer so (below)


@pytest.mark.parametrize("players", [2, 3])
def test_nobody_chooses_the_deal_no_part_of_a_draw_leaves_a_device_before_every_seat_commits(tmp_path, players):
    """Issue 42: the invitation carried the inviter's parts of the first draws, so the last to
    join could join again and again with fresh chains, see each deal and join with the one he
    liked. Now no device gives a part before every seat's commitment is in: a joiner's device
    cannot draw the deal, however often he joins."""
    ann = devices.Device(tmp_path / "ann.json", shipped)
    tables = {0: devices.new(ann, "one-letter-better", players, {}, "Ann")}
    link = devices.summary(tables[0], "https://example.org/")["send"]
    for seat in range(1, players):  # each invitation comes from the seat that joined last
        invite = codec.decode(link)
        assert invite["to"] == seat and "ahead" not in invite, "an invitation gave a part of a draw"
        for attempt in range(3):  # the same invitation joined again and again: nothing to choose from
            device = devices.Device(tmp_path / f"seat{seat}-{attempt}.json", shipped)
            joined = devices.open_link(device, link, NAMES[seat])
            assert joined.state is None and not (joined.ledger and joined.ledger.events), "a joiner drew the deal"
            assert set(joined.aheads) <= {str(seat)}, "a joiner holds another seat's part of a draw"
        tables[seat] = joined
        link = devices.summary(joined, "https://example.org/")["send"]
    said = devices.summary(joined, "https://example.org/", again=True)
    assert said["view"] is None and said["waiting_for"] == NAMES[:players - 1], said["waiting_for"]
    payload = codec.decode(link)  # the last to join gives the first parts: every seat has committed
    assert set(payload.get("ahead", {})) == {str(players - 1)}
    # The deal is drawn where its last part arrives: with two players on Ann's device; with three,
    # Bob's part (he joined before Cat committed) needs one link more.
    links = 0
    while links <= players:
        links += 1
        drawn = tables[payload["to"]]
        drawn.take(payload)
        if drawn.state is not None:
            break
        payload = codec.decode(devices.summary(drawn, "https://example.org/")["send"])
    assert drawn.state is not None and links == players - 1, links
    assert drawn.state is not None and drawn.ledger.events, "the deal is drawn once the last commitment is in"


def test_strict_draws_give_no_part_ahead_and_say_so(tmp_path, capsys):
    """Players who want draws nobody can know beforehand choose strict draws (--strict-draws on
    the command line): a table of the first version, whose draws wait for a link."""
    device = str(tmp_path / "ann.json")
    assert main(["link", "new", "one-letter-better", "--device", device, "--name", "Ann", "--strict-draws"]) == 0
    strict = json.loads(capsys.readouterr().out)
    assert main(["link", "new", "one-letter-better", "--device", device, "--name", "Ann"]) == 0
    ahead = json.loads(capsys.readouterr().out)
    assert codec.decode(strict["send"])["w"] == 1 and "ahead" not in codec.decode(strict["send"])
    assert codec.decode(ahead["send"])["w"] == 2 and "ahead" not in codec.decode(ahead["send"])  # not before all join
    assert "Draws stay unknown" in strict["note"] and "work out the coming cards" in ahead["note"]
    # Once started, the note says what this game chose: no setting it can no longer change.
    assert "started without strict draws" in ahead["note"] and "Strict draws prevent it" not in ahead["note"]


def test_only_a_game_that_gives_parts_ahead_says_a_draw_could_be_worked_out():
    from wordtable.games import REGISTRY, make
    for game_id in REGISTRY:
        game, _bots = make(game_id, shipped)
        note = game.by_link_note() or ""
        assert ("work out the coming cards" in note) == bool(game.kind.parts_ahead_by_link), game_id
        assert "work out" not in (game.by_link_note(parts_ahead=False) or ""), game_id
        if game.kind.parts_ahead_by_link:
            assert game.kind.hidden != "none" and not game.kind.owned_parts, "only where devices hold every secret"


def test_a_one_letter_better_game_begun_before_parts_went_ahead_plays_on_as_it_was(tmp_path):
    """A game by link saved by the version before (no parts ahead) goes on under its own links:
    each draw in a player's turn waits for the other's part, as it did then, and verifies."""
    def as_saved_before(table):
        data = table.to_json()
        for key in ("ahead", "aheads", "chains"):
            del data[key]
        return devices.LinkTable.from_json(table.game, data)

    made, game, links = play_by_link(tmp_path, "one-letter-better", 2, first=as_saved_before)
    tables = [device.table(game) for device in made]
    assert all(table.over() for table in tables) and all(table.ahead == 0 for table in tables)
    assert all(codec.decode(link)["w"] == 1 for link in links)
    assert [link for link in links if "event" in codec.decode(link)], "its draws wait for a link, as they did"
    assert tables[0].record.shared.get("rules") == 3
    assert verify(tables[0].record.to_json(), shipped).ok


def test_a_record_of_parts_given_ahead_holds_only_what_the_devices_signed(tmp_path):
    """With parts ahead a record holds each seat's commitment signed once (every part follows from
    it): a commitment signed by another seat, a changed part, a record not by link are caught."""
    made, game, _links = play_by_link(tmp_path, "one-letter-better", 2)
    record = made[0].table(game).record.to_json()
    assert record["shared"]["rules"] == 4 and set(record["signed"]["heads"]) == {"0", "1"}
    assert "reveals" not in record["signed"]
    assert verify(record, shipped).ok

    def changed(change) -> dict:
        copy = json.loads(json.dumps(record))
        change(copy)
        return copy

    other_seat = changed(lambda r: r["signed"]["heads"].update({"1": r["signed"]["heads"]["0"]}))
    said = verify(other_seat, shipped).message
    assert "commitment to the draws is not the one their device signed" in said and "host" not in said, said
    part = changed(lambda r: r["shared"]["events"][3][1].__setitem__(1, "0" * 64))
    said = verify(part, shipped).message
    assert "the reveal of player 2 for event 4 does not match" in said and "host" not in said, said
    assert "follows from the commitment that device signed" in verify(record, shipped).message
    hosted = changed(lambda r: r["signed"].pop("table"))
    assert not verify(hosted, shipped).ok
    from test_signing import NEUTRAL
    weak = changed(lambda r: r["signed"]["keys"].update({"1": NEUTRAL}))
    said = verify(weak, shipped).message
    assert "player 2's signing key is one that anyone could sign for" in said, said


def _table_and_invite(tmp_path: Path, game_id: str = "one-letter-better"):
    ann = devices.Device(tmp_path / "ann.json", shipped)
    bob = devices.Device(tmp_path / "bob.json", shipped)
    table = devices.new(ann, game_id, 2, {}, "Ann")
    invite = devices.summary(table, "https://example.org/")["send"]
    ann.save()
    return ann, bob, table, invite


def resigned(payload: dict, sender) -> str:
    """A link changed and signed again by its sender's own device (a hostile player, who holds
    their own key): what a receiving device must still refuse on the merits."""
    from wordtable.engine.signing import link_statement
    payload = {key: value for key, value in payload.items() if key != "sig"}
    return "#link=" + codec.encode(dict(payload, sig=sender.key.sign(link_statement(payload["t"], payload))))


def _refused(device: devices.Device, link: str, said: str) -> None:
    device.save()
    before = device.path.read_text()
    with pytest.raises(LinkError, match=said):
        devices.open_link(device, link, "Mallory")
    assert devices.Device(device.path, shipped).games == json.loads(before)["games"], "a refused link changed the device"


def test_every_abuse_of_a_link_is_refused_and_changes_nothing(tmp_path):
    ann, bob, table, invite = _table_and_invite(tmp_path)
    bob_table = devices.open_link(bob, invite, "Bob")
    while bob_table.your_turn():  # the deal waits for Ann's parts: Bob's link gives his
        bob_table.play(devices.bot_move(bob_table, "medium", shipped, 0))
    bob.put(bob_table)
    bob.save()
    reply = devices.summary(bob_table, "https://example.org/")["send"]
    bob.save()
    # Damaged on the way: a character changed, the link cut short, not a link at all.
    code = codec.code_of(reply)
    damaged = reply[:-len(code)] + code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    _refused(ann, damaged, "damaged|not signed|does not follow|not a Wordtable link|cut short|players")
    _refused(ann, reply[:len(reply) // 2], "cut short|damaged")
    _refused(ann, "https://example.org/#link=", "not a Wordtable link")
    # Another version's link.
    payload = codec.decode(reply)
    _refused(ann, "#link=" + codec.encode(dict(payload, w=99)), "another version")
    _refused(ann, resigned(dict(payload, w=1), bob_table), "another version")
    # Bob's device, hostile, gives parts of the draws to come that are not its chain's, or a
    # commitment signed by another key: refused though the link is signed by his device.
    j, part = payload["ahead"]["1"]
    _refused(ann, resigned(dict(payload, ahead={"1": [j, "0" * 64]}), bob_table), "do not match their commitment")
    _refused(ann, resigned(dict(payload, ahead={"1": [j + 1, part]}), bob_table), "do not match their commitment")
    _refused(ann, resigned(dict(payload, ahead={"1": ["1", part]}), bob_table), "damaged")
    from wordtable.engine.signing import DeviceKey, chain_statement
    forged = DeviceKey.new().sign(chain_statement(payload["t"], payload["heads"][1]))
    _refused(ann, resigned(dict(payload, chains=[payload["chains"][0], forged]), bob_table), "not signed by its device")
    # Someone else's link, opened on a device not in that game: not an invitation, its seats are taken.
    cat = devices.Device(tmp_path / "cat.json", shipped)
    _refused(cat, reply, "not an invitation")
    # Changed on the way by someone who saw it (a name, a count): not as its sender's device made it.
    _refused(ann, "#link=" + codec.encode(dict(payload, names=["Ann", "Mallory"])), "changed on the way")
    _refused(ann, "#link=" + codec.encode(dict(payload, known=[10**6, 0])), "changed on the way")
    # Bob's own device, hostile: a link of another branch (its earlier moves not Ann's), or made
    # for a game with other options: neither follows the game on Ann's device.
    _refused(ann, resigned(dict(payload, since=0, prefix="0" * 32), bob_table),
             "does not follow the game on this device: the moves before its own are not the ones held here, .* Nothing "
             "changed here. Ask whoever sent it to send the whole game again \\(their screen's “Send Ann the whole game”\\)")
    other_options = bob.table(table.table)  # as if Bob had joined an invitation changed on the way
    other_options.record.options = dict(other_options.record.options, rounds=1)
    _refused(ann, "#link=" + codec.encode(other_options.payload(0)), "does not follow the game")
    # The reply taken, then opened again: recognised, nothing new.
    devices.open_link(ann, reply, "")
    ann.save()
    _refused(ann, reply, "opened this link already")
    # Ann's own invitation opened on her own device.
    _refused(ann, invite, "^This link was made on this device, for Bob: send it to them. Opening it here changes nothing.$")


def test_a_device_that_joins_with_a_key_anyone_could_sign_for_is_refused(tmp_path):
    # Issue 42: Bob's device answers the invitation with the neutral point as its key. One fixed
    # signature then checks for every statement of his: his link, his commitment, any move.
    from test_signing import ANY_MESSAGE, NEUTRAL
    ann, bob, table, invite = _table_and_invite(tmp_path)
    bob_table = devices.open_link(bob, invite, "Bob")
    while bob_table.your_turn():
        bob_table.play(devices.bot_move(bob_table, "medium", shipped, 0))
    payload = codec.decode(devices.summary(bob_table, "https://example.org/")["send"])
    keys = [payload["keys"][0], NEUTRAL]
    weak = dict(payload, keys=keys, chains=[payload["chains"][0], ANY_MESSAGE], sig=ANY_MESSAGE)
    _refused(ann, "#link=" + codec.encode(weak), "Seat 2's device offers a signing key that anyone could sign for")


def test_a_check_before_every_grid_is_shown_names_only_the_seats_that_have_not_shown(tmp_path):
    made, game, _links = play_by_link(tmp_path, "four-letter-words", 2)
    table = json.loads(made[0].path.read_text())["games"][game]
    assert verify(table, shipped).ok
    # As Ann's device held the game before Bob's grid came: her own shown, the record not yet.
    del table["shown"]["1"]
    table["record"]["owned"]["shown"], table["record"]["signed"]["shown"] = {}, {}
    verdict = verify(table, shipped)
    assert not verdict.ok and "Seat 2 has not shown the grid" in verdict.message, verdict.message
    assert "Seat 1" not in verdict.message
    # What Ann's device says of the game meanwhile (the command line, the page, the home list).
    game_rules, _bots = __import__("wordtable.games", fromlist=["make"]).make("four-letter-words", shipped)
    said = devices.summary(devices.LinkTable.from_json(game_rules, table), "https://example.org/")
    assert said["over"] and said["not_final"].startswith("Over, waiting for Bob to show the grid kept on their device")
    assert devices.summary(made[0].table(game), "https://example.org/")["not_final"] is None


def test_a_second_ann_cannot_join_and_a_link_naming_two_alike_is_refused(tmp_path):
    ann, bob, table, invite = _table_and_invite(tmp_path)
    for disguised in ("\u0410nn", "Ann\u2060", "\uff21nn", "ann"):
        bob.save()
        before = bob.path.read_text()
        with pytest.raises(LinkError, match="“Ann” already plays in this game: choose another name"):
            devices.open_link(bob, invite, disguised)
        assert bob.path.read_text() == before
    # Bob's device, hostile, skips that check and signs its link as "ANN" (or as "Аnn", a name
    # this app never leaves uncleaned): Ann's device refuses it.
    bob_table = devices.open_link(bob, invite, "Bob")
    while bob_table.your_turn():
        bob_table.play(devices.bot_move(bob_table, "medium", shipped, 0))
    payload = codec.decode(devices.summary(bob_table, "https://example.org/")["send"])
    _refused(ann, resigned(dict(payload, names=["Ann", "ANN"]), bob_table), "names two players alike")
    _refused(ann, resigned(dict(payload, names=["Ann", "\u0410nn"]), bob_table), "list of players is damaged")


def test_an_invitation_opened_by_two_friends_keeps_the_seat_for_the_first_and_tells_both_why(tmp_path):
    """A group chat: Bob and then Cat open Ann's invitation. Ann's device took Bob's reply first:
    Cat's reply says the seat is Bob's (not "changed on the way"), and Cat's device, opening the
    next link the table sends that seat, says her seat was taken before she joined."""
    for game_id in ("one-letter-better", "four-letter-words"):
        (tmp_path / game_id).mkdir()
        ann, bob, table, invite = _table_and_invite(tmp_path / game_id, game_id)
        cat = devices.Device(tmp_path / game_id / "cat.json", shipped)
        replies = []
        for device, name in ((bob, "Bob"), (cat, "Cat")):
            joined = devices.open_link(device, invite, name)
            while joined.your_turn():
                joined.play(devices.bot_move(joined, "medium", shipped, 0))
            device.put(joined)
            device.save()
            replies.append(devices.summary(joined, "https://example.org/")["send"])
        devices.open_link(ann, replies[0], "")
        ann.save()
        _refused(ann, replies[1], "^Bob has seat 2 already: this link comes from another device, where “Cat” opened "
                                  "the same invitation later. The seat stays Bob's and this link changes nothing here. "
                                  "Tell Cat the invitation was used; for a game of their own, start a new one.$")
        ann_table = ann.table(table.table)
        while ann_table.your_turn():
            ann_table.play(devices.bot_move(ann_table, "medium", shipped, 0))
        ann.put(ann_table)
        to_bob = devices.summary(ann_table, "https://example.org/")["send"]
        assert codec.decode(to_bob)["to"] == 1
        _refused(cat, to_bob, r"^Your seat in this game \(seat 2\) was taken by Bob's device before yours joined: the "
                              "invitation you opened had been used. This game goes on without this device; ask Ann for "
                              "a game of your own.$")
        devices.open_link(bob, to_bob, "")  # Bob plays on


def test_a_late_friend_takes_a_seat_still_free_by_its_invitation_and_the_table_goes_on(tmp_path):
    """Three seats, Ann's invitation for seat 2 opened by Bob and then Cat (a group chat). Each
    joiner's link invites the next seat, so Bob's invites seat 3: sent to Cat, the page sees it
    is for another seat than the one her device holds (link.peek's seat) and offers it; joined
    so (a fresh join in place of her copy), her link closes the ring at Ann's device and the
    game starts with Bob at 2 and Cat at 3. A link from the table later shows Cat's old copy,
    were it kept, that its seat was taken (SeatTaken: the page offers to remove it)."""
    from wordtable.bridge.errors import Refused
    from wordtable.bridge.link import _refusing
    from wordtable.link.codec import SeatTaken
    ann, bob = devices.Device(tmp_path / "ann.json", shipped), devices.Device(tmp_path / "bob.json", shipped)
    cat = devices.Device(tmp_path / "cat.json", shipped)
    table = devices.new(ann, "one-letter-better", 3, {}, "Ann")
    invite = devices.summary(table, "https://example.org/")["send"]
    ann.save()
    for device, name in ((bob, "Bob"), (cat, "Cat")):
        devices.open_link(device, invite, name)
        device.save()
    old_copy = json.loads(json.dumps(cat.games))
    bob_invites = devices.summary(bob.table(table.table), "https://example.org/")["send"]
    assert codec.decode(bob_invites)["to"] == 2 and cat.table(table.table).seat == 1
    del cat.games[table.table]  # the page's "Join at seat 3 instead": a fresh join in place of the copy
    seated = devices.open_link(cat, bob_invites, "Cat")
    cat.save()
    assert seated.seat == 2 and seated.names == ["Ann", "Bob", "Cat"]
    started = devices.open_link(ann, devices.summary(seated, "https://example.org/")["send"], "")
    assert started.names == ["Ann", "Bob", "Cat"] and all(started.heads)
    ann.put(started)
    while started.your_turn():
        started.play(devices.bot_move(started, "medium", shipped, 0))
    ann.put(started)
    to_bob = devices.summary(started, "https://example.org/")["send"]
    cat.games = old_copy  # the copy at seat 2, had Cat kept it, opening a link of the table
    cat.save()
    _refused(cat, to_bob, r"^Your seat in this game \(seat 2\) was taken by Bob's device before yours joined: .* If a "
                          "seat of this game is still free, whoever holds its invitation can send it to you: opened "
                          "here, it offers you that seat.$")
    with pytest.raises(Refused) as refused:  # the bridge's reply names it, so the page offers removal
        _refusing(lambda: devices.open_link(cat, to_bob, ""))
    assert refused.value.kind == "seat-taken"
    with pytest.raises(SeatTaken):
        devices.open_link(cat, to_bob, "")


def test_nobody_can_move_in_a_players_name_or_skip_a_link(tmp_path):
    tried = []

    def abuse(device: devices.Device, link: str, sender) -> None:
        payload = codec.decode(link)
        if tried or not payload["moves"]:
            return
        tried.append(link)
        copy = devices.Device(tmp_path / "copy.json", shipped)
        copy.games = json.loads(json.dumps(device.games))
        seat, move, n, base, signature = payload["moves"][-1]
        # Someone who saw the link (a group chat) changes a player's move: the link's signature fails.
        forged = dict(payload, moves=payload["moves"][:-1] + [[seat, dict(move, forged=1), n, base, signature]])
        _refused(copy, "#link=" + codec.encode(forged), "changed on the way")
        # The sender's own device, hostile, passes on a move changed: the move's signature fails.
        _refused(copy, resigned(forged, sender), "not signed by its player's device")
        # Or a move signed by a key of its own: not the key that player joined with.
        from wordtable.engine.signing import DeviceKey, move_statement
        other = DeviceKey.new().sign(move_statement(payload["t"], seat, n, base, move))
        _refused(copy, resigned(dict(payload, moves=payload["moves"][:-1] + [[seat, move, n, base, other]]), sender),
                 "not signed by its player's device")
        # A link that starts after moves this device has not seen: out of order.
        _refused(copy, resigned(dict(payload, since=payload["since"] + 5), sender), "comes after one you have not opened")
        # A move for the receiving device's own seat that it never made.
        own = [copy.table(payload["t"]).seat, move, n, base, signature]
        _refused(copy, resigned(dict(payload, moves=payload["moves"][:-1] + [own]), sender), "not signed|never made")

    play_by_link(tmp_path, "four-letter-words", 2, before_open=abuse)
    assert tried


def test_a_race_says_it_needs_live_play(tmp_path):
    device = devices.Device(tmp_path / "d.json", shipped)
    with pytest.raises(LinkError, match="needs live play.*a move at a time.$"):
        devices.new(device, "shrdlu", 2, {}, "Ann")
    # A game some of whose options go by link names the one to choose.
    with pytest.raises(LinkError, match="needs live play.* Choose “Word by Word” \\(under how words are claimed\\) to "
                                        "play it by link.$"):
        devices.new(device, "wordsmith", 2, {}, "Ann")
    assert devices.new(device, "wordsmith", 2, {"word_by_word": "plain"}, "Ann").table


def test_the_command_line_prints_one_json_object_and_refuses_with_a_message(tmp_path, capsys):
    ann, bob = str(tmp_path / "ann.json"), str(tmp_path / "bob.json")
    assert main(["link", "new", "four-letter-words", "--device", ann, "--players", "2", "--name", "Ann"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert {"game", "seat", "your_turn", "over", "outcome", "send"} <= set(made) and made["seat"] == 0
    assert made["send"].startswith("http://127.0.0.1:8000/#link=") and not made["your_turn"]
    assert main(["link", "show", "--device", ann, "--game", made["game"]]) == 0  # the link again (lost in a chat)
    again = json.loads(capsys.readouterr().out)
    assert again["send"] and codec.decode(again["send"])["to"] == 1
    assert main(["link", "open", made["send"], "--device", bob, "--name", "Bob"]) == 0
    joined = json.loads(capsys.readouterr().out)
    assert joined["seat"] == 1 and joined["players"] == ["Ann", "Bob"] and joined["send"]
    assert main(["link", "open", joined["send"], "--device", ann]) == 0
    back = json.loads(capsys.readouterr().out)
    mover = (ann, back)
    if not back["your_turn"]:  # Bob chooses first: he learns it from Ann's part of the first draw
        assert back["send"] and main(["link", "open", back["send"], "--device", bob]) == 0
        assert json.loads(capsys.readouterr().out)["your_turn"]
        mover = (bob, back)
    while True:  # the mover plays until the turn passes (choosing, then writing its word)
        assert main(["link", "move", "--device", mover[0], "--game", made["game"], "--bot", "medium"]) == 0
        moved = json.loads(capsys.readouterr().out)
        assert moved["game"] == made["game"]
        if not moved["your_turn"]:
            break
    assert main(["link", "show", "--device", mover[0], "--game", made["game"], "--full"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["send"] and codec.decode(full["send"])["since"] == 0  # the whole game, for a restored copy
    assert main(["link", "show", "--device", mover[0], "--game", made["game"], "--full", "--to", "7"]) == 1
    assert "only to another player who has joined" in capsys.readouterr().err
    assert main(["link", "move", "--device", bob if mover[0] == ann else ann, "--game", made["game"],
                 "--move", '{"type": "choose", "word": "salt"}']) == 1
    assert "not your move" in capsys.readouterr().err
    assert main(["link", "move", "--device", ann, "--game", "nope", "--bot", "medium"]) == 1
    assert "no game 'nope'" in capsys.readouterr().err
    Path(bob).write_text("{not json")
    assert main(["link", "open", made["send"], "--device", bob]) == 1
    assert "not a device file" in capsys.readouterr().err and Path(bob).read_text() == "{not json"


@pytest.mark.parametrize("game_id", ["four-letter-words", "one-letter-better"])
def test_hostile_links_get_a_message_never_an_internal_error_and_change_nothing(tmp_path, game_id):
    """Every link of a real game, mutated (a field retyped, emptied, removed, renamed), opened on
    the device it was for, as it was just before: refused with a LinkError and the device file
    left as it was, or taken as a link that holds."""
    import random

    from online_fuzz import mutate_value
    rng = random.Random(game_id)
    counts = {"refused": 0, "taken": 0}

    def hostile(device: devices.Device, link: str, sender) -> None:
        payload = codec.decode(link)
        for _ in range(6):
            copy = devices.Device(tmp_path / "copy.json", shipped)
            copy.games = json.loads(json.dumps(device.games))
            copy.save()
            before = copy.path.read_text()
            try:
                mutated = mutate_value(payload, rng)  # by its sender's own device, now and then, or on the way
                signed = isinstance(mutated, dict) and rng.random() < 0.5 and "t" in mutated
                devices.open_link(copy, resigned(mutated, sender) if signed else "#link=" + codec.encode(mutated), "Mallory")
                counts["taken"] += 1
            except LinkError:
                counts["refused"] += 1
                assert copy.path.read_text() == before
            except Exception as error:  # noqa: BLE001 - any other is the bug this test looks for
                raise AssertionError(f"an internal error on a hostile link: {error!r}") from error

    play_by_link(tmp_path, game_id, 2, before_open=hostile)
    assert counts["refused"] > 50, counts


def _two_devices_playing(tmp_path: Path, game_id: str):
    """Ann's and Bob's devices with a game by link under way: (tables by seat, a step that makes
    the next link and opens it, moving first where it is someone's turn)."""
    ann, bob, table, invite = _table_and_invite(tmp_path, game_id)
    tables = {0: table, 1: devices.open_link(bob, invite, "Bob")}

    def step(seed: int = 0) -> bool:
        """One move, or one link made and opened; False once nothing is left to do."""
        for mover in tables.values():
            if mover.your_turn():
                mover.play(devices.bot_move(mover, "medium", shipped, seed))
                return True
            link = devices.summary(mover, "https://example.org/")["send"]
            if link is not None:
                tables[codec.decode(link)["to"]].take(codec.decode(link))
                return True
        return False

    return tables, step


def test_two_signed_moves_for_one_place_name_the_player_who_signed_them(tmp_path):
    """Bob keeps a copy of his device file, moves, then restores the copy and moves otherwise:
    Ann's device holds the first move and is given the second, both signed by Bob's device."""
    tables, step = _two_devices_playing(tmp_path, "spell-write")
    while not (tables[1].your_turn() and len(tables[1].record.moves) >= 4):
        assert step()
    game, _bots = __import__("wordtable.games", fromlist=["make"]).make("spell-write", shipped)
    copy = json.loads(json.dumps(tables[1].to_json()))
    tables[1].play(devices.bot_move(tables[1], "medium", shipped, 0))
    while tables[1].your_turn():
        tables[1].play(devices.bot_move(tables[1], "medium", shipped, 0))
    first = devices.summary(tables[1], "https://example.org/")["send"]
    tables[0].take(codec.decode(first))
    for level, seed in [(level, seed) for seed in range(1, 20) for level in ("easy", "medium", "hard")]:
        restored = devices.LinkTable.from_json(game, json.loads(json.dumps(copy)))
        restored.play(devices.bot_move(restored, level, shipped, seed))
        if restored.record.moves[-1] != tables[1].record.moves[len(restored.record.moves) - 1]:
            break
    else:
        raise AssertionError("no other move found")
    while restored.your_turn():
        restored.play(devices.bot_move(restored, "medium", shipped, 0))
    second = devices.summary(restored, "https://example.org/")["send"]
    saved = json.loads(json.dumps(tables[0].to_json()))
    with pytest.raises(LinkError, match=r"Bob signed two different moves for move \d+: this link's and the one"):
        tables[0].take(codec.decode(second))
    # Opened on Ann's device, that link ends the game with Bob at fault, the two moves kept as proof.
    ann = devices.take_link(devices.LinkTable.from_json(game, saved), codec.decode(second),
                            lambda: devices.LinkTable.from_json(game, json.loads(json.dumps(saved))))
    said = devices.summary(ann, "https://example.org/")
    place = ann.forfeits["1"]["evidence"]["index"] + 1
    assert said["outcome"] == {"winners": [0], "reason": "Bob lost by forfeit"}
    assert said["over"] and not said["your_turn"] and said["waiting_for"] == [] and said["forfeits"] == [
        f"Bob loses by forfeit: they signed two different moves for move {place} (an old copy of the game played again, "
        "or two moves sent to two players), so the game ends here."]
    verdict = verify(ann.to_json(), shipped)
    assert not verdict.ok and verdict.message.startswith(f"Seat 2 loses by forfeit: their device signed two different "
                                                         f"moves for move {place}"), verdict
    proof = ann.forfeits["1"]["evidence"]
    other = [*proof["moves"][1][:4], proof["moves"][0][4]]  # the second move under the first one's signature
    for forged in (dict(proof, moves=[proof["moves"][0], other]), dict(proof, index=proof["index"] + 1),
                   dict(proof, moves=[proof["moves"][0], proof["moves"][0]])):
        data = dict(ann.to_json(), forfeits={"1": {"kind": "two moves", "evidence": forged}})
        assert "what it keeps as the proof does not hold" in verify(data, shipped).message
    # Ann's next link tells Bob's devices, each of which checks the proof: the game is over there too.
    reply = said["send"]
    assert reply is not None and codec.decode(reply)["forfeits"]["1"]["kind"] == "two moves"
    tables[1].take(codec.decode(reply))
    assert tables[1].over() and devices.summary(tables[1], "https://example.org/")["forfeits"] == said["forfeits"]
    with pytest.raises(IllegalMove):
        tables[1].play({"type": "pass"})
    # Someone else's change of a move is no such evidence: not signed by Bob, nobody is named.
    payload, stranger = codec.decode(second), DeviceKey.new()
    forged = dict(payload, moves=[[seat, move, n, base, stranger.sign(move_statement(payload["t"], seat, n, base, move))]
                                  for seat, move, n, base, _signature in payload["moves"]])
    with pytest.raises(LinkError) as refused:
        tables[0].take(forged)
    assert "Bob signed" not in str(refused.value)


def test_a_link_that_withholds_its_parts_ahead_names_whose_part_is_missing(tmp_path):
    """Bob's device, hostile, gives no part ahead when he joins, then sends his first moves
    after the deal without his parts of it: Ann's device cannot replay them, says whose part is
    missing, and changes nothing. (Later links matter less: the parts given before run ahead.)"""
    ann, bob, table, invite = _table_and_invite(tmp_path)
    bob_table = devices.open_link(bob, invite, "Bob")
    join = codec.decode(devices.summary(bob_table, "https://example.org/")["send"])
    assert "ahead" in join
    table.take(codec.decode(resigned(dict(join, ahead={}), bob_table)))
    assert table.state is None and table.owing() == [1], "Ann's device waits for Bob's part of the deal"
    bob_table.take(codec.decode(devices.summary(table, "https://example.org/")["send"]))
    assert bob_table.your_turn(), "Bob's device drew the deal with Ann's parts: he plays first"
    while bob_table.your_turn():
        bob_table.play(devices.bot_move(bob_table, "medium", shipped, 0))
    payload = codec.decode(devices.summary(bob_table, "https://example.org/")["send"])
    assert any(seat == 1 for seat, *_ in payload["moves"])
    ann.put(table)
    _refused(ann, resigned(dict(payload, ahead={}), bob_table), "does not give Bob's part")


def test_a_player_who_restores_an_older_copy_catches_up_with_the_whole_game(tmp_path):
    """Bob's browser lost the game; he imports an export made some moves ago. Ann sends him the
    whole game: his copy takes every move since, his own included (signed by his key), and
    the game goes on to the end with both records alike."""
    tables, step = _two_devices_playing(tmp_path, "one-letter-better")
    while len([seat for seat, _ in tables[1].record.moves if seat == 1]) < 2:
        assert step()
    exported = json.loads(json.dumps(tables[1].to_json()))
    # Counted on Ann's device: when Bob plays first, his first turn's moves are all made before
    # any link of his reaches her (one game in some 40 did; she could send him nothing).
    while len([seat for seat, _ in tables[0].record.moves if seat == 1]) < 5:
        assert step()
    game, _bots = __import__("wordtable.games", fromlist=["make"]).make("one-letter-better", shipped)
    restored = devices.LinkTable.from_json(game, exported)
    assert len(restored.record.moves) < len(tables[1].record.moves)
    whole = tables[0].hand_over_whole(1)
    assert whole["since"] == 0 and whole["to"] == 1
    assert restored.take(json.loads(json.dumps(whole)))
    assert restored.record.moves == tables[0].record.moves
    assert restored.sent == sum(seat == 1 for seat, _ in tables[0].record.moves), "the moves it made since are its own"
    tables[1] = restored
    for _ in range(3000):
        if not step():
            break
    assert tables[0].over() and tables[1].over()
    assert tables[0].record.to_json() == tables[1].record.to_json()
    assert verify(tables[0].record.to_json(), shipped).ok


def test_an_older_copy_with_a_secret_part_is_told_where_to_play(tmp_path):
    """Four Letter Words' grid never leaves the device that wrote it: a restored copy that
    missed its own moves cannot rebuild it, and says so, changing nothing."""
    tables, step = _two_devices_playing(tmp_path, "four-letter-words")
    while not [seat for seat, _ in tables[1].record.moves if seat == 1]:
        assert step()
    exported = json.dumps(tables[1].to_json())
    while len([seat for seat, _ in tables[1].record.moves if seat == 1]) < 4:
        assert step()
    game, _bots = __import__("wordtable.games", fromlist=["make"]).make("four-letter-words", shipped)
    restored = devices.LinkTable.from_json(game, json.loads(exported))
    with pytest.raises(LinkError, match="stays on the device that played it"):
        restored.take(tables[0].hand_over_whole(1))
    assert json.dumps(restored.to_json()) == exported


def test_the_whole_game_goes_only_to_a_player_who_joined(tmp_path):
    ann, bob, table, invite = _table_and_invite(tmp_path)
    for seat in (0, 1, 2, -1, "1"):
        with pytest.raises(LinkError, match="only to another player who has joined"):
            table.hand_over_whole(seat)


def test_a_move_waiting_for_a_draw_is_shown_made_not_still_to_choose(tmp_path):
    """Spell Write by link: the last to write in a round waits for the next roll, which needs the
    friend's part. Her screen says her move is made and whom it waits for, and does not list her
    as still choosing."""
    ann, bob = (devices.Device(tmp_path / f"{name}.json", shipped) for name in ("ann", "bob"))
    tables = {0: devices.new(ann, "spell-write", 2, {}, "Ann")}
    tables[1] = devices.open_link(bob, devices.summary(tables[0], "https://example.org/")["send"], "Bob")
    for _ in range(20):
        for table in tables.values():
            if table.your_turn():
                table.play(devices.bot_move(table, "medium", shipped, 0))
            said = devices.summary(table, "https://example.org/")
            if said["pending"]:
                text = table.game.move_text(table.state, table.pending["move"])
                assert said["pending"] == (f"Your move is made: {text}. What is drawn next needs Bob's part: send "
                                           "the link; Bob's reply brings it.")
                assert said["waiting_for"] == ["Bob"] and not said["your_turn"]
                assert table.seat not in said["view"]["waiting_for"]
                # The letter shows on her grid at once, where she wrote it (the game says what shows).
                move = table.pending["move"]
                shown = {"at": move["at"], "letter": text.split()[1].lower()} if move["type"] == "write" else None
                assert said["view"]["made_move"] == shown, (move, said["view"]["made_move"])
                return
            if said["send"]:
                payload = codec.decode(said["send"])
                tables[payload["to"]].take(payload)
    raise AssertionError("no move waited for a draw")
