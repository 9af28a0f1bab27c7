"""Issue 42: by link, a result is final only once every secret is shown and checked. A player
whose device will not show the grid it kept, or shows one that does not hold, loses by forfeit:
every screen says so, and `verify` checks the evidence the device kept."""

from __future__ import annotations

import json

import pytest

from online_fuzz import shipped
from test_link import NAMES, play_by_link, resigned
from wordtable.engine.errors import IllegalMove
from wordtable.engine.signing import shown_statement
from wordtable.games import make
from wordtable.link import codec, device as devices
from wordtable.link.codec import LinkError
from wordtable.verify import verify

GAME = "four-letter-words"
SITE = "https://example.org/"


def hiding_bob(link: str, sender) -> str:
    """Bob's device, hostile: once the game is over, its links leave his grid out."""
    payload = codec.decode(link)
    if sender.seat != 1 or "1" not in payload.get("shown", {}):
        return link
    shown = {seat: entry for seat, entry in payload["shown"].items() if seat != "1"}
    payload = {key: value for key, value in payload.items() if key != "shown"}
    return resigned(dict(payload, shown=shown) if shown else payload, sender)


def altering_bob(link: str, sender) -> str:
    """Bob's device, hostile: it shows a grid other than the one it committed to (another key,
    so no commitment matches), signed by his own key."""
    payload = codec.decode(link)
    if sender.seat != 1 or "1" not in payload.get("shown", {}):
        return link
    part = dict(payload["shown"]["1"][0], key="0" * len(payload["shown"]["1"][0]["key"]))
    shown = dict(payload["shown"], **{"1": [part, sender.key.sign(shown_statement(payload["t"], 1, part))]})
    return resigned(dict(payload, shown=shown), sender)


def held(device, game: str) -> dict:
    return json.loads(device.path.read_text())["games"][game]


def test_a_player_whose_device_sends_a_link_after_the_end_without_their_grid_loses_by_forfeit(tmp_path):
    made, game, _links = play_by_link(tmp_path, GAME, 2, tamper=hiding_bob)
    ann = made[0].table(game)
    assert ann.over() and "1" not in ann.shown and ann.forfeits["1"]["kind"] == "unshown"
    said = devices.summary(ann, SITE)
    assert said["forfeits"] == [f"{NAMES[1]} loses by forfeit: their device sent a link after the end without the "
                                "grid it kept, so nothing of their game can be checked."]
    assert said["not_final"] is None  # decided: nobody is waited for
    # Whatever Bob's claims made of the game, a player at fault does not win it.
    assert said["outcome"]["winners"] == [0] and said["view"]["outcome"] == said["outcome"]
    assert said["outcome"]["reason"] == "Bob lost by forfeit" or 1 not in said["outcome"]["winners"]
    # Ann's device shows the game to anyone who checks it: the signed link proves the forfeit.
    verdict = verify(held(made[0], game), shipped)
    assert not verdict.ok and verdict.checked and verdict.message.startswith(
        "Seat 2 loses by forfeit: a link signed by their device, made after the end, does not show the grid"), verdict
    # A forfeit claimed without that proof (Ann's device changed, or a record edited by hand) is refused.
    data = held(made[0], game)
    evidence = data["forfeits"]["1"]["evidence"]
    for forged in (dict(evidence, sig="0" * 128), dict(evidence, since=evidence["since"] - 1),
                   dict(evidence, moves=[*evidence["moves"], [0, {"type": "stuck"}]]), dict(evidence, **{"from": 0})):
        verdict = verify(dict(data, forfeits={"1": {"kind": "unshown", "evidence": forged}}), shipped)
        assert not verdict.ok and "what it keeps as the proof does not hold" in verdict.message, verdict
    # Ann's next link carried the proof to Bob's device, which checked it: it says the same.
    assert devices.summary(made[1].table(game), SITE)["forfeits"] == said["forfeits"]


def test_a_link_made_before_the_end_is_no_forfeit(tmp_path):
    # Every honest game: links made before the last move carry no grid, and nobody forfeits.
    made, game, links = play_by_link(tmp_path, GAME, 2)
    assert any("shown" not in codec.decode(link) for link in links)
    for device in made:
        table = device.table(game)
        assert table.forfeits == {} and devices.summary(table, SITE)["forfeits"] == []
        assert verify(held(device, game), shipped).ok


def test_a_player_who_shows_a_grid_that_does_not_hold_loses_by_forfeit_with_the_reason(tmp_path):
    made, game, _links = play_by_link(tmp_path, GAME, 2, tamper=altering_bob)
    ann = made[0].table(game)
    assert ann.forfeits["1"]["kind"] == "broken"
    said = devices.summary(ann, SITE)
    assert said["forfeits"][0].startswith(f"{NAMES[1]} loses by forfeit: what they showed of their grid does not hold: "
                                          "their grid after this word is not the one they committed to (move "), said
    assert said["not_final"] is None
    # The record holds what Bob showed, signed: any device's check finds the same fault.
    verdict = verify(held(made[0], game), shipped)
    assert not verdict.ok and verdict.checked and "what seat 2 showed of their grid does not hold" in verdict.message
    assert "not the one they committed to" in verdict.message


