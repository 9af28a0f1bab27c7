"""Commit and reveal with hash chains (wordtable.engine.shared_random, issue 18): a value no seat
chooses or foresees, a seat that withholds or lies is named, and a ledger anyone can check."""

from __future__ import annotations

import hashlib

import pytest

from wordtable.engine.shared_random import (
    NUMBERED_RULES,
    Break,
    Ledger,
    SecretChain,
    derived,
    event_value,
    follows,
    is_link,
)


def chains(count: int, length: int = 8) -> list[SecretChain]:
    return [SecretChain(bytes([seat + 1]) * 32, length) for seat in range(count)]


def test_a_chain_reveals_backwards_from_its_secret_end():
    chain = SecretChain(b"\x07" * 32, length=5)
    links = [chain.head()] + [chain.reveal(k) for k in range(1, 6)]
    assert all(is_link(link) for link in links)
    for earlier, later in zip(links, links[1:]):
        assert hashlib.sha256(bytes.fromhex(later)).hexdigest() == earlier
        assert follows(earlier, later) and not follows(later, earlier)
    assert links[-1] == (b"\x07" * 32).hex()
    with pytest.raises(ValueError):
        chain.reveal(6)
    assert SecretChain().head() != SecretChain().head()  # fresh secrets from the system's random source


def test_an_event_value_depends_on_every_seat_its_order_and_its_label():
    a, b, c = (chain.reveal(1) for chain in chains(3))
    value = event_value("deal 1", [a, b, c])
    assert len({value, event_value("deal 1", [a, b, chains(3, 9)[2].reveal(1)]),
                event_value("deal 1", [b, a, c]), event_value("deal 2", [a, b, c])}) == 4


def test_under_numbered_rules_a_value_is_drawn_from_the_events_number_not_its_label():
    """By link with parts given ahead, a device holding every part of an event before its draw
    must not pick among values by choosing which moves (so which label) come first."""
    seats = chains(2)
    values = {}
    for rules in (3, NUMBERED_RULES):
        for label in ("draw@a", "draw@b"):
            ledger = Ledger([chain.head() for chain in seats], rules=rules)
            round_ = ledger.next_round(label)
            for seat, chain in enumerate(seats):
                assert round_.offer(seat, chain.reveal(1)) is None
            values[rules, label] = ledger.close(round_)
            checked, broken = Ledger.verify(ledger.to_json())
            assert broken is None and checked.values() == [values[rules, label]]
    assert values[3, "draw@a"] != values[3, "draw@b"]
    assert values[NUMBERED_RULES, "draw@a"] == values[NUMBERED_RULES, "draw@b"]


def test_a_part_given_ahead_gives_every_part_before_it_and_none_after():
    chain = SecretChain(b"\x05" * 32, length=10)
    assert [derived(chain.reveal(7), 7 - k) for k in range(8)] == [chain.head()] + [chain.reveal(k) for k in range(1, 8)]
    assert all(derived(chain.reveal(7), steps) != chain.reveal(8) for steps in range(10))


def test_a_game_of_events_in_a_ledger_verifies_and_gives_the_same_values():
    seats = chains(3)
    ledger, broken = Ledger.open([chain.head() for chain in seats])
    assert broken is None
    values = []
    for index, label in enumerate(["deck", "roll 1", "roll 2"], 1):
        event = ledger.next_round(label)
        for seat in (2, 0, 1):  # reveals arrive in any order
            assert event.offer(seat, seats[seat].reveal(index)) is None
        values.append(ledger.close(event))
    checked, broken = Ledger.verify(ledger.to_json())
    assert broken is None and checked.values() == values == ledger.values()


def test_a_seat_that_withholds_is_waited_for_by_name_and_no_value_exists_without_it():
    seats = chains(3)
    ledger, _ = Ledger.open([chain.head() for chain in seats])
    event = ledger.next_round("roll 1")
    event.offer(0, seats[0].reveal(1))
    event.offer(2, seats[2].reveal(1))
    assert event.waiting_for() == [1] and event.value() is None
    with pytest.raises(ValueError):
        ledger.close(event)


def test_a_different_reveal_is_a_broken_commitment_naming_the_seat():
    seats = chains(2)
    ledger, _ = Ledger.open([chain.head() for chain in seats])
    event = ledger.next_round("deal")
    assert event.offer(1, seats[1].reveal(2)) == Break(
        1, 1, "the reveal of friend 1 (counted in seat order) for event 1 does not match their commitment (a broken commitment)")
    assert event.offer(1, "ab" * 32).seat == 1 and event.offer(1, "not hex").seat == 1
    assert event.waiting_for() == [0, 1]  # nothing broken was taken
    assert event.offer(1, seats[1].reveal(1)) is None
    assert event.offer(1, seats[1].reveal(1)) is None  # the same reveal again: harmless
    assert event.offer(1, seats[0].reveal(1)).reason.startswith("friend 1 (counted in seat order) sent a second, different reveal")
    assert event.offer(5, seats[0].reveal(1)).seat is None and event.offer(True, "x").seat is None


def test_commitments_are_taken_only_at_the_start_and_must_be_commitments():
    seats = chains(2)
    late = "the commitment of friend 1 (counted in seat order) is not a commitment"
    assert Ledger.open([seats[0].head(), "late"])[1] == Break(0, 1, late)
    assert Ledger.open(["late", seats[0].head()])[1].reason == "the commitment of the host is not a commitment"
    assert Ledger.open([seats[0].head(), seats[0].head()])[1].reason == "two players sent the same commitment"
    ledger, _ = Ledger.open([chain.head() for chain in seats])
    # A seat cannot swap its chain later: its reveals must follow the head it sent first.
    other = SecretChain(b"\x09" * 32, 8)
    assert ledger.next_round("deal").offer(0, other.reveal(1)).seat == 0


def test_a_tampered_ledger_is_refused_at_its_first_break():
    seats = chains(2)
    ledger, _ = Ledger.open([chain.head() for chain in seats])
    for index in (1, 2, 3):
        event = ledger.next_round(f"event {index}")
        for seat in (0, 1):
            event.offer(seat, seats[seat].reveal(index))
        ledger.close(event)
    data = ledger.to_json()
    data["events"][1][1][0] = seats[0].reveal(3)  # seat 1 claims another link at event 2
    _, broken = Ledger.verify(data)
    assert (broken.event, broken.seat) == (2, 0)
    skipped = ledger.to_json()
    del skipped["events"][0]  # an event left out: the next reveals no longer follow the heads
    assert Ledger.verify(skipped)[1].event == 1
    for damaged in (None, [], {"heads": "x", "events": []}, {"heads": [seats[0].head(), seats[1].head()], "events": [["x"]]}):
        ledger_, broken = Ledger.verify(damaged)
        assert ledger_ is None and isinstance(broken, Break)