def test_forfeits_in_a_damaged_device_file_are_refused_not_trusted(tmp_path):
    made, game, _links = play_by_link(tmp_path, GAME, 2)
    data = held(made[0], game)
    game_rules, _bots = make(GAME, shipped)
    for damaged in ([], {"1": "unshown"}, {"7": {"kind": "unshown"}}, {"1": {"kind": "lost"}}):
        try:
            devices.LinkTable.from_json(game_rules, dict(data, forfeits=damaged))
        except ValueError as error:
            assert "damaged" in str(error)
        else:
            raise AssertionError(f"a device file with forfeits {damaged!r} was taken")


def test_with_three_players_a_forfeit_seen_by_one_device_reaches_every_other_with_its_proof(tmp_path):
    made, game, _links = play_by_link(tmp_path, GAME, 3, tamper=hiding_bob)
    ann, cat = made[0].table(game), made[2].table(game)
    for table in (ann, cat):
        assert table.forfeits["1"]["kind"] == "unshown" and devices.summary(table, SITE)["not_final"] is None
        assert devices.summary(table, SITE)["forfeits"][0].startswith(f"{NAMES[1]} loses by forfeit")
    assert verify(held(made[0], game), shipped).message.startswith("Seat 2 loses by forfeit")
    assert verify(held(made[2], game), shipped).message.startswith("Seat 2 loses by forfeit")


def test_a_relayed_forfeit_whose_proof_does_not_hold_is_refused(tmp_path):
    from test_link import _refused
    made, game, links = play_by_link(tmp_path, GAME, 3, tamper=hiding_bob)
    cat = made[2].table(game)
    # Cat's device, hostile, tells Ann that Bob forfeited, with a proof that is not Bob's link.
    payload = cat.payload(0)
    proof = payload["forfeits"]["1"]["evidence"]
    for forged in (dict(proof, moves=[*proof["moves"], [0, {"type": "stuck"}]]), dict(proof, sig="0" * 128)):
        changed = dict(payload, forfeits={"1": {"kind": "unshown", "evidence": forged}})
        _refused(made[0], resigned(changed, cat), "says Bob lost by forfeit, but the proof it carries does not hold")


def test_a_copy_restored_from_an_export_signs_no_move_until_brought_up_to_date_or_told(tmp_path):
    """Restoring is not cheating: an imported copy waits for a friend's link (the whole game)
    or its player's word before it signs a move, so it never starts a new branch silently."""
    from test_link import _two_devices_playing
    tables, step = _two_devices_playing(tmp_path, "spell-write")
    while not (tables[1].your_turn() and len(tables[1].record.moves) >= 2):
        assert step()
    game, _bots = make("spell-write", shipped)
    exported = json.loads(json.dumps(tables[1].to_json()))
    restored = devices.LinkTable.from_json(game, dict(exported, restored=True))
    assert not restored.your_turn()
    said = devices.summary(restored, SITE)
    assert said["restored"].startswith("This copy of the game was restored from an export") and said["send"] is None
    with pytest.raises(IllegalMove, match="restored from an export"):
        restored.play(devices.bot_move(tables[1], "medium", shipped, 0))
    # Its player says they made no move since: it plays on.
    restored.played_on_since_restored()
    assert restored.your_turn() and devices.summary(restored, SITE)["restored"] is None
    # The whole game from a friend, with nothing new in it, proves nothing (an old whole game
    # would say the same): still waiting, for the player's word.
    waiting = devices.LinkTable.from_json(game, dict(exported, restored=True))
    with pytest.raises(LinkError, match="opened this link already"):
        devices.take_link(waiting, tables[0].hand_over_whole(1), lambda: None)
    assert waiting.restored and not waiting.your_turn()
    # Bob plays on, and later restores an export from before that move: a link opened again
    # (even one with moves new to the copy) does not free it, the whole game made now does.
    tables[1].play(devices.bot_move(tables[1], "medium", shipped, 0))
    behind = len(exported["record"]["moves"])
    # (Until Ann's record holds the export's moves: a move of hers that waits for Bob's part of
    # the next roll is not in it yet, and her link would start before the export's last move.)
    while not (tables[1].your_turn() and len(tables[0].record.moves) >= behind):
        assert step()
    older = devices.LinkTable.from_json(game, dict(exported, restored=True))
    # A link of Ann's as she made it when Bob held only the export's moves and draws.
    tables[0].known[1], tables[0].events_known[1] = behind, exported["events_known"][1]
    old_link = tables[0].payload(1)
    assert old_link["since"] == behind and len(old_link["moves"]) > 0
    devices.take_link(older, old_link, lambda: None)
    assert len(older.record.moves) > behind and older.restored and not older.your_turn()
    again = devices.LinkTable.from_json(game, dict(exported, restored=True))
    assert devices.take_link(again, tables[0].hand_over_whole(1), lambda: None) is again
    assert not again.restored and len(again.record.moves) > behind
    # A damaged flag in a device file is refused, not trusted.
    with pytest.raises(ValueError, match="damaged"):
        devices.LinkTable.from_json(game, dict(exported, restored="yes"))


def ann_after_bob_signed_two_moves(tmp_path) -> dict:
    """Spell Write by link: Bob moves, then plays a copy of his device file saved before that
    move otherwise, and Ann's device meets both. Ann's game as her device then saves it."""
    from test_link import _two_devices_playing
    tables, step = _two_devices_playing(tmp_path, "spell-write")
    while not (tables[1].your_turn() and len(tables[1].record.moves) >= 4):
        assert step()
    game, _bots = make("spell-write", shipped)
    copy = json.loads(json.dumps(tables[1].to_json()))
    while tables[1].your_turn():
        tables[1].play(devices.bot_move(tables[1], "medium", shipped, 0))
    tables[0].take(codec.decode(devices.summary(tables[1], SITE)["send"]))
    for level, seed in [(level, seed) for seed in range(1, 20) for level in ("easy", "medium", "hard")]:
        restored = devices.LinkTable.from_json(game, json.loads(json.dumps(copy)))
        restored.play(devices.bot_move(restored, level, shipped, seed))
        if restored.record.moves[-1] != tables[1].record.moves[len(restored.record.moves) - 1]:
            break
    while restored.your_turn():
        restored.play(devices.bot_move(restored, "medium", shipped, 0))
    saved = json.loads(json.dumps(tables[0].to_json()))
    ann = devices.take_link(devices.LinkTable.from_json(game, saved),
                            codec.decode(devices.summary(restored, SITE)["send"]),
                            lambda: devices.LinkTable.from_json(game, json.loads(json.dumps(saved))))
    assert ann.ended_by_fault(), "Bob's second move did not meet his first"
    return ann.to_json()


def test_a_game_ended_by_two_moves_from_one_player_is_over_for_the_others(tmp_path):
    saved = ann_after_bob_signed_two_moves(tmp_path)
    game, _bots = make("spell-write", shipped)
    said = devices.summary(devices.LinkTable.from_json(game, saved), SITE)
    assert said["over"] and said["outcome"] == {"winners": [0], "reason": "Bob lost by forfeit"}
    assert said["forfeits"][0].startswith("Bob loses by forfeit: they signed two different moves for move ")


def test_a_link_padded_with_fields_no_check_reads_is_refused(tmp_path):
    # A grid-less link kept whole as the proof of a forfeit, and passed on: padded, it would
    # make every later link too long to open.
    made, game, _links = play_by_link(tmp_path, GAME, 2)
    ann, bob = made[0].table(game), made[1].table(game)
    padded = resigned(dict(bob.payload(0), pad="x" * 50_000), bob)
    with pytest.raises(LinkError, match="damaged"):
        ann.take(codec.decode(padded))


def test_a_proof_whose_shown_is_not_a_list_of_grids_gets_a_message_not_an_internal_error(tmp_path):
    made, game, _links = play_by_link(tmp_path, GAME, 2, tamper=hiding_bob)
    data = held(made[0], game)
    evidence = data["forfeits"]["1"]["evidence"]
    for shown in (5, True, 1.5, "x"):
        verdict = verify(dict(data, forfeits={"1": {"kind": "unshown", "evidence": dict(evidence, shown=shown)}}), shipped)
        assert "what it keeps as the proof does not hold (it is damaged)" in verdict.message


def test_a_proof_of_a_forfeit_decides_alike_on_every_device_even_where_the_grid_came_too(tmp_path):
    """Bob's device sends Ann alone one link after the end without his grid, and shows it to
    Cat: Cat, given Ann's proof, counts the forfeit too, so every device names the same winners."""
    tables = {}
    once = []

    def bob_hides_from_ann_once(link: str, sender) -> str:
        if sender.seat == 1 and "1" in codec.decode(link).get("shown", {}) and not once:
            once.append(1)
            payload = {key: value for key, value in sender.payload(0).items() if key != "shown"}
            others = {seat: entry for seat, entry in sender.shown.items() if seat != "1"}
            tables["ann"].take(codec.decode(resigned(dict(payload, shown=others) if others else payload, sender)))
        return link

    def first(table):
        tables["ann"] = table
        return table

    made, game, _links = play_by_link(tmp_path, GAME, 3, first=first, tamper=bob_hides_from_ann_once)
    assert once, "Bob's grid-less link was never sent"
    said = [devices.summary(device.table(game), SITE) for device in made]
    assert [sorted(device.table(game).forfeits) for device in made] == [["1"]] * 3
    assert said[0]["outcome"] == said[1]["outcome"] == said[2]["outcome"] and 1 not in said[0]["outcome"]["winners"]
